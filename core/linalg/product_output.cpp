#include "core/linalg/product_output.hpp"

#include "core/array/layout.hpp"
#include "core/array/overlap.hpp"
#include "core/array/promotion.hpp"
#include "core/array/reshape.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"

#include <algorithm>
#include <string>

namespace garray {

void check_product_out(const Array& out, const Dims& shape, ga_dtype_t result, const char* name) {
  GA_REQUIRE(out.shape() == shape, GA_ERROR_SHAPE_MISMATCH,
             std::string(name) + ": out has shape " + format_shape(out.shape()) + " but the result has shape " +
                 format_shape(shape));
  GA_REQUIRE(can_cast(result, out.dtype(), Casting::same_kind), GA_ERROR_DTYPE,
             std::string(name) + ": cannot cast the result from " + dtype_info(result).name + " to out's " +
                 dtype_info(out.dtype()).name + " with casting rule 'same_kind'");
  GA_REQUIRE_ARGUMENT(out.writeable(), std::string(name) + ": out is read-only");
}

Array write_product(const Dims& shape, ga_dtype_t result, const std::optional<Array>& out,
                    std::span<const Array> inputs, const char* name,
                    const std::function<void(const Array& product)>& compute, const StreamRef& stream) {
  if (out) check_product_out(*out, shape, result, name);
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

Array reshaped(const Array& array, const Dims& shape, const StreamRef& stream) {
  if (auto view = reshape_view(array, shape, GA_ORDER_C)) return *view;
  return *reshape_view(copy_as(array, array.dtype(), GA_ORDER_C, stream), shape, GA_ORDER_C);
}

Array compact_view(const Array& array, const Dims& shape) {
  return array.view(shape, contiguous_strides(shape, GA_ORDER_C), array.byte_offset());
}

}  // namespace garray
