// Array manipulation through the C API on the GPU: every routine's result against a host
// reference on small arrays (strided views, several dtypes, empty and one-element inputs), and
// every refusal with its status. tests/python/test_manipulation.py compares more cases with NumPy.
#include "destination_support.hpp"
#include "user_kernel_support.hpp"

#include <garray/manipulation.h>

#include <cmath>
#include <numbers>
#include <numeric>
#include <string>

namespace {

using ManipulationTest = GpuTest;

// 0, 1, 2, ... as doubles in `shape`.
ga_array_t iota(std::vector<int64_t> shape) {
  const int64_t count = std::accumulate(shape.begin(), shape.end(), int64_t{1}, std::multiplies<>());
  std::vector<double> values(static_cast<size_t>(count));
  std::iota(values.begin(), values.end(), 0.0);
  return upload_shaped(values, std::move(shape));
}

ga_array_t index_view(ga_array_t array, std::vector<ga_index_t> items) {
  ga_array_t view = nullptr;
  EXPECT_EQ(ga_array_index(array, items.data(), static_cast<int>(items.size()), &view), GA_OK) << ga_last_error();
  return view;
}

ga_index_t every(int64_t step) { return ga_index_t{GA_INDEX_SLICE, 0, 0, step, 0, 0}; }

}  // namespace

TEST_F(ManipulationTest, ConcatenateJoinsMixedDtypesAndStridedInputs) {
  Handles owned;
  ga_array_t a = owned(iota({2, 3}));
  const std::vector<float> b_values{10, 11, 12, 13, 14, 15, 16, 17};
  ga_array_t b_full = owned(upload_shaped(b_values, {2, 4}));
  ga_array_t b = owned(index_view(b_full, {every(1), every(2)}));  // (2, 2), strided
  const ga_array_t inputs[] = {a, b};
  ga_array_t joined = nullptr;
  GA_ASSERT_OK(ga_array_concatenate(inputs, 2, -1, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &joined));
  owned(joined);
  EXPECT_EQ(dtype_of_array(joined), GA_FLOAT64);
  EXPECT_EQ(shape_of(joined), (std::vector<int64_t>{2, 5}));
  EXPECT_EQ(fetch<double>(joined), (std::vector<double>{0, 1, 2, 10, 12, 3, 4, 5, 14, 16}));

  ga_array_t flat = nullptr;
  GA_ASSERT_OK(ga_array_concatenate(inputs, 2, GA_AXIS_NONE, GA_FLOAT32, GA_CASTING_SAME_KIND, nullptr, nullptr, &flat));
  owned(flat);
  EXPECT_EQ(dtype_of_array(flat), GA_FLOAT32);
  EXPECT_EQ(fetch<float>(flat), (std::vector<float>{0, 1, 2, 3, 4, 5, 10, 12, 14, 16}));

  ga_array_t out = owned(iota({2, 5}));
  ga_array_t returned = nullptr;
  GA_ASSERT_OK(ga_array_concatenate(inputs, 2, 1, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, out, nullptr, &returned));
  EXPECT_EQ(returned, out);
  ga_array_release(returned);
  EXPECT_EQ(fetch<double>(out), (std::vector<double>{0, 1, 2, 10, 12, 3, 4, 5, 14, 16}));
}

