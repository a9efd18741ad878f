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
 * The sampling functions share their parameters, documented once at ga_rng_random():
 *  - @p rng: a live generator; it lives on the device that was current when it was made, and the
 *    stream must be on that device.
 *  - @p ndim, @p shape: the sample's shape (NumPy's size=); ndim 0 gives a 0-d array.
 *  - @p dtype: the result dtype where the function has one (float16, float32 or float64 for the
 *    continuous distributions; float16 is drawn as float32 and rounded). The discrete
 *    distributions give int64 and take no dtype.
 *  - @p out: the destination: NULL to allocate, or an array of @p shape, writeable, on the
 *    generator's device, that the sample is cast into (same_kind) and written in place.
 *  - @p stream: the stream (NULL: the current stream). The work is asynchronous; nothing
 *    synchronises.
 *  - @p result: receives the sample: a new C-contiguous array the caller releases, or @p out
 *    itself with one more reference when a destination was given. Never read; written only on
 *    success.
 *
 * Common errors: ::GA_ERROR_INVALID_HANDLE for a NULL or released @p rng, or a released @p out or
 * array argument; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, a NULL @p shape with ndim > 0,
 * ndim outside 0..GA_MAX_DIMS, a negative extent ("negative dimensions are not allowed"), a
 * parameter outside its domain (NumPy's message, listed per function), a read-only @p out, a
 * stream, @p out or array argument on another device than the generator's;
 * ::GA_ERROR_SHAPE_MISMATCH for an @p out of another shape ("out has shape (2,) but the result has
 * shape (3,)"); ::GA_ERROR_DTYPE for a dtype the function does not produce or an @p out the sample
 * does not cast to (same_kind); ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 * On failure @p out is not written. docs/random.md has the details and examples. Thread-safe.
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
 *
 * No device work. XORWOW's and MRG32k3a's states (about 6 MB) are made and seeded on the
 * generator's first sampling call, on that call's stream.
 * @param[in] bitgen the bit generator.
 * @param[in] seed the seed.
 * @param[out] rng receives the new generator (the caller releases it with ga_rng_release()).
 *        Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown @p bitgen or NULL @p rng;
 *         ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_rng_create(ga_bitgen_t bitgen, uint64_t seed, ga_rng_t *rng);

/**
 * @brief Adds a reference to @p rng. No device work.
 * @param[in] rng a live generator.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p rng.
 */
GA_API ga_status_t ga_rng_retain(ga_rng_t rng);

/**
 * @brief Drops a reference to @p rng; the last one frees the generator.
 *
 * No device work. Freeing a generator that holds device states (XORWOW, MRG32k3a) waits on the
 * host for its last queued call first, since that call may still use them on another stream.
 * @param[in] rng a live generator.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p rng.
 */
GA_API ga_status_t ga_rng_release(ga_rng_t rng);

/** @name Continuous distributions (dtype float16, float32 or float64) */
/** @{ */
/**
 * @brief Uniform on [0, 1) (Generator.random).
 * @param[in] rng a live generator, on the stream's device.
 * @param[in] ndim the number of extents in @p shape, 0 to ::GA_MAX_DIMS (0: a 0-d sample).
 * @param[in] shape the sample's shape (NumPy's size=); may be NULL when @p ndim is 0.
 * @param[in] dtype the sample's dtype: ::GA_FLOAT16 (drawn as float32 and rounded, which can reach
 *        the upper bound), ::GA_FLOAT32 or ::GA_FLOAT64.
 * @param[in] out NULL to allocate, or the destination: an array of @p shape, writeable, on the
 *        generator's device, that the sample is cast into (same_kind) and written in place.
 * @param[in] stream the stream to queue on (NULL: the current stream). Nothing synchronises.
 * @param[out] result receives the sample: a new C-contiguous array the caller releases, or @p out
 *        with one more reference when it was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p rng or a released @p out;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, a NULL @p shape with @p ndim > 0, an
 *         @p ndim outside 0..::GA_MAX_DIMS, a negative extent ("negative dimensions are not
 *         allowed"), a read-only @p out, a stream or @p out on another device than the generator's;
 *         ::GA_ERROR_SHAPE_MISMATCH for an @p out of another shape than @p shape;
 *         ::GA_ERROR_DTYPE for a @p dtype the function does not produce or an @p out the sample
 *         does not cast to (same_kind); ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY;
 *         ::GA_ERROR_CUDA. On failure @p out is not written.
 */
GA_API ga_status_t ga_rng_random(ga_rng_t rng, int ndim, const int64_t *shape, ga_dtype_t dtype, ga_array_t out,
                                 ga_stream_t stream, ga_array_t *result);
/**
 * @brief Uniform on [low, high) (Generator.uniform).
 * @param[in] rng as ga_rng_random().
 * @param[in] low the lower bound (included).
 * @param[in] high the upper bound (excluded).
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "Range exceeds valid bounds" for a
 *         non-finite high - low.
 */
GA_API ga_status_t ga_rng_uniform(ga_rng_t rng, double low, double high, int ndim, const int64_t *shape,
                                  ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Standard normal: mean 0, standard deviation 1 (Generator.standard_normal).
 * @copydetails ga_rng_random
 */
GA_API ga_status_t ga_rng_standard_normal(ga_rng_t rng, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                          ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Normal of mean @p loc and standard deviation @p scale (Generator.normal).
 * @param[in] rng as ga_rng_random().
 * @param[in] loc the mean.
 * @param[in] scale the standard deviation, at least 0.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "scale < 0".
 */
GA_API ga_status_t ga_rng_normal(ga_rng_t rng, double loc, double scale, int ndim, const int64_t *shape,
                                 ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Log-normal: exp(normal(mean, sigma)) (Generator.lognormal).
 * @param[in] rng as ga_rng_random().
 * @param[in] mean the mean of the underlying normal.
 * @param[in] sigma the standard deviation of the underlying normal, at least 0.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "sigma < 0".
 */
GA_API ga_status_t ga_rng_lognormal(ga_rng_t rng, double mean, double sigma, int ndim, const int64_t *shape,
                                    ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Exponential of mean @p scale (Generator.exponential).
 * @param[in] rng as ga_rng_random().
 * @param[in] scale the mean (1/lambda), at least 0.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "scale < 0".
 */
GA_API ga_status_t ga_rng_exponential(ga_rng_t rng, double scale, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                      ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Gamma of shape @p shape_parameter and scale 1 (Generator.standard_gamma).
 * @param[in] rng as ga_rng_random().
 * @param[in] shape_parameter the gamma's shape (k), at least 0; shape 0 gives 0.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "shape < 0".
 */
GA_API ga_status_t ga_rng_standard_gamma(ga_rng_t rng, double shape_parameter, int ndim, const int64_t *shape,
                                         ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Gamma of shape @p shape_parameter and scale @p scale (Generator.gamma).
 * @param[in] rng as ga_rng_random().
 * @param[in] shape_parameter the gamma's shape (k), at least 0; shape 0 gives 0.
 * @param[in] scale the gamma's scale (theta), at least 0.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "shape < 0", "scale < 0".
 */
GA_API ga_status_t ga_rng_gamma(ga_rng_t rng, double shape_parameter, double scale, int ndim, const int64_t *shape,
                                ga_dtype_t dtype, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Beta(a, b) (Generator.beta).
 * @param[in] rng as ga_rng_random().
 * @param[in] a alpha, above 0.
 * @param[in] b beta, above 0.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "a <= 0", "b <= 0".
 */
GA_API ga_status_t ga_rng_beta(ga_rng_t rng, double a, double b, int ndim, const int64_t *shape, ga_dtype_t dtype,
                               ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Chi-square with @p df degrees of freedom (Generator.chisquare; gamma(df/2, 2)).
 * @param[in] rng as ga_rng_random().
 * @param[in] df the degrees of freedom, above 0.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "df <= 0".
 */
GA_API ga_status_t ga_rng_chisquare(ga_rng_t rng, double df, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                    ga_array_t out, ga_stream_t stream, ga_array_t *result);
/** @} */

/** @name Discrete distributions (int64 results; @p out may be of any dtype int64 casts to, same_kind) */
/** @{ */
/**
 * @brief Poisson of mean @p lam (Generator.poisson), as int64.
 * @param[in] rng as ga_rng_random().
 * @param[in] lam the mean, from 0 to about 9.2e18.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] out as ga_rng_random(), for an int64 sample.
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "lam < 0", "lam value too large"
 *         (from about 9.2e18).
 */
GA_API ga_status_t ga_rng_poisson(ga_rng_t rng, double lam, int ndim, const int64_t *shape, ga_array_t out,
                                  ga_stream_t stream, ga_array_t *result);
/**
 * @brief Binomial: successes in @p n trials of probability @p p (Generator.binomial), as int64.
 * @param[in] rng as ga_rng_random().
 * @param[in] n the number of trials, at least 0.
 * @param[in] p the probability of success, in [0, 1].
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] out as ga_rng_random(), for an int64 sample.
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "n < 0", "p < 0", "p > 1",
 *         "p is nan".
 */
GA_API ga_status_t ga_rng_binomial(ga_rng_t rng, int64_t n, double p, int ndim, const int64_t *shape,
                                   ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief Geometric: the number of trials up to the first success, from 1 (Generator.geometric),
 *        as int64.
 * @param[in] rng as ga_rng_random().
 * @param[in] p the probability of success, in (0, 1].
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] out as ga_rng_random(), for an int64 sample.
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "p <= 0", "p > 1".
 */
GA_API ga_status_t ga_rng_geometric(ga_rng_t rng, double p, int ndim, const int64_t *shape, ga_array_t out,
                                    ga_stream_t stream, ga_array_t *result);
/**
 * @brief Integers uniform on [low, high), or [low, high] when @p endpoint is nonzero, without
 *        modulo bias, of an integer or bool @p dtype (Generator.integers).
 * @param[in] rng as ga_rng_random().
 * @param[in] low the lowest value.
 * @param[in] high the bound: excluded, or included when @p endpoint is nonzero.
 * @param[in] endpoint nonzero to include @p high.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype an integer dtype or ::GA_BOOL.
 * @param[in] out as ga_rng_random().
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_ARGUMENT "low >= high" ("low > high" with
 *         @p endpoint), "low is out of bounds for int8", "high is out of bounds for int8" (bounds
 *         beyond the dtype; uint64 values above INT64_MAX cannot be asked for); ::GA_ERROR_DTYPE
 *         for a floating or complex @p dtype.
 */
GA_API ga_status_t ga_rng_integers(ga_rng_t rng, int64_t low, int64_t high, int endpoint, int ndim,
                                   const int64_t *shape, ga_dtype_t dtype, ga_array_t out, ga_stream_t stream,
                                   ga_array_t *result);
/** @} */

/** @name Orderings and selections */
/** @{ */
/**
 * @brief Generator.choice: @p shape items of the 1-d array @p a, or of 0..population-1 when @p a
 *        is NULL, with replacement when @p replace is nonzero, with the probabilities @p p when
 *        given.
 *
 * The result has @p a's dtype, or int64. Without replacement and with @p p, items of probability
 * zero are taken last (NumPy refuses a sample larger than the non-zero entries).
 * @param[in] rng as ga_rng_random().
 * @param[in] a the population, a 1-d array on the generator's device; NULL for 0..population-1.
 * @param[in] population the population's size when @p a is NULL (ignored otherwise), at least 0.
 * @param[in] replace nonzero to sample with replacement.
 * @param[in] p NULL for equal probabilities, or a 1-d array of non-negative real numbers as long as
 *        the population, normalised by its sum on the device (the Python package checks the sum
 *        as NumPy does).
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] out as ga_rng_random(), for a sample of @p a's dtype (int64 without @p a).
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(); also ::GA_ERROR_INVALID_HANDLE for a released @p a or @p p;
 *         ::GA_ERROR_INVALID_ARGUMENT "a must be 1-dimensional", "a must be a positive integer
 *         unless no samples are taken", "a cannot be empty unless no samples are taken", "Cannot
 *         take a larger sample than population when replace is False", "p must be 1-dimensional",
 *         "a and p must have same size"; ::GA_ERROR_DTYPE for a complex or non-numeric @p p.
 */
GA_API ga_status_t ga_rng_choice(ga_rng_t rng, ga_array_t a, int64_t population, int replace, ga_array_t p,
                                 int ndim, const int64_t *shape, ga_array_t out, ga_stream_t stream,
                                 ga_array_t *result);
/**
 * @brief A random permutation of 0..n-1 (int64; Generator.permutation of an integer), by sorting
 *        random 64-bit keys.
 * @param[in] rng as ga_rng_random().
 * @param[in] n the length, at least 0.
 * @param[in] out NULL, or the destination: an array of shape (n,) that int64 casts to (same_kind),
 *        writeable, on the generator's device.
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random() (the shape being (n,)); ::GA_ERROR_INVALID_ARGUMENT "negative
 *         dimensions are not allowed" for @p n < 0.
 */
GA_API ga_status_t ga_rng_permutation(ga_rng_t rng, int64_t n, ga_array_t out, ga_stream_t stream,
                                      ga_array_t *result);
/**
 * @brief A copy of @p x with its first axis in random order (Generator.permutation of an array).
 * @param[in] rng as ga_rng_random().
 * @param[in] x the array, at least 1-d, on the generator's device. Never modified.
 * @param[in] out NULL, or the destination: an array of @p x's shape that @p x's dtype casts to
 *        (same_kind), writeable, on the generator's device.
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random() (the shape and dtype being @p x's); also ::GA_ERROR_INVALID_HANDLE
 *         for a NULL or released @p x; ::GA_ERROR_INVALID_ARGUMENT for a 0-d @p x ("x must be an
 *         integer or at least 1-dimensional").
 */
GA_API ga_status_t ga_rng_permuted(ga_rng_t rng, ga_array_t x, ga_array_t out, ga_stream_t stream,
                                   ga_array_t *result);
/**
 * @brief Puts the first axis of @p x in random order, in place (Generator.shuffle).
 * @param[in] rng as ga_rng_random().
 * @param[in] x the array whose contents are reordered: at least 1-d, writeable, on the
 *        generator's device.
 * @param[in] stream as ga_rng_random().
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p rng or @p x;
 *         ::GA_ERROR_INVALID_ARGUMENT for a 0-d or read-only @p x, a stream or @p x on another
 *         device than the generator's; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY;
 *         ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_rng_shuffle(ga_rng_t rng, ga_array_t x, ga_stream_t stream);
/**
 * @brief @p length random bytes as a uint8 array (Generator.bytes).
 * @param[in] rng as ga_rng_random().
 * @param[in] length the number of bytes, at least 0.
 * @param[in] out NULL, or the destination: an array of shape (length,) that uint8 casts to
 *        (same_kind), writeable, on the generator's device.
 * @param[in] stream as ga_rng_random().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random() (the shape being (length,)); ::GA_ERROR_INVALID_ARGUMENT "negative
 *         dimensions are not allowed" for @p length < 0.
 */
GA_API ga_status_t ga_rng_bytes(ga_rng_t rng, int64_t length, ga_array_t out, ga_stream_t stream,
                                ga_array_t *result);
/** @} */

/**
 * @name Legacy module-level functions
 * On a per-device global generator: Philox4x32-10 (counter-based: no device state), seeded from
 * the system's entropy until ga_random_seed() is called. A sampling function uses the generator
 * of the stream's device (the current device's for a NULL stream). Parameters and errors are the
 * generator's (ga_rng_random()), without @p rng.
 */
/** @{ */
/**
 * @brief Replaces the current device's global generator by a new one seeded with @p seed
 *        (numpy.random.seed).
 *
 * No device work. Handles from an earlier ga_random_get_rng() keep the generator they were given,
 * which is no longer the global one.
 * @param[in] seed the seed.
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_random_seed(uint64_t seed);
/**
 * @brief The current device's global generator (the one the functions below use on that device
 *        until the next ga_random_seed()), for the distributions without a legacy function.
 *
 * No device work. Each call returns a new handle (one reference, which the caller releases with
 * ga_rng_release()) to the shared generator: draws through it advance the same sequence as the
 * legacy functions, and it keeps that generator alive after a later ga_random_seed() replaces it.
 * @param[out] rng receives the new handle. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p rng; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_random_get_rng(ga_rng_t *rng);
/**
 * @brief numpy.random.rand / random_sample: uniform on [0, 1).
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_rng_random(), on the stream's device.
 * @param[in] stream the stream to queue on (NULL: the current stream); its device's global
 *        generator draws.
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_random(), without the errors of @p rng.
 */
GA_API ga_status_t ga_random_rand(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_array_t out,
                                  ga_stream_t stream, ga_array_t *result);
/**
 * @brief numpy.random.randn: standard normal.
 * @copydetails ga_random_rand
 */
GA_API ga_status_t ga_random_randn(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);
/**
 * @brief numpy.random.uniform: uniform on [low, high).
 * @param[in] low the lower bound (included).
 * @param[in] high the upper bound (excluded).
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_random_rand().
 * @param[in] stream as ga_random_rand().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_uniform(), without the errors of @p rng.
 */
GA_API ga_status_t ga_random_uniform(double low, double high, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                     ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief numpy.random.normal: normal of mean @p loc and standard deviation @p scale.
 * @param[in] loc the mean.
 * @param[in] scale the standard deviation, at least 0.
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype as ga_rng_random().
 * @param[in] out as ga_random_rand().
 * @param[in] stream as ga_random_rand().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_normal() ("scale < 0"), without the errors of @p rng.
 */
GA_API ga_status_t ga_random_normal(double loc, double scale, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                    ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief numpy.random.randint: integers on [low, high).
 * @param[in] low the lowest value.
 * @param[in] high the bound (excluded).
 * @param[in] ndim as ga_rng_random().
 * @param[in] shape as ga_rng_random().
 * @param[in] dtype an integer dtype or ::GA_BOOL, as ga_rng_integers().
 * @param[in] out as ga_random_rand().
 * @param[in] stream as ga_random_rand().
 * @param[out] result as ga_rng_random().
 * @return as ga_rng_integers() ("low >= high"), without the errors of @p rng.
 */
GA_API ga_status_t ga_random_randint(int64_t low, int64_t high, int ndim, const int64_t *shape, ga_dtype_t dtype,
                                     ga_array_t out, ga_stream_t stream, ga_array_t *result);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_RANDOM_H */
