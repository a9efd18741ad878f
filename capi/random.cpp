#include <garray/random.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/dtype.hpp"
#include "core/ops/destination.hpp"
#include "core/random/distributions.hpp"
#include "core/random/global_generators.hpp"
#include "core/random/selection.hpp"
#include "core/runtime/device.hpp"

#include <optional>
#include <string>
#include <utility>

struct ga_rng_s : garray::capi::Handle<garray::GeneratorRef, 0x524e4721u> {};

using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::optional_array;
using garray::capi::require_out;
using garray::random::Destination;

namespace {

// The body of every sampling entry point: `draw(generator, destination, stream)` on `rng`, or, for
// a legacy function, on the global generator of the stream's device, with the sample's shape and
// dtype and the caller's destination `out`; `*result` is written last.
template <class Draw>
ga_status_t sample(const char* function, ga_rng_t rng, bool legacy, int ndim, const int64_t* shape, ga_dtype_t dtype,
                   ga_array_t out, ga_stream_t stream, ga_array_t* result, Draw&& draw) {
  return guarded(function, [&] {
    garray::GeneratorRef generator = legacy ? nullptr : deref(rng, "rng");
    require_out(result, "result");
    garray::dtype_info(dtype);
    const Destination destination{garray::Dims::from(shape, ndim, "shape"), dtype, optional_array(out, "out")};
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    if (legacy) generator = garray::random::global_generator(queue->device());
    hand_out(draw(*generator, destination, queue), out, result);
  });
}

// A result whose shape and dtype the call knows (permutations, bytes): `draw(generator, stream,
// check)` calls `check(shape, dtype)`, which checks the destination `out`, before drawing.
template <class Draw>
ga_status_t known_result(const char* function, ga_rng_t rng, ga_array_t out, ga_stream_t stream, ga_array_t* result,
                         Draw&& draw) {
  return guarded(function, [&] {
    garray::Generator& generator = *deref(rng, "rng");
    require_out(result, "result");
    const std::optional<garray::Array> destination = optional_array(out, "out");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    const garray::Array drawn = draw(generator, queue, [&](const garray::Dims& shape, ga_dtype_t dtype) {
      garray::require_destination(destination, {shape, dtype}, queue);
    });
    hand_out(garray::deliver(drawn, destination, queue), out, result);
  });
}

}  // namespace

#define GA_RNG_SAMPLE(function, call)                                                                               \
  return sample(#function, rng, false, ndim, shape, dtype, out, stream, result,                                     \
                [&](garray::Generator& generator, const Destination& destination, const garray::StreamRef& queue) { \
                  return call;                                                                                      \
                })

#define GA_LEGACY_SAMPLE(function, call)                                                                            \
  return sample(#function, nullptr, true, ndim, shape, dtype, out, stream, result,                                  \
                [&](garray::Generator& generator, const Destination& destination, const garray::StreamRef& queue) { \
                  return call;                                                                                      \
                })

extern "C" {

GA_API ga_status_t ga_rng_create(ga_bitgen_t bitgen, uint64_t seed, ga_rng_t* rng) {
  return guarded(__func__, [&] {
    require_out(rng, "rng");
    GA_REQUIRE_ARGUMENT(bitgen == GA_BITGEN_XORWOW || bitgen == GA_BITGEN_PHILOX4_32_10 || bitgen == GA_BITGEN_MRG32K3A,
                        "argument 'bitgen' is not a ga_bitgen_t (" + std::to_string(static_cast<int>(bitgen)) + ")");
    auto generator =
        std::make_shared<garray::Generator>(static_cast<garray::BitGenerator>(bitgen), seed, garray::current_device());
    *rng = garray::capi::make_handle<ga_rng_s>(std::move(generator));
  });
}

GA_API ga_status_t ga_rng_retain(ga_rng_t rng) {
  return guarded(__func__, [&] { garray::capi::retain(rng, "rng"); });
}

GA_API ga_status_t ga_rng_release(ga_rng_t rng) {
  return guarded(__func__, [&] { garray::capi::release(rng, "rng"); });
}

GA_API ga_status_t ga_rng_random(ga_rng_t rng, int ndim, const int64_t* shape, ga_dtype_t dtype, ga_array_t out,
                                 ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_random, garray::random::uniform(generator, 0, 1, destination, queue));
}

