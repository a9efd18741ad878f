// Integer-array indexing, take/put, the along-axis pair, choose and ufunc.at through the C API on
// the GPU, against host references; and every error status of garray/indexing.h and
// garray/ufunc_at.h. Python's tests/python/test_indexing.py compares with NumPy on random data.
#include "destination_support.hpp"
#include "user_kernel_support.hpp"

#include <garray/garray.h>

#include <complex>
#include <cstdint>
#include <string>
#include <vector>

namespace {

std::vector<float> iota(size_t count) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i) values[i] = static_cast<float>(i);
  return values;
}

ga_advanced_index_t array_item(ga_array_t array) {
  ga_advanced_index_t item{};
  item.array = array;
  return item;
}

ga_advanced_index_t slice_item(int64_t start = 0, int64_t stop = 0, int64_t step = 1, bool has_start = false,
                               bool has_stop = false) {
  ga_advanced_index_t item{};
  item.basic = ga_index_t{GA_INDEX_SLICE, start, stop, step, has_start, has_stop};
  return item;
}

ga_advanced_index_t integer_item(int64_t value) {
  ga_advanced_index_t item{};
  item.basic = ga_index_t{GA_INDEX_INTEGER, value, 0, 1, 0, 0};
  return item;
}

using IndexingTest = GpuTest;

}  // namespace

TEST_F(IndexingTest, TakeWrapsClipsOrRaises) {
  Handles owned;
  ga_array_t source = make(owned, iota(10));
  ga_array_t indices = make(owned, std::vector<int64_t>{0, 9, -1, 10, -11, 23});
  ga_array_t wrapped = nullptr;
  GA_ASSERT_OK(ga_array_take(source, indices, GA_AXIS_NONE, GA_INDEX_MODE_WRAP, nullptr, nullptr, &wrapped));
  owned(wrapped);
  EXPECT_EQ(fetch<float>(wrapped), (std::vector<float>{0, 9, 9, 0, 9, 3}));
  ga_array_t clipped = nullptr;
  GA_ASSERT_OK(ga_array_take(source, indices, 0, GA_INDEX_MODE_CLIP, nullptr, nullptr, &clipped));
  owned(clipped);
  EXPECT_EQ(fetch<float>(clipped), (std::vector<float>{0, 9, 0, 9, 0, 9}));
  ga_array_t raised = nullptr;
  EXPECT_EQ(ga_array_take(source, indices, 0, GA_INDEX_MODE_RAISE, nullptr, nullptr, &raised), GA_ERROR_INDEX);
  EXPECT_EQ(raised, nullptr);
  EXPECT_NE(std::string(ga_last_error()).find("out of bounds for axis 0 with size 10"), std::string::npos)
      << ga_last_error();
  ga_array_t valid = make(owned, std::vector<int64_t>{-10, 9, 3});
  ga_array_t checked = nullptr;
  GA_ASSERT_OK(ga_array_take(source, valid, 0, GA_INDEX_MODE_RAISE, nullptr, nullptr, &checked));
  owned(checked);
  EXPECT_EQ(fetch<float>(checked), (std::vector<float>{0, 9, 3}));
}

TEST_F(IndexingTest, TakeAlongAnAxisPlacesTheIndexShape) {
  Handles owned;
  ga_array_t source = make(owned, iota(24), {2, 3, 4});
  ga_array_t indices = make(owned, std::vector<int32_t>{3, 0, 1, 1}, {2, 2});
  ga_array_t taken = nullptr;
  GA_ASSERT_OK(ga_array_take(source, indices, -1, GA_INDEX_MODE_WRAP, nullptr, nullptr, &taken));
  owned(taken);
  EXPECT_EQ(shape_of(taken), (std::vector<int64_t>{2, 3, 2, 2}));
  const std::vector<float> got = fetch<float>(taken);
  const int picks[] = {3, 0, 1, 1};
  for (int i = 0; i < 6; ++i) {
    for (int k = 0; k < 4; ++k) EXPECT_EQ(got[i * 4 + k], static_cast<float>(i * 4 + picks[k]));
  }
}

