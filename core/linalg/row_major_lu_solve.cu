#include "core/linalg/row_major_lu_solve.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/linalg/blas_status.hpp"
#include "core/linalg/typed_blas.hpp"

#include <string>

namespace garray::row_major_lu_solve {

namespace {

constexpr int kBlock = 64;  // rows of a diagonal block
constexpr int kMaxRightHandSides = 4;
constexpr int kThreads = 256;
constexpr int kParts = kThreads / kBlock;      // threads sharing a row's dot products
constexpr int kColumnsEach = kBlock / kParts;  // the columns of a tile each of them takes

__host__ __device__ constexpr std::int64_t blocks_of(std::int64_t n) { return (n + kBlock - 1) / kBlock; }

// A solution's values are published as 64-bit words, 32 bits of a value and a nonzero tag each: a word read whole
// (single-copy atomic) is its own flag, so a block waits for a solved block and reads it in one round trip, and a
// block publishes without a fence.
template <class T>
constexpr int kPieces = sizeof(T) / sizeof(unsigned);
constexpr unsigned long long kPublished = 1ull << 32;

// The solve's scratch: the inverses of L's and U's diagonal blocks (row-major, kBlock x kBlock each), then the
// published words of each triangle's solution (zero: not yet), kMaxRightHandSides a row.
template <class T>
struct Scratch {
  T* lower_inverse;
  T* upper_inverse;
  unsigned long long* published;
};

template <class T>
std::int64_t published_words(std::int64_t n) {
  return 2 * n * kMaxRightHandSides * kPieces<T>;
}

template <class T>
std::size_t scratch_bytes(std::int64_t n) {
  return 2 * blocks_of(n) * kBlock * kBlock * sizeof(T) + published_words<T>(n) * sizeof(unsigned long long);
}

template <class T>
Scratch<T> carve(void* workspace, std::int64_t n) {
  const std::int64_t blocks = blocks_of(n);
  T* const inverses = static_cast<T*>(workspace);
  return {inverses, inverses + blocks * kBlock * kBlock,
          reinterpret_cast<unsigned long long*>(inverses + 2 * blocks * kBlock * kBlock)};
}

// The inverses of the diagonal blocks of L (unit lower; blockIdx.y 0) and U (upper; 1), a block of kBlock threads
// each, a thread a column of the inverse by substitution. Past the matrix's order a block is the identity's.
template <class T>
__global__ void __launch_bounds__(kBlock) invert_diagonal_blocks(const T* lu, std::int64_t n, Scratch<T> scratch) {
  __shared__ T tile[kBlock][kBlock + 1];
  const bool upper = blockIdx.y == 1;
  const std::int64_t first = std::int64_t{blockIdx.x} * kBlock;
  const std::int64_t width = min(std::int64_t{kBlock}, n - first);
  for (int e = threadIdx.x; e < kBlock * kBlock; e += kBlock) {
    const int r = e / kBlock, c = e % kBlock;
    const bool stored = r < width && c < width && (upper ? c >= r : c < r);
    tile[r][c] = stored ? lu[(first + r) * n + first + c] : (r == c ? T(1) : T(0));
  }
  __syncthreads();
  const int column = threadIdx.x;
  T x[kBlock];
#pragma unroll
  for (int r = 0; r < kBlock; ++r) x[r] = r == column ? T(1) : T(0);
  if (upper) {
#pragma unroll
    for (int s = kBlock - 1; s >= 0; --s) {
      x[s] /= tile[s][s];
#pragma unroll
      for (int r = 0; r < s; ++r) x[r] = fma(-tile[r][s], x[s], x[r]);
    }
  } else {
#pragma unroll
    for (int s = 0; s < kBlock; ++s)
#pragma unroll
      for (int r = s + 1; r < kBlock; ++r) x[r] = fma(-tile[r][s], x[s], x[r]);
  }
  T* const inverse =
      (upper ? scratch.upper_inverse : scratch.lower_inverse) + std::int64_t{blockIdx.x} * kBlock * kBlock;
#pragma unroll
  for (int r = 0; r < kBlock; ++r) inverse[r * kBlock + column] = x[r];
}

__device__ __forceinline__ unsigned long long load_word(const unsigned long long* word) {
  unsigned long long value;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(value) : "l"(word) : "memory");
  return value;
}

__device__ __forceinline__ void store_word(unsigned long long* word, unsigned long long value) {
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(word), "l"(value) : "memory");
}

// Piece p of `value` (its low 32 bits first) with the tag.
__device__ __forceinline__ unsigned long long published_piece(float value, int) {
  return kPublished | __float_as_uint(value);
}

__device__ __forceinline__ unsigned long long published_piece(double value, int p) {
  return kPublished | static_cast<unsigned>(p == 0 ? __double2loint(value) : __double2hiint(value));
}

