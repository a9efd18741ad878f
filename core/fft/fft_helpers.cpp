#include "core/fft/fft_helpers.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/manipulation/rearranging.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace garray {

namespace {

const ElementwiseKernel& frequency_kernel() {
  static const auto* kernel = new ElementwiseKernel(kFrequencyInParams, kFrequencyOutParams, kFrequencyOperation,
                                                    "ga_fft_frequencies", "", {});  // outlives static teardown
  return *kernel;
}

}  // namespace

Array fft_frequencies(std::int64_t n, double d, bool real, ga_dtype_t dtype, const std::optional<Array>& out,
                      const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(n >= 1, "n is " + std::to_string(n) + "; it must be at least 1");
  GA_REQUIRE_ARGUMENT(d != 0.0 && std::isfinite(d), "d is " + std::to_string(d) + "; it must be nonzero and finite");
  GA_REQUIRE(dtype == GA_FLOAT32 || dtype == GA_FLOAT64, GA_ERROR_DTYPE,
             std::string("dtype ") + dtype_info(dtype).name + " is not float32 or float64");
  const std::int64_t count = real ? n / 2 + 1 : n;
  const Dims shape{count};
  require_destination(out, {shape, dtype}, stream);
  const Array result = Array::empty(shape, dtype, GA_ORDER_C, stream);
  // NumPy computes the integer sequence times 1 / (n d); so does the kernel.
  const std::int64_t wrap = real ? count : (n + 1) / 2;
  const KernelArgument inputs[3] = {{nullptr, make_int_scalar(n, GA_INT64)},
                                    {nullptr, make_int_scalar(wrap, GA_INT64)},
                                    {nullptr, make_real_scalar(1.0 / (static_cast<double>(n) * d), GA_FLOAT64)}};
  const std::optional<Array> outputs[1] = {result};
  frequency_kernel()(inputs, outputs, -1, stream);
  return deliver(result, out, stream);
}

Array fft_shift(const Array& array, const std::optional<std::span<const int>>& axes, bool inverse,
                const std::optional<Array>& out, const StreamRef& stream) {
  require_on_stream_device(array, stream, "a");
  std::vector<int> chosen;
  if (axes) {
    chosen.assign(axes->begin(), axes->end());
    for (int& axis : chosen) axis = normalize_axis(axis, array.ndim(), "axes");
  } else {
    for (int axis = 0; axis < array.ndim(); ++axis) chosen.push_back(axis);
  }
  require_destination(out, {array.shape(), array.dtype()}, stream);
  if (chosen.empty()) return deliver(copy_as(array, array.dtype(), GA_ORDER_C, stream), out, stream);
  std::vector<std::int64_t> shifts;
  for (const int axis : chosen) {
    const std::int64_t half = array.shape()[axis] / 2;
    shifts.push_back(inverse ? -half : half);
  }
  return deliver(roll(array, shifts, std::span<const int>(chosen), stream), out, stream);
}

}  // namespace garray
