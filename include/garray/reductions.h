/**
 * @file garray/reductions.h
 * @brief NumPy's named reductions and statistics: sum, prod, max, min, any, all, argmax, argmin,
 *        mean, var, std, count_nonzero, ptp, the nan* variants, average, cov and corrcoef.
 *
 * Each reduction takes the array, a ::ga_reduce_options_t (NULL: every axis, NumPy's default
 * dtype, no keepdims, ddof 0), an optional destination @p out (NumPy's out=; NULL allocates), a
 * stream (NULL: the current stream), and writes the array @p result. Full reductions give 0-d
 * device arrays; nothing synchronises.
 * Dtypes follow NumPy 2: sum and prod widen bool and integers narrower than 64 bits to
 * int64/uint64, float16/bfloat16 accumulate in float32, mean/var/std of integers are float64, var
 * and std of complex values are real. max/min/argmax/argmin propagate NaN (the first NaN wins);
 * the nan* variants skip it. Complex values order lexicographically (real part, then imaginary).
 * docs/reductions.md has the rules and examples. Thread-safe.
 */
#ifndef GARRAY_REDUCTIONS_H
#define GARRAY_REDUCTIONS_H

#include <garray/array.h>
#include <garray/creation.h> /* GA_DTYPE_SAME */
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Options of a named reduction. Set @c struct_size to sizeof(ga_reduce_options_t); pass
 *        NULL for the defaults.
 */
typedef struct ga_reduce_options {
  size_t struct_size; /**< In: sizeof(ga_reduce_options_t) as the caller knows it. */
  const int *axes;    /**< @c axis_count axes (negative from the end); NULL with -1: every axis. */
  int axis_count;     /**< -1 with @c axes NULL: every axis (argmax/argmin: the flattened array). */
  int keepdims;       /**< Nonzero: reduced axes stay with extent 1. */
  ga_dtype_t dtype;   /**< NumPy's dtype= (sum, prod, mean, var, std and nan*); ::GA_DTYPE_SAME: none. */
  double ddof;        /**< var/std: the divisor is N - ddof (NumPy's ddof, a float there too). */
} ga_reduce_options_t;

/**
 * @name Named reductions
 * Every function below has the parameters and rules documented at ga_array_sum().
 */
/** @{ */
/**
 * @brief np.sum.
 *
 * Every named reduction (ga_array_sum() to ga_array_nanstd()) takes these parameters and follows
 * these rules. The work is queued on @p stream and nothing synchronises; a full reduction gives a
 * 0-d device array. Thread-safe.
 *
 * @param[in] a the array (any layout, on the stream's device).
 * @param[in] options NULL for the defaults (every axis, NumPy's default dtype, no keepdims, ddof 0),
 *        or the options. A dtype or a nonzero ddof given to a reduction that takes none is refused.
 *        The arg reductions (argmax, argmin, nanargmax, nanargmin) take one axis or none: axes NULL
 *        with axis_count -1, or the single axis ::GA_AXIS_NONE, for the flattened array.
 * @param[in] out NULL to have a new C-contiguous array allocated; else the destination, written in
 *        place: an array of the reduced shape, on the stream's device, writeable, whose dtype the
 *        result casts to (same_kind; safe for the arg reductions, whose result is int64). It is
 *        checked before any work and not written on failure.
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result: a new array (the caller releases it), or @p out with one
 *        more reference when @p out was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p a, or a released @p out or
 *         @p stream; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, bad options (struct_size, a
 *         repeated axis, axis_count below -1, a NaN ddof, a dtype or ddof the reduction does not
 *         take, several axes for an arg reduction), an empty max/min/argmax/argmin/ptp/nanmin/...
 *         slice (NumPy's ValueError), a read-only @p out or one on another device than the
 *         stream's; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_SHAPE_MISMATCH for an
 *         @p out of another shape than the reduced one; ::GA_ERROR_DTYPE for an undefined dtype,
 *         an @p out the result does not cast to, or a dtype without the operation (ptp of bool);
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_sum(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.prod.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_prod(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                 ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.max (np.amax): NaN propagates.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_max(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.min (np.amin): NaN propagates.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_min(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.any: a bool array.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_any(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.all: a bool array.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_all(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.argmax over one axis or the flattened array (axes NULL, or the one axis ::GA_AXIS_NONE): int64.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_argmax(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.argmin, as ga_array_argmax().
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_argmin(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.mean: NaN for an empty slice.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_mean(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                 ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.var: one pass (Welford's update, Chan's merge); divisor max(N - ddof, 0).
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_var(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.std: the square root of ga_array_var().
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_std(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.count_nonzero: int64 (a 0-d array for axis=None, where NumPy returns a Python int).
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_count_nonzero(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                          ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.ptp: max - min in the input's dtype (integers wrap, as NumPy's).
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_ptp(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nansum: NaN counts as zero.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nansum(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nanprod: NaN counts as one.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nanprod(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                    ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nanmin: NaN is skipped; an all-NaN slice gives NaN.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nanmin(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nanmax: NaN is skipped; an all-NaN slice gives NaN.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nanmax(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nanargmin: NaN is skipped. An all-NaN slice gives -1, as CuPy's (NumPy raises ValueError, which would need
 *        the result on the host).
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nanargmin(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                      ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nanargmax, as ga_array_nanargmin().
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nanargmax(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                      ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nanmean: the mean of the non-NaN values; NaN for an all-NaN slice.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nanmean(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                    ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nanvar: N counts the non-NaN values.
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nanvar(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.nanstd: the square root of ga_array_nanvar().
 * @copydetails ga_array_sum
 */
