#include "core/linalg/panel_lu.hpp"

#include "core/common/cuda_check.hpp"
#include "core/linalg/approximate_reciprocal.cuh"
#include "core/linalg/blas_status.hpp"
#include "core/linalg/cluster_launch.cuh"
#include "core/linalg/cluster_mailbox.cuh"
#include "core/linalg/lu_bookkeeping.hpp"
#include "core/linalg/row_major_lu_solve.hpp"
#include "core/linalg/side_stream.hpp"
#include "core/runtime/device.hpp"

#include <cooperative_groups.h>

#include <algorithm>
#include <utility>

namespace garray::panel_lu {

namespace {

namespace cg = cooperative_groups;

constexpr int kWidth = 64;  // panel columns
constexpr int kMaxBlocks = 8;  // of a cluster: the portable cluster size
constexpr std::int64_t kMaxOrder = 4096;  // the rows of the largest spread below
constexpr std::int64_t kMinimumOrder = 512;  // as the tournament LU's: below, getrf's

// How a panel's rows are spread: a cluster of B blocks of T threads, R rows a thread (R kWidth registers of values);
// with C, a right-hand side carried with them (CarriedRhs). The steps come in Q stretches, each with kWidth / Q fewer
// live columns than the one before: fewer columns to update, one more copy of the step's code each.
template <int B, int T, int R, bool C = false, int Q = 8>
struct Spread {
  static constexpr int kStretches = Q;
  static constexpr int kStepsPerStretch = kWidth / Q;
  static constexpr int kBlocks = B;
  static constexpr int kThreads = T;
  static constexpr int kWarps = T / 32;
  static constexpr int kRowsPerThread = R;
  static constexpr bool kCarriesRhs = C;
  static constexpr std::int64_t kRows = std::int64_t{B} * T * R;
  static_assert(B <= kMaxBlocks, "the portable cluster size");
  static_assert(kWidth % Q == 0, "stretches of whole steps");
  static_assert(32 % B == 0 && B % 4 == 0 && kWarps % 4 == 0, "lanes split evenly among blocks; keys read by four");
};

// A block's best row for a step: what every block needs to pick the step's pivot among the blocks' and apply it.
struct alignas(16) Candidate {
  unsigned key;  // magnitude_key of its entry in the step's column; 0: no row
  int place;     // where the row was when the panel began (relative to the panel's first row), plus 2^16 times where it
                 // is now
  float pivot;   // its entry in the step's column
  float multiplier;  // its multiplier of the step before, which every block applies to the mailed row
};

struct alignas(16) Mail {
  Candidate candidate;
  float row[kWidth];  // the candidate's entries right of the step's column as before the step before, from index 0
};
// What only the panel kernel's device code (compute capability 9.0 and newer) uses.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// Columns a step's rows hold that may still change: kWidth less S::kStepsPerStretch for each stretch before the
// step's.
template <class S>
__host__ __device__ constexpr int live_columns(int step) {
  return kWidth - step / S::kStepsPerStretch * S::kStepsPerStretch;
}

// The float4 parts of a step's mail: the candidate and its row's entries that may still change.
__host__ __device__ constexpr int mail_vectors(int live) { return 1 + (live + 2) / 4; }

// Bytes of a step's mail from every one of S's blocks: its best row and, apart, that row's key.
template <class S>
__host__ __device__ constexpr unsigned mail_bytes(int step) {
  return S::kBlocks * (mail_vectors(live_columns<S>(step)) * sizeof(float4) + sizeof(unsigned));
}

// An order-preserving key of |v| to within 8 units in the last place, its low 3 bits free for an index
// (packed_best_of); 0 is kept for rows out of play. Entries that close are ties, taken in index order.
constexpr unsigned kIndexBits = 3;
constexpr unsigned kIndexMask = (1u << kIndexBits) - 1;
__device__ __forceinline__ unsigned magnitude_key(float v) {
  return (__float_as_uint(fabsf(v)) & ~kIndexMask) + (1u << kIndexBits);
}
#endif

// A row of the panel as it will be written, in shared memory: multipliers left of the diagonal, U's entries from it
// (padded to spread a column's entries over the banks).
constexpr int kRowStride = kWidth + 4;

// Mail comes in kRounds rounds taken in turn by the steps: a block may send a step's while another still reads the
// steps before's (a warp reads the rest of a step's pivot row from its mail after posting its next offer).
constexpr int kRounds = 4;

// A panel's shared state, each block's own: the mail (the candidates' keys apart, read at once), each warp's best
// row as the block may send it and its key, U's rows.
template <class S>
struct PanelShared {
  Mail mail[kRounds][S::kBlocks];
  __align__(16) unsigned mail_keys[kRounds][S::kBlocks];
  __align__(16) unsigned warp_keys[S::kWarps];
  Mail offers[S::kWarps];
  unsigned long long mailbox[kRounds];
  __align__(16) float pivot_rows[kWidth][kRowStride];  // row k of P A once step k has picked it (block 0's is read)
  // Each warp's pivot rows brought up to date (entries right of the step's column, from index 0), of the steps of
  // either parity: the step's and the one before's.
  __align__(16) float pivot_now[S::kWarps][2][kWidth];
};

// What the panel leaves for the rest of its columns, kept per panel (the bulk of panel p runs beside panel p + 1).
struct PanelMoves {
  int* picked_from;   // kWidth: the row (relative to the panel's first) that step k moved to row k; -1 past the width
  int* displaced_to;  // kWidth: where the row first at q went, when not picked (-1 when picked or past the width)
  float* lower_t;     // kWidth x kWidth: L11 transposed, zero on and above its diagonal
};
constexpr std::size_t kPanelIntBytes = 2 * kWidth * sizeof(int);
constexpr std::size_t kPanelBytes = kPanelIntBytes + kWidth * kWidth * sizeof(float);
static_assert(kPanelIntBytes % 16 == 0 && kPanelBytes % 16 == 0, "lower_t and the staged panel 16-byte aligned");

PanelMoves moves_of(void* workspace, std::int64_t j) {
  char* base = static_cast<char*>(workspace) + (j / kWidth) * kPanelBytes;
  int* ints = reinterpret_cast<int*>(base);
  return {ints, ints + kWidth, reinterpret_cast<float*>(base + kPanelIntBytes)};
}

std::int64_t panels_of(std::int64_t n) { return (n + kWidth - 1) / kWidth; }

// The next panel's columns, staged between the panels by columns (column_stride apart): rows from the factored panel's
// first, U12's then the next panel's.
float* staged_panel(void* workspace, std::int64_t n) {
  return reinterpret_cast<float*>(static_cast<char*>(workspace) + panels_of(n) * kPanelBytes);
}

// Floats between the columns of what is staged or handed over column by column: a whole number of panels' rows.
std::int64_t column_stride(std::int64_t n) { return panels_of(n) * kWidth; }

// What a panel hands its next columns as its steps end (HandOff), for the panels of either parity in turn: the
// multipliers of the rows left below the panel, by columns (each row at its place when the panel began, from the
// panel's first), then L11's rows, kWidth floats each.
std::int64_t handed_floats(std::int64_t n) { return column_stride(n) * kWidth + kWidth * kWidth; }

float* handed_multipliers(void* workspace, std::int64_t n, std::int64_t j) {
  return staged_panel(workspace, n) + panels_of(n) * kWidth * kWidth + (j / kWidth % 2) * handed_floats(n);
}

// A word a panel, nonzero once the caller's stream has run the panel's bulk (the next columns of the panel after next
// wait for it).
int* bulks_done(void* workspace, std::int64_t n) {
  return reinterpret_cast<int*>(handed_multipliers(workspace, n, 0) + 2 * handed_floats(n));
}

// A word a block of kWidth staged rows (panels_of(n) of them): 1 + the panel whose next columns staged them, once they
// are (the next panel's cluster waits for its own rows' words, not for the whole launch).
int* staged_rows_ready(void* workspace, std::int64_t n) { return bulks_done(workspace, n) + panels_of(n); }

// A word a block of a panel's cluster: 1 + the panel whose multipliers it has handed over (handed_multipliers).
constexpr int kHandOffWords = kMaxBlocks;
int* multipliers_handed(void* workspace, std::int64_t n) { return staged_rows_ready(workspace, n) + panels_of(n); }

// What a panel's cluster hands its next columns as its steps end, before its tail (handed_multipliers), and a word a
// block of the cluster (multipliers_handed) set to 1 + the panel's index once that block's rows are out: the next
// columns start on those words, not on the end of the panel's launch. Whole lines a warp: the multipliers by columns.
struct HandOff {
  float* multipliers;  // null: the panel has no next columns
  float* lower;        // L11's rows, kWidth floats each
  int* words;
  int blocks;           // the cluster's
  std::int64_t stride;  // column_stride
};

// Entries [0, 4) from `from`, those at or past `count` zero: one vector load when `whole` (16-byte aligned, count >= 4).
__device__ __forceinline__ float4 load_four(const float* from, int count, bool whole) {
  if (whole && count >= 4) return *reinterpret_cast<const float4*>(from);
  return make_float4(count > 0 ? from[0] : 0.0f, count > 1 ? from[1] : 0.0f, count > 2 ? from[2] : 0.0f,
                     count > 3 ? from[3] : 0.0f);
}

// What a word says once the work of the panel whose first column is j is out: 1 + the panel's index (words start at
// zero).
__host__ __device__ constexpr int panel_word(std::int64_t j) { return static_cast<int>(j / kWidth) + 1; }

// `word` set to `value` once every thread of the block has made its stores before this visible.
__device__ __forceinline__ void publish_word(int* word, int value) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    asm volatile("st.relaxed.gpu.global.b32 [%0], %1;" ::"l"(word), "r"(value) : "memory");
  }
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// Until `word`, written by work queued before, is at least `value` (what was written before it visible).
__device__ __forceinline__ void wait_for_word(const int* word, int value = 1) {
  int done;
  do {
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(done) : "l"(word) : "memory");
  } while (done < value);
}

