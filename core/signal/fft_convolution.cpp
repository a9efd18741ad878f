#include "core/signal/fft_convolution.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/dtype.hpp"
#include "core/common/error.hpp"
#include "core/fft/transforms.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/manipulation/axis_views.hpp"
#include "core/ops/manipulation/rearranging.hpp"
#include "core/runtime/device.hpp"
#include "core/signal/convolution_geometry.hpp"
#include "core/signal/spectrum_kernels.hpp"

#include <algorithm>
#include <string>

namespace garray {

namespace {

namespace geometry = convolution_geometry;

std::vector<int> normalized_axes(const std::optional<std::vector<int>>& axes, int ndim) {
  std::vector<int> result;
  if (!axes) {
    for (int a = 0; a < ndim; ++a) result.push_back(a);
    return result;
  }
  for (int axis : *axes) {
    GA_REQUIRE_ARGUMENT(axis >= -ndim && axis < ndim,
                        "fftconvolve: axis " + std::to_string(axis) + " is out of range for " + std::to_string(ndim) +
                            "-D inputs");
    const int normalized = axis < 0 ? axis + ndim : axis;
    GA_REQUIRE_ARGUMENT(std::find(result.begin(), result.end(), normalized) == result.end(),
                        "fftconvolve: axis " + std::to_string(axis) + " is repeated");
    result.push_back(normalized);
  }
  return result;
}

bool is_axis(const std::vector<int>& axes, int d) { return std::find(axes.begin(), axes.end(), d) != axes.end(); }

// The dtype both inputs are transformed in: float32 or complex64 for single and half precision, else
// float64 or complex128 (integers and bool included), as scipy.fft's.
ga_dtype_t transform_dtype(ga_dtype_t result) {
  const ga_dtype_kind_t kind = dtype_info(result).kind;
  if (kind == GA_KIND_COMPLEX) return result == GA_COMPLEX64 ? GA_COMPLEX64 : GA_COMPLEX128;
  if (kind == GA_KIND_FLOAT) return result == GA_FLOAT64 ? GA_FLOAT64 : GA_FLOAT32;
  return GA_FLOAT64;
}

Array as_dtype(const Array& array, ga_dtype_t dtype, const StreamRef& stream) {
  return array.dtype() == dtype && array.is_c_contiguous() ? array : copy_as(array, dtype, GA_ORDER_C, stream);
}

}  // namespace

std::int64_t next_fast_length(std::int64_t n) {
  for (std::int64_t m = std::max<std::int64_t>(n, 1);; ++m) {
    std::int64_t rest = m;
    for (std::int64_t p : {2, 3, 5, 7}) {
      while (rest % p == 0) rest /= p;
    }
    if (rest == 1) return m;
  }
}

Array fftconvolve(const Array& in1, const Array& in2, ga_convolve_mode_t mode,
                  const std::optional<std::vector<int>>& axes, const StreamRef& stream) {
  require_on_stream_device(in1, stream, "in1");
  require_on_stream_device(in2, stream, "in2");
  geometry::require_mode(mode, "fftconvolve");
  geometry::require_same_ndim_and_nonempty(in1, in2, "fftconvolve");
  const Array a = geometry::at_least_1d(in1), b = geometry::at_least_1d(in2);
  const int ndim = a.ndim();
  const std::vector<int> over = normalized_axes(axes, ndim);
  Dims s1 = a.shape(), s2 = b.shape();
  Dims axis_shape1, axis_shape2;
  for (int d = 0; d < ndim; ++d) {
    if (is_axis(over, d)) {
      axis_shape1.push_back(s1[d]);
      axis_shape2.push_back(s2[d]);
    } else {
      GA_REQUIRE(s1[d] == s2[d] || s1[d] == 1 || s2[d] == 1, GA_ERROR_SHAPE_MISMATCH,
                 "fftconvolve: incompatible shapes for in1 and in2 along axis " + std::to_string(d));
    }
  }
  const bool swapped = geometry::swap_for_valid(axis_shape1, axis_shape2, mode, "fftconvolve");
  if (swapped) std::swap(s1, s2);
  const ga_dtype_t dtype = transform_dtype(geometry::result_dtype(a, b));
  const bool complex = dtype_info(dtype).kind == GA_KIND_COMPLEX;
  const Array x1 = as_dtype(swapped ? b : a, dtype, stream), x2 = as_dtype(swapped ? a : b, dtype, stream);

  FftRequest forward, inverse;
  forward.kind = complex ? GA_FFT_FORWARD : GA_FFT_REAL_FORWARD;
  inverse.kind = complex ? GA_FFT_INVERSE : GA_FFT_REAL_INVERSE;
  std::vector<std::int64_t> lengths;
  for (int d : over) lengths.push_back(next_fast_length(s1[d] + s2[d] - 1));
  forward.lengths = inverse.lengths = lengths;
  forward.axes = inverse.axes = over;

  Array spectrum1 = fft(x1, forward, std::nullopt, stream);
  Array spectrum2 = fft(x2, forward, std::nullopt, stream);
  if (spectrum1.shape() != spectrum2.shape()) {  // the other axes broadcast
    Dims common = spectrum1.shape();
    for (int d = 0; d < ndim; ++d) common[d] = std::max(common[d], spectrum2.shape()[d]);
    if (spectrum1.shape() != common) spectrum1 = copy_as(broadcast_to(spectrum1, common), spectrum1.dtype(), GA_ORDER_C, stream);
    if (spectrum2.shape() != common) spectrum2 = copy_as(broadcast_to(spectrum2, common), spectrum2.dtype(), GA_ORDER_C, stream);
  }
  {
    DeviceGuard guard(stream->device());
    spectrum_kernels::multiply(spectrum1.dtype(), spectrum1.data(), spectrum2.data(), spectrum1.size(),
                               stream->native());
  }
  Array product = fft(spectrum1, inverse, std::nullopt, stream);

  // Cut the padded product to the full result, then to the mode's part of it (SciPy's _centered).
  for (int d : over) {
    const std::int64_t full = s1[d] + s2[d] - 1;
    const std::int64_t kept = mode == GA_CONVOLVE_FULL   ? full
                              : mode == GA_CONVOLVE_SAME ? in1.ndim() == 0 ? 1 : in1.shape()[d]
                                                         : s1[d] - s2[d] + 1;
    const std::int64_t start = (full - kept) / 2;
    product = slice_axis(product, d, start, start + kept);
  }
  const Array result = as_dtype(product, product.dtype(), stream);
  return in1.ndim() == 0 ? result.view(Dims{}, Dims{}, 0) : result;
}

Array fftcorrelate(const Array& in1, const Array& in2, ga_convolve_mode_t mode, const StreamRef& stream) {
  require_on_stream_device(in2, stream, "in2");
  const Array reversed = copy_as(flip(in2, std::nullopt), in2.dtype(), GA_ORDER_C, stream);
  if (dtype_info(reversed.dtype()).kind == GA_KIND_COMPLEX) {
    DeviceGuard guard(stream->device());
    spectrum_kernels::conjugate(reversed.dtype(), reversed.data(), reversed.size(), stream->native());
  }
  return fftconvolve(in1, reversed, mode, std::nullopt, stream);
}

}  // namespace garray
