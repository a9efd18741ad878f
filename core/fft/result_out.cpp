#include "core/fft/result_out.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/common/error.hpp"
#include "core/ops/device_check.hpp"

#include <string>

namespace garray {

void require_result_out(const Array& out, const Dims& shape, ga_dtype_t dtype, const StreamRef& stream) {
  require_on_stream_device(out, stream, "out");
  out.require_writeable("out");
  GA_REQUIRE(out.shape() == shape, GA_ERROR_SHAPE_MISMATCH,
             "out has shape " + format_shape(out.shape()) + " but the result has shape " + format_shape(shape));
  GA_REQUIRE(can_cast(dtype, out.dtype(), Casting::same_kind), GA_ERROR_DTYPE,
             std::string("cannot cast the result from ") + dtype_info(dtype).name + " to out's " +
                 dtype_info(out.dtype()).name + " with casting rule 'same_kind'");
}

}  // namespace garray
