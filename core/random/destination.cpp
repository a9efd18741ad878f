#include "core/random/destination.hpp"

#include "core/array/dtype.hpp"
#include "core/array/promotion.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"

#include <string>

namespace garray::random {

void require_destination(const Destination& destination, const StreamRef& stream) {
  for (std::int64_t extent : destination.shape) {
    GA_REQUIRE_ARGUMENT(extent >= 0, "negative dimensions are not allowed");
  }
  if (!destination.out) return;
  const Array& out = *destination.out;
  GA_REQUIRE(out.shape() == destination.shape, GA_ERROR_SHAPE_MISMATCH,
             "out has another shape than the requested size");
  GA_REQUIRE(can_cast(destination.dtype, out.dtype(), Casting::same_kind), GA_ERROR_DTYPE,
             std::string("cannot cast the ") + dtype_info(destination.dtype).name + " sample to out's dtype " +
                 dtype_info(out.dtype()).name + " (same_kind)");
  out.require_writeable("out");
  require_on_stream_device(out, stream, "out");
}

Array kernel_target(const Destination& destination, ga_dtype_t kernel_dtype, const StreamRef& stream) {
  require_destination(destination, stream);
  if (destination.out && destination.out->dtype() == kernel_dtype && destination.out->is_c_contiguous()) {
    return *destination.out;
  }
  return Array::empty(destination.shape, kernel_dtype, GA_ORDER_C, stream);
}

Array finish(const Array& drawn, const Destination& destination, const StreamRef& stream) {
  if (destination.out) {
    if (drawn.data() != destination.out->data()) copy_into(drawn, *destination.out, stream);
    return *destination.out;
  }
  if (drawn.dtype() == destination.dtype) return drawn;
  return copy_as(drawn, destination.dtype, GA_ORDER_C, stream);
}

}  // namespace garray::random
