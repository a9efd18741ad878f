#include "core/linalg/small_inverse.hpp"

#include "core/common/cuda_check.hpp"
#include "core/linalg/approximate_reciprocal.cuh"
#include "core/linalg/cluster_launch.cuh"

#include <cuComplex.h>

#include <algorithm>
#include <climits>

namespace garray::small_inverse {

namespace {

// The largest orders: a lane holds a row, and 64 entries of 16 bytes would not fit its registers.
constexpr std::int64_t kMaxOrder = 64;
constexpr std::int64_t kMaxComplex128Order = 32;

__device__ __forceinline__ float times(float a, float b) { return a * b; }
__device__ __forceinline__ double times(double a, double b) { return a * b; }
__device__ __forceinline__ cuFloatComplex times(cuFloatComplex a, cuFloatComplex b) { return cuCmulf(a, b); }
__device__ __forceinline__ cuDoubleComplex times(cuDoubleComplex a, cuDoubleComplex b) { return cuCmul(a, b); }

// x - f s
__device__ __forceinline__ float less_product(float x, float f, float s) { return fmaf(-f, s, x); }
__device__ __forceinline__ double less_product(double x, double f, double s) { return fma(-f, s, x); }
__device__ __forceinline__ cuFloatComplex less_product(cuFloatComplex x, cuFloatComplex f, cuFloatComplex s) {
  return make_cuFloatComplex(fmaf(f.y, s.y, fmaf(-f.x, s.x, x.x)), fmaf(-f.y, s.x, fmaf(-f.x, s.y, x.y)));
}
__device__ __forceinline__ cuDoubleComplex less_product(cuDoubleComplex x, cuDoubleComplex f, cuDoubleComplex s) {
  return make_cuDoubleComplex(fma(f.y, s.y, fma(-f.x, s.x, x.x)), fma(-f.y, s.x, fma(-f.x, s.y, x.y)));
}

// 1 or 0 as T.
template <class T>
__device__ __forceinline__ T indicator(bool one);
template <>
__device__ __forceinline__ float indicator<float>(bool one) { return one ? 1.0f : 0.0f; }
template <>
__device__ __forceinline__ double indicator<double>(bool one) { return one ? 1.0 : 0.0; }
template <>
__device__ __forceinline__ cuFloatComplex indicator<cuFloatComplex>(bool one) {
  return make_cuFloatComplex(one ? 1.0f : 0.0f, 0.0f);
}
template <>
__device__ __forceinline__ cuDoubleComplex indicator<cuDoubleComplex>(bool one) {
  return make_cuDoubleComplex(one ? 1.0 : 0.0, 0.0);
}

// 1 / p: to within an ulp for float32, correctly rounded for float64, by cuComplex's scaled division for complex
// numbers.
__device__ __forceinline__ float reciprocal(float p) { return approximate_reciprocal(p); }
__device__ __forceinline__ double reciprocal(double p) { return 1.0 / p; }
__device__ __forceinline__ cuFloatComplex reciprocal(cuFloatComplex p) {
  return cuCdivf(indicator<cuFloatComplex>(true), p);
}
__device__ __forceinline__ cuDoubleComplex reciprocal(cuDoubleComplex p) {
  return cuCdiv(indicator<cuDoubleComplex>(true), p);
}

// The leading 24 bits of |v| (|re| + |im| for complex numbers, as LAPACK's pivot search): a non-negative float's or
// double's bits compare as the numbers do, and a NaN's above infinity's.
__device__ __forceinline__ unsigned magnitude_bits(float v) { return __float_as_uint(fabsf(v)) >> 7; }
__device__ __forceinline__ unsigned magnitude_bits(double v) {
  return static_cast<unsigned>(static_cast<unsigned long long>(__double_as_longlong(fabs(v))) >> 39);
}
__device__ __forceinline__ unsigned magnitude_bits(cuFloatComplex v) { return magnitude_bits(fabsf(v.x) + fabsf(v.y)); }
__device__ __forceinline__ unsigned magnitude_bits(cuDoubleComplex v) { return magnitude_bits(fabs(v.x) + fabs(v.y)); }

__device__ __forceinline__ bool is_zero(float v) { return v == 0.0f; }
__device__ __forceinline__ bool is_zero(double v) { return v == 0.0; }
__device__ __forceinline__ bool is_zero(cuFloatComplex v) { return v.x == 0.0f && v.y == 0.0f; }
__device__ __forceinline__ bool is_zero(cuDoubleComplex v) { return v.x == 0.0 && v.y == 0.0; }

// Row `row` (< 64) offered as a step's pivot, as one word that orders the offers as the pivot search does: the entry's
// magnitude bits (at least 1 for a nonzero entry), then 127 - row so that of equal magnitudes the lower row wins.
// Magnitudes within 2^-16 (float32) or 2^-13 (float64) of each other count as equal. 0: no offer.
template <class T>
__device__ __forceinline__ unsigned offer_of(T entry, int row) {
  const unsigned bits = max(magnitude_bits(entry), is_zero(entry) ? 0u : 1u);
  return bits << 7 | static_cast<unsigned>(127 - row);
}

__device__ __forceinline__ int row_of(unsigned offer) { return 127 - static_cast<int>(offer & 127); }

// A warp's best row for a step, as it was before the step, for the matrix's warps.
template <class T, int N>
struct alignas(16) Candidate {
  T row[N];
  unsigned offer;
};

// 16 bytes of a candidate's row: a shared-memory access of four words.
template <class T>
struct alignas(16) Chunk {
  static constexpr int kEntries = 16 / sizeof(T);
  T entry[kEntries];
};

// A matrix's shared memory: the candidates of two steps in turn, the matrix staged in and out (an odd row stride, so
// that lanes reading a row each meet no bank conflict), the pivot row of each step.
template <class T, int W, int N>
struct MatrixShared {
  Candidate<T, N> candidates[2][W];
  T staged[N][N + 1];
  int pivot_rows[N];
};

// The matrix's W warps at one point (the two matrices of a block of two warps each apart: named barriers 1 and 2).
template <int W>
__device__ __forceinline__ void matrix_barrier(int matrix) {
  static_assert(W == 1 || W == 2, "a warp or two a matrix");
  if constexpr (W == 1)
    __syncwarp();
  else if (matrix == 0)
    asm volatile("bar.sync 1, 64;" ::: "memory");
  else
    asm volatile("bar.sync 2, 64;" ::: "memory");
}

// The n x n matrix's entries that thread `thread` of its W warps takes when they go through it in order, 32 W
// consecutive entries at a time, kGroup (at most 16, fewer for small orders) by kGroup: load(i, e) for each entry e of
// a group (i: its index in the group), so that the group's loads are all in flight before the first is used, then
// store(i, e) for each.
template <int W, int N>
constexpr int kGroup = std::min(16, (N * N + 32 * W - 1) / (32 * W));

template <int W, int N, class Load, class Store>
__device__ __forceinline__ void for_each_entry(int n, int thread, Load&& load, Store&& store) {
  constexpr int kStride = 32 * W;
  for (int first = thread; first < n * n; first += kGroup<W, N> * kStride) {
#pragma unroll
    for (int i = 0; i < kGroup<W, N>; ++i)
      if (first + kStride * i < n * n) load(i, first + kStride * i);
#pragma unroll
    for (int i = 0; i < kGroup<W, N>; ++i)
      if (first + kStride * i < n * n) store(i, first + kStride * i);
  }
}

// Entry e's place in a matrix staged with rows of N + 1: e / n by a float product (exact: e < 4096, n <= 64).
template <class T, int N>
__device__ __forceinline__ T& staged_at(T (&staged)[N][N + 1], int e, int n, float inverse_n) {
  const int r = static_cast<int>((static_cast<float>(e) + 0.5f) * inverse_n);
  return staged[r][e - r * n];
}

constexpr int kThreads = 128;
// Blocks an SM should hold: for 64 x 64 float32, 8 matrices (1056 on an H100, a stack of 1000 at once), which leaves
// 128 registers a thread; 1 (no bound) where a row alone takes more.
template <class T, int W>
constexpr int kBlocksPerSm = W == 2 && sizeof(T) == 4 ? 4 : 1;

template <class T, int W, int N>
constexpr std::size_t shared_bytes() {
  return kThreads / (32 * W) * sizeof(MatrixShared<T, W, N>);
}

// W warps a matrix of order n <= N (32 W rows), a row a lane, its N entries in registers. A step pivots in place
// without swapping rows: the pivot of step k is row p = pivot_rows[k], after which row p holds row k of P A's inverse
// and the step's column holds column p of it. Each step pivots on register 0 and shifts the rows left by one, the
// step's new column entering at register N - 1, so that every register index is known at compile time: after n steps
// the column of step k is at register N - n + k, and its entry in row i goes to inverse[step of row i][p]. A step
// takes one barrier of the matrix's warps: each warp posts its best row, whole, and every lane takes the best of them
// and updates its row with the posted entries. The matrix goes in and out through shared memory, a row at a time.
template <class T, int W, int N>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm<T, W>)
    gauss_jordan(const T* __restrict__ matrices, T* __restrict__ inverse, std::int64_t count, int n,
                 int* __restrict__ info) {
  static_assert(N <= 32 * W && N % Chunk<T>::kEntries == 0, "a row a lane, whole chunks");
  constexpr int kMatrices = kThreads / (32 * W);
  extern __shared__ __align__(16) unsigned char shared_memory[];
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int warp = static_cast<int>(threadIdx.x) / 32 % W;
  const int matrix = static_cast<int>(threadIdx.x) / (32 * W);
  const std::int64_t index = static_cast<std::int64_t>(blockIdx.x) * kMatrices + matrix;
  if (index >= count) return;
  auto& shared = reinterpret_cast<MatrixShared<T, W, N>*>(shared_memory)[matrix];
  const int row = 32 * warp + lane;
  const std::int64_t offset = index * n * n;
  const float inverse_n = 1.0f / static_cast<float>(n);
  {
    T entries[kGroup<W, N>];
    for_each_entry<W, N>(
        n, row, [&](int i, int e) { entries[i] = matrices[offset + e]; },
        [&](int i, int e) { staged_at(shared.staged, e, n, inverse_n) = entries[i]; });
  }
  matrix_barrier<W>(matrix);
  const T zero = indicator<T>(false);
  T m[N];
#pragma unroll
  for (int c = 0; c < N; ++c) m[c] = row < n && c < n ? shared.staged[row][c] : zero;
  bool pivoted = row >= n;
  int step_of_row = 0;
  int zero_step = 0;
  for (int k = 0; k < n; ++k) {
    Candidate<T, N>* posted = shared.candidates[k & 1];
    const unsigned offer = pivoted ? 0u : offer_of(m[0], row);
    const unsigned best = __reduce_max_sync(~0u, offer);
    if (offer == best && best != 0) {
      auto* chunks = reinterpret_cast<Chunk<T>*>(posted[warp].row);
#pragma unroll
      for (int q = 0; q < N / Chunk<T>::kEntries; ++q) {
        Chunk<T> chunk;
#pragma unroll
        for (int e = 0; e < Chunk<T>::kEntries; ++e) chunk.entry[e] = m[q * Chunk<T>::kEntries + e];
        chunks[q] = chunk;
      }
    }
    if (lane == 0) posted[warp].offer = best;
    matrix_barrier<W>(matrix);
    int winner = 0;
    unsigned top = posted[0].offer;
#pragma unroll
    for (int w = 1; w < W; ++w)
      if (posted[w].offer > top) {
        top = posted[w].offer;
        winner = w;
      }
    const int p = row_of(top);
    const auto* pivot_chunks = reinterpret_cast<const Chunk<T>*>(posted[winner].row);
    const T pivot = posted[winner].row[0];
    if (zero_step == 0 && is_zero(pivot)) zero_step = k + 1;
    const T inverse_pivot = reciprocal(pivot);
    const bool pivot_row = row == p;
    if (pivot_row) {
      pivoted = true;
      step_of_row = k;
    }
    if (row == 0) shared.pivot_rows[k] = p;
    // Every row less its multiplier times the pivot row (LAPACK's l = entry / pivot), and the pivot row over the pivot
    // by the same fused multiply-add: its entries zeroed, its multiplier -1 / pivot.
    const T multiplier = pivot_row ? less_product(zero, inverse_pivot, indicator<T>(true)) : times(m[0], inverse_pivot);
    if (pivot_row)
#pragma unroll
      for (int j = 1; j < N; ++j) m[j] = zero;
#pragma unroll
    for (int q = 0; q < N / Chunk<T>::kEntries; ++q) {
      const Chunk<T> chunk = pivot_chunks[q];
#pragma unroll
      for (int e = 0; e < Chunk<T>::kEntries; ++e) {
        const int j = q * Chunk<T>::kEntries + e;
        if (j > 0) m[j - 1] = less_product(m[j], multiplier, chunk.entry[e]);
      }
    }
    m[N - 1] = less_product(zero, multiplier, indicator<T>(true));
  }
  matrix_barrier<W>(matrix);
#pragma unroll
  for (int q = 0; q < N; ++q) {
    const int k = q - (N - n);
    if (row < n && k >= 0) shared.staged[step_of_row][shared.pivot_rows[k]] = m[q];
  }
  matrix_barrier<W>(matrix);
  {
    T entries[kGroup<W, N>];
    for_each_entry<W, N>(
        n, row, [&](int i, int e) { entries[i] = staged_at(shared.staged, e, n, inverse_n); },
        [&](int i, int e) { inverse[offset + e] = entries[i]; });
  }
  if (row == 0) info[index] = zero_step;
}

template <class T, int W, int N>
void launch(const void* matrices, void* inverse, std::int64_t count, int n, int* info, cudaStream_t stream) {
  constexpr int kMatrices = kThreads / (32 * W);
  constexpr std::size_t kBytes = shared_bytes<T, W, N>();
  if constexpr (kBytes > 48 * 1024)
    allow_dynamic_shared_memory<gauss_jordan<T, W, N>>(kBytes, "small inverse: cudaFuncSetAttribute");
  const auto blocks = static_cast<unsigned>((count + kMatrices - 1) / kMatrices);
  gauss_jordan<T, W, N><<<blocks, kThreads, kBytes, stream>>>(static_cast<const T*>(matrices),
                                                               static_cast<T*>(inverse), count, n, info);
  check_cuda(cudaGetLastError(), "small inverse: gauss_jordan");
}

template <class T>
void launch_for_order(const void* matrices, void* inverse, std::int64_t count, std::int64_t n, int* info,
                      cudaStream_t stream) {
  const int order = static_cast<int>(n);
  if (n <= 8)
    launch<T, 1, 8>(matrices, inverse, count, order, info, stream);
  else if (n <= 16)
    launch<T, 1, 16>(matrices, inverse, count, order, info, stream);
  else if (n <= 32)
    launch<T, 1, 32>(matrices, inverse, count, order, info, stream);
  else if constexpr (sizeof(T) <= 8)  // complex128 stops at 32 (prefers())
    launch<T, 2, 64>(matrices, inverse, count, order, info, stream);
}

}  // namespace

bool prefers(ga_dtype_t dtype, std::int64_t n, std::int64_t count) {
  const bool supported = dtype == GA_FLOAT32 || dtype == GA_FLOAT64 || dtype == GA_COMPLEX64 || dtype == GA_COMPLEX128;
  return supported && n >= 1 && n <= (dtype == GA_COMPLEX128 ? kMaxComplex128Order : kMaxOrder) && count <= INT_MAX;
}

void invert(ga_dtype_t dtype, const void* matrices, void* inverse, std::int64_t count, std::int64_t n, int* info,
            cudaStream_t stream) {
  if (count == 0) return;
  switch (dtype) {
    case GA_FLOAT32:
      return launch_for_order<float>(matrices, inverse, count, n, info, stream);
    case GA_FLOAT64:
      return launch_for_order<double>(matrices, inverse, count, n, info, stream);
    case GA_COMPLEX64:
      return launch_for_order<cuFloatComplex>(matrices, inverse, count, n, info, stream);
    default:
      return launch_for_order<cuDoubleComplex>(matrices, inverse, count, n, info, stream);
  }
}

}  // namespace garray::small_inverse
