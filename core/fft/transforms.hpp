// The discrete Fourier transforms of numpy.fft on cuFFT: the input is cut or zero-padded and
// converted once, then transformed in as few cuFFT executions as its layout allows (up to three
// axes per plan, batched over the others through cuFFT's advanced layout), copying into another
// layout only where cuFFT cannot describe the current one; then scaled by the norm.
#pragma once

#include <garray/fft.h>

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace garray {

struct FftRequest {
  ga_fft_kind_t kind = GA_FFT_FORWARD;
  std::optional<std::vector<std::int64_t>> lengths;  // NumPy's s: nullopt for none, -1 entries: the input's
  std::optional<std::vector<int>> axes;              // nullopt: NumPy's default for `lengths`
  ga_fft_norm_t norm = GA_FFT_NORM_BACKWARD;
};

// The transform `request` of `array` on `stream`, into `out` (the result's shape; its dtype one the
// result casts to with same_kind) or a new C-contiguous array. Throws as ga_fft_execute() documents.
Array fft(const Array& array, const FftRequest& request, const std::optional<Array>& out, const StreamRef& stream);

// The dtype of the result of `kind` over an input of `dtype`: complex64/complex128, or
// float32/float64 for the real-output kinds (single precision for float16, bfloat16, float32 and
// complex64 input). Throws GA_ERROR_DTYPE for complex input to a real-input kind.
ga_dtype_t fft_result_dtype(ga_fft_kind_t kind, ga_dtype_t dtype);

}  // namespace garray
