/**
 * @file garray/masks.h
 * @brief Boolean-mask indexing (NumPy's a[mask] and a[mask] = value) and the functions that select
 *        where a condition holds: nonzero, flatnonzero, argwhere, compress, extract, place, putmask.
 *
 * Selection is a stream compaction on the device. A function whose result size depends on the
 * number of selected elements (get_mask, set_mask, nonzero, flatnonzero, argwhere, compress,
 * extract) reads that count back to the host once: one 8-byte device-to-host copy that waits for
 * the current stream. fill_mask, place and putmask never wait. Everything runs on the current
 * stream; arrays must be on the current device. Thread-safe.
 */
#ifndef GARRAY_MASKS_H
#define GARRAY_MASKS_H

#include <garray/array.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief NumPy's a[mask]: the elements (or sub-arrays) of @p a where @p mask is true.
 * @param mask bool, of shape a.shape[:mask.ndim] (a 0-d mask adds a leading axis of extent 1 or 0).
 * @param result receives a new C-contiguous array of shape (count,) + a.shape[mask.ndim:].
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released array; ::GA_ERROR_INVALID_ARGUMENT
 *         for a NULL @p result or an array on another device; ::GA_ERROR_DTYPE for a mask that is not
 *         bool; ::GA_ERROR_INDEX (NumPy's IndexError) for a mask whose shape is not the leading
 *         extents of @p a, with both shapes in the message; ::GA_ERROR_OUT_OF_MEMORY.
 */
GA_API ga_status_t ga_array_get_mask(ga_array_t a, ga_array_t mask, ga_array_t *result);

/**
 * @brief NumPy's a[mask] = value: @p value, broadcast to (count,) + a.shape[mask.ndim:] (a 0-d
 *        value, one row, or one row per selected element), cast to a's dtype as NumPy's setitem
 *        casts (unsafely; garray's float-to-integer casts saturate).
 * @return as ga_array_get_mask(); ::GA_ERROR_INVALID_ARGUMENT for a read-only @p a;
 *         ::GA_ERROR_SHAPE_MISMATCH when @p value does not broadcast (both shapes in the message).
 *         @p value may be a view of @p a.
 */
GA_API ga_status_t ga_array_set_mask(ga_array_t a, ga_array_t mask, ga_array_t value);

/**
 * @brief a[mask] = value for a scalar, in one elementwise pass (no count, no wait).
 * @return as ga_array_set_mask(); ::GA_ERROR_DTYPE for a scalar with an invalid dtype.
 */
GA_API ga_status_t ga_array_fill_mask(ga_array_t a, ga_array_t mask, ga_scalar_t value);

/**
 * @brief NumPy's nonzero, stacked: @p result receives a new (a.ndim, count) int64 array whose row d
 *        holds the indices along axis d of the nonzero elements of @p a (any dtype), in C order.
 *        Its rows are NumPy's tuple.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p result, a
 *         0-d @p a (as NumPy 2), or an array on another device; ::GA_ERROR_OUT_OF_MEMORY.
 */
GA_API ga_status_t ga_array_nonzero(ga_array_t a, ga_array_t *result);

/** @brief NumPy's flatnonzero: the (count,) int64 flat C-order indices of the nonzero elements. */
GA_API ga_status_t ga_array_flatnonzero(ga_array_t a, ga_array_t *result);

/** @brief NumPy's argwhere: the (count, a.ndim) int64 indices of the nonzero elements. */
GA_API ga_status_t ga_array_argwhere(ga_array_t a, ga_array_t *result);

/**
 * @brief NumPy's compress: the slices of @p a along @p axis where the 1-d @p condition (any dtype,
 *        nonzero is true) holds; entries of the axis past the condition's length are left out.
 * @param axis an axis, or ::GA_AXIS_NONE for the flattened array.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH for a condition that is not 1-d; ::GA_ERROR_INDEX for
 *         a condition longer than the axis or an axis out of range; as ga_array_get_mask().
 */
GA_API ga_status_t ga_array_compress(ga_array_t condition, ga_array_t a, int axis, ga_array_t *result);

/**
 * @brief NumPy's extract: the elements of ravel(a) where ravel(condition) (any dtype) is nonzero.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH unless both have the same size; as ga_array_get_mask().
 */
GA_API ga_status_t ga_array_extract(ga_array_t condition, ga_array_t a, ga_array_t *result);

/**
 * @brief NumPy's place: the elements of @p a where @p mask (same size, any dtype) is nonzero
 *        become the values of ravel(@p values) in order, repeated as needed. No wait, except to
 *        check an empty @p values.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH for sizes that differ; ::GA_ERROR_INVALID_ARGUMENT for
 *         a read-only @p a, or an empty @p values where the mask selects elements.
 */
GA_API ga_status_t ga_array_place(ga_array_t a, ga_array_t mask, ga_array_t values);

/**
 * @brief NumPy's putmask: a.flat[i] = values.flat[i % values.size] where mask.flat[i] is nonzero.
 *        An empty @p values changes nothing. No wait.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH when mask and a differ in size;
 *         ::GA_ERROR_INVALID_ARGUMENT for a read-only @p a.
 */
GA_API ga_status_t ga_array_putmask(ga_array_t a, ga_array_t mask, ga_array_t values);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_MASKS_H */
