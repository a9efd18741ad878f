/**
 * @file garray/array.h
 * @brief N-dimensional device arrays: queries, creation, host transfer, copies and casts.
 *
 * A ::ga_array_t has a dtype, a shape of up to ::GA_MAX_DIMS extents, strides counted in elements
 * (any sign), a byte offset into a shared, reference-counted device buffer, and flags. Views share
 * the buffer and keep it alive. Outputs of operations are C-contiguous unless stated otherwise.
 *
 * Semantics follow NumPy, and CuPy where the two differ (float→int casts saturate, see
 * ga_array_astype()). Device work is queued on the stream a function is given (NULL: the calling
 * thread's current stream), and the arrays it is given must live on that stream's device; only
 * calls that return host data wait for it. The queries and the handle lifecycle below do no device
 * work. Every function is thread-safe; a handle may be used from several threads at once for
 * reading, but writes to the same elements must be ordered by the caller.
 */
#ifndef GARRAY_ARRAY_H
#define GARRAY_ARRAY_H

#include <garray/base.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The most dimensions an array may have. */
#define GA_MAX_DIMS 32

/** @brief A device array (or a view of one). */
typedef struct ga_array_s *ga_array_t;

/** @brief Memory layout of a new array, as NumPy's `order`. */
typedef enum ga_order {
  GA_ORDER_C = 0, /**< Row-major. */
  GA_ORDER_F = 1, /**< Column-major. */
  GA_ORDER_A = 2, /**< F if the input is F-contiguous and not C-contiguous, else C. */
  GA_ORDER_K = 3  /**< Keep the input's stride order as closely as possible. */
} ga_order_t;

/** @brief Bits of ga_array_flags(). */
typedef enum ga_array_flag {
  GA_ARRAY_C_CONTIGUOUS = 1, /**< The elements lie contiguous in C order, as NumPy's `flags.c_contiguous`. */
  GA_ARRAY_F_CONTIGUOUS = 2, /**< The elements lie contiguous in F order, as NumPy's `flags.f_contiguous`. */
  GA_ARRAY_WRITEABLE = 4,    /**< The array may be written: not wrapped or imported read-only. */
  GA_ARRAY_OWNDATA = 8       /**< The array allocated its buffer (not a view, not wrapped memory). */
} ga_array_flag_t;

/**
 * @brief A typed scalar. Set @c dtype and the field that matches its kind: @c as_int for bool
 *        (0/1) and signed integers, @c as_uint for unsigned integers, @c as_real for floating
 *        types, @c as_real and @c as_imag for complex types. The other fields are ignored.
 *
 * A scalar behaves as a NumPy scalar of its dtype (NEP 50). When it is stored into an array of
 * another dtype it is cast as ga_array_astype() casts.
 */
typedef struct ga_scalar {
  ga_dtype_t dtype; /**< The scalar's dtype. */
  int64_t as_int;   /**< The value of a bool (0 or 1) or signed integer scalar. */
  uint64_t as_uint; /**< The value of an unsigned integer scalar. */
  double as_real;   /**< The value of a floating scalar; the real part of a complex one. */
  double as_imag;   /**< The imaginary part of a complex scalar. */
} ga_scalar_t;

/* ------------------------------------------------------------------------------------------------
 * Lifetime and queries
 *
 * None of these does device work or needs the array's device to be current. Each fails with
 * ::GA_ERROR_INVALID_HANDLE for a NULL or released @p array and ::GA_ERROR_INVALID_ARGUMENT for a
 * NULL out-pointer, and writes its out-parameter only on success.
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief Add a reference to @p array: the handle stays valid until one more ga_array_release().
 *
 * No device work.
 * @param[in] array a live array handle.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p array.
 */
GA_API ga_status_t ga_array_retain(ga_array_t array);

/**
 * @brief Drop a reference to @p array.
 *
 * The last reference frees the handle, and the buffer once no view (and no DLPack export) uses it
 * any more. No device work.
 * @param[in] array a live array handle; it must not be used after its last release.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p array.
 */
GA_API ga_status_t ga_array_release(ga_array_t array);

/**
 * @brief Number of dimensions of @p array.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] ndim receives the number of dimensions, 0 for a 0-d array, at most ::GA_MAX_DIMS.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p ndim.
 */
GA_API ga_status_t ga_array_ndim(ga_array_t array, int *ndim);

/**
 * @brief The extents of @p array.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] shape receives ndim extents; must hold ndim entries, and may be NULL when ndim is 0.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p shape with ndim > 0.
 */
GA_API ga_status_t ga_array_shape(ga_array_t array, int64_t *shape);

/**
 * @brief The strides of @p array, counted in elements (any sign; 0 along broadcast axes).
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] strides receives ndim strides; must hold ndim entries, and may be NULL when ndim is 0.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p strides with ndim > 0.
 */
GA_API ga_status_t ga_array_strides(ga_array_t array, int64_t *strides);

/**
 * @brief The strides of @p array in bytes, as NumPy's `ndarray.strides` reports them.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] strides receives ndim strides in bytes (the element strides times the itemsize); must
 *             hold ndim entries, and may be NULL when ndim is 0.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p strides with ndim > 0.
 */
GA_API ga_status_t ga_array_strides_bytes(ga_array_t array, int64_t *strides);

/**
 * @brief The element type of @p array.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] dtype receives the dtype.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p dtype.
 */
GA_API ga_status_t ga_array_dtype(ga_array_t array, ga_dtype_t *dtype);

/**
 * @brief Number of elements of @p array.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] size receives the product of the extents (1 for a 0-d array, 0 for an empty one).
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p size.
 */
GA_API ga_status_t ga_array_size(ga_array_t array, int64_t *size);

/**
 * @brief Bytes of one element of @p array.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] itemsize receives the itemsize of the array's dtype.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p itemsize.
 */
GA_API ga_status_t ga_array_itemsize(ga_array_t array, size_t *itemsize);

/**
 * @brief Bytes the elements of @p array occupy.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] nbytes receives size × itemsize (not the reach of a strided view in its buffer).
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p nbytes.
 */
GA_API ga_status_t ga_array_nbytes(ga_array_t array, size_t *nbytes);

/**
 * @brief The device @p array's data lives on.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] device receives the device ordinal.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p device.
 */
GA_API ga_status_t ga_array_device(ga_array_t array, int *device);

/**
 * @brief Device address of the first element of @p array (its buffer's start plus its offset).
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] data receives the address, owned by the array: valid while @p array or a view of its
 *             buffer is alive.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p data.
 */
GA_API ga_status_t ga_array_data(ga_array_t array, void **data);

/**
 * @brief The flags of @p array.
 *
 * No device work.
 * @param[in] array a live array handle.
 * @param[out] flags receives a combination of ::ga_array_flag_t bits (contiguity as NumPy computes
 *             it, writeability, and whether the array allocated its buffer).
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p flags.
 */
GA_API ga_status_t ga_array_flags(ga_array_t array, unsigned *flags);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_ARRAY_H */