// The thread's best row for the step whose column is v[.][0] (row best_row, key 0: none) and the warp's best key.
struct Offer {
  unsigned key;
  int best_row;
  unsigned warp_best;
};

// A right-hand side eliminated with the panel's rows (a solve's last panel: L^-1 P b's last rows, at a fused
// multiply-add a row and step): each row's entry, and every thread's copy of the entry of the step before's pivot row,
// brought up to date. Mail carries its candidate's entry as it carries the row. (Carried through every panel it cost
// 4096^2 ~65 us of steps, more than the substitution it saved: the other panels' rows go by RhsStep.)
template <int R>
struct CarriedRhs {
  float entry[R];
  float pivot;
};

template <int R>
__device__ __forceinline__ Offer make_offer(const float (&v)[R][kWidth], const bool (&live)[R]) {
  unsigned key = 0;
  int best_row = 0;
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const unsigned row_key = live[i] ? magnitude_key(v[i][0]) : 0u;
    if (row_key > key) {
      key = row_key;
      best_row = i;
    }
  }
  return {key, best_row, __reduce_max_sync(0xffffffffu, key)};
}

// The largest of the N keys (16-byte aligned), with index_of<N> its first's index in its low bits. Every lane reads
// every key (broadcast loads of four) and takes their maximum in a tree, each key's index in its free low bits (first
// first): no warp-wide reduction and no chain of comparisons on the step's path.
template <int N>
__device__ __forceinline__ unsigned packed_best_of(const unsigned* keys) {
  static_assert(N <= 1 << kIndexBits && (N & (N - 1)) == 0, "an index fits a key's free bits; a whole tree");
  unsigned all[N];
#pragma unroll
  for (int q = 0; q < N; q += 4) {
    const uint4 four = *reinterpret_cast<const uint4*>(keys + q);
    all[q] = four.x | (N - 1 - q);
    all[q + 1] = four.y | (N - 2 - q);
    all[q + 2] = four.z | (N - 3 - q);
    all[q + 3] = four.w | (N - 4 - q);
  }
#pragma unroll
  for (int width = N / 2; width > 0; width /= 2)
#pragma unroll
    for (int b = 0; b < width; ++b) all[b] = max(all[b], all[b + width]);
  return all[0];
}

template <int N>
__device__ __forceinline__ int index_of(unsigned packed) {
  return N - 1 - static_cast<int>(packed & kIndexMask);
}

// The warp's best row for the next step and its key to offers[warp] and warp_keys[warp], by the lane holding it: its
// entry in the next step's column (v[.][0], up to date) and its multiplier of the step that ends, and its entries right
// of that column as they were before that step (v[.][SHIFT...], LIVE columns left). Every block applies the step to
// the mailed row itself, so that no offer waits for its row's update. SHIFT is 1 before a panel's first step
// (multipliers 0), else 2. The row's carried right-hand side entry (as before that step too) goes in the last slot
// of the next step's NEXT_LIVE, which no column's entry takes.
template <class S, int LIVE, int SHIFT, int R = S::kRowsPerThread>
__device__ __forceinline__ void post_offer(const Offer& offer, const int (&row)[R], const int (&position)[R],
                                           const float (&multiplier)[R], const float (&v)[R][kWidth],
                                           const float (&carried)[R], int next_live, PanelShared<S>& shared) {
  const int warp = threadIdx.x / 32;
  if (static_cast<int>(threadIdx.x % 32) != __ffs(__ballot_sync(0xffffffffu, offer.key == offer.warp_best)) - 1)
    return;
  Mail& out = shared.offers[warp];
#pragma unroll
  for (int i = 0; i < R; ++i) {
    if (offer.best_row != i) continue;
    out.candidate = {offer.key, row[i] | position[i] << 16, v[i][0], multiplier[i]};
#pragma unroll
    for (int c = 0; c + SHIFT < LIVE; c += 4) {
      float4 lanes;
      lanes.x = c + SHIFT < LIVE ? v[i][c + SHIFT] : 0.0f;
      lanes.y = c + SHIFT + 1 < LIVE ? v[i][c + SHIFT + 1] : 0.0f;
      lanes.z = c + SHIFT + 2 < LIVE ? v[i][c + SHIFT + 2] : 0.0f;
      lanes.w = c + SHIFT + 3 < LIVE ? v[i][c + SHIFT + 3] : 0.0f;
      *reinterpret_cast<float4*>(&out.row[c]) = lanes;
    }
    if (S::kCarriesRhs) out.row[next_live - 1] = carried[i];
  }
  shared.warp_keys[warp] = offer.key;
}

// The block's best offer (of the step with LIVE columns left), mailed by one warp to every block (`to`, `key_to`:
// this lane's peer's mail and key slots of this step's round).
template <class S, int LIVE>
__device__ __forceinline__ void mail_block_best(const PanelShared<S>& shared, const cluster_mailbox::Peer& to,
                                                const cluster_mailbox::Peer& key_to) {
  constexpr int kParts = mail_vectors(LIVE);
  constexpr int kPartStride = 32 / S::kBlocks;  // lane l sends parts l / B + t kPartStride to block l % B
  constexpr int kPartsEach = (kParts + kPartStride - 1) / kPartStride;
  const unsigned best = packed_best_of<S::kWarps>(shared.warp_keys);
  const float4* offer = reinterpret_cast<const float4*>(&shared.offers[index_of<S::kWarps>(best)]);
  const int first_part = threadIdx.x % 32 / S::kBlocks;
  float4 parts[kPartsEach];
#pragma unroll
  for (int t = 0; t < kPartsEach; ++t)
    if (first_part + t * kPartStride < kParts) parts[t] = offer[first_part + t * kPartStride];
  if (first_part == 0) cluster_mailbox::send(key_to, 0, best & ~kIndexMask);
#pragma unroll
  for (int t = 0; t < kPartsEach; ++t) {
    const int part = first_part + t * kPartStride;
    if (part < kParts) cluster_mailbox::send(to, part * sizeof(float4), parts[t]);
  }
}

// Named barrier 1 of a block's warps for the steps: each warp arrives once its offer for the next step is posted;
// warp 0 waits there for all of them before it mails the block's best, the others go on with their updates.
template <int T>
__device__ __forceinline__ void offers_posted() {
  if (threadIdx.x < 32)
    asm volatile("bar.sync 1, %0;" ::"n"(T) : "memory");
  else
    asm volatile("bar.arrive 1, %0;" ::"n"(T) : "memory");
}

