// cuRAND device-API kernels, templated on the state type (XORWOW, Philox4x32-10, MRG32k3a). The
// draw functions are shared by every bit generator; sampling_kernels.hpp states the layout that
// makes the numbers reproducible.
#include "core/random/sampling_kernels.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/runtime/device.hpp"

#include <curand_kernel.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

namespace garray::random_kernels {

namespace {

// ----- States -------------------------------------------------------------------------------------

template <class State>
inline constexpr bool kCounterBased = std::is_same_v<State, curandStatePhilox4_32_10_t>;

template <class State>
__device__ __forceinline__ void load_state(const StreamSource& source, unsigned stream, State& state) {
  if constexpr (kCounterBased<State>) {
    curand_init(source.seed, stream, source.offset, &state);
  } else {
    state = static_cast<const State*>(source.states)[stream];
  }
}

// The state curand_init(seed, stream, 4 * block) makes, built directly: with its position inside
// the block known to be 0, the compiler drops the branches (and the Philox evaluations) of the
// other positions. `side` > 0 names a counter space apart from every stream's own (whose counter
// word 3 is stream >> 32, 0 for the kStreams streams): where rejected draws are replaced.
__device__ __forceinline__ curandStatePhilox4_32_10_t philox_state_at_block(std::uint64_t seed, std::uint64_t stream,
                                                                           std::uint64_t block, unsigned side = 0) {
  curandStatePhilox4_32_10_t state;
  state.ctr = make_uint4(static_cast<unsigned>(block), static_cast<unsigned>(block >> 32),
                         static_cast<unsigned>(stream), static_cast<unsigned>(stream >> 32) + side);
  state.key = make_uint2(static_cast<unsigned>(seed), static_cast<unsigned>(seed >> 32));
  state.STATE = 0;
  state.boxmuller_flag = 0;
  state.boxmuller_flag_double = 0;
  state.boxmuller_extra = 0.f;
  state.boxmuller_extra_double = 0.;
  state.output = curand_Philox4x32_10(state.ctr, state.key);
  return state;
}

// Where the replacements of a rejected draw come from. On a stream: the stream itself, in order.
template <class State>
struct SameStream {
  State& state;
  __device__ __forceinline__ State& operator()() const { return state; }
};

// From counters: element k of a group draws its replacements from side blocks of the group's own
// block, counter word 3 = (1 + k) * 2^24 + j for its j-th side block, so that every group takes
// its fixed count from its stream and the blocks of the others stay where sampling_kernels.hpp
// puts them. A side block is made at the first rejection and whenever the last one is used up:
// curand would step the counter's first word into the side blocks of the stream's next groups.
struct SideCounters {
  std::uint64_t seed;
  std::uint64_t stream;
  std::uint64_t block;
  unsigned element;
  unsigned side_blocks = 0;
  curandStatePhilox4_32_10_t state{};
  __device__ __forceinline__ curandStatePhilox4_32_10_t& operator()() {
    if (side_blocks == 0 || state.ctr.x != static_cast<unsigned>(block)) {
      state = philox_state_at_block(seed, stream, block, ((1u + element) << 24) + side_blocks);
      ++side_blocks;
    }
    return state;
  }
};

template <class Redraws>
inline constexpr bool kSideDraws = std::is_same_v<Redraws, SideCounters>;

template <class State>
__device__ __forceinline__ void store_state(const StreamSource& source, unsigned stream, const State& state) {
  if constexpr (!kCounterBased<State>) static_cast<State*>(source.states)[stream] = state;
}

template <class State>
__global__ void __launch_bounds__(kThreadsPerBlock) initialize_kernel(State* states, std::uint64_t seed) {
  const unsigned stream = blockIdx.x * blockDim.x + threadIdx.x;
  State state;
  curand_init(seed, stream, 0, &state);
  states[stream] = state;
}

// ----- Uniform bits and numbers -------------------------------------------------------------------

template <class State>
__device__ __forceinline__ std::uint64_t bits64(State& state) {
  const std::uint64_t high = curand(&state);
  return (high << 32) | curand(&state);
}

// Uniform on [0, 1): 24 random bits for float, 53 for double (NumPy's construction).
template <class Real, class State>
__device__ __forceinline__ Real uniform_below_one(State& state) {
  if constexpr (std::is_same_v<Real, float>) {
    return static_cast<float>(curand(&state) >> 8) * 0x1p-24f;
  } else {
    const double high = static_cast<double>(curand(&state) >> 5);
    const double low = static_cast<double>(curand(&state) >> 6);
    return (high * 67108864.0 + low) * 0x1p-53;
  }
}

// Uniform on (0, 1]: safe to take the logarithm of.
template <class Real, class State>
__device__ __forceinline__ Real uniform_above_zero(State& state) {
  return Real(1) - uniform_below_one<Real>(state);
}

// The hardware's base-2 logarithm and reciprocal square root without the subnormal handling that
// __log2f and rsqrtf carry when not compiled with -ftz (a scaling of the input and of the result,
// ~4 instructions each, in an issue-bound loop): no input in box_muller_float is subnormal (u >= 2^-33,
// and `twice`, where positive, >= 2^-23), so the values are the same.
__device__ __forceinline__ float log2_normal_input(float x) {
  float y;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
__device__ __forceinline__ float rsqrt_normal_input(float x) {
  float y;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

// A Box-Muller pair from two 32-bit outputs: radius sqrt(-2 ln u), u = (r + 1/2) 2^-32 (float32
// rounding can make it 1: a zero pair, as curand_normal's), and an angle uniform on [-pi, pi).
// curand_normal's accurate logf and rounded sqrtf bounded float32 sampling by instruction issue
// (68% of the write rate on an H100); here the hardware's base-2 logarithm, whose absolute error
// (~2^-22) is relative only where ln u is not small, with a 6-term series of -ln(1 - w) for
// u >= 15/16 (error below 2^-24 relative), a reciprocal square root, and the hardware sine and
// cosine (absolute error ~2^-21, as curand_normal's own). A radius is within a few float32 ulps.
__device__ __forceinline__ float2 box_muller_float(unsigned radius_bits, unsigned angle_bits) {
  const float u = fmaf(static_cast<float>(radius_bits), 0x1p-32f, 0x1p-33f);
  float minus_log;
  if (u < 0.9375f) {
    minus_log = -log2_normal_input(u) * 0.693147180559945f;
  } else {
    const float w = 1.f - u;
    minus_log = w * fmaf(w, fmaf(w, fmaf(w, fmaf(w, fmaf(w, 1.f / 6, 0.2f), 0.25f), 1.f / 3), 0.5f), 1.f);
  }
  const float twice = 2.f * minus_log;
  const float radius = twice > 0.f ? twice * rsqrt_normal_input(twice) : 0.f;
  float sine, cosine;
  __sincosf(static_cast<float>(static_cast<int>(angle_bits)) * (0x1p-32f * 6.28318530717958f), &sine, &cosine);
  return make_float2(radius * sine, radius * cosine);
}

// One float32 normal; the pair's second value waits in the state for the next call, as
// curand_normal keeps it, so that a value takes one output whatever the bit generator.
template <class State>
__device__ __forceinline__ float standard_normal_float(State& state) {
  if (state.boxmuller_flag == EXTRA_FLAG_NORMAL) {
    state.boxmuller_flag = 0;
    return state.boxmuller_extra;
  }
  const unsigned radius_bits = curand(&state);
  const float2 pair = box_muller_float(radius_bits, curand(&state));
  state.boxmuller_extra = pair.y;
  state.boxmuller_flag = EXTRA_FLAG_NORMAL;
  return pair.x;
}

template <class Real, class State>
__device__ __forceinline__ Real standard_normal(State& state) {
  if constexpr (std::is_same_v<Real, float>) {
    return standard_normal_float(state);
  } else {
    return curand_normal_double(&state);
  }
}

// Uniform on [0, range] without modulo bias: Lemire's multiply-shift, rejecting the few products
// whose low part falls below (2^w - bound) mod bound, replacements from `redraws()`. `wide`: 64-bit
// products (64 random bits a draw), else 32-bit ones (range below 2^32, 32 bits a draw).
template <class State, class Redraws>
__device__ std::uint64_t bounded(State& state, std::uint64_t range, bool wide, Redraws& redraws) {
  if (!wide) {
    if (range == 0xFFFFFFFFull) return curand(&state);
    const std::uint32_t bound = static_cast<std::uint32_t>(range) + 1;
    std::uint64_t product = static_cast<std::uint64_t>(curand(&state)) * bound;
    if (static_cast<std::uint32_t>(product) < bound) {
      const std::uint32_t threshold = (0u - bound) % bound;
      while (static_cast<std::uint32_t>(product) < threshold) {
        product = static_cast<std::uint64_t>(curand(&redraws())) * bound;
      }
    }
    return product >> 32;
  }
  if (range == ~std::uint64_t{0}) return bits64(state);
  const std::uint64_t bound = range + 1;
  std::uint64_t x = bits64(state);
  if (x * bound < bound) {
    const std::uint64_t threshold = (std::uint64_t{0} - bound) % bound;
    while (x * bound < threshold) x = bits64(redraws());
  }
  return __umul64hi(x, bound);
}

// ----- Continuous distributions -------------------------------------------------------------------

// Marsaglia and Tsang's method; a shape below one is boosted to shape + 1 and scaled by U^(1/shape).
template <class State>
__device__ double standard_gamma(State& state, double shape) {
  if (shape <= 0) return 0;
  double boost = 1;
  if (shape < 1) {
    boost = pow(uniform_above_zero<double>(state), 1 / shape);
    shape += 1;
  }
  const double d = shape - 1.0 / 3;
  const double c = 1 / sqrt(9 * d);
  for (;;) {
    double x;
    double v;
    do {
      x = curand_normal_double(&state);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = uniform_above_zero<double>(state);
    if (u < 1 - 0.0331 * (x * x) * (x * x)) return boost * d * v;
    if (log(u) < 0.5 * x * x + d * (1 - v + log(v))) return boost * d * v;
  }
}

// NumPy's choice: Johnk's algorithm when both parameters are at most one (in logarithms when the
// powers underflow), else X / (X + Y) of two gamma variates.
template <class State>
__device__ double beta_variate(State& state, double a, double b) {
  if (a <= 1 && b <= 1) {
    for (;;) {
      const double u = uniform_below_one<double>(state);
      const double v = uniform_below_one<double>(state);
      const double x = pow(u, 1 / a);
      const double y = pow(v, 1 / b);
      if (x + y <= 1 && u + v > 0) {
        if (x + y > 0) return x / (x + y);
        double log_x = log(u) / a;
        double log_y = log(v) / b;
        const double log_max = fmax(log_x, log_y);
        log_x -= log_max;
        log_y -= log_max;
        return exp(log_x - log(exp(log_x) + exp(log_y)));
      }
    }
  }
  const double x = standard_gamma(state, a);
  const double y = standard_gamma(state, b);
  return x / (x + y);
}

template <RealDistribution kDistribution, class Real, class State>
__device__ __forceinline__ Real draw_real(const RealParameters& parameters, State& state) {
  const Real a = static_cast<Real>(parameters.a);
  const Real b = static_cast<Real>(parameters.b);
  if constexpr (kDistribution == RealDistribution::uniform) {
    return a + (b - a) * uniform_below_one<Real>(state);
  } else if constexpr (kDistribution == RealDistribution::normal) {
    return a + b * standard_normal<Real>(state);
  } else if constexpr (kDistribution == RealDistribution::lognormal) {
    return exp(a + b * standard_normal<Real>(state));
  } else if constexpr (kDistribution == RealDistribution::exponential) {
    return -log(uniform_above_zero<Real>(state)) * a;
  } else if constexpr (kDistribution == RealDistribution::gamma) {
    return static_cast<Real>(standard_gamma(state, parameters.a) * parameters.b);
  } else {
    return static_cast<Real>(beta_variate(state, parameters.a, parameters.b));
  }
}

// ----- Discrete distributions ---------------------------------------------------------------------

// Inversion over the support taken outward from the mode, alternately below and above (Kemp): as
// exact as the probabilities, and O(standard deviation) steps. `ratios` gives f(k+1)/f(k) (up)
// and f(k-1)/f(k) (down).
template <class Ratios>
__device__ std::int64_t search_from_mode(double u, std::int64_t mode, double mode_probability, std::int64_t upper,
                                         const Ratios& ratios) {
  double total = mode_probability;
  if (u <= total) return mode;
  std::int64_t low = mode;
  std::int64_t high = mode;
  double low_probability = mode_probability;
  double high_probability = mode_probability;
  while ((low > 0 && low_probability > 0) || (high < upper && high_probability > 0)) {
    if (low > 0) {
      low_probability *= ratios.down(low);
      --low;
      total += low_probability;
      if (u <= total) return low;
    }
    if (high < upper) {
      high_probability *= ratios.up(high);
      ++high;
      total += high_probability;
      if (u <= total) return high;
    }
  }
  return mode;  // u above the rounded total of the probabilities
}

struct PoissonRatios {
  double lam;
  __device__ double up(std::int64_t k) const { return lam / static_cast<double>(k + 1); }
  __device__ double down(std::int64_t k) const { return static_cast<double>(k) / lam; }
};

struct BinomialRatios {
  double n;
  double odds;  // p / (1 - p)
  __device__ double up(std::int64_t k) const {
    return (n - static_cast<double>(k)) / static_cast<double>(k + 1) * odds;
  }
  __device__ double down(std::int64_t k) const {
    return static_cast<double>(k) / ((n - static_cast<double>(k) + 1) * odds);
  }
};

template <class State>
__device__ std::int64_t poisson(State& state, double lam) {
  if (lam <= 0) return 0;
  const double mode = floor(lam);
  const double probability = exp(mode * log(lam) - lam - lgamma(mode + 1));
  return search_from_mode(uniform_below_one<double>(state), static_cast<std::int64_t>(mode), probability, INT64_MAX,
                          PoissonRatios{lam});
}

template <class State>
__device__ std::int64_t binomial(State& state, std::int64_t n, double p) {
  if (n == 0 || p <= 0) return 0;
  if (p >= 1) return n;
  const double trials = static_cast<double>(n);
  const double mode = fmin(floor((trials + 1) * p), trials);
  const double probability = exp(lgamma(trials + 1) - lgamma(mode + 1) - lgamma(trials - mode + 1) + mode * log(p) +
                                 (trials - mode) * log1p(-p));
  return search_from_mode(uniform_below_one<double>(state), static_cast<std::int64_t>(mode), probability, n,
                          BinomialRatios{trials, p / (1 - p)});
}

// Trials up to the first success, 1, 2, ...: the inverse of the distribution function.
template <class State>
__device__ std::int64_t geometric(State& state, double p) {
  if (p >= 1) return 1;
  const double trials = ceil(log(uniform_above_zero<double>(state)) / log1p(-p));
  if (trials < 1) return 1;
  return trials >= 9.2e18 ? INT64_MAX : static_cast<std::int64_t>(trials);
}

// Whether a distribution gives counts, drawn as int64 only.
constexpr bool is_count(IntegerDistribution distribution) {
  return distribution == IntegerDistribution::poisson || distribution == IntegerDistribution::binomial ||
         distribution == IntegerDistribution::geometric;
}

// From counters, integers draw a fixed count per value: 64 bits for 8-byte outputs whatever the
// range (so that a group is a whole Philox block), 32 otherwise.
template <IntegerDistribution kDistribution, class Bits, class State, class Redraws>
__device__ __forceinline__ Bits draw_integer(const IntegerParameters& parameters, State& state, Redraws& redraws) {
  if constexpr (kDistribution == IntegerDistribution::integers) {
    const bool wide = kSideDraws<Redraws> ? sizeof(Bits) == 8 : parameters.range > 0xFFFFFFFFull;
    return static_cast<Bits>(parameters.low + bounded(state, parameters.range, wide, redraws));
  } else if constexpr (kDistribution == IntegerDistribution::bits) {
    if constexpr (sizeof(Bits) == 8) {
      return bits64(state);
    } else {
      return static_cast<Bits>(curand(&state));
    }
  } else if constexpr (kDistribution == IntegerDistribution::poisson) {
    return static_cast<Bits>(poisson(state, parameters.lam));
  } else if constexpr (kDistribution == IntegerDistribution::binomial) {
    return static_cast<Bits>(binomial(state, parameters.n, parameters.p));
  } else {
    return static_cast<Bits>(geometric(state, parameters.p));
  }
}

// ----- Samplers -----------------------------------------------------------------------------------

// A sampler draws one value of T from a state. kOutputs: the 32-bit outputs of the bit generator
// one value takes when that is fixed (0 where it varies, by rejection); normals are drawn in pairs
// from two outputs (four for double) and the second value handed out next, so a whole group takes
// a fixed count too.
template <RealDistribution kDistribution, class Real>
struct RealSampler {
  using Value = Real;
  static constexpr int kOutputs = kDistribution == RealDistribution::gamma || kDistribution == RealDistribution::beta
                                      ? 0
                                      : static_cast<int>(sizeof(Real) / 4);
  RealParameters parameters;
  template <class State, class Redraws>
  __device__ __forceinline__ Real operator()(State& state, Redraws&) const {
    return draw_real<kDistribution, Real>(parameters, state);
  }
};

template <IntegerDistribution kDistribution, class Bits>
struct IntegerSampler {
  using Value = Bits;
  // Counts draw one uniform double (two outputs); bits and integers one output per 32 bits
  // (integers' rejections draw from side streams: SideCounters).
  static constexpr int kOutputs = is_count(kDistribution) || sizeof(Bits) == 8 ? 2 : 1;
  IntegerParameters parameters;
  template <class State, class Redraws>
  __device__ __forceinline__ Bits operator()(State& state, Redraws& redraws) const {
    return draw_integer<kDistribution, Bits>(parameters, state, redraws);
  }
};

// ----- Kernels ------------------------------------------------------------------------------------

// Groups of neighbours filling kGroupBytes are drawn one after the other and stored with one
// 16-byte store where the output is aligned (a quarter of the store instructions of float32, which
// is what bounded a loop of one value per store; a group of two 16-byte stores per lane would write
// half sectors).
template <class T>
inline constexpr int kGroup = sizeof(T) < kGroupBytes ? static_cast<int>(kGroupBytes / sizeof(T)) : 1;

// `redraws_of(k)`: where element k's rejected draws are replaced (SameStream, SideCounters);
// `whole_groups`: the groups from the first that are stored as one 16-byte store.
template <class T, class Sampler, class State, class RedrawsOf>
__device__ __forceinline__ void draw_group(const Sampler& sampler, State& state, const RedrawsOf& redraws_of,
                                           std::int64_t group, T* out, std::int64_t count,
                                           std::int64_t whole_groups) {
  constexpr int group_size = kGroup<T>;
  constexpr bool kWhole = sizeof(T) * group_size == 16;
  alignas(16) T values[group_size];
#pragma unroll
  for (int k = 0; k < group_size; ++k) {
    auto redraws = redraws_of(k);
    values[k] = sampler(state, redraws);
  }
  const std::int64_t first = group * group_size;
  if (kWhole && group < whole_groups) {
    *reinterpret_cast<uint4*>(out + first) = *reinterpret_cast<const uint4*>(values);
  } else {
#pragma unroll
    for (int k = 0; k < group_size; ++k) {
      if (first + k < count) out[first + k] = values[k];
    }
  }
}

template <class T>
__host__ __device__ constexpr std::int64_t groups_of(std::int64_t count) {
  return (count + kGroup<T> - 1) / kGroup<T>;
}

// Whether a sampler on `State` runs from counters: Philox with a fixed consumption, so that the
// state of any group is known without drawing the ones before it (sampling_kernels.hpp's layout:
// group g is round g / kStreams of stream g % kStreams, and starts at a whole Philox block).
template <class State, class Sampler>
inline constexpr bool kFromCounters = kCounterBased<State> && Sampler::kOutputs > 0;

// One thread per stream, drawing its groups in order (sampling_kernels.hpp): the only way for
// persistent states and for gamma and beta, whose rejections take from the stream itself. The
// grid has at most kStreams threads.
//
// From counters: any thread draws any group, so the grid is sized to fill the device and strides
// over the groups; each group rebuilds its Philox state at its own block (the stream's first
// output of the call plus the outputs its earlier rounds took), which is what the stream's
// sequential draws reach too: the numbers are the same, but for integers, whose rare rejections
// draw from side streams (SideCounters) instead of the stream.
template <class State, class Sampler>
__global__ void __launch_bounds__(kThreadsPerBlock)
    sampling_kernel(StreamSource source, Sampler sampler, typename Sampler::Value* out, std::int64_t count) {
  using T = typename Sampler::Value;
  const std::int64_t groups = groups_of<T>(count);
  const std::int64_t whole_groups = reinterpret_cast<std::uintptr_t>(out) % 16 == 0 ? count / kGroup<T> : 0;
  const unsigned thread = blockIdx.x * blockDim.x + threadIdx.x;
  if constexpr (kFromCounters<State, Sampler>) {
    constexpr std::uint64_t kGroupOutputs = std::uint64_t{kGroup<T>} * Sampler::kOutputs;
    static_assert(kGroupOutputs % 4 == 0, "a group must start at a whole Philox block");
    // Unsigned, so that dividing by kStreams (a power of two) is a shift and a mask.
    const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
    const std::uint64_t first_block = source.offset / 4;  // offsets are whole blocks (generator.cpp)
    for (std::uint64_t group = thread; group < static_cast<std::uint64_t>(groups); group += stride) {
      const std::uint64_t stream = group % kStreams;
      const std::uint64_t block = first_block + group / kStreams * (kGroupOutputs / 4);
      State state = philox_state_at_block(source.seed, stream, block);
      const auto side_counters = [&](int k) {
        return SideCounters{source.seed, stream, block, static_cast<unsigned>(k)};
      };
      draw_group(sampler, state, side_counters, static_cast<std::int64_t>(group), out, count, whole_groups);
    }
  } else {
    State state;
    load_state(source, thread, state);
    const auto same_stream = [&](int) { return SameStream<State>{state}; };
    for (std::int64_t group = thread; group < groups; group += kStreams) {
      draw_group(sampler, state, same_stream, group, out, count, whole_groups);
    }
    store_state(source, thread, state);
  }
}

// A grid from counters, in device-fulls of resident blocks: float32 2^26 on an H100, normals took
// 92.1 us with four against 94.6 with one, uniform 86.3 against 89.0 (bench/NOTES.md).
inline constexpr std::int64_t kCounterGridWaves = 4;

// Launches `sampler` over `count` values: from counters, kCounterGridWaves device-fulls; else only
// the streams that own a group run, and the others' states stay as they are.
template <class State, class Sampler>
void launch_sampling(const StreamSource& source, const Sampler& sampler, void* out, std::int64_t count,
                     cudaStream_t stream) {
  using T = typename Sampler::Value;
  const std::int64_t blocks_needed = (groups_of<T>(count) + kThreadsPerBlock - 1) / kThreadsPerBlock;
  std::int64_t blocks = kBlocks;
  if constexpr (kFromCounters<State, Sampler>) {
    int device = 0;
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    blocks = kCounterGridWaves * resident_threads(device) / kThreadsPerBlock;
  }
  sampling_kernel<State, Sampler><<<static_cast<unsigned>(std::min(blocks_needed, blocks)), kThreadsPerBlock, 0,
                                    stream>>>(source, sampler, static_cast<T*>(out), count);
}

// Calls `visit` with a value of the state type of `kind`.
template <class Visit>
void visit_state(BitGenerator kind, Visit&& visit) {
  switch (kind) {
    case BitGenerator::xorwow: return visit(curandStateXORWOW_t{});
    case BitGenerator::philox4_32_10: return visit(curandStatePhilox4_32_10_t{});
    case BitGenerator::mrg32k3a: return visit(curandStateMRG32k3a_t{});
  }
  throw Error(GA_ERROR_INTERNAL, "unknown bit generator " + std::to_string(static_cast<int>(kind)));
}

// Calls `visit` with std::integral_constant<Enum, value> for the one of kValues that `value` is.
template <class Enum, Enum... kValues, class Visit>
void visit_enum(Enum value, Visit&& visit) {
  const bool known = ((value == kValues ? (visit(std::integral_constant<Enum, kValues>{}), true) : false) || ...);
  if (!known) throw Error(GA_ERROR_INTERNAL, "unknown random distribution " + std::to_string(static_cast<int>(value)));
}

template <class Visit>
void visit_real_distribution(RealDistribution distribution, Visit&& visit) {
  visit_enum<RealDistribution, RealDistribution::uniform, RealDistribution::normal, RealDistribution::lognormal,
             RealDistribution::exponential, RealDistribution::gamma, RealDistribution::beta>(distribution, visit);
}

template <class Visit>
void visit_integer_distribution(IntegerDistribution distribution, Visit&& visit) {
  visit_enum<IntegerDistribution, IntegerDistribution::integers, IntegerDistribution::bits,
             IntegerDistribution::poisson, IntegerDistribution::binomial, IntegerDistribution::geometric>(distribution,
                                                                                                          visit);
}

// Calls `visit` with a value of the unsigned type of `bytes` bytes.
template <class Visit>
void visit_width(int bytes, Visit&& visit) {
  switch (bytes) {
    case 1: return visit(std::uint8_t{});
    case 2: return visit(std::uint16_t{});
    case 4: return visit(std::uint32_t{});
    case 8: return visit(std::uint64_t{});
  }
  throw Error(GA_ERROR_INTERNAL, "random integers are 1, 2, 4 or 8 bytes, not " + std::to_string(bytes));
}

}  // namespace

std::size_t state_bytes(BitGenerator kind) {
  std::size_t bytes = 0;
  visit_state(kind, [&](auto state) {
    if constexpr (!kCounterBased<decltype(state)>) bytes = sizeof(state) * static_cast<std::size_t>(kStreams);
  });
  return bytes;
}

void initialize_states(BitGenerator kind, void* states, std::uint64_t seed, cudaStream_t stream) {
  visit_state(kind, [&](auto state) {
    using State = decltype(state);
    if constexpr (!kCounterBased<State>) {
      initialize_kernel<State><<<kBlocks, kThreadsPerBlock, 0, stream>>>(static_cast<State*>(states), seed);
      check_cuda(cudaGetLastError(), "random state initialization kernel");
    }
  });
}

void draw_reals(const StreamSource& source, RealDistribution distribution, const RealParameters& parameters,
                int real_bytes, void* out, std::int64_t count, cudaStream_t stream) {
  if (count == 0) return;
  GA_REQUIRE(real_bytes == 4 || real_bytes == 8, GA_ERROR_INTERNAL, "random reals are float32 or float64");
  visit_state(source.kind, [&](auto state) {
    using State = decltype(state);
    visit_real_distribution(distribution, [&](auto kind) {
      constexpr RealDistribution kDistribution = decltype(kind)::value;
      if (real_bytes == 4) {
        launch_sampling<State>(source, RealSampler<kDistribution, float>{parameters}, out, count, stream);
      } else {
        launch_sampling<State>(source, RealSampler<kDistribution, double>{parameters}, out, count, stream);
      }
    });
  });
  check_cuda(cudaGetLastError(), "random sampling kernel");
}

void draw_integers(const StreamSource& source, IntegerDistribution distribution, const IntegerParameters& parameters,
                   int bytes, void* out, std::int64_t count, cudaStream_t stream) {
  if (count == 0) return;
  GA_REQUIRE(!is_count(distribution) || bytes == 8, GA_ERROR_INTERNAL, "random counts are int64");
  visit_state(source.kind, [&](auto state) {
    using State = decltype(state);
    visit_integer_distribution(distribution, [&](auto kind) {
      constexpr IntegerDistribution kDistribution = decltype(kind)::value;
      visit_width(bytes, [&](auto bits) {
        using Bits = decltype(bits);
        if constexpr (!is_count(kDistribution) || sizeof(Bits) == 8) {
          launch_sampling<State>(source, IntegerSampler<kDistribution, Bits>{parameters}, out, count, stream);
        }
      });
    });
  });
  check_cuda(cudaGetLastError(), "random sampling kernel");
}

}  // namespace garray::random_kernels
