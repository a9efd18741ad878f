/**
 * @file garray/masks.h
 * @brief Boolean-mask indexing (NumPy's a[mask] and a[mask] = value) and the functions that select
 *        where a condition holds: nonzero, flatnonzero, argwhere, compress, extract, place, putmask.
 *
 * Selection is a stream compaction on the device. Every function takes a @c stream (NULL: the
 * calling thread's current stream), queues its work there, and needs the arrays on that stream's
 * device. A function whose result size depends on the number of selected elements (get_mask,
 * set_mask, nonzero, flatnonzero, argwhere, compress, extract) reads that count back to the host
 * once: one 8-byte device-to-host copy that waits for @c stream. fill_mask, place and putmask never
 * wait (place only to check an empty @c values). Result arrays are new C-contiguous arrays owned by
 * the caller, who releases them with ga_array_release(); out-parameters are never read and are
 * written only on success.
 *
 * Errors common to every function, besides those each one names:
 *  - ::GA_ERROR_INVALID_HANDLE for a NULL or released array handle, or a released @c stream;
 *  - ::GA_ERROR_INVALID_ARGUMENT for a NULL out-pointer or an array on another device than the
 *    stream's;
 *  - ::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY, ::GA_ERROR_COMPILE and ::GA_ERROR_CUDA from
 *    device work.
 * On failure no out-parameter is written and no handle leaks. Thread-safe.
 */
#ifndef GARRAY_MASKS_H
#define GARRAY_MASKS_H

#include <garray/array.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief NumPy's `a[mask]`: the elements (or sub-arrays) of @p a where @p mask is true.
 * @param[in] a the array indexed.
 * @param[in] mask bool, of shape a.shape[:mask.ndim] (a 0-d mask adds a leading axis of extent 1
 *            or 0).
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new C-contiguous array of shape (count,) + a.shape[mask.ndim:].
 * @return ::GA_OK; ::GA_ERROR_DTYPE for a mask that is not bool; ::GA_ERROR_INDEX (NumPy's
 *         IndexError) for a mask whose shape is not the leading extents of @p a, with both shapes
 *         in the message; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_get_mask(ga_array_t a, ga_array_t mask, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `a[mask] = value`: @p value, broadcast to (count,) + a.shape[mask.ndim:], written
 *        to the elements of @p a where @p mask is true.
 *
 * @p value is a 0-d value, one row, or one row per selected element, cast to a's dtype as NumPy's
 * setitem casts (unsafely; garray's float-to-integer casts saturate). @p value may be a view of
 * @p a.
 * @param[in] a the array written: writeable.
 * @param[in] mask bool, of shape a.shape[:mask.ndim], as ga_array_get_mask() takes it.
 * @param[in] value the values to write.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @return as ga_array_get_mask(); ::GA_ERROR_INVALID_ARGUMENT for a read-only @p a;
 *         ::GA_ERROR_SHAPE_MISMATCH when @p value does not broadcast (both shapes in the message).
 */
GA_API ga_status_t ga_array_set_mask(ga_array_t a, ga_array_t mask, ga_array_t value, ga_stream_t stream);

/**
 * @brief `a[mask] = value` for a scalar, in one elementwise pass (no count, no wait).
 * @param[in] a the array written: writeable.
 * @param[in] mask bool, of shape a.shape[:mask.ndim], as ga_array_get_mask() takes it.
 * @param[in] value the scalar, cast to a's dtype as ga_array_set_mask() casts.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @return as ga_array_set_mask(); ::GA_ERROR_DTYPE for a scalar with an invalid dtype.
 */
GA_API ga_status_t ga_array_fill_mask(ga_array_t a, ga_array_t mask, ga_scalar_t value, ga_stream_t stream);

/**
 * @brief NumPy's `nonzero(a)`, stacked: a new (a.ndim, count) int64 array whose row d holds the
 *        indices along axis d of the nonzero elements of @p a, in C order. Its rows are NumPy's
 *        tuple.
 * @param[in] a the array, any dtype, at least 1-D.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new (a.ndim, count) int64 array.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a 0-d @p a (as NumPy 2); the errors of every
 *         function (file comment).
 */
GA_API ga_status_t ga_array_nonzero(ga_array_t a, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `flatnonzero(a)`: the flat C-order indices of the nonzero elements of @p a.
 * @param[in] a the array, any dtype and shape.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new (count,) int64 array.
 * @return ::GA_OK; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_flatnonzero(ga_array_t a, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `argwhere(a)`: the indices of the nonzero elements of @p a, one row per element.
 * @param[in] a the array, any dtype and shape.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new (count, a.ndim) int64 array.
 * @return ::GA_OK; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_argwhere(ga_array_t a, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `compress(condition, a, axis)`: the slices of @p a along @p axis where
 *        @p condition holds.
 *
 * Entries of the axis past the condition's length are left out.
 * @param[in] condition a 1-D array, any dtype (nonzero is true), no longer than the axis.
 * @param[in] a the array selected from.
 * @param[in] axis an axis, or ::GA_AXIS_NONE for the flattened array.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new C-contiguous array of the selected slices.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH for a condition that is not 1-D; ::GA_ERROR_INDEX for
 *         a condition longer than the axis or an axis out of range; the errors of every function
 *         (file comment).
 */
GA_API ga_status_t ga_array_compress(ga_array_t condition, ga_array_t a, int axis, ga_stream_t stream,
                                     ga_array_t *result);

/**
 * @brief NumPy's `extract(condition, a)`: the elements of ravel(a) where ravel(condition) is
 *        nonzero.
 * @param[in] condition an array of @p a's size, any dtype (nonzero is true).
 * @param[in] a the array selected from.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new (count,) array of @p a's dtype.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH unless both have the same size; the errors of every
 *         function (file comment).
 */
GA_API ga_status_t ga_array_extract(ga_array_t condition, ga_array_t a, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `place(a, mask, values)`: the elements of @p a where @p mask is nonzero become
 *        the values of ravel(@p values) in order, repeated as needed.
 *
 * No wait, except to check an empty @p values.
 * @param[in] a the array written: writeable.
 * @param[in] mask an array of @p a's size, any dtype (nonzero is true).
 * @param[in] values the values, cast to a's dtype; may be empty only where @p mask selects nothing.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH for sizes that differ; ::GA_ERROR_INVALID_ARGUMENT for
 *         a read-only @p a, or an empty @p values where the mask selects elements; the errors of
 *         every function (file comment).
 */
GA_API ga_status_t ga_array_place(ga_array_t a, ga_array_t mask, ga_array_t values, ga_stream_t stream);

/**
 * @brief NumPy's `putmask(a, mask, values)`: a.flat[i] = values.flat[i % values.size] where
 *        mask.flat[i] is nonzero.
 *
 * An empty @p values changes nothing. No wait.
 * @param[in] a the array written: writeable.
 * @param[in] mask an array of @p a's size, any dtype (nonzero is true).
 * @param[in] values the values, cast to a's dtype.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH when mask and a differ in size;
 *         ::GA_ERROR_INVALID_ARGUMENT for a read-only @p a; the errors of every function (file
 *         comment).
 */
GA_API ga_status_t ga_array_putmask(ga_array_t a, ga_array_t mask, ga_array_t values, ga_stream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_MASKS_H */
