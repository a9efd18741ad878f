#include "core/linalg/householder_qr.hpp"

#include "core/common/cuda_check.hpp"
#include "core/linalg/blas_handle.hpp"
#include "core/linalg/blas_status.hpp"
#include "core/linalg/cluster_launch.cuh"
#include "core/linalg/cluster_mailbox.cuh"
#include "core/linalg/side_stream.hpp"
#include "core/runtime/device.hpp"

#include <cooperative_groups.h>

#include <algorithm>

namespace garray::householder_qr {

namespace {

namespace cg = cooperative_groups;

constexpr int kWidth = 32;  // panel columns: one a lane in the reductions
constexpr int kBlock = 4 * kWidth;  // columns of a block reflector applied to the trailing columns and to Q
// With lookahead, the columns past the next block and Q take two blocks' reflectors at once (a pair, 2 kBlock wide:
// half the passes over them, k = 256 products); T is kept in the pairs' layout, a block's T the diagonal block of its
// pair's.
constexpr int kPairLd = 2 * kBlock;
constexpr int kGramRows = 256;  // rows of a chunk of a block's V^T V
constexpr int kMergeThreads = 512;
constexpr int kMergeShared = (2 * kBlock * (kBlock + 1) + kBlock * kBlock / 4) * sizeof(float);
constexpr int kClusterBlocks = 8;  // the portable cluster size
constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kMaxRowsPerThread = 4;
constexpr std::int64_t kMaxRows = std::int64_t{kClusterBlocks} * kThreads * kMaxRowsPerThread;
constexpr std::int64_t kMinimumOrder = 1024;
constexpr std::int64_t kLookaheadOrder = 2048;

// A panel's shared state, each block's own. Mail arrives in two rounds alternating by step (a block may send a step's
// while another still reads the step before's): every block's column sums, block 0's pivot row.
struct PanelShared {
  float warp_sums[kWarps][kWidth];
  float block_sums[2][kClusterBlocks][kWidth];
  float pivot_row[2][kWidth];
  unsigned long long mailbox[2];
  float outgoing_pivot_row[2][kWidth];  // block 0
  __align__(16) float update[kWarps][kWidth];  // each warp's w: the step's row v^T A, scaled by tau in the update
  float gram[kWidth][kWidth];  // block 0: gram[i][j] = v_i^T v_j for i < j, for T
  float taus[kWidth];  // block 0
  unsigned warp_largest[kWarps];
  unsigned block_largest;
};

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
constexpr unsigned kMailBytes = (kClusterBlocks + 1) * kWidth * sizeof(float);  // a panel step's sums and pivot row
#endif

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
// upper ? a : b, opaque to the optimizer: a plain conditional between two elements of a register array becomes an
// indexed load, and the array moves to local memory.
__device__ __forceinline__ float pick(bool upper, float a, float b) {
  float picked;
  asm("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, 0;\n\tselp.f32 %0, %2, %3, p;\n\t}"
      : "=f"(picked)
      : "r"(static_cast<unsigned>(upper)), "f"(a), "f"(b));
  return picked;
}

// One halving step of warp_column_totals: values[i] (i < HALF) becomes the sum over the lane and its partner
// (lane ^ HALF) of the element that lane's position keeps.
template <int HALF>
__device__ __forceinline__ void exchange_half(float (&values)[kWidth], bool upper) {
#pragma unroll
  for (int i = 0; i < HALF; ++i) {
    const float sent = pick(upper, values[i], values[i + HALF]);
    const float kept = pick(upper, values[i + HALF], values[i]);
    values[i] = kept + __shfl_xor_sync(0xffffffffu, sent, HALF);
  }
}

// Lane c gets the warp's total of values[c] (the values are used up): each halving step sends half the values to the
// partner lane and adds the half it receives, 31 shuffles for 32 totals.
__device__ __forceinline__ float warp_column_totals(float (&values)[kWidth]) {
  const int lane = threadIdx.x % 32;
  exchange_half<16>(values, lane & 16);
  exchange_half<8>(values, lane & 8);
  exchange_half<4>(values, lane & 4);
  exchange_half<2>(values, lane & 2);
  exchange_half<1>(values, lane & 1);
  return values[0];
}
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// Where step j's position l (column (j + l) % kWidth) lies in a row: rows rotated in place after each step hold it at
// l, unrotated rows at that index.
template <bool kRotated>
__device__ __forceinline__ int position(int j, int l) {
  return kRotated ? l : (j + l) % kWidth;
}

// Step j of factor_panel: reflector j, which every warp forms itself from the cluster's mail (the step's one wait),
// applied to the thread's rows.
template <int R, bool kRotated>
__device__ __forceinline__ void panel_step(int j, float (&rows)[R][kWidth], const int (&row_of)[R], PanelShared& shared,
                                           int block) {
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int round = j & 1;
  const int later = kWidth - 1 - j;  // columns after the pivot: rotated positions 1 to later
  // Below the pivot row j: x = the row's entry of column j; its products with every column sum to x^T A[:, c]
  // (c = j: sigma = ||x||^2; c < j: the earlier reflectors' vectors, for T; c > j: the update).
  float sums[kWidth];
#pragma unroll
  for (int l = 0; l < kWidth; ++l) sums[l] = 0.0f;
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const float x = row_of[i] > j ? rows[i][position<kRotated>(j, 0)] : 0.0f;
#pragma unroll
    for (int l = 0; l < kWidth; ++l) sums[l] = fmaf(x, rows[i][position<kRotated>(j, l)], sums[l]);
  }
  if (block == 0 && threadIdx.x == j) {
#pragma unroll
    for (int l = 0; l < kWidth; ++l) shared.outgoing_pivot_row[round][l] = rows[0][position<kRotated>(j, l)];
  }
  shared.warp_sums[warp][lane] = warp_column_totals(sums);
  __syncthreads();
  if (warp == 0) {
    float total = 0.0f;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) total += shared.warp_sums[w][lane];
    const float outgoing_pivot = shared.outgoing_pivot_row[round][lane];
#pragma unroll
    for (unsigned b = 0; b < kClusterBlocks; ++b) {
      cluster_mailbox::send(&shared.block_sums[round][block][lane], &shared.mailbox[round], b, total);
      if (block == 0) cluster_mailbox::send(&shared.pivot_row[round][lane], &shared.mailbox[round], b, outgoing_pivot);
    }
  }
  cluster_mailbox::wait(&shared.mailbox[round], (j >> 1) & 1);
  // The round's next phase can end only once every block has sent step j + 1's mail, after this block's warps
  // are done with this one's.
  if (threadIdx.x == 0 && j + 2 < kWidth) cluster_mailbox::expect(&shared.mailbox[round], kMailBytes);
  float product = 0.0f;
#pragma unroll
  for (int b = 0; b < kClusterBlocks; ++b) product += shared.block_sums[round][b][lane];
  const float pivot = shared.pivot_row[round][lane];
  const float sigma = __shfl_sync(0xffffffffu, product, 0);
  const float alpha = __shfl_sync(0xffffffffu, pivot, 0);
  // dlarfg: H = I - tau v v^T with v = (1, x / (alpha - beta)) takes (alpha, x) to (beta, 0); nothing to do for
  // x = 0 (NaN goes through, as it should).
  float step_tau = 0.0f, vector_scale = 0.0f, beta = alpha;
  if (sigma != 0.0f) {
    beta = -copysignf(sqrtf(fmaf(alpha, alpha, sigma)), alpha);
    step_tau = (beta - alpha) / beta;
    vector_scale = 1.0f / (alpha - beta);
  }
  // v^T A[:, c] = A[j, c] + vector_scale x^T A[:, c] for lane l's column c = (j + l) % kWidth.
  const float update = fmaf(vector_scale, product, pivot);
  shared.update[warp][lane] = update;
  if (block == 0 && warp == 0) {
    if (lane > later) shared.gram[lane - later - 1][j] = update;  // c < j: v_c^T v_j
    if (lane == 0) shared.taus[j] = step_tau;
  }
  __syncwarp();
#pragma unroll
  for (int i = 0; i < R; ++i) {
    if (row_of[i] >= j) {
      const bool pivot_row = row_of[i] == j;
      const float vi = pivot_row ? 1.0f : rows[i][position<kRotated>(j, 0)] * vector_scale;
      const float scaled = step_tau * vi;
#pragma unroll
      for (int l = 1; l < kWidth; ++l)
        if (l <= later) {
          float& entry = rows[i][position<kRotated>(j, l)];
          entry = fmaf(-scaled, shared.update[warp][l], entry);
        }
      rows[i][position<kRotated>(j, 0)] = pivot_row ? beta : vi;
    }
    if (kRotated) {  // the next step's pivot column to the front
      const float done = rows[i][0];
#pragma unroll
      for (int l = 0; l + 1 < kWidth; ++l) rows[i][l] = rows[i][l + 1];
      rows[i][kWidth - 1] = done;
    }
  }
}
#endif

