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
 * any strided views. Every function takes a @c stream (NULL: the calling thread's current stream),
 * queues its work there, and needs the arrays on that stream's device. Functions whose result size
 * depends on the data (ga_array_unique(), ga_array_bincount(), ga_array_histogram() without a
 * range, ga_array_histogram_edges(), which checks the edges) wait for that stream, as NumPy and
 * CuPy must; the others return without waiting. Out-parameters are never read, and written only on
 * success.
 *
 * Errors common to every function, besides those each one names:
 *  - ::GA_ERROR_INVALID_HANDLE for a NULL or released array handle, or a released @c stream;
 *  - ::GA_ERROR_INVALID_ARGUMENT for a NULL out-pointer or list, or an array on another device
 *    than the stream's;
 *  - ::GA_ERROR_INDEX for an axis outside -ndim..ndim-1 (NumPy's AxisError);
 *  - ::GA_ERROR_NO_DEVICE without a device, ::GA_ERROR_OUT_OF_MEMORY when the device pool cannot
 *    hold the result or the sort's scratch, ::GA_ERROR_COMPILE and ::GA_ERROR_CUDA from device work.
 * On failure no out-parameter is written and no handle is leaked. All functions are thread-safe.
 */
#ifndef GARRAY_SORTING_H
#define GARRAY_SORTING_H

#include <garray/array.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief NumPy's `sort(array, axis)`: a sorted copy of @p array along @p axis, every dtype.
 * @param[in] array the array to sort.
 * @param[in] axis the axis to sort along, or ::GA_AXIS_NONE for the flattened array.
 * @param[in] stable nonzero asks for a stable sort; 0 allows any order of equal elements. The sort
 *            is always stable today.
 * @param[in] stream the stream the sort goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the sorted array, of @p array's dtype and shape (1-D for
 *             ::GA_AXIS_NONE).
 * @return ::GA_OK; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_sort(ga_array_t array, int axis, int stable, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `ndarray.sort(axis)`: sorts @p array in place along @p axis.
 * @param[in] array the array sorted in place: writeable, any layout.
 * @param[in] axis the axis to sort along (NumPy sorts in place only along an axis).
 * @param[in] stable nonzero asks for a stable sort; 0 allows any order of equal elements. The sort
 *            is always stable today.
 * @param[in] stream the stream the sort goes to; NULL for the calling thread's current stream.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a read-only array or ::GA_AXIS_NONE; the errors
 *         of every function (file comment).
 */
GA_API ga_status_t ga_array_sort_inplace(ga_array_t array, int axis, int stable, ga_stream_t stream);

/**
 * @brief NumPy's `argsort(array, axis)`: the int64 indices that sort @p array along @p axis,
 *        indices within the axis, stable: equal to NumPy's kind='stable'.
 * @param[in] array the array to order.
 * @param[in] axis the axis to sort along, or ::GA_AXIS_NONE for the flattened array.
 * @param[in] stable nonzero asks for a stable sort; 0 allows any order of equal elements. The sort
 *            is always stable today.
 * @param[in] stream the stream the sort goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the int64 indices, of @p array's shape (1-D for ::GA_AXIS_NONE).
 * @return ::GA_OK; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_argsort(ga_array_t array, int axis, int stable, ga_stream_t stream,
                                    ga_array_t *result);

/**
 * @brief NumPy's `lexsort(keys, axis)`: the int64 indices that sort by @p keys along @p axis,
 *        @p keys[count-1] the primary key, ties broken by the keys before it, stable.
 * @param[in] keys @p count arrays of one shape, any dtypes.
 * @param[in] count the number of @p keys, >= 1.
 * @param[in] axis the axis to sort along, or ::GA_AXIS_NONE for the flattened keys.
 * @param[in] stream the stream the sorts go to; NULL for the calling thread's current stream.
 * @param[out] result receives the int64 indices, of the keys' shape (1-D for ::GA_AXIS_NONE).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for @p count < 1; ::GA_ERROR_SHAPE_MISMATCH for keys
 *         of different shapes; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_lexsort(const ga_array_t *keys, int count, int axis, ga_stream_t stream,
                                    ga_array_t *result);

/**
 * @brief NumPy's `partition(array, kth, axis)`: a copy in which each element at a position
 *        @p kth[i] is the one a sort puts there, smaller ones before it and larger ones after.
 *
 * Computed by a full sort, which satisfies the contract for every kth at once (the result is the
 * sorted array).
 * @param[in] array the array to partition.
 * @param[in] kth @p kth_count positions in -n..n-1 for the axis length n.
 * @param[in] kth_count the number of @p kth.
 * @param[in] axis the axis to partition along, or ::GA_AXIS_NONE for the flattened array.
 * @param[in] stream the stream the sort goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the partitioned array, of @p array's dtype and shape (1-D for
 *             ::GA_AXIS_NONE).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a kth out of bounds (NumPy's ValueError); the
 *         errors of every function (file comment).
 */
GA_API ga_status_t ga_array_partition(ga_array_t array, const int64_t *kth, int kth_count, int axis,
                                      ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `argpartition(array, kth, axis)`: int64 indices that partition @p array, by a full
 *        stable argsort.
 * @param[in] array the array to order.
 * @param[in] kth @p kth_count positions in -n..n-1 for the axis length n.
 * @param[in] kth_count the number of @p kth.
 * @param[in] axis the axis to partition along, or ::GA_AXIS_NONE for the flattened array.
 * @param[in] stream the stream the sort goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the int64 indices, of @p array's shape (1-D for ::GA_AXIS_NONE).
 * @return as ga_array_partition().
 */
GA_API ga_status_t ga_array_argpartition(ga_array_t array, const int64_t *kth, int kth_count, int axis,
                                         ga_stream_t stream, ga_array_t *result);

/** @brief Which insertion point ga_array_searchsorted() returns among equal elements. */
typedef enum ga_search_side {
  GA_SEARCH_LEFT = 0, /**< The first suitable index (NumPy's side='left'). */
  GA_SEARCH_RIGHT = 1 /**< The last suitable index (NumPy's side='right'). */
} ga_search_side_t;

/**
 * @brief NumPy's `searchsorted(sorted, values, side, sorter)`: for each element of @p values, the
 *        index at which inserting it into the 1-D ascending @p sorted keeps the order.
 *
 * Both compare in their promoted dtype and in the sort's order (NaN last, complex as NumPy).
 * @param[in] sorted the 1-D ascending array searched (or one that @p sorter sorts).
 * @param[in] values the values to place, any shape.
 * @param[in] side which insertion point among equal elements.
 * @param[in] sorter NULL, or a 1-D integer array of @p sorted's size whose take sorts @p sorted
 *            (as argsort gives); out-of-range entries wrap around, as CuPy's take does.
 * @param[in] stream the stream the search goes to; NULL for the calling thread's current stream.
 * @param[out] result receives int64 indices of @p values' shape (0-d for a 0-d @p values).
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH for a @p sorted that is not 1-D or a @p sorter of
 *         another shape; ::GA_ERROR_DTYPE for a non-integer @p sorter; ::GA_ERROR_INVALID_ARGUMENT
 *         for a bad @p side; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_searchsorted(ga_array_t sorted, ga_array_t values, ga_search_side_t side,
                                         ga_array_t sorter, ga_stream_t stream, ga_array_t *result);

/** @brief Bits of ga_array_unique()'s @p flags: which optional outputs to compute. */
typedef enum ga_unique_flag {
  GA_UNIQUE_INDEX = 1,   /**< return_index: the first occurrence of each value in the flattened input. */
  GA_UNIQUE_INVERSE = 2, /**< return_inverse: the index into the values of each input element. */
  GA_UNIQUE_COUNTS = 4   /**< return_counts: how often each value occurs. */
} ga_unique_flag_t;

/**
 * @brief NumPy's `unique(array, return_index, return_inverse, return_counts)` over the flattened
 *        @p array: its sorted distinct values, and on request their first indices, the inverse and
 *        the counts.
 *
 * -0.0 equals 0.0, all NaNs are one value, and so are all complex values with a NaN part (NumPy 2's
 * equal_nan=True). Waits for @p stream to learn the number of values. The requested results are
 * written all or none; an output that is not requested is neither read nor written.
 * @param[in] array the array, any shape.
 * @param[in] flags a combination of ::ga_unique_flag_t bits.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] values receives the 1-D distinct values, of @p array's dtype.
 * @param[out] indices receives the int64 first-occurrence indices when ::GA_UNIQUE_INDEX is set;
 *             else it may be NULL and is not written.
 * @param[out] inverse receives the int64 inverse, of @p array's shape, when ::GA_UNIQUE_INVERSE is
 *             set; else it may be NULL and is not written.
 * @param[out] counts receives the int64 counts when ::GA_UNIQUE_COUNTS is set; else it may be NULL
 *             and is not written.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for unknown flag bits or a NULL pointer of a
 *         requested output; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_unique(ga_array_t array, unsigned flags, ga_stream_t stream, ga_array_t *values,
                                   ga_array_t *indices, ga_array_t *inverse, ga_array_t *counts);

/**
 * @brief NumPy's `bincount(x, weights, minlength)`: the number of occurrences of each value of the
 *        1-D non-negative integer array @p x, at least @p minlength long.
 *
 * Waits for @p stream to learn the length.
 * @param[in] x a 1-D array of bool or of an integer dtype that casts safely to int64.
 * @param[in] weights NULL, or a 1-D array of @p x's length that casts safely to float64: the result
 *            is then the float64 sum of the weights in each bin instead of int64 counts.
 * @param[in] minlength the least length of the result, >= 0.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the 1-D int64 counts (float64 sums with @p weights) of
 *             max(max(x) + 1, minlength) bins (@p minlength for an empty @p x).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a negative value in @p x or a negative
 *         @p minlength (NumPy's ValueError); ::GA_ERROR_SHAPE_MISMATCH for a @p x that is not 1-D
 *         or weights of another shape; ::GA_ERROR_DTYPE for a @p x of floats, uint64 or complex, or
 *         complex weights (NumPy's TypeError); the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_bincount(ga_array_t x, ga_array_t weights, int64_t minlength, ga_stream_t stream,
                                     ga_array_t *result);

/**
 * @brief NumPy's `histogram(array, bins, range)` with @p bins equal bins: int64 counts and the bin
 *        edges.
 *
 * Without @p range, waits for @p stream to learn the data's minimum and maximum. Both results are
 * written, or neither.
 * @param[in] array the data, any shape (flattened), not complex.
 * @param[in] bins the number of bins, > 0.
 * @param[in] range NULL for the data's minimum and maximum, or two finite doubles low <= high. A
 *            range of zero width is widened by 0.5 on each side, as NumPy.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] hist receives the int64 counts; values outside the range and NaN are not counted,
 *             and the last bin includes its right edge.
 * @param[out] bin_edges receives the @p bins + 1 edges: NumPy's float64 linspace, rounded to the
 *             array's float dtype (float64 for integer and bool arrays).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for @p bins <= 0, a range with low > high or not
 *         finite, or an automatic range that is not finite (NaN or inf in the data);
 *         ::GA_ERROR_DTYPE for a complex array; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_histogram(ga_array_t array, int64_t bins, const double *range, ga_stream_t stream,
                                      ga_array_t *hist, ga_array_t *bin_edges);

/**
 * @brief NumPy's `histogram(array, bins=bin_edges)` with explicit edges: int64 counts of
 *        bin_edges.size - 1 bins, bin i holding bin_edges[i] <= x < bin_edges[i+1], the last bin
 *        closed.
 *
 * Values and edges compare as float64. Reads the edges back to check them, waiting for @p stream.
 * @param[in] array the data, any shape (flattened), not complex.
 * @param[in] bin_edges the 1-D, non-decreasing, real edges.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] hist receives the int64 counts.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH for edges that are not 1-D;
 *         ::GA_ERROR_INVALID_ARGUMENT for decreasing edges; ::GA_ERROR_DTYPE for complex arrays or
 *         edges; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_histogram_edges(ga_array_t array, ga_array_t bin_edges, ga_stream_t stream,
                                            ga_array_t *hist);

/**
 * @brief NumPy's `quantile(array, q, axis, keepdims)`, method 'linear' (NumPy's default), along
 *        @p axis or of the flattened array.
 *
 * A row holding NaN gives NaN. The result has shape q_shape + the reduced shape (the axis kept with
 * extent 1 when @p keepdims), and the array's float dtype (float64 for integer arrays), computed in
 * float64.
 * @param[in] array the data, neither complex nor bool.
 * @param[in] q the quantiles, prod(@p q_shape) values in [0, 1], in C order of @p q_shape.
 * @param[in] q_ndim 0 for a scalar q (one value), else the length of @p q_shape.
 * @param[in] q_shape the @p q_ndim non-negative extents of @p q (may be NULL when @p q_ndim is 0).
 * @param[in] axis the axis to reduce, or ::GA_AXIS_NONE for the flattened array.
 * @param[in] keepdims nonzero to keep the reduced axis with extent 1.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new array of quantiles.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a q outside [0, 1] or NaN, a bad @p q_ndim or a
 *         negative extent in @p q_shape; ::GA_ERROR_DTYPE for complex and bool arrays;
 *         ::GA_ERROR_INDEX for an empty axis; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_quantile(ga_array_t array, const double *q, int q_ndim, const int64_t *q_shape,
                                     int axis, int keepdims, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `percentile(array, q, axis, keepdims)`: ga_array_quantile() of @p q / 100.
 * @param[in] array the data, neither complex nor bool.
 * @param[in] q the percentiles, prod(@p q_shape) values in [0, 100], in C order of @p q_shape.
 * @param[in] q_ndim 0 for a scalar q (one value), else the length of @p q_shape.
 * @param[in] q_shape the @p q_ndim non-negative extents of @p q (may be NULL when @p q_ndim is 0).
 * @param[in] axis the axis to reduce, or ::GA_AXIS_NONE for the flattened array.
 * @param[in] keepdims nonzero to keep the reduced axis with extent 1.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new array of percentiles.
 * @return as ga_array_quantile(), with ::GA_ERROR_INVALID_ARGUMENT for a q outside [0, 100].
 */
GA_API ga_status_t ga_array_percentile(ga_array_t array, const double *q, int q_ndim, const int64_t *q_shape,
                                       int axis, int keepdims, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `median(array, axis, keepdims)`: the middle value, or the mean of the two middle
 *        ones, along @p axis or of the flattened array.
 *
 * NaN for a row holding NaN or an empty axis. Dtype as ga_array_quantile(); bool arrays give
 * float64.
 * @param[in] array the data, not complex.
 * @param[in] axis the axis to reduce, or ::GA_AXIS_NONE for the flattened array.
 * @param[in] keepdims nonzero to keep the reduced axis with extent 1.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new array of medians.
 * @return ::GA_OK; ::GA_ERROR_DTYPE for complex arrays; the errors of every function (file
 *         comment).
 */
GA_API ga_status_t ga_array_median(ga_array_t array, int axis, int keepdims, ga_stream_t stream,
                                   ga_array_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_SORTING_H */
