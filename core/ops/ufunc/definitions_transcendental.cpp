// Exponentials, logarithms, trigonometric and hyperbolic ufuncs. Real loops call CUDA's math
// functions at full accuracy (float overloads for float32 and the 16-bit floats, which round the
// float result once, as NumPy's float16 loops do); complex loops call the device helpers.
#include "core/ops/ufunc/definitions.hpp"
#include "core/ops/ufunc/loop_builder.hpp"

namespace garray::ufunc_definitions {

namespace {

using namespace ufunc_build;
using Dtypes = std::span<const ga_dtype_t>;

struct UnaryFunction {
  std::string_view name;        // NumPy's
  const char* real_function;    // CUDA's
  const char* complex_function;  // the device helper's
  DeviceHelper complex_helper;
};

constexpr UnaryFunction kUnaryFunctions[] = {
    {"exp", "exp", "ga_exp", DeviceHelper::complex_exp},
    {"exp2", "exp2", "ga_exp2", DeviceHelper::complex_exp_log},
    {"expm1", "expm1", "ga_expm1", DeviceHelper::complex_exp_log},
    {"log", "log", "ga_log", DeviceHelper::complex_log},
    {"log2", "log2", "ga_log2", DeviceHelper::complex_exp_log},
    {"log10", "log10", "ga_log10", DeviceHelper::complex_exp_log},
    {"log1p", "log1p", "ga_log1p", DeviceHelper::complex_exp_log},
    {"sin", "sin", "ga_sin", DeviceHelper::complex_trig},
    {"cos", "cos", "ga_cos", DeviceHelper::complex_trig},
    {"tan", "tan", "ga_tan", DeviceHelper::complex_trig},
    {"arcsin", "asin", "ga_arcsin", DeviceHelper::complex_inverse},
    {"arccos", "acos", "ga_arccos", DeviceHelper::complex_inverse},
    {"arctan", "atan", "ga_arctan", DeviceHelper::complex_inverse},
    {"sinh", "sinh", "ga_sinh", DeviceHelper::complex_hyperbolic},
    {"cosh", "cosh", "ga_cosh", DeviceHelper::complex_hyperbolic},
    {"tanh", "tanh", "ga_tanh", DeviceHelper::complex_hyperbolic},
    {"arcsinh", "asinh", "ga_arcsinh", DeviceHelper::complex_inverse},
    {"arccosh", "acosh", "ga_arccosh", DeviceHelper::complex_inverse},
    {"arctanh", "atanh", "ga_arctanh", DeviceHelper::complex_inverse},
};

Ufunc unary(const UnaryFunction& function) {
  UfuncBuilder ufunc(function.name, 1, 1, Identity::none, TypeResolution::linear_search);
  const std::string real = function.real_function;
  ufunc.loops(kFloats, "T->T", [real](Dtypes dtypes) { return "out0 = " + real + "(" + value(dtypes[0], "in0") + ");"; });
  ufunc.loops(kComplex, "T->T", std::string("out0 = ") + function.complex_function + "(in0);", {function.complex_helper});
  return ufunc.build();
}

Ufunc binary_real(std::string_view name, Identity identity, const char* function, DeviceHelpers helpers = {}) {
  UfuncBuilder ufunc(name, 2, 1, identity, TypeResolution::linear_search);
  const std::string call = function;
  ufunc.loops(kFloats, "TT->T", [call](Dtypes dtypes) {
    return "out0 = " + call + "(" + value(dtypes[0], "in0") + ", " + value(dtypes[1], "in1") + ");";
  }, helpers);
  return ufunc.build();
}

// x * factor with the factor rounded in the loop's computation type, as NumPy's deg2rad and
// rad2deg (fl(pi) / 180 in float for float32 and float16).
Ufunc angle_conversion(std::string_view name, bool to_radians) {
  UfuncBuilder ufunc(name, 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kFloats, "T->T", [to_radians](Dtypes dtypes) {
    const bool is_double = dtypes[0] == GA_FLOAT64;
    const std::string pi = is_double ? "3.14159265358979323846" : "3.14159265358979323846f";
    const std::string degrees = is_double ? "180.0" : "180.0f";
    const std::string factor = to_radians ? pi + " / " + degrees : degrees + " / " + pi;
    return "out0 = " + value(dtypes[0], "in0") + " * (" + factor + ");";
  });
  return ufunc.build();
}

}  // namespace

std::vector<Ufunc> transcendental() {
  std::vector<Ufunc> ufuncs;
  for (const UnaryFunction& function : kUnaryFunctions) ufuncs.push_back(unary(function));
  ufuncs.push_back(binary_real("logaddexp", Identity::minus_infinity, "ga_logaddexp", {DeviceHelper::logaddexp}));
  ufuncs.push_back(binary_real("logaddexp2", Identity::minus_infinity, "ga_logaddexp2", {DeviceHelper::logaddexp}));
  ufuncs.push_back(binary_real("arctan2", Identity::none, "atan2"));
  ufuncs.push_back(binary_real("hypot", Identity::zero, "hypot"));
  ufuncs.push_back(angle_conversion("deg2rad", true));
  ufuncs.push_back(angle_conversion("rad2deg", false));
  return ufuncs;
}

}  // namespace garray::ufunc_definitions
