// real, imag, conjugate and angle. NumPy's real, imag and angle are functions rather than ufuncs;
// as ufuncs they take CuPy's loops: the real and imaginary parts of complex values (a copy and
// zero for real ones), and angle in the input's precision, float64 for bool.
#include "core/ops/ufunc/definitions.hpp"
#include "core/ops/ufunc/loop_builder.hpp"

namespace garray::ufunc_definitions {

namespace {

using namespace ufunc_build;
using Dtypes = std::span<const ga_dtype_t>;

Ufunc part(std::string_view name, const char* real_operation, const char* complex_operation) {
  UfuncBuilder ufunc(name, 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loops(kBoolAndIntegers, "T->T", real_operation);
  ufunc.loops(kFloats, "T->T", real_operation);
  ufunc.loop("F->f", complex_operation);
  ufunc.loop("D->d", complex_operation);
  return ufunc.build();
}

Ufunc angle() {
  // arctan2(imag, real), as numpy.angle computes it: pi for negative reals and for -0.0.
  UfuncBuilder ufunc("angle", 1, 1, Identity::none, TypeResolution::linear_search);
  ufunc.loop("?->d", "out0 = atan2(0.0, (double)in0);");
  ufunc.loops(kFloats, "T->T", [](Dtypes dtypes) {
    return std::string("out0 = atan2(") + (dtypes[0] == GA_FLOAT64 ? "0.0" : "0.0f") + ", " + value(dtypes[0], "in0") + ");";
  });
  ufunc.loop("F->f", "out0 = atan2(in0.im, in0.re);");
  ufunc.loop("D->d", "out0 = atan2(in0.im, in0.re);");
  return ufunc.build();
}

}  // namespace

std::vector<Ufunc> complex_parts() {
  std::vector<Ufunc> ufuncs;
  ufuncs.push_back(part("real", "out0 = in0;", "out0 = in0.re;"));
  ufuncs.push_back(part("imag", "out0 = 0;", "out0 = in0.im;"));
  ufuncs.push_back(UfuncBuilder("conjugate", 1, 1, Identity::none, TypeResolution::linear_search)
                       .loops(kIntegers, "T->T", "out0 = in0;")
                       .loops(kFloats, "T->T", "out0 = in0;")
                       .loops(kComplex, "T->T", "out0 = conj(in0);")
                       .build());
  ufuncs.push_back(angle());
  return ufuncs;
}

}  // namespace garray::ufunc_definitions
