// The ufunc definitions, by family; ufunc.cpp gathers them into the table.
#pragma once

#include "core/ops/ufunc/ufunc.hpp"

#include <vector>

namespace garray::ufunc_definitions {

// add … lcm: arithmetic, powers, roots, signs, gcd and lcm.
std::vector<Ufunc> arithmetic();
// exp … arctanh: exponentials, logarithms, trigonometric and hyperbolic functions.
std::vector<Ufunc> transcendental();
// floor, ceil, trunc, rint, isfinite … modf: rounding and floating-point functions.
std::vector<Ufunc> floating();
// greater … not_equal, logical_*, maximum … fmin, clip, where.
std::vector<Ufunc> comparison();
// bitwise_and … right_shift.
std::vector<Ufunc> bitwise();
// real, imag, conjugate, angle.
std::vector<Ufunc> complex_parts();

}  // namespace garray::ufunc_definitions
