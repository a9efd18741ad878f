/**
 * @file garray/reductions.h
 * @brief NumPy's named reductions and statistics: sum, prod, max, min, any, all, argmax, argmin,
 *        mean, var, std, count_nonzero, ptp, the nan* variants, average, cov and corrcoef.
 *
 * Each reduction takes the array, a ::ga_reduce_options_t (NULL: every axis, NumPy's default
 * dtype, no keepdims, ddof 0), an @p out that is read and written as ga_ufunc_reduce()'s is, and a
 * stream (NULL: the current stream). Full reductions give 0-d device arrays; nothing synchronises.
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
 * Every function below has this signature and these rules.
 * @param a the array (any layout, on the stream's device).
 * @param options NULL or the options; a dtype or nonzero ddof for a reduction without one is refused.
 * @param out in: NULL, or an array of the reduced shape whose dtype the result casts to
 *        (same_kind; safe for the arg reductions, whose result is int64), written in place;
 *        out: the new array (the caller releases it) when it was NULL. Untouched on failure.
 * @param stream the stream (NULL: the current stream).
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p a or @p *out;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p out, bad options (struct_size, a repeated axis,
 *         axis_count below -1, a dtype or ddof the reduction does not take, several axes for an arg
 *         reduction), an empty max/min/argmax/argmin/ptp/nanmin/... slice (NumPy's ValueError), a
 *         read-only @p *out; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_SHAPE_MISMATCH
 *         for @p *out of another shape; ::GA_ERROR_DTYPE for an undefined dtype, an @p *out the
 *         result does not cast to, or a dtype without the operation (ptp of bool);
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
/** @{ */
/** @brief np.sum. */
GA_API ga_status_t ga_sum(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.prod. */
GA_API ga_status_t ga_prod(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.max (np.amax): NaN propagates. */
GA_API ga_status_t ga_max(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.min (np.amin): NaN propagates. */
GA_API ga_status_t ga_min(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.any: a bool array. */
GA_API ga_status_t ga_any(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.all: a bool array. */
GA_API ga_status_t ga_all(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.argmax over one axis or the flattened array (axes NULL, or one ::GA_AXIS_NONE): int64. */
GA_API ga_status_t ga_argmax(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.argmin, as ga_argmax(). */
GA_API ga_status_t ga_argmin(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.mean: NaN for an empty slice. */
GA_API ga_status_t ga_mean(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.var: one pass (Welford's update, Chan's merge); divisor max(N - ddof, 0). */
GA_API ga_status_t ga_var(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.std: the square root of ga_var(). */
GA_API ga_status_t ga_std(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.count_nonzero: int64 (a 0-d array for axis=None, where NumPy returns a Python int). */
GA_API ga_status_t ga_count_nonzero(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out,
                                    ga_stream_t stream);
/** @brief np.ptp: max - min in the input's dtype (integers wrap, as NumPy's). */
GA_API ga_status_t ga_ptp(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.nansum: NaN counts as zero. */
GA_API ga_status_t ga_nansum(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.nanprod: NaN counts as one. */
GA_API ga_status_t ga_nanprod(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.nanmin: NaN is skipped; an all-NaN slice gives NaN. */
GA_API ga_status_t ga_nanmin(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.nanmax: NaN is skipped; an all-NaN slice gives NaN. */
GA_API ga_status_t ga_nanmax(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/**
 * @brief np.nanargmin: NaN is skipped. An all-NaN slice gives -1, as CuPy's (NumPy raises
 *        ValueError, which would need the result on the host).
 */
GA_API ga_status_t ga_nanargmin(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out,
                                ga_stream_t stream);
/** @brief np.nanargmax, as ga_nanargmin(). */
GA_API ga_status_t ga_nanargmax(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out,
                                ga_stream_t stream);
/** @brief np.nanmean: the mean of the non-NaN values; NaN for an all-NaN slice. */
GA_API ga_status_t ga_nanmean(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.nanvar: N counts the non-NaN values. */
GA_API ga_status_t ga_nanvar(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @brief np.nanstd. */
GA_API ga_status_t ga_nanstd(ga_array_t a, const ga_reduce_options_t *options, ga_array_t *out, ga_stream_t stream);
/** @} */

/**
 * @brief np.average: the mean, or with @p weights the weighted mean sum(a * w) / sum(w).
 * @param weights NULL, or an array of @p a's shape, or a 1-D array as long as @p a's one reduced
 *        axis (then @c options->axes names exactly one axis).
 * @param options axes and keepdims as for the reductions; dtype and ddof must be left unset. The
 *        result dtype is NumPy's: result_type(a, weights), float64 at least for integer @p a.
 * @param out as for the reductions (same_kind casting).
 * Weights that sum to zero give inf/NaN here (NumPy raises ZeroDivisionError, which would need the
 * sum on the host; the Python package checks it as CuPy does).
 * @return as the reductions; ::GA_ERROR_SHAPE_MISMATCH when @p weights fit neither form.
 */
GA_API ga_status_t ga_average(ga_array_t a, ga_array_t weights, const ga_reduce_options_t *options, ga_array_t *out,
                              ga_stream_t stream);

/**
 * @brief np.cov(m, y, rowvar, bias, ddof): the covariance matrix of the variables in @p m's rows
 *        (@p rowvar nonzero) or columns, with @p y's variables appended.
 * @param m a 1-D or 2-D array; @p y NULL or the same. Integer inputs give float64.
 * @param ddof the divisor is N - ddof; pass -1 for NumPy's default (1, or 0 with @p bias).
 * @param out receives a new 2-D array (0-d when there is a single variable, as NumPy's squeeze).
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE; ::GA_ERROR_INVALID_ARGUMENT for NULL @p out, an
 *         input of more than 2 dimensions, ddof below -1; ::GA_ERROR_SHAPE_MISMATCH when @p y has
 *         another number of observations; ::GA_ERROR_OUT_OF_MEMORY.
 */
GA_API ga_status_t ga_cov(ga_array_t m, ga_array_t y, int rowvar, int bias, int ddof, ga_array_t *out,
                          ga_stream_t stream);

/**
 * @brief np.corrcoef(x, y, rowvar): Pearson correlation coefficients, cov / sqrt(diag ⊗ diag),
 *        with real (and imaginary) parts clipped to [-1, 1]. Arguments and errors as ga_cov().
 */
GA_API ga_status_t ga_corrcoef(ga_array_t x, ga_array_t y, int rowvar, ga_array_t *out, ga_stream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_REDUCTIONS_H */
