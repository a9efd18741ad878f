#include "core/ops/destination.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"

#include <string>

namespace garray {

void require_destination(const Array& out, const DestinationRule& rule, const StreamRef& stream, const char* what) {
  require_on_stream_device(out, stream, what);
  out.require_writeable(what);
  GA_REQUIRE(out.shape() == rule.shape, GA_ERROR_SHAPE_MISMATCH,
             std::string(what) + " has shape " + format_shape(out.shape()) + " but the result has shape " +
                 format_shape(rule.shape));
  GA_REQUIRE(can_cast(rule.result_dtype, out.dtype(), rule.casting), GA_ERROR_DTYPE,
             std::string("cannot cast the result from ") + dtype_info(rule.result_dtype).name + " to " + what +
                 "'s " + dtype_info(out.dtype()).name + " with casting rule '" + casting_name(rule.casting) + "'");
}

void require_destination(const std::optional<Array>& out, const DestinationRule& rule, const StreamRef& stream,
                         const char* what) {
  if (out) require_destination(*out, rule, stream, what);
}

Array deliver(const Array& result, const std::optional<Array>& out, const StreamRef& stream) {
  if (!out) return result;
  const bool same_storage = result.data() == out->data() && result.dtype() == out->dtype() &&
                            result.shape() == out->shape() && result.strides() == out->strides();
  if (!same_storage) copy_into(result, *out, stream);
  return *out;
}

}  // namespace garray
