/**
 * @file garray/creation.h
 * @brief Creating arrays, moving data between host and device, copies, casts and fills.
 *
 * New arrays live on the calling thread's current device and are written on its current stream.
 * Every function returns a new handle that the caller releases with ga_array_release(); on failure
 * no handle is written and nothing the caller passed is modified.
 *
 * Casting (ga_array_astype(), ga_array_fill(), ga_array_full(), ...) follows CuPy: float → integer
 * truncates toward zero and saturates at the integer type's range, NaN becomes 0 (so a negative
 * float becomes 0 in an unsigned type); integer → narrower integer wraps; any → bool is `!= 0`;
 * complex → real keeps the real part.
 *
 * Scalars are plain structs: in C99, `(ga_scalar_t){.dtype = GA_FLOAT32, .as_real = 0.5}`.
 */
#ifndef GARRAY_CREATION_H
#define GARRAY_CREATION_H

#include <garray/array.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------------
 * Scalars
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief @p value cast to @p dtype, as storing it in an array of that dtype would (see the file
 *        comment), and read back as a scalar of @p dtype.
 * @return ::GA_OK, ::GA_ERROR_DTYPE for an undefined dtype in either, ::GA_ERROR_INVALID_ARGUMENT
 *         for NULL @p out. Needs no device.
 */
GA_API ga_status_t ga_scalar_cast(ga_scalar_t value, ga_dtype_t dtype, ga_scalar_t *out);

/* ------------------------------------------------------------------------------------------------
 * Creation
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief A new, uninitialised array.
 * @param ndim 0..::GA_MAX_DIMS; @param shape ndim non-negative extents (NULL when ndim is 0);
 * @param order ::GA_ORDER_C or ::GA_ORDER_F.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a bad ndim, negative extent, a shape whose byte
 *         size overflows 63 bits, a bad order or NULL out; ::GA_ERROR_DTYPE; ::GA_ERROR_NO_DEVICE;
 *         ::GA_ERROR_OUT_OF_MEMORY.
 */
GA_API ga_status_t ga_array_empty(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_order_t order,
                                  ga_array_t *out);
/** @brief As ga_array_empty(), filled with zeros. */
GA_API ga_status_t ga_array_zeros(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_order_t order,
                                  ga_array_t *out);
/** @brief As ga_array_empty(), filled with ones. */
GA_API ga_status_t ga_array_ones(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_order_t order,
                                 ga_array_t *out);
/** @brief As ga_array_empty(), filled with @p value cast to @p dtype. */
GA_API ga_status_t ga_array_full(int ndim, const int64_t *shape, ga_scalar_t value, ga_dtype_t dtype,
                                 ga_order_t order, ga_array_t *out);

/** @brief Pass as the dtype of the `_like` functions to keep the prototype's dtype. */
#define GA_DTYPE_SAME ((ga_dtype_t)-1)

/**
 * @brief A new uninitialised array with @p prototype's shape, and its dtype unless @p dtype is not
 *        ::GA_DTYPE_SAME. @p order: C, F, A (F if the prototype is F- and not C-contiguous) or K
 *        (the prototype's stride order).
 */
GA_API ga_status_t ga_array_empty_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                       ga_array_t *out);
/** @brief As ga_array_empty_like(), filled with zeros. */
GA_API ga_status_t ga_array_zeros_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                       ga_array_t *out);
/** @brief As ga_array_empty_like(), filled with ones. */
GA_API ga_status_t ga_array_ones_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                      ga_array_t *out);
/** @brief As ga_array_empty_like(), filled with @p value. */
GA_API ga_status_t ga_array_full_like(ga_array_t prototype, ga_scalar_t value, ga_dtype_t dtype,
                                      ga_order_t order, ga_array_t *out);

/**
 * @brief Evenly spaced values in [start, stop) with @p step, as numpy.arange: the length is
 *        ceil((stop - start) / step) (0 if negative), computed exactly for integer scalars.
 *
 * Integer dtypes compute start + i*step in 64-bit integers; float dtypes as NumPy does (first
 * value and delta in the dtype, then first + i*delta). Complex dtypes are ::GA_ERROR_UNSUPPORTED;
 * bool allows at most 2 elements, as NumPy. A zero step is ::GA_ERROR_INVALID_ARGUMENT.
 */
GA_API ga_status_t ga_array_arange(ga_scalar_t start, ga_scalar_t stop, ga_scalar_t step,
                                   ga_dtype_t dtype, ga_array_t *out);

/**
 * @brief @p num evenly spaced values from @p start to @p stop, as numpy.linspace: computed in
 *        float64 as start + i*step (the last one is exactly @p stop when @p endpoint), then cast;
 *        integer dtypes round toward negative infinity, as NumPy 2. Complex dtypes are unsupported.
 * @param step receives the spacing (NaN when num < 2 with endpoint, as NumPy); may be NULL.
 */
GA_API ga_status_t ga_array_linspace(double start, double stop, int64_t num, int endpoint,
                                     ga_dtype_t dtype, ga_array_t *out, double *step);

/** @brief base ** linspace(start, stop, num, endpoint), as numpy.logspace, cast to @p dtype. */
GA_API ga_status_t ga_array_logspace(double start, double stop, int64_t num, int endpoint, double base,
                                     ga_dtype_t dtype, ga_array_t *out);

/** @brief A @p rows × @p columns array with ones on diagonal @p k (0 main, >0 above), zeros elsewhere. */
GA_API ga_status_t ga_array_eye(int64_t rows, int64_t columns, int64_t k, ga_dtype_t dtype,
                                ga_order_t order, ga_array_t *out);

