// The reduction kernels behind the named reductions that no ufunc fold expresses: sums with a
// wider accumulator or with NaN skipped (float16 sums, nansum, mean, count_nonzero, nanmean's
// sum and count), the one-pass
// moments of var/std (Welford's update, Chan's merge of (count, mean, M2)), and argmax/argmin
// ((value, index) pairs). Each kernel has fixed parameter types — the compute types — and is
// built once per key and kept for the process; the caller passes its output array, whose dtype
// the engine converts to as it writes.
#pragma once

#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/reduction_kernel.hpp"

#include <garray/base.h>

#include <cstdint>
#include <string>

namespace garray {

// Accumulations: `map` of each element, folded by `fold` in `accumulator`, `finish`ed.
// nonzero and not_nan map to 0 or 1 (count_nonzero, nanmean's count).
enum class ElementMap : std::uint8_t { value, nan_as_zero, nan_as_one, nonzero, not_nan };
enum class Fold : std::uint8_t { add, multiply };
enum class Finish : std::uint8_t { none, mean };

struct AccumulateKey {
  ElementMap map;
  Fold fold;
  Finish finish;
  ga_dtype_t input;        // the type the map reads (the engine converts the array's dtype to it)
  ga_dtype_t accumulator;  // also the output parameter's type
};

// Moments: what the post-map writes from the merged (count, mean, M2).
enum class Moment : std::uint8_t { var, std };

struct MomentsKey {
  Moment moment;
  bool skip_nan;
  ga_dtype_t input;  // a real float type, or a complex one (then mean/M2 cover both parts)
  // The real type of the accumulation: float32 or float64; also the output's type and that of
  // the scalar parameter `ddof`.
  ga_dtype_t real;
};

// argmax/argmin: the first extreme's flat position along the reduced axes; NaN ranks first
// (skip_nan: NaN is ignored and an all-NaN slice gives -1). Complex values order lexicographically.
struct ArgKey {
  bool maximum;
  bool skip_nan;
  ga_dtype_t value;  // the compared type: the input's, float32 for 16-bit floats
};

// Everything a ReductionKernel is made of, so that host tests compile the very same source.
struct StatisticKernelDefinition {
  std::string in_params;
  std::string out_params;
  ReductionExpressions expressions;
  std::string name;
  std::string preamble;
};

StatisticKernelDefinition accumulate_definition(const AccumulateKey& key);
StatisticKernelDefinition moments_definition(const MomentsKey& key);
StatisticKernelDefinition arg_definition(const ArgKey& key);

// np.cov's fold over the observations of centred rows: sum(in0 * conj(in1)) / fact, for float64
// or complex128 (`fact` a float64 scalar parameter).
StatisticKernelDefinition covariance_definition(ga_dtype_t dtype);

struct ElementwiseDefinition {
  std::string in_params;
  std::string out_params;
  std::string operation;
  std::string name;
  std::string preamble;
};

// np.corrcoef's normalisation: c / sqrt(di) / sqrt(dj) (di, dj the diagonal entries of c's row and
// column), real and imaginary parts clipped to [-1, 1]; float64 or complex128.
ElementwiseDefinition correlation_definition(ga_dtype_t dtype);

// The cached kernels (thread-safe; the references live for the process).
const ReductionKernel& accumulate_kernel(const AccumulateKey& key);
const ReductionKernel& moments_kernel(const MomentsKey& key);
const ReductionKernel& arg_kernel(const ArgKey& key);
const ReductionKernel& covariance_kernel(ga_dtype_t dtype);
const ElementwiseKernel& correlation_kernel(ga_dtype_t dtype);

}  // namespace garray
