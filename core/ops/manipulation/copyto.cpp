#include "core/ops/manipulation/copyto.hpp"

#include "core/array/broadcast.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/manipulation/axis_views.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"


namespace garray {

void copyto(const Array& destination, const Array& source, Casting casting, const std::optional<Array>& where,
            const StreamRef& stream) {
  destination.require_writeable("destination");
  require_castable(source.dtype(), destination.dtype(), casting);
  broadcast_strides(source.shape(), source.strides(), destination.shape());
  if (!where) {
    copy_into(source, destination, stream);
    return;
  }
  require_castable(where->dtype(), GA_BOOL, Casting::safe);
  broadcast_strides(where->shape(), where->strides(), destination.shape());
  const UfuncOperand operands[] = {{&*where, {}, false}, {&source, {}, false}, {&destination, {}, false}};
  const std::optional<Array> outputs[] = {destination};
  UfuncOptions options;
  // The loop of the destination's dtype: the source is converted as it is read, as copy_into does.
  options.casting = Casting::unsafe;
  options.signature = {GA_BOOL, destination.dtype(), destination.dtype(), destination.dtype()};
  call_ufunc(find_ufunc("where"), operands, outputs, options, stream);
}

}  // namespace garray
