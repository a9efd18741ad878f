// Reshaping without a device: the -1 inference, NumPy's view-or-copy decision and the strides of
// the views, and every error.
#include "core/array/reshape.hpp"

#include "host_array.hpp"

#include <optional>

using views_test::expect_layout;
using views_test::host_array;
using views_test::Layout;

namespace {

// A view of a fresh host array laid out as `layout`.
garray::Array laid_out(const Layout& layout) {
  const garray::Array base = host_array({64 * 1024});
  return base.view(layout.shape, layout.strides, layout.byte_offset);
}

}  // namespace

TEST(ResolveRequestedShape, InfersTheOneUnknownExtent) {
  EXPECT_EQ(garray::resolve_requested_shape({-1, 4}, 24), (garray::Dims{6, 4}));
  EXPECT_EQ(garray::resolve_requested_shape({2, -1, 3}, 24), (garray::Dims{2, 4, 3}));
  EXPECT_EQ(garray::resolve_requested_shape({-1}, 0), (garray::Dims{0}));
  EXPECT_EQ(garray::resolve_requested_shape({-1, 5}, 0), (garray::Dims{0, 5}));
  EXPECT_EQ(garray::resolve_requested_shape({}, 1), (garray::Dims{}));
  EXPECT_EQ(garray::resolve_requested_shape({1, -1, 1}, 1), (garray::Dims{1, 1, 1}));
}

TEST(ResolveRequestedShape, SizeMismatchesAndBadExtents) {
  EXPECT_GA_ERROR(garray::resolve_requested_shape({4, -1}, 6), GA_ERROR_SHAPE_MISMATCH,
                  "cannot reshape array of size 6 into shape (4, -1)");
  EXPECT_GA_ERROR(garray::resolve_requested_shape({5}, 6), GA_ERROR_SHAPE_MISMATCH,
                  "size 6 into shape (5,)");
  // NumPy: "cannot reshape array of size 0 into shape (-1, 0)": no extent fits the -1.
  EXPECT_GA_ERROR(garray::resolve_requested_shape({-1, 0}, 0), GA_ERROR_SHAPE_MISMATCH, "size 0");
  EXPECT_GA_ERROR(garray::resolve_requested_shape({1LL << 62, 1LL << 62, -1}, 6),
                  GA_ERROR_SHAPE_MISMATCH, "size 6");
  EXPECT_GA_ERROR(garray::resolve_requested_shape({1LL << 62, 1LL << 62}, 0),
                  GA_ERROR_SHAPE_MISMATCH, "size 0");
  // The same extents after a 0 (found by fuzz/views.cpp): the non-zero extents must fit whatever
  // their order, or contiguous_strides() overflows on the accepted shape.
  EXPECT_GA_ERROR(garray::resolve_requested_shape({0, 1LL << 62, 4}, 0), GA_ERROR_SHAPE_MISMATCH,
                  "cannot reshape array of size 0 into shape (0, 4611686018427387904, 4)");
  EXPECT_GA_ERROR(garray::resolve_requested_shape({0, -1, 1LL << 62, 4}, 0), GA_ERROR_SHAPE_MISMATCH, "size 0");
  EXPECT_EQ(garray::resolve_requested_shape({0, 1LL << 60, 4}, 0), (garray::Dims{0, 1LL << 60, 4}));
  EXPECT_GA_ERROR(garray::resolve_requested_shape({-1, -1}, 6), GA_ERROR_INVALID_ARGUMENT,
                  "only specify one unknown dimension");
  EXPECT_GA_ERROR(garray::resolve_requested_shape({-2, 3}, 6), GA_ERROR_INVALID_ARGUMENT,
                  "negative dimensions");
}

