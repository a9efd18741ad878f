/**
 * @file garray/random.h
 * @brief Random numbers on cuRAND: a generator object (NumPy's Generator / CuPy's default_rng)
 *        with the XORWOW, Philox4x32-10 or MRG32k3a bit generator, its distributions, random
 *        orderings and selections, and the legacy module-level functions on a per-device
 *        generator (numpy.random.seed, rand, randn, uniform, normal, randint).
 *
 * Reproducibility: a generator's numbers depend only on its bit generator, its seed and the
 * sequence of calls made on it: not on the device model, the stream a call is queued on, or the
 * timing. Every call draws on a fixed set of 131072 cuRAND streams (subsequences of the seed;
 * element i of a call's output comes from stream i mod 131072), and calls on one generator are
 * ordered on the device even across streams. The numbers are not NumPy's or CuPy's.
 *
 * Common parameters of the sampling functions:
 *  - @p rng: a live generator; it lives on the device that was current when it was made, and the
 *    stream must be on that device.
 *  - @p ndim, @p shape: the sample's shape (NumPy's size=); ndim 0 gives a 0-d array.
 *  - @p dtype: the result dtype where the function has one (float16, float32 or float64 for the
 *    continuous distributions; float16 is drawn as float32 and rounded).
 *  - @p out: in: NULL, or an array of @p shape the sample is cast into (same_kind) and written in
 *    place; out: the new array (the caller releases it) when it was NULL. Untouched on failure.
 *  - @p stream: the stream (NULL: the current stream). Nothing synchronises.
 *
 * Common errors: ::GA_ERROR_INVALID_HANDLE for a NULL or released @p rng, @p *out or array
 * argument; ::GA_ERROR_INVALID_ARGUMENT for NULL @p out, a NULL @p shape with ndim > 0, ndim
 * outside 0..GA_MAX_DIMS, a negative extent ("negative dimensions are not allowed"), a parameter
 * outside its domain (NumPy's message, listed per function), a read-only @p *out, a stream or
 * array on another device; ::GA_ERROR_SHAPE_MISMATCH for @p *out of another shape;
 * ::GA_ERROR_DTYPE for a dtype the function does not produce or an @p *out the sample does not
 * cast to; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 * docs/random.md has the details and examples. Thread-safe.
 */
#ifndef GARRAY_RANDOM_H
#define GARRAY_RANDOM_H

#include <garray/array.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A random number generator (reference-counted; release with ga_rng_release()). */
typedef struct ga_rng_s *ga_rng_t;

/** @brief cuRAND's bit generators. Values are fixed. */
typedef enum ga_bitgen {
  GA_BITGEN_XORWOW = 0,         /**< XORWOW (CuPy's default); persistent per-stream states. */
  GA_BITGEN_PHILOX4_32_10 = 1,  /**< Philox4x32-10, counter-based: no persistent state. */
  GA_BITGEN_MRG32K3A = 2        /**< MRG32k3a, combined multiple recursive; persistent states. */
} ga_bitgen_t;

/**
 * @brief Makes a generator on the current device, seeded with @p seed.
 * @param rng receives the new generator (the caller releases it).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown @p bitgen or NULL @p rng;
 *         ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_rng_create(ga_bitgen_t bitgen, uint64_t seed, ga_rng_t *rng);
/** @brief Adds a reference. @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE. */
GA_API ga_status_t ga_rng_retain(ga_rng_t rng);
/** @brief Drops a reference; the last one frees the generator. @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE. */
GA_API ga_status_t ga_rng_release(ga_rng_t rng);

/** @name Continuous distributions (dtype float16, float32 or float64) */
/** @{ */
/** @brief Uniform on [0, 1) (Generator.random). */
GA_API ga_status_t ga_rng_random(ga_rng_t rng, int ndim, const int64_t *shape, ga_dtype_t dtype, ga_array_t *out,
                                 ga_stream_t stream);
/**
 * @brief Uniform on [low, high). ::GA_ERROR_INVALID_ARGUMENT "Range exceeds valid bounds" for a
 *        non-finite high - low.
 */
