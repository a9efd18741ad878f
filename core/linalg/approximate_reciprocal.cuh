// 1 / p for float32 to within an ulp or so by one MUFU.RCP: the correctly rounded reciprocal's slow path kept off the
// critical chains of the eliminations (a pivot's reciprocal each step), as LAPACK scales by the reciprocal anyway.
#pragma once

namespace garray {

__device__ __forceinline__ float approximate_reciprocal(float p) {
  float inverse;
  asm("rcp.approx.f32 %0, %1;" : "=f"(inverse) : "f"(p));
  return inverse;
}

}  // namespace garray
