#include "core/random/destination.hpp"

#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"

namespace garray::random {

void require_sample(const Destination& destination, const StreamRef& stream) {
  for (std::int64_t extent : destination.shape) {
    GA_REQUIRE_ARGUMENT(extent >= 0, "negative dimensions are not allowed");
  }
  garray::require_destination(destination.out, {destination.shape, destination.dtype}, stream);
}

Array kernel_target(const Destination& destination, ga_dtype_t kernel_dtype, const StreamRef& stream) {
  require_sample(destination, stream);
  if (destination.out && destination.out->dtype() == kernel_dtype && destination.out->is_c_contiguous()) {
    return *destination.out;
  }
  return Array::empty(destination.shape, kernel_dtype, GA_ORDER_C, stream);
}

Array finish(const Array& drawn, const Destination& destination, const StreamRef& stream) {
  if (destination.out) return garray::deliver(drawn, destination.out, stream);
  if (drawn.dtype() == destination.dtype) return drawn;
  return copy_as(drawn, destination.dtype, GA_ORDER_C, stream);
}

}  // namespace garray::random
