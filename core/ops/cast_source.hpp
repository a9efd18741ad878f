// Device-side casts between dtypes in generated kernels, with the rules of core/array/scalar.hpp:
// float → integer truncates and saturates (NaN → 0), integer → integer wraps, → bool is != 0,
// complex → real keeps the real part.
#pragma once

#include <garray/base.h>

#include <string>

namespace garray {

// Device functions the cast expressions call (ga_saturate_*); include once per generated source,
// after the engine's preamble.
std::string cast_functions_source();

// A CUDA expression converting `operand`, of type `from`, to the kernel type of `to`.
std::string cast_expression(ga_dtype_t from, ga_dtype_t to, const std::string& operand);

}  // namespace garray