// Steps [first, last) of the panel's elimination (of `steps`), the rows shifted left every step so that v[.][0] is
// the step's column (one loop body); LIVE columns are left. Each step: every warp takes the largest of the blocks'
// mailed candidates as the pivot row and brings its first entry up to date (the mail holds the row as before the step
// before, with its multiplier there), every live row keeps its multiplier and updates its next column, and each warp
// posts its best for the next step; warp 0 mails the block's best to every block once all have posted. Only then does
// each warp bring the rest of the pivot row up to date (two entries a lane, into its pivot_now) and update its rows,
// while the mail travels. Each block keeps U's rows, stored by its last warp.
template <class S, int LIVE, int R = S::kRowsPerThread>
__device__ __forceinline__ void panel_steps(int first, int last, int steps, float (&v)[R][kWidth], const int (&row)[R],
                                            int (&position)[R], bool (&live)[R], CarriedRhs<R>& carried,
                                            PanelShared<S>& shared,
                                            const cluster_mailbox::Peer& mail_to,
                                            const cluster_mailbox::Peer& key_to, float* rows, int block,
                                            int* picked_from) {
  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
#pragma unroll 1
  for (int k = first; k < last; ++k) {
    const int round = k % kRounds;
    float* const pivot_now = shared.pivot_now[warp][k & 1];
    const float* const pivot_before = shared.pivot_now[warp][(k & 1) ^ 1];
    cluster_mailbox::wait(&shared.mailbox[round], (k / kRounds) & 1);
    const Mail& pivot_mail =
        shared.mail[round][index_of<S::kBlocks>(packed_best_of<S::kBlocks>(shared.mail_keys[round]))];
    const Candidate winner = pivot_mail.candidate;
    const int winner_row = winner.place & 0xffff;
    // LAPACK leaves a zero column as it is (and reports the zero pivot).
    const float inverse = winner.pivot != 0.0f ? approximate_reciprocal(winner.pivot) : 0.0f;
    const float next_entry = fmaf(-winner.multiplier, pivot_before[1], pivot_mail.row[0]);
    const float mailed_rhs = S::kCarriesRhs ? pivot_mail.row[LIVE - 1] : 0.0f;  // used last: no wait for it
    float multiplier[R];
#pragma unroll
    for (int i = 0; i < R; ++i) {
      if (position[i] == k) position[i] = winner.place >> 16;
      if (row[i] == winner_row) {
        live[i] = false;
        position[i] = k;
      }
      multiplier[i] = live[i] ? v[i][0] * inverse : 0.0f;
      rows[(i * S::kThreads + threadIdx.x) * kRowStride + k] = multiplier[i];
      v[i][0] = fmaf(-multiplier[i], next_entry, v[i][1]);
    }
    if (k + 1 < steps) {
      post_offer<S, LIVE, 2>(make_offer<R>(v, live), row, position, multiplier, v, carried.entry,
                             k + 1 < last ? LIVE : LIVE - S::kStepsPerStretch, shared);
      offers_posted<S::kThreads>();
      if (warp == 0) {
        const int next_round = (k + 1) % kRounds;
        const cluster_mailbox::Peer to = cluster_mailbox::shifted(mail_to, next_round * sizeof(shared.mail[0]),
                                                                  next_round * sizeof(shared.mailbox[0]));
        const cluster_mailbox::Peer key = cluster_mailbox::shifted(
            key_to, next_round * sizeof(shared.mail_keys[0]), next_round * sizeof(shared.mailbox[0]));
        if (k + 1 < last)
          mail_block_best<S, LIVE>(shared, to, key);
        else
          mail_block_best<S, LIVE - S::kStepsPerStretch>(shared, to, key);
      }
    }
    // The pivot row brought up to date (entry c takes entry c + 1 of the step before's), entries past the live
    // columns zero; the last warp's also to U's row.
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int c = lane + 32 * h;
      const float entry =
          c < LIVE - 1 ? fmaf(-winner.multiplier, c + 1 < kWidth ? pivot_before[c + 1] : 0.0f, pivot_mail.row[c])
                       : 0.0f;
      pivot_now[c] = entry;
      if (warp == S::kWarps - 1 && k + 1 + c < kWidth) shared.pivot_rows[k][k + 1 + c] = entry;
    }
    if (warp == S::kWarps - 1 && lane == 0) {
      shared.pivot_rows[k][k] = winner.pivot;
      if (block == 0) picked_from[k] = winner_row;
    }
    __syncwarp();
    float4 pivot_row[(LIVE + 2) / 4];
#pragma unroll
    for (int t = 0; t < (LIVE + 2) / 4; ++t) pivot_row[t] = *reinterpret_cast<const float4*>(&pivot_now[4 * t]);
#pragma unroll
    for (int c4 = 0; c4 + 1 < LIVE; c4 += 4) {
      const float4 p = pivot_row[c4 / 4];
      const float lanes[4] = {p.x, p.y, p.z, p.w};
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        const int c = c4 + q;
        if (c < 1 || c + 1 >= LIVE) continue;
#pragma unroll
        for (int i = 0; i < R; ++i) v[i][c] = fmaf(-multiplier[i], lanes[q], v[i][c + 1]);
      }
    }
#pragma unroll
    for (int i = 0; i < R; ++i) v[i][LIVE - 1] = 0.0f;
    if constexpr (S::kCarriesRhs) {
      carried.pivot = fmaf(-winner.multiplier, carried.pivot, mailed_rhs);
#pragma unroll
      for (int i = 0; i < R; ++i) carried.entry[i] = fmaf(-multiplier[i], carried.pivot, carried.entry[i]);
    }
    // The round's next phase can end only once every block has sent step k + kRounds's mail, after this block's warps
    // are done with this one's (they have posted the offers of the steps between).
    if (threadIdx.x == 0 && k + kRounds < steps)
      cluster_mailbox::expect(&shared.mailbox[round], mail_bytes<S>(k + kRounds));
  }
}

// The panel's steps in S::kStretches stretches, each with kWidth / S::kStretches fewer live columns than the one
// before.
template <class S, int R, int... P>
__device__ __forceinline__ void panel_in_stretches(std::integer_sequence<int, P...>, int steps, float (&v)[R][kWidth],
                                                   const int (&row)[R], int (&position)[R], bool (&live)[R],
                                                   CarriedRhs<R>& carried, PanelShared<S>& shared,
                                                   const cluster_mailbox::Peer& mail_to,
                                                   const cluster_mailbox::Peer& key_to, float* rows, int block,
                                                   int* picked_from) {
  static_assert(sizeof...(P) == S::kStretches, "one stretch each");
  constexpr int Q = S::kStepsPerStretch;
  (panel_steps<S, live_columns<S>(P * Q)>(min(steps, P * Q), P + 1 == sizeof...(P) ? steps : min(steps, (P + 1) * Q),
                                       steps, v, row, position, live, carried, shared,
                                       mail_to, key_to, rows, block, picked_from),
   ...);
}

// Rows of `rows` (kRowStride apart) to the panel's rows targets[r] (none where negative), `width` entries each, by a
// block of T threads: a warp writes two whole rows at a time.
template <int T>
__device__ __forceinline__ void write_rows(const float* rows, const int* targets, int count, float* panel,
                                           std::int64_t lda, int width) {
  const int lane = threadIdx.x % 32;
  const int chunk = lane % 16 * 4;
  const bool whole_vectors = width == kWidth && lda % 4 == 0;
  for (int r = threadIdx.x / 32 * 2 + lane / 16; r < count; r += T / 16) {
    const int target = targets[r];
    if (target < 0) continue;
    const float4 values = *reinterpret_cast<const float4*>(rows + r * kRowStride + chunk);
    float* destination = panel + target * lda + chunk;
    if (whole_vectors) {
      *reinterpret_cast<float4*>(destination) = values;
    } else {
      if (chunk < width) destination[0] = values.x;
      if (chunk + 1 < width) destination[1] = values.y;
      if (chunk + 2 < width) destination[2] = values.z;
      if (chunk + 3 < width) destination[3] = values.w;
    }
  }
}
#endif