GA_API ga_status_t ga_array_nanstd(ga_array_t a, const ga_reduce_options_t *options, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);
/** @} */

/**
 * @brief np.average: the mean, or with @p weights the weighted mean sum(a * w) / sum(w).
 *
 * The result dtype is NumPy's: result_type(a, weights), float64 at least for integer or bool @p a
 * (without weights: that of ga_array_mean()). Weights that sum to zero give inf/NaN here (NumPy raises
 * ZeroDivisionError, which would need the sum on the host; the Python package checks it as CuPy
 * does). The work is queued on @p stream and nothing synchronises. Thread-safe.
 *
 * @param[in] a the array (any layout, on the stream's device).
 * @param[in] weights NULL, or an array of @p a's shape, or a 1-D array as long as @p a's one
 *        reduced axis (then @c options->axes names exactly one axis).
 * @param[in] options NULL or the options: axes and keepdims as for ga_array_sum(); dtype and ddof
 *        must be left unset.
 * @param[in] out NULL to allocate, or the destination, as for ga_array_sum() (same_kind casting).
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_array_sum().
 * @return as ga_array_sum(); also ::GA_ERROR_INVALID_ARGUMENT for a dtype or ddof in @p options;
 *         ::GA_ERROR_INVALID_HANDLE for a released @p weights; ::GA_ERROR_SHAPE_MISMATCH when
 *         @p weights fit neither form.
 */
GA_API ga_status_t ga_array_average(ga_array_t a, ga_array_t weights, const ga_reduce_options_t *options,
                                    ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief np.cov(m, y, rowvar, bias, ddof): the covariance matrix of the variables in @p m's rows
 *        (@p rowvar nonzero) or columns, with @p y's variables appended.
 *
 * Always a new array (NumPy's cov has no out=): 2-D, or 0-d when there is a single variable (as
 * NumPy's squeeze). Integer inputs give float64. The work is queued on @p stream and nothing
 * synchronises. Thread-safe.
 *
 * @param[in] m a 1-D or 2-D array (on the stream's device).
 * @param[in] y NULL, or a 1-D or 2-D array of as many observations as @p m.
 * @param[in] rowvar nonzero: each row is a variable (NumPy's default); 0: each column is.
 * @param[in] bias nonzero: NumPy's bias=True, the default divisor N instead of N - 1.
 * @param[in] ddof the divisor is N - ddof (overriding @p bias); -1 for NumPy's default (1, or 0
 *        with @p bias).
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the new array (the caller releases it). Never read; written only on
 *        success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p m, a released @p y or
 *         @p stream; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, an input of more than 2
 *         dimensions, @p ddof below -1; ::GA_ERROR_SHAPE_MISMATCH when @p y has another number of
 *         observations; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_cov(ga_array_t m, ga_array_t y, int rowvar, int bias, int ddof, ga_stream_t stream,
                                ga_array_t *result);

/**
 * @brief np.corrcoef(x, y, rowvar): Pearson correlation coefficients, cov / sqrt(diag ⊗ diag),
 *        with real (and imaginary) parts clipped to [-1, 1].
 *
 * Always a new array (NumPy's corrcoef has no out=), shaped as ga_array_cov()'s. The work is
 * queued on @p stream and nothing synchronises. Thread-safe.
 *
 * @param[in] x a 1-D or 2-D array (on the stream's device).
 * @param[in] y NULL, or a 1-D or 2-D array of as many observations as @p x.
 * @param[in] rowvar nonzero: each row is a variable (NumPy's default); 0: each column is.
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the new array (the caller releases it). Never read; written only on
 *        success.
 * @return as ga_array_cov().
 */
GA_API ga_status_t ga_array_corrcoef(ga_array_t x, ga_array_t y, int rowvar, ga_stream_t stream, ga_array_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_REDUCTIONS_H */