// geqrf of the panel of `width` columns from (k, k) of the column-major `a`, its h rows held R a thread by a cluster
// of kClusterBlocks blocks. Writes the panel back (R scaled back, reflector vectors below the diagonal), the explicit
// unit lower-trapezoidal V to the same place of `v` (zeros above it from row zero_from: its pair's V), the scalars to
// tau[k...] and T (kWidth x kWidth, column-major, leading dimension ldt; I - V T V^T = H_k ... H_k+width-1) to `t`.
template <int R>
__global__ void __launch_bounds__(kThreads) factor_panel(float* a, std::int64_t lda, std::int64_t k, int h, int width,
                                                         std::int64_t zero_from, float* tau, float* v, float* t,
                                                         int ldt) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  __shared__ PanelShared shared;
  const cg::cluster_group cluster = cg::this_cluster();
  const int block = static_cast<int>(cluster.block_rank());
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  float* const panel = a + k + k * lda;
  float rows[R][kWidth];
  int row_of[R];
  unsigned largest = 0;
#pragma unroll
  for (int i = 0; i < R; ++i) {
    row_of[i] = (i * kClusterBlocks + block) * kThreads + threadIdx.x;
#pragma unroll
    for (int c = 0; c < kWidth; ++c) {
      rows[i][c] = row_of[i] < h && c < width ? panel[row_of[i] + c * lda] : 0.0f;
      largest = max(largest, __float_as_uint(fabsf(rows[i][c])));
    }
  }

  // The panel is scaled by a power of two that brings its largest magnitude to [1, 2): exact, and no sum of squares
  // below can overflow, nor underflow where it matters next to the largest.
  largest = __reduce_max_sync(0xffffffffu, largest);
  if (lane == 0) shared.warp_largest[warp] = largest;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned block_largest = 0;
    for (int w = 0; w < kWarps; ++w) block_largest = max(block_largest, shared.warp_largest[w]);
    shared.block_largest = block_largest;
    cluster_mailbox::open(shared.mailbox);
    for (int round = 0; round < 2; ++round) cluster_mailbox::expect(&shared.mailbox[round], kMailBytes);
  }
  cluster.sync();
  largest = 0;
  for (int b = 0; b < kClusterBlocks; ++b) largest = max(largest, *cluster.map_shared_rank(&shared.block_largest, b));
  const float panel_largest = __uint_as_float(largest);
  const int exponent =
      panel_largest > 0.0f && isfinite(panel_largest) ? min(max(ilogbf(panel_largest), -126), 126) : 0;
  const float scale = ldexpf(1.0f, -exponent);
