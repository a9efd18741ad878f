#include "core/array/promotion.hpp"

#include "core/array/dtype.hpp"
#include "core/common/error.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

namespace garray {

namespace {

bool is_integer_kind(ga_dtype_kind_t kind) { return kind == GA_KIND_SIGNED || kind == GA_KIND_UNSIGNED; }

// NumPy orders kinds b < u < i < f < c for same_kind casting and for promotion's search.
int kind_order(ga_dtype_t dtype) {
  switch (dtype_info(dtype).kind) {
    case GA_KIND_BOOL: return 0;
    case GA_KIND_UNSIGNED: return 1;
    case GA_KIND_SIGNED: return 2;
    case GA_KIND_FLOAT: return 3;
    case GA_KIND_COMPLEX: return 4;
  }
  return 0;
}

int bits(ga_dtype_t dtype) { return static_cast<int>(dtype_info(dtype).itemsize) * 8; }

// The widest integer (in bits) a floating or complex dtype holds exactly by NumPy's casting table:
// its significand decides, except that NumPy counts int64 → float64 as safe.
int integer_capacity(ga_dtype_t dtype) {
  switch (dtype) {
    case GA_FLOAT16:
    case GA_BFLOAT16: return 8;
    case GA_FLOAT32:
    case GA_COMPLEX64: return 16;
    default: return 64;
  }
}

// The precision rank of a floating or complex dtype's components, for float → float and
// float → complex casts; float16 and bfloat16 share a rank but do not cast to each other.
int float_rank(ga_dtype_t dtype) {
  switch (dtype) {
    case GA_FLOAT16:
    case GA_BFLOAT16: return 0;
    case GA_FLOAT32:
    case GA_COMPLEX64: return 1;
    default: return 2;
  }
}

bool can_cast_safely(ga_dtype_t from, ga_dtype_t to) {
  if (from == to || from == GA_BOOL) return true;
  const ga_dtype_kind_t source = dtype_info(from).kind;
  const ga_dtype_kind_t target = dtype_info(to).kind;
  switch (target) {
    case GA_KIND_BOOL: return false;
    case GA_KIND_UNSIGNED: return source == GA_KIND_UNSIGNED && bits(to) >= bits(from);
    case GA_KIND_SIGNED:
      return (source == GA_KIND_SIGNED && bits(to) >= bits(from)) ||
             (source == GA_KIND_UNSIGNED && bits(to) > bits(from));
    case GA_KIND_FLOAT:
      if (is_integer_kind(source)) return bits(from) <= integer_capacity(to);
      if (source != GA_KIND_FLOAT) return false;
      // float16 and bfloat16 trade exponent for significand: neither holds the other.
      if (float_rank(from) == 0 && float_rank(to) == 0) return false;
      return float_rank(from) <= float_rank(to);
    case GA_KIND_COMPLEX:
      if (is_integer_kind(source)) return bits(from) <= integer_capacity(to);
      return float_rank(from) <= float_rank(to);
  }
  return false;
}

// NumPy's search when neither dtype casts to the other: the smallest dtype of the larger kind
// (then of the next kinds) both cast to safely. bfloat16 is never a target here: in NumPy it is a
// user dtype, absent from the builtin type tables the search walks.
constexpr ga_dtype_t kSearchOrder[] = {
    GA_UINT8, GA_UINT16, GA_UINT32,  GA_UINT64,  GA_INT8,      GA_INT16,     GA_INT32,
    GA_INT64, GA_FLOAT16, GA_FLOAT32, GA_FLOAT64, GA_COMPLEX64, GA_COMPLEX128,
};

std::string python_integer_text(const Operand& operand) {
  return operand.dtype == GA_UINT64 ? std::to_string(operand.value.as_uint)
                                    : std::to_string(operand.value.as_int);
}

// The dtype a strong dtype becomes beside a weak scalar of `weak` kind.
ga_dtype_t join_weak(ga_dtype_t strong, WeakKind weak) {
  const ga_dtype_kind_t kind = dtype_info(strong).kind;
  switch (weak) {
    case WeakKind::none: return strong;
    case WeakKind::integer: return kind == GA_KIND_BOOL ? GA_INT64 : strong;
    case WeakKind::real: return kind == GA_KIND_FLOAT || kind == GA_KIND_COMPLEX ? strong : GA_FLOAT64;
    case WeakKind::complex:
      if (kind == GA_KIND_COMPLEX) return strong;
      if (kind == GA_KIND_FLOAT) return strong == GA_FLOAT64 ? GA_COMPLEX128 : GA_COMPLEX64;
      return GA_COMPLEX128;
  }
  return strong;
}

}  // namespace

const char* casting_name(Casting casting) {
  switch (casting) {
    case Casting::no: return "no";
    case Casting::equiv: return "equiv";
    case Casting::safe: return "safe";
    case Casting::same_kind: return "same_kind";
    case Casting::unsafe: return "unsafe";
  }
  return "unknown";
}

bool can_cast(ga_dtype_t from, ga_dtype_t to, Casting casting) {
  dtype_info(from);
  dtype_info(to);
  switch (casting) {
    case Casting::no:
    case Casting::equiv: return from == to;
    case Casting::safe: return can_cast_safely(from, to);
    case Casting::same_kind: return can_cast_safely(from, to) || kind_order(from) <= kind_order(to);
    case Casting::unsafe: return true;
  }
  return false;
}

ga_dtype_t promote_types(ga_dtype_t a, ga_dtype_t b) {
  if (can_cast(b, a, Casting::safe)) return a;
  if (can_cast(a, b, Casting::safe)) return b;
  const int first_kind = std::max(kind_order(a), kind_order(b));
  for (ga_dtype_t candidate : kSearchOrder) {
    if (kind_order(candidate) >= first_kind && can_cast_safely(a, candidate) &&
        can_cast_safely(b, candidate)) {
      return candidate;
    }
  }
  // Unreachable: complex128 holds every dtype.
  throw Error(GA_ERROR_INTERNAL, std::string("no promotion for ") + dtype_info(a).name + " and " +
                                     dtype_info(b).name);
}

Operand Operand::strong(ga_dtype_t dtype) {
  dtype_info(dtype);
  Operand operand;
  operand.dtype = dtype;
  return operand;
}

Operand Operand::weak_scalar(const ga_scalar_t& scalar) {
  Operand operand;
  switch (dtype_info(scalar.dtype).kind) {
    case GA_KIND_BOOL: return strong(GA_BOOL);
    case GA_KIND_SIGNED:
      operand.weak = WeakKind::integer;
      operand.dtype = GA_INT64;
      operand.value.dtype = GA_INT64;
      operand.value.as_int = scalar.as_int;
      return operand;
    case GA_KIND_UNSIGNED: {
      const bool above_int64 = scalar.as_uint > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
      operand.weak = WeakKind::integer;
      operand.dtype = above_int64 ? GA_UINT64 : GA_INT64;
      operand.value.dtype = operand.dtype;
      operand.value.as_uint = scalar.as_uint;
      operand.value.as_int = static_cast<std::int64_t>(scalar.as_uint);
      return operand;
    }
    case GA_KIND_FLOAT:
      operand.weak = WeakKind::real;
      operand.dtype = GA_FLOAT64;
      return operand;
    case GA_KIND_COMPLEX:
      operand.weak = WeakKind::complex;
      operand.dtype = GA_COMPLEX128;
      return operand;
  }
  return operand;
}

ga_dtype_t promote_operands(std::span<const Operand> operands) {
  GA_REQUIRE_ARGUMENT(!operands.empty(), "type promotion needs at least one operand");
  bool any_strong = false;
  ga_dtype_t result = GA_BOOL;
  for (const Operand& operand : operands) {
    if (operand.is_weak()) continue;
    result = any_strong ? promote_types(result, operand.dtype) : operand.dtype;
    any_strong = true;
  }
  if (!any_strong) {
    result = operands.front().dtype;
    for (const Operand& operand : operands) result = promote_types(result, operand.dtype);
    return result;
  }
  for (const Operand& operand : operands) result = join_weak(result, operand.weak);
  return result;
}

bool weak_value_fits(const Operand& operand, ga_dtype_t dtype) {
  const DTypeInfo& info = dtype_info(dtype);
  if (operand.weak != WeakKind::integer || !is_integer_kind(info.kind)) return true;
  const int width = static_cast<int>(info.itemsize) * 8;
  if (operand.dtype == GA_UINT64) {
    // Above INT64_MAX: only uint64 holds it.
    return dtype == GA_UINT64;
  }
  const std::int64_t value = operand.value.as_int;
  if (info.kind == GA_KIND_UNSIGNED) {
    return value >= 0 && (width == 64 || value < (std::int64_t{1} << width));
  }
  if (width == 64) return true;
  const std::int64_t limit = std::int64_t{1} << (width - 1);
  return value >= -limit && value < limit;
}

void require_weak_value_fits(const Operand& operand, ga_dtype_t dtype) {
  GA_REQUIRE(weak_value_fits(operand, dtype), GA_ERROR_DTYPE,
             "Python integer " + python_integer_text(operand) + " out of bounds for " + dtype_info(dtype).name);
}

ga_dtype_t result_type(std::span<const Operand> operands) {
  const ga_dtype_t result = promote_operands(operands);
  for (const Operand& operand : operands) require_weak_value_fits(operand, result);
  return result;
}

}  // namespace garray
