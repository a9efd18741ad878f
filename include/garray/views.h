/**
 * @file garray/views.h
 * @brief Views and manipulation of arrays without copying: basic indexing, reshape, ravel,
 *        transpose and the other axis permutations, broadcasting, and real and imaginary parts.
 *
 * Every function returns a new handle in its out-parameter (`*result`), which the caller owns and
 * releases with ga_array_release(). The input is never modified. A view shares the input's buffer
 * and keeps it alive after the input's handle is released, and it is writeable when the input is,
 * unless its function says otherwise. Views do no device work and take no stream. Only
 * ga_array_reshape() and ga_array_ravel() (when no view is possible), ga_array_flatten() and
 * ga_array_imag() of a real array allocate and copy or fill: they take a `stream` (NULL: the calling
 * thread's current stream), which must then be on the array's device, and queue that work on it.
 *
 * Semantics follow NumPy, and CuPy where the two differ. Errors:
 *  - ::GA_ERROR_INVALID_HANDLE for a NULL or released array (or stream) handle;
 *  - ::GA_ERROR_INVALID_ARGUMENT for a NULL out-pointer, a NULL list with a positive count, a
 *    negative count, a shape or axis list longer than ::GA_MAX_DIMS, a repeated axis, a bad enum
 *    value, a zero slice step, or a result of more than ::GA_MAX_DIMS dimensions;
 *  - ::GA_ERROR_INDEX for an axis outside -ndim..ndim-1, an integer index outside its axis, too
 *    many indices, or a second ellipsis (NumPy's IndexError and AxisError);
 *  - ::GA_ERROR_SHAPE_MISMATCH for shapes that cannot be reshaped, squeezed or broadcast as asked.
 * The message of ga_last_error() names the argument and the offending value, shape or axis. On
 * failure no out-parameter is written and no handle is leaked. All functions are thread-safe.
 */
#ifndef GARRAY_VIEWS_H
#define GARRAY_VIEWS_H

#include <garray/array.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------------
 * Basic indexing
 * --------------------------------------------------------------------------------------------- */

/** @brief What one item of a basic index is, as the Python objects of `a[...]`. */
typedef enum ga_index_kind {
  GA_INDEX_SLICE = 0,    /**< `start:stop:step`; keeps the axis. */
  GA_INDEX_INTEGER = 1,  /**< An integer in @c start; removes the axis. */
  GA_INDEX_NEWAXIS = 2,  /**< `None` / `np.newaxis`; inserts an axis of extent 1 (stride 0). */
  GA_INDEX_ELLIPSIS = 3  /**< `...`; stands for every axis the other items leave. */
} ga_index_kind_t;

/**
 * @brief One item of a basic index.
 *
 * For ::GA_INDEX_SLICE, @c start and @c stop are used when @c has_start / @c has_stop are non-zero
 * and are otherwise omitted, as in `a[:3]` or `a[::-1]`; @c step is always used and must not be 0
 * (write 1 for the default). Bounds are clamped exactly as Python's `slice.indices()`: a negative
 * bound counts from the end, and bounds outside the axis are moved to its ends. For
 * ::GA_INDEX_INTEGER only @c start is used. The other kinds use no field.
 */
typedef struct ga_index {
  ga_index_kind_t kind; /**< What the item is. */
  int64_t start;        /**< A slice's start (when @c has_start), or the integer of ::GA_INDEX_INTEGER. */
  int64_t stop;         /**< A slice's stop, when @c has_stop. */
  int64_t step;         /**< A slice's step: never 0; 1 for the default. */
  int has_start;        /**< Non-zero when a slice has a start. */
  int has_stop;         /**< Non-zero when a slice has a stop. */
} ga_index_t;

/**
 * @brief The view `array[items[0], ..., items[count-1]]` of NumPy's basic indexing.
 *
 * Integers select one position and remove their axis; a negative integer counts from the end.
 * Slices keep their axis with the clamped extent and the stride multiplied by the step (negative
 * steps give negative strides). ::GA_INDEX_NEWAXIS inserts an axis of extent 1 and stride 0. An
 * ellipsis stands for as many whole axes as the integers and slices leave; without one, the axes
 * after the last item are kept whole. A slice that selects nothing keeps its axis's stride and does
 * not move the view, as in NumPy; a view of an empty array keeps the input's address.
 *
 * No device work.
 * @param[in] array the array to index.
 * @param[in] items @p count items; may be NULL when @p count is 0 (the result is then a view of the
 *            whole of @p array).
 * @param[in] count the number of items.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INDEX for an integer outside its axis, more integers and slices than
 *         axes, or a second ellipsis; ::GA_ERROR_INVALID_ARGUMENT for a zero step, an unknown kind,
 *         a negative @p count, NULL @p items with a positive count, a NULL @p result, or a result
 *         of more than ::GA_MAX_DIMS dimensions; ::GA_ERROR_INVALID_HANDLE for a bad @p array.
 */