TEST(ReshapeView, ViewOrCopyAndStridesMatchNumPy) {
  struct Case {
    const char* numpy;
    Layout input;
    garray::Dims requested;
    ga_order_t order;
    bool is_view;
    Layout expected;  // strides and offset only meaningful for a view
  };
  // From NumPy 1.24 on a = np.arange(24.).reshape(2, 3, 4): the input's layout, whether the result
  // shares memory with `a`, and the view's layout (strides in elements, offsets in bytes). Empty
  // arrays get compact strides in both libraries.
  const Case cases[] = {
      {"a.reshape((4, 6), order='C')",
       {{2, 3, 4}, {12, 4, 1}, 0},
       {4, 6},
       GA_ORDER_C,
       true,
       {{4, 6}, {6, 1}, 0}},
      {"a.reshape((-1,), order='C')",
       {{2, 3, 4}, {12, 4, 1}, 0},
       {-1},
       GA_ORDER_C,
       true,
       {{24}, {1}, 0}},
      {"a.reshape((4, -1), order='F')",
       {{2, 3, 4}, {12, 4, 1}, 0},
       {4, -1},
       GA_ORDER_F,
       false,
       {{4, 6}, {}, 0}},
      {"a.reshape((2, 3, 4), order='F')",
       {{2, 3, 4}, {12, 4, 1}, 0},
       {2, 3, 4},
       GA_ORDER_F,
       true,
       {{2, 3, 4}, {12, 4, 1}, 0}},
      {"a.T.reshape((12, 2), order='C')",
       {{4, 3, 2}, {1, 4, 12}, 0},
       {12, 2},
       GA_ORDER_C,
       false,
       {{12, 2}, {}, 0}},
      {"a.T.reshape((12, 2), order='F')",
       {{4, 3, 2}, {1, 4, 12}, 0},
       {12, 2},
       GA_ORDER_F,
       true,
       {{12, 2}, {1, 12}, 0}},
      {"a.T.reshape((2, 3, 4), order='A')",
       {{4, 3, 2}, {1, 4, 12}, 0},
       {2, 3, 4},
       GA_ORDER_A,
       true,
       {{2, 3, 4}, {1, 2, 6}, 0}},
      {"a.T.reshape((4, 6), order='A')",
       {{4, 3, 2}, {1, 4, 12}, 0},
       {4, 6},
       GA_ORDER_A,
       true,
       {{4, 6}, {1, 4}, 0}},
      {"a.T.reshape((4, 3, 2), order='C')",
       {{4, 3, 2}, {1, 4, 12}, 0},
       {4, 3, 2},
       GA_ORDER_C,
       true,
       {{4, 3, 2}, {1, 4, 12}, 0}},
      {"a[:, :, ::2].reshape((6, 2), order='C')",
       {{2, 3, 2}, {12, 4, 2}, 0},
       {6, 2},
       GA_ORDER_C,
       true,
       {{6, 2}, {4, 2}, 0}},
      {"a[:, :, ::2].reshape((3, 4), order='C')",
       {{2, 3, 2}, {12, 4, 2}, 0},
       {3, 4},
       GA_ORDER_C,
       true,
       {{3, 4}, {8, 2}, 0}},
      {"a[:, :, ::2].reshape((2, 3, 2, 1), order='C')",
       {{2, 3, 2}, {12, 4, 2}, 0},
       {2, 3, 2, 1},
       GA_ORDER_C,
       true,
       {{2, 3, 2, 1}, {12, 4, 2, 2}, 0}},
      {"a[:, :, ::2].reshape((12,), order='C')",
       {{2, 3, 2}, {12, 4, 2}, 0},
       {12},
       GA_ORDER_C,
       true,
       {{12}, {2}, 0}},
      {"a[:, ::-1].reshape((2, 12), order='C')",
       {{2, 3, 4}, {12, -4, 1}, 64},
       {2, 12},
       GA_ORDER_C,
       false,
       {{2, 12}, {}, 0}},
      {"a[:, ::-1].reshape((6, 4), order='C')",
       {{2, 3, 4}, {12, -4, 1}, 64},
       {6, 4},
       GA_ORDER_C,
       false,
       {{6, 4}, {}, 0}},
      {"a[:, ::-1].reshape((2, 3, 2, 2), order='C')",
       {{2, 3, 4}, {12, -4, 1}, 64},
       {2, 3, 2, 2},
       GA_ORDER_C,
       true,
       {{2, 3, 2, 2}, {12, -4, 2, 1}, 64}},
      {"a[:, 1:].reshape((4, 4), order='C')",
       {{2, 2, 4}, {12, 4, 1}, 32},
       {4, 4},
       GA_ORDER_C,
       false,
       {{4, 4}, {}, 0}},
      {"a[:, 1:].reshape((2, 1, 2, 1, 4, 1), order='C')",
       {{2, 2, 4}, {12, 4, 1}, 32},
       {2, 1, 2, 1, 4, 1},
       GA_ORDER_C,
       true,
       {{2, 1, 2, 1, 4, 1}, {12, 8, 4, 4, 1, 1}, 32}},
      {"a[:, 1:].reshape((1, 16), order='C')",
       {{2, 2, 4}, {12, 4, 1}, 32},
       {1, 16},
       GA_ORDER_C,
       false,
       {{1, 16}, {}, 0}},
      {"a[:, 1:].reshape((2, 8), order='C')",
       {{2, 2, 4}, {12, 4, 1}, 32},
       {2, 8},
       GA_ORDER_C,
       true,
       {{2, 8}, {12, 1}, 32}},
      {"a[:, 1:].transpose(2, 0, 1).reshape((4, 2, 2), order='F')",
       {{4, 2, 2}, {1, 12, 4}, 32},
       {4, 2, 2},
       GA_ORDER_F,
       true,
       {{4, 2, 2}, {1, 12, 4}, 32}},
      {"a[:, 1:].transpose(2, 0, 1).reshape((4, 4), order='F')",
       {{4, 2, 2}, {1, 12, 4}, 32},
       {4, 4},
       GA_ORDER_F,
       false,
       {{4, 4}, {}, 0}},
      {"a[:, 1:].transpose(2, 0, 1).reshape((16,), order='F')",
       {{4, 2, 2}, {1, 12, 4}, 32},
       {16},
       GA_ORDER_F,
       false,
       {{16}, {}, 0}},
      {"a[:, :1].reshape((2, 4), order='C')",
       {{2, 1, 4}, {12, 4, 1}, 0},
       {2, 4},
       GA_ORDER_C,
       true,
       {{2, 4}, {12, 1}, 0}},
      {"a[:, :1].reshape((8,), order='F')",
       {{2, 1, 4}, {12, 4, 1}, 0},
       {8},
       GA_ORDER_F,
       false,
       {{8}, {}, 0}},
      {"a[:, :1].T.reshape((4, 2), order='C')",
       {{4, 1, 2}, {1, 4, 12}, 0},
       {4, 2},
       GA_ORDER_C,
       true,
       {{4, 2}, {1, 12}, 0}},
      {"a[:, :1].T.reshape((1, 4, 2, 1), order='F')",
       {{4, 1, 2}, {1, 4, 12}, 0},
       {1, 4, 2, 1},
       GA_ORDER_F,
       true,
       {{1, 4, 2, 1}, {1, 1, 12, 24}, 0}},
      {"a[:, :0].reshape((0, 5), order='C')",
       {{2, 0, 4}, {12, 4, 1}, 0},
       {0, 5},
       GA_ORDER_C,
       true,
       {{0, 5}, {5, 1}, 0}},
      {"a[:, :0].reshape((-1,), order='F')",
       {{2, 0, 4}, {12, 4, 1}, 0},
       {-1},
       GA_ORDER_F,
       true,
       {{0}, {1}, 0}},
      {"a[:, :0].T.reshape((5, 0, 1), order='C')",
       {{4, 0, 2}, {1, 4, 12}, 0},
       {5, 0, 1},
       GA_ORDER_C,
       true,
       {{5, 0, 1}, {1, 1, 1}, 0}},
      {"a[1, 1, 2:3].reshape((1, 1, 1), order='C')",
       {{1}, {1}, 144},
       {1, 1, 1},
       GA_ORDER_C,
       true,
       {{1, 1, 1}, {1, 1, 1}, 144}},
      {"a[1, 1, 2:3].reshape((), order='C')", {{1}, {1}, 144}, {}, GA_ORDER_C, true, {{}, {}, 144}},
      {"a[1, 1, 2:3].reshape((1, 1), order='F')",
       {{1}, {1}, 144},
       {1, 1},
       GA_ORDER_F,
       true,
       {{1, 1}, {1, 1}, 144}},
      {"a[..., None, :].reshape((6, 1, 4), order='C')",
       {{2, 3, 1, 4}, {12, 4, 0, 1}, 0},
       {6, 1, 4},
       GA_ORDER_C,
       true,
       {{6, 1, 4}, {4, 4, 1}, 0}},
      {"a[..., None, :][:, ::2].reshape((2, 2, 1, 4), order='C')",
       {{2, 2, 1, 4}, {12, 8, 0, 1}, 0},
       {2, 2, 1, 4},
       GA_ORDER_C,
       true,
       {{2, 2, 1, 4}, {12, 8, 0, 1}, 0}},
      {"a[..., None, :][:, ::2].reshape((4, 4), order='C')",
       {{2, 2, 1, 4}, {12, 8, 0, 1}, 0},
       {4, 4},
       GA_ORDER_C,
       false,
       {{4, 4}, {}, 0}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.numpy);
    const garray::Array input = laid_out(c.input);
    const std::optional<garray::Array> view = garray::reshape_view(input, c.requested, c.order);
    ASSERT_EQ(view.has_value(), c.is_view);
    if (!view) continue;
    expect_layout(*view, c.expected);
    EXPECT_EQ(view->buffer(), input.buffer());
    EXPECT_TRUE(view->is_view());
    // A view needs no device, so the copying entry point gives the same view with the current
    // stream left unresolved (as ga_array_reshape() passes a NULL stream).
    expect_layout(garray::reshape(input, c.requested, c.order, garray::DeferredStream::current()), c.expected);
  }
}

