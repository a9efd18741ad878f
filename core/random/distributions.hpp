// NumPy's Generator distributions on a garray Generator: parameter checks with NumPy's messages,
// the result dtype, and the optional `out` (an array of the requested shape the result is cast
// into, same_kind). Every function queues its work on `stream` and returns the array written.
//
// Errors: GA_ERROR_INVALID_ARGUMENT for a parameter outside its domain (NumPy's message, e.g.
// "scale < 0"), a negative extent, a read-only `out` or another device; GA_ERROR_DTYPE for a dtype
// the distribution does not produce or an `out` the result does not cast to (same_kind);
// GA_ERROR_SHAPE_MISMATCH for an `out` of another shape.
#pragma once

#include "core/array/array.hpp"
#include "core/random/destination.hpp"
#include "core/random/generator.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>

namespace garray::random {

// Continuous distributions: dtype float16, float32 or float64 (float16 is drawn as float32).
Array uniform(Generator& generator, double low, double high, const Destination& destination, const StreamRef& stream);
Array normal(Generator& generator, double loc, double scale, const Destination& destination, const StreamRef& stream);
Array lognormal(Generator& generator, double mean, double sigma, const Destination& destination,
                const StreamRef& stream);
Array exponential(Generator& generator, double scale, const Destination& destination, const StreamRef& stream);
Array gamma(Generator& generator, double shape, double scale, const Destination& destination, const StreamRef& stream);
Array beta(Generator& generator, double a, double b, const Destination& destination, const StreamRef& stream);
Array chisquare(Generator& generator, double df, const Destination& destination, const StreamRef& stream);

// Counts: int64 (destination.dtype is ignored; `out` may be of any dtype int64 casts to).
Array poisson(Generator& generator, double lam, const Destination& destination, const StreamRef& stream);
Array binomial(Generator& generator, std::int64_t n, double p, const Destination& destination, const StreamRef& stream);
Array geometric(Generator& generator, double p, const Destination& destination, const StreamRef& stream);

// Integers in [low, high) (or [low, high] with `endpoint`) of an integer or bool dtype; both
// bounds must fit the dtype.
Array integers(Generator& generator, std::int64_t low, std::int64_t high, bool endpoint, const Destination& destination,
               const StreamRef& stream);

// `shape` of raw random bits: uint8, uint16, uint32 or uint64.
Array random_bits(Generator& generator, const Destination& destination, const StreamRef& stream);

}  // namespace garray::random
