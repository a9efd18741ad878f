// QR factorization of large float32 matrices by blocked Householder reflections whose panels are factored inside one
// thread-block cluster, compiled ahead with nvcc.
//
// cuSOLVER's geqrf spends about 5.7 us per column of a 4096 x 4096 float32 matrix on an H100 (23.3 ms; orgqr another
// 5.9, bench/NOTES.md): every reflector is a norm, a scaling and a rank-one update of the panel, each a pass over the
// device of its own. Here a panel of 32 columns sits in the registers of a cluster of 8 blocks, one or more rows a
// thread, and each column takes one reduction through the cluster's distributed shared memory (blocks mail their sums
// to each other): the sums of the column's squares and of its products with the other panel columns give the
// reflector, its update of the panel and T's column together. Panels update the rest of their block of 128 columns;
// the block's reflector I - V T V^T then goes to the trailing columns through cuBLAS in full float32 precision: from
// order 2048 first to the next block's, which a side stream factors while the caller's stream applies two blocks'
// reflectors at once (a pair, 256 columns) to the columns past them. Q takes the pairs (or blocks) backwards. The
// results are LAPACK's: geqrf's reflectors and scalars (dlarfg's conventions: beta = -sign(alpha) ||x||), Q as orgqr
// forms it. On an H100, 4096 x 4096: factorization 11.0 ms (geqrf 23.3), reduced Q and R 14.5 (geqrf + orgqr 28.5).
#pragma once

#include <garray/base.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace garray::householder_qr {

// Whether m x n matrices of `dtype` on `device` take this factorization rather than cuSOLVER's: float32 from
// min(m, n) = 1024 up to 8192 rows, on devices with thread-block clusters (compute capability 9.0 and newer).
bool prefers(ga_dtype_t dtype, std::int64_t m, std::int64_t n, int device);

// Bytes of the scratch factor() and generate_q() need for an m x n matrix.
std::size_t workspace_bytes(std::int64_t m, std::int64_t n);

// cuBLAS as a BlasCall leaves it: the handle on the caller's stream with that call's workspace.
struct Blas {
  cublasHandle_t handle;
  cudaStream_t stream;
  void* workspace;
  std::size_t workspace_bytes;
};

// geqrf in place of the column-major m x n float32 matrix `a` (leading dimension m): R on and above the diagonal, the
// reflectors' vectors below it (unit leading entries implied), their min(m, n) scalars in `tau`. `workspace` keeps the
// block reflectors for generate_q(). Work queued on `blas.stream` (and on a side stream that stream waits for); the
// handle is left as it came. Returns the first cuBLAS failure (for check_cublas); launch failures throw.
cublasStatus_t factor(float* a, std::int64_t m, std::int64_t n, float* tau, void* workspace, const Blas& blas);

// orgqr: the first `columns` (min(m, n) to m) columns of Q = H_1 H_2 ... H_min(m,n) into the column-major m-row `q`
// (leading dimension m), from the workspace of the factor() call of that m x n matrix just before. Returns as factor().
cublasStatus_t generate_q(float* q, std::int64_t m, std::int64_t n, std::int64_t columns, const void* workspace,
                          const Blas& blas);

}  // namespace garray::householder_qr