TEST(ReshapeView, SevenDimensionsAndSizeOneAxes) {
  // np.arange(720.).reshape(2, 1, 3, 1, 4, 5, 6)[:, :, ::-1] reshaped to (2, 3, 20, 6) and (6,
  // 120): the first keeps a view (the reversed axis stays whole), the second needs a copy.
  const garray::Array a = host_array({2, 1, 3, 1, 4, 5, 6});
  const garray::Array reversed =
      a.view({2, 1, 3, 1, 4, 5, 6}, {360, 360, -120, 120, 30, 6, 1}, 240 * 8);
  const std::optional<garray::Array> view =
      garray::reshape_view(reversed, {2, 3, 20, 6}, GA_ORDER_C);
  ASSERT_TRUE(view.has_value());
  expect_layout(*view, {{2, 3, 20, 6}, {360, -120, 6, 1}, 1920});
  EXPECT_FALSE(garray::reshape_view(reversed, {6, 120}, GA_ORDER_C).has_value());
}

TEST(ReshapeView, OrderKAndUnknownOrdersAreInvalid) {
  const garray::Array a = host_array({2, 3});
  EXPECT_GA_ERROR(garray::reshape_view(a, {3, 2}, GA_ORDER_K), GA_ERROR_INVALID_ARGUMENT,
                  "order K is not permitted for reshaping");
  EXPECT_GA_ERROR(garray::reshape_view(a, {3, 2}, static_cast<ga_order_t>(9)),
                  GA_ERROR_INVALID_ARGUMENT, "order 9");
  EXPECT_GA_ERROR(garray::reshape_view(a, {4, 2}, GA_ORDER_C), GA_ERROR_SHAPE_MISMATCH,
                  "cannot reshape array of size 6 into shape (4, 2)");
}
