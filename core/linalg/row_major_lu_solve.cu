#include "core/linalg/row_major_lu_solve.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/linalg/blas_status.hpp"
#include "core/linalg/cluster_launch.cuh"
#include "core/linalg/typed_blas.hpp"
#include "core/runtime/device.hpp"

#include <string>

namespace garray::row_major_lu_solve {

namespace {

constexpr int kBlock = 64;  // rows of a diagonal block
constexpr int kMaxRightHandSides = 4;
constexpr int kThreads = 256;
constexpr int kLanes = 32;
constexpr int kRowsEach = kBlock / (kThreads / kLanes);  // a warp's rows of the block
constexpr int kColumnsEach = kBlock / kLanes;           // a lane's columns of them: lane and lane + kLanes
static_assert(kRowsEach == 8, "reduce_rows halves eight rows' sums three times");

__host__ __device__ constexpr std::int64_t blocks_of(std::int64_t n) { return (n + kBlock - 1) / kBlock; }

// A solution's values are published as 64-bit words, 32 bits of a value and a nonzero tag each: a word read whole
// (single-copy atomic) is its own flag, so a lane waits for the values it needs and reads them in one round trip, and
// a block publishes without a fence.
template <class T>
constexpr int kPieces = sizeof(T) / sizeof(unsigned);
constexpr unsigned long long kPublished = 1ull << 32;

// Published words of a triangle's solution for k right-hand sides: right-hand side c's row i at (c n + i) kPieces.
template <class T>
std::int64_t published_words(std::int64_t n, std::int64_t k = kMaxRightHandSides) {
  return n * k * kPieces<T>;
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

__device__ __forceinline__ float value_of(const unsigned long long* words, float) {
  return __uint_as_float(static_cast<unsigned>(words[0]));
}

__device__ __forceinline__ double value_of(const unsigned long long* words, double) {
  return __hiloint2double(static_cast<int>(words[1]), static_cast<int>(words[0]));
}

// The row of its warp's kRowsEach whose sum reduce_rows leaves in a lane (four lanes a row).
__device__ __forceinline__ int owned_row(int lane) {
  return (lane >> 4 & 1) * 4 + (lane >> 3 & 1) * 2 + (lane >> 2 & 1);
}

// The sums over the warp's lanes of v[q] for its eight rows q: each exchange halves the rows a lane keeps, and the
// lane is left with row owned_row(lane)'s sum (nine shuffles where summing each row apart would take forty).
template <class T>
__device__ __forceinline__ T reduce_rows(const T (&v)[kRowsEach]) {
  const int lane = threadIdx.x % kLanes;
  T quarter[4], half[2];
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const bool upper = lane & 16;
    quarter[i] = (upper ? v[i + 4] : v[i]) + __shfl_xor_sync(0xffffffffu, upper ? v[i] : v[i + 4], 16);
  }
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const bool upper = lane & 8;
    half[i] = (upper ? quarter[i + 2] : quarter[i]) +
              __shfl_xor_sync(0xffffffffu, upper ? quarter[i] : quarter[i + 2], 8);
  }
  const bool upper = lane & 4;
  T sum = (upper ? half[1] : half[0]) + __shfl_xor_sync(0xffffffffu, upper ? half[0] : half[1], 4);
  sum += __shfl_xor_sync(0xffffffffu, sum, 2);
  sum += __shfl_xor_sync(0xffffffffu, sum, 1);
  return sum;
}

// A lane's part of a tile of kBlock x kBlock: its warp's rows, its columns.
template <class T>
using LaneTile = T[kRowsEach][kColumnsEach];

// The lane's part of the tile of `lu` at rows from `first` (those of its warp), columns from `first_column`; zero
// past the matrix's order.
template <class T>
__device__ __forceinline__ void load_tile(const T* lu, std::int64_t n, std::int64_t first,
                                          std::int64_t first_column, LaneTile<T>& tile) {
  const int lane = threadIdx.x % kLanes;
  const std::int64_t row0 = first + threadIdx.x / kLanes * kRowsEach;
#pragma unroll
  for (int q = 0; q < kRowsEach; ++q)
#pragma unroll
    for (int h = 0; h < kColumnsEach; ++h) {
      const std::int64_t column = first_column + lane + h * kLanes;
      tile[q][h] = row0 + q < n && column < n ? lu[(row0 + q) * n + column] : T(0);
    }
}

// sums[c][q] += tiles[b][q] . (block from[b]'s solution at the lane's columns; none where from[b] < 0) for each
// right-hand side c < k: the lane's words read at once, those not yet published read again. Every waiting block
// reads the newest block's few lines, so one that is `patient` (not the next two in the chain) first waits for one
// word a warp, read every kPatience ns: reread at once by every lane, those lines' L2 slice served a step in ~2 us.
constexpr unsigned kPatience = 128;

template <class T, int K, int B>
__device__ __forceinline__ void take_solved(const unsigned long long* published, const int (&from)[B], std::int64_t n,
                                            int k, const LaneTile<T> (&tiles)[B], T (&sums)[K][kRowsEach],
                                            bool patient) {
  constexpr int kWords = kColumnsEach * kPieces<T>;
  const int lane = threadIdx.x % kLanes;
  if (patient) {
    if (lane == 0) {
      const std::int64_t row = min(n - 1, std::int64_t{from[0]} * kBlock + threadIdx.x / kLanes * kRowsEach);
      while (load_word(published + row * kPieces<T>) == 0) __nanosleep(kPatience);
    }
    __syncwarp();
  }
  // Word w of right-hand side c of block from[b] for the lane, kPublished (zero) where there is none.
  const auto address = [&](int c, int b, int w) {
    const std::int64_t row = std::int64_t{from[b]} * kBlock + lane + w / kPieces<T> * kLanes;
    return from[b] >= 0 && row < n && c < k ? published + (c * n + row) * kPieces<T> + w % kPieces<T> : nullptr;
  };
  unsigned long long words[K][B][kWords];
  bool pending = false;
#pragma unroll
  for (int c = 0; c < K; ++c)
#pragma unroll
    for (int b = 0; b < B; ++b)
#pragma unroll
      for (int w = 0; w < kWords; ++w) {
        const unsigned long long* const at = address(c, b, w);
        words[c][b][w] = at ? load_word(at) : kPublished;
        pending |= words[c][b][w] == 0;
      }
  while (pending) {
    pending = false;
#pragma unroll
    for (int c = 0; c < K; ++c)
#pragma unroll
      for (int b = 0; b < B; ++b)
#pragma unroll
        for (int w = 0; w < kWords; ++w) {
          if (words[c][b][w] == 0) words[c][b][w] = load_word(address(c, b, w));
          pending |= words[c][b][w] == 0;
        }
  }
#pragma unroll
  for (int c = 0; c < K; ++c)
#pragma unroll
    for (int b = 0; b < B; ++b)
#pragma unroll
      for (int h = 0; h < kColumnsEach; ++h) {
        const T value = value_of(&words[c][b][h * kPieces<T>], T());
#pragma unroll
        for (int q = 0; q < kRowsEach; ++q) sums[c][q] = fma(tiles[b][q][h], value, sums[c][q]);
      }
}

// Blocks solved just before a block whose solutions it takes last, at once: the chain's step.
constexpr int kCoupled = 2;

// Into the lane's `inverse` and `coupling[b]`: its parts of D^-1 and of D^-1 N_b, D the diagonal block of L (unit
// lower) or U (kUpper) from row `first`, N_b its tile in the columns from neighbors[b] (none when negative; zero past
// the matrix's order, where D is the identity's). D is loaded into `staged`; kBlock threads solve D X = I a column
// each and kBlock more D X = N_b for each b, all at once.
template <class T, bool kUpper>
__device__ __forceinline__ void invert_diagonal_block(const T* lu, std::int64_t n, std::int64_t first,
                                                      const std::int64_t (&neighbors)[kCoupled],
                                                      T (&staged)[kBlock][kBlock + 1], LaneTile<T>& inverse,
                                                      LaneTile<T> (&coupling)[kCoupled]) {
  static_assert((1 + kCoupled) * kBlock <= kThreads, "a thread a column of each solve");
  const int column = threadIdx.x % kBlock;
  const int solve = threadIdx.x / kBlock;  // 0: D^-1, 1 + b: D^-1 N_b
  T x[kBlock];
  {
    const std::int64_t neighbor = solve >= 1 && solve <= kCoupled ? neighbors[solve - 1] : -1;
#pragma unroll
    for (int r = 0; r < kBlock; ++r)
      x[r] = solve != 0 ? (neighbor >= 0 && first + r < n && neighbor + column < n
                               ? lu[(first + r) * n + neighbor + column]
                               : T(0))
                        : (r == column ? T(1) : T(0));
  }
  const std::int64_t width = min(std::int64_t{kBlock}, n - first);
  for (int e = threadIdx.x; e < kBlock * kBlock; e += kThreads) {
    const int r = e / kBlock, c = e % kBlock;
    const bool stored = r < width && c < width && (kUpper ? c >= r : c < r);
    staged[r][c] = stored ? lu[(first + r) * n + first + c] : (r == c ? T(1) : T(0));
  }
  __syncthreads();
  if (solve <= kCoupled) {
    if (kUpper) {
#pragma unroll
      for (int s = kBlock - 1; s >= 0; --s) {
        x[s] *= T(1) / staged[s][s];  // the reciprocals off the chain of x's updates
#pragma unroll
        for (int r = 0; r < s; ++r) x[r] = fma(-staged[r][s], x[s], x[r]);
      }
    } else {
#pragma unroll
      for (int s = 0; s < kBlock; ++s)
#pragma unroll
        for (int r = s + 1; r < kBlock; ++r) x[r] = fma(-staged[r][s], x[s], x[r]);
    }
  }
  const int lane = threadIdx.x % kLanes;
  const int row0 = threadIdx.x / kLanes * kRowsEach;
#pragma unroll
  for (int part = 0; part <= kCoupled; ++part) {
    __syncthreads();
    if (solve == part) {
#pragma unroll
      for (int r = 0; r < kBlock; ++r) staged[r][column] = x[r];
    }
    __syncthreads();
    LaneTile<T>& lanes = part == 0 ? inverse : coupling[part - 1];
#pragma unroll
    for (int q = 0; q < kRowsEach; ++q)
#pragma unroll
      for (int h = 0; h < kColumnsEach; ++h) lanes[q][h] = staged[row0 + q][lane + h * kLanes];
  }
}

// One triangle's substitution for k <= K right-hand sides (kUpper: U, from the last block of rows up; else L, from
// the first block down), a block of threads per block of rows of kBlock, launched in dependency order; a warp takes
// eight rows, a lane two columns of them. Each block first inverts its diagonal block D and forms M_b = D^-1 N_b,
// N_b its tiles in the columns of the kCoupled blocks solved just before it; then takes each earlier block's
// solution off its rows as soon as it is published, and once only those last ones are missing (two steps ahead),
// z = D^-1 (its right-hand sides - the sums). The chain's step is then x = z - sum_b M_b x_b: a lane reads its words
// of those blocks' solutions, and its warp publishes its rows after one round of dot products, without a barrier.
// U's kernel may start during the kernel before it: its blocks wait for that one before they read b, and before
// anything where their rows reach `settled_rows` (the rows of `lu` that kernel may still write).
template <class T, int K, bool kUpper>
__global__ void __launch_bounds__(kThreads, 1)
    substitute(const T* lu, std::int64_t n, const int* permutation, const T* b, T* x, int k,
               unsigned long long* published, std::int64_t settled_rows) {
  __shared__ T staged[kBlock][kBlock + 1];
  __shared__ T rest[kBlock][K];
  const int blocks = static_cast<int>(blocks_of(n));
  const int block = kUpper ? blocks - 1 - static_cast<int>(blockIdx.x) : static_cast<int>(blockIdx.x);
  const int lane = threadIdx.x % kLanes;
  const int owned = threadIdx.x / kLanes * kRowsEach + owned_row(lane);  // the row whose sums the lane is left with
  const std::int64_t first = std::int64_t{block} * kBlock;
  const std::int64_t row = first + owned;
  const bool inside = row < n;
  const bool writes = inside && lane % 4 == 0;  // one of the four lanes left with the row's sums
  if constexpr (!kUpper) let_next_kernel_start();
  if (kUpper && first + kBlock > settled_rows) wait_for_previous_kernel();
  // The t-th block solved (0: the chain's first); this block is the earlier-th.
  const auto solved_at = [&](int t) { return kUpper ? blocks - 1 - t : t; };
  const int earlier = kUpper ? blocks - 1 - block : block;
  int coupled_blocks[kCoupled];
  std::int64_t neighbors[kCoupled];
#pragma unroll
  for (int b = 0; b < kCoupled; ++b) {
    coupled_blocks[b] = b < earlier ? solved_at(earlier - 1 - b) : -1;
    neighbors[b] = std::int64_t{coupled_blocks[b]} * kBlock;
  }
  LaneTile<T> inverse, coupling[kCoupled];
  invert_diagonal_block<T, kUpper>(lu, n, first, neighbors, staged, inverse, coupling);
  T sums[K][kRowsEach] = {};
  LaneTile<T> tile[1], ahead[1];
  const int uncoupled = earlier - kCoupled;
  if (uncoupled > 0) load_tile(lu, n, first, std::int64_t{solved_at(0)} * kBlock, tile[0]);
  // U's kernel starts during the kernel before (its blocks' D^-1 and first tiles), then waits for b from it.
  if constexpr (kUpper) wait_for_previous_kernel();
  T right_hand_sides[K];
#pragma unroll
  for (int c = 0; c < K; ++c) {
    const std::int64_t source = inside ? (permutation ? permutation[row] : row) : 0;
    right_hand_sides[c] = inside && c < k ? b[c * n + source] : T(0);
  }
  for (int t = 0; t < uncoupled; ++t) {
    if (t + 1 < uncoupled) load_tile(lu, n, first, std::int64_t{solved_at(t + 1)} * kBlock, ahead[0]);
    const int from[1] = {solved_at(t)};
    take_solved<T, K, 1>(published, from, n, k, tile, sums, true);
#pragma unroll
    for (int q = 0; q < kRowsEach; ++q)
#pragma unroll
      for (int h = 0; h < kColumnsEach; ++h) tile[0][q][h] = ahead[0][q][h];
  }
#pragma unroll
  for (int c = 0; c < K; ++c) {
    const T sum = reduce_rows(sums[c]);
    if (writes) rest[owned][c] = right_hand_sides[c] - sum;
  }
  __syncthreads();
  T solution[K];
#pragma unroll
  for (int c = 0; c < K; ++c) {
    T products[kRowsEach];
#pragma unroll
    for (int q = 0; q < kRowsEach; ++q)
      products[q] = fma(inverse[q][0], rest[lane][c], inverse[q][1] * rest[lane + kLanes][c]);
    solution[c] = reduce_rows(products);
  }
  if (earlier > 0) {
    T coupled[K][kRowsEach] = {};
    take_solved<T, K, kCoupled>(published, coupled_blocks, n, k, coupling, coupled, false);
#pragma unroll
    for (int c = 0; c < K; ++c) solution[c] -= reduce_rows(coupled[c]);
  }
  if (writes) {
#pragma unroll
    for (int c = 0; c < K; ++c) {
      if (c >= k) continue;
#pragma unroll
      for (int p = 0; p < kPieces<T>; ++p)
        store_word(published + (c * n + row) * kPieces<T> + p, published_piece(solution[c], p));
      x[c * n + row] = solution[c];
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

// One triangle's substitution into x (column-major), its published words zero; U's may start during the kernel
// before it (where the device has programmatic dependent launch, as it has thread-block clusters), which may still
// write the rows of `lu` from `settled_rows`.
template <class T, bool kUpper>
void substitute_triangle(const T* lu, std::int64_t n, const int* permutation, const T* b, T* x, int k,
                         unsigned long long* published, cudaStream_t stream, std::int64_t settled_rows) {
  const int blocks = static_cast<int>(blocks_of(n));
  const bool overlaps_before = kUpper && has_thread_block_clusters(current_device());
  check_cuda(k == 1 ? launch_kernel(substitute<T, 1, kUpper>, blocks, kThreads, 0, false, overlaps_before, stream, lu,
                                    n, permutation, b, x, k, published, settled_rows)
                    : launch_kernel(substitute<T, kMaxRightHandSides, kUpper>, blocks, kThreads, 0, false,
                                    overlaps_before, stream, lu, n, permutation, b, x, k, published, settled_rows),
             "LU solve: substitution kernel");
}

// P A = L U, so A x = b is L U x = P b. Few right-hand sides: the substitution kernels; more: with L and U row-major
// (column-major L^T, U^T), two transposed cuBLAS solves.
template <class T>
cublasStatus_t solve_typed(const T* lu, std::int64_t n, const int* permutation, const T* b, T* x, std::int64_t k,
                           void* workspace, cublasHandle_t blas, cudaStream_t stream) {
  if (k <= kMaxRightHandSides) {
    auto* const published = static_cast<unsigned long long*>(workspace);
    check_cuda(cudaMemsetAsync(published, 0, 2 * published_words<T>(n) * sizeof(unsigned long long), stream),
               "cudaMemsetAsync (LU solve)");
    substitute_triangle<T, false>(lu, n, permutation, b, x, static_cast<int>(k), published, stream, n);
    substitute_triangle<T, true>(lu, n, nullptr, x, x, static_cast<int>(k), published + published_words<T>(n), stream,
                                 n);
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
  if (dtype == GA_FLOAT32) return 2 * published_words<float>(n) * sizeof(unsigned long long);
  if (dtype == GA_FLOAT64) return 2 * published_words<double>(n) * sizeof(unsigned long long);
  unsupported(dtype);
}

std::size_t upper_workspace_bytes(std::int64_t n) {
  return published_words<float>(n, 1) * sizeof(unsigned long long);
}

void substitute_upper(const float* lu, std::int64_t n, const float* y, float* x, std::int64_t settled_rows,
                      void* workspace, cudaStream_t stream) {
  substitute_triangle<float, true>(lu, n, nullptr, y, x, 1, static_cast<unsigned long long*>(workspace), stream,
                                   settled_rows);
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
