// reshaped_strides(), NumPy's attempt to reshape without copying, on its own: random strided
// layouts whose expected answers NumPy gave, and its precondition.
#include "core/array/reshape.hpp"

#include "host_array.hpp"

#include <optional>

TEST(ReshapedStrides, RandomStridedLayoutsMatchNumPy) {
  struct Case {
    garray::Dims shape;
    garray::Dims strides;
    garray::Dims new_shape;
    ga_order_t order;
    bool is_view;
    garray::Dims new_strides;
  };
  // Random transposed, sliced and newaxis-extended views of np.arange(n.).reshape(...) that are
  // not contiguous in the order asked, so that NumPy runs _attempt_nocopy_reshape; generated with
  // NumPy 1.24 (strides in elements).
  const Case cases[] = {
      {{2, 4, 4, 1}, {32, 4, 1, -2}, {1, 2, 16}, GA_ORDER_C, true, {64, 32, 1}},
      {{1, 1, 3, 2}, {1, 1, 2, 1}, {1, 3, 2}, GA_ORDER_F, true, {2, 2, 1}},
      {{5, 3, 2, 3}, {12, 60, 6, 1}, {5, 3, 2, 1, 1, 3}, GA_ORDER_F, true, {12, 60, 6, 1, 1, 1}},
      {{4, 1, 2, 1, 1}, {1, 1, 4, 16, 1}, {4, 2, 1, 1}, GA_ORDER_C, true, {1, 4, 4, 4}},
      {{2, 2}, {-2, 1}, {1, 2, 2}, GA_ORDER_C, true, {-4, -2, 1}},
      {{1, 2, 1}, {-3, -2, -1}, {2, 1}, GA_ORDER_F, true, {-2, -4}},
      {{5, 2, 5}, {10, -5, -1}, {5, 2, 5, 1}, GA_ORDER_C, true, {10, -5, -1, -1}},
      {{4, 4, 4, 1}, {16, 4, 1, 1}, {2, 2, 4, 4}, GA_ORDER_F, true, {16, 32, 4, 1}},
      {{5, 1, 5, 1}, {5, 5, -1, 0}, {5, 5}, GA_ORDER_C, true, {5, -1}},
      {{3, 2, 1, 4}, {16, 8, -8, 1}, {3, 2, 4, 1, 1}, GA_ORDER_C, true, {16, 8, 1, 1, 1}},
      {{2, 5, 3, 1}, {1, 6, 2, 1}, {2, 15}, GA_ORDER_C, true, {1, 2}},
      {{3, 3, 1, 3, 1, 1},
       {18, 1, -36, 6, 6, 0},
       {3, 1, 3, 3, 1, 1},
       GA_ORDER_F,
       true,
       {18, 1, 1, 6, 18, 18}},
      {{3, 4}, {8, 1}, {3, 4, 1}, GA_ORDER_F, true, {8, 1, 4}},
      {{1, 1, 1, 3}, {6, -6, -1, -1}, {3}, GA_ORDER_F, true, {-1}},
      {{4, 1, 2}, {4, 4, 1}, {4, 1, 1, 2}, GA_ORDER_C, true, {4, 2, 2, 1}},
      {{2, 4, 1, 2, 1, 2, 1},
       {32, 8, 8, 4, 4, 1, 1},
       {2, 8, 2, 1},
       GA_ORDER_C,
       true,
       {32, 4, 1, 1}},
      {{3, 1, 2, 2, 4, 4, 2},
       {256, 256, -128, 32, 8, 2, 1},
       {1, 3, 2, 64, 1},
       GA_ORDER_C,
       true,
       {768, 256, -128, 1, 1}},
      {{1, 1, 2, 5, 3, 2},
       {-240, 240, 60, 12, 4, 2},
       {30, 2, 1, 1},
       GA_ORDER_C,
       true,
       {4, 2, 2, 2}},
      {{3, 4, 4, 3, 1}, {-160, 20, 5, 2, 0}, {3, 8, 1, 3, 2}, GA_ORDER_C, false, {}},
      {{5, 2, 5, 2}, {20, 10, 2, 1}, {2, 1, 50}, GA_ORDER_F, false, {}},
      {{2, 4, 2, 1, 5, 5}, {1, 20, 2, 160, 160, -4}, {1, 16, 5, 5}, GA_ORDER_C, false, {}},
      {{2, 5, 2}, {-10, 2, 1}, {1, 20}, GA_ORDER_C, false, {}},
      {{4, 3, 2, 5, 4, 3, 1},
       {720, 240, -120, 12, 3, 1, 0},
       {12, 30, 2, 2, 1, 1},
       GA_ORDER_C,
       false,
       {}},
      {{4, 5, 1, 5}, {25, 5, 5, 1}, {20, 5}, GA_ORDER_F, false, {}},
      {{2, 2, 2, 4, 3}, {96, -4, 1, 8, -32}, {8, 12}, GA_ORDER_F, false, {}},
      {{2, 4, 1}, {4, 1, 4}, {4, 2, 1}, GA_ORDER_F, false, {}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(garray::format_shape(c.shape) + " strides " + garray::format_shape(c.strides) +
                 " -> " + garray::format_shape(c.new_shape) +
                 (c.order == GA_ORDER_F ? " F" : " C"));
    const std::optional<garray::Dims> strides =
        garray::reshaped_strides(c.shape, c.strides, c.new_shape, c.order);
    ASSERT_EQ(strides.has_value(), c.is_view);
    if (strides) {
      EXPECT_EQ(*strides, c.new_strides);
    }
  }
}

TEST(ReshapedStrides, NeedsEqualNonZeroSizes) {
  EXPECT_GA_ERROR(garray::reshaped_strides({2, 3}, {3, 1}, {5}, GA_ORDER_C),
                  GA_ERROR_INVALID_ARGUMENT, "equal, non-zero sizes");
  EXPECT_GA_ERROR(garray::reshaped_strides({0, 3}, {3, 1}, {0}, GA_ORDER_C),
                  GA_ERROR_INVALID_ARGUMENT, "equal, non-zero sizes");
}