GA_API ga_status_t ga_rng_uniform(ga_rng_t rng, double low, double high, int ndim, const int64_t *shape,
                                  ga_dtype_t dtype, ga_array_t *out, ga_stream_t stream);
/** @brief Standard normal (mean 0, standard deviation 1). */
GA_API ga_status_t ga_rng_standard_normal(ga_rng_t rng, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                          ga_array_t *out, ga_stream_t stream);
/** @brief Normal of mean @p loc and standard deviation @p scale ("scale < 0"). */
GA_API ga_status_t ga_rng_normal(ga_rng_t rng, double loc, double scale, int ndim, const int64_t *shape,
                                 ga_dtype_t dtype, ga_array_t *out, ga_stream_t stream);
/** @brief exp(normal(mean, sigma)) ("sigma < 0"). */
GA_API ga_status_t ga_rng_lognormal(ga_rng_t rng, double mean, double sigma, int ndim, const int64_t *shape,
                                    ga_dtype_t dtype, ga_array_t *out, ga_stream_t stream);
/** @brief Exponential of mean @p scale ("scale < 0"). */
GA_API ga_status_t ga_rng_exponential(ga_rng_t rng, double scale, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                      ga_array_t *out, ga_stream_t stream);
/** @brief Gamma of shape @p shape_parameter and scale 1 ("shape < 0"; shape 0 gives 0). */
GA_API ga_status_t ga_rng_standard_gamma(ga_rng_t rng, double shape_parameter, int ndim, const int64_t *shape,
                                         ga_dtype_t dtype, ga_array_t *out, ga_stream_t stream);
/** @brief Gamma of shape @p shape_parameter and scale @p scale ("shape < 0", "scale < 0"). */
GA_API ga_status_t ga_rng_gamma(ga_rng_t rng, double shape_parameter, double scale, int ndim, const int64_t *shape,
                                ga_dtype_t dtype, ga_array_t *out, ga_stream_t stream);
/** @brief Beta(a, b) ("a <= 0", "b <= 0"). */
GA_API ga_status_t ga_rng_beta(ga_rng_t rng, double a, double b, int ndim, const int64_t *shape, ga_dtype_t dtype,
                               ga_array_t *out, ga_stream_t stream);
/** @brief Chi-square with @p df degrees of freedom ("df <= 0"). */
GA_API ga_status_t ga_rng_chisquare(ga_rng_t rng, double df, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                    ga_array_t *out, ga_stream_t stream);
/** @} */

/** @name Discrete distributions (int64 results; @p out may be of any dtype int64 casts to) */
/** @{ */
/** @brief Poisson of mean @p lam ("lam < 0", "lam value too large" from about 9.2e18). */
GA_API ga_status_t ga_rng_poisson(ga_rng_t rng, double lam, int ndim, const int64_t *shape, ga_array_t *out,
                                  ga_stream_t stream);
/** @brief Binomial: successes in @p n trials of probability @p p ("n < 0", "p < 0", "p > 1", "p is nan"). */
GA_API ga_status_t ga_rng_binomial(ga_rng_t rng, int64_t n, double p, int ndim, const int64_t *shape,
                                   ga_array_t *out, ga_stream_t stream);
/** @brief Geometric: trials up to the first success, from 1 ("p <= 0", "p > 1"). */
GA_API ga_status_t ga_rng_geometric(ga_rng_t rng, double p, int ndim, const int64_t *shape, ga_array_t *out,
                                    ga_stream_t stream);
/**
 * @brief Integers uniform on [low, high), or [low, high] when @p endpoint is nonzero, without
 *        modulo bias, of an integer or bool @p dtype (Generator.integers).
 * ::GA_ERROR_INVALID_ARGUMENT "low >= high" ("low > high" with endpoint), "low is out of bounds
 * for int8", "high is out of bounds for int8" (bounds beyond the dtype; uint64 values above
 * INT64_MAX cannot be asked for); ::GA_ERROR_DTYPE for a floating or complex dtype.
 */