GA_API ga_status_t ga_rng_uniform(ga_rng_t rng, double low, double high, int ndim, const int64_t* shape,
                                  ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_uniform, garray::random::uniform(generator, low, high, destination, queue));
}

GA_API ga_status_t ga_rng_standard_normal(ga_rng_t rng, int ndim, const int64_t* shape, ga_dtype_t dtype,
                                          ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_standard_normal, garray::random::normal(generator, 0, 1, destination, queue));
}

GA_API ga_status_t ga_rng_normal(ga_rng_t rng, double loc, double scale, int ndim, const int64_t* shape,
                                 ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_normal, garray::random::normal(generator, loc, scale, destination, queue));
}

GA_API ga_status_t ga_rng_lognormal(ga_rng_t rng, double mean, double sigma, int ndim, const int64_t* shape,
                                    ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_lognormal, garray::random::lognormal(generator, mean, sigma, destination, queue));
}

GA_API ga_status_t ga_rng_exponential(ga_rng_t rng, double scale, int ndim, const int64_t* shape, ga_dtype_t dtype,
                                      ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_exponential, garray::random::exponential(generator, scale, destination, queue));
}

GA_API ga_status_t ga_rng_standard_gamma(ga_rng_t rng, double shape_parameter, int ndim, const int64_t* shape,
                                         ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_standard_gamma, garray::random::gamma(generator, shape_parameter, 1, destination, queue));
}

GA_API ga_status_t ga_rng_gamma(ga_rng_t rng, double shape_parameter, double scale, int ndim, const int64_t* shape,
                                ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_gamma, garray::random::gamma(generator, shape_parameter, scale, destination, queue));
}

GA_API ga_status_t ga_rng_beta(ga_rng_t rng, double a, double b, int ndim, const int64_t* shape, ga_dtype_t dtype,
                               ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_beta, garray::random::beta(generator, a, b, destination, queue));
}

GA_API ga_status_t ga_rng_chisquare(ga_rng_t rng, double df, int ndim, const int64_t* shape, ga_dtype_t dtype,
                                    ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_chisquare, garray::random::chisquare(generator, df, destination, queue));
}

GA_API ga_status_t ga_rng_poisson(ga_rng_t rng, double lam, int ndim, const int64_t* shape, ga_array_t out,
                                  ga_stream_t stream, ga_array_t* result) {
  const ga_dtype_t dtype = GA_INT64;
  GA_RNG_SAMPLE(ga_rng_poisson, garray::random::poisson(generator, lam, destination, queue));
}

GA_API ga_status_t ga_rng_binomial(ga_rng_t rng, int64_t n, double p, int ndim, const int64_t* shape, ga_array_t out,
                                   ga_stream_t stream, ga_array_t* result) {
  const ga_dtype_t dtype = GA_INT64;
  GA_RNG_SAMPLE(ga_rng_binomial, garray::random::binomial(generator, n, p, destination, queue));
}

GA_API ga_status_t ga_rng_geometric(ga_rng_t rng, double p, int ndim, const int64_t* shape, ga_array_t out,
                                    ga_stream_t stream, ga_array_t* result) {
  const ga_dtype_t dtype = GA_INT64;
  GA_RNG_SAMPLE(ga_rng_geometric, garray::random::geometric(generator, p, destination, queue));
}

GA_API ga_status_t ga_rng_integers(ga_rng_t rng, int64_t low, int64_t high, int endpoint, int ndim,
                                   const int64_t* shape, ga_dtype_t dtype, ga_array_t out, ga_stream_t stream,
                                   ga_array_t* result) {
  GA_RNG_SAMPLE(ga_rng_integers, garray::random::integers(generator, low, high, endpoint != 0, destination, queue));
}

