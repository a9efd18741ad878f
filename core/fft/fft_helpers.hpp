// numpy.fft's helpers: the sample frequencies (fftfreq, rfftfreq) and the shifts that move the zero
// frequency to the centre and back (fftshift, ifftshift, which are rolls).
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <optional>
#include <span>

namespace garray {

// The frequency kernel's parameters and operation (exposed for the host test that compiles it):
// element i is i, or i - n from `wrap` on, times `scale`.
inline constexpr const char* kFrequencyInParams = "int64 n, int64 wrap, float64 scale";
inline constexpr const char* kFrequencyOutParams = "T y";
inline constexpr const char* kFrequencyOperation =
    "const long long k = (long long)i;\ny = (T)((double)(k < wrap ? k : k - n) * scale);";

// fftfreq (`real` false: n values) or rfftfreq (`real` true: n/2+1 values) for spacing `d`, in
// `dtype` (float32 or float64), into `out` (same_kind) or a new array. Throws
// GA_ERROR_INVALID_ARGUMENT (n < 1, d zero or not finite), GA_ERROR_DTYPE, and as
// require_destination() for `out`.
Array fft_frequencies(std::int64_t n, double d, bool real, ga_dtype_t dtype, const std::optional<Array>& out,
                      const StreamRef& stream);

// fftshift (`inverse` false) or ifftshift of `array` over `axes` (nullopt: every axis), into `out`
// (same_kind) or a new array. Throws GA_ERROR_INDEX for an axis out of range, and as
// require_destination() for `out`.
Array fft_shift(const Array& array, const std::optional<std::span<const int>>& axes, bool inverse,
                const std::optional<Array>& out, const StreamRef& stream);

}  // namespace garray
