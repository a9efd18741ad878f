// Rounding and floating-point ufuncs. floor, ceil and trunc keep bool and integer dtypes, as
// NumPy 2.3 made them (older NumPy 2 releases and CuPy compute them in float).
#include "core/ops/ufunc/definitions.hpp"
#include "core/ops/ufunc/loop_builder.hpp"

namespace garray::ufunc_definitions {

namespace {

using namespace ufunc_build;
using Dtypes = std::span<const ga_dtype_t>;

OperationFor unary_call(std::string function) {
  return [function](Dtypes dtypes) { return "out0 = " + function + "(" + value(dtypes[0], "in0") + ");"; };
}

Ufunc rounding(std::string_view name, const char* function) {
  UfuncBuilder ufunc(name, 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kBoolAndIntegers, "T->T", "out0 = in0;");
  ufunc.loops(kFloats, "T->T", unary_call(function));
  return ufunc.build();
}

Ufunc rint() {
  UfuncBuilder ufunc("rint", 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kFloats, "T->T", unary_call("rint"));
  ufunc.loops(kComplex, "T->T",
              [](Dtypes dtypes) { return "out0 = " + kernel_type(dtypes[0]) + "(rint(in0.re), rint(in0.im));"; });
  return ufunc.build();
}

// isfinite, isinf, isnan: a constant for bool and integers, the builtin on reals, and on complex
// numbers `combine` ("&&" or "||") of the builtin on both parts.
Ufunc classification(std::string_view name, const char* function, const char* integer_result, const char* combine) {
  UfuncBuilder ufunc(name, 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kBoolAndIntegers, "T->?", std::string("out0 = ") + integer_result + ";");
  ufunc.loops(kFloats, "T->?", unary_call(function));
  ufunc.loops(kComplex, "T->?", std::string("out0 = ") + function + "(in0.re) " + combine + " " + function + "(in0.im);");
  return ufunc.build();
}

Ufunc signbit() {
  UfuncBuilder ufunc("signbit", 1, 1, Identity::none, TypeResolution::linear_search);
  // The 16-bit formats keep their sign in the top bit of their storage, NaN included.
  ufunc.loops("eE", "T->?", "out0 = (in0.bits & 0x8000u) != 0;");
  ufunc.loops("fd", "T->?", "out0 = signbit(in0);");
  return ufunc.build();
}

Ufunc nextafter() {
  UfuncBuilder ufunc("nextafter", 2, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops("eE", "TT->T", "out0 = ga_nextafter(in0, in1);", {DeviceHelper::nextafter_16bit});
  ufunc.loops("fd", "TT->T", "out0 = nextafter(in0, in1);");
  return ufunc.build();
}

Ufunc ldexp() {
  UfuncBuilder ufunc("ldexp", 2, 1, Identity::none, TypeResolution::linear_search);
  const OperationFor int_exponent = [](Dtypes dtypes) { return "out0 = ldexp(" + value(dtypes[0], "in0") + ", in1);"; };
  const OperationFor wide_exponent = [](Dtypes dtypes) {
    return "out0 = ga_ldexp(" + value(dtypes[0], "in0") + ", in1);";
  };
  // NumPy's order: the int32 exponent loops of float16 and float32, their int64 ones, then float64's.
  ufunc.loops("eEf", "Ti->T", int_exponent);
  ufunc.loops("eEf", "Tl->T", wide_exponent, {DeviceHelper::ldexp_wide});
  ufunc.loops("d", "Ti->T", int_exponent);
  ufunc.loops("d", "Tl->T", wide_exponent, {DeviceHelper::ldexp_wide});
  return ufunc.build();
}

}  // namespace

std::vector<Ufunc> floating() {
  std::vector<Ufunc> ufuncs;
  ufuncs.push_back(rounding("floor", "floor"));
  ufuncs.push_back(rounding("ceil", "ceil"));
  ufuncs.push_back(rounding("trunc", "trunc"));
  ufuncs.push_back(rint());
  ufuncs.push_back(classification("isfinite", "isfinite", "true", "&&"));
  ufuncs.push_back(classification("isinf", "isinf", "false", "||"));
  ufuncs.push_back(classification("isnan", "isnan", "false", "||"));
  ufuncs.push_back(signbit());
  ufuncs.push_back(UfuncBuilder("copysign", 2, 1, Identity::none, TypeResolution::linear_search)
                       .loops(kFloats, "TT->T", [](Dtypes dtypes) {
                         return "out0 = copysign(" + value(dtypes[0], "in0") + ", " + value(dtypes[1], "in1") + ");";
                       })
                       .build());
  ufuncs.push_back(nextafter());
  ufuncs.push_back(ldexp());
  ufuncs.push_back(UfuncBuilder("frexp", 1, 2, Identity::none, TypeResolution::linear_search)
                       .loops(kFloats, "T->Ti", [](Dtypes dtypes) {
                         return "out0 = ga_frexp(" + value(dtypes[0], "in0") + ", out1);";
                       }, {DeviceHelper::frexp})
                       .build());
  ufuncs.push_back(UfuncBuilder("modf", 1, 2, Identity::none, TypeResolution::linear_search)
                       .loops(kFloats, "T->TT", [](Dtypes dtypes) {
                         return "out0 = ga_modf(" + value(dtypes[0], "in0") + ", out1);";
                       }, {DeviceHelper::modf})
                       .build());
  return ufuncs;
}

}  // namespace garray::ufunc_definitions