#pragma unroll
  for (int i = 0; i < R; ++i)
#pragma unroll
    for (int c = 0; c < kWidth; ++c) rows[i][c] *= scale;

  // Every step runs, past `width` too (zero columns: tau = 0). With up to two rows a thread, the steps are one loop
  // body, the rows rotating in place so that every register index is a constant (the 32 steps unrolled whole
  // overflowed the instruction cache: ncu, 64% of stalls for want of an instruction; 4096^2 factorization 12.16 ->
  // 11.25 ms). With four, the rotation's moves and the updates of every column cost more than the fetches save (8192 x
  // 2048: 11.6 ms against 8.6): the steps unroll whole.
  if constexpr (R <= 2) {
#pragma unroll 1
    for (int j = 0; j < kWidth; ++j) panel_step<R, true>(j, rows, row_of, shared, block);
  } else {
#pragma unroll
    for (int j = 0; j < kWidth; ++j) panel_step<R, false>(j, rows, row_of, shared, block);
  }

  const float unscale = ldexpf(1.0f, exponent);
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const int row = row_of[i];
    if (row >= h) continue;
#pragma unroll
    for (int c = 0; c < kWidth; ++c) {
      if (c >= width) continue;
      const float value = rows[i][c];
      panel[row + c * lda] = row <= c ? value * unscale : value;
      v[k + row + (k + c) * lda] = row < c ? 0.0f : (row == c ? 1.0f : value);
    }
  }
  const int above = static_cast<int>(k - zero_from);
  if (block == 0)
    for (int index = threadIdx.x; index < above * width; index += kThreads)
      v[zero_from + index % above + (k + index / above) * lda] = 0.0f;
  if (block == 0 && warp == 0) {
    // dlarft: T[:j, j] = -tau_j T[:j, :j] (V[:, :j]^T v_j), T[j, j] = tau_j; lane c builds row c.
    float t_row[kWidth];
#pragma unroll
    for (int j = 0; j < kWidth; ++j) {
      float sum = 0.0f;
#pragma unroll
      for (int i = 0; i < j; ++i) sum = fmaf(t_row[i], shared.gram[i][j], sum);
      const float tau_j = j < width ? shared.taus[j] : 0.0f;
      t_row[j] = lane < j ? -tau_j * sum : (lane == j ? tau_j : 0.0f);
      t[lane + j * ldt] = t_row[j];
    }
    if (lane < width) tau[k + lane] = shared.taus[lane];
  }
  // No block leaves while another may still read its shared memory.
  cluster.sync();
#elif defined(__CUDA_ARCH__)
  __trap();  // prefers() keeps devices without clusters away
#endif
}