TEST_F(IndexingTest, TakeIntoAnOutArrayOfAnotherDtype) {
  Handles owned;
  ga_array_t source = make(owned, iota(8));
  ga_array_t indices = make(owned, std::vector<int64_t>{7, 1});
  ga_array_t out = make(owned, std::vector<double>{-1, -1});
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_take(source, indices, 0, GA_INDEX_MODE_WRAP, out, nullptr, &result));
  owned(result);  // `out` itself, with one more reference
  EXPECT_EQ(result, out);
  EXPECT_EQ(fetch<double>(out), (std::vector<double>{7, 1}));
  EXPECT_EQ(fetch<double>(result), (std::vector<double>{7, 1}));
  ga_array_t wrong = make(owned, std::vector<double>{0, 0, 0});
  ga_array_t refused = nullptr;
  EXPECT_EQ(ga_array_take(source, indices, 0, GA_INDEX_MODE_WRAP, wrong, nullptr, &refused), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(refused, nullptr);
}

// take and choose by the convention's destination rules: a destination of the wrong shape or a
// read-only one is refused, names `out`, is not written and leaves the result pointer alone;
// garbage in the result pointer is never read; a given destination comes back as itself with one
// more reference. Both cast into `out` unsafely (NumPy's assignment), so no dtype is refused.
TEST_F(IndexingTest, DestinationsFollowTheConvention) {
  Handles owned;
  ga_array_t source = make(owned, iota(12), {3, 4});
  ga_array_t indices = make(owned, std::vector<int64_t>{2, 0, -1});
  ga_array_t selector = make(owned, std::vector<int64_t>{0, 1, 1, 0});
  ga_array_t first = make(owned, std::vector<float>{1, 2, 3, 4});
  ga_array_t second = make(owned, std::vector<float>{10, 20, 30, 40});
  const auto take = [source, indices](int axis, ga_index_mode_t mode) -> DestinationCall {
    return [source, indices, axis, mode](ga_array_t out, ga_array_t* result) {
      return ga_array_take(source, indices, axis, mode, out, nullptr, result);
    };
  };
  const DestinationCase cases[] = {
      {"take along an axis", take(1, GA_INDEX_MODE_WRAP), {3, 3}, GA_FLOAT32},
      {"take of the flattened array", take(GA_AXIS_NONE, GA_INDEX_MODE_CLIP), {3}, GA_FLOAT32},
      {"take in raise mode", take(0, GA_INDEX_MODE_RAISE), {3, 4}, GA_FLOAT32},
      {"choose",
       [selector, first, second](ga_array_t out, ga_array_t* result) {
         const ga_array_t choices[] = {first, second};
         return ga_array_choose(selector, choices, 2, GA_INDEX_MODE_RAISE, out, nullptr, result);
       },
       {4}, GA_FLOAT32},
  };
  for (const DestinationCase& c : cases) expect_destination_rules(c);
}

TEST_F(IndexingTest, PutRepeatsShortValuesAndRaiseWritesNothing) {
  Handles owned;
  ga_array_t target = make(owned, std::vector<float>(6, 0.0f), {2, 3});
  ga_array_t indices = make(owned, std::vector<int64_t>{0, 2, 4, -1});
  ga_array_t values = make(owned, std::vector<double>{1.5, 2.5});
  GA_ASSERT_OK(ga_array_put(target, indices, values, GA_INDEX_MODE_WRAP, nullptr));
  EXPECT_EQ(fetch<float>(target), (std::vector<float>{1.5f, 0, 2.5f, 0, 1.5f, 2.5f}));
  ga_array_t bad = make(owned, std::vector<int64_t>{1, 6});
  EXPECT_EQ(ga_array_put(target, bad, values, GA_INDEX_MODE_RAISE, nullptr), GA_ERROR_INDEX);
  EXPECT_EQ(fetch<float>(target), (std::vector<float>{1.5f, 0, 2.5f, 0, 1.5f, 2.5f}));
  // A transposed (non-contiguous) target is written at its C-order positions.
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(target, nullptr, 0, &transposed));
  owned(transposed);
  ga_array_t one = make(owned, std::vector<int64_t>{1});
  ga_array_t nine = make(owned, std::vector<double>{9});
  GA_ASSERT_OK(ga_array_put(transposed, one, nine, GA_INDEX_MODE_WRAP, nullptr));  // transposed[0, 1] is target[1, 0]
  EXPECT_EQ(fetch<float>(target), (std::vector<float>{1.5f, 0, 2.5f, 9, 1.5f, 2.5f}));
}

