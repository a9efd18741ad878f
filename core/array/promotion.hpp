// NumPy 2 type promotion and casting over garray's dtypes: promote_types, result_type with NEP 50
// weak scalars, and can_cast for the five casting rules.
//
// bfloat16 follows ml_dtypes, the package that gives NumPy (and CuPy) its bfloat16: bool, int8
// and uint8 cast to it safely, it casts safely to float32, float64, complex64 and complex128, and
// neither it nor float16 casts safely to the other. Promotion with a dtype that casts to neither
// side takes NumPy's search (the smallest type of the larger kind both cast to safely), so
// bfloat16 + float16 → float32 and bfloat16 + int16 → float32, as ml_dtypes gives under NumPy.
// For casting rules bfloat16 is a float kind. With weak scalars it behaves like float16 (a Python
// float keeps bfloat16, a Python complex gives complex64): ml_dtypes under NumPy 2 reaches float32
// there through a legacy fallback, which contradicts NEP 50's "the array's dtype wins within a
// kind", and JAX and PyTorch keep bfloat16 as we do.
#pragma once

#include <garray/array.h>

#include <cstdint>
#include <span>

namespace garray {

// NumPy's casting rules, weakest to most permissive.
enum class Casting { no, equiv, safe, same_kind, unsafe };

// NumPy's spelling: "no", "equiv", "safe", "same_kind", "unsafe".
const char* casting_name(Casting casting);

// np.can_cast(from, to, casting). Device arrays have one byte order, so `no` and `equiv` both
// allow only the same dtype.
bool can_cast(ga_dtype_t from, ga_dtype_t to, Casting casting);

// np.promote_types(a, b): the smallest dtype both cast to safely. Defined for every pair.
ga_dtype_t promote_types(ga_dtype_t a, ga_dtype_t b);

// The kind of a weak (Python-like) scalar: under NEP 50 only its kind takes part in promotion.
enum class WeakKind : std::uint8_t { none, integer, real, complex };

// One operand as promotion sees it: an array or typed scalar, whose dtype counts in full
// ("strong": a typed C scalar is a NumPy scalar of its dtype), or a weak scalar, whose dtype is the
// one it takes on its own (int64, or uint64 above INT64_MAX; float64; complex128).
struct Operand {
  ga_dtype_t dtype = GA_FLOAT64;
  WeakKind weak = WeakKind::none;
  // A weak integer's value: as_int for dtype int64, as_uint for uint64 (checked against the
  // integer dtype it is converted to).
  ga_scalar_t value{};

  static Operand strong(ga_dtype_t dtype);
  // A Python-like scalar of `scalar`'s kind and value. A bool stays strong, as a Python bool
  // is a NumPy bool. Throws Error(GA_ERROR_DTYPE) for an invalid dtype.
  static Operand weak_scalar(const ga_scalar_t& scalar);

  bool is_weak() const { return weak != WeakKind::none; }
};

// NEP 50 promotion of `operands`: the strong dtypes promote with promote_types; then each weak
// scalar joins by kind — an integer turns bool into int64, a float turns bool and integers into
// float64, a complex turns bool and integers into complex128 and floats into the complex of their
// precision — and otherwise the strong dtype stands. Operands that are all weak promote their own
// dtypes, as NumPy does when every operand is a Python scalar. Does not check weak integers
// against the result (see result_type). Throws Error(GA_ERROR_INVALID_ARGUMENT) for no operands.
ga_dtype_t promote_operands(std::span<const Operand> operands);

// promote_operands(), then every weak integer must fit the result when it is an integer dtype:
// Error(GA_ERROR_DTYPE) "Python integer 300 out of bounds for uint8", where NumPy 2 raises
// OverflowError.
ga_dtype_t result_type(std::span<const Operand> operands);

// Whether a weak integer operand's value is representable in `dtype` (true for non-integer
// dtypes, which take any value, and for strong operands).
bool weak_value_fits(const Operand& operand, ga_dtype_t dtype);

// Throws Error(GA_ERROR_DTYPE) with NumPy's message unless weak_value_fits(operand, dtype).
void require_weak_value_fits(const Operand& operand, ga_dtype_t dtype);

}  // namespace garray