// gram = V^T V of a block's `width` reflectors (zero outside width x width; kBlock x kBlock, column-major) from the
// `parts` partial products of row chunks, summed in a fixed order.
__global__ void sum_gram(const float* partials, int parts, int width, float* gram) {
  const int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= kBlock * kBlock) return;
  float sum = 0.0f;
  if (index % kBlock < width && index / kBlock < width)
#pragma unroll 4
    for (int part = 0; part < parts; ++part) sum += partials[part * kBlock * kBlock + index];
  gram[index] = sum;
}

constexpr int kMergeLd = kBlock + 1;  // merge_block_t's matrices, padded against bank conflicts

// sums[i][j] += the sum over l < S of stretch[lane + 32 i + l kMergeLd] right(l, j): one lane's rows of a product of
// stretches, unrolled into independent chains.
template <int S, int ROWS, int COLUMNS, class Right>
__device__ __forceinline__ void add_stretch_product(const float* stretch, Right right, float (&sums)[ROWS][COLUMNS]) {
  const int lane = threadIdx.x % 32;
#pragma unroll
  for (int l = 0; l < S; ++l) {
    float right_row[COLUMNS];
#pragma unroll
    for (int j = 0; j < COLUMNS; ++j) right_row[j] = right(l, j);
#pragma unroll
    for (int i = 0; i < ROWS; ++i) {
      const float left = stretch[lane + 32 * i + l * kMergeLd];
#pragma unroll
      for (int j = 0; j < COLUMNS; ++j) sums[i][j] = fmaf(left, right_row[j], sums[i][j]);
    }
  }
}

// One level of merge_block_t: kBlock / (2 S) pairs of neighbouring S x S stretches a, b, T_ab = -T_aa (G_ab T_bb), their
// kBlock / 2 columns kMergeColumns to a warp, rows lane, lane + 32, ... to a lane. The sums run over whole stretches
// (the triangles' zeros stand in for the bounds, adding nothing): with bounds, one chain a thread left each step
// waiting on the last.
template <int S>
__device__ __forceinline__ void merge_level(float* merged, const float* grams, float* product) {
  constexpr int kRows = S / 32;
  constexpr int kMergeColumns = kBlock / 2 / (kMergeThreads / 32);
  static_assert(S % kMergeColumns == 0, "a warp's columns lie in one pair");
  const int lane = threadIdx.x % 32;
  const int first = threadIdx.x / 32 * kMergeColumns;  // of the pairs' columns, side by side
  const int a = first / S * 2 * S, b = a + S, c = first % S;
  float sums[kRows][kMergeColumns] = {};
  add_stretch_product<S>(grams + a + b * kMergeLd, [&](int l, int j) { return merged[b + l + (b + c + j) * kMergeLd]; },
                         sums);
#pragma unroll
  for (int i = 0; i < kRows; ++i)
#pragma unroll
    for (int j = 0; j < kMergeColumns; ++j) {
      product[(first + j) * S + lane + 32 * i] = sums[i][j];
      sums[i][j] = 0.0f;
    }
  __syncthreads();
  add_stretch_product<S>(merged + a + a * kMergeLd, [&](int l, int j) { return product[(first + j) * S + l]; }, sums);
#pragma unroll
  for (int i = 0; i < kRows; ++i)
#pragma unroll
    for (int j = 0; j < kMergeColumns; ++j) merged[a + lane + 32 * i + (b + c + j) * kMergeLd] = -sums[i][j];
  __syncthreads();
}

// A block's T (kBlock x kBlock, column-major, zero outside its reflectors) from its panels' T on the diagonal and
// gram = V^T V: neighbouring stretches merge, 32 columns, then 64. Everything in shared memory: one block does it, and a
// global load a multiply-add would leave it waiting on latency.
__global__ void __launch_bounds__(kMergeThreads) merge_block_t(const float* gram, float* t, int ldt) {
  static_assert(kBlock == 4 * kWidth, "two levels of merging");
  extern __shared__ float merged[];  // T; V^T V; the pairs' G_ab T_bb
  float* const grams = merged + kBlock * kMergeLd;
  float* const product = grams + kBlock * kMergeLd;
  // Unrolled whole, so that every load is in flight at once.
#pragma unroll
  for (int pass = 0; pass < kBlock * kBlock / kMergeThreads; ++pass) {
    const int index = pass * kMergeThreads + threadIdx.x;
    merged[index % kBlock + index / kBlock * kMergeLd] = t[index % kBlock + index / kBlock * ldt];
    grams[index % kBlock + index / kBlock * kMergeLd] = gram[index];
  }
  __syncthreads();
  merge_level<kWidth>(merged, grams, product);
  merge_level<2 * kWidth>(merged, grams, product);
#pragma unroll
  for (int pass = 0; pass < kBlock * kBlock / kMergeThreads; ++pass) {
    const int index = pass * kMergeThreads + threadIdx.x;
    t[index % kBlock + index / kBlock * ldt] = merged[index % kBlock + index / kBlock * kMergeLd];
  }
}

