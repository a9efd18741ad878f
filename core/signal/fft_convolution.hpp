// scipy.signal.fftconvolve (and oaconvolve, which computes the same result) on cuFFT: both inputs
// transformed at the padded lengths (real transforms for real input, plans from the FFT plan
// cache), their spectra multiplied, transformed back and cut to the mode's shape.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <garray/signal.h>

#include <optional>
#include <vector>

namespace garray {

// scipy.signal.fftconvolve over `axes` (nullopt: all). Throws as ga_signal_fftconvolve() documents.
Array fftconvolve(const Array& in1, const Array& in2, ga_convolve_mode_t mode,
                  const std::optional<std::vector<int>>& axes, const StreamRef& stream);

// scipy.signal.correlate's fft method: fftconvolve with in2 reversed and conjugated, all axes.
Array fftcorrelate(const Array& in1, const Array& in2, ga_convolve_mode_t mode, const StreamRef& stream);

// The smallest 2^a 3^b 5^c 7^d >= n (n >= 1): the lengths cuFFT transforms fastest.
std::int64_t next_fast_length(std::int64_t n);

}  // namespace garray