TEST_F(IndexingTest, AdvancedIndexShapesFollowNumPy) {
  Handles owned;
  ga_array_t source = make(owned, iota(4 * 5 * 6), {4, 5, 6});
  ga_array_t first = make(owned, std::vector<int64_t>{3, 0, 1}, {3, 1});
  ga_array_t second = make(owned, std::vector<int64_t>{5, -1}, {1, 2});
  // Separated by a slice: the broadcast index shape (3, 2) comes first.
  const ga_advanced_index_t separated[] = {array_item(first), slice_item(1, 4, 2, true, true), array_item(second)};
  ga_array_t got = nullptr;
  GA_ASSERT_OK(ga_array_advanced_index(source, separated, 3, GA_INDEX_MODE_WRAP, nullptr, &got));
  owned(got);
  EXPECT_EQ(shape_of(got), (std::vector<int64_t>{3, 2, 2}));
  std::vector<float> values = fetch<float>(got);
  const int64_t rows[] = {3, 0, 1};
  const int64_t columns[] = {5, 5};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 2; ++j) {
      for (int s = 0; s < 2; ++s) {
        EXPECT_EQ(values[(i * 2 + j) * 2 + s], static_cast<float>(rows[i] * 30 + (1 + 2 * s) * 6 + columns[j]));
      }
    }
  }
  // Adjacent (an integer counts as advanced): the index shape replaces the two axes in place.
  const ga_advanced_index_t adjacent[] = {slice_item(), integer_item(2), array_item(second)};
  GA_ASSERT_OK(ga_array_advanced_index(source, adjacent, 3, GA_INDEX_MODE_WRAP, nullptr, &got));
  owned(got);
  EXPECT_EQ(shape_of(got), (std::vector<int64_t>{4, 1, 2}));
  values = fetch<float>(got);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 2; ++j) EXPECT_EQ(values[i * 2 + j], static_cast<float>(i * 30 + 2 * 6 + 5));
  }
  // An integer separated from the array by a slice moves the index shape first.
  const ga_advanced_index_t apart[] = {integer_item(1), slice_item(), array_item(second)};
  GA_ASSERT_OK(ga_array_advanced_index(source, apart, 3, GA_INDEX_MODE_WRAP, nullptr, &got));
  owned(got);
  EXPECT_EQ(shape_of(got), (std::vector<int64_t>{1, 2, 5}));
}

TEST_F(IndexingTest, AssignThroughBasicAndAdvancedIndices) {
  Handles owned;
  ga_array_t image = make(owned, std::vector<float>(64, 0.0f), {8, 8});
  ga_array_t one = make(owned, std::vector<double>{1.0}, {});
  // image[::4, ::4] = 1.0
  const ga_advanced_index_t strided[] = {slice_item(0, 0, 4), slice_item(0, 0, 4)};
  GA_ASSERT_OK(ga_array_advanced_assign(image, strided, 2, one, GA_INDEX_MODE_WRAP, nullptr));
  std::vector<float> got = fetch<float>(image);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], (i / 8) % 4 == 0 && (i % 8) % 4 == 0 ? 1.0f : 0.0f) << i;
  // image[[1, -1], 2:4] = [[5, 6]] (values broadcast over the rows)
  ga_array_t rows = make(owned, std::vector<int64_t>{1, -1});
  ga_array_t values = make(owned, std::vector<int32_t>{5, 6}, {1, 2});
  const ga_advanced_index_t fancy[] = {array_item(rows), slice_item(2, 4, 1, true, true)};
  GA_ASSERT_OK(ga_array_advanced_assign(image, fancy, 2, values, GA_INDEX_MODE_WRAP, nullptr));
  got = fetch<float>(image);
  EXPECT_EQ(got[1 * 8 + 2], 5.0f);
  EXPECT_EQ(got[1 * 8 + 3], 6.0f);
  EXPECT_EQ(got[7 * 8 + 2], 5.0f);
  EXPECT_EQ(got[7 * 8 + 3], 6.0f);
  // Values that overlap the target: image[[0, 1]] = image[[1, 0]] swaps two rows.
  ga_array_t order = make(owned, std::vector<int64_t>{1, 0});
  ga_array_t swapped_source = nullptr;
  const ga_advanced_index_t pick[] = {array_item(order)};
  GA_ASSERT_OK(ga_array_advanced_index(image, pick, 1, GA_INDEX_MODE_WRAP, nullptr, &swapped_source));
  owned(swapped_source);
  const std::vector<float> before = fetch<float>(image);
  ga_array_t identity = make(owned, std::vector<int64_t>{0, 1});
  const ga_advanced_index_t place[] = {array_item(identity)};
  GA_ASSERT_OK(ga_array_advanced_assign(image, place, 1, swapped_source, GA_INDEX_MODE_WRAP, nullptr));
  got = fetch<float>(image);
  for (int j = 0; j < 8; ++j) {
    EXPECT_EQ(got[j], before[8 + j]);
    EXPECT_EQ(got[8 + j], before[j]);
  }
}