__global__ void set_identity(float* q, std::int64_t m, std::int64_t columns) {
  const std::int64_t count = m * columns;
  for (std::int64_t index = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; index < count;
       index += std::int64_t{gridDim.x} * blockDim.x)
    q[index] = index % m == index / m ? 1.0f : 0.0f;
}

// V^T C and op(T) V^T C for a block reflector's product with C of up to max(m, n) columns: one pair a stream.
struct Products {
  float* product;
  float* scaled;
};

// Where factor() keeps what generate_q() needs, and its products' scratch.
struct Scratch {
  float* v;  // m x min(m, n), leading dimension m: each panel's V where its reflectors are in a
  float* block_t;  // kPairLd x kPairLd a pair of blocks, leading dimension kPairLd: what generate_q() applies
  float* gram;  // kBlock x kBlock: V^T V of a block
  float* pair_products;  // 2 kBlock x kBlock: V_a^T V_b and T_a V_a^T V_b of a pair
  float* partial_grams;  // kBlock x kBlock a chunk of kGramRows rows of V^T V
  Products main;  // the caller's stream's
  Products side;  // the critical path's
  float* side_blas;  // cuBLAS's workspace on the critical path's stream, with lookahead
};

std::int64_t blocks_of(std::int64_t m, std::int64_t n) { return (std::min(m, n) + kBlock - 1) / kBlock; }

std::int64_t pairs_of(std::int64_t m, std::int64_t n) { return (blocks_of(m, n) + 1) / 2; }

// From this order the next block is factored beside the trailing update (H100, bench/NOTES.md: 4096^2 13.6 ms against
// 14.2 with one product a block, 2048^2 5.47 against 5.57; 1024^2 no gain).
bool looks_ahead(std::int64_t m, std::int64_t n) { return std::min(m, n) >= kLookaheadOrder; }

// Lays the scratch out from `base` (none: only counts) and returns its size in floats.
std::size_t lay_out(std::int64_t m, std::int64_t n, float* base, Scratch& scratch) {
  constexpr std::int64_t kBlasWorkspaceFloats = kBlasWorkspaceBytes / sizeof(float);
  const std::int64_t product_size = kPairLd * std::max(m, n);
  const std::int64_t sizes[] = {m * std::min(m, n),
                                pairs_of(m, n) * kPairLd * kPairLd,
                                kBlock * kBlock,
                                2 * kBlock * kBlock,
                                (m + kGramRows - 1) / kGramRows * kBlock * kBlock,
                                product_size,
                                product_size,
                                product_size,
                                product_size,
                                looks_ahead(m, n) ? kBlasWorkspaceFloats : 0};
  float** const pieces[] = {&scratch.v,           &scratch.block_t,      &scratch.gram,
                            &scratch.pair_products, &scratch.partial_grams, &scratch.main.product,
                            &scratch.main.scaled,   &scratch.side.product,  &scratch.side.scaled,
                            &scratch.side_blas};
  constexpr int kPieces = sizeof(pieces) / sizeof(pieces[0]);
  static_assert(sizeof(sizes) / sizeof(sizes[0]) == kPieces);
  std::int64_t total = 0;
  for (int piece = 0; piece < kPieces; ++piece) {
    if (base) *pieces[piece] = base + total;
    total += sizes[piece];
  }
  return static_cast<std::size_t>(total);
}

Scratch carve(void* workspace, std::int64_t m, std::int64_t n) {
  Scratch scratch{};
  lay_out(m, n, static_cast<float*>(workspace), scratch);
  return scratch;
}

// A block reflector I - V T V^T: h x width V (leading dimension ld) and T (leading dimension ldt).
struct BlockReflector {
  const float* v;
  int ld;
  int h;
  int width;
  const float* t;
  int ldt;
};

template <int R>
void launch_panel(float* a, std::int64_t m, std::int64_t k, int h, int width, float* tau, const Scratch& scratch,
                  std::int64_t zero_from, float* t, cudaStream_t stream) {
  check_cuda(launch_cluster(factor_panel<R>, kClusterBlocks, kThreads, 0, false, stream, a, m, k, h, width, zero_from,
                            tau, scratch.v, t, kPairLd),
             "householder QR: factor_panel");
}

// The panel of `width` columns from (k, k), its V zero from row zero_from (its pair's first); its T goes to `t`
// (leading dimension kPairLd).
void factor_panel_at(float* a, std::int64_t m, std::int64_t k, int width, std::int64_t zero_from, float* tau,
                     const Scratch& scratch, float* t, cudaStream_t stream) {
  const int h = static_cast<int>(m - k);
  constexpr int kRowsPerPass = kClusterBlocks * kThreads;
  if (h <= kRowsPerPass) return launch_panel<1>(a, m, k, h, width, tau, scratch, zero_from, t, stream);
  if (h <= 2 * kRowsPerPass) return launch_panel<2>(a, m, k, h, width, tau, scratch, zero_from, t, stream);
  launch_panel<kMaxRowsPerThread>(a, m, k, h, width, tau, scratch, zero_from, t, stream);
}