// getrf of the panel of `width` columns from (j, j) of the C-contiguous n x n `a`, its m = n - j rows spread by S
// (dynamic shared memory: R T rows of kRowStride floats, the rows' multipliers), read from `source` (entry (i, c) at
// source + i source_ld + c source_column_stride: the panel itself, or as staged by next_columns, by columns). Leaves
// L21 and U11 in place of the panel (rows in their pivoted order), the pivots as moves for the other columns in `moves`
// and applied to permutation[j...]; the kWidth rows above the panel's columns from `above` (laid out as `source`) where
// set. As its steps end it hands its multipliers to its next columns (HandOff), before its tail: 4096^2 solve 5.023 ms
// against 5.069 with L read from A after the whole panel. Where S carries a right-hand side (a solve's last panel),
// rhs's entries from j are eliminated with the rows: L^-1 P rhs's to `solved` from j.
// Where `copied` is set (the first panel, reading A while it is copied to `a`), nothing is written to `a` before it
// is nonzero. A zero pivot at step k goes to *info as 1 + j + k unless it is set (lu_bookkeeping::start_reporting).
// Where `rows_ready` is set (staged_rows_ready), the panel starts on its rows' words, not at the end of the whole
// launch before it (the bulk's tiles and the right-hand side's blocks), and waits for that before its tail and before
// it writes the rows above: 4096^2 solve 4.957 ms against 4.975, 2048^2 2.087 against 2.095.
template <class S>
__global__ void __launch_bounds__(S::kThreads, 1)
    factor_panel(float* a, std::int64_t lda, std::int64_t j, int m, int width, const float* source,
                 std::int64_t source_ld, std::int64_t source_column_stride, const float* above, int* permutation,
                 int* info, PanelMoves moves, const float* rhs, float* solved, const int* copied,
                 const int* rows_ready, HandOff handed) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  constexpr int R = S::kRowsPerThread;
  constexpr int T = S::kThreads;
  __shared__ PanelShared<S> shared;
  __shared__ int targets[R * T];
  extern __shared__ __align__(16) float rows[];
  const cg::cluster_group cluster = cg::this_cluster();
  const int block = static_cast<int>(cluster.block_rank());
  float* const panel = a + j * lda + j;
  // While the next columns still run: the mailboxes, opened before the thread's loads and stores, and open in every
  // block once the cluster's barrier is passed (here, off the path of the first step: 4096^2 solve 4.711 ms against
  // 4.743 with the barrier between the first offers and the first mail, 2048^2 1.916 against 1.933).
  if (threadIdx.x == 0) {
    cluster_mailbox::open(shared.mailbox);
    for (int round = 0; round < kRounds && round < width; ++round)
      cluster_mailbox::expect(&shared.mailbox[round], mail_bytes<S>(round));
  }
  cluster.sync();
  float v[R][kWidth];
  int row[R], position[R], entry[R];
  bool live[R];
  // The rows' permutation entries, moved at the end: once the launch before is complete (the panel before, which
  // moved them, is then too).
  const auto read_entries = [&] {
#pragma unroll
    for (int i = 0; i < R; ++i) entry[i] = row[i] < m ? permutation[j + row[i]] : 0;
  };
#pragma unroll
  for (int i = 0; i < R; ++i) {
    row[i] = (i * S::kBlocks + block) * T + threadIdx.x;
    position[i] = row[i];
    live[i] = row[i] < m;
  }
  for (int c = threadIdx.x % 32; c < kWidth; c += 32) shared.pivot_now[threadIdx.x / 32][1][c] = 0.0f;  // none yet
  // The next columns before it staged its rows: each thread waits for its rows' words, or for that whole launch.
  const int epoch = panel_word(j - kWidth);  // the panel before's
  if (rows_ready) {
#pragma unroll
    for (int i = 0; i < R; ++i)
      if (live[i]) wait_for_word(rows_ready + row[i] / kWidth + 1, epoch);
  } else {
    wait_for_previous_kernel();
    read_entries();
  }
  const bool whole_vectors = width == kWidth && source_ld % 4 == 0 && source_column_stride == 1;
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const float* from = source + row[i] * source_ld;
    if (source_column_stride == 1) {
#pragma unroll
      for (int c = 0; c < kWidth; c += 4) {
        const float4 lanes = load_four(from + c, live[i] ? width - c : 0, whole_vectors);
        v[i][c] = lanes.x;
        v[i][c + 1] = lanes.y;
        v[i][c + 2] = lanes.z;
        v[i][c + 3] = lanes.w;
      }
    } else {
#pragma unroll
      for (int c = 0; c < kWidth; ++c) v[i][c] = live[i] && c < width ? from[c * source_column_stride] : 0.0f;
    }
  }
  CarriedRhs<R> carried{};
#pragma unroll
  for (int i = 0; i < R; ++i) carried.entry[i] = S::kCarriesRhs && live[i] ? rhs[j + row[i]] : 0.0f;
  const float no_multipliers[R] = {};
  post_offer<S, kWidth, 1>(make_offer<R>(v, live), row, position, no_multipliers, v, carried.entry, kWidth, shared);
  const unsigned peer_rank = threadIdx.x % S::kBlocks;
  const cluster_mailbox::Peer mail_to = cluster_mailbox::peer(&shared.mail[0][block], &shared.mailbox[0], peer_rank);
  const cluster_mailbox::Peer key_to =
      cluster_mailbox::peer(&shared.mail_keys[0][block], &shared.mailbox[0], peer_rank);
  __syncthreads();  // the warps' first offers posted
  if (threadIdx.x < 32) mail_block_best<S, kWidth>(shared, mail_to, key_to);
  panel_in_stretches<S>(std::make_integer_sequence<int, S::kStretches>{}, width, v, row, position, live, carried, shared,
                        mail_to, key_to, rows, block, moves.picked_from);
  // The multipliers and the moves the next columns need, before the tail.
#pragma unroll
  for (int i = 0; i < R; ++i)
    if (row[i] < kWidth) moves.displaced_to[row[i]] = live[i] ? position[i] : -1;
  let_next_kernel_start();  // the next columns' blocks start as the multipliers go out
  if (handed.multipliers) {
#pragma unroll
    for (int i = 0; i < R; ++i) {
      if (row[i] >= m) continue;
      const float* from = rows + (i * T + threadIdx.x) * kRowStride;
#pragma unroll
      for (int c = 0; c < kWidth; c += 4) {
        const float4 four = *reinterpret_cast<const float4*>(from + c);
        if (!live[i]) {
          *reinterpret_cast<float4*>(handed.lower + position[i] * kWidth + c) = four;
        } else {
          float* const to = handed.multipliers + c * handed.stride + row[i];
          to[0] = four.x;
          to[handed.stride] = four.y;
          to[2 * handed.stride] = four.z;
          to[3 * handed.stride] = four.w;
        }
      }
    }
    publish_word(handed.words + block, panel_word(j));
  }
  if (rows_ready) {
    wait_for_previous_kernel();  // the rest of that launch: its completion before this one's
    read_entries();
  }
  // U12's rows over A's: only once the launch before is complete, since its blocks read those rows of A (the
  // picked and displaced rows) until they end; off the first step's path too (4096^2 solve 4.515 ms against 4.548
  // with them written before the first offers, on block 0's word alone).
  if (above) {
    constexpr int kRowsEach = kWidth / S::kBlocks;
    for (int e = threadIdx.x; e < kRowsEach * kWidth; e += T) {
      const int r = block * kRowsEach + e / kWidth, c = e % kWidth;
      if (c < width) panel[(r - kWidth) * lda + c] = above[r * source_ld + c * source_column_stride];
    }
  }
  if (copied && threadIdx.x == 0) wait_for_word(copied);  // before the cluster's barrier below

  // The picked rows' multipliers join U's rows in block 0, every other row is written from its block; the moves and
  // L11 for the other columns; the permutation's entries moved alike (all read before any is written).
  float* const pivot_rows = cluster.map_shared_rank(&shared.pivot_rows[0][0], 0);
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const int slot = i * T + threadIdx.x;
    targets[slot] = row[i] < m && live[i] ? position[i] : -1;
    if (row[i] < m && !live[i])
      for (int c = 0; c < position[i]; ++c) pivot_rows[position[i] * kRowStride + c] = rows[slot * kRowStride + c];
  }
  cluster.sync();
  write_rows<T>(rows, targets, R * T, panel, lda, width);
  if constexpr (S::kCarriesRhs) {
#pragma unroll
    for (int i = 0; i < R; ++i)
      if (row[i] < m) solved[j + position[i]] = carried.entry[i];
  }
  if (block == 0) {
    __syncthreads();
    const int k = threadIdx.x;
    if (k < kWidth) targets[k] = k < width ? k : -1;
    if (threadIdx.x < 32) {
      // The first zero pivot of the factorization: LAPACK's info, unless a panel before found one.
      const unsigned zero_low = __ballot_sync(0xffffffffu, k < width && shared.pivot_rows[k][k] == 0.0f);
      const unsigned zero_high =
          __ballot_sync(0xffffffffu, k + 32 < width && shared.pivot_rows[k + 32][k + 32] == 0.0f);
      if (k == 0 && (zero_low | zero_high))
        atomicCAS(info, 0, static_cast<int>(j) + 1 + (zero_low ? __ffs(zero_low) - 1 : 31 + __ffs(zero_high)));
    }
    __syncthreads();
    write_rows<T>(&shared.pivot_rows[0][0], targets, kWidth, panel, lda, width);
    for (int e = threadIdx.x; e < kWidth * kWidth; e += T) {
      const int s = e / kWidth, r = e % kWidth;
      moves.lower_t[e] = s < r && r < width ? shared.pivot_rows[r][s] : 0.0f;
    }
    if (threadIdx.x >= width && threadIdx.x < kWidth) {
      moves.picked_from[threadIdx.x] = -1;
      moves.displaced_to[threadIdx.x] = -1;
    }
  }