GA_API ga_status_t ga_rng_integers(ga_rng_t rng, int64_t low, int64_t high, int endpoint, int ndim,
                                   const int64_t *shape, ga_dtype_t dtype, ga_array_t *out, ga_stream_t stream);
/** @} */

/** @name Orderings and selections */
/** @{ */
/**
 * @brief Generator.choice: @p shape items of the 1-d array @p a, or of 0..population-1 when @p a
 *        is NULL, with replacement when @p replace is nonzero, with the probabilities @p p when
 *        given (a 1-d array of non-negative numbers as long as the population, normalised by its
 *        sum on the device: the Python package checks the sum as NumPy does).
 * The result has @p a's dtype, or int64. Without replacement and with p, items of probability
 * zero are taken last (NumPy refuses a sample larger than the non-zero entries).
 * ::GA_ERROR_INVALID_ARGUMENT "a must be 1-dimensional", "a cannot be empty unless no samples are
 * taken", "Cannot take a larger sample than population when replace is False", "p must be
 * 1-dimensional", "a and p must have same size"; ::GA_ERROR_DTYPE for a complex or non-numeric p.
 */
GA_API ga_status_t ga_rng_choice(ga_rng_t rng, ga_array_t a, int64_t population, int replace, ga_array_t p,
                                 int ndim, const int64_t *shape, ga_array_t *out, ga_stream_t stream);
/**
 * @brief A random permutation of 0..n-1 (int64), by sorting random 64-bit keys ("negative
 *        dimensions are not allowed" for n < 0).
 */
GA_API ga_status_t ga_rng_permutation(ga_rng_t rng, int64_t n, ga_array_t *out, ga_stream_t stream);
/**
 * @brief A copy of @p x with its first axis in random order (Generator.permutation of an array).
 * ::GA_ERROR_INVALID_ARGUMENT for a 0-d @p x ("x must be an integer or at least 1-dimensional").
 */
GA_API ga_status_t ga_rng_permuted(ga_rng_t rng, ga_array_t x, ga_array_t *out, ga_stream_t stream);
/**
 * @brief Puts the first axis of @p x in random order, in place (Generator.shuffle).
 * ::GA_ERROR_INVALID_ARGUMENT for a 0-d or read-only @p x.
 */
GA_API ga_status_t ga_rng_shuffle(ga_rng_t rng, ga_array_t x, ga_stream_t stream);
/** @brief @p length random bytes as a uint8 array (Generator.bytes; "negative dimensions are not allowed"). */
GA_API ga_status_t ga_rng_bytes(ga_rng_t rng, int64_t length, ga_array_t *out, ga_stream_t stream);
/** @} */

/**
 * @name Legacy module-level functions
 * On the current device's global generator: Philox4x32-10 (counter-based: no device state), seeded from
 * the system's entropy until ga_random_seed() is called. Parameters and errors as the generator's.
 */
/** @{ */
/**
 * @brief Replaces the current device's global generator by one seeded with @p seed.
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_random_seed(uint64_t seed);
/**
 * @brief A new reference to the current device's global generator (the one the functions below
 *        use until the next ga_random_seed()), for the distributions without a legacy function.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p rng; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_random_get_rng(ga_rng_t *rng);
/** @brief numpy.random.rand / random_sample: uniform on [0, 1). */
GA_API ga_status_t ga_random_rand(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_array_t *out,
                                  ga_stream_t stream);
/** @brief numpy.random.randn: standard normal. */
GA_API ga_status_t ga_random_randn(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_array_t *out,
                                   ga_stream_t stream);
/** @brief numpy.random.uniform: uniform on [low, high). */
GA_API ga_status_t ga_random_uniform(double low, double high, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                     ga_array_t *out, ga_stream_t stream);
/** @brief numpy.random.normal ("scale < 0"). */
GA_API ga_status_t ga_random_normal(double loc, double scale, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                    ga_array_t *out, ga_stream_t stream);
/** @brief numpy.random.randint: integers on [low, high) ("low >= high"). */
GA_API ga_status_t ga_random_randint(int64_t low, int64_t high, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                     ga_array_t *out, ga_stream_t stream);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_RANDOM_H */
