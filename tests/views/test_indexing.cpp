// Basic indexing on host-backed arrays: layouts checked against NumPy, and every error.
#include "core/array/indexing.hpp"

#include "host_array.hpp"

#include <limits>
#include <optional>
#include <vector>

using views_test::expect_layout;
using views_test::host_array;
using views_test::Layout;

namespace {

constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::optional<std::int64_t> none = std::nullopt;

ga_index_t at(std::int64_t index) { return {GA_INDEX_INTEGER, index, 0, 1, 1, 0}; }
ga_index_t newaxis() { return {GA_INDEX_NEWAXIS, 0, 0, 1, 0, 0}; }
ga_index_t ellipsis() { return {GA_INDEX_ELLIPSIS, 0, 0, 1, 0, 0}; }
ga_index_t slice(std::optional<std::int64_t> start, std::optional<std::int64_t> stop,
                 std::int64_t step) {
  ga_index_t item = {GA_INDEX_SLICE, start.value_or(0), stop.value_or(0), step, 0, 0};
  item.has_start = start.has_value();
  item.has_stop = stop.has_value();
  return item;
}
ga_index_t all() { return slice(none, none, 1); }
ga_index_t every(std::int64_t step) { return slice(none, none, step); }

garray::Array index(const garray::Array& array, const std::vector<ga_index_t>& items) {
  return garray::index(array, items);
}

struct SliceCase {
  std::int64_t extent;
  std::optional<std::int64_t> start;
  std::optional<std::int64_t> stop;
  std::int64_t step;
  std::int64_t resolved_start;
  std::int64_t resolved_step;
  std::int64_t length;
};

}  // namespace

TEST(ResolveSlice, MatchesPythonSliceIndices) {
  // Expected values from Python: slice(start, stop, step).indices(extent) and len(range(...)).
  const SliceCase cases[] = {
      {5, none, none, 1, 0, 1, 5},
      {5, none, none, -1, 4, -1, 5},
      {5, -10, none, 1, 0, 1, 5},
      {5, -10, none, -1, -1, -1, 0},
      {5, 10, none, -1, 4, -1, 5},
      {5, 10, none, 1, 5, 1, 0},
      {5, none, -10, -1, 4, -1, 5},
      {5, none, 10, 1, 0, 1, 5},
      {5, -1, -3, -1, 4, -1, 2},
      {5, 1, 4, 2, 1, 2, 2},
      {5, 4, 1, -2, 4, -2, 2},
      {5, 3, 3, 1, 3, 1, 0},
      {5, 4, 0, 1, 4, 1, 0},
      {5, -2, none, 1, 3, 1, 2},
      {5, 2, -1, 3, 2, 3, 1},
      {0, none, none, 1, 0, 1, 0},
      {0, none, none, -1, -1, -1, 0},
      {0, -1, 1, 1, 0, 1, 0},
      {0, 5, -5, -3, -1, -3, 0},
      {1, none, none, -7, 0, -7, 1},
      {1, 0, 1, 9, 0, 9, 1},
      {33, 1, none, 32, 1, 32, 1},
      {33, none, none, -32, 32, -32, 2},
      {33, -33, 33, 11, 0, 11, 3},
      {33, 40, -40, -1, 32, -1, 33},
      {7, kInt64Min, kInt64Max, 1, 0, 1, 7},
      {7, kInt64Max, kInt64Min, -1, 6, -1, 7},
      {7, none, none, kInt64Max, 0, kInt64Max, 1},
      // Python keeps the step unbounded; like CPython's C code, garray clamps it to -kInt64Max.
      {7, none, none, kInt64Min, 6, -kInt64Max, 1},
  };
  for (const SliceCase& c : cases) {
    const garray::SliceBounds bounds =
        garray::resolve_slice(slice(c.start, c.stop, c.step), c.extent, "s");
    EXPECT_EQ(bounds.start, c.resolved_start) << c.extent << " " << c.step;
    EXPECT_EQ(bounds.step, c.resolved_step) << c.extent << " " << c.step;
    EXPECT_EQ(bounds.length, c.length) << c.extent << " " << c.step;
  }
}

TEST(ResolveSlice, ZeroStepIsInvalid) {
  EXPECT_GA_ERROR(garray::resolve_slice(every(0), 5, "items[2]"), GA_ERROR_INVALID_ARGUMENT,
                  "items[2]: slice step cannot be zero");
}