#pragma unroll
  for (int i = 0; i < R; ++i)
    if (row[i] < m && position[i] != row[i]) permutation[j + position[i]] = entry[i];
#elif defined(__CUDA_ARCH__)
  __trap();  // prefers() keeps devices without clusters away
#endif
}

// Applying a factored panel (from column j) to a tile of kTile columns: the rows it moved, all read before any is
// written, and for the tiles right of the panel U12 = L11^-1 (their pivot rows).
constexpr int kTile = 32;
constexpr int kMoves = 2 * kWidth;
constexpr int kApplyThreads = kMoves;  // the bulk's tiles: a thread per move

// U12 = L11^-1 U12 in place for the C columns of `u` (kWidth rows kStride floats apart, kStride = 4 mod 32 so that a
// quarter warp's vector loads of a column's rows miss each other's banks; lower_t: L11 transposed, zero on and above
// its diagonal), by forward substitution in registers: each warp takes C / warps columns, lane l rows l and l + 32,
// and each step's solved row goes to every lane by shuffles (no block barrier on the chain of 64 steps). The steps
// are a loop, not unrolled: each block runs them once, and unrolled (~29 KB of code a block fetched afresh, its
// instruction caches cold after the bulk's sgemm) they took twice as long on the 2049-4096-row panels (4096^2 solve
// 4.548 ms against 4.710, 2048^2 1.877 against 1.925). Every thread of the block calls it; it ends with a block
// barrier.
template <int C, int kStride, int kBlockThreads>
__device__ __forceinline__ void substitute_by_warps(float (*u)[kStride], const float (*lower_t)[kWidth]) {
  constexpr int kColumnsEach = C * 32 / kBlockThreads;
  static_assert(kColumnsEach % 4 == 0 && kStride % 32 == 4, "whole vectors of columns a lane; banks apart");
  const int lane = threadIdx.x % 32;
  const int first = threadIdx.x / 32 * kColumnsEach;
  float x[2][kColumnsEach];
#pragma unroll
  for (int h = 0; h < 2; ++h)
#pragma unroll
    for (int q = 0; q < kColumnsEach; q += 4) {
      const float4 four = *reinterpret_cast<const float4*>(&u[lane + 32 * h][first + q]);
      x[h][q] = four.x;
      x[h][q + 1] = four.y;
      x[h][q + 2] = four.z;
      x[h][q + 3] = four.w;
    }
#pragma unroll 4
  for (int s = 0; s < 32; ++s) {
    const float l_low = lower_t[s][lane], l_high = lower_t[s][lane + 32];
#pragma unroll
    for (int q = 0; q < kColumnsEach; ++q) {
      const float solved = __shfl_sync(0xffffffffu, x[0][q], s);
      x[0][q] = fmaf(-l_low, solved, x[0][q]);
      x[1][q] = fmaf(-l_high, solved, x[1][q]);
    }
  }
#pragma unroll 4
  for (int s = 32; s < kWidth; ++s) {  // rows below 32 are done
    const float l_high = lower_t[s][lane + 32];
#pragma unroll
    for (int q = 0; q < kColumnsEach; ++q) x[1][q] = fmaf(-l_high, __shfl_sync(0xffffffffu, x[1][q], s - 32), x[1][q]);
  }
#pragma unroll
  for (int h = 0; h < 2; ++h)
#pragma unroll
    for (int q = 0; q < kColumnsEach; q += 4)
      *reinterpret_cast<float4*>(&u[lane + 32 * h][first + q]) =
          make_float4(x[h][q], x[h][q + 1], x[h][q + 2], x[h][q + 3]);
  __syncthreads();
}

constexpr int kTileStride = kTile + 4;

struct ApplyShared {
  __align__(16) float staged[kMoves][kTileStride];
  __align__(16) float lower_t[kWidth][kWidth];
  int from[kMoves], to[kMoves];
};

// The tile from column `first` (the columns of the matrix past n left alone), by a block of kBlockThreads threads.
template <int kBlockThreads>
__device__ __forceinline__ void apply_tile(float* a, std::int64_t lda, std::int64_t n, std::int64_t j,
                                           const PanelMoves& moves, std::int64_t first, bool solves,
                                           ApplyShared& shared) {
  static_assert(kBlockThreads >= kMoves && kBlockThreads % kTile == 0, "a thread per move, whole rows of the tile");
  constexpr int kRowsAtOnce = kBlockThreads / kTile;
  const int lane = threadIdx.x % kTile;
  const std::int64_t column = first + lane;
  const bool inside = column < n;
  if (threadIdx.x < kMoves) {
    const int move = threadIdx.x;
    const int picked = move < kWidth ? moves.picked_from[move] : -1;
    const int displaced = move < kWidth ? -1 : moves.displaced_to[move - kWidth];
    shared.from[move] = move < kWidth ? picked : (displaced >= 0 ? move - kWidth : -1);
    shared.to[move] = move < kWidth ? (picked >= 0 ? move : -1) : displaced;
  }
  if (solves) {
    // All loads in flight at once: the panel's rows lie far apart, each a DRAM round trip.
#pragma unroll
    for (int e = threadIdx.x * 4; e < kWidth * kWidth; e += kBlockThreads * 4)
      *reinterpret_cast<float4*>(&shared.lower_t[e / kWidth][e % kWidth]) =
          *reinterpret_cast<const float4*>(moves.lower_t + e);
  }
  __syncthreads();
  float values[kMoves / kRowsAtOnce];
#pragma unroll
  for (int t = 0; t < kMoves / kRowsAtOnce; ++t) {
    const int source = shared.from[threadIdx.x / kTile + t * kRowsAtOnce];
    values[t] = source >= 0 && inside ? a[(j + source) * lda + column] : 0.0f;
  }
#pragma unroll
  for (int t = 0; t < kMoves / kRowsAtOnce; ++t)
    shared.staged[threadIdx.x / kTile + t * kRowsAtOnce][lane] = values[t];
  __syncthreads();
  if (solves) substitute_by_warps<kTile, kTileStride, kBlockThreads>(shared.staged, shared.lower_t);
  if (!inside) return;
  for (int move = threadIdx.x / kTile; move < kMoves; move += kRowsAtOnce) {
    const int target = shared.to[move];
    if (target >= 0) a[(j + target) * lda + column] = shared.staged[move][lane];
  }
}

// The bulk's tiles: tile t from column t kTile when t < left_tiles (moves only), else from right + (t - left_tiles)
// kTile (with U12).
struct BulkTiles {
  int count;
  int left_tiles;
  std::int64_t right;
};

template <int kBlockThreads>
__device__ __forceinline__ void apply_bulk_tile(float* a, std::int64_t lda, std::int64_t n, std::int64_t j,
                                                const PanelMoves& moves, const BulkTiles& tiles, int tile,
                                                ApplyShared& shared) {
  const bool solves = tile >= tiles.left_tiles;
  apply_tile<kBlockThreads>(a, lda, n, j, moves,
                            solves ? tiles.right + std::int64_t{tile - tiles.left_tiles} * kTile
                                   : std::int64_t{tile} * kTile,
                            solves, shared);
}

__global__ void __launch_bounds__(kApplyThreads)
    apply_panel(float* a, std::int64_t lda, std::int64_t n, std::int64_t j, PanelMoves moves, BulkTiles tiles) {
  __shared__ ApplyShared shared;
  apply_bulk_tile<kApplyThreads>(a, lda, n, j, moves, tiles, static_cast<int>(blockIdx.x), shared);
}

// The next panel's columns [j + kWidth, j + kWidth + next) of panel j's rows, to `staged` (staged_panel: by columns,
// from the panel's first row): its row moves, U12 = L11^-1 (the pivot rows) in rows 0 to kWidth - 1, then the next
// panel's rows, A22 - L21 U12, with L as the panel handed it over (HandOff). Every block solves U12 itself (by warps:
// a 4096^2 solve 4.924 ms against 5.023 by bands of rows with block barriers) and takes kProductRows rows (block 0
// U12's): no block waits for another, and A is only read (the next panel writes its columns back). A thread holds a
// 4 x 4 tile of the product. Staged and handed over by columns, whole lines a warp (the panel's loads and stores of a
// row a thread were 32 lines an instruction): 4096^2 solve 4.842 ms against 4.960 by rows.
constexpr int kProductRows = 64;
constexpr int kNextThreads = 256;
static_assert(kNextThreads == kProductRows * kWidth / 16, "a 4 x 4 tile of the product a thread");

