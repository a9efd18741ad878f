// The device side of garray's random numbers, compiled ahead with nvcc on cuRAND's device API
// (sampling_kernels.cu, the one file that includes curand_kernel.h, whose skip-ahead tables are
// large). They take raw device pointers and a stream, queue their work and return.
//
// Reproducibility: every call runs on the same fixed set of kStreams random streams, whatever the
// device, and element i of a call's output is drawn from stream (i / g) % kStreams, where g is the
// number of elements in kGroupBytes (1 for wider ones): a stream draws g neighbours at a time, in
// order, then the group kStreams groups further on, and so on through the call. Stream s is
// cuRAND's subsequence s of the
// seed. XORWOW and MRG32k3a keep their kStreams states in device memory between calls (their
// skip-ahead is costly); Philox4x32-10, counter-based, rebuilds its state in each call at the
// call's `offset`. The numbers therefore depend only on the seed and the sequence of calls.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace garray::random_kernels {

enum class BitGenerator { xorwow = 0, philox4_32_10 = 1, mrg32k3a = 2 };

inline constexpr int kThreadsPerBlock = 256;
inline constexpr int kBlocks = 512;
inline constexpr std::int64_t kStreams = std::int64_t{kThreadsPerBlock} * kBlocks;
inline constexpr std::size_t kGroupBytes = 16;

// Where a call's numbers come from.
struct StreamSource {
  BitGenerator kind;
  void* states;          // the kStreams persistent states (XORWOW, MRG32k3a); unused for Philox
  std::uint64_t seed;    // Philox: the key
  std::uint64_t offset;  // Philox: the first 32-bit output of each stream this call uses
};

// Bytes of the persistent states of `kind` (0 for Philox).
std::size_t state_bytes(BitGenerator kind);

// Seeds the kStreams persistent states: state s is subsequence s of `seed`.
void initialize_states(BitGenerator kind, void* states, std::uint64_t seed, cudaStream_t stream);

// Continuous distributions, parameters a and b:
// uniform on [a, b); normal (loc a, scale b); lognormal (mean a, sigma b); exponential (scale a);
// gamma (shape a, scale b; Marsaglia-Tsang); beta (a, b; Johnk for a, b <= 1, else two gammas).
enum class RealDistribution { uniform, normal, lognormal, exponential, gamma, beta };

struct RealParameters {
  double a = 0;
  double b = 0;
};

// out: `count` float32 (real_bytes 4) or float64 (real_bytes 8).
void draw_reals(const StreamSource& source, RealDistribution distribution, const RealParameters& parameters,
                int real_bytes, void* out, std::int64_t count, cudaStream_t stream);

// Integer distributions:
// integers: low + r, r uniform on [0, range] without bias (Lemire's multiply-shift with
// rejection), wrapped to the output width (signed and unsigned outputs share these bits); on
// Philox, a value takes 32 bits of its stream (64 for 8-byte outputs) and the replacements of a
// rejected one come from a side stream of its group's block (sampling_kernels.cu: SideCounters);
// on XORWOW and MRG32k3a, 32 bits below a range of 2^32, 64 above, replacements from the stream;
// bits: raw random bits; poisson (lam), binomial (n, p) and geometric (p) give int64 only
// (bytes 8): poisson and binomial by exact inversion searched outward from the mode, geometric by
// inversion.
enum class IntegerDistribution { integers, bits, poisson, binomial, geometric };

struct IntegerParameters {
  std::uint64_t low = 0;
  std::uint64_t range = 0;
  std::int64_t n = 0;
  double p = 0;
  double lam = 0;
};

// out: `count` integers of `bytes` (1, 2, 4 or 8) bytes.
void draw_integers(const StreamSource& source, IntegerDistribution distribution, const IntegerParameters& parameters,
                   int bytes, void* out, std::int64_t count, cudaStream_t stream);

}  // namespace garray::random_kernels
