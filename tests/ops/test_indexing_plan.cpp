// How advanced indices become indexed loops, on the host (arrays over host memory, no kernels):
// NumPy's result shapes for adjacent and separated advanced items, the loop's strides, and the
// refusals. The GPU tests check the values the kernels then move.
#include "core/array/array.hpp"
#include "core/common/error.hpp"
#include "core/ops/indexing/advanced_index.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace {

// An array of `shape` in C order over zeroed host memory that the test owns (never dereferenced
// by a kernel here).
class HostArrays {
 public:
  garray::Array make(std::initializer_list<std::int64_t> extents, ga_dtype_t dtype = GA_INT64) {
    garray::Dims shape(extents);
    garray::Dims strides = garray::Dims::filled(shape.size(), 1);
    std::int64_t size = 1;
    for (int d = shape.size() - 1; d >= 0; --d) {
      strides[d] = size;
      size *= shape[d];
    }
    storage_.push_back(std::make_unique<std::vector<std::int64_t>>(static_cast<std::size_t>(size) * 2 + 1));
    auto buffer = std::make_shared<garray::Buffer>(storage_.back()->data(), storage_.back()->size() * 8, 0,
                                                   garray::MemoryKind::device, false, [] {});
    return garray::Array(buffer, dtype, shape, strides, 0, true, false);
  }

 private:
  std::vector<std::unique_ptr<std::vector<std::int64_t>>> storage_;
};

garray::IndexItem array_item(const garray::Array& array) { return {ga_index_t{}, &array}; }
garray::IndexItem slice_item(std::int64_t start = 0, std::int64_t stop = 0, std::int64_t step = 1,
                             int has_start = 0, int has_stop = 0) {
  return {ga_index_t{GA_INDEX_SLICE, start, stop, step, has_start, has_stop}, nullptr};
}
garray::IndexItem integer_item(std::int64_t value) { return {ga_index_t{GA_INDEX_INTEGER, value, 0, 1, 0, 0}, nullptr}; }
garray::IndexItem kind_item(ga_index_kind_t kind) { return {ga_index_t{kind, 0, 0, 1, 0, 0}, nullptr}; }

garray::Dims planned_shape(const garray::Array& array, std::vector<garray::IndexItem> items) {
  return garray::plan_advanced_index(array, items).shape;
}

TEST(IndexingPlan, ResultShapesFollowNumPy) {
  HostArrays arrays;
  const garray::Array a = arrays.make({5, 6, 7}, GA_FLOAT32);
  const garray::Array column = arrays.make({3, 1});
  const garray::Array row = arrays.make({1, 2});
  const garray::Array pair = arrays.make({2});
  const garray::Array triple = arrays.make({3});
  // Values are NumPy's shapes for the same keys.
  EXPECT_EQ(planned_shape(a, {array_item(column), slice_item(1, 5, 2, 1, 1), array_item(row)}), (garray::Dims{3, 2, 2}));
  EXPECT_EQ(planned_shape(a, {slice_item(), integer_item(2), array_item(pair)}), (garray::Dims{5, 2}));
  EXPECT_EQ(planned_shape(a, {integer_item(1), slice_item(), array_item(triple)}), (garray::Dims{3, 6}));
  EXPECT_EQ(planned_shape(a, {array_item(pair)}), (garray::Dims{2, 6, 7}));
  EXPECT_EQ(planned_shape(a, {kind_item(GA_INDEX_NEWAXIS), array_item(pair), kind_item(GA_INDEX_ELLIPSIS),
                              kind_item(GA_INDEX_NEWAXIS)}),
            (garray::Dims{1, 2, 6, 7, 1}));
  EXPECT_EQ(planned_shape(a, {kind_item(GA_INDEX_ELLIPSIS), array_item(pair)}), (garray::Dims{5, 6, 2}));
  EXPECT_EQ(planned_shape(a, {slice_item(), array_item(column), array_item(row)}), (garray::Dims{5, 3, 2}));
  EXPECT_EQ(planned_shape(a, {array_item(column), array_item(row), integer_item(-1)}), (garray::Dims{3, 2}));
  EXPECT_EQ(planned_shape(a, {array_item(pair), slice_item(), slice_item()}), (garray::Dims{2, 6, 7}));
  EXPECT_EQ(planned_shape(a, {slice_item(), array_item(pair), slice_item()}), (garray::Dims{5, 2, 7}));
  EXPECT_EQ(planned_shape(a, {array_item(pair), slice_item(), array_item(pair)}), (garray::Dims{2, 6}));
  EXPECT_EQ(planned_shape(a, {array_item(arrays.make({0}))}), (garray::Dims{0, 6, 7}));
}