struct NextShared {
  __align__(16) float u12[kWidth][kRowStride];
  union {
    __align__(16) float lower_t[kWidth][kWidth];             // while U12 is solved
    __align__(16) float l21_t[kWidth][kProductRows + 4];  // then
  };
  int picked_from[kWidth];
  int source[kProductRows];  // where a row of the block came from, relative to the panel's first
};

// A solve's right-hand side taken past a factored panel (from j) by the next-columns launch's last kRhsBlocks blocks,
// beside its columns' (a forward substitution off the critical path, where a chain of blocks after the factorization
// took ~60 us of a 4096^2 solve): `in` as the panel found it, from row j; `solved` gets its rows of L^-1 P b, `out` the
// rows below as the next panel will find them. A's rows are only read, and `in` and `out` alternate between panels.
struct RhsStep {
  const float* in;
  float* out;
  float* solved;
};
constexpr int kRhsBlocks = 32;
constexpr int kRhsRowsAtOnce = 8;  // a warp's rows in flight

__device__ __forceinline__ void eliminate_rhs(const float* a, std::int64_t lda, std::int64_t n, std::int64_t j,
                                              const PanelMoves& moves, const RhsStep& rhs, int rhs_block,
                                              int rhs_blocks, NextShared& shared) {
  constexpr int kWarpsEach = kNextThreads / 32;
  const int lane = threadIdx.x % 32;
  const int m = static_cast<int>(n - j);
#pragma unroll
  for (int e = threadIdx.x * 4; e < kWidth * kWidth; e += kNextThreads * 4)
    *reinterpret_cast<float4*>(&shared.lower_t[e / kWidth][e % kWidth]) =
        *reinterpret_cast<const float4*>(moves.lower_t + e);
  if (threadIdx.x < kWidth) {
    shared.picked_from[threadIdx.x] = moves.picked_from[threadIdx.x];
    shared.source[threadIdx.x] = moves.displaced_to[threadIdx.x];
  }
  __syncthreads();
  // Row p below the panel: the entry of the row moved there, less its L21 row times y. A warp's first rows are
  // loaded before y is solved, each next ones while the rows before are reduced.
  const int warps = rhs_blocks * kWarpsEach;
  const int warp = rhs_block * kWarpsEach + static_cast<int>(threadIdx.x) / 32;
  float2 l21[kRhsRowsAtOnce];
  float entries[kRhsRowsAtOnce];
  const auto load_rows = [&](int first) {
#pragma unroll
    for (int q = 0; q < kRhsRowsAtOnce; ++q) {
      const int p = first + q;
      const unsigned from_low = __ballot_sync(0xffffffffu, shared.source[lane] == p);
      const unsigned from_high = __ballot_sync(0xffffffffu, shared.source[lane + 32] == p);
      const int from = from_low ? __ffs(from_low) - 1 : from_high ? 31 + __ffs(from_high) : p;
      const float* row = a + (j + p) * lda + j;
      entries[q] = p < m ? rhs.in[j + from] : 0.0f;
      l21[q] = p < m ? make_float2(row[lane], row[lane + 32]) : make_float2(0.0f, 0.0f);
    }
  };
  int first = kWidth + warp * kRhsRowsAtOnce;
  load_rows(first);
  // y = L11^-1 (the pivot rows' entries), by every warp: lane l holds y_l and y_{l + 32}.
  float y[2];
#pragma unroll
  for (int h = 0; h < 2; ++h) y[h] = rhs.in[j + shared.picked_from[lane + 32 * h]];
#pragma unroll
  for (int s = 0; s < kWidth; ++s) {
    const float y_s = __shfl_sync(0xffffffffu, y[s / 32], s % 32);
#pragma unroll
    for (int h = 0; h < 2; ++h) y[h] = fmaf(-shared.lower_t[s][lane + 32 * h], y_s, y[h]);
  }
  if (rhs_block == 0 && threadIdx.x < 32) {
#pragma unroll
    for (int h = 0; h < 2; ++h) rhs.solved[j + lane + 32 * h] = y[h];
  }
  for (; first < m; first += warps * kRhsRowsAtOnce) {
    float sums[kRhsRowsAtOnce], taken[kRhsRowsAtOnce];
#pragma unroll
    for (int q = 0; q < kRhsRowsAtOnce; ++q) {
      sums[q] = fmaf(l21[q].x, y[0], l21[q].y * y[1]);
      taken[q] = entries[q];
    }
    if (first + warps * kRhsRowsAtOnce < m) load_rows(first + warps * kRhsRowsAtOnce);
#pragma unroll
    for (int q = 0; q < kRhsRowsAtOnce; ++q) {
#pragma unroll
      for (int width = 16; width > 0; width /= 2) sums[q] += __shfl_xor_sync(0xffffffffu, sums[q], width);
      if (lane == q && first + q < m) rhs.out[j + first + q] = taken[q] - sums[q];
    }
  }
}

// The next columns' launch: its first blocks the next panel's columns, then the bulk's tiles where they are folded
// into it (`bulk`), then a solve's right-hand side (RhsStep).
union NextLaunchShared {
  NextShared next;
  ApplyShared bulk;
};

