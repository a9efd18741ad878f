// The LU family of numpy.linalg: solve, inv, det, slogdet, on cusolverDnXgetrf/Xgetrs; solve of large float32 and
// float64 systems on the row-major LUs: float32 of order 512 to 4096 on the cluster-panel LU (panel_lu.hpp), the
// rest on the tournament-pivoted LU (tournament_lu.hpp); inv of matrices up to 64 x 64 by Gauss-Jordan in registers
// (small_inverse.hpp).
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <optional>
#include <utility>

namespace garray {

// An LU factorization in place: `stack` is a C-contiguous (..., n, n) stack whose matrices are read column-major.
// Returns the pivots ((..., n), 1-based as LAPACK's) and the info words (int32, one per matrix). Many small matrices go
// through cuBLAS's batched getrf (int32 pivots, and the matrices' addresses for the batched solves); others through
// cusolverDnXgetrf (int64 pivots).
struct LuFactors {
  Array pivots;
  Array info;
  std::optional<Array> addresses;  // set for the batched path
};
LuFactors lu_factor_in_place(const Array& stack, const StreamRef& stream);

// np.linalg.solve (b: (n,) or (..., n, k), batch dimensions broadcast).
Array solve(const Array& a, const Array& b, const StreamRef& stream);
// np.linalg.inv.
Array inv(const Array& a, const StreamRef& stream);
// np.linalg.det.
Array det(const Array& a, const StreamRef& stream);
// np.linalg.slogdet: (sign, logabsdet).
std::pair<Array, Array> slogdet(const Array& a, const StreamRef& stream);

}  // namespace garray