TEST_F(IndexingTest, AlongAxisPairAndChoose) {
  Handles owned;
  ga_array_t source = make(owned, std::vector<float>{10, 30, 20, 60, 40, 50}, {2, 3});
  ga_array_t order = make(owned, std::vector<int64_t>{0, 2, 1, 1, 2, 0}, {2, 3});
  ga_array_t sorted = nullptr;
  GA_ASSERT_OK(ga_array_take_along_axis(source, order, 1, GA_INDEX_MODE_RAISE, nullptr, &sorted));
  owned(sorted);
  EXPECT_EQ(fetch<float>(sorted), (std::vector<float>{10, 20, 30, 40, 50, 60}));
  ga_array_t first = make(owned, std::vector<int64_t>{0, 2}, {2, 1});
  ga_array_t zero = make(owned, std::vector<float>{0}, {1, 1});
  GA_ASSERT_OK(ga_array_put_along_axis(source, first, zero, 1, GA_INDEX_MODE_WRAP, nullptr));
  EXPECT_EQ(fetch<float>(source), (std::vector<float>{0, 30, 20, 60, 40, 0}));

  ga_array_t selector = make(owned, std::vector<int64_t>{0, 1, 2, 5}, {4});
  ga_array_t choice_a = make(owned, std::vector<int32_t>{1, 2, 3, 4});
  ga_array_t choice_b = make(owned, std::vector<float>{10}, {1});
  ga_array_t choice_c = make(owned, std::vector<double>{100, 200, 300, 400});
  const ga_array_t choices[] = {choice_a, choice_b, choice_c};
  ga_array_t chosen = nullptr;
  GA_ASSERT_OK(ga_array_choose(selector, choices, 3, GA_INDEX_MODE_CLIP, nullptr, nullptr, &chosen));
  owned(chosen);
  EXPECT_EQ(fetch<double>(chosen), (std::vector<double>{1, 10, 300, 400}));
  EXPECT_EQ(ga_array_choose(selector, choices, 3, GA_INDEX_MODE_RAISE, nullptr, nullptr, &chosen), GA_ERROR_INDEX);
}