__global__ void __launch_bounds__(kNextThreads)
    next_columns(float* a, std::int64_t lda, std::int64_t n, std::int64_t j, int next, PanelMoves moves,
                 const int* bulk_before, float* staged, int* rows_ready, BulkTiles bulk, RhsStep rhs,
                 HandOff handed) {
  __shared__ NextLaunchShared launch_shared;
  NextShared& shared = launch_shared.next;
  const int column_blocks = static_cast<int>((n - j + kProductRows - 1) / kProductRows);
  const int block = static_cast<int>(blockIdx.x);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  // Launched as the panel's steps end: the column blocks start once the panel's blocks have handed their multipliers
  // over, the others once the panel is complete, and all end after it (the next panel waits for this launch, so for
  // the panel too); the next panel's cluster may take its SMs meanwhile. A's columns once the bulk before is (before
  // the first panel's: the copy of A).
  if (block >= column_blocks) wait_for_previous_kernel();
  let_next_kernel_start();
  if (block >= column_blocks + bulk.count) {
    eliminate_rhs(a, lda, n, j, moves, rhs, block - column_blocks - bulk.count,
                  static_cast<int>(gridDim.x) - column_blocks - bulk.count, shared);
    return;
  }
  if (bulk_before && threadIdx.x == 0) wait_for_word(bulk_before);
  if (block < column_blocks && threadIdx.x >= 32 && threadIdx.x < 32 + handed.blocks)
    wait_for_word(handed.words + threadIdx.x - 32, panel_word(j));
  __syncthreads();
#endif
  if (block >= column_blocks) {
    apply_bulk_tile<kNextThreads>(a, lda, n, j, moves, bulk, block - column_blocks, launch_shared.bulk);
    return;
  }
  const int first_row = block * kProductRows;  // relative to the panel's first
  const int m = static_cast<int>(n - j);
  const float* const next_columns = a + j * lda + j + kWidth;
  // All loads in flight at once, as vectors: the moves, L11 and the block's rows of L21 as if none were displaced;
  // then the rows displaced into the block's, the pivot rows and the block's rows of the next columns, which the moves
  // locate.
  const bool whole_vectors = lda % 4 == 0;
  const std::int64_t stride = handed.stride;
  const int displaced_to = threadIdx.x < kWidth ? moves.displaced_to[threadIdx.x] : -1;
  if (threadIdx.x < kWidth) shared.picked_from[threadIdx.x] = moves.picked_from[threadIdx.x];
  if (threadIdx.x < kProductRows) shared.source[threadIdx.x] = first_row + threadIdx.x;
  constexpr int kLowerEach = kWidth / (4 * (kNextThreads / kWidth));
  const int lower_row = threadIdx.x % kWidth, first_column = threadIdx.x / kWidth * 4 * kLowerEach;
  float4 lower[kLowerEach];
#pragma unroll
  for (int t = 0; t < kLowerEach; ++t)
    lower[t] = *reinterpret_cast<const float4*>(handed.lower + lower_row * kWidth + first_column + 4 * t);
  constexpr int kL21Each = kProductRows * kWidth / (4 * kNextThreads);
  float4 l21[kL21Each];
  // l21[t]: rows l21_row(t) to + 3 of the block's, in column l21_column(t).
  constexpr int kRowQuads = kProductRows / 4;
  const auto l21_column = [](int t) { return (static_cast<int>(threadIdx.x) + t * kNextThreads) / kRowQuads; };
  const auto l21_row = [](int t) { return (static_cast<int>(threadIdx.x) + t * kNextThreads) % kRowQuads * 4; };
#pragma unroll
  for (int t = 0; t < kL21Each; ++t)
    l21[t] = first_row > 0 ? *reinterpret_cast<const float4*>(handed.multipliers + l21_column(t) * stride +
                                                               first_row + l21_row(t))
                           : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  __syncthreads();
  if (threadIdx.x < kWidth && first_row > 0 && displaced_to >= first_row && displaced_to < first_row + kProductRows)
    shared.source[displaced_to - first_row] = threadIdx.x;
  __syncthreads();
#pragma unroll
  for (int t = 0; t < kL21Each; ++t) {
    // Rows past the panel's zero, displaced rows' from their sources.
    const auto patch = [&](float& value, int r) {
      if (first_row + r >= m)
        value = 0.0f;
      else if (shared.source[r] != first_row + r)
        value = handed.multipliers[l21_column(t) * stride + shared.source[r]];
    };
    patch(l21[t].x, l21_row(t));
    patch(l21[t].y, l21_row(t) + 1);
    patch(l21[t].z, l21_row(t) + 2);
    patch(l21[t].w, l21_row(t) + 3);
  }
#pragma unroll
  for (int t = 0; t < kLowerEach; ++t) {
    const int c = first_column + 4 * t;
    shared.lower_t[c][lower_row] = lower[t].x;
    shared.lower_t[c + 1][lower_row] = lower[t].y;
    shared.lower_t[c + 2][lower_row] = lower[t].z;
    shared.lower_t[c + 3][lower_row] = lower[t].w;
  }
#pragma unroll
  for (int e = threadIdx.x * 4; e < kWidth * kWidth; e += kNextThreads * 4) {
    const int k = e / kWidth, c = e % kWidth;
    *reinterpret_cast<float4*>(&shared.u12[k][c]) =
        load_four(next_columns + shared.picked_from[k] * lda + c, next - c, whole_vectors);
  }
  __syncthreads();
  // A thread's 4 x 4 tile of the product: a half warp's tiles down the block's rows of four columns (whole lines
  // stored).
  const int r0 = threadIdx.x % kRowQuads * 4;
  const int c0 = threadIdx.x / kRowQuads * 4;
  float4 sums[4];
#pragma unroll
  for (int r = 0; r < 4; ++r)
    sums[r] = load_four(next_columns + shared.source[r0 + r] * lda + c0,
                        first_row > 0 && first_row + r0 + r < m ? next - c0 : 0, whole_vectors);
  substitute_by_warps<kWidth, kRowStride, kNextThreads>(shared.u12, shared.lower_t);
  __syncthreads();
  if (first_row == 0) {
    for (int e = threadIdx.x; e < kWidth * kWidth; e += kNextThreads)
      staged[e / kWidth * stride + e % kWidth] = shared.u12[e % kWidth][e / kWidth];
    publish_word(rows_ready + block, panel_word(j));
    wait_for_previous_kernel();  // the launch ends after the panel (the next panel's wait: both complete)
    return;
  }
#pragma unroll
  for (int t = 0; t < kL21Each; ++t) *reinterpret_cast<float4*>(&shared.l21_t[l21_column(t)][l21_row(t)]) = l21[t];
  __syncthreads();
#pragma unroll 8
  for (int k = 0; k < kWidth; ++k) {
    const float4 l = *reinterpret_cast<const float4*>(&shared.l21_t[k][r0]);
    const float4 u = *reinterpret_cast<const float4*>(&shared.u12[k][c0]);
    const float ls[4] = {l.x, l.y, l.z, l.w};
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      sums[r].x = fmaf(-ls[r], u.x, sums[r].x);
      sums[r].y = fmaf(-ls[r], u.y, sums[r].y);
      sums[r].z = fmaf(-ls[r], u.z, sums[r].z);
      sums[r].w = fmaf(-ls[r], u.w, sums[r].w);
    }
  }
  // Rows past the panel (zero) stay inside the staged columns: column_stride is a whole number of panels.
  float* const to = staged + c0 * stride + first_row + r0;
  *reinterpret_cast<float4*>(to) = make_float4(sums[0].x, sums[1].x, sums[2].x, sums[3].x);
  *reinterpret_cast<float4*>(to + stride) = make_float4(sums[0].y, sums[1].y, sums[2].y, sums[3].y);
  *reinterpret_cast<float4*>(to + 2 * stride) = make_float4(sums[0].z, sums[1].z, sums[2].z, sums[3].z);
  *reinterpret_cast<float4*>(to + 3 * stride) = make_float4(sums[0].w, sums[1].w, sums[2].w, sums[3].w);
  publish_word(rows_ready + block, panel_word(j));
  wait_for_previous_kernel();
}

int tiles_for(std::int64_t columns) { return static_cast<int>((columns + kTile - 1) / kTile); }

// The spreads panels take: the first that holds a panel's rows. A step's cost is mostly each block's own (a cluster
// of one block is no faster than one of 8, one of 16 slower), and a row a thread is cheaper than two: 4096^2
// factorization 5.71 ms against 5.82 with the 8-block spread below 1024 rows, 6.00 with 16 blocks above 2048. The
// wide spread's steps come in 4 stretches (its code 97 KB against 120 in 8; each stretch's first step fetches its
// code afresh): 4096^2 solve 4.45-4.48 ms against 4.55, 3072^2 3.02-3.03 against 3.05; in 2 stretches 4.51-4.53. The
// one-row spreads keep 8 (in 4: 2048^2 1.917 against 1.877).
using SmallSpread = Spread<4, 256, 1>;
using NarrowSpread = Spread<8, 256, 1>;
using WideSpread = Spread<8, 256, 2, false, 4>;
static_assert(WideSpread::kRows == kMaxOrder, "the wide spread holds the largest panel");

template <class S>
constexpr int panel_shared_bytes() {
  return S::kRowsPerThread * S::kThreads * kRowStride * sizeof(float);
}

// A solve's last panel (at most kWidth rows): the small spread carrying the right-hand side through its steps (its
// own instance: the other panels pay nothing for it).
using LastSpread = Spread<SmallSpread::kBlocks, SmallSpread::kThreads, SmallSpread::kRowsPerThread, true>;

// What a factorization reads: A (C-contiguous, n x n), and whether it is still being copied to the scratch it factors
// (then the word nonzero once it is).
struct Source {
  const float* matrix;
  const int* copied;
};

// The panel from column j: the first from A, the others as the panel before staged them; `rhs` carried to `solved`
// where S carries it.
template <class S>
void launch_panel(float* a, std::int64_t n, std::int64_t j, int width, const Source& source, const float* staged,
                  int* permutation, int* info, const PanelMoves& moves, const float* rhs, float* solved,
                  const int* rows_ready, const HandOff& handed, cudaStream_t stream) {
  const bool first = j == 0;
  allow_dynamic_shared_memory<factor_panel<S>>(panel_shared_bytes<S>(), "cudaFuncSetAttribute (panel LU)");
  check_cuda(launch_cluster(factor_panel<S>, S::kBlocks, S::kThreads, panel_shared_bytes<S>(), true, stream, a, n, j,
                            static_cast<int>(n - j), width, first ? source.matrix : staged + kWidth, first ? n : 1,
                            first ? 1 : handed.stride, first ? nullptr : staged, permutation, info, moves, rhs, solved,
                            first ? source.copied : nullptr,
                            first || S::kCarriesRhs ? nullptr : rows_ready, handed),
             "panel LU: factor_panel");
}

// Whether panel j's next columns start during its tail and wait for the bulk before by its word, or start once that
// bulk is done by an event: while it runs, their blocks waiting on the SMs slowed its sgemm more than they gained
// (4096^2: the first 16 panels' sgemm 5-8% slower). Overlapping from 3584 rows on: 4096^2 solve 4.77 ms against 4.86
// from 3072 rows, 4.79 from 3840, 4.82 on every panel; 3584^2 3.94 against 4.02 from 3072 rows.
constexpr std::int64_t kOverlappedRows = 3584;
bool overlaps_panel(std::int64_t n, std::int64_t j) { return n - j <= kOverlappedRows; }

// Where a solve's upper substitution scratch starts, past the factorization's (aligned for its 64-bit words).
std::size_t upper_scratch_offset(std::int64_t n) {
  constexpr std::size_t kAlignment = 256;
  return (workspace_bytes(n) + kAlignment - 1) / kAlignment * kAlignment;
}

// What a solve of one right-hand side adds to the factorization: y = L^-1 P rhs into x, panel by panel (RhsStep; the
// last panel carries it), `rhs` and `spare` (n floats) taking turns, then x = U^-1 y queued right after the last panel
// (upper scratch: row_major_lu_solve's, zeroed here). A `matrix` apart from the scratch is copied into it beside the
// first panel, which reads A itself and waits for `copied` before it writes.
struct FusedSolve {
  const float* matrix;
  float* rhs;
  float* spare;
  float* x;
  void* upper_scratch;
  int* copied;
};