/** @brief The @p n × @p n identity. */
GA_API ga_status_t ga_array_identity(int64_t n, ga_dtype_t dtype, ga_array_t *out);

/** @brief A @p rows × @p columns array with ones at and below diagonal @p k, as numpy.tri. */
GA_API ga_status_t ga_array_tri(int64_t rows, int64_t columns, int64_t k, ga_dtype_t dtype,
                                ga_array_t *out);

/** @brief Indexing of ga_array_meshgrid(). */
typedef enum ga_meshgrid_indexing {
  GA_MESHGRID_XY = 0, /**< Cartesian (NumPy's default): the first two output axes are swapped. */
  GA_MESHGRID_IJ = 1  /**< Matrix indexing. */
} ga_meshgrid_indexing_t;

/**
 * @brief Coordinate matrices from @p count coordinate vectors (each array is flattened), as
 *        numpy.meshgrid with copy=True. Writes @p count new arrays to @p out, all or nothing.
 */
GA_API ga_status_t ga_array_meshgrid(const ga_array_t *vectors, int count,
                                     ga_meshgrid_indexing_t indexing, ga_array_t *out);

/* ------------------------------------------------------------------------------------------------
 * Host ↔ device
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief A new device array holding a copy of host data.
 *
 * @param host the first element; @param byte_strides ndim strides in bytes (any sign; multiples
 *        of the itemsize), or NULL for a compact array in @p order (::GA_ORDER_C or ::GA_ORDER_F).
 *        The result is C-contiguous, or F-contiguous when the host data is F-ordered.
 * The copy is finished when the call returns, so the host buffer may be reused at once.
 */
GA_API ga_status_t ga_array_from_host(const void *host, int ndim, const int64_t *shape,
                                      const int64_t *byte_strides, ga_dtype_t dtype, ga_order_t order,
                                      ga_array_t *out);

/**
 * @brief As ga_array_from_host() but returns before the copy has run: the host data is staged
 *        into the pinned pool at once (so @p host may be reused when the call returns) and copied
 *        to the device on the current stream.
 */
GA_API ga_status_t ga_array_from_host_async(const void *host, int ndim, const int64_t *shape,
                                            const int64_t *byte_strides, ga_dtype_t dtype,
                                            ga_order_t order, ga_array_t *out);

/**
 * @brief Copy @p array's elements, in C order, into @p host (at least nbytes bytes, given as
 *        @p host_bytes). Waits for the current stream.
 * @return ::GA_ERROR_BUFFER_TOO_SMALL (with the size needed) if @p host_bytes is short.
 */
GA_API ga_status_t ga_array_to_host(ga_array_t array, void *host, size_t host_bytes);

/**
 * @brief As ga_array_to_host() without waiting: the data reaches @p host when the current stream
 *        gets there (synchronise the stream, or record and wait on an event, before reading it).
 *        Goes through the pinned pool, so @p host may be ordinary pageable memory; it must stay
 *        valid until then.
 */
GA_API ga_status_t ga_array_to_host_async(ga_array_t array, void *host, size_t host_bytes);

/**
 * @brief Overwrite @p array (any writeable view) with host data of its shape, in C order, or laid
 *        out by @p byte_strides when not NULL. Finished when the call returns.
 */
GA_API ga_status_t ga_array_set_from_host(ga_array_t array, const void *host, size_t host_bytes,
                                          const int64_t *byte_strides);

/* ------------------------------------------------------------------------------------------------
 * Copies, casts, fills, elements
 * --------------------------------------------------------------------------------------------- */

/** @brief Set every element of @p array (any writeable view) to @p value cast to its dtype. */
GA_API ga_status_t ga_array_fill(ga_array_t array, ga_scalar_t value);

/** @brief A deep copy in @p order (C, F, A or K, as ndarray.copy). */
GA_API ga_status_t ga_array_copy(ga_array_t array, ga_order_t order, ga_array_t *out);

/**
 * @brief Copy @p source, broadcast to @p destination's shape and cast to its dtype, into
 *        @p destination (any writeable view, also one overlapping @p source), as numpy.copyto.
 */
GA_API ga_status_t ga_array_copy_into(ga_array_t source, ga_array_t destination);

/** @brief A copy of @p array on @p device (a deep copy even when it is already there). */
GA_API ga_status_t ga_array_copy_to_device(ga_array_t array, int device, ga_array_t *out);

/** @brief A copy cast to @p dtype in @p order (see the file comment for the casting rules). */
GA_API ga_status_t ga_array_astype(ga_array_t array, ga_dtype_t dtype, ga_order_t order,
                                   ga_array_t *out);

/** @brief @p array itself (a new reference) if C-contiguous, else a C-contiguous copy; 0-d becomes 1-d. */
GA_API ga_status_t ga_array_ascontiguousarray(ga_array_t array, ga_array_t *out);

/** @brief @p array itself (a new reference) if F-contiguous, else an F-contiguous copy; 0-d becomes 1-d. */
GA_API ga_status_t ga_array_asfortranarray(ga_array_t array, ga_array_t *out);

/**
 * @brief Read one element: at @p index (ndim entries, negative counting from the end) or, with
 *        @p index NULL, the only element of a one-element array (as ndarray.item()). Waits for the
 *        current stream.
 * @return ::GA_ERROR_INDEX for an index out of range; ::GA_ERROR_INVALID_ARGUMENT when @p index is
 *         NULL and the array does not have exactly one element.
 */
GA_API ga_status_t ga_array_item(ga_array_t array, const int64_t *index, ga_scalar_t *value);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_CREATION_H */
