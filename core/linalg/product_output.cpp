#include "core/linalg/product_output.hpp"

#include "core/array/layout.hpp"
#include "core/array/overlap.hpp"
#include "core/array/reshape.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"

#include <algorithm>

namespace garray {

Array write_product(const Dims& shape, ga_dtype_t result, const std::optional<Array>& out,
                    std::span<const Array> inputs, const std::function<void(const Array& product)>& compute,
                    const StreamRef& stream) {
  require_destination(out, {shape, result}, stream);
  const bool direct = out && out->dtype() == result && out->is_c_contiguous() &&
                      std::none_of(inputs.begin(), inputs.end(),
                                   [&](const Array& input) { return may_share_memory(input, *out); });
  if (direct) {
    compute(*out);
    return *out;
  }
  const Array product = Array::empty(shape, result, GA_ORDER_C, stream);
  compute(product);
  if (!out) return product;
  copy_into(product, *out, stream);
  return *out;
}

Array deliver_computed(const Array& result, const std::optional<Array>& out, const StreamRef& stream) {
  require_destination(out, {result.shape(), result.dtype()}, stream);
  return deliver(result, out, stream);
}

Array reshaped(const Array& array, const Dims& shape, const StreamRef& stream) {
  if (auto view = reshape_view(array, shape, GA_ORDER_C)) return *view;
  return *reshape_view(copy_as(array, array.dtype(), GA_ORDER_C, stream), shape, GA_ORDER_C);
}

Array compact_view(const Array& array, const Dims& shape) {
  return array.view(shape, contiguous_strides(shape, GA_ORDER_C), array.byte_offset());
}

}  // namespace garray
