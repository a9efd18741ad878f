// Broadcasting on host-backed arrays: shapes, zero strides and writeability, checked against NumPy.
#include "core/array/broadcast.hpp"

#include "host_array.hpp"

#include <vector>

using views_test::expect_layout;
using views_test::host_array;

namespace {

garray::Dims common_shape(const std::vector<garray::Dims>& shapes) {
  return garray::broadcast_shapes(shapes, "shapes");
}

}  // namespace

TEST(BroadcastShapes, MatchesNumPy) {
  // np.broadcast_shapes(...) in NumPy 1.24.
  EXPECT_EQ(common_shape({{8, 1, 6, 1}, {7, 1, 5}}), (garray::Dims{8, 7, 6, 5}));
  EXPECT_EQ(common_shape({{5, 4}, {1}, {4}}), (garray::Dims{5, 4}));
  EXPECT_EQ(common_shape({{0, 1}, {1, 3}}), (garray::Dims{0, 3}));
  EXPECT_EQ(common_shape({{}, {2, 0}}), (garray::Dims{2, 0}));
  EXPECT_EQ(common_shape({}), (garray::Dims{}));
  EXPECT_EQ(common_shape({{1, 1, 1, 1, 1, 1, 33}, {7, 1, 1, 1, 1, 1}}),
            (garray::Dims{1, 7, 1, 1, 1, 1, 33}));
}

TEST(BroadcastShapes, NamesBothShapesOfAMismatch) {
  EXPECT_GA_ERROR(common_shape({{2, 1}, {1, 3}, {4, 1}}), GA_ERROR_SHAPE_MISMATCH,
                  "shapes[0] has shape (2, 1) and shapes[2] has shape (4, 1)");
  EXPECT_GA_ERROR(common_shape({{3}, {0}}), GA_ERROR_SHAPE_MISMATCH,
                  "shapes[0] has shape (3,) and shapes[1] has shape (0,)");
  EXPECT_GA_ERROR(common_shape({{2}, {-1}}), GA_ERROR_INVALID_ARGUMENT,
                  "negative dimensions are not allowed: shapes[1] is (-1,)");
}

TEST(BroadcastTo, StretchedAxesGetZeroStridesAndAreReadOnly) {
  const garray::Array column = host_array({3, 1});
  // np.broadcast_to(np.arange(3.).reshape(3, 1), ...).strides / 8
  const garray::Array stretched = garray::broadcast_to(column, {2, 3, 4});
  expect_layout(stretched, {{2, 3, 4}, {0, 1, 0}, 0});
  EXPECT_FALSE(stretched.writeable());
  EXPECT_TRUE(stretched.is_view());
  EXPECT_EQ(stretched.buffer(), column.buffer());
  expect_layout(garray::broadcast_to(column, {2, 3, 1}), {{2, 3, 1}, {0, 1, 0}, 0});
  // np.broadcast_to(np.arange(6.).reshape(1, 6)[:, ::2], (1, 3))
  const garray::Array every_other = host_array({1, 6}).view({1, 3}, {6, 2}, 0);
  expect_layout(garray::broadcast_to(every_other, {1, 3}), {{1, 3}, {0, 2}, 0});
  expect_layout(garray::broadcast_to(host_array({}), {2, 3}), {{2, 3}, {0, 0}, 0});
  expect_layout(garray::broadcast_to(host_array({1, 3}), {0, 3}), {{0, 3}, {0, 1}, 0});
  expect_layout(garray::broadcast_to(host_array({2, 1}), {2, 0}), {{2, 0}, {1, 0}, 0});
  expect_layout(garray::broadcast_to(host_array({33}), {7, 1, 1, 1, 1, 1, 33}),
                {{7, 1, 1, 1, 1, 1, 33}, {0, 0, 0, 0, 0, 0, 1}, 0});
}

TEST(BroadcastTo, Errors) {
  const garray::Array a = host_array({2, 3});
  EXPECT_GA_ERROR(garray::broadcast_to(a, {4, 3, 2}), GA_ERROR_SHAPE_MISMATCH,
                  "an array of shape (2, 3) cannot be broadcast to shape (4, 3, 2)");
  EXPECT_GA_ERROR(garray::broadcast_to(a, {3}), GA_ERROR_SHAPE_MISMATCH,
                  "shape (2, 3) cannot be broadcast to shape (3,)");
  EXPECT_GA_ERROR(garray::broadcast_to(a, {2, 0}), GA_ERROR_SHAPE_MISMATCH, "shape (2, 0)");
  EXPECT_GA_ERROR(garray::broadcast_to(a, {-1, 2, 3}), GA_ERROR_INVALID_ARGUMENT,
                  "negative dimensions are not allowed: shape is (-1, 2, 3)");
}

TEST(BroadcastArrays, EqualShapesGiveUnchangedWriteableViews) {
  const garray::Array a = host_array({1, 3});
  const garray::Array b = host_array({1, 3});
  const std::vector<garray::Array> inputs{a, b};
  const std::vector<garray::Array> views = garray::broadcast_arrays(inputs);
  ASSERT_EQ(views.size(), 2u);
  expect_layout(views[0], {{1, 3}, {3, 1}, 0});
  EXPECT_TRUE(views[0].writeable());
  EXPECT_EQ(views[1].buffer(), b.buffer());
}

TEST(BroadcastArrays, StretchedResultsAreReadOnly) {
  // np.broadcast_arrays(np.ones((2, 1, 3)), np.arange(3.)[::-1], np.array(1.)), strides / 8.
  const garray::Array reversed = host_array({3}).view({3}, {-1}, 16);
  const std::vector<garray::Array> inputs{host_array({2, 1, 3}), reversed, host_array({})};
  const std::vector<garray::Array> views = garray::broadcast_arrays(inputs);
  ASSERT_EQ(views.size(), 3u);
  expect_layout(views[0], {{2, 1, 3}, {3, 0, 1}, 0});
  expect_layout(views[1], {{2, 1, 3}, {0, 0, -1}, 16});
  expect_layout(views[2], {{2, 1, 3}, {0, 0, 0}, 0});
  EXPECT_TRUE(views[0].writeable()) << "its shape did not change";
  EXPECT_FALSE(views[1].writeable());
  EXPECT_FALSE(views[2].writeable());
}

TEST(BroadcastArrays, NoneAndMismatches) {
  EXPECT_TRUE(garray::broadcast_arrays({}).empty());
  const std::vector<garray::Array> inputs{host_array({2, 3}), host_array({3, 2})};
  EXPECT_GA_ERROR(garray::broadcast_arrays(inputs), GA_ERROR_SHAPE_MISMATCH,
                  "arrays[0] has shape (2, 3) and arrays[1] has shape (3, 2)");
}
