// Bitwise ufuncs and shifts on bool and integers.
#include "core/ops/ufunc/definitions.hpp"
#include "core/ops/ufunc/loop_builder.hpp"

namespace garray::ufunc_definitions {

namespace {

using namespace ufunc_build;

Ufunc bitwise(std::string_view name, Identity identity, const char* bool_operation, const char* symbol) {
  UfuncBuilder ufunc(name, 2, 1, identity, TypeResolution::linear_search);
  ufunc.loops("?", "TT->T", bool_operation);
  ufunc.loops(kIntegers, "TT->T", std::string("out0 = in0 ") + symbol + " in1;");
  return ufunc.build();
}

Ufunc shift(std::string_view name, const char* function) {
  UfuncBuilder ufunc(name, 2, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kIntegers, "TT->T", std::string("out0 = ") + function + "(in0, in1);", {DeviceHelper::shifts});
  return ufunc.build();
}

}  // namespace

std::vector<Ufunc> bitwise() {
  std::vector<Ufunc> ufuncs;
  ufuncs.push_back(bitwise("bitwise_and", Identity::minus_one, "out0 = in0 && in1;", "&"));
  ufuncs.push_back(bitwise("bitwise_or", Identity::zero, "out0 = in0 || in1;", "|"));
  ufuncs.push_back(bitwise("bitwise_xor", Identity::zero, "out0 = in0 != in1;", "^"));
  ufuncs.push_back(UfuncBuilder("invert", 1, 1, Identity::none, TypeResolution::linear_search)
                       .loops("?", "T->T", "out0 = !in0;")
                       .loops(kIntegers, "T->T", "out0 = ~in0;")
                       .build());
  ufuncs.push_back(shift("left_shift", "ga_left_shift"));
  ufuncs.push_back(shift("right_shift", "ga_right_shift"));
  return ufuncs;
}

}  // namespace garray::ufunc_definitions