// The sum over a row's kParts threads (adjacent lanes), in every one of them.
template <class T, int K>
__device__ __forceinline__ void sum_parts(T (&values)[K]) {
#pragma unroll
  for (int c = 0; c < K; ++c)
#pragma unroll
    for (int lane_mask = 1; lane_mask < kParts; lane_mask <<= 1)
      values[c] += __shfl_xor_sync(0xffffffffu, values[c], lane_mask);
}

// Block `from`'s published solution (k <= K right-hand sides) into `solved`, every thread some of its words, all read
// at once and those not yet published read again.
template <class T, int K>
__device__ __forceinline__ void take_solved(const unsigned long long* published, int from, std::int64_t n, int k,
                                            T (&solved)[kBlock][K]) {
  constexpr int kWords = kBlock * K * kPieces<T>;
  constexpr int kEach = (kWords + kThreads - 1) / kThreads;
  unsigned long long words[kEach];
  const unsigned long long* addresses[kEach];
  bool pending = false;
#pragma unroll
  for (int t = 0; t < kEach; ++t) {
    const int e = threadIdx.x + t * kThreads;
    const int i = e / (K * kPieces<T>), c = e / kPieces<T> % K, p = e % kPieces<T>;
    const std::int64_t at = std::int64_t{from} * kBlock + i;
    const bool awaited = e < kWords && c < k && at < n;
    addresses[t] = awaited ? published + (at * kMaxRightHandSides + c) * kPieces<T> + p : nullptr;
    words[t] = awaited ? load_word(addresses[t]) : kPublished;
    pending |= words[t] == 0;
  }
  while (pending) {
    pending = false;
#pragma unroll
    for (int t = 0; t < kEach; ++t) {
      if (words[t] == 0) words[t] = load_word(addresses[t]);
      pending |= words[t] == 0;
    }
  }
#pragma unroll
  for (int t = 0; t < kEach; ++t) {
    const int e = threadIdx.x + t * kThreads;
    if (e < kWords)
      reinterpret_cast<unsigned*>(&solved[e / (K * kPieces<T>)][e / kPieces<T> % K])[e % kPieces<T>] =
          static_cast<unsigned>(words[t]);
  }
}

// One triangle's substitution for k <= K right-hand sides (kUpper: U, from the last block of rows up, on x; else L,
// on P B, from the first block down), a block of threads per block of rows, launched in dependency order: each
// solved block's solution is taken off the rows as soon as it is published (the tile's entries loaded before the
// wait), then the block's inverse gives the block's solution, written to x and published.
template <class T, int K, bool kUpper>
__global__ void __launch_bounds__(kThreads, 1)
    substitute(const T* lu, std::int64_t n, const int* permutation, const T* b, T* x, int k, Scratch<T> scratch) {
  __shared__ T solved[kBlock][K];
  __shared__ T rest[kBlock][K];
  const int blocks = static_cast<int>(blocks_of(n));
  const int block = kUpper ? blocks - 1 - static_cast<int>(blockIdx.x) : static_cast<int>(blockIdx.x);
  // Row i's right-hand side c, piece p: published[(i kMaxRightHandSides + c) kPieces + p].
  unsigned long long* const published = scratch.published + (kUpper ? n * kMaxRightHandSides * kPieces<T> : 0);
  const int r = threadIdx.x / kParts, part = threadIdx.x % kParts;
  const std::int64_t row = std::int64_t{block} * kBlock + r;
  const bool inside = row < n;
  // Loaded ahead, off the chain of blocks: the row's right-hand sides and its row of the block's inverse.
  T right_hand_sides[K];
#pragma unroll
  for (int c = 0; c < K; ++c)
    right_hand_sides[c] = part == 0 && inside && c < k ? (kUpper ? x[c * n + row] : b[c * n + permutation[row]]) : T(0);
  T inverse_row[kColumnsEach];
  const T* const inverse = (kUpper ? scratch.upper_inverse : scratch.lower_inverse) +
                           std::int64_t{block} * kBlock * kBlock + r * kBlock + part * kColumnsEach;
#pragma unroll
  for (int j = 0; j < kColumnsEach; ++j) inverse_row[j] = inverse[j];
  T sums[K] = {};
  const int earlier = kUpper ? blocks - 1 - block : block;
  for (int t = 0; t < earlier; ++t) {
    const int from = kUpper ? blocks - 1 - t : t;
    const std::int64_t first_column = std::int64_t{from} * kBlock + part * kColumnsEach;
    T entries[kColumnsEach];
#pragma unroll
    for (int j = 0; j < kColumnsEach; ++j)
      entries[j] = inside && first_column + j < n ? lu[row * n + first_column + j] : T(0);
    take_solved<T, K>(published, from, n, k, solved);
    __syncthreads();
#pragma unroll
    for (int j = 0; j < kColumnsEach; ++j)
#pragma unroll
      for (int c = 0; c < K; ++c) sums[c] = fma(entries[j], solved[part * kColumnsEach + j][c], sums[c]);
    __syncthreads();
  }
  sum_parts<T, K>(sums);
  if (part == 0) {
#pragma unroll
    for (int c = 0; c < K; ++c) rest[r][c] = right_hand_sides[c] - sums[c];
  }
  __syncthreads();
  T solution[K] = {};
#pragma unroll
  for (int j = 0; j < kColumnsEach; ++j)
#pragma unroll
    for (int c = 0; c < K; ++c) solution[c] = fma(inverse_row[j], rest[part * kColumnsEach + j][c], solution[c]);
  sum_parts<T, K>(solution);
  if (part == 0 && inside) {
#pragma unroll
    for (int c = 0; c < K; ++c) {
      if (c >= k) continue;
      x[c * n + row] = solution[c];
#pragma unroll
      for (int p = 0; p < kPieces<T>; ++p)
        store_word(published + (row * kMaxRightHandSides + c) * kPieces<T> + p, published_piece(solution[c], p));
    }
  }
}

