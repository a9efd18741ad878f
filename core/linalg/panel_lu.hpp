// LU factorization with partial pivoting of float32 matrices up to order 4096, each panel held by one thread-block
// cluster, compiled ahead with nvcc.
//
// The tournament LU (tournament_lu.hpp) picks a panel's pivots in two rounds of 64 dependent steps, each block-wide,
// on 8 SMs then 1: ~95 us a panel of a 4096 x 4096 float32 matrix, the whole of its critical path. Here a cluster of 8
// blocks (4 for panels of up to 1024 rows) holds the panel's rows in registers (one or two a thread) and picks every
// pivot of the column at once: each block mails its best candidate row to every block (st.async into their shared
// memory), and each block takes the largest. That is partial pivoting itself (LAPACK's getrf's pivots, up to ties
// within 8 ulps), one exchange a column (~0.65 us; 4096^2: 50-85 us a panel, 4.6 ms in all against 8.6).
// The factorization works on the row-major (C-order) matrix, 64 columns at a time:
//   1. the cluster factors the panel: L21 and U11 in place, the pivots as row moves and in the permutation;
//   2. on the same stream (of the greatest priority), the next panel's columns, staged in the workspace: their rows
//      moved, U12 = L11^-1 A12 for them, and their update by L21 U12, with L as the cluster hands it over when its
//      steps end, before its tail (once 3584 rows remain, they start then); the next panel's cluster is launched
//      while they run (programmatic dependent launch), reads them from there as each block of rows is staged, and
//      writes them back. The same launch moves the rows in every other column and forms U12 for the columns past
//      the next panel;
//   3. then, on the caller's stream, their update (cuBLAS sgemm), which the next panels' cluster runs beside.
// P A = L U comes out as LAPACK stores it, row-major, with the permutation as the rows of A in the order of P A: the
// layout of tournament_lu::factor; row_major_lu_solve.hpp solves with either. The panels report the first zero pivot
// themselves (no pass over the diagonal afterwards). solve() takes one right-hand side through the same pipeline.
#pragma once

#include <garray/base.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace garray::panel_lu {

// Whether n x n matrices of `dtype` take this factorization: float32 of order 512 to 4096 (the rows a cluster holds)
// on devices with thread-block clusters (compute capability 9.0 and newer). H100: 513 0.49 ms, 1100 1.04, 2048 1.94,
// 4096 4.58 (the tournament LU, in earlier runs: 0.68, 1.57, 3.71, 8.60).
bool prefers(ga_dtype_t dtype, std::int64_t n, int device);

// Bytes of the scratch factor() needs for one n x n matrix.
std::size_t workspace_bytes(std::int64_t n);

// P A = L U in place of the C-contiguous n x n float32 matrix `a`, as tournament_lu::factor: permutation[i] = the row
// of A that is row i of P A; *info = 1 + the first k with U[k][k] == 0, else 0. `blas` works on `stream`; all work is
// ordered after what is queued there and before what follows (the panels run on a second stream, joined back).
// Returns the first cuBLAS failure (for check_cublas); launch failures throw.
cublasStatus_t factor(float* a, std::int64_t n, int* permutation, int* info, void* workspace, cublasHandle_t blas,
                      cudaStream_t stream);

// Bytes of the scratch solve() needs for one n x n matrix.
std::size_t solve_workspace_bytes(std::int64_t n);

// x = A^-1 b for one right-hand side (n floats; b is scratch afterwards, x apart from it), A the C-contiguous n x n
// `matrix`, factored in `a` as factor() does (U and the permutation as factor() leaves them; L's rows left of each
// panel as that panel found them, never read again). Where `matrix` is not `a`, it is copied to `a` beside the first
// panel, which reads it. The forward substitution is done beside the factorization, a panel at a time (its rows of
// L^-1 P b by the next panel's columns' launch, the last panel's by its steps), and U's substitution
// (row_major_lu_solve::substitute_upper) starts during the last panel. H100, same runs: 4096^2 4.83 ms against 4.88
// by a copy, factor() and row_major_lu_solve::solve() (of which the copy beside the first panel 0.03), 2048^2 2.01
// against 2.04. *info and the return value as factor()'s.
cublasStatus_t solve(const float* matrix, float* a, std::int64_t n, int* permutation, int* info, float* b, float* x,
                     void* workspace, cublasHandle_t blas, cudaStream_t stream);

}  // namespace garray::panel_lu
