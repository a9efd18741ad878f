// Arithmetic ufuncs. Integer loops wrap as NumPy's do; integer division by zero gives 0 (floor
// division, remainder, fmod, divmod, reciprocal) as CuPy documents; float16 and bfloat16 compute
// in float and round once.
#include "core/ops/ufunc/definitions.hpp"
#include "core/ops/ufunc/loop_builder.hpp"

namespace garray::ufunc_definitions {

namespace {

using namespace ufunc_build;
using Dtypes = std::span<const ga_dtype_t>;

std::string negated(ga_dtype_t dtype) {
  return "(" + kernel_type(dtype) + ")(0ull - (unsigned long long)in0)";
}

// "out0 = function(in0);" on the operand's arithmetic type (float for the 16-bit floats).
OperationFor unary_call(std::string function) {
  return [function](Dtypes dtypes) { return "out0 = " + function + "(" + value(dtypes[0], "in0") + ");"; };
}

OperationFor binary_call(std::string function) {
  return [function](Dtypes dtypes) {
    return "out0 = " + function + "(" + value(dtypes[0], "in0") + ", " + value(dtypes[1], "in1") + ");";
  };
}

Ufunc wrapping_arithmetic(std::string_view name, Identity identity, const char* symbol, const char* bool_operation) {
  UfuncBuilder ufunc(name, 2, 1, identity, TypeResolution::uniform);
  if (bool_operation != nullptr) ufunc.loops("?", "TT->T", bool_operation);
  ufunc.loops(kIntegers, "TT->T", [symbol](Dtypes dtypes) { return "out0 = " + wrapping(dtypes[0], symbol) + ";"; });
  ufunc.loops(kInexact, "TT->T", std::string("out0 = in0 ") + symbol + " in1;");
  return ufunc.build();
}

Ufunc divmod_family(std::string_view name, const char* integer_operation, const char* real_function) {
  UfuncBuilder ufunc(name, 2, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kIntegers, "TT->T", integer_operation, {DeviceHelper::integer_division});
  ufunc.loops(kFloats, "TT->T", binary_call(real_function), {DeviceHelper::real_division});
  return ufunc.build();
}

Ufunc divmod() {
  UfuncBuilder ufunc("divmod", 2, 2, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kIntegers, "TT->TT", "out0 = ga_floor_divide(in0, in1); out1 = ga_remainder(in0, in1);",
              {DeviceHelper::integer_division});
  ufunc.loops(kFloats, "TT->TT", [](Dtypes dtypes) {
    const std::string a = value(dtypes[0], "in0");
    const std::string b = value(dtypes[1], "in1");
    return "out0 = ga_floor_divide(" + a + ", " + b + "); out1 = ga_remainder(" + a + ", " + b + ");";
  }, {DeviceHelper::real_division});
  return ufunc.build();
}

Ufunc power() {
  UfuncBuilder ufunc("power", 2, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kIntegers, "TT->T", "out0 = ga_integer_power(in0, in1);", {DeviceHelper::integer_power});
  ufunc.loops(kFloats, "TT->T", binary_call("pow"));
  ufunc.loops(kComplex, "TT->T", "out0 = ga_power(in0, in1);", {DeviceHelper::complex_power});
  return ufunc.build();
}

Ufunc float_power() {
  UfuncBuilder ufunc("float_power", 2, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops("d", "TT->T", "out0 = pow(in0, in1);");
  ufunc.loops("D", "TT->T", "out0 = ga_power(in0, in1);", {DeviceHelper::complex_power});
  return ufunc.build();
}

Ufunc negative() {
  UfuncBuilder ufunc("negative", 1, 1, Identity::none, TypeResolution::uniform);
  ufunc.bool_refusal(
      "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the "
      "logical_not function instead.");
  ufunc.loops(kIntegers, "T->T", [](Dtypes dtypes) { return "out0 = " + negated(dtypes[0]) + ";"; });
  ufunc.loops(kInexact, "T->T", "out0 = -in0;");
  return ufunc.build();
}

Ufunc positive() {
  UfuncBuilder ufunc("positive", 1, 1, Identity::none, TypeResolution::uniform);
  ufunc.loops(kIntegers, "T->T", "out0 = in0;");
  ufunc.loops(kInexact, "T->T", "out0 = in0;");
  return ufunc.build();
}

Ufunc absolute() {
  UfuncBuilder ufunc("absolute", 1, 1, Identity::none, TypeResolution::absolute);
  ufunc.loops("?", "T->T", "out0 = in0;");
  ufunc.loops(kIntegers, "T->T", [](Dtypes dtypes) {
    // |INT_MIN| wraps to INT_MIN, as in NumPy.
    return is_signed_integer(dtypes[0]) ? "out0 = in0 < 0 ? " + negated(dtypes[0]) + " : in0;" : "out0 = in0;";
  });
  ufunc.loops(kFloats, "T->T", unary_call("fabs"));
  ufunc.loop("F->f", "out0 = hypot(in0.re, in0.im);");
  ufunc.loop("D->d", "out0 = hypot(in0.re, in0.im);");
  return ufunc.build();
}

Ufunc sign() {
  UfuncBuilder ufunc("sign", 1, 1, Identity::none, TypeResolution::uniform);
  ufunc.loops(kIntegers, "T->T", [](Dtypes dtypes) {
    return is_signed_integer(dtypes[0]) ? "out0 = (in0 > 0) - (in0 < 0);" : "out0 = in0 > 0;";
  });
  ufunc.loops(kFloats, "T->T", unary_call("ga_sign"), {DeviceHelper::real_sign});
  ufunc.loops(kComplex, "T->T", "out0 = ga_sign(in0);", {DeviceHelper::complex_sign});
  return ufunc.build();
}

Ufunc reciprocal() {
  UfuncBuilder ufunc("reciprocal", 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kIntegers, "T->T", [](Dtypes dtypes) {
    const std::string type = kernel_type(dtypes[0]);
    return "out0 = in0 == 0 ? (" + type + ")0 : (" + type + ")(1 / in0);";
  });
  ufunc.loops(kFloats, "T->T", [](Dtypes dtypes) {
    return std::string("out0 = ") + (dtypes[0] == GA_FLOAT64 ? "1.0" : "1.0f") + " / " + value(dtypes[0], "in0") + ";";
  });
  ufunc.loops(kComplex, "T->T", "out0 = ga_reciprocal(in0);", {DeviceHelper::complex_reciprocal});
  return ufunc.build();
}

Ufunc square() {
  UfuncBuilder ufunc("square", 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kIntegers, "T->T", [](Dtypes dtypes) { return "out0 = " + wrapping(dtypes[0], "*", "in0", "in0") + ";"; });
  ufunc.loops(kFloats, "T->T", "out0 = in0 * in0;");
  // NumPy's x*x - y*y + i(x*y + y*x) with each product rounded (__fmul_rn, __dmul_rn are never
  // fused into an FMA, which NVRTC does to the preamble's in0 * in0): a fused x*x - y*y is the
  // rounding error of x*x rather than 0 for x = y, and -inf rather than inf - inf = NaN where x*x
  // overflows.
  ufunc.loops(kComplex, "T->T", [](Dtypes dtypes) {
    const std::string product = dtypes[0] == GA_COMPLEX64 ? "__fmul_rn" : "__dmul_rn";
    const auto times = [&](const char* a, const char* b) { return product + "(in0." + a + ", in0." + b + ")"; };
    return "out0 = " + kernel_type(dtypes[0]) + "(" + times("re", "re") + " - " + times("im", "im") + ", " +
           times("re", "im") + " + " + times("im", "re") + ");";
  });
  return ufunc.build();
}

Ufunc root(std::string_view name, const char* function, bool complex_loops) {
  UfuncBuilder ufunc(name, 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kFloats, "T->T", unary_call(function));
  if (complex_loops) ufunc.loops(kComplex, "T->T", "out0 = ga_sqrt(in0);", {DeviceHelper::complex_sqrt});
  return ufunc.build();
}

Ufunc gcd_lcm(std::string_view name, Identity identity, const char* function) {
  UfuncBuilder ufunc(name, 2, 1, identity, TypeResolution::uniform);
  ufunc.loops(kIntegers, "TT->T", std::string("out0 = ") + function + "(in0, in1);", {DeviceHelper::gcd_lcm});
  return ufunc.build();
}

}  // namespace

std::vector<Ufunc> arithmetic() {
  std::vector<Ufunc> ufuncs;
  ufuncs.push_back(wrapping_arithmetic("add", Identity::zero, "+", "out0 = in0 || in1;"));
  Ufunc subtract = wrapping_arithmetic("subtract", Identity::none, "-", nullptr);
  subtract.bool_refusal =
      "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or "
      "the logical_xor function instead.";
  ufuncs.push_back(std::move(subtract));
  ufuncs.push_back(wrapping_arithmetic("multiply", Identity::one, "*", "out0 = in0 && in1;"));
  ufuncs.push_back(UfuncBuilder("divide", 2, 1, Identity::none, TypeResolution::true_division)
                       .loops(kInexact, "TT->T", "out0 = in0 / in1;")
                       .build());
  ufuncs.push_back(divmod_family("floor_divide", "out0 = ga_floor_divide(in0, in1);", "ga_floor_divide"));
  ufuncs.push_back(divmod_family("remainder", "out0 = ga_remainder(in0, in1);", "ga_remainder"));
  {
    UfuncBuilder fmod("fmod", 2, 1, Identity::none, TypeResolution::linear_search);
    fmod.loops(kIntegers, "TT->T", "out0 = ga_fmod(in0, in1);", {DeviceHelper::integer_division});
    fmod.loops(kFloats, "TT->T", binary_call("fmod"));
    ufuncs.push_back(fmod.build());
  }
  ufuncs.push_back(divmod());
  ufuncs.push_back(negative());
  ufuncs.push_back(positive());
  ufuncs.push_back(power());
  ufuncs.push_back(float_power());
  ufuncs.push_back(absolute());
  ufuncs.push_back(UfuncBuilder("fabs", 1, 1, Identity::none, TypeResolution::linear_search)
                       .loops(kFloats, "T->T", unary_call("fabs"))
                       .build());
  ufuncs.push_back(sign());
  ufuncs.push_back(UfuncBuilder("heaviside", 2, 1, Identity::none, TypeResolution::linear_search)
                       .loops(kFloats, "TT->T", binary_call("ga_heaviside"), {DeviceHelper::heaviside})
                       .build());
  ufuncs.push_back(reciprocal());
  ufuncs.push_back(square());
  ufuncs.push_back(root("sqrt", "sqrt", true));
  ufuncs.push_back(root("cbrt", "cbrt", false));
  ufuncs.push_back(gcd_lcm("gcd", Identity::zero, "ga_gcd"));
  ufuncs.push_back(gcd_lcm("lcm", Identity::none, "ga_lcm"));
  return ufuncs;
}

}  // namespace garray::ufunc_definitions
