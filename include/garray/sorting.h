/**
 * @file garray/sorting.h
 * @brief Sorting, searching, counting and order statistics, as NumPy's sort, argsort, lexsort,
 *        partition, argpartition, searchsorted, unique, bincount, histogram, quantile, percentile
 *        and median.
 *
 * Every sort is a stable radix sort (CUB's onesweep, compiled into the library) over keys that
 * order as NumPy orders values: NaN last; complex numbers by real part, then imaginary part, with
 * NumPy's placement of NaNs (no NaN part < imaginary NaN < real NaN < both); -0.0 equal to 0.0, so
 * index results equal NumPy's kind='stable' results. A sort of values (not indices) may place -0.0
 * before 0.0 where NumPy's stable sort keeps their order; the values compare equal either way.
 *
 * Axes: an int axis (negative from the end) or ::GA_AXIS_NONE for the flattened array, as NumPy's
 * axis=None. Results are new C-contiguous arrays that the caller owns and releases with
 * ga_array_release(); inputs are never modified, except by ga_array_sort_inplace(). Arrays may be
 * any strided views; device work is queued on the calling thread's current stream of the current
 * device, where the arrays must live. Functions whose result size depends on the data
 * (ga_array_unique(), ga_array_bincount(), ga_array_histogram() without a range) wait for that
 * stream, as NumPy and CuPy must; the others return without waiting.
 *
 * Errors, besides those named per function:
 *  - ::GA_ERROR_INVALID_HANDLE for a NULL or released array handle;
 *  - ::GA_ERROR_INVALID_ARGUMENT for a NULL out-pointer or list, or an array on another device;
 *  - ::GA_ERROR_INDEX for an axis outside -ndim..ndim-1 (NumPy's AxisError);
 *  - ::GA_ERROR_OUT_OF_MEMORY when the device pool cannot hold the result or the sort's scratch.
 * On failure no out-parameter is written and no handle is leaked. All functions are thread-safe.
 */
#ifndef GARRAY_SORTING_H
#define GARRAY_SORTING_H

#include <garray/array.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A sorted copy of @p array along @p axis (NumPy's sort), every dtype.
 * @param stable nonzero asks for a stable sort; 0 allows any order of equal elements. The sort
 *        is always stable today.
 * @param out receives the sorted array, of @p array's shape (1-D for ::GA_AXIS_NONE).
 */
GA_API ga_status_t ga_array_sort(ga_array_t array, int axis, int stable, ga_array_t *out);

/**
 * @brief Sorts @p array in place along @p axis (NumPy's ndarray.sort()).
 * @return ::GA_ERROR_INVALID_ARGUMENT for a read-only array or ::GA_AXIS_NONE (NumPy sorts in
 *         place only along an axis).
 */
GA_API ga_status_t ga_array_sort_inplace(ga_array_t array, int axis, int stable);

/**
 * @brief The int64 indices that sort @p array along @p axis (NumPy's argsort), indices within
 *        the axis, stable: equal to NumPy's kind='stable'.
 */
GA_API ga_status_t ga_array_argsort(ga_array_t array, int axis, int stable, ga_array_t *out);

/**
 * @brief NumPy's lexsort: the int64 indices that sort by @p keys along @p axis, @p keys[count-1]
 *        the primary key, ties broken by the keys before it, stable.
 * @param keys @p count arrays of one shape, any dtypes.
 * @return ::GA_ERROR_INVALID_ARGUMENT for @p count < 1; ::GA_ERROR_SHAPE_MISMATCH for keys of
 *         different shapes.
 */
GA_API ga_status_t ga_array_lexsort(const ga_array_t *keys, int count, int axis, ga_array_t *out);

/**
 * @brief NumPy's partition: a copy in which each element at a position @p kth[i] is the one a
 *        sort puts there, smaller ones before it and larger ones after. Computed by a full sort,
 *        which satisfies the contract for every kth at once (the result is the sorted array).
 * @param kth @p kth_count positions in -n..n-1 for the axis length n.
 * @return ::GA_ERROR_INVALID_ARGUMENT for a kth out of bounds (NumPy's ValueError).
 */
