// scipy.signal's direct convolutions: convolve and correlate (n-d, with the method choice),
// convolve2d and correlate2d (boundaries and fill value), and choose_conv_method's rule.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <garray/signal.h>

namespace garray {

// scipy.signal.convolve, or correlate with `correlate`. Throws as ga_signal_convolve() documents.
Array convolve(const Array& in1, const Array& in2, ga_convolve_mode_t mode, ga_convolve_method_t method,
               bool correlate, const StreamRef& stream);

// scipy.signal.choose_conv_method on shapes and dtypes (integers and bool: direct). No device work.
ga_convolve_method_t choose_conv_method(const Array& in1, const Array& in2, ga_convolve_mode_t mode);

// scipy.signal.convolve2d, or correlate2d with `correlate`. Throws as ga_signal_convolve2d() documents.
Array convolve2d(const Array& in1, const Array& in2, ga_convolve_mode_t mode, ga_boundary_t boundary,
                 const ga_scalar_t& fillvalue, bool correlate, const StreamRef& stream);

}  // namespace garray
