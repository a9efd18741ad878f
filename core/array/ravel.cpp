#include "core/array/ravel.hpp"

#include "core/array/reshape.hpp"
#include "core/common/error.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace garray {

namespace {

// Whether the elements fill a compact block at unit stride when visited in memory order: with the
// axes sorted by stride, each stride is positive and spans exactly the faster axes before it.
bool is_compact_in_memory_order(const Array& array) {
  int order[kMaxDims];
  for (int i = 0; i < array.ndim(); ++i) order[i] = i;
  const Dims& strides = array.strides();
  std::stable_sort(order, order + array.ndim(),
                   [&](int a, int b) { return std::llabs(strides[a]) < std::llabs(strides[b]); });
  std::int64_t expected = 1;
  for (int i = 0; i < array.ndim(); ++i) {
    const std::int64_t extent = array.shape()[order[i]];
    if (extent == 1) continue;
    if (strides[order[i]] != expected) return false;
    expected *= extent;
  }
  return true;
}

}  // namespace

std::optional<Array> ravel_view(const Array& array, ga_order_t order) {
  // Asking for (-1,) rather than (size,) matters, as in NumPy: a contiguous 1-D array then gets a
  // fresh unit stride even when its one element has another.
  const Dims unknown_length{-1};
  if (order != GA_ORDER_K) return reshape_view(array, unknown_length, order);
  if (array.is_c_contiguous()) return reshape_view(array, unknown_length, GA_ORDER_C);
  if (array.is_f_contiguous()) return reshape_view(array, unknown_length, GA_ORDER_F);
  if (!is_compact_in_memory_order(array)) return std::nullopt;
  return array.view(Dims{array.size()}, Dims{1}, array.byte_offset());
}

Array ravel(const Array& array, ga_order_t order, DeferredStream stream) {
  if (std::optional<Array> view = ravel_view(array, order)) return *view;
  return flatten(array, order, stream);
}

Array flatten(const Array& array, ga_order_t order, DeferredStream stream) {
  GA_REQUIRE_ARGUMENT(
      order >= GA_ORDER_C && order <= GA_ORDER_K,
      "order " + std::to_string(static_cast<int>(order)) + " is not a ga_order_t value");
  const Array copy = copy_in_order(array, order, stream.get());
  const std::optional<Array> flat = ravel_view(copy, order);
  GA_REQUIRE(flat.has_value(), GA_ERROR_INTERNAL,
          "the copy in order " + std::to_string(static_cast<int>(order)) + " is not compact");
  return as_owner(copy, flat->shape(), flat->strides());
}

}  // namespace garray