// cuBLAS sees a row-major matrix as its transpose, column-major: A22 -= L21 U12 is A22^T -= U12^T L21^T.
// Panel j's next columns (staged for panel j + 1) read A once the bulk of panel j - 1 is done, told by an event or its
// word (overlaps_panel: an event between the panel and them keeps them from starting during the panel's tail; the
// word is written by work queued before them, so they never wait for work not yet queued); panel j + 1 follows them
// on the side stream, so it waits for that bulk too (whose sgemm wrote its columns). A solve leaves L's rows left of
// each panel where the panel found them (no one reads them again) and starts U's substitution during the last panel.
cublasStatus_t factor_in_panels(float* a, std::int64_t n, int* permutation, int* info, void* workspace,
                                cublasHandle_t blas, cudaStream_t stream, const FusedSolve* solve) {
  const int ld = static_cast<int>(n);
  const float one = 1.0f, minus_one = -1.0f;
  const SideStream& side = thread_side_stream();
  const cudaStream_t critical = side.get();
  BlasStatus status;
  float* const staged = staged_panel(workspace, n);
  int* const bulk_words = bulks_done(workspace, n);
  int* const rows_ready = staged_rows_ready(workspace, n);
  // The bulks', staged rows' and hand-offs' words, and a solve's upper scratch and copy word after them, zero.
  const char* const zeroed_end = solve ? reinterpret_cast<const char*>(solve->copied + 1)
                                       : reinterpret_cast<const char*>(rows_ready + panels_of(n) + kHandOffWords);
  lu_bookkeeping::start_reporting(permutation, n, info, reinterpret_cast<unsigned*>(bulk_words),
                                  (zeroed_end - reinterpret_cast<const char*>(bulk_words)) / sizeof(unsigned), stream);
  const Source source{solve ? solve->matrix : a, solve && solve->matrix != a ? solve->copied : nullptr};
  side.order(stream, critical);
  if (source.copied) {
    check_cuda(cudaMemcpyAsync(a, source.matrix, n * n * sizeof(float), cudaMemcpyDeviceToDevice, stream),
               "cudaMemcpyAsync (panel LU)");
    check_cuda(cudaMemsetAsync(solve->copied, 1, 1, stream), "cudaMemsetAsync (panel LU)");
  }
  for (std::int64_t j = 0; j < n; j += kWidth) {
    const int width = static_cast<int>(std::min<std::int64_t>(kWidth, n - j));
    const PanelMoves moves = moves_of(workspace, j);
    const std::int64_t below = n - j - width;
    // The right-hand side as panel j finds it, and as the next one will.
    RhsStep rhs{};
    if (solve) {
      const bool even = j / kWidth % 2 == 0;
      rhs = {even ? solve->rhs : solve->spare, even ? solve->spare : solve->rhs, solve->x};
    }
    const int next = static_cast<int>(std::min<std::int64_t>(kWidth, below));
    float* const handed_at = handed_multipliers(workspace, n, j);
    HandOff handed{next > 0 ? handed_at : nullptr, handed_at + column_stride(n) * kWidth,
                   multipliers_handed(workspace, n), 0, column_stride(n)};
    const auto launch = [&](auto spread, const float* carried, float* solved) {
      handed.blocks = decltype(spread)::kBlocks;
      launch_panel<decltype(spread)>(a, n, j, width, source, staged, permutation, info, moves, carried, solved,
                                     rows_ready, handed, critical);
    };
    if (solve && below == 0)
      launch(LastSpread{}, rhs.in, rhs.solved);
    else if (n - j <= SmallSpread::kRows)
      launch(SmallSpread{}, nullptr, nullptr);
    else if (n - j <= NarrowSpread::kRows)
      launch(NarrowSpread{}, nullptr, nullptr);
    else
      launch(WideSpread{}, nullptr, nullptr);
    const int left_tiles = solve ? 0 : tiles_for(j);
    const std::int64_t right = j + kWidth + next;
    const BulkTiles tiles{left_tiles + tiles_for(n - std::min(n, right)), left_tiles, right};
    // The bulk's tiles run in the next columns' launch (its sgemm waits for that launch anyway), off the bulk's chain
    // of the first panels: 4096^2 solve 4.90 ms against 5.03. A factorization's last panel has no next columns: its
    // tiles (moves only) run before the bulk, below.
    if (next > 0) {
      const bool overlapped = overlaps_panel(n, j);
      if (!overlapped && j >= kWidth) side.wait_for_mark(critical);  // the bulk before
      const int blocks = static_cast<int>((n - j + kProductRows - 1) / kProductRows) + tiles.count +
                         (solve ? kRhsBlocks : 0);
      check_cuda(launch_kernel(next_columns, blocks, kNextThreads, 0, false, overlapped, critical, a, n, n, j, next,
                               moves, !overlapped ? nullptr : j >= kWidth ? bulk_words + j / kWidth - 1 : source.copied,
                               staged, rows_ready, tiles, rhs, handed),
                 "panel LU: next_columns");
    }
    if (tiles.count == 0 && below <= next) continue;  // no bulk (a solve's last two panels)
    // The sgemm waits for the next columns' launch, which formed its U12 (its tiles beside the next columns: beside
    // the sgemm, their blocks waited for the SMs it held, 4096^2 17-30 us against 8).
    side.mark(critical);
    side.wait_for_mark(stream);
    if (tiles.count > 0 && next == 0) apply_panel<<<tiles.count, kApplyThreads, 0, stream>>>(a, n, n, j, moves, tiles);
    if (below > next) {
      float* right_block = a + j * n + right;
      float* lower = a + (j + kWidth) * n + j;
      status << cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, static_cast<int>(n - right), static_cast<int>(below),
                            width, &minus_one, right_block, ld, lower, ld, &one, lower + (right - j), ld);
    }
    // Told to the next columns of the panel after next.
    if (overlaps_panel(n, j + kWidth))
      check_cuda(cudaMemsetAsync(bulk_words + j / kWidth, 1, 1, stream), "cudaMemsetAsync (panel LU)");
    else
      side.mark(stream);
  }
  check_cuda(cudaGetLastError(), "panel LU kernels");
  // Right after the last panel on its stream, which only that panel writes: the rows from the one above it.
  if (solve)
    row_major_lu_solve::substitute_upper(a, n, solve->x, solve->x, (panels_of(n) - 2) * kWidth, solve->upper_scratch,
                                         critical);
  side.order(critical, stream);
  return status.value();
}

}  // namespace

bool prefers(ga_dtype_t dtype, std::int64_t n, int device) {
  return dtype == GA_FLOAT32 && n >= kMinimumOrder && n <= kMaxOrder && has_thread_block_clusters(device);
}

// A panel's moves and L11, kWidth rows of the staged panel, its bulk's word and its staged rows' word, a panel; the
// hand-offs of either parity and their words.
std::size_t workspace_bytes(std::int64_t n) {
  return static_cast<std::size_t>(panels_of(n)) * (kPanelBytes + kWidth * kWidth * sizeof(float) + 2 * sizeof(int)) +
         2 * handed_floats(n) * sizeof(float) + kHandOffWords * sizeof(int);
}

cublasStatus_t factor(float* a, std::int64_t n, int* permutation, int* info, void* workspace, cublasHandle_t blas,
                      cudaStream_t stream) {
  return factor_in_panels(a, n, permutation, info, workspace, blas, stream, nullptr);
}

// The factorization's scratch, the upper substitution's, the copy's word (all zeroed at once from the bulks' words
// on), the spare right-hand side.
constexpr std::size_t kCopyWordBytes = 16;

std::size_t solve_workspace_bytes(std::int64_t n) {
  return upper_scratch_offset(n) + row_major_lu_solve::upper_workspace_bytes(n) + kCopyWordBytes + n * sizeof(float);
}

cublasStatus_t solve(const float* matrix, float* a, std::int64_t n, int* permutation, int* info, float* b, float* x,
                     void* workspace, cublasHandle_t blas, cudaStream_t stream) {
  char* const upper_scratch = static_cast<char*>(workspace) + upper_scratch_offset(n);
  char* const copy_word = upper_scratch + row_major_lu_solve::upper_workspace_bytes(n);
  float* const spare = reinterpret_cast<float*>(copy_word + kCopyWordBytes);
  const FusedSolve fused{matrix, b, spare, x, upper_scratch, reinterpret_cast<int*>(copy_word)};
  return factor_in_panels(a, n, permutation, info, workspace, blas, stream, &fused);
}

}  // namespace garray::panel_lu