// The block's T from its panels' (on its diagonal) and V^T V, the latter summed from chunks of kGramRows rows: cuBLAS
// gives a product this small and this deep whole few blocks (its syrk of a 4096-row block took 360 us).
cublasStatus_t form_block_t(cublasHandle_t blas, const BlockReflector& r, float* t, const Scratch& scratch,
                            cudaStream_t stream) {
  const float one = 1.0f, zero = 0.0f;
  const int chunks = r.h / kGramRows, rest = r.h % kGramRows;
  BlasStatus status;
  if (chunks > 0)
    status << cublasSgemmStridedBatched(blas, CUBLAS_OP_T, CUBLAS_OP_N, r.width, r.width, kGramRows, &one, r.v, r.ld,
                                        kGramRows, r.v, r.ld, kGramRows, &zero, scratch.partial_grams, kBlock,
                                        kBlock * kBlock, chunks);
  if (rest > 0) {
    const float* const last = r.v + static_cast<std::int64_t>(chunks) * kGramRows;
    status << cublasSgemm(blas, CUBLAS_OP_T, CUBLAS_OP_N, r.width, r.width, rest, &one, last, r.ld, last, r.ld, &zero,
                          scratch.partial_grams + static_cast<std::int64_t>(chunks) * kBlock * kBlock, kBlock);
  }
  sum_gram<<<kBlock * kBlock / 256, 256, 0, stream>>>(scratch.partial_grams, chunks + (rest > 0), r.width,
                                                      scratch.gram);
  merge_block_t<<<1, kMergeThreads, kMergeShared, stream>>>(scratch.gram, t, kPairLd);
  check_cuda(cudaGetLastError(), "householder QR: block T");
  return status.value();
}

// C = (I - V op(T) V^T) C for the reflector's h rows of C (`columns` columns, the reflector's leading dimension): op =
// transpose applies Q^T, none applies Q. T's zeros below its diagonal are stored, so op(T) V^T C is a gemm: cuBLAS's
// trmm of a 128 x 128 T ran two kernels of 4 to 8 blocks, ~35 us a call on the critical path (bench/NOTES.md).
cublasStatus_t apply_block_reflector(cublasHandle_t blas, const BlockReflector& r, cublasOperation_t t_op, float* c,
                                     int columns, const Products& products) {
  const float one = 1.0f, zero = 0.0f, minus_one = -1.0f;
  BlasStatus status;
  status << cublasSgemm(blas, CUBLAS_OP_T, CUBLAS_OP_N, r.width, columns, r.h, &one, r.v, r.ld, c, r.ld, &zero,
                        products.product, kPairLd);
  status << cublasSgemm(blas, t_op, CUBLAS_OP_N, r.width, columns, r.width, &one, r.t, r.ldt, products.product,
                        kPairLd, &zero, products.scaled, kPairLd);
  status << cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, r.h, columns, r.width, &minus_one, r.v, r.ld, products.scaled,
                        kPairLd, &one, c, r.ld);
  return status.value();
}

// The reflector of the block of columns [j, j + width) of an m-row matrix, its T at `t`.
BlockReflector block_at(const Scratch& scratch, std::int64_t m, std::int64_t j, int width, const float* t, int ldt) {
  return {scratch.v + j + j * m, static_cast<int>(m), static_cast<int>(m - j), width, t, ldt};
}

// A block's T: the diagonal block of its pair's.
float* block_t_of(const Scratch& scratch, std::int64_t block) {
  return scratch.block_t + block / 2 * kPairLd * kPairLd + block % 2 * (kBlock + kBlock * kPairLd);
}

// The block reflector of block `block` (kBlock columns, fewer for the last), once its T is formed.
BlockReflector block_reflector(const Scratch& scratch, std::int64_t m, std::int64_t n, std::int64_t block) {
  const std::int64_t start = block * kBlock;
  const int width = static_cast<int>(std::min<std::int64_t>(kBlock, std::min(m, n) - start));
  return block_at(scratch, m, start, width, block_t_of(scratch, block), kPairLd);
}

// The reflector of blocks 2 pair and 2 pair + 1 (the first alone where it is the last), once form_pair_t has run.
BlockReflector pair_reflector(const Scratch& scratch, std::int64_t m, std::int64_t n, std::int64_t pair) {
  const std::int64_t start = pair * kPairLd;
  const int width = static_cast<int>(std::min<std::int64_t>(kPairLd, std::min(m, n) - start));
  return block_at(scratch, m, start, width, block_t_of(scratch, 2 * pair), kPairLd);
}

