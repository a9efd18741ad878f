#include "core/fft/transforms.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/overlap.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/fft/fft_steps.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/ufunc/ufunc.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace garray {

namespace {

// What distinguishes the kinds: which side is real, the direction of the complex passes, which
// scaling table the norm reads, and where a conjugate is taken (hfft/ihfft, as NumPy defines them).
struct KindTraits {
  bool real_input;
  bool real_output;
  bool inverse;
  bool scales_like_forward;  // "backward" leaves it unscaled and "forward" scales by 1/n
  bool conjugate_input;
  bool conjugate_output;
};

KindTraits traits_of(ga_fft_kind_t kind) {
  switch (kind) {
    case GA_FFT_FORWARD: return {false, false, false, true, false, false};
    case GA_FFT_INVERSE: return {false, false, true, false, false, false};
    case GA_FFT_REAL_FORWARD: return {true, false, false, true, false, false};
    case GA_FFT_REAL_INVERSE: return {false, true, true, false, false, false};
    case GA_FFT_HERMITIAN_FORWARD: return {false, true, true, true, true, false};
    case GA_FFT_HERMITIAN_INVERSE: return {true, false, false, false, false, true};
  }
  throw Error(GA_ERROR_INVALID_ARGUMENT,
              "kind " + std::to_string(static_cast<int>(kind)) + " is not a ga_fft_kind_t value");
}

double norm_factor(ga_fft_norm_t norm, bool scales_like_forward, double points) {
  switch (norm) {
    case GA_FFT_NORM_BACKWARD: return scales_like_forward ? 1.0 : 1.0 / points;
    case GA_FFT_NORM_ORTHO: return 1.0 / std::sqrt(points);
    case GA_FFT_NORM_FORWARD: return scales_like_forward ? 1.0 / points : 1.0;
  }
  throw Error(GA_ERROR_INVALID_ARGUMENT,
              "norm " + std::to_string(static_cast<int>(norm)) + " is not a ga_fft_norm_t value");
}

bool single_precision(ga_dtype_t dtype) {
  return dtype == GA_FLOAT16 || dtype == GA_BFLOAT16 || dtype == GA_FLOAT32 || dtype == GA_COMPLEX64;
}

// NumPy's _cook_nd_args: the transformed axes and the length of each.
struct TransformAxes {
  std::vector<int> axes;
  std::vector<std::int64_t> lengths;
};

TransformAxes cook_axes(const Array& array, const FftRequest& request, const KindTraits& traits) {
  const int ndim = array.ndim();
  TransformAxes cooked;
  if (request.axes) {
    const Dims normalized = normalize_axes(*request.axes, ndim, "axes");
    cooked.axes.assign(normalized.begin(), normalized.end());
  }
  if (request.lengths && request.axes) {
    GA_REQUIRE_ARGUMENT(request.lengths->size() == request.axes->size(),
                        "s has " + std::to_string(request.lengths->size()) + " entries and axes " +
                            std::to_string(request.axes->size()) +
                            " (NumPy's 'Shape and axes have different lengths')");
  }
  if (!request.axes) {
    const int count = request.lengths ? static_cast<int>(request.lengths->size()) : ndim;
    GA_REQUIRE_ARGUMENT(count <= ndim,
                        "s has " + std::to_string(count) + " entries but a has only " + std::to_string(ndim) + " axes");
    for (int axis = ndim - count; axis < ndim; ++axis) cooked.axes.push_back(axis);
  }
  GA_REQUIRE_ARGUMENT(!cooked.axes.empty() || (!traits.real_input && !traits.real_output),
                      "a real transform needs at least one axis");
  for (std::size_t i = 0; i < cooked.axes.size(); ++i) {
    const std::int64_t extent = array.shape()[cooked.axes[i]];
    std::int64_t length = extent;
    if (request.lengths) {
      length = (*request.lengths)[i] == -1 ? extent : (*request.lengths)[i];
    } else if (traits.real_output && i + 1 == cooked.axes.size()) {
      length = (extent - 1) * 2;
    }
    GA_REQUIRE_ARGUMENT(length >= 1, "Invalid number of FFT data points (" + std::to_string(length) +
                                         ") specified for axis " + std::to_string(cooked.axes[i]));
    cooked.lengths.push_back(length);
  }
  return cooked;
}

// The input cut or zero-padded to `shape` and converted to `dtype`: a view of it when neither
// changes anything, else a new C-contiguous array.
FftWorking staged_input(const Array& array, const Dims& shape, ga_dtype_t dtype, const StreamRef& stream) {
  Dims common = array.shape();
  bool pads = false;
  for (int axis = 0; axis < shape.size(); ++axis) {
    pads = pads || shape[axis] > common[axis];
    common[axis] = std::min(common[axis], shape[axis]);
  }
  const Array cut = common == array.shape() ? array : array.view(common, array.strides(), array.byte_offset());
  if (!pads) {
    if (dtype == array.dtype()) return {cut, false};
    return {copy_as(cut, dtype, GA_ORDER_C, stream), true};
  }
  const Array padded = full(shape, make_real_scalar(0.0, dtype), dtype, GA_ORDER_C, stream);
  copy_into(cut, padded.view(common, padded.strides(), padded.byte_offset()), stream);
  return {padded, true};
}

void conjugate_in_place(const Array& array, const StreamRef& stream) {
  static const Ufunc& conjugate = find_ufunc("conjugate");
  const UfuncOperand inputs[1] = {{&array, {}, false}};
  const std::optional<Array> outputs[1] = {array};
  call_ufunc(conjugate, inputs, outputs, UfuncOptions{}, stream);
}

void scale_in_place(const Array& array, double factor, const StreamRef& stream) {
  static const Ufunc& multiply = find_ufunc("multiply");
  const UfuncOperand inputs[2] = {{&array, {}, false}, {nullptr, make_real_scalar(factor, GA_FLOAT64), true}};
  const std::optional<Array> outputs[1] = {array};
  call_ufunc(multiply, inputs, outputs, UfuncOptions{}, stream);
}

}  // namespace