GA_API ga_status_t ga_rng_choice(ga_rng_t rng, ga_array_t a, int64_t population, int replace, ga_array_t p, int ndim,
                                 const int64_t* shape, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  const ga_dtype_t dtype = GA_INT64;
  GA_RNG_SAMPLE(ga_rng_choice, garray::random::choice(generator, a ? &deref(a, "a") : nullptr, population, replace != 0,
                                                      p ? &deref(p, "p") : nullptr, destination, queue));
}

GA_API ga_status_t ga_rng_permutation(ga_rng_t rng, int64_t n, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return known_result(__func__, rng, out, stream, result,
                      [&](garray::Generator& generator, const garray::StreamRef& queue, auto&& check) {
                        check(garray::Dims{n < 0 ? 0 : n}, GA_INT64);
                        return garray::random::permutation(generator, n, queue);
                      });
}

GA_API ga_status_t ga_rng_permuted(ga_rng_t rng, ga_array_t x, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return known_result(__func__, rng, out, stream, result,
                      [&](garray::Generator& generator, const garray::StreamRef& queue, auto&& check) {
                        const garray::Array& array = deref(x, "x");
                        check(array.shape(), array.dtype());
                        return garray::random::permuted(generator, array, queue);
                      });
}

GA_API ga_status_t ga_rng_shuffle(ga_rng_t rng, ga_array_t x, ga_stream_t stream) {
  return guarded(__func__, [&] {
    garray::Generator& generator = *deref(rng, "rng");
    const garray::Array& array = deref(x, "x");
    garray::random::shuffle(generator, array, garray::capi::stream_or_current(stream));
  });
}

GA_API ga_status_t ga_rng_bytes(ga_rng_t rng, int64_t length, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return known_result(__func__, rng, out, stream, result,
                      [&](garray::Generator& generator, const garray::StreamRef& queue, auto&& check) {
                        check(garray::Dims{length < 0 ? 0 : length}, GA_UINT8);
                        return garray::random::random_bytes(generator, length, queue);
                      });
}

GA_API ga_status_t ga_random_seed(uint64_t seed) {
  return guarded(__func__, [&] { garray::random::seed_global_generator(garray::current_device(), seed); });
}

GA_API ga_status_t ga_random_get_rng(ga_rng_t* rng) {
  return guarded(__func__, [&] {
    require_out(rng, "rng");
    *rng = garray::capi::make_handle<ga_rng_s>(garray::random::global_generator(garray::current_device()));
  });
}

GA_API ga_status_t ga_random_rand(int ndim, const int64_t* shape, ga_dtype_t dtype, ga_array_t out,
                                  ga_stream_t stream, ga_array_t* result) {
  GA_LEGACY_SAMPLE(ga_random_rand, garray::random::uniform(generator, 0, 1, destination, queue));
}

GA_API ga_status_t ga_random_randn(int ndim, const int64_t* shape, ga_dtype_t dtype, ga_array_t out,
                                   ga_stream_t stream, ga_array_t* result) {
  GA_LEGACY_SAMPLE(ga_random_randn, garray::random::normal(generator, 0, 1, destination, queue));
}

GA_API ga_status_t ga_random_uniform(double low, double high, int ndim, const int64_t* shape, ga_dtype_t dtype,
                                     ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_LEGACY_SAMPLE(ga_random_uniform, garray::random::uniform(generator, low, high, destination, queue));
}

GA_API ga_status_t ga_random_normal(double loc, double scale, int ndim, const int64_t* shape, ga_dtype_t dtype,
                                    ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_LEGACY_SAMPLE(ga_random_normal, garray::random::normal(generator, loc, scale, destination, queue));
}

GA_API ga_status_t ga_random_randint(int64_t low, int64_t high, int ndim, const int64_t* shape, ga_dtype_t dtype,
                                     ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  GA_LEGACY_SAMPLE(ga_random_randint, garray::random::integers(generator, low, high, false, destination, queue));
}

}  // extern "C"
