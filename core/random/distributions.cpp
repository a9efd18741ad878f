#include "core/random/distributions.hpp"

#include "core/array/dtype.hpp"
#include "core/array/promotion.hpp"
#include "core/common/error.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/device_check.hpp"

#include <cmath>
#include <limits>
#include <string>

namespace garray::random {

namespace {

using random_kernels::IntegerDistribution;
using random_kernels::IntegerParameters;
using random_kernels::RealDistribution;
using random_kernels::RealParameters;

Array sample_reals(Generator& generator, RealDistribution distribution, const RealParameters& parameters,
                   const Destination& destination, const StreamRef& stream) {
  const ga_dtype_t dtype = destination.dtype;
  GA_REQUIRE(dtype == GA_FLOAT16 || dtype == GA_FLOAT32 || dtype == GA_FLOAT64, GA_ERROR_DTYPE,
             std::string("Unsupported dtype ") + dtype_info(dtype).name +
                 " for this distribution (float16, float32 or float64)");
  const Array drawn = kernel_target(destination, dtype == GA_FLOAT64 ? GA_FLOAT64 : GA_FLOAT32, stream);
  generator.fill_reals(distribution, parameters, drawn, stream);
  return finish(drawn, destination, stream);
}

Array sample_integers(Generator& generator, IntegerDistribution distribution, const IntegerParameters& parameters,
                      ga_dtype_t kernel_dtype, const Destination& destination, const StreamRef& stream) {
  const Array drawn = kernel_target(destination, kernel_dtype, stream);
  generator.fill_integers(distribution, parameters, drawn, stream);
  return finish(drawn, destination, stream);
}

Destination as_int64(const Destination& destination) {
  Destination counts = destination;
  counts.dtype = GA_INT64;
  return counts;
}

// The unsigned dtype of the same width: the kernels write bits.
ga_dtype_t bits_dtype(ga_dtype_t dtype) {
  switch (dtype_info(dtype).itemsize) {
    case 1: return GA_UINT8;
    case 2: return GA_UINT16;
    case 4: return GA_UINT32;
    default: return GA_UINT64;
  }
}

// The smallest and largest value of an integer or bool dtype, as int64 (uint64's largest is
// clipped: the bounds are int64).
void integer_limits(ga_dtype_t dtype, std::int64_t& lowest, std::int64_t& highest) {
  const DTypeInfo& info = dtype_info(dtype);
  const int bits = static_cast<int>(info.itemsize) * 8;
  if (info.kind_char == 'b') {
    lowest = 0;
    highest = 1;
  } else if (info.kind_char == 'u') {
    lowest = 0;
    highest = bits == 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t{1} << bits) - 1;
  } else {
    lowest = bits == 64 ? std::numeric_limits<std::int64_t>::min() : -(std::int64_t{1} << (bits - 1));
    highest = bits == 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t{1} << (bits - 1)) - 1;
  }
}

}  // namespace

Array uniform(Generator& generator, double low, double high, const Destination& destination, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(std::isfinite(high - low), "Range exceeds valid bounds");
  return sample_reals(generator, RealDistribution::uniform, {low, high}, destination, stream);
}

Array normal(Generator& generator, double loc, double scale, const Destination& destination, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(scale >= 0, "scale < 0");
  return sample_reals(generator, RealDistribution::normal, {loc, scale}, destination, stream);
}

Array lognormal(Generator& generator, double mean, double sigma, const Destination& destination,
                const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(sigma >= 0, "sigma < 0");
  return sample_reals(generator, RealDistribution::lognormal, {mean, sigma}, destination, stream);
}

Array exponential(Generator& generator, double scale, const Destination& destination, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(scale >= 0, "scale < 0");
  return sample_reals(generator, RealDistribution::exponential, {scale, 0}, destination, stream);
}

Array gamma(Generator& generator, double shape, double scale, const Destination& destination, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(shape >= 0, "shape < 0");
  GA_REQUIRE_ARGUMENT(scale >= 0, "scale < 0");
  return sample_reals(generator, RealDistribution::gamma, {shape, scale}, destination, stream);
}

Array beta(Generator& generator, double a, double b, const Destination& destination, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(a > 0, "a <= 0");
  GA_REQUIRE_ARGUMENT(b > 0, "b <= 0");
  return sample_reals(generator, RealDistribution::beta, {a, b}, destination, stream);
}