GA_API ga_status_t ga_array_index(ga_array_t array, const ga_index_t *items, int count,
                                  ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Reshaping
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief @p array with a new @p shape, reading and placing the elements in @p order.
 *
 * One extent may be -1; it is inferred from the size. The result is a view whenever the strides
 * allow it (NumPy's rules: always for a C-contiguous array in C order, an F-contiguous one in F
 * order, an unchanged shape, and many strided inputs whose merged axes stay evenly spaced), and no
 * device work is done; otherwise it is a new C- or F-contiguous copy made on @p stream.
 *
 * @param[in] array the array to reshape.
 * @param[in] ndim the number of dimensions of the result, 0..::GA_MAX_DIMS.
 * @param[in] shape @p ndim extents, one of which may be -1; may be NULL when @p ndim is 0.
 * @param[in] order ::GA_ORDER_C, ::GA_ORDER_F, or ::GA_ORDER_A (F when @p array is F-contiguous and
 *            not C-contiguous, else C). ::GA_ORDER_K is refused, as in NumPy.
 * @param[in] stream the stream the allocation and the copy are queued on when a copy is needed (it
 *            must then be on @p array's device); NULL for the calling thread's current stream, looked
 *            up only then (a view needs no device).
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH when the sizes differ or no extent fits the -1;
 *         ::GA_ERROR_INVALID_ARGUMENT for a second -1, another negative extent, a bad @p ndim or
 *         @p order, NULL @p shape with @p ndim > 0, NULL @p result, or, when a copy is needed, a
 *         @p stream of another device than @p array's; ::GA_ERROR_INVALID_HANDLE for a bad
 *         @p array or a released @p stream; and, when a copy is needed, the errors of allocation
 *         and the copy (::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY, ::GA_ERROR_CUDA).
 */
GA_API ga_status_t ga_array_reshape(ga_array_t array, int ndim, const int64_t *shape,
                                    ga_order_t order, ga_stream_t stream, ga_array_t *result);

/**
 * @brief The elements of @p array as a 1-D array, in @p order; a view whenever one exists.
 *
 * As CuPy (and NumPy's `a.reshape(-1)`), not NumPy's `ravel`, a strided input that can be read in
 * @p order at one constant stride gives a view rather than a copy. ::GA_ORDER_K reads the elements
 * in memory order: a view when the array is contiguous up to an axis permutation with positive
 * strides. A view needs no device work; otherwise the result is a new contiguous copy made on
 * @p stream, as ga_array_flatten() makes it.
 *
 * @param[in] array the array to flatten.
 * @param[in] order ::GA_ORDER_C, ::GA_ORDER_F, ::GA_ORDER_A or ::GA_ORDER_K.
 * @param[in] stream the stream the allocation and the copy are queued on when a copy is needed (it
 *            must then be on @p array's device); NULL for the calling thread's current stream, looked
 *            up only then (a view needs no device).
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a bad @p order or NULL @p result;
 *         ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream; the errors of
 *         ga_array_flatten() when a copy is needed.
 */
GA_API ga_status_t ga_array_ravel(ga_array_t array, ga_order_t order, ga_stream_t stream, ga_array_t *result);

/**
 * @brief A new 1-D copy of the elements of @p array in @p order (C, F, A or K), which owns its
 *        data.
 *
 * The allocation and the copy are queued on @p stream.
 * @param[in] array the array to copy, on @p stream's device.
 * @param[in] order ::GA_ORDER_C, ::GA_ORDER_F, ::GA_ORDER_A (F when @p array is F- and not
 *            C-contiguous, else C) or ::GA_ORDER_K (memory order).
 * @param[in] stream the stream the allocation and the copy are queued on; NULL for the calling
 *            thread's current stream.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a bad @p order, NULL @p result, or @p array on
 *         another device than @p stream's; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a
 *         released @p stream; ::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY, ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_flatten(ga_array_t array, ga_order_t order, ga_stream_t stream, ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Axes
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief The view of @p array with its axes permuted: result axis i is input axis @p axes[i].
 *
 * No device work.
 * @param[in] array the array to view.
 * @param[in] axes a permutation of 0..ndim-1 (negative values count from the end), or NULL with
 *            @p naxes 0 to reverse the axes (the usual transpose).
 * @param[in] naxes the number of entries of @p axes; must equal ndim unless @p axes is NULL.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_INVALID_ARGUMENT for a
 *         repeated axis, @p naxes other than ndim (or other than 0 with NULL @p axes), or NULL
 *         @p result; ::GA_ERROR_INVALID_HANDLE for a bad @p array.
 */
GA_API ga_status_t ga_array_transpose(ga_array_t array, const int *axes, int naxes,
                                      ga_array_t *result);

/**
 * @brief The view of @p array with axes @p axis1 and @p axis2 exchanged.
 *
 * No device work.
 * @param[in] array the array to view.
 * @param[in] axis1 one axis (negative values count from the end).
 * @param[in] axis2 the other axis (negative values count from the end).
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_INVALID_ARGUMENT for NULL
 *         @p result; ::GA_ERROR_INVALID_HANDLE for a bad @p array.
 */
GA_API ga_status_t ga_array_swapaxes(ga_array_t array, int axis1, int axis2, ga_array_t *result);

/**
 * @brief The view of @p array with axis @p source[i] moved to position @p destination[i] for each
 *        i, the other axes keeping their order, as NumPy's `moveaxis`.
 *
 * No device work.
 * @param[in] array the array to view.
 * @param[in] source @p count axes to move (negative values count from the end); may be NULL when
 *            @p count is 0.
 * @param[in] destination @p count positions they move to (negative values count from the end); may
 *            be NULL when @p count is 0.
 * @param[in] count the number of entries of each list.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_INVALID_ARGUMENT for an
 *         axis repeated within @p source or within @p destination, a bad @p count, NULL lists
 *         with a positive count, or NULL @p result; ::GA_ERROR_INVALID_HANDLE for a bad @p array.
 */
GA_API ga_status_t ga_array_moveaxis(ga_array_t array, const int *source, const int *destination,
                                     int count, ga_array_t *result);

/**
 * @brief The view of @p array with an axis of extent 1 inserted at each of @p axes, which are
 *        positions in the result (of ndim + @p count dimensions; negative values count from its
 *        end).
 *
 * No device work.
 * @param[in] array the array to view.
 * @param[in] axes @p count positions in the result; may be NULL when @p count is 0.
 * @param[in] count the number of new axes.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INDEX for an axis out of range of the result;
 *         ::GA_ERROR_INVALID_ARGUMENT for a repeated axis, a bad @p count, a result of more than
 *         ::GA_MAX_DIMS dimensions, NULL @p axes with a positive count, or NULL @p result;
 *         ::GA_ERROR_INVALID_HANDLE for a bad @p array.
 */
GA_API ga_status_t ga_array_expand_dims(ga_array_t array, const int *axes, int count,
                                        ga_array_t *result);

/**
 * @brief The view of @p array without the axes @p axes, each of which must have extent 1.
 *
 * No device work.
 * @param[in] array the array to view.
 * @param[in] axes the axes to remove (negative values count from the end), or NULL with @p count 0
 *            to remove every axis of extent 1. A non-NULL list with @p count 0 removes nothing.
 * @param[in] count the number of entries of @p axes.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH when a selected axis has an extent other than 1
 *         (NumPy's ValueError); ::GA_ERROR_INDEX for an axis out of range;
 *         ::GA_ERROR_INVALID_ARGUMENT for a repeated axis, a bad @p count (or a positive one with
 *         NULL @p axes), or NULL @p result; ::GA_ERROR_INVALID_HANDLE for a bad @p array.
 */
GA_API ga_status_t ga_array_squeeze(ga_array_t array, const int *axes, int count, ga_array_t *result);

/**
 * @brief @p array viewed with at least one dimension: a 0-d array becomes shape (1,).
 *
 * No device work.
 * @param[in] array the array to view.
 * @param[out] result receives a new handle owned by the caller (a plain view when ndim is already
 *             >= 1). Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result; ::GA_ERROR_INVALID_HANDLE for a
 *         bad @p array.
 */
GA_API ga_status_t ga_array_atleast_1d(ga_array_t array, ga_array_t *result);

/**
 * @brief @p array viewed with at least two dimensions: () becomes (1, 1) and (N,) becomes (1, N).
 *
 * No device work.
 * @param[in] array the array to view.
 * @param[out] result receives a new handle owned by the caller (a plain view when ndim is already
 *             >= 2). Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result; ::GA_ERROR_INVALID_HANDLE for a
 *         bad @p array.
 */
GA_API ga_status_t ga_array_atleast_2d(ga_array_t array, ga_array_t *result);

/**
 * @brief @p array viewed with at least three dimensions: () becomes (1, 1, 1), (N,) becomes
 *        (1, N, 1) and (M, N) becomes (M, N, 1), as NumPy places the new axes.
 *
 * No device work.
 * @param[in] array the array to view.
 * @param[out] result receives a new handle owned by the caller (a plain view when ndim is already
 *             >= 3). Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result; ::GA_ERROR_INVALID_HANDLE for a
 *         bad @p array.
 */
GA_API ga_status_t ga_array_atleast_3d(ga_array_t array, ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Broadcasting
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief The broadcast of @p count shapes by NumPy's rules (aligned at their last axes; an extent
 *        of 1 stretches to the other extent), without any array.
 *
 * No device work; needs no device.
 * @param[in] shapes @p count pointers to extents (a pointer may be NULL for a 0-d shape); may be
 *            NULL when @p count is 0.
 * @param[in] ndims @p count numbers of dimensions, one per shape, each 0..::GA_MAX_DIMS.
 * @param[in] count the number of shapes.
 * @param[out] out_ndim receives the result's number of dimensions (0 when @p count is 0). Written
 *             only on success.
 * @param[out] out_shape receives the result's extents; must hold ::GA_MAX_DIMS entries. Written only
 *             on success.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH naming the two shapes that disagree (`shapes[i]`);
 *         ::GA_ERROR_INVALID_ARGUMENT for a negative extent, a bad count, or NULL pointers.
 */
GA_API ga_status_t ga_array_broadcast_shapes(const int64_t *const *shapes, const int *ndims,
                                             int count, int *out_ndim, int64_t *out_shape);

/**
 * @brief The read-only view of @p array broadcast to @p shape, as NumPy's `broadcast_to`.
 *
 * Stretched axes (new leading axes and axes of extent 1) get stride 0, so the result is read-only:
 * a write through it would store to one element from many places. No device work.
 * @param[in] array the array to view.
 * @param[in] ndim the number of dimensions of @p shape, 0..::GA_MAX_DIMS.
 * @param[in] shape @p ndim extents; may be NULL when @p ndim is 0.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH when @p array does not broadcast to @p shape (fewer
 *         dimensions, or an extent other than 1 that differs); ::GA_ERROR_INVALID_ARGUMENT for a
 *         negative extent, a bad @p ndim, NULL @p shape with @p ndim > 0, or NULL @p result;
 *         ::GA_ERROR_INVALID_HANDLE for a bad @p array.
 */
GA_API ga_status_t ga_array_broadcast_to(ga_array_t array, int ndim, const int64_t *shape,
                                         ga_array_t *result);

/**
 * @brief Views of @p count arrays broadcast against each other, as NumPy's `broadcast_arrays`.
 *
 * When all shapes are already equal, each result is a plain view of its input. Otherwise every
 * result is computed as ga_array_broadcast_to() does; a result whose shape equals its input's stays
 * writeable when the input is, and one that was stretched is read-only (NumPy still lets such views
 * be written with a warning; on a GPU the write would race).
 *
 * No device work.
 * @param[in] arrays @p count array handles; may be NULL when @p count is 0.
 * @param[in] count the number of arrays.
 * @param[out] result receives @p count new handles owned by the caller, all or none: on failure it
 *             is not written and no handle is created. Must hold @p count entries (may be NULL when
 *             @p count is 0), and may be the same memory as @p arrays.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH naming the shapes that do not broadcast;
 *         ::GA_ERROR_INVALID_HANDLE naming the bad entry (`arrays[i]`);
 *         ::GA_ERROR_INVALID_ARGUMENT for a negative @p count or NULL lists with a positive count.
 */
GA_API ga_status_t ga_array_broadcast_arrays(const ga_array_t *arrays, int count, ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Real and imaginary parts
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief The real part of @p array.
 *
 * For complex64 and complex128, a view with dtype float32 or float64 and twice the strides (in the
 * new elements), at the same address. For any other dtype, a view of the same elements. Always a
 * view: no device work.
 * @param[in] array the array to view.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result; ::GA_ERROR_INVALID_HANDLE for a
 *         bad @p array.
 */
GA_API ga_status_t ga_array_real(ga_array_t array, ga_array_t *result);

/**
 * @brief The imaginary part of @p array.
 *
 * For complex64 and complex128, a view as ga_array_real() gives, half an element further on, with
 * no device work. For any other dtype, as NumPy, a new read-only array of zeros of the same shape
 * and dtype (F-ordered when @p array is F- and not C-contiguous), allocated and filled on
 * @p stream.
 * @param[in] array the array to view.
 * @param[in] stream for a real dtype, the stream the allocation and the fill are queued on (it must
 *            be on @p array's device); NULL for the calling thread's current stream, looked up only
 *            then. Not used for a complex dtype.
 * @param[out] result receives a new handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, or a real @p array on another
 *         device than @p stream's; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released
 *         @p stream; for a real dtype, ::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY or
 *         ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_imag(ga_array_t array, ga_stream_t stream, ga_array_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_VIEWS_H */