TEST(Index, LayoutsMatchNumPy) {
  const garray::Array a = host_array({2, 3, 4});
  const garray::Array b = host_array({2, 1, 3, 1, 2, 3, 2});
  const garray::Array c = host_array({33, 37});
  const garray::Array s = host_array({});
  const garray::Array o = host_array({1});
  const garray::Array z = host_array({0, 4});
  struct Case {
    const char* numpy;
    const garray::Array& array;
    std::vector<ga_index_t> items;
    Layout expected;
  };
  // Expected layouts from NumPy 1.24 on np.arange(n, dtype=float64).reshape(shape) (offsets in
  // bytes, strides in elements); an expression that NumPy answers with a scalar was taken with a
  // trailing `...` to get the 0-d view.
  const Case cases[] = {
      {"a[1]", a, {at(1)}, {{3, 4}, {4, 1}, 96}},
      {"a[-1, ::-1]", a, {at(-1), every(-1)}, {{3, 4}, {-4, 1}, 160}},
      {"a[:, 1:3, ::2]", a, {all(), slice(1, 3, 1), every(2)}, {{2, 2, 2}, {12, 4, 2}, 32}},
      {"a[..., 1]", a, {ellipsis(), at(1)}, {{2, 3}, {12, 4}, 8}},
      {"a[None, ..., None]",
       a,
       {newaxis(), ellipsis(), newaxis()},
       {{1, 2, 3, 4, 1}, {0, 12, 4, 1, 0}, 0}},
      {"a[0, None, :, -1]", a, {at(0), newaxis(), all(), at(-1)}, {{1, 3}, {0, 4}, 24}},
      {"a[..., None, 2]", a, {ellipsis(), newaxis(), at(2)}, {{2, 3, 1}, {12, 4, 0}, 16}},
      {"a[::-1, ::-2, ::-3]",
       a,
       {every(-1), every(-2), every(-3)},
       {{2, 2, 2}, {-12, -8, -3}, 184}},
      {"a[5:]", a, {slice(5, none, 1)}, {{0, 3, 4}, {12, 4, 1}, 0}},
      {"a[1, 10:-10]", a, {at(1), slice(10, -10, 1)}, {{0, 4}, {4, 1}, 96}},
      {"a[()]", a, {}, {{2, 3, 4}, {12, 4, 1}, 0}},
      {"a[1, ..., ::-1, None]",
       a,
       {at(1), ellipsis(), every(-1), newaxis()},
       {{3, 4, 1}, {4, -1, 0}, 120}},
      {"a[:, -100:100:2]", a, {all(), slice(-100, 100, 2)}, {{2, 2, 4}, {12, 8, 1}, 0}},
      {"a[-1:-4:-1, 2:-5:-1]",
       a,
       {slice(-1, -4, -1), slice(2, -5, -1)},
       {{2, 3, 4}, {-12, -4, 1}, 160}},
      {"a[...]", a, {ellipsis()}, {{2, 3, 4}, {12, 4, 1}, 0}},
      {"a[:, :, :, ...]", a, {all(), all(), all(), ellipsis()}, {{2, 3, 4}, {12, 4, 1}, 0}},
      {"a[None, None, 1, None, ..., None, 3, None]",
       a,
       {newaxis(), newaxis(), at(1), newaxis(), ellipsis(), newaxis(), at(3), newaxis()},
       {{1, 1, 1, 3, 1, 1}, {0, 0, 0, 4, 0, 0}, 120}},
      {"b[1, :, ::-1, 0, ..., 1:]",
       b,
       {at(1), all(), every(-1), at(0), ellipsis(), slice(1, none, 1)},
       {{1, 3, 2, 3, 1}, {36, -12, 6, 2, 1}, 488}},
      {"b[..., ::-1, None, 0]",
       b,
       {ellipsis(), every(-1), newaxis(), at(0)},
       {{2, 1, 3, 1, 2, 3, 1}, {36, 36, 12, 12, 6, -2, 0}, 32}},
      {"b[:, 0, 2, None, 0, 1, :, None, ::2]",
       b,
       {all(), at(0), at(2), newaxis(), at(0), at(1), all(), newaxis(), every(2)},
       {{2, 1, 3, 1, 1}, {36, 0, 2, 0, 2}, 240}},
      {"c[3:30:7, ::-5]", c, {slice(3, 30, 7), every(-5)}, {{4, 8}, {259, -5}, 1176}},
      {"c[-1::-32, 36]", c, {slice(-1, none, -32), at(36)}, {{2}, {-1184}, 9760}},
      {"c[32:, 1::35]", c, {slice(32, none, 1), slice(1, none, 35)}, {{1, 2}, {37, 35}, 9480}},
      {"c[::32, ::36]", c, {every(32), every(36)}, {{2, 2}, {1184, 36}, 0}},
      {"s[None]", s, {newaxis()}, {{1}, {0}, 0}},
      {"s[...]", s, {ellipsis()}, {{}, {}, 0}},
      {"s[None, ..., None]", s, {newaxis(), ellipsis(), newaxis()}, {{1, 1}, {0, 0}, 0}},
      {"o[0:1:5]", o, {slice(0, 1, 5)}, {{1}, {5}, 0}},
      {"o[-1]", o, {at(-1)}, {{}, {}, 0}},
      {"o[::-1]", o, {every(-1)}, {{1}, {-1}, 0}},
      {"o[1:]", o, {slice(1, none, 1)}, {{0}, {1}, 0}},
      // NumPy moves this empty view to byte 24, past the end of its 0-byte buffer; garray keeps
      // the empty input's offset.
      {"z[:, 3]", z, {all(), at(3)}, {{0}, {4}, 0}},
      {"z[::-1, None]", z, {every(-1), newaxis()}, {{0, 1, 4}, {4, 0, 1}, 0}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.numpy);
    const garray::Array view = index(c.array, c.items);
    expect_layout(view, c.expected);
    EXPECT_EQ(view.buffer(), c.array.buffer());
    EXPECT_TRUE(view.is_view());
    EXPECT_EQ(view.dtype(), GA_FLOAT64);
  }
}