GA_API ga_status_t ga_array_partition(ga_array_t array, const int64_t *kth, int kth_count, int axis,
                                      ga_array_t *out);

/** @brief NumPy's argpartition: int64 indices, by a full stable argsort. Errors as ga_array_partition(). */
GA_API ga_status_t ga_array_argpartition(ga_array_t array, const int64_t *kth, int kth_count, int axis,
                                         ga_array_t *out);

/** @brief Which insertion point ga_array_searchsorted() returns among equal elements. */
typedef enum ga_search_side {
  GA_SEARCH_LEFT = 0, /**< The first suitable index (NumPy's side='left'). */
  GA_SEARCH_RIGHT = 1 /**< The last suitable index (NumPy's side='right'). */
} ga_search_side_t;

/**
 * @brief NumPy's searchsorted: for each element of @p values, the index at which inserting it
 *        into the 1-D ascending @p sorted keeps the order. Both compare in their promoted dtype
 *        and in the sort's order (NaN last, complex as NumPy).
 * @param sorter NULL, or a 1-D integer array of @p sorted's size whose take sorts @p sorted
 *        (as argsort gives); out-of-range entries wrap around, as CuPy's take does.
 * @param out receives int64 indices of @p values' shape (0-d for a 0-d @p values).
 * @return ::GA_ERROR_SHAPE_MISMATCH for a @p sorted that is not 1-D or a @p sorter of another
 *         shape; ::GA_ERROR_DTYPE for a non-integer @p sorter; ::GA_ERROR_INVALID_ARGUMENT for a
 *         bad @p side.
 */
GA_API ga_status_t ga_array_searchsorted(ga_array_t sorted, ga_array_t values, ga_search_side_t side,
                                         ga_array_t sorter, ga_array_t *out);

/** @brief Bits of ga_array_unique()'s @p flags: which optional outputs to compute. */
typedef enum ga_unique_flag {
  GA_UNIQUE_INDEX = 1,   /**< return_index: the first occurrence of each value in the flattened input. */
  GA_UNIQUE_INVERSE = 2, /**< return_inverse: the index into the values of each input element. */
  GA_UNIQUE_COUNTS = 4   /**< return_counts: how often each value occurs. */
} ga_unique_flag_t;

/**
 * @brief NumPy's unique over the flattened @p array: its sorted distinct values. -0.0 equals 0.0,
 *        all NaNs are one value, and so are all complex values with a NaN part (NumPy 2's
 *        equal_nan=True). Waits for the stream to learn the number of values.
 * @param flags a combination of ::ga_unique_flag_t bits.
 * @param values receives the 1-D distinct values, of @p array's dtype.
 * @param indices receives int64 first-occurrence indices when ::GA_UNIQUE_INDEX is set; else it
 *        may be NULL and is not written.
 * @param inverse receives the int64 inverse, of @p array's shape, when ::GA_UNIQUE_INVERSE is set.
 * @param counts receives the int64 counts when ::GA_UNIQUE_COUNTS is set.
 * @return ::GA_ERROR_INVALID_ARGUMENT for unknown flag bits or a NULL pointer of a requested output.
 */
GA_API ga_status_t ga_array_unique(ga_array_t array, unsigned flags, ga_array_t *values, ga_array_t *indices,
                                   ga_array_t *inverse, ga_array_t *counts);

