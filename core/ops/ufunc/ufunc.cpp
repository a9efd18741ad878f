#include "core/ops/ufunc/ufunc.hpp"

#include "core/array/dtype.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/ufunc/definitions.hpp"
#include "core/ops/ufunc/type_codes.hpp"

#include <limits>
#include <string>

namespace garray {

namespace {

// NumPy's other names for the same ufunc objects, the array API's spellings included; degrees
// and radians are ufuncs of their own in NumPy that compute what rad2deg and deg2rad do.
struct Alias {
  std::string_view alias;
  std::string_view name;
};

constexpr Alias kAliases[] = {
    {"true_divide", "divide"},
    {"mod", "remainder"},
    {"abs", "absolute"},
    {"conj", "conjugate"},
    {"pow", "power"},
    {"bitwise_not", "invert"},
    {"bitwise_invert", "invert"},
    {"bitwise_left_shift", "left_shift"},
    {"bitwise_right_shift", "right_shift"},
    {"degrees", "rad2deg"},
    {"radians", "deg2rad"},
    {"acos", "arccos"},
    {"asin", "arcsin"},
    {"atan", "arctan"},
    {"acosh", "arccosh"},
    {"asinh", "arcsinh"},
    {"atanh", "arctanh"},
    {"atan2", "arctan2"},
};

std::vector<Ufunc> build_table() {
  std::vector<Ufunc> table;
  for (auto family : {ufunc_definitions::arithmetic, ufunc_definitions::transcendental, ufunc_definitions::floating,
                      ufunc_definitions::comparison, ufunc_definitions::bitwise, ufunc_definitions::complex_parts}) {
    for (Ufunc& ufunc : family()) table.push_back(std::move(ufunc));
  }
  return table;
}

const std::vector<Ufunc>& table() {
  static const std::vector<Ufunc> ufuncs = build_table();
  return ufuncs;
}

}  // namespace

std::string Ufunc::signature(const UfuncLoop& loop) const { return loop_signature(inputs(loop), outputs(loop)); }

std::vector<std::string> Ufunc::types() const {
  std::vector<std::string> signatures;
  for (const UfuncLoop& loop : loops) signatures.push_back(signature(loop));
  return signatures;
}

std::span<const Ufunc> all_ufuncs() { return table(); }

const Ufunc& find_ufunc(std::string_view name) {
  std::string_view target = name;
  for (const Alias& alias : kAliases) {
    if (alias.alias == name) target = alias.name;
  }
  for (const Ufunc& ufunc : table()) {
    if (ufunc.name == target) return ufunc;
  }
  throw Error(GA_ERROR_INVALID_ARGUMENT, "no ufunc named '" + std::string(name) + "'");
}

ga_scalar_t identity_value(Identity identity, ga_dtype_t dtype) {
  switch (identity) {
    case Identity::none:
    case Identity::reorderable_none:
      throw Error(GA_ERROR_INVALID_ARGUMENT, "the ufunc has no identity");
    case Identity::zero:
    case Identity::logical_false: return make_int_scalar(0, dtype);
    case Identity::one:
    case Identity::logical_true: return make_int_scalar(1, dtype);
    case Identity::minus_one: return make_int_scalar(-1, dtype);
    case Identity::minus_infinity: {
      const ga_dtype_kind_t kind = dtype_info(dtype).kind;
      GA_REQUIRE(kind == GA_KIND_FLOAT || kind == GA_KIND_COMPLEX, GA_ERROR_DTYPE,
                 std::string("-inf is not a value of ") + dtype_info(dtype).name);
      return make_real_scalar(-std::numeric_limits<double>::infinity(), dtype);
    }
  }
  throw Error(GA_ERROR_INTERNAL, "unknown identity");
}

}  // namespace garray
