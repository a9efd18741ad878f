// Axis permutations, insertions and removals on host-backed arrays, checked against NumPy, and the
// atleast_Nd views.
#include "core/array/atleast.hpp"
#include "core/array/axes.hpp"

#include "host_array.hpp"

#include <vector>

using views_test::expect_layout;
using views_test::host_array;

namespace {

using Axes = std::vector<int>;

// Layouts in these tests come from NumPy 1.24 on a = np.arange(24.).reshape(2, 3, 4),
// t = a[:, ::-1, ::2] and b = np.arange(72.).reshape(2, 1, 3, 1, 2, 3, 2) (strides in elements,
// offsets in bytes).
class AxesTest : public ::testing::Test {
 protected:
  const garray::Array a = host_array({2, 3, 4});
  const garray::Array t = a.view({2, 3, 2}, {12, -4, 2}, 64);
  const garray::Array b = host_array({2, 1, 3, 1, 2, 3, 2});
};

}  // namespace

TEST_F(AxesTest, Transpose) {
  expect_layout(garray::transpose(a), {{4, 3, 2}, {1, 4, 12}, 0});
  expect_layout(garray::transpose(a, Axes{1, 2, 0}), {{3, 4, 2}, {4, 1, 12}, 0});
  expect_layout(garray::transpose(a, Axes{-1, 0, -2}), {{4, 2, 3}, {1, 12, 4}, 0});
  expect_layout(garray::transpose(t, Axes{2, 0, 1}), {{2, 2, 3}, {2, 12, -4}, 64});
  expect_layout(garray::transpose(b), {{2, 3, 2, 1, 3, 1, 2}, {1, 2, 6, 12, 12, 36, 36}, 0});
  expect_layout(garray::transpose(host_array({})), {{}, {}, 0});
  EXPECT_TRUE(garray::transpose(a).is_f_contiguous());
}

TEST_F(AxesTest, TransposeErrors) {
  EXPECT_GA_ERROR(garray::transpose(a, Axes{0, 1}), GA_ERROR_INVALID_ARGUMENT,
                  "axes don't match array: 2 axes for an array of dimension 3");
  EXPECT_GA_ERROR(garray::transpose(a, Axes{0, 1, 3}), GA_ERROR_INDEX,
                  "axes[2] 3 is out of bounds for an array of dimension 3");
  EXPECT_GA_ERROR(garray::transpose(a, Axes{0, -4, 1}), GA_ERROR_INDEX, "axes[1] -4");
  EXPECT_GA_ERROR(garray::transpose(a, Axes{0, 1, -3}), GA_ERROR_INVALID_ARGUMENT,
                  "repeated axis -3 in argument 'axes'");
}

TEST_F(AxesTest, SwapAxes) {
  expect_layout(garray::swapaxes(a, 0, 2), {{4, 3, 2}, {1, 4, 12}, 0});
  expect_layout(garray::swapaxes(a, -1, 1), {{2, 4, 3}, {12, 1, 4}, 0});
  expect_layout(garray::swapaxes(t, 1, 1), {{2, 3, 2}, {12, -4, 2}, 64});
  EXPECT_GA_ERROR(garray::swapaxes(a, 3, 0), GA_ERROR_INDEX,
                  "axis1 3 is out of bounds for an array of dimension 3");
  EXPECT_GA_ERROR(garray::swapaxes(a, 0, -4), GA_ERROR_INDEX, "axis2 -4");
}

TEST_F(AxesTest, MoveAxis) {
  expect_layout(garray::moveaxis(a, Axes{0}, Axes{-1}), {{3, 4, 2}, {4, 1, 12}, 0});
  expect_layout(garray::moveaxis(a, Axes{0, 1}, Axes{-1, -2}), {{4, 3, 2}, {1, 4, 12}, 0});
  expect_layout(garray::moveaxis(b, Axes{6, 0, 3}, Axes{0, 5, 1}),
                {{2, 1, 1, 3, 2, 2, 3}, {1, 12, 36, 12, 6, 36, 2}, 0});
  expect_layout(garray::moveaxis(a, Axes{}, Axes{}), {{2, 3, 4}, {12, 4, 1}, 0});
}

TEST_F(AxesTest, MoveAxisErrors) {
  EXPECT_GA_ERROR(garray::moveaxis(a, Axes{0, 1}, Axes{0}), GA_ERROR_INVALID_ARGUMENT,
                  "source has 2 axes but destination has 1");
  EXPECT_GA_ERROR(garray::moveaxis(a, Axes{0, -3}, Axes{1, 2}), GA_ERROR_INVALID_ARGUMENT,
                  "repeated axis -3 in argument 'source'");
  EXPECT_GA_ERROR(garray::moveaxis(a, Axes{0, 1}, Axes{2, 2}), GA_ERROR_INVALID_ARGUMENT,
                  "repeated axis 2 in argument 'destination'");
  EXPECT_GA_ERROR(garray::moveaxis(a, Axes{3}, Axes{0}), GA_ERROR_INDEX, "source[0] 3");
  EXPECT_GA_ERROR(garray::moveaxis(a, Axes{0}, Axes{-4}), GA_ERROR_INDEX, "destination[0] -4");
  const Axes too_many(33, 0);
  EXPECT_GA_ERROR(garray::moveaxis(a, too_many, too_many), GA_ERROR_INVALID_ARGUMENT,
                  "argument 'source' has 33 entries");
}