/**
 * @brief NumPy's bincount: the number of occurrences of each value of the 1-D non-negative
 *        integer array @p x (bool and integer dtypes that cast safely to int64), at least
 *        @p minlength long. Waits for the stream to learn the length.
 * @param weights NULL, or a 1-D array of @p x's length that casts safely to float64: the result is
 *        then the float64 sum of the weights in each bin instead of int64 counts.
 * @return ::GA_ERROR_INVALID_ARGUMENT for a negative value in @p x or a negative @p minlength
 *         (NumPy's ValueError); ::GA_ERROR_SHAPE_MISMATCH for a @p x that is not 1-D or weights of
 *         another shape; ::GA_ERROR_DTYPE for a @p x of floats, uint64 or complex, or complex
 *         weights (NumPy's TypeError).
 */
GA_API ga_status_t ga_array_bincount(ga_array_t x, ga_array_t weights, int64_t minlength, ga_array_t *out);

/**
 * @brief NumPy's histogram with @p bins equal bins: int64 counts and the bin edges.
 * @param range NULL for the data's minimum and maximum (waiting for the stream), or two finite
 *        doubles low <= high. A range of zero width is widened by 0.5 on each side, as NumPy.
 * @param hist receives the int64 counts; values outside the range and NaN are not counted, and
 *        the last bin includes its right edge.
 * @param bin_edges receives the @p bins + 1 edges: NumPy's float64 linspace, rounded to the
 *        array's float dtype (float64 for integer and bool arrays).
 * @return ::GA_ERROR_INVALID_ARGUMENT for @p bins <= 0, a range with low > high or not finite, or
 *         an automatic range that is not finite (NaN or inf in the data); ::GA_ERROR_DTYPE for a
 *         complex array.
 */
GA_API ga_status_t ga_array_histogram(ga_array_t array, int64_t bins, const double *range, ga_array_t *hist,
                                      ga_array_t *bin_edges);

/**
 * @brief NumPy's histogram with explicit edges: int64 counts of bin_edges.size - 1 bins, bin i
 *        holding bin_edges[i] <= x < bin_edges[i+1], the last bin closed. Values and edges compare
 *        as float64. Reads the edges back to check them, waiting for the stream.
 * @return ::GA_ERROR_SHAPE_MISMATCH for edges that are not 1-D; ::GA_ERROR_INVALID_ARGUMENT for
 *         decreasing edges; ::GA_ERROR_DTYPE for complex arrays or edges.
 */
GA_API ga_status_t ga_array_histogram_edges(ga_array_t array, ga_array_t bin_edges, ga_array_t *hist);

/**
 * @brief NumPy's quantile, method 'linear' (NumPy's default), along @p axis or of the flattened
 *        array. A row holding NaN gives NaN. The result has shape q_shape + the reduced shape
 *        (the axis kept with extent 1 when @p keepdims), and the array's float dtype (float64
 *        for integer arrays), computed in float64.
 * @param q the quantiles, prod(@p q_shape) values in [0, 1], in C order of @p q_shape.
 * @param q_ndim 0 for a scalar q (one value), else the length of @p q_shape.
 * @return ::GA_ERROR_INVALID_ARGUMENT for a q outside [0, 1] or NaN, or a bad @p q_ndim;
 *         ::GA_ERROR_DTYPE for complex and bool arrays; ::GA_ERROR_INDEX for an empty axis.
 */
GA_API ga_status_t ga_array_quantile(ga_array_t array, const double *q, int q_ndim, const int64_t *q_shape,
                                     int axis, int keepdims, ga_array_t *out);

/** @brief NumPy's percentile: ga_array_quantile() of @p q / 100, with q in [0, 100]. */
GA_API ga_status_t ga_array_percentile(ga_array_t array, const double *q, int q_ndim, const int64_t *q_shape,
                                       int axis, int keepdims, ga_array_t *out);

/**
 * @brief NumPy's median: the middle value, or the mean of the two middle ones, along @p axis or
 *        of the flattened array; NaN for a row holding NaN or an empty axis. Dtype as
 *        ga_array_quantile(); bool arrays give float64. ::GA_ERROR_DTYPE for complex arrays.
 */
GA_API ga_status_t ga_array_median(ga_array_t array, int axis, int keepdims, ga_array_t *out);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_SORTING_H */
