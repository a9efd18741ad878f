// ravel's views without a device: C, F and A as reshape(-1), K in memory order. The copies it
// falls back to are tested in test_views_device.cpp.
#include "core/array/ravel.hpp"

#include "host_array.hpp"

using views_test::expect_layout;
using views_test::host_array;

TEST(RavelView, ViewsWheneverOneStrideWalksTheElements) {
  const garray::Array a = host_array({2, 3, 4});
  // Layouts from NumPy 1.24's a.reshape(-1, order=...) on the same inputs.
  expect_layout(*garray::ravel_view(a, GA_ORDER_C), {{24}, {1}, 0});
  expect_layout(*garray::ravel_view(a, GA_ORDER_A), {{24}, {1}, 0});
  EXPECT_FALSE(garray::ravel_view(a, GA_ORDER_F).has_value());
  const garray::Array transposed = a.view({4, 3, 2}, {1, 4, 12}, 0);  // a.T
  expect_layout(*garray::ravel_view(transposed, GA_ORDER_F), {{24}, {1}, 0});
  expect_layout(*garray::ravel_view(transposed, GA_ORDER_A), {{24}, {1}, 0});
  expect_layout(*garray::ravel_view(transposed, GA_ORDER_K), {{24}, {1}, 0});
  EXPECT_FALSE(garray::ravel_view(transposed, GA_ORDER_C).has_value());
  // a[:, 1] (2-D, not contiguous) has no flat view; a[1, ::2, 0] (1-D, stride 8) has one. NumPy's
  // ravel() copies the latter; CuPy's, like a.reshape(-1), views it.
  EXPECT_FALSE(garray::ravel_view(a.view({2, 4}, {12, 1}, 32), GA_ORDER_C).has_value());
  expect_layout(*garray::ravel_view(a.view({2}, {8}, 96), GA_ORDER_C), {{2}, {8}, 96});
}

TEST(RavelView, OrderKReadsMemoryOrder) {
  const garray::Array a = host_array({2, 3, 4});
  // a.transpose(1, 0, 2) is neither C- nor F-contiguous, but compact: ravel('K') views it.
  const garray::Array swapped = a.view({3, 2, 4}, {4, 12, 1}, 0);
  expect_layout(*garray::ravel_view(swapped, GA_ORDER_K), {{24}, {1}, 0});
  // a[..., None].transpose(3, 1, 0, 2): an axis of extent 1 does not matter.
  expect_layout(*garray::ravel_view(a.view({1, 3, 2, 4}, {0, 4, 12, 1}, 0), GA_ORDER_K),
                {{24}, {1}, 0});
  // a[:, ::-1]: negative strides are not memory order.
  EXPECT_FALSE(garray::ravel_view(a.view({2, 3, 4}, {12, -4, 1}, 64), GA_ORDER_K).has_value());
  // a[:, :, ::2].transpose(2, 0, 1): gaps.
  EXPECT_FALSE(garray::ravel_view(a.view({2, 2, 3}, {2, 12, 4}, 0), GA_ORDER_K).has_value());
  EXPECT_GA_ERROR(garray::ravel_view(a, static_cast<ga_order_t>(-1)), GA_ERROR_INVALID_ARGUMENT,
                  "order -1");
}

TEST(RavelView, EmptyAndZeroDimensionalArrays) {
  expect_layout(*garray::ravel_view(host_array({}), GA_ORDER_C), {{1}, {1}, 0});
  expect_layout(*garray::ravel_view(host_array({3, 0, 2}), GA_ORDER_K), {{0}, {1}, 0});
  expect_layout(*garray::ravel_view(host_array({1}), GA_ORDER_F), {{1}, {1}, 0});
  // np.arange(3.)[::3].ravel(): NumPy reshapes to (-1,), so the lone element gets a unit stride.
  expect_layout(*garray::ravel_view(host_array({3}).view({1}, {3}, 0), GA_ORDER_C), {{1}, {1}, 0});
  expect_layout(*garray::ravel_view(host_array({3}).view({1}, {3}, 0), GA_ORDER_K), {{1}, {1}, 0});
}