TEST_F(IndexingTest, UfuncAtAccumulatesRepeatedIndices) {
  Handles owned;
  ga_array_t indices = make(owned, std::vector<int64_t>{0, 1, 1, 3, 3, 3, -1});
  {
    ga_array_t sums = make(owned, std::vector<float>(5, 0.0f));
    ga_array_t ones = make(owned, std::vector<float>{1}, {});
    const ga_advanced_index_t items[] = {array_item(indices)};
    const ga_operand_t b = array_operand(ones);
    GA_ASSERT_OK(ga_ufunc_at(ufunc("add"), sums, items, 1, &b, nullptr));
    EXPECT_EQ(fetch<float>(sums), (std::vector<float>{1, 2, 0, 3, 1}));
  }
  {
    ga_array_t counts = make(owned, std::vector<int64_t>(5, 10));
    ga_operand_t b{};
    b.kind = GA_OPERAND_WEAK_SCALAR;
    b.scalar.dtype = GA_INT64;
    b.scalar.as_int = 2;
    const ga_advanced_index_t items[] = {array_item(indices)};
    GA_ASSERT_OK(ga_ufunc_at(ufunc("subtract"), counts, items, 1, &b, nullptr));
    EXPECT_EQ(fetch<int64_t>(counts), (std::vector<int64_t>{8, 6, 10, 4, 8}));
    GA_ASSERT_OK(ga_ufunc_at(ufunc("multiply"), counts, items, 1, &b, nullptr));
    EXPECT_EQ(fetch<int64_t>(counts), (std::vector<int64_t>{16, 24, 10, 32, 16}));
  }
  {
    ga_array_t bytes = make(owned, std::vector<uint8_t>{0, 0, 0, 0, 0});
    ga_array_t bits = make(owned, std::vector<uint8_t>{1, 2, 4, 8, 16, 32, 64});
    const ga_advanced_index_t items[] = {array_item(indices)};
    const ga_operand_t b = array_operand(bits);
    GA_ASSERT_OK(ga_ufunc_at(ufunc("bitwise_or"), bytes, items, 1, &b, nullptr));
    EXPECT_EQ(fetch<uint8_t>(bytes), (std::vector<uint8_t>{1, 6, 0, 56, 64}));
  }
  {
    ga_array_t peaks = make(owned, std::vector<int32_t>{0, 0, 0, 0, 0});
    ga_array_t values = make(owned, std::vector<int32_t>{5, -3, 7, 2, 9, 4, -8});
    const ga_advanced_index_t items[] = {array_item(indices)};
    const ga_operand_t b = array_operand(values);
    GA_ASSERT_OK(ga_ufunc_at(ufunc("maximum"), peaks, items, 1, &b, nullptr));
    EXPECT_EQ(fetch<int32_t>(peaks), (std::vector<int32_t>{5, 7, 0, 9, 0}));
    GA_ASSERT_OK(ga_ufunc_at(ufunc("negative"), peaks, items, 1, nullptr, nullptr));  // odd counts flip
    EXPECT_EQ(fetch<int32_t>(peaks), (std::vector<int32_t>{-5, 7, 0, -9, 0}));
  }
  {
    using complex = std::complex<double>;
    ga_array_t sums = make(owned, std::vector<complex>(5, complex(0, 0)));
    ga_array_t unit = make(owned, std::vector<complex>{complex(1, -2)}, {});
    const ga_advanced_index_t items[] = {array_item(indices)};
    const ga_operand_t b = array_operand(unit);
    GA_ASSERT_OK(ga_ufunc_at(ufunc("add"), sums, items, 1, &b, nullptr));
    EXPECT_EQ(fetch<complex>(sums)[3], complex(3, -6));
    EXPECT_EQ(ga_ufunc_at(ufunc("multiply"), sums, items, 1, &b, nullptr), GA_ERROR_UNSUPPORTED);
  }
}