// x[c n + i] = b[c n + permutation[i]]: P B for column-major right-hand sides.
template <class T>
__global__ void permute_right_hand_sides(const T* b, const int* permutation, T* x, std::int64_t n, std::int64_t k) {
  const std::int64_t e = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= n * k) return;
  const std::int64_t column = e / n;
  x[e] = b[column * n + permutation[e - column * n]];
}

template <class T, int K>
void substitute_both(const T* lu, std::int64_t n, const int* permutation, const T* b, T* x, int k,
                     const Scratch<T>& scratch, cudaStream_t stream) {
  const int blocks = static_cast<int>(blocks_of(n));
  substitute<T, K, false><<<blocks, kThreads, 0, stream>>>(lu, n, permutation, b, x, k, scratch);
  substitute<T, K, true><<<blocks, kThreads, 0, stream>>>(lu, n, permutation, b, x, k, scratch);
}

// P A = L U, so A x = b is L U x = P b. Few right-hand sides: the substitution kernels; more: with L and U row-major
// (column-major L^T, U^T), two transposed cuBLAS solves.
template <class T>
cublasStatus_t solve_typed(const T* lu, std::int64_t n, const int* permutation, const T* b, T* x, std::int64_t k,
                           void* workspace, cublasHandle_t blas, cudaStream_t stream) {
  if (k <= kMaxRightHandSides) {
    const Scratch<T> scratch = carve<T>(workspace, n);
    const int blocks = static_cast<int>(blocks_of(n));
    check_cuda(cudaMemsetAsync(scratch.published, 0, published_words<T>(n) * sizeof(unsigned long long), stream),
               "cudaMemsetAsync (LU solve)");
    invert_diagonal_blocks<T><<<dim3(blocks, 2), kBlock, 0, stream>>>(lu, n, scratch);
    if (k == 1)
      substitute_both<T, 1>(lu, n, permutation, b, x, 1, scratch, stream);
    else
      substitute_both<T, kMaxRightHandSides>(lu, n, permutation, b, x, static_cast<int>(k), scratch, stream);
    check_cuda(cudaGetLastError(), "LU solve: substitution kernels");
    return CUBLAS_STATUS_SUCCESS;
  }
  permute_right_hand_sides<T><<<static_cast<int>((n * k + 255) / 256), 256, 0, stream>>>(b, permutation, x, n, k);
  check_cuda(cudaGetLastError(), "LU solve: permute_right_hand_sides");
  const T one = 1;
  const int order = static_cast<int>(n), ld = static_cast<int>(n), columns = static_cast<int>(k);
  BlasStatus status;
  status << typed_blas::trsm<T>(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, CUBLAS_DIAG_UNIT, order,
                                columns, &one, lu, ld, x, ld);
  status << typed_blas::trsm<T>(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT,
                                order, columns, &one, lu, ld, x, ld);
  return status.value();
}

[[noreturn]] void unsupported(ga_dtype_t dtype) {
  throw Error(GA_ERROR_INTERNAL, "LU solve takes no dtype " + std::to_string(static_cast<int>(dtype)));
}

}  // namespace

std::size_t workspace_bytes(ga_dtype_t dtype, std::int64_t n) {
  if (dtype == GA_FLOAT32) return scratch_bytes<float>(n);
  if (dtype == GA_FLOAT64) return scratch_bytes<double>(n);
  unsupported(dtype);
}

cublasStatus_t solve(ga_dtype_t dtype, const void* lu, std::int64_t n, const int* permutation, const void* b, void* x,
                     std::int64_t k, void* workspace, cublasHandle_t blas, cudaStream_t stream) {
  if (dtype == GA_FLOAT32)
    return solve_typed(static_cast<const float*>(lu), n, permutation, static_cast<const float*>(b),
                       static_cast<float*>(x), k, workspace, blas, stream);
  if (dtype == GA_FLOAT64)
    return solve_typed(static_cast<const double*>(lu), n, permutation, static_cast<const double*>(b),
                       static_cast<double*>(x), k, workspace, blas, stream);
  unsupported(dtype);
}

}  // namespace garray::row_major_lu_solve
