#include "core/signal/convolution.hpp"

#include "core/array/dtype.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/manipulation/rearranging.hpp"
#include "core/runtime/device.hpp"
#include "core/signal/convolution_geometry.hpp"
#include "core/signal/convolution_kernels.hpp"
#include "core/signal/fft_convolution.hpp"

#include <cmath>
#include <optional>
#include <string>

namespace garray {

namespace {

namespace geometry = convolution_geometry;

// `array` reversed along every axis when `reversed`, as a C-contiguous array of `dtype`.
Array operand(const Array& array, ga_dtype_t dtype, bool reversed, const StreamRef& stream) {
  const Array view = reversed ? flip(array, std::nullopt) : array;
  if (!reversed && array.dtype() == dtype && array.is_c_contiguous()) return array;
  return copy_as(view, dtype, GA_ORDER_C, stream);
}

// What the kernels sum: out[m] = sum_k kernel[k] * input_ext[m + start - k], with the operands'
// conjugation flags, then the cast to the result's dtype.
struct DirectSum {
  Array input;
  Array kernel;
  bool conjugate_input = false;
  bool conjugate_kernel = false;
};

Array run_direct(const DirectSum& sum, ga_convolve_mode_t mode, ga_boundary_t boundary, bool same_start_rounds_up,
                 const ElementBytes& fill, ga_dtype_t compute, ga_dtype_t result,
                 const StreamRef& stream) {
  const convolution_kernels::Geometry g =
      geometry::geometry_of(sum.input.shape(), sum.kernel.shape(), mode, boundary, same_start_rounds_up);
  Dims out_shape;
  for (int d = 0; d < g.ndim; ++d) out_shape.push_back(g.output_shape[d]);
  const Array output = Array::empty(out_shape, compute, GA_ORDER_C, stream);
  {
    DeviceGuard guard(stream->device());
    convolution_kernels::convolve(compute, sum.input.data(), sum.kernel.data(), output.data(), g, fill.data(),
                                  {sum.conjugate_input, sum.conjugate_kernel}, stream->native());
  }
  return compute == result ? output : copy_as(output, result, GA_ORDER_C, stream);
}

void require_boundary(ga_boundary_t boundary, const char* function) {
  GA_REQUIRE_ARGUMENT(boundary == GA_BOUNDARY_FILL || boundary == GA_BOUNDARY_WRAP || boundary == GA_BOUNDARY_SYMM,
                      std::string(function) + ": boundary " + std::to_string(static_cast<int>(boundary)) +
                          " is not a ga_boundary_t value (fill, wrap, symm)");
}

void require_method(ga_convolve_method_t method, const char* function) {
  GA_REQUIRE_ARGUMENT(method == GA_CONVOLVE_METHOD_AUTO || method == GA_CONVOLVE_METHOD_DIRECT ||
                          method == GA_CONVOLVE_METHOD_FFT,
                      std::string(function) + ": method " + std::to_string(static_cast<int>(method)) +
                          " is not a ga_convolve_method_t value (auto, direct, fft)");
}

bool is_exact_kind(ga_dtype_t dtype) {
  const ga_dtype_kind_t kind = dtype_info(dtype).kind;
  return kind == GA_KIND_BOOL || kind == GA_KIND_SIGNED || kind == GA_KIND_UNSIGNED;
}

// SciPy's _conv_ops and _fftconv_faster: its operation counts weighed by constants fitted to
// timings (of a CPU; the choice only decides speed, never the values beyond rounding).
bool fft_is_faster(const Dims& x, const Dims& h, ga_convolve_mode_t mode) {
  double x_size = 1, h_size = 1, out_size = 1, full_size = 1;
  for (int d = 0; d < x.size(); ++d) {
    x_size *= static_cast<double>(x[d]);
    h_size *= static_cast<double>(h[d]);
    full_size *= static_cast<double>(x[d] + h[d] - 1);
    const std::int64_t out = mode == GA_CONVOLVE_FULL ? x[d] + h[d] - 1
                             : mode == GA_CONVOLVE_VALID ? std::llabs(x[d] - h[d]) + 1
                                                         : x[d];
    out_size *= static_cast<double>(out);
  }
  double direct_ops = 0;
  if (x.size() == 1) {
    const double s1 = x_size, s2 = h_size;
    if (mode == GA_CONVOLVE_FULL) direct_ops = s1 * s2;
    else if (mode == GA_CONVOLVE_VALID) direct_ops = s2 >= s1 ? (s2 - s1 + 1) * s1 : (s1 - s2 + 1) * s2;
    else direct_ops = s1 < s2 ? s1 * s2 : s1 * s2 - std::floor(s2 / 2) * std::floor((s2 + 1) / 2);
  } else {
    direct_ops = mode == GA_CONVOLVE_SAME ? x_size * h_size : std::min(x_size, h_size) * out_size;
  }
  const double fft_ops = 3 * full_size * std::log(full_size);
  const double offset = x.size() == 1 ? -1e-3 : -1e-4;
  double o_fft = 0, o_direct = 0, o_offset = offset;
  if (x.size() == 1) {
    if (mode == GA_CONVOLVE_VALID) o_fft = 1.89095737e-9, o_direct = 2.1364985e-10;
    else if (mode == GA_CONVOLVE_FULL) o_fft = 1.7649070e-9, o_direct = 2.1414831e-10;
    else if (h_size <= x_size) o_fft = 3.2646654e-9, o_direct = 2.8478277e-10;
    else o_fft = 3.21635404e-9, o_direct = 1.1773253e-8, o_offset = -1e-5;
  } else {
    if (mode == GA_CONVOLVE_VALID) o_fft = 1.85927e-9, o_direct = 2.11242e-8;
    else if (mode == GA_CONVOLVE_FULL) o_fft = 1.99817e-9, o_direct = 1.66174e-8;
    else o_fft = 2.04735e-9, o_direct = 1.55367e-8;
  }
  return o_fft * fft_ops < o_direct * direct_ops + o_offset;
}

}  // namespace

ga_convolve_method_t choose_conv_method(const Array& in1, const Array& in2, ga_convolve_mode_t mode) {
  geometry::require_mode(mode, "choose_conv_method");
  GA_REQUIRE(in1.ndim() == in2.ndim(), GA_ERROR_SHAPE_MISMATCH,
             "choose_conv_method: in1 and in2 should have the same dimensionality");
  if (is_exact_kind(geometry::result_dtype(in1, in2)) || in1.ndim() == 0 || in1.size() == 0 || in2.size() == 0) {
    return GA_CONVOLVE_METHOD_DIRECT;
  }
  return fft_is_faster(in1.shape(), in2.shape(), mode) ? GA_CONVOLVE_METHOD_FFT : GA_CONVOLVE_METHOD_DIRECT;
}

Array convolve(const Array& in1, const Array& in2, ga_convolve_mode_t mode, ga_convolve_method_t method,
               bool correlate, const StreamRef& stream) {
  const char* function = correlate ? "correlate" : "convolve";
  require_on_stream_device(in1, stream, "in1");
  require_on_stream_device(in2, stream, "in2");
  geometry::require_mode(mode, function);
  require_method(method, function);
  geometry::require_same_ndim_and_nonempty(in1, in2, function);
  const Array a = geometry::at_least_1d(in1), b = geometry::at_least_1d(in2);
  const bool swapped = geometry::swap_for_valid(a.shape(), b.shape(), mode, function);
  const ga_dtype_t result = geometry::result_dtype(a, b);
  if (method == GA_CONVOLVE_METHOD_AUTO) method = choose_conv_method(a, b, mode);
  // Integers and bool are summed exactly: SciPy's fft method rounds to the same values wherever
  // its floating-point spectra are exact enough to.
  const auto computed = [&]() -> Array {
    if (method == GA_CONVOLVE_METHOD_FFT && !is_exact_kind(result)) {
      return correlate ? fftcorrelate(a, b, mode, stream) : fftconvolve(a, b, mode, std::nullopt, stream);
    }
    const ga_dtype_t compute = geometry::direct_compute_dtype(result);
    const ElementBytes zero{};
    if (!correlate) {  // commutative: the larger input is the signal
      const DirectSum sum{operand(swapped ? b : a, compute, false, stream), operand(swapped ? a : b, compute, false, stream)};
      return run_direct(sum, mode, GA_BOUNDARY_FILL, false, zero, compute, result, stream);
    }
    // in1 with in2 reversed and conjugated; with swapped inputs the same convolution, its operands traded.
    const DirectSum sum = swapped ? DirectSum{operand(b, compute, true, stream), operand(a, compute, false, stream), true, false}
                                  : DirectSum{operand(a, compute, false, stream), operand(b, compute, true, stream), false, true};
    return run_direct(sum, mode, GA_BOUNDARY_FILL, false, zero, compute, result, stream);
  };
  const Array out = computed();
  return in1.ndim() == 0 ? out.view(Dims{}, Dims{}, 0) : out;
}

Array convolve2d(const Array& in1, const Array& in2, ga_convolve_mode_t mode, ga_boundary_t boundary,
                 const ga_scalar_t& fillvalue, bool correlate, const StreamRef& stream) {
  const char* function = correlate ? "correlate2d" : "convolve2d";
  require_on_stream_device(in1, stream, "in1");
  require_on_stream_device(in2, stream, "in2");
  geometry::require_mode(mode, function);
  require_boundary(boundary, function);
  GA_REQUIRE(in1.ndim() == 2 && in2.ndim() == 2, GA_ERROR_SHAPE_MISMATCH,
             std::string(function) + ": in1 and in2 should both be 2-D arrays (they are " +
                 std::to_string(in1.ndim()) + "-D and " + std::to_string(in2.ndim()) + "-D)");
  geometry::require_same_ndim_and_nonempty(in1, in2, function);
  validate_scalar(fillvalue, "fillvalue");
  const bool swapped = geometry::swap_for_valid(in1.shape(), in2.shape(), mode, function);
  const ga_dtype_t result = geometry::result_dtype(in1, in2);
  const ga_dtype_t compute = geometry::direct_compute_dtype(result);
  // SciPy casts the fill value to the result's dtype; the kernels read it in the compute dtype.
  const ElementBytes in_result = scalar_to_element(fillvalue, result);
  const ElementBytes fill = scalar_to_element(element_to_scalar(in_result.data(), result), compute);
  // SciPy correlates in1 with conj(in2); with swapped inputs, in2 with conj(in1), reversed. Either is
  // a convolution with one operand reversed.
  const DirectSum sum{operand(swapped ? in2 : in1, compute, correlate && swapped, stream),
                      operand(swapped ? in1 : in2, compute, correlate && !swapped, stream), false, correlate};
  return run_direct(sum, mode, boundary, correlate, fill, compute, result, stream);
}

}  // namespace garray
