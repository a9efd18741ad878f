/**
 * @file garray/array.h
 * @brief N-dimensional device arrays: queries, creation, host transfer, copies and casts.
 *
 * A ::ga_array_t has a dtype, a shape of up to ::GA_MAX_DIMS extents, strides counted in elements
 * (any sign), a byte offset into a shared, reference-counted device buffer, and flags. Views share
 * the buffer and keep it alive. Outputs of operations are C-contiguous unless stated otherwise.
 *
 * Semantics follow NumPy, and CuPy where the two differ (float→int casts saturate, see
 * ga_array_astype()). All device work is queued on the calling thread's current stream; only calls
 * that return host data wait for it. Every function is thread-safe; a handle may be used from
 * several threads at once for reading, but writes to the same elements must be ordered by the caller.
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
  GA_ARRAY_C_CONTIGUOUS = 1,
  GA_ARRAY_F_CONTIGUOUS = 2,
  GA_ARRAY_WRITEABLE = 4,
  GA_ARRAY_OWNDATA = 8 /**< The array allocated its buffer (not a view, not wrapped memory). */
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
  ga_dtype_t dtype;
  int64_t as_int;
  uint64_t as_uint;
  double as_real;
  double as_imag;
} ga_scalar_t;

/* ------------------------------------------------------------------------------------------------
 * Lifetime and queries
 * --------------------------------------------------------------------------------------------- */

/** @brief Add a reference to @p array. */
GA_API ga_status_t ga_array_retain(ga_array_t array);

/** @brief Drop a reference; the last one frees the handle, and the buffer once no view uses it. */
GA_API ga_status_t ga_array_release(ga_array_t array);

/** @brief Number of dimensions (0 for a 0-d array). */
GA_API ga_status_t ga_array_ndim(ga_array_t array, int *ndim);

/** @brief Copy the extents into @p shape, which must hold ndim entries (NULL allowed when ndim is 0). */
GA_API ga_status_t ga_array_shape(ga_array_t array, int64_t *shape);

/** @brief Copy the strides in elements into @p strides (ndim entries). */
GA_API ga_status_t ga_array_strides(ga_array_t array, int64_t *strides);

/** @brief Copy the strides in bytes, as NumPy reports them, into @p strides (ndim entries). */
GA_API ga_status_t ga_array_strides_bytes(ga_array_t array, int64_t *strides);

/** @brief The element type. */
GA_API ga_status_t ga_array_dtype(ga_array_t array, ga_dtype_t *dtype);

/** @brief Number of elements (product of the extents; 1 for 0-d). */
GA_API ga_status_t ga_array_size(ga_array_t array, int64_t *size);

/** @brief Bytes of one element. */
GA_API ga_status_t ga_array_itemsize(ga_array_t array, size_t *itemsize);

/** @brief size × itemsize. */
GA_API ga_status_t ga_array_nbytes(ga_array_t array, size_t *nbytes);

/** @brief The device ordinal the data lives on. */
GA_API ga_status_t ga_array_device(ga_array_t array, int *device);

/** @brief Device address of the first element (buffer start + offset). Owned by the array. */
GA_API ga_status_t ga_array_data(ga_array_t array, void **data);

/** @brief A combination of ::ga_array_flag_t bits. */
GA_API ga_status_t ga_array_flags(ga_array_t array, unsigned *flags);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_ARRAY_H */