TEST_F(AxesTest, ExpandDims) {
  expect_layout(garray::expand_dims(a, Axes{0, 4}), {{1, 2, 3, 4, 1}, {24, 12, 4, 1, 1}, 0});
  expect_layout(garray::expand_dims(a, Axes{-1}), {{2, 3, 4, 1}, {12, 4, 1, 1}, 0});
  expect_layout(garray::expand_dims(t, Axes{1, 3}), {{2, 1, 3, 1, 2}, {12, -12, -4, 4, 2}, 64});
  expect_layout(garray::expand_dims(garray::transpose(a), Axes{0, 2}),
                {{1, 4, 1, 3, 2}, {4, 1, 12, 4, 12}, 0});
  // np.expand_dims(a[:, :1], 0)
  expect_layout(garray::expand_dims(a.view({2, 1, 4}, {12, 4, 1}, 0), Axes{0}),
                {{1, 2, 1, 4}, {24, 12, 4, 1}, 0});
  expect_layout(garray::expand_dims(a, Axes{}), {{2, 3, 4}, {12, 4, 1}, 0});
  expect_layout(garray::expand_dims(host_array({}), Axes{0, -1}), {{1, 1}, {1, 1}, 0});
}

TEST_F(AxesTest, ExpandDimsErrors) {
  EXPECT_GA_ERROR(garray::expand_dims(a, Axes{5}), GA_ERROR_INDEX,
                  "axes[0] 5 is out of bounds for an array of dimension 4");
  EXPECT_GA_ERROR(garray::expand_dims(a, Axes{0, -5}), GA_ERROR_INVALID_ARGUMENT,
                  "repeated axis -5 in argument 'axes'");
  const Axes thirty(30);
  EXPECT_GA_ERROR(garray::expand_dims(a, thirty), GA_ERROR_INVALID_ARGUMENT,
                  "expanding an array of dimension 3 by 30 axes exceeds 32 dimensions");
  Axes twenty_nine;
  for (int axis = 0; axis < 29; ++axis) twenty_nine.push_back(axis);
  EXPECT_EQ(garray::expand_dims(a, twenty_nine).ndim(), 32);
}

TEST_F(AxesTest, Squeeze) {
  expect_layout(garray::squeeze(b), {{2, 3, 2, 3, 2}, {36, 12, 6, 2, 1}, 0});
  expect_layout(garray::squeeze(b, Axes{1, -4}), {{2, 3, 2, 3, 2}, {36, 12, 6, 2, 1}, 0});
  // b[:, :, 1:2, :, ::-1] squeezed on axes (2, 3)
  const garray::Array sliced = b.view({2, 1, 1, 1, 2, 3, 2}, {36, 36, 12, 12, -6, 2, 1}, 144);
  expect_layout(garray::squeeze(sliced, Axes{2, 3}), {{2, 1, 2, 3, 2}, {36, 36, -6, 2, 1}, 144});
  // np.squeeze(a[:1, :, :1])
  expect_layout(garray::squeeze(a.view({1, 3, 1}, {12, 4, 1}, 0)), {{3}, {4}, 0});
  expect_layout(garray::squeeze(a, Axes{}), {{2, 3, 4}, {12, 4, 1}, 0});
  expect_layout(garray::squeeze(host_array({1, 1})), {{}, {}, 0});
  expect_layout(garray::squeeze(host_array({0, 1})), {{0}, {1}, 0});
}

TEST_F(AxesTest, SqueezeErrors) {
  EXPECT_GA_ERROR(garray::squeeze(b, Axes{0}), GA_ERROR_SHAPE_MISMATCH,
                  "axis 0 of shape (2, 1, 3, 1, 2, 3, 2) has extent 2");
  EXPECT_GA_ERROR(garray::squeeze(b, Axes{7}), GA_ERROR_INDEX, "axes[0] 7");
  EXPECT_GA_ERROR(garray::squeeze(b, Axes{1, 1}), GA_ERROR_INVALID_ARGUMENT, "repeated axis 1");
}

TEST_F(AxesTest, AtLeastND) {
  const garray::Array scalar = host_array({});
  const garray::Array row = a.view({4}, {1}, 0);                    // a[0, 0]
  const garray::Array reversed_rows = a.view({3, 4}, {-4, 1}, 64);  // a[0, ::-1]
  expect_layout(garray::atleast_1d(scalar), {{1}, {1}, 0});
  expect_layout(garray::atleast_1d(row), {{4}, {1}, 0});
  expect_layout(garray::atleast_2d(scalar), {{1, 1}, {1, 1}, 0});
  expect_layout(garray::atleast_2d(row), {{1, 4}, {0, 1}, 0});
  expect_layout(garray::atleast_2d(a), {{2, 3, 4}, {12, 4, 1}, 0});
  expect_layout(garray::atleast_3d(scalar), {{1, 1, 1}, {1, 1, 1}, 0});
  expect_layout(garray::atleast_3d(row), {{1, 4, 1}, {0, 1, 0}, 0});
  expect_layout(garray::atleast_3d(reversed_rows), {{3, 4, 1}, {-4, 1, 0}, 64});
  expect_layout(garray::atleast_3d(b), {{2, 1, 3, 1, 2, 3, 2}, {36, 36, 12, 12, 6, 2, 1}, 0});
  EXPECT_TRUE(garray::atleast_3d(b).is_view());
}
