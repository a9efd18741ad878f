// Typed scalars: validation, conversion to an element of any dtype with garray's casting rules,
// and back from an element.
//
// Casting rules (CuPy's, which NumPy leaves undefined): float → integer truncates toward zero and
// saturates at the integer's range, NaN → 0 (so negative → unsigned is 0); integer → integer wraps
// modulo 2^bits; anything → bool is `value != 0`; complex → real keeps the real part.
#pragma once

#include <garray/array.h>

#include <array>
#include <cstddef>

namespace garray {

// Bytes of one element, as the device stores it (little-endian).
using ElementBytes = std::array<unsigned char, 16>;

// Throws GA_ERROR_DTYPE for a scalar whose dtype is not a ga_dtype_t.
void validate_scalar(const ga_scalar_t& scalar, const char* what);

// `scalar` cast to `dtype`.
ElementBytes scalar_to_element(const ga_scalar_t& scalar, ga_dtype_t dtype);

// The element at `bytes` of `dtype` as a scalar of the same dtype.
ga_scalar_t element_to_scalar(const unsigned char* bytes, ga_dtype_t dtype);

// Convenience constructors for library code.
ga_scalar_t make_real_scalar(double value, ga_dtype_t dtype);
ga_scalar_t make_int_scalar(long long value, ga_dtype_t dtype);

// A scalar's value as a double (real part for complex; NaN-free saturation is not applied).
double scalar_as_double(const ga_scalar_t& scalar);

}  // namespace garray
