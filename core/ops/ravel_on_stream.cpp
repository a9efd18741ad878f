#include "core/ops/ravel_on_stream.hpp"

#include "core/array/ravel.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"

#include <optional>

namespace garray {

Array ravel_on_stream(const Array& array, const StreamRef& stream) {
  if (std::optional<Array> view = ravel_view(array, GA_ORDER_C)) return *view;
  const std::optional<Array> flat = ravel_view(copy_as(array, array.dtype(), GA_ORDER_C, stream), GA_ORDER_C);
  GA_REQUIRE(flat.has_value(), GA_ERROR_INTERNAL, "a C-contiguous copy has no 1-D view");
  return *flat;
}

}  // namespace garray