// The pair's T from its blocks': T_ab = -T_a (V_a^T V_b) T_b, V_b being zero above its block.
cublasStatus_t form_pair_t(cublasHandle_t blas, const Scratch& scratch, std::int64_t m, std::int64_t n,
                           std::int64_t pair) {
  const float one = 1.0f, zero = 0.0f, minus_one = -1.0f;
  const BlockReflector first = block_reflector(scratch, m, n, 2 * pair);
  const BlockReflector second = block_reflector(scratch, m, n, 2 * pair + 1);
  float* const gram = scratch.pair_products;
  float* const scaled = scratch.pair_products + kBlock * kBlock;
  float* const t_ab = block_t_of(scratch, 2 * pair) + kBlock * kPairLd;
  BlasStatus status;
  status << cublasSgemm(blas, CUBLAS_OP_T, CUBLAS_OP_N, kBlock, second.width, second.h, &one, first.v + kBlock, m,
                        second.v, m, &zero, gram, kBlock);
  status << cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, kBlock, second.width, kBlock, &one, first.t, kPairLd, gram,
                        kBlock, &zero, scaled, kBlock);
  status << cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, kBlock, second.width, second.width, &minus_one, scaled, kBlock,
                        second.t, kPairLd, &zero, t_ab, kPairLd);
  return status.value();
}

// geqrf of the block of columns [block_start, block_end), its columns updated by every block before: panels of kWidth
// columns each update the rest of the block, then the block's T is merged from theirs. Its V is zero from row
// zero_from, its pair's first.
cublasStatus_t factor_block(float* a, std::int64_t m, std::int64_t block_start, std::int64_t block_end,
                            std::int64_t zero_from, float* tau, const Scratch& scratch, float* block_t,
                            cublasHandle_t blas, cudaStream_t stream) {
  BlasStatus status;
  for (std::int64_t j = block_start; j < block_end; j += kWidth) {
    const int width = static_cast<int>(std::min<std::int64_t>(kWidth, block_end - j));
    float* const panel_t = block_t + (j - block_start) * (kPairLd + 1);
    factor_panel_at(a, m, j, width, zero_from, tau, scratch, panel_t, stream);
    const int rest = static_cast<int>(block_end - j - width);
    if (rest > 0)
      status << apply_block_reflector(blas, block_at(scratch, m, j, width, panel_t, kPairLd), CUBLAS_OP_T,
                                      a + j + (j + width) * m, rest, scratch.side);
  }
  status << form_block_t(blas, block_at(scratch, m, block_start, static_cast<int>(block_end - block_start), block_t,
                                        kPairLd),
                         block_t, scratch, stream);
  return status.value();
}

// A stream for cuBLAS calls and the workspace they use there.
struct Lane {
  cudaStream_t stream;
  void* workspace;
  std::size_t workspace_bytes;
};

// The cuBLAS handle moved between lanes (setting the stream resets the workspace), and back to the caller's at the end.
class BlasLanes {
 public:
  BlasLanes(cublasHandle_t handle, const Lane& caller) : handle_(handle), caller_(caller), current_(caller.stream) {}
  BlasLanes(const BlasLanes&) = delete;
  BlasLanes& operator=(const BlasLanes&) = delete;
  // Best effort when an exception leaves early; finish() reports failures.
  ~BlasLanes() {
    BlasStatus ignored;
    on(caller_, ignored);
  }

  cublasHandle_t on(const Lane& lane, BlasStatus& status) {
    if (lane.stream != current_) {
      current_ = lane.stream;
      status << cublasSetStream(handle_, lane.stream);
      status << cublasSetWorkspace(handle_, lane.workspace, lane.workspace_bytes);
    }
    return handle_;
  }
  void finish(BlasStatus& status) { on(caller_, status); }

 private:
  const cublasHandle_t handle_;
  const Lane caller_;
  cudaStream_t current_;
};