TEST_F(IndexingTest, ErrorsHaveDistinctStatuses) {
  Handles owned;
  ga_array_t source = make(owned, iota(12), {3, 4});
  ga_array_t indices = make(owned, std::vector<int64_t>{0, 1});
  ga_array_t floats = make(owned, std::vector<float>{0, 1});
  ga_array_t result = nullptr;
  const ga_advanced_index_t items[] = {array_item(indices)};

  EXPECT_EQ(ga_array_take(nullptr, indices, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_take(source, nullptr, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_take(source, indices, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_array_take(source, indices, 0, static_cast<ga_index_mode_t>(7), nullptr, nullptr, &result),
            GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_array_take(source, floats, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  EXPECT_EQ(ga_array_take(source, indices, 2, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result), GA_ERROR_INDEX);
  EXPECT_EQ(result, nullptr);

  EXPECT_EQ(ga_array_advanced_index(source, nullptr, 1, GA_INDEX_MODE_WRAP, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_array_advanced_index(source, items, -1, GA_INDEX_MODE_WRAP, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  const ga_advanced_index_t too_many[] = {array_item(indices), array_item(indices), array_item(indices)};
  EXPECT_EQ(ga_array_advanced_index(source, too_many, 3, GA_INDEX_MODE_WRAP, nullptr, &result), GA_ERROR_INDEX);
  ga_array_t three = make(owned, std::vector<int64_t>{0, 1, 2});
  const ga_advanced_index_t mismatched[] = {array_item(indices), array_item(three)};
  EXPECT_EQ(ga_array_advanced_index(source, mismatched, 2, GA_INDEX_MODE_WRAP, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  std::vector<ga_advanced_index_t> fifteen;
  ga_array_t wide = nullptr;
  const std::vector<int64_t> shape(15, 1);
  GA_ASSERT_OK(ga_array_zeros(15, shape.data(), GA_FLOAT32, GA_ORDER_C, nullptr, &wide));
  owned(wide);
  ga_array_t zero = make(owned, std::vector<int64_t>{0});
  for (int k = 0; k < 15; ++k) fifteen.push_back(array_item(zero));
  EXPECT_EQ(ga_array_advanced_index(wide, fifteen.data(), 15, GA_INDEX_MODE_WRAP, nullptr, &result), GA_ERROR_UNSUPPORTED);
  EXPECT_EQ(result, nullptr);

  ga_array_t values = make(owned, std::vector<float>{1, 2, 3});
  EXPECT_EQ(ga_array_advanced_assign(source, items, 1, values, GA_INDEX_MODE_WRAP, nullptr), GA_ERROR_SHAPE_MISMATCH);
  ga_array_t read_only = nullptr;
  const int64_t broadcast_shape[] = {2, 3, 4};
  GA_ASSERT_OK(ga_array_broadcast_to(source, 3, broadcast_shape, &read_only));
  owned(read_only);
  EXPECT_EQ(ga_array_advanced_assign(read_only, items, 1, values, GA_INDEX_MODE_WRAP, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_array_put(read_only, indices, values, GA_INDEX_MODE_WRAP, nullptr), GA_ERROR_INVALID_ARGUMENT);

  ga_array_t empty = nullptr;
  const int64_t empty_shape[] = {0};
  GA_ASSERT_OK(ga_array_zeros(1, empty_shape, GA_FLOAT32, GA_ORDER_C, nullptr, &empty));
  owned(empty);
  EXPECT_EQ(ga_array_take(empty, indices, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result), GA_ERROR_INDEX);
  ga_array_t no_indices = nullptr;
  GA_ASSERT_OK(ga_array_zeros(1, empty_shape, GA_INT64, GA_ORDER_C, nullptr, &no_indices));
  owned(no_indices);
  GA_ASSERT_OK(ga_array_take(empty, no_indices, 0, GA_INDEX_MODE_RAISE, nullptr, nullptr, &result));
  owned(result);
  EXPECT_EQ(shape_of(result), (std::vector<int64_t>{0}));

  EXPECT_EQ(ga_array_take_along_axis(source, indices, 0, GA_INDEX_MODE_WRAP, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(ga_array_choose(indices, nullptr, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  const ga_array_t released_choice[] = {nullptr};
  EXPECT_EQ(ga_array_choose(indices, released_choice, 1, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result),
            GA_ERROR_INVALID_HANDLE);

  const ga_operand_t b = array_operand(values);
  EXPECT_EQ(ga_ufunc_at(nullptr, source, items, 1, &b, nullptr), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_ufunc_at(ufunc("add"), nullptr, items, 1, &b, nullptr), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_ufunc_at(ufunc("add"), source, items, 1, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_ufunc_at(ufunc("negative"), source, items, 1, &b, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_ufunc_at(ufunc("divmod"), source, items, 1, &b, nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_array_t integers = make(owned, std::vector<int32_t>{0, 0, 0});
  ga_array_t doubles = make(owned, std::vector<double>{0.5}, {});
  const ga_operand_t float_operand = array_operand(doubles);
  EXPECT_EQ(ga_ufunc_at(ufunc("add"), integers, items, 1, &float_operand, nullptr), GA_ERROR_DTYPE);
  EXPECT_EQ(fetch<int32_t>(integers), (std::vector<int32_t>{0, 0, 0}));
}

// Handle checks come first, so they answer without a device; a failed call leaves the garbage in
// its output-only result pointer.
TEST(IndexingHost, NullHandlesLeaveTheResultAlone) {
  ga_array_t result = garbage_handle();
  EXPECT_EQ(ga_array_take(nullptr, nullptr, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_choose(nullptr, nullptr, 0, GA_INDEX_MODE_WRAP, nullptr, nullptr, &result),
            GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_advanced_index(nullptr, nullptr, 0, GA_INDEX_MODE_WRAP, nullptr, &result),
            GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_take_along_axis(nullptr, nullptr, 0, GA_INDEX_MODE_WRAP, nullptr, &result),
            GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, garbage_handle());
}