TEST(Index, IndexesAViewWithNegativeStridesAndAnOffset) {
  const garray::Array a = host_array({2, 3, 4});
  const garray::Array d = index(a, {every(-1), all(), every(-2)});
  // d = np.arange(24.).reshape(2, 3, 4)[::-1, :, ::-2]; layouts of d[...] from NumPy, offsets from
  // the start of the base array.
  expect_layout(d, {{2, 3, 2}, {-12, 4, -2}, 120});
  expect_layout(index(d, {slice(1, none, 1), at(0)}), {{1, 2}, {-12, -2}, 24});
  expect_layout(index(d, {all(), every(-1), at(1)}), {{2, 3}, {-12, -4}, 168});
  expect_layout(index(d, {at(0), newaxis(), every(2)}), {{1, 2, 2}, {0, 8, -2}, 120});
}

TEST(Index, KeepsWriteabilityAndTheBuffer) {
  bool released = false;
  garray::Array view = [&] {
    const garray::Array a = host_array({4}, GA_INT32, &released);
    return index(a, {slice(1, none, 2)});
  }();
  EXPECT_FALSE(released) << "the view must keep the buffer alive";
  EXPECT_TRUE(view.writeable());
  EXPECT_EQ(view.dtype(), GA_INT32);
  expect_layout(view, {{2}, {2}, 4});
  view = host_array({1});
  EXPECT_TRUE(released);
}

TEST(Index, OutOfRangeIntegersAreIndexErrors) {
  const garray::Array a = host_array({2, 3});
  EXPECT_GA_ERROR(index(a, {at(2)}), GA_ERROR_INDEX,
                  "items[0]: index 2 is out of bounds for axis 0 with size 2");
  EXPECT_GA_ERROR(index(a, {ellipsis(), at(-4)}), GA_ERROR_INDEX,
                  "items[1]: index -4 is out of bounds for axis 1 with size 3");
  EXPECT_GA_ERROR(index(host_array({0}), {at(0)}), GA_ERROR_INDEX, "with size 0");
  EXPECT_GA_ERROR(index(a, {at(kInt64Min)}), GA_ERROR_INDEX, "out of bounds");
}

TEST(Index, TooManyIndicesAndASecondEllipsisAreIndexErrors) {
  const garray::Array a = host_array({2, 3});
  EXPECT_GA_ERROR(index(a, {at(0), all(), at(0)}), GA_ERROR_INDEX,
                  "array is 2-dimensional, but 3 were indexed");
  EXPECT_GA_ERROR(index(host_array({}), {at(0)}), GA_ERROR_INDEX, "0-dimensional, but 1");
  EXPECT_GA_ERROR(index(a, {ellipsis(), newaxis(), ellipsis()}), GA_ERROR_INDEX,
                  "items[2]: an index can only have a single ellipsis");
}

TEST(Index, BadItemsAreInvalidArguments) {
  const garray::Array a = host_array({2, 3});
  EXPECT_GA_ERROR(index(a, {at(0), every(0)}), GA_ERROR_INVALID_ARGUMENT,
                  "items[1]: slice step cannot be zero");
  ga_index_t unknown = at(0);
  unknown.kind = static_cast<ga_index_kind_t>(7);
  EXPECT_GA_ERROR(index(a, {unknown}), GA_ERROR_INVALID_ARGUMENT, "items[0].kind 7");
  // 31 new axes on a 2-d array make 33 dimensions.
  const std::vector<ga_index_t> too_many_axes(31, newaxis());
  EXPECT_GA_ERROR(index(a, too_many_axes), GA_ERROR_INVALID_ARGUMENT, "at most 32 dimensions");
  const std::vector<ga_index_t> most_axes(30, newaxis());
  EXPECT_EQ(index(a, most_axes).ndim(), 32);
}