// Blocks in turn; with lookahead, block b + 1's columns take block b's reflector and block b + 1 is factored on a side
// stream of the greatest priority while the caller's stream brings block b + 2's columns up to date (for the critical
// path, first) and, once a pair of blocks is factored, applies the pair to the columns past them.
cublasStatus_t factor_blocks(float* a, std::int64_t m, std::int64_t n, float* tau, void* workspace, const Blas& blas,
                             bool lookahead) {
  allow_dynamic_shared_memory<merge_block_t>(kMergeShared, "cudaFuncSetAttribute (householder QR)");
  const Scratch scratch = carve(workspace, m, n);
  const std::int64_t k = std::min(m, n);
  const std::int64_t blocks = blocks_of(m, n);
  // A panel writes its T on the block's diagonal; the pair's T also needs the zeros past its last panel.
  check_cuda(cudaMemsetAsync(scratch.block_t, 0, pairs_of(m, n) * kPairLd * kPairLd * sizeof(float), blas.stream),
             "householder QR: cudaMemsetAsync");
  const SideStream* const side = lookahead ? &thread_side_stream() : nullptr;
  const Lane caller{blas.stream, blas.workspace, blas.workspace_bytes};
  const Lane critical{side ? side->get() : blas.stream, scratch.side_blas, kBlasWorkspaceBytes};
  BlasLanes lanes(blas.handle, caller);
  BlasStatus status;
  // Columns [from, to) of the rows of reflector r take it.
  const auto update = [&](const Lane& lane, const BlockReflector& r, std::int64_t from, std::int64_t to,
                          const Products& products) {
    if (to > from)
      status << apply_block_reflector(lanes.on(lane, status), r, CUBLAS_OP_T, a + (m - r.h) + from * m,
                                      static_cast<int>(to - from), products);
  };
  // Without lookahead the pairs' T would cost more on the one stream than Q gains (1024^2: 2.65 ms against 2.53).
  const auto form_pair_after = [&](std::int64_t block) {
    if (side && block % 2 == 1) status << form_pair_t(lanes.on(caller, status), scratch, m, n, block / 2);
  };
  if (side) side->order(caller.stream, critical.stream);
  for (std::int64_t block = 0; block < blocks; ++block) {
    const std::int64_t block_start = block * kBlock;
    const std::int64_t block_end = std::min(k, block_start + kBlock);
    if (block > 0) {
      const std::int64_t previous = block - 1;
      if (side) {
        side->wait_for_mark(critical.stream);  // the caller's stream has brought this block's columns up to date
        side->order(critical.stream, caller.stream);  // the previous block is factored
      }
      // Without a side stream, one product for all the trailing columns: fewer, larger calls.
      update(critical, block_reflector(scratch, m, n, previous), block_start, side ? block_end : n, scratch.side);
      form_pair_after(previous);
      if (side) {
        const bool pair_done = previous % 2 == 1;
        const BlockReflector behind =
            pair_done ? pair_reflector(scratch, m, n, previous / 2) : block_reflector(scratch, m, n, previous);
        const std::int64_t next_end = block + 1 < blocks ? std::min(k, block_end + kBlock) : n;
        update(caller, behind, block_end, next_end, scratch.main);
        side->mark(caller.stream);
        if (pair_done) update(caller, behind, next_end, n, scratch.main);
      }
    }
    status << factor_block(a, m, block_start, block_end, block_start - block % 2 * kBlock, tau, scratch,
                           block_t_of(scratch, block), lanes.on(critical, status), critical.stream);
  }
  if (side) side->order(critical.stream, caller.stream);
  form_pair_after(blocks - 1);
  // A wide matrix's columns past k take the last block's reflector.
  update(caller, block_reflector(scratch, m, n, blocks - 1), k, n, scratch.main);
  lanes.finish(status);
  return status.value();
}

}  // namespace

bool prefers(ga_dtype_t dtype, std::int64_t m, std::int64_t n, int device) {
  return dtype == GA_FLOAT32 && std::min(m, n) >= kMinimumOrder && m <= kMaxRows && n <= 0x7fffffff &&
         has_thread_block_clusters(device);
}

std::size_t workspace_bytes(std::int64_t m, std::int64_t n) {
  Scratch counted{};
  return lay_out(m, n, nullptr, counted) * sizeof(float);
}

cublasStatus_t factor(float* a, std::int64_t m, std::int64_t n, float* tau, void* workspace, const Blas& blas) {
  return factor_blocks(a, m, n, tau, workspace, blas, looks_ahead(m, n));
}

cublasStatus_t generate_q(float* q, std::int64_t m, std::int64_t n, std::int64_t columns, const void* workspace,
                          const Blas& blas) {
  const Scratch scratch = carve(const_cast<void*>(workspace), m, n);
  set_identity<<<std::min<std::int64_t>((m * columns + 255) / 256, 4096), 256, 0, blas.stream>>>(q, m, columns);
  check_cuda(cudaGetLastError(), "householder QR: set_identity");
  BlasStatus status;
  const bool paired = looks_ahead(m, n);  // factor() formed the pairs' T
  for (std::int64_t index = (paired ? pairs_of(m, n) : blocks_of(m, n)) - 1; index >= 0; --index) {
    const BlockReflector r = paired ? pair_reflector(scratch, m, n, index) : block_reflector(scratch, m, n, index);
    const std::int64_t j = m - r.h;
    status << apply_block_reflector(blas.handle, r, CUBLAS_OP_N, q + j + j * m, static_cast<int>(columns - j),
                                    scratch.main);
  }
  return status.value();
}

}  // namespace garray::householder_qr
