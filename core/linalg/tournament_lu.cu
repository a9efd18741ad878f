#include "core/linalg/tournament_lu.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/linalg/blas_status.hpp"
#include "core/linalg/cluster_launch.cuh"
#include "core/linalg/lu_bookkeeping.hpp"
#include "core/linalg/side_stream.hpp"
#include "core/linalg/typed_blas.hpp"

#include <algorithm>
#include <string>
#include <type_traits>
#include <utility>

namespace garray::tournament_lu {

namespace {

constexpr int kThreads = 512;  // rows of a tournament group, one per thread
constexpr int kWarps = kThreads / 32;
constexpr int kStretches = 8;  // of an elimination's steps, each with fewer live columns
constexpr std::int64_t kMinimumOrder = 512;
// From this order the next panel's pivots are chosen beside the trailing update, on a SideStream.
template <class T>
constexpr std::int64_t kLookaheadOrder = sizeof(T) == 4 ? 3072 : 4096;

// Panel width: 64 float32 or 32 float64 values of a row stay in a thread's registers.
template <class T>
constexpr int panel_width() {
  return sizeof(T) == 4 ? 64 : 32;
}

// An order-preserving key of |v|; 0 is kept for rows out of play. Exact: 32 bits for float, 64 for double.
template <class T>
using Key = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;

template <class T>
__device__ __forceinline__ Key<T> magnitude_key(T v) {
  if constexpr (sizeof(T) == 4) {
    return __float_as_uint(fabsf(v)) + 1u;
  } else {
    return static_cast<unsigned long long>(__double_as_longlong(fabs(v))) + 1ull;
  }
}

// The largest key of the warp (every lane gets it).
__device__ __forceinline__ unsigned warp_max_key(unsigned key) { return __reduce_max_sync(0xffffffffu, key); }
__device__ __forceinline__ unsigned long long warp_max_key(unsigned long long key) {
  const unsigned high = __reduce_max_sync(0xffffffffu, static_cast<unsigned>(key >> 32));
  const unsigned low =
      __reduce_max_sync(0xffffffffu, static_cast<unsigned>(key >> 32) == high ? static_cast<unsigned>(key) : 0u);
  return (static_cast<unsigned long long>(high) << 32) | low;
}

// 16 bytes of T, for whole-vector loads and stores.
template <class T>
struct Vector;
template <>
struct Vector<float> {
  static constexpr int kCount = 4;
  using Type = float4;
};
template <>
struct Vector<double> {
  static constexpr int kCount = 2;
  using Type = double2;
};

template <class T>
__device__ __forceinline__ void copy_vector(T* to, const T* from) {
  *reinterpret_cast<typename Vector<T>::Type*>(to) = *reinterpret_cast<const typename Vector<T>::Type*>(from);
}

// One elimination step's shared state: each warp's best key and the thread holding it; the pivot and the row right
// of it.
template <class T, int W>
struct StepShared {
  Key<T> keys[kWarps];
  int ids[kWarps];
  T pivot_inverse;  // 0 for a zero pivot: LAPACK leaves a zero column as it is (and reports the zero pivot)
  __align__(16) T pivot_row[W];
};

// Offers the thread's key for the next step: each warp's best key and the thread holding it, in `shared`.
template <class T, int W>
__device__ __forceinline__ void offer_pivot(const T& current, bool in_play, StepShared<T, W>& shared) {
  const Key<T> key = in_play ? magnitude_key(current) : Key<T>(0);
  const Key<T> best = warp_max_key(key);
  if (threadIdx.x % 32 == __ffs(__ballot_sync(0xffffffffu, key == best)) - 1) {
    shared.keys[threadIdx.x / 32] = best;
    shared.ids[threadIdx.x / 32] = threadIdx.x;
  }
}

// Steps [first, last) of partial-pivoting elimination of the rows the block's threads hold, one row each, shifted
// left every step so that v[0] is the current column (the loop then has one body, not W unrolled ones); LIVE columns
// are left. Each step starts with every thread's offer made (offer_pivot) and makes the next step's as soon as the
// next column is updated, so that the offer's latency hides behind the rest of the update. The picked thread keeps its
// row as it was (U from its diagonal on). `multipliers`, when set, keeps every thread's multiplier of every step (the
// L part of the picked rows).
template <class T, int W, int LIVE>
__device__ __forceinline__ void eliminate_steps(T (&v)[W], int first, int last, bool& in_play, int& picked_at,
                                                StepShared<T, W>& shared, T* multipliers) {
  constexpr int kVector = Vector<T>::kCount;
  const int lane = threadIdx.x % 32;
#pragma unroll 1
  for (int k = first; k < last; ++k) {
    __syncthreads();
    const Key<T> warp_key = lane < kWarps ? shared.keys[lane] : Key<T>(0);
    const Key<T> top = warp_max_key(warp_key);
    const int top_warp = __ffs(__ballot_sync(0xffffffffu, warp_key == top)) - 1;
    if (in_play && threadIdx.x == shared.ids[top_warp]) {
      in_play = false;
      picked_at = k;
      shared.pivot_inverse = v[0] != T(0) ? T(1) / v[0] : T(0);
      // Shifted to start at 0, so that readers load whole vectors.
#pragma unroll
      for (int c = 0; c + 1 < LIVE; c += kVector) {
        T lanes[kVector];
#pragma unroll
        for (int i = 0; i < kVector; ++i) lanes[i] = c + 1 + i < LIVE ? v[c + 1 + i] : T(0);
        copy_vector(&shared.pivot_row[c], lanes);
      }
    }
    __syncthreads();
    T multiplier = T(0);
    T lanes[kVector];
    copy_vector(lanes, &shared.pivot_row[0]);
    if (in_play) {
      multiplier = v[0] * shared.pivot_inverse;
      if (multipliers) multipliers[k * kThreads + threadIdx.x] = multiplier;
      v[0] = v[1] - multiplier * lanes[0];
    }
    offer_pivot(v[0], in_play, shared);
    if (in_play) {
#pragma unroll
      for (int i = 1; i < kVector; ++i) v[i] = v[i + 1] - multiplier * lanes[i];
#pragma unroll
      for (int c = kVector; c + 1 < LIVE; c += kVector) {
        copy_vector(lanes, &shared.pivot_row[c]);
#pragma unroll
        for (int i = 0; i < kVector; ++i)
          if (c + i + 1 < LIVE) v[c + i] = v[c + i + 1] - multiplier * lanes[i];
      }
      v[LIVE - 1] = T(0);
    }
  }
}

// The first `steps` elimination steps in kStretches stretches, each with W / kStretches fewer live columns than the one
// before (fewer multiply-adds a step as the panel's columns are used up).
template <class T, int W, int... S>
__device__ __forceinline__ void eliminate_in_stretches(std::integer_sequence<int, S...>, T (&v)[W], int steps,
                                                       bool& in_play, int& picked_at, StepShared<T, W>& shared,
                                                       T* multipliers) {
  constexpr int Q = W / static_cast<int>(sizeof...(S));
  offer_pivot(v[0], in_play, shared);
  (eliminate_steps<T, W, W - S * Q>(v, min(steps, S * Q), S + 1 == sizeof...(S) ? steps : min(steps, (S + 1) * Q),
                                    in_play, picked_at, shared, multipliers),
   ...);
}

// Where the picked rows go: picked[k] to j + k; the rows at those positions that were not picked to the positions
// the picked rows leave, in order. taken[t]: whether the row at j + t was picked. Warp 0 of the block.
template <int W>
__device__ void plan_row_moves(const int* picked, const int* taken, int j, int width, int* move_from, int* move_to,
                               int* move_count) {
  __shared__ int vacated[W], stay[W];
  const int lane = threadIdx.x % 32;
  int vacated_total = 0, stay_total = 0;
#pragma unroll
  for (int half = 0; half < W; half += 32) {
    const int t = half + lane;
    const bool vacates = t < width && picked[t] >= j + width;
    const bool stays = t < width && !taken[t];
    const unsigned lower_lanes = (1u << lane) - 1;
    const unsigned vacating = __ballot_sync(0xffffffffu, vacates);
    const unsigned staying = __ballot_sync(0xffffffffu, stays);
    if (vacates) vacated[vacated_total + __popc(vacating & lower_lanes)] = picked[t];
    if (stays) stay[stay_total + __popc(staying & lower_lanes)] = j + t;
    vacated_total += __popc(vacating);
    stay_total += __popc(staying);
  }
  __syncwarp();
#pragma unroll
  for (int half = 0; half < W; half += 32) {
    const int t = half + lane;
    if (t < width) {
      move_from[t] = picked[t];
      move_to[t] = j + t;
    }
    if (t < vacated_total) {
      move_from[width + t] = stay[t];
      move_to[width + t] = vacated[t];
    }
  }
  if (lane == 0) *move_count = width + vacated_total;
}

// The factorization's scratch, carved from one workspace.
template <class T>
struct Scratch {
  int* round[2];    // nominated rows of the tournament rounds, W per group
  int* move_from;   // 2 W
  int* move_to;     // 2 W
  int* permuted;    // 2 W: the permutation entries being moved
  int* move_count;  // 1
  T* diagonal;      // W x W: the panel's factored pivot rows
};

// Where the diagonal block starts: past the int parts of Scratch, aligned for T (the workspace itself is).
template <class T>
std::size_t diagonal_offset(std::int64_t n) {
  constexpr int W = panel_width<T>();
  const std::int64_t groups = (n + kThreads - 1) / kThreads;
  const std::size_t int_bytes = sizeof(int) * (2 * groups * W + 6 * W + 1);
  return (int_bytes + alignof(T) - 1) / alignof(T) * alignof(T);
}

template <class T>
std::size_t scratch_bytes(std::int64_t n) {
  constexpr int W = panel_width<T>();
  return diagonal_offset<T>(n) + sizeof(T) * W * W;
}

template <class T>
Scratch<T> carve(void* workspace, std::int64_t n) {
  constexpr int W = panel_width<T>();
  const std::int64_t groups = (n + kThreads - 1) / kThreads;
  Scratch<T> s;
  s.round[0] = static_cast<int*>(workspace);
  s.round[1] = s.round[0] + groups * W;
  s.move_from = s.round[1] + groups * W;
  s.move_to = s.move_from + 2 * W;
  s.permuted = s.move_to + 2 * W;
  s.move_count = s.permuted + 2 * W;
  s.diagonal = reinterpret_cast<T*>(static_cast<char*>(workspace) + diagonal_offset<T>(n));
  return s;
}

// One tournament round over the panel's columns [col0, col0 + width): block b takes entries [b kThreads, ...) of
// `rows` (nullptr: rows row0, row0 + 1, ...; -1 entries are empty), eliminates them and nominates the rows it picked,
// in pivot order, as out[b W ...] (-1 past them). The last round (one block, `scratch` set, launched with W kThreads
// values of dynamic shared memory for the multipliers) also writes the picked rows factored to scratch.diagonal and
// plans their moves (row0 is then the panel's first row).
template <class T, int W>
__global__ void __launch_bounds__(kThreads, 1)
    nominate_pivot_rows(const T* __restrict__ a, std::int64_t lda, std::int64_t col0, int width, const int* rows,
                        int row0, int count, int* out, Scratch<T> scratch, bool last_round) {
  __shared__ StepShared<T, W> shared;
  __shared__ int picked_rows[W], taken[W];
  extern __shared__ __align__(16) unsigned char dynamic_shared[];
  T* multipliers = last_round ? reinterpret_cast<T*>(dynamic_shared) : nullptr;
  const int index = blockIdx.x * kThreads + threadIdx.x;
  const int group = min(kThreads, count - static_cast<int>(blockIdx.x) * kThreads);
  int id = -1;
  if (static_cast<int>(threadIdx.x) < group) id = rows ? rows[index] : row0 + index;
  T v[W];
#pragma unroll
  for (int c = 0; c < W; ++c) v[c] = T(0);
  if (id >= 0) {
    const T* source = a + static_cast<std::int64_t>(id) * lda + col0;
    if (width == W && lda % Vector<T>::kCount == 0 && col0 % Vector<T>::kCount == 0) {
#pragma unroll
      for (int c = 0; c < W; c += Vector<T>::kCount) copy_vector(&v[c], source + c);
    } else {
#pragma unroll
      for (int c = 0; c < W; ++c)
        if (c < width) v[c] = source[c];
    }
  }
  const int steps = min(width, __syncthreads_count(id >= 0));
  bool in_play = id >= 0;
  int picked_at = -1;
  eliminate_in_stretches(std::make_integer_sequence<int, kStretches>{}, v, steps, in_play, picked_at, shared,
                         multipliers);
  if (threadIdx.x < W) taken[threadIdx.x] = 0;
  __syncthreads();
  if (picked_at >= 0) {
    out[blockIdx.x * W + picked_at] = id;
    picked_rows[picked_at] = id;
    if (id >= row0 && id < row0 + width) taken[id - row0] = 1;
    if (last_round) {
      T* row = scratch.diagonal + picked_at * W;
      for (int c = 0; c < picked_at; ++c) row[c] = multipliers[c * kThreads + threadIdx.x];
#pragma unroll
      for (int c = 0; c < W; ++c)
        if (picked_at + c < W) row[picked_at + c] = v[c];
    }
  }
  if (static_cast<int>(threadIdx.x) >= steps && threadIdx.x < W) out[blockIdx.x * W + threadIdx.x] = -1;
  if (!last_round) return;
  __syncthreads();
  if (threadIdx.x < 32)
    plan_row_moves<W>(picked_rows, taken, row0, width, scratch.move_from, scratch.move_to, scratch.move_count);
}

// Moves whole rows as planned (all n columns, each block kTile of them, reading every moved row before writing any),
// puts the factored pivot rows in the panel's columns, and moves the permutation's entries alike.
constexpr int kTile = 32;
constexpr int kMoveThreads = 256;
template <class T, int W>
__global__ void __launch_bounds__(kMoveThreads)
    move_rows(T* a, std::int64_t lda, std::int64_t n, int j, int width, Scratch<T> scratch, int* permutation) {
  __shared__ T staged[2 * W][kTile];
  __shared__ int from[2 * W], to[2 * W];
  const int count = *scratch.move_count;
  for (int m = threadIdx.x; m < count; m += blockDim.x) {
    from[m] = scratch.move_from[m];
    to[m] = scratch.move_to[m];
  }
  __syncthreads();
  const int lane = threadIdx.x % kTile;
  const int first_move = threadIdx.x / kTile;
  constexpr int kMovesAtOnce = kMoveThreads / kTile;
  const std::int64_t c = static_cast<std::int64_t>(blockIdx.x) * kTile + lane;
  if (c < n) {
#pragma unroll 4
    for (int m = first_move; m < count; m += kMovesAtOnce) staged[m][lane] = a[from[m] * lda + c];
  }
  __syncthreads();
  if (c < n) {
#pragma unroll 4
    for (int m = first_move; m < count; m += kMovesAtOnce) {
      const bool factored = m < width && c >= j && c < j + width;
      a[to[m] * lda + c] = factored ? scratch.diagonal[m * W + (c - j)] : staged[m][lane];
    }
  }
  if (blockIdx.x == 0) {
    for (int m = threadIdx.x; m < count; m += blockDim.x) scratch.permuted[m] = permutation[from[m]];
    __syncthreads();
    for (int m = threadIdx.x; m < count; m += blockDim.x) permutation[to[m]] = scratch.permuted[m];
  }
}

int blocks_for(std::int64_t count, int threads) { return static_cast<int>((count + threads - 1) / threads); }

// Whether the next panel's tournament runs beside the trailing update: measured on an H100, float32 3072 6.3 ms against
// 6.6, 4096 8.2 against 9.2, 8192 24.8 against 32.1; float64 4096 13.1 against 14.3; no gain below (float32 2048 3.9
// against 3.8, float64 3072 8.4 and 8.4).
template <class T>
bool looks_ahead(std::int64_t n) {
  return n >= kLookaheadOrder<T>;
}

// The tournament rounds that pick panel [j, j + width)'s pivot rows, on `stream`.
template <class T, int W>
void choose_pivot_rows(const T* a, std::int64_t n, std::int64_t j, int width, const Scratch<T>& scratch,
                       cudaStream_t stream) {
  constexpr int kLastRoundShared = W * kThreads * sizeof(T);
  const int* rows = nullptr;
  int count = static_cast<int>(n - j);
  int round = 0;
  while (true) {
    const int groups = blocks_for(count, kThreads);
    const bool last_round = groups == 1;
    nominate_pivot_rows<T, W><<<groups, kThreads, last_round ? kLastRoundShared : 0, stream>>>(
        a, n, j, width, rows, static_cast<int>(j), count, scratch.round[round], scratch, last_round);
    if (last_round) return;
    rows = scratch.round[round];
    count = groups * W;
    round ^= 1;
  }
}

// cuBLAS sees a row-major matrix as its transpose, column-major: the row-major L21 = A21 U11^-1 is U11^T X = A21^T
// (U11^T lower), U12 = L11^-1 A12 is X L11^T = A12^T (L11^T upper, unit), A22 -= L21 U12 is A22^T -= U12^T L21^T.
// With lookahead the update does the next panel's columns (rows of the column-major view) first.
template <class T>
cublasStatus_t factor_typed(T* a, std::int64_t n, int* permutation, int* info, void* workspace, cublasHandle_t blas,
                            cudaStream_t stream, bool lookahead) {
  constexpr int W = panel_width<T>();
  allow_dynamic_shared_memory<nominate_pivot_rows<T, W>>(W * kThreads * sizeof(T),
                                                         "cudaFuncSetAttribute (tournament LU)");
  const Scratch<T> scratch = carve<T>(workspace, n);
  const std::int64_t lda = n;
  const int ld = static_cast<int>(lda);
  const T one = 1, minus_one = -1;
  // The next panel's tournament runs on the side stream beside the trailing update, which does its columns first.
  const SideStream* const ahead = lookahead ? &thread_side_stream() : nullptr;
  const cudaStream_t pivot_stream = ahead ? ahead->get() : stream;
  BlasStatus status;
  lu_bookkeeping::start(permutation, n, info, stream);
  if (ahead) ahead->order(stream, pivot_stream);
  for (std::int64_t j = 0; j < n; j += W) {
    const int width = static_cast<int>(std::min<std::int64_t>(W, n - j));
    choose_pivot_rows<T, W>(a, n, j, width, scratch, pivot_stream);
    if (ahead) ahead->order(pivot_stream, stream);
    move_rows<T, W><<<blocks_for(n, kTile), kMoveThreads, 0, stream>>>(a, lda, n, static_cast<int>(j), width, scratch,
                                                                        permutation);
    const int below = static_cast<int>(n - j - width);
    if (below == 0) continue;
    T* diagonal_block = a + j * lda + j;
    T* right = diagonal_block + width;
    T* left_below = diagonal_block + width * lda;
    status << typed_blas::trsm<T>(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT,
                                  width, below, &one, diagonal_block, ld, left_below, ld);
    status << typed_blas::trsm<T>(blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, below,
                                  width, &one, diagonal_block, ld, right, ld);
    const int next = ahead ? std::min(below, W) : below;
    status << typed_blas::gemm<T>(blas, next, below, width, &minus_one, right, ld, left_below, ld, &one,
                                  left_below + width, ld);
    if (!ahead) continue;
    ahead->order(stream, pivot_stream);
    if (below > next)
      status << typed_blas::gemm<T>(blas, below - next, below, width, &minus_one, right + next, ld, left_below, ld,
                                    &one, left_below + width + next, ld);
  }
  lu_bookkeeping::finish(std::is_same_v<T, float> ? GA_FLOAT32 : GA_FLOAT64, a, n, info, stream);
  check_cuda(cudaGetLastError(), "tournament LU kernels");
  return status.value();
}

[[noreturn]] void unsupported(ga_dtype_t dtype) {
  throw Error(GA_ERROR_INTERNAL, "tournament LU takes no dtype " + std::to_string(static_cast<int>(dtype)));
}

}  // namespace

bool prefers(ga_dtype_t dtype, std::int64_t n) {
  return (dtype == GA_FLOAT32 || dtype == GA_FLOAT64) && n >= kMinimumOrder && n <= 0x7fffffff / 2;
}

std::size_t workspace_bytes(ga_dtype_t dtype, std::int64_t n) {
  if (dtype == GA_FLOAT32) return scratch_bytes<float>(n);
  if (dtype == GA_FLOAT64) return scratch_bytes<double>(n);
  unsupported(dtype);
}

cublasStatus_t factor(ga_dtype_t dtype, void* a, std::int64_t n, int* permutation, int* info, void* workspace,
                      cublasHandle_t blas, cudaStream_t stream) {
  if (dtype == GA_FLOAT32)
    return factor_typed(static_cast<float*>(a), n, permutation, info, workspace, blas, stream, looks_ahead<float>(n));
  if (dtype == GA_FLOAT64)
    return factor_typed(static_cast<double*>(a), n, permutation, info, workspace, blas, stream, looks_ahead<double>(n));
  unsupported(dtype);
}

}  // namespace garray::tournament_lu
