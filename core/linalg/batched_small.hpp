// Cholesky and Hermitian eigendecompositions of many small matrices at once: cuSOLVER's potrfBatched
// (a pointer per matrix) and syevjBatched/heevjBatched (Jacobi, matrices up to 32 x 32), one launch for
// the whole stack instead of one call per matrix. Matrices are read column-major from a C-contiguous stack.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cusolverDn.h>

#include <cstdint>

namespace garray {

bool prefers_batched_cholesky(std::int64_t count, std::int64_t n);
// Factors every matrix of `stack` in place; `info` (int32, one per matrix) receives potrf's words.
void batched_cholesky_in_place(const Array& stack, cublasFillMode_t fill, const Array& info, const StreamRef& stream);

bool prefers_batched_eigh(std::int64_t count, std::int64_t n);
// Eigenvalues (ascending, into `w`: real, (count, n) C order) and, with `compute_v`, eigenvectors in place of every
// matrix of `stack`; `info` receives the words (positive: no convergence).
void batched_eigh_in_place(const Array& stack, const Array& w, bool compute_v, cublasFillMode_t fill, const Array& info,
                           const StreamRef& stream);

}  // namespace garray
