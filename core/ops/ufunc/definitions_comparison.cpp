// Comparison, logical, extremum ufuncs, clip and where. Complex values compare
// lexicographically, as NumPy's; maximum and minimum propagate NaN, fmax and fmin ignore it.
#include "core/ops/ufunc/definitions.hpp"
#include "core/ops/ufunc/loop_builder.hpp"

namespace garray::ufunc_definitions {

namespace {

using namespace ufunc_build;
using Dtypes = std::span<const ga_dtype_t>;

struct Comparison {
  std::string_view name;
  const char* symbol;
  const char* complex_function;  // nullptr where the preamble's == and != serve
  // The result when the int64 operand is negative and the other is a uint64 (so is smaller).
  const char* left_negative;
  const char* right_negative;
};

constexpr Comparison kComparisons[] = {
    {"greater", ">", "ga_greater", "false", "true"},
    {"greater_equal", ">=", "ga_greater_equal", "false", "true"},
    {"less", "<", "ga_less", "true", "false"},
    {"less_equal", "<=", "ga_less_equal", "true", "false"},
    {"equal", "==", nullptr, "false", "false"},
    {"not_equal", "!=", nullptr, "true", "true"},
};

Ufunc comparison(const Comparison& comparison) {
  UfuncBuilder ufunc(comparison.name, 2, 1, Identity::none, TypeResolution::comparison);
  const std::string symbol = comparison.symbol;
  const std::string plain = "out0 = in0 " + symbol + " in1;";
  ufunc.loops(kBoolAndIntegers, "TT->?", plain);
  // NumPy 2's exact loops for int64 against uint64, which promotion would send to float64.
  ufunc.loop("lL->?", std::string("out0 = in0 < 0 ? ") + comparison.left_negative +
                          " : (unsigned long long)in0 " + symbol + " in1;");
  ufunc.loop("Ll->?", std::string("out0 = in1 < 0 ? ") + comparison.right_negative + " : in0 " + symbol +
                          " (unsigned long long)in1;");
  ufunc.loops(kFloats, "TT->?", plain);
  if (comparison.complex_function != nullptr) {
    ufunc.loops(kComplex, "TT->?", std::string("out0 = ") + comparison.complex_function + "(in0, in1);",
                {DeviceHelper::complex_ordering});
  } else {
    ufunc.loops(kComplex, "TT->?", plain);
  }
  return ufunc.build();
}

Ufunc logical(std::string_view name, Identity identity, const char* combine) {
  UfuncBuilder ufunc(name, 2, 1, identity, TypeResolution::logical);
  ufunc.loops(kAllTypes, "TT->?", [combine](Dtypes dtypes) {
    return "out0 = " + truth(dtypes[0], "in0") + " " + combine + " " + truth(dtypes[1], "in1") + ";";
  });
  return ufunc.build();
}

// maximum/minimum (propagate_nan) and fmax/fmin. `order` is ">=" for the maxima, "<=" for the minima.
Ufunc extremum(std::string_view name, const char* order, bool propagate_nan) {
  const bool is_maximum = std::string_view(order) == ">=";
  UfuncBuilder ufunc(name, 2, 1, Identity::reorderable_none, TypeResolution::uniform);
  ufunc.loops("?", "TT->T", is_maximum ? "out0 = in0 || in1;" : "out0 = in0 && in1;");
  ufunc.loops(kIntegers, "TT->T", std::string("out0 = in0 ") + order + " in1 ? in0 : in1;");
  if (propagate_nan) {
    ufunc.loops(kFloats, "TT->T", std::string("out0 = (in0 ") + order + " in1 || in0 != in0) ? in0 : in1;");
  } else {
    // The result is one of the operands, so rounding a 16-bit operand's float back is exact.
    const std::string function = is_maximum ? "fmax" : "fmin";
    ufunc.loops(kFloats, "TT->T", [function](Dtypes dtypes) {
      return "out0 = " + function + "(" + value(dtypes[0], "in0") + ", " + value(dtypes[1], "in1") + ");";
    });
  }
  const std::string complex_function = std::string("ga_") + std::string(name);
  ufunc.loops(kComplex, "TT->T", "out0 = " + complex_function + "(in0, in1);", {DeviceHelper::complex_ordering});
  return ufunc.build();
}

Ufunc clip() {
  UfuncBuilder ufunc("clip", 3, 1, Identity::reorderable_none, TypeResolution::uniform);
  ufunc.loops(kBoolAndIntegers, "TTT->T", "out0 = ga_clip(in0, in1, in2);", {DeviceHelper::real_clip});
  ufunc.loops(kFloats, "TTT->T", "out0 = ga_clip(in0, in1, in2);", {DeviceHelper::real_clip});
  ufunc.loops(kComplex, "TTT->T", "out0 = ga_clip(in0, in1, in2);", {DeviceHelper::complex_ordering});
  return ufunc.build();
}

}  // namespace

std::vector<Ufunc> comparison() {
  std::vector<Ufunc> ufuncs;
  for (const Comparison& entry : kComparisons) ufuncs.push_back(comparison(entry));
  ufuncs.push_back(logical("logical_and", Identity::logical_true, "&&"));
  ufuncs.push_back(logical("logical_or", Identity::logical_false, "||"));
  ufuncs.push_back(logical("logical_xor", Identity::logical_false, "!="));
  ufuncs.push_back(UfuncBuilder("logical_not", 1, 1, Identity::none, TypeResolution::linear_search)
                       .loops(kAllTypes, "T->?", [](Dtypes dtypes) { return "out0 = !" + truth(dtypes[0], "in0") + ";"; })
                       .build());
  ufuncs.push_back(extremum("maximum", ">=", true));
  ufuncs.push_back(extremum("minimum", "<=", true));
  ufuncs.push_back(extremum("fmax", ">=", false));
  ufuncs.push_back(extremum("fmin", "<=", false));
  ufuncs.push_back(clip());
  ufuncs.push_back(UfuncBuilder("where", 3, 1, Identity::none, TypeResolution::where)
                       .loops(kAllTypes, "?TT->T", "out0 = in0 ? in1 : in2;")
                       .build());
  return ufuncs;
}

}  // namespace garray::ufunc_definitions