ga_dtype_t fft_result_dtype(ga_fft_kind_t kind, ga_dtype_t dtype) {
  const KindTraits traits = traits_of(kind);
  GA_REQUIRE(!traits.real_input || dtype_info(dtype).kind != GA_KIND_COMPLEX, GA_ERROR_DTYPE,
             std::string("a is ") + dtype_info(dtype).name + " but this transform takes real input");
  const bool single = single_precision(dtype);
  if (traits.real_output) return single ? GA_FLOAT32 : GA_FLOAT64;
  return single ? GA_COMPLEX64 : GA_COMPLEX128;
}

Array fft(const Array& array, const FftRequest& request, const std::optional<Array>& out, const StreamRef& stream) {
  const KindTraits traits = traits_of(request.kind);
  norm_factor(request.norm, true, 1.0);  // refuses an unknown norm before any work
  require_on_stream_device(array, stream, "a");
  const ga_dtype_t result_dtype = fft_result_dtype(request.kind, array.dtype());
  const TransformAxes cooked = cook_axes(array, request, traits);
  const bool single = single_precision(array.dtype());
  const ga_dtype_t input_dtype =
      traits.real_input ? (single ? GA_FLOAT32 : GA_FLOAT64) : (single ? GA_COMPLEX64 : GA_COMPLEX128);

  // The staged input's shape, and the result's.
  Dims input_shape = array.shape();
  for (std::size_t i = 0; i < cooked.axes.size(); ++i) input_shape[cooked.axes[i]] = cooked.lengths[i];
  Dims result_shape = input_shape;
  const int last = cooked.axes.empty() ? -1 : cooked.axes.back();
  if (traits.real_output) input_shape[last] = cooked.lengths.back() / 2 + 1;
  if (traits.real_input) result_shape[last] = cooked.lengths.back() / 2 + 1;
  require_destination(out, {result_shape, result_dtype}, stream);

  const DeviceGuard device(stream->device());
  FftWorking working = staged_input(array, input_shape, input_dtype, stream);
  if (traits.conjugate_input) {
    if (!working.owned) working = {copy_as(working.array, input_dtype, GA_ORDER_C, stream), true};
    conjugate_in_place(working.array, stream);
  }
  const std::span<const int> complex_axes(cooked.axes.data(),
                                          cooked.axes.size() - (traits.real_input || traits.real_output ? 1 : 0));
  // The caller's out takes the last execution's result directly when nothing else reads it.
  const Array* destination = out && out->dtype() == result_dtype && !may_share_memory(array, *out) ? &*out : nullptr;
  if (traits.real_input) {
    const bool more =
        std::any_of(complex_axes.begin(), complex_axes.end(), [&](int axis) { return result_shape[axis] != 1; });
    real_to_complex_step(working, last, more ? nullptr : destination, stream);
    complex_pass(working, complex_axes, traits.inverse, nullptr, stream);
  } else if (traits.real_output) {
    complex_pass(working, complex_axes, traits.inverse, nullptr, stream);
    complex_to_real_step(working, last, cooked.lengths.back(), destination, stream);
  } else {
    complex_pass(working, complex_axes, traits.inverse, destination, stream);
  }

  if (traits.conjugate_output) conjugate_in_place(working.array, stream);
  double points = 1.0;
  for (const std::int64_t length : cooked.lengths) points *= static_cast<double>(length);
  const double factor = norm_factor(request.norm, traits.scales_like_forward, points);
  if (factor != 1.0 && working.array.size() > 0) scale_in_place(working.array, factor, stream);

  if (out) return deliver(working.array, out, stream);
  if (working.array.is_c_contiguous()) return working.array;
  return copy_as(working.array, result_dtype, GA_ORDER_C, stream);
}

}  // namespace garray
