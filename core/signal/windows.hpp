// The signal module (garray/signal.h, scipy.signal's noun): the window functions of NumPy
// (bartlett, blackman, hamming, hanning, kaiser) as float64 arrays, computed on the device by
// elementwise kernels over the output index, with NumPy's formulas in NumPy's order of operations.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <garray/signal.h>

#include <cstdint>
#include <string_view>

namespace garray {

// The window of `m` points (empty for m < 1, [1.0] for m == 1). `beta` is Kaiser's parameter.
Array window(ga_window_t kind, std::int64_t m, double beta, const StreamRef& stream);

// The kernels' parameters, the per-element operation of each window (`i` the index, `m` the
// length as a double) and the device function they may call; exposed for the host test that
// compiles them.
inline constexpr std::string_view kWindowInParams = "float64 m, float64 beta";
inline constexpr std::string_view kWindowOutParams = "float64 w";
std::string_view window_operation(ga_window_t kind);

// Kaiser's I0, the modified Bessel function of the first kind of order 0, as its power series
// sum_k ((x/2)^2k / (k!)^2). Every term is positive, so nothing cancels and the sum keeps float64
// accuracy; it stops once a term no longer changes the sum (about x/2 + 10 sqrt(x) terms).
inline constexpr std::string_view kBesselI0Preamble =
    "__device__ double ga_bessel_i0(double x) {\n"
    "  const double quarter_square = 0.25 * x * x;\n"
    "  double term = 1.0;\n"
    "  double sum = 1.0;\n"
    "  for (int k = 1; k < 2000; ++k) {\n"
    "    term *= quarter_square / ((double)k * (double)k);\n"
    "    sum += term;\n"
    "    if (term <= sum * 1e-17) break;\n"
    "  }\n"
    "  return sum;\n"
    "}\n";

}  // namespace garray