Array chisquare(Generator& generator, double df, const Destination& destination, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(df > 0, "df <= 0");
  return sample_reals(generator, RealDistribution::gamma, {df / 2, 2}, destination, stream);
}

Array poisson(Generator& generator, double lam, const Destination& destination, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(lam >= 0, "lam < 0");
  // NumPy's bound: the sample must stay clear of int64's largest value.
  GA_REQUIRE_ARGUMENT(lam < 9.223372006484771e18, "lam value too large");
  IntegerParameters parameters;
  parameters.lam = lam;
  return sample_integers(generator, IntegerDistribution::poisson, parameters, GA_INT64, as_int64(destination), stream);
}

Array binomial(Generator& generator, std::int64_t n, double p, const Destination& destination,
               const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(n >= 0, "n < 0");
  GA_REQUIRE_ARGUMENT(!std::isnan(p), "p is nan");
  GA_REQUIRE_ARGUMENT(p >= 0, "p < 0");
  GA_REQUIRE_ARGUMENT(p <= 1, "p > 1");
  IntegerParameters parameters;
  parameters.n = n;
  parameters.p = p;
  return sample_integers(generator, IntegerDistribution::binomial, parameters, GA_INT64, as_int64(destination), stream);
}

Array geometric(Generator& generator, double p, const Destination& destination, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(p > 0, "p <= 0");
  GA_REQUIRE_ARGUMENT(p <= 1, "p > 1");
  IntegerParameters parameters;
  parameters.p = p;
  return sample_integers(generator, IntegerDistribution::geometric, parameters, GA_INT64, as_int64(destination),
                         stream);
}

Array integers(Generator& generator, std::int64_t low, std::int64_t high, bool endpoint, const Destination& destination,
               const StreamRef& stream) {
  const DTypeInfo& info = dtype_info(destination.dtype);
  GA_REQUIRE(info.kind_char == 'i' || info.kind_char == 'u' || info.kind_char == 'b', GA_ERROR_DTYPE,
             std::string("Unsupported dtype ") + info.name + " for integers");
  std::int64_t lowest = 0;
  std::int64_t highest = 0;
  integer_limits(destination.dtype, lowest, highest);
  GA_REQUIRE_ARGUMENT(low >= lowest, std::string("low is out of bounds for ") + info.name);
  GA_REQUIRE_ARGUMENT(endpoint ? low <= high : low < high, endpoint ? "low > high" : "low >= high");
  // An exclusive high may be one past the dtype's largest value.
  const std::int64_t last = endpoint ? high : high - 1;
  GA_REQUIRE_ARGUMENT(last <= highest, std::string("high is out of bounds for ") + info.name);
  IntegerParameters parameters;
  parameters.low = static_cast<std::uint64_t>(low);
  parameters.range = static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(low);
  require_sample(destination, stream);
  // The kernel writes the bits of the unsigned dtype of the same width (signed results are those
  // bits in their own dtype): straight into out when out is a C-contiguous array of the requested
  // dtype, else into a new array then copied (cast) into out.
  const ga_dtype_t kernel_dtype = info.kind_char == 'b' ? GA_BOOL : bits_dtype(destination.dtype);
  const std::optional<Array>& out = destination.out;
  Destination bits{destination.shape, kernel_dtype, std::nullopt};
  if (out && out->dtype() == destination.dtype && out->is_c_contiguous()) {
    bits.out = out->view_as(kernel_dtype, out->shape(), out->strides(), out->byte_offset());
  }
  const Array drawn = sample_integers(generator, IntegerDistribution::integers, parameters, kernel_dtype, bits, stream);
  const Array typed = drawn.view_as(destination.dtype, drawn.shape(), drawn.strides(), drawn.byte_offset());
  return garray::deliver(typed, out, stream);
}

Array random_bits(Generator& generator, const Destination& destination, const StreamRef& stream) {
  const ga_dtype_t dtype = destination.dtype;
  GA_REQUIRE(dtype == GA_UINT8 || dtype == GA_UINT16 || dtype == GA_UINT32 || dtype == GA_UINT64, GA_ERROR_DTYPE,
             std::string("random bits come as uint8, uint16, uint32 or uint64, not ") + dtype_info(dtype).name);
  return sample_integers(generator, IntegerDistribution::bits, {}, dtype, destination, stream);
}

}  // namespace garray::random
