// Real and imaginary parts of an array, as NumPy's `a.real` and `a.imag`.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/deferred_stream.hpp"
#include "core/runtime/stream.hpp"

namespace garray {

// The dtype of one component of a complex dtype (complex64 → float32, complex128 → float64);
// any other dtype is its own component.
ga_dtype_t component_dtype(ga_dtype_t dtype);

// For a complex array, the view of its real components: the component dtype, doubled strides, the
// same address. For any other dtype, a plain view.
Array real_part(const Array& array);

// For a complex array, the view of its imaginary components: as real_part(), half an element on.
// For any other dtype, as NumPy, a new read-only array of zeros of the same shape (F-ordered when
// `array` is F- and not C-contiguous), filled on `stream` (GA_ERROR_INVALID_ARGUMENT when `array`
// is not on its device). A complex array needs no stream, nor a device.
Array imag_part(const Array& array, DeferredStream stream);

}  // namespace garray