TEST_F(ManipulationTest, ConcatenateRefusals) {
  Handles owned;
  ga_array_t a = owned(iota({2, 3}));
  ga_array_t b = owned(iota({3, 3}));
  ga_array_t c = owned(iota({3}));
  ga_array_t result = nullptr;
  GA_EXPECT_STATUS(ga_array_concatenate(nullptr, 0, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("need at least one array to concatenate"), std::string::npos);
  const ga_array_t mismatched[] = {a, b};
  GA_EXPECT_STATUS(ga_array_concatenate(mismatched, 2, 1, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr,
                                        &result),
                   GA_ERROR_SHAPE_MISMATCH);
  EXPECT_NE(std::string(ga_last_error()).find("(2, 3) and (3, 3)"), std::string::npos) << ga_last_error();
  const ga_array_t ranks[] = {a, c};
  GA_EXPECT_STATUS(ga_array_concatenate(ranks, 2, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_concatenate(mismatched, 2, 2, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr,
                                        &result),
                   GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_concatenate(mismatched, 2, 0, GA_INT32, GA_CASTING_SAME_KIND, nullptr, nullptr, &result),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_concatenate(mismatched, 2, 0, GA_FLOAT64, GA_CASTING_SAME_KIND, a, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_concatenate(mismatched, 2, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, a, nullptr, &result),
                   GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_concatenate(mismatched, 2, 0, GA_DTYPE_SAME, static_cast<ga_casting_t>(9), nullptr,
                                        nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  const ga_array_t with_null[] = {a, nullptr};
  GA_EXPECT_STATUS(ga_array_concatenate(with_null, 2, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr,
                                        &result),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_concatenate(mismatched, 2, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr,
                                        nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, nullptr);
}

TEST_F(ManipulationTest, StackAddsAnAxis) {
  Handles owned;
  ga_array_t a = owned(iota({3}));
  ga_array_t b = owned(iota({3}));
  const ga_array_t inputs[] = {a, b};
  ga_array_t stacked = nullptr;
  GA_ASSERT_OK(ga_array_stack(inputs, 2, -1, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &stacked));
  owned(stacked);
  EXPECT_EQ(shape_of(stacked), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(fetch<double>(stacked), (std::vector<double>{0, 0, 1, 1, 2, 2}));
  ga_array_t c = owned(iota({4}));
  const ga_array_t unequal[] = {a, c};
  ga_array_t result = nullptr;
  GA_EXPECT_STATUS(ga_array_stack(unequal, 2, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &result),
                   GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_stack(inputs, 2, 2, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &result),
                   GA_ERROR_INDEX);
}

// concatenate, stack and trace by the convention's destination rules: a destination of the wrong
// shape, of a dtype the inputs do not cast to under `casting` (concatenate and stack: NumPy's
// "Cannot cast array data from dtype(...)", which names the dtypes rather than `out`), or a
// read-only one is refused, is not written and leaves the result pointer alone; garbage in the
// result pointer is never read; a given destination comes back as itself with one more reference.
// trace is add.reduce and casts into `out` unsafely, so no dtype is refused.
TEST_F(ManipulationTest, DestinationsFollowTheConvention) {
  Handles owned;
  ga_array_t a = owned(iota({2, 3}));
  ga_array_t b = owned(iota({2, 2}));
  ga_array_t c = owned(iota({2, 3}));
  ga_array_t square = owned(iota({3, 3}));
  ga_array_t planes = owned(iota({2, 3, 3}));
  const DestinationCase cases[] = {
      {"concatenate",
       [a, b](ga_array_t out, ga_array_t* result) {
         const ga_array_t inputs[] = {a, b};
         return ga_array_concatenate(inputs, 2, 1, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, out, nullptr, result);
       },
       {2, 5}, GA_FLOAT64, GA_INT32, /*cast_message_names_out=*/false},
      {"concatenate of the flattened arrays",
       [a, b](ga_array_t out, ga_array_t* result) {
         const ga_array_t inputs[] = {a, b};
         return ga_array_concatenate(inputs, 2, GA_AXIS_NONE, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, out, nullptr,
                                     result);
       },
       {10}, GA_FLOAT64, GA_INT32, /*cast_message_names_out=*/false},
      {"stack",
       [a, c](ga_array_t out, ga_array_t* result) {
         const ga_array_t inputs[] = {a, c};
         return ga_array_stack(inputs, 2, 1, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, out, nullptr, result);
       },
       {2, 2, 3}, GA_FLOAT64, GA_INT32, /*cast_message_names_out=*/false},
      {"trace of a matrix (0-d)",
       [square](ga_array_t out, ga_array_t* result) {
         return ga_array_trace(square, 0, 0, 1, GA_DTYPE_SAME, out, nullptr, result);
       },
       {}, GA_FLOAT64},
      {"trace of planes",
       [planes](ga_array_t out, ga_array_t* result) {
         return ga_array_trace(planes, 1, 1, 2, GA_DTYPE_SAME, out, nullptr, result);
       },
       {2}, GA_FLOAT64},
  };
  for (const DestinationCase& c : cases) expect_destination_rules(c);
}

// Handle checks come first, so they answer without a device; a failed call leaves the garbage in
// its output-only result pointer.
TEST(ManipulationHost, NullHandlesLeaveTheResultAlone) {
  ga_array_t result = garbage_handle();
  const ga_array_t with_null[] = {nullptr};
  EXPECT_EQ(ga_array_concatenate(with_null, 1, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &result),
            GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_stack(with_null, 1, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, nullptr, nullptr, &result),
            GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_trace(nullptr, 0, 0, 1, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, garbage_handle());
}

TEST_F(ManipulationTest, SplitGivesViews) {
  Handles owned;
  ga_array_t a = owned(iota({7, 2}));
  const int64_t indices[] = {2, -2, 1};
  ga_array_t parts[4] = {};
  GA_ASSERT_OK(ga_array_split(a, indices, 3, 0, parts));
  for (ga_array_t part : parts) owned(part);
  EXPECT_EQ(shape_of(parts[0]), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(shape_of(parts[1]), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(shape_of(parts[2]), (std::vector<int64_t>{0, 2}));
  EXPECT_EQ(shape_of(parts[3]), (std::vector<int64_t>{6, 2}));
  EXPECT_EQ(fetch<double>(parts[1]), (std::vector<double>{4, 5, 6, 7, 8, 9}));
  unsigned flags = 0;
  GA_ASSERT_OK(ga_array_flags(parts[1], &flags));
  EXPECT_EQ(flags & GA_ARRAY_OWNDATA, 0u);

  ga_array_t sections[3] = {};
  GA_ASSERT_OK(ga_array_split_sections(a, 3, 0, 0, sections));
  for (ga_array_t part : sections) owned(part);
  EXPECT_EQ(shape_of(sections[0]), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(shape_of(sections[2]), (std::vector<int64_t>{2, 2}));
  GA_EXPECT_STATUS(ga_array_split_sections(a, 3, 0, 1, sections), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_split_sections(a, 0, 0, 0, sections), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_split(a, indices, 3, 2, parts), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_split(a, nullptr, 2, 0, parts), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(ManipulationTest, TileAndRepeat) {
  Handles owned;
  ga_array_t a = owned(iota({2, 2}));
  const int64_t reps[] = {2, 1, 2};
  ga_array_t tiled = nullptr;
  GA_ASSERT_OK(ga_array_tile(a, reps, 3, nullptr, &tiled));
  owned(tiled);
  EXPECT_EQ(shape_of(tiled), (std::vector<int64_t>{2, 2, 4}));
  EXPECT_EQ(fetch<double>(tiled),
            (std::vector<double>{0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3}));
  const int64_t negative[] = {-1};
  ga_array_t result = nullptr;
  GA_EXPECT_STATUS(ga_array_tile(a, negative, 1, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);

  const int64_t twice[] = {2};
  ga_array_t repeated = nullptr;
  GA_ASSERT_OK(ga_array_repeat(a, twice, 1, 1, nullptr, &repeated));
  owned(repeated);
  EXPECT_EQ(fetch<double>(repeated), (std::vector<double>{0, 0, 1, 1, 2, 2, 3, 3}));
  const int64_t counts[] = {0, 3};
  GA_ASSERT_OK(ga_array_repeat(a, counts, 2, 0, nullptr, &repeated));
  owned(repeated);
  EXPECT_EQ(shape_of(repeated), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(fetch<double>(repeated), (std::vector<double>{2, 3, 2, 3, 2, 3}));
  const int64_t flat_counts[] = {1, 0, 2, 1};
  GA_ASSERT_OK(ga_array_repeat(a, flat_counts, 4, GA_AXIS_NONE, nullptr, &repeated));
  owned(repeated);
  EXPECT_EQ(fetch<double>(repeated), (std::vector<double>{0, 2, 2, 3}));
  GA_EXPECT_STATUS(ga_array_repeat(a, negative, 1, 0, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_repeat(a, reps, 3, 0, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_repeat(a, twice, 1, 2, nullptr, &result), GA_ERROR_INDEX);
}

TEST_F(ManipulationTest, FlipRollRot90) {
  Handles owned;
  ga_array_t a = owned(iota({2, 3}));
  ga_array_t flipped = nullptr;
  GA_ASSERT_OK(ga_array_flip(a, nullptr, -1, &flipped));
  owned(flipped);
  EXPECT_EQ(fetch<double>(flipped), (std::vector<double>{5, 4, 3, 2, 1, 0}));
  int64_t strides[2] = {};
  GA_ASSERT_OK(ga_array_strides(flipped, strides));
  EXPECT_EQ(strides[1], -1);
  const int last[] = {-1};
  GA_ASSERT_OK(ga_array_flip(a, last, 1, &flipped));
  owned(flipped);
  EXPECT_EQ(fetch<double>(flipped), (std::vector<double>{2, 1, 0, 5, 4, 3}));
  const int bad_axis[] = {2};
  ga_array_t result = nullptr;
  GA_EXPECT_STATUS(ga_array_flip(a, bad_axis, 1, &result), GA_ERROR_INDEX);

  const int64_t shift[] = {1};
  ga_array_t rolled = nullptr;
  GA_ASSERT_OK(ga_array_roll(a, shift, 1, nullptr, -1, nullptr, &rolled));
  owned(rolled);
  EXPECT_EQ(fetch<double>(rolled), (std::vector<double>{5, 0, 1, 2, 3, 4}));
  const int64_t shifts[] = {1, -1};
  const int axes[] = {0, 1};
  GA_ASSERT_OK(ga_array_roll(a, shifts, 2, axes, 2, nullptr, &rolled));
  owned(rolled);
  EXPECT_EQ(fetch<double>(rolled), (std::vector<double>{4, 5, 3, 1, 2, 0}));
  const int three_axes[] = {0, 1, 0};
  GA_EXPECT_STATUS(ga_array_roll(a, shifts, 2, three_axes, 3, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_roll(a, shifts, 2, bad_axis, 1, nullptr, &result), GA_ERROR_INDEX);

  ga_array_t rotated = nullptr;
  GA_ASSERT_OK(ga_array_rot90(a, 1, 0, 1, &rotated));
  owned(rotated);
  EXPECT_EQ(shape_of(rotated), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(fetch<double>(rotated), (std::vector<double>{2, 5, 1, 4, 0, 3}));
  GA_ASSERT_OK(ga_array_rot90(a, -1, 0, 1, &rotated));
  owned(rotated);
  EXPECT_EQ(fetch<double>(rotated), (std::vector<double>{3, 0, 4, 1, 5, 2}));
  GA_EXPECT_STATUS(ga_array_rot90(a, 1, 0, 0, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_rot90(a, 1, 0, 2, &result), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(ManipulationTest, PadModes) {
  Handles owned;
  ga_array_t a = owned(iota({3}));  // 0 1 2
  const int64_t widths[] = {2, 3};
  const int64_t wide[] = {1, 11};
  const struct {
    ga_pad_mode_t mode;
    const int64_t* widths;
    std::vector<double> expected;
  } cases[] = {
      {GA_PAD_CONSTANT, widths, {0, 0, 0, 1, 2, 0, 0, 0}},
      {GA_PAD_EDGE, widths, {0, 0, 0, 1, 2, 2, 2, 2}},
      {GA_PAD_REFLECT, widths, {2, 1, 0, 1, 2, 1, 0, 1}},
      {GA_PAD_SYMMETRIC, widths, {1, 0, 0, 1, 2, 2, 1, 0}},
      {GA_PAD_WRAP, widths, {1, 2, 0, 1, 2, 0, 1, 2}},
      // Wider than the axis: NumPy 2 repeats whole periods (NumPy 1.x broke the period of both).
      {GA_PAD_REFLECT, wide, {1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 1}},
      {GA_PAD_SYMMETRIC, wide, {0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1}},
  };
  for (const auto& expected : cases) {
    ga_array_t padded = nullptr;
    GA_ASSERT_OK(ga_array_pad(a, expected.widths, 2, expected.mode, nullptr, 0, nullptr, &padded));
    owned(padded);
    EXPECT_EQ(fetch<double>(padded), expected.expected) << expected.mode;
  }
  ga_scalar_t constants[2] = {};
  constants[0].dtype = GA_FLOAT64;
  constants[0].as_real = -1;
  constants[1].dtype = GA_INT64;
  constants[1].as_int = 7;
  ga_array_t padded = nullptr;
  GA_ASSERT_OK(ga_array_pad(a, widths, 2, GA_PAD_CONSTANT, constants, 2, nullptr, &padded));
  owned(padded);
  EXPECT_EQ(fetch<double>(padded), (std::vector<double>{-1, -1, 0, 1, 2, 7, 7, 7}));

  // 2-D: the corners come from the second axis, padded over the first one's padding.
  ga_array_t square = owned(iota({2, 2}));
  const int64_t ones[] = {1, 0, 0, 1};
  GA_ASSERT_OK(ga_array_pad(square, ones, 4, GA_PAD_EDGE, nullptr, 0, nullptr, &padded));
  owned(padded);
  EXPECT_EQ(fetch<double>(padded), (std::vector<double>{0, 1, 1, 0, 1, 1, 2, 3, 3}));

  ga_array_t result = nullptr;
  const int64_t negative[] = {-1, 0};
  GA_EXPECT_STATUS(ga_array_pad(a, negative, 2, GA_PAD_CONSTANT, nullptr, 0, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_pad(a, widths, 1, GA_PAD_CONSTANT, nullptr, 0, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_pad(a, widths, 2, static_cast<ga_pad_mode_t>(17), nullptr, 0, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_pad(a, widths, 2, GA_PAD_CONSTANT, constants, 3, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  ga_array_t empty = owned(iota({0}));
  GA_EXPECT_STATUS(ga_array_pad(empty, widths, 2, GA_PAD_REFLECT, nullptr, 0, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("can't extend empty axis 0"), std::string::npos);
  GA_ASSERT_OK(ga_array_pad(empty, widths, 2, GA_PAD_CONSTANT, nullptr, 0, nullptr, &padded));
  owned(padded);
  EXPECT_EQ(fetch<double>(padded), (std::vector<double>(5, 0.0)));
}

TEST_F(ManipulationTest, TrianglesDiagonalsAndTrace) {
  Handles owned;
  ga_array_t a = owned(iota({3, 3}));
  ga_array_t lower = nullptr;
  GA_ASSERT_OK(ga_array_tril(a, 0, nullptr, &lower));
  owned(lower);
  EXPECT_EQ(fetch<double>(lower), (std::vector<double>{0, 0, 0, 3, 4, 0, 6, 7, 8}));
  ga_array_t upper = nullptr;
  GA_ASSERT_OK(ga_array_triu(a, 1, nullptr, &upper));
  owned(upper);
  EXPECT_EQ(fetch<double>(upper), (std::vector<double>{0, 1, 2, 0, 0, 5, 0, 0, 0}));

  ga_array_t diagonal = nullptr;
  GA_ASSERT_OK(ga_array_diagonal(a, -1, 0, 1, &diagonal));
  owned(diagonal);
  EXPECT_EQ(fetch<double>(diagonal), (std::vector<double>{3, 7}));
  unsigned flags = 0;
  GA_ASSERT_OK(ga_array_flags(diagonal, &flags));
  EXPECT_EQ(flags & GA_ARRAY_WRITEABLE, 0u);

  ga_array_t vector = owned(iota({2}));
  ga_array_t square = nullptr;
  GA_ASSERT_OK(ga_array_diag(vector, 1, nullptr, &square));
  owned(square);
  EXPECT_EQ(fetch<double>(square), (std::vector<double>{0, 0, 0, 0, 0, 1, 0, 0, 0}));

  ga_array_t sum = nullptr;
  GA_ASSERT_OK(ga_array_trace(a, 0, 0, 1, GA_DTYPE_SAME, nullptr, nullptr, &sum));
  owned(sum);
  EXPECT_EQ(fetch<double>(sum), (std::vector<double>{12}));

  ga_array_t result = nullptr;
  ga_array_t cube = owned(iota({2, 2, 2}));
  GA_EXPECT_STATUS(ga_array_diag(cube, 0, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_diagonal(vector, 0, 0, 1, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_diagonal(a, 0, 1, 1, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_diagonal(a, 0, 0, 2, &result), GA_ERROR_INDEX);
  ga_array_t scalar = nullptr;
  GA_ASSERT_OK(ga_array_zeros(0, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, &scalar));
  owned(scalar);
  GA_EXPECT_STATUS(ga_array_tril(scalar, 0, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(ManipulationTest, CopytoCastsAndMasks) {
  Handles owned;
  ga_array_t destination = owned(iota({4}));
  const std::vector<int32_t> source_values{10, 20, 30, 40};
  ga_array_t source = owned(upload_as(source_values, {4}, GA_INT32));
  const std::vector<uint8_t> mask_values{1, 0, 1, 0};
  ga_array_t mask = owned(upload_as(mask_values, {4}, GA_BOOL));
  GA_ASSERT_OK(ga_array_copyto(destination, source, GA_CASTING_SAME_KIND, mask, nullptr));
  EXPECT_EQ(fetch<double>(destination), (std::vector<double>{10, 1, 30, 3}));
  GA_ASSERT_OK(ga_array_copyto(destination, source, GA_CASTING_SAFE, nullptr, nullptr));
  EXPECT_EQ(fetch<double>(destination), (std::vector<double>{10, 20, 30, 40}));

  ga_array_t integers = owned(upload_as(source_values, {4}, GA_INT32));
  GA_EXPECT_STATUS(ga_array_copyto(integers, destination, GA_CASTING_SAME_KIND, nullptr, nullptr), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_copyto(destination, source, GA_CASTING_SAME_KIND, integers, nullptr), GA_ERROR_DTYPE);
  ga_array_t longer = owned(iota({5}));
  GA_EXPECT_STATUS(ga_array_copyto(destination, longer, GA_CASTING_SAME_KIND, nullptr, nullptr), GA_ERROR_SHAPE_MISMATCH);
  ga_array_t read_only = nullptr;
  GA_ASSERT_OK(ga_array_diagonal(owned(iota({2, 2})), 0, 0, 1, &read_only));
  owned(read_only);
  ga_array_t pair = owned(iota({2}));
  GA_EXPECT_STATUS(ga_array_copyto(read_only, pair, GA_CASTING_SAME_KIND, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_copyto(nullptr, pair, GA_CASTING_SAME_KIND, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
}

TEST_F(ManipulationTest, WindowsMatchTheirFormulas) {
  Handles owned;
  const int64_t m = 7;
  for (const ga_window_t kind : {GA_WINDOW_BARTLETT, GA_WINDOW_BLACKMAN, GA_WINDOW_HAMMING, GA_WINDOW_HANNING,
                                 GA_WINDOW_KAISER}) {
    ga_array_t window = nullptr;
    GA_ASSERT_OK(ga_signal_window(kind, m, 5.0, nullptr, &window));
    owned(window);
    const std::vector<double> got = fetch<double>(window);
    ASSERT_EQ(got.size(), 7u);
    for (int64_t i = 0; i < m; ++i) {
      const double n = 1.0 - m + 2.0 * i;
      const double angle = std::numbers::pi * n / (m - 1.0);
      double expected = 0;
      switch (kind) {
        case GA_WINDOW_BARTLETT: expected = 1.0 - std::abs(n) / (m - 1.0); break;
        case GA_WINDOW_BLACKMAN: expected = 0.42 + 0.5 * std::cos(angle) + 0.08 * std::cos(2.0 * angle); break;
        case GA_WINDOW_HAMMING: expected = 0.54 + 0.46 * std::cos(angle); break;
        case GA_WINDOW_HANNING: expected = 0.5 + 0.5 * std::cos(angle); break;
        case GA_WINDOW_KAISER: {
          const double x = (i - 3.0) / 3.0;
          expected = std::cyl_bessel_i(0.0, 5.0 * std::sqrt(1.0 - x * x)) / std::cyl_bessel_i(0.0, 5.0);
          break;
        }
      }
      EXPECT_NEAR(got[static_cast<size_t>(i)], expected, 1e-14) << kind << " at " << i;
    }
  }
  ga_array_t window = nullptr;
  GA_ASSERT_OK(ga_signal_window(GA_WINDOW_HANNING, 0, 0.0, nullptr, &window));
  owned(window);
  EXPECT_EQ(shape_of(window), (std::vector<int64_t>{0}));
  GA_ASSERT_OK(ga_signal_window(GA_WINDOW_KAISER, 1, 3.0, nullptr, &window));
  owned(window);
  EXPECT_EQ(fetch<double>(window), (std::vector<double>{1.0}));
  GA_EXPECT_STATUS(ga_signal_window(static_cast<ga_window_t>(9), 4, 0.0, nullptr, &window), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_signal_window(GA_WINDOW_HAMMING, 4, 0.0, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
}