TEST(IndexingPlan, LoopStridesWalkTheViewAndTheIndexArrays) {
  HostArrays arrays;
  const garray::Array a = arrays.make({5, 6, 7}, GA_FLOAT32);  // strides 42, 7, 1
  const garray::Array column = arrays.make({3, 1});
  const garray::Array row = arrays.make({1, 2});
  const std::vector<garray::IndexItem> items{array_item(column), slice_item(1, 5, 2, 1, 1), array_item(row)};
  const garray::IndexedLoop loop = garray::plan_advanced_index(a, items);
  EXPECT_EQ(loop.shape, (garray::Dims{3, 2, 2}));
  EXPECT_EQ(loop.array_strides, (garray::Dims{0, 0, 14}));  // the slice: stride 7 × step 2
  EXPECT_EQ(loop.array.byte_offset(), 7 * 4);                // starts at a[:, 1, :]
  ASSERT_EQ(loop.indices.size(), 2u);
  EXPECT_EQ(loop.indices[0].strides, (garray::Dims{1, 0, 0}));
  EXPECT_EQ(loop.indices[0].extent, 5);
  EXPECT_EQ(loop.indices[0].stride, 42);
  EXPECT_EQ(loop.indices[1].strides, (garray::Dims{0, 1, 0}));
  EXPECT_EQ(loop.indices[1].extent, 7);
  EXPECT_EQ(loop.indices[1].stride, 1);
  EXPECT_EQ(loop.indices[1].axis, 2);
}

TEST(IndexingPlan, RefusalsHaveTheirStatuses) {
  HostArrays arrays;
  const garray::Array a = arrays.make({3, 4}, GA_FLOAT32);
  const garray::Array floats = arrays.make({2}, GA_FLOAT64);
  const garray::Array masks = arrays.make({2}, GA_BOOL);
  const garray::Array pair = arrays.make({2});
  const garray::Array triple = arrays.make({3});
  const auto status_of = [&](std::vector<garray::IndexItem> items) {
    try {
      garray::plan_advanced_index(a, items);
    } catch (const garray::Error& error) {
      return error.status();
    }
    return GA_OK;
  };
  EXPECT_EQ(status_of({array_item(floats)}), GA_ERROR_DTYPE);
  EXPECT_EQ(status_of({array_item(masks)}), GA_ERROR_DTYPE);
  EXPECT_EQ(status_of({array_item(pair), array_item(triple)}), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(status_of({array_item(pair), array_item(pair), array_item(pair)}), GA_ERROR_INDEX);
  EXPECT_EQ(status_of({kind_item(GA_INDEX_ELLIPSIS), kind_item(GA_INDEX_ELLIPSIS), array_item(pair)}), GA_ERROR_INDEX);
  EXPECT_EQ(status_of({array_item(pair), slice_item(0, 0, 0)}), GA_ERROR_INVALID_ARGUMENT);
  const garray::Array wide = arrays.make({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, GA_FLOAT32);
  std::vector<garray::IndexItem> fifteen(15, array_item(pair));
  try {
    garray::plan_advanced_index(wide, fifteen);
    ADD_FAILURE() << "15 index arrays were accepted";
  } catch (const garray::Error& error) {
    EXPECT_EQ(error.status(), GA_ERROR_UNSUPPORTED);
  }
}

}  // namespace
