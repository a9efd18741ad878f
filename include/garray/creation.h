/**
 * @file garray/creation.h
 * @brief Creating arrays, moving data between host and device, copies, casts and fills.
 *
 * Every function here but ga_scalar_cast() enqueues device work (stream-ordered allocation from
 * the memory pool, fills, copies) on its `stream`: NULL means the calling thread's current stream.
 * New arrays live on that stream's device, and the arrays a function is given must live there too
 * (::GA_ERROR_INVALID_ARGUMENT otherwise). The work runs asynchronously on the stream unless the
 * function says it waits (the host transfers without `_async`, ga_array_item()). A new array comes
 * back as a new handle in `*result`, which the caller releases with ga_array_release(); on failure
 * no out-parameter is written and nothing the caller passed is modified. A released `stream` is
 * ::GA_ERROR_INVALID_HANDLE.
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
 *
 * No device work; needs no device. Thread-safe.
 * @param[in] value the scalar to cast; its @c dtype must be defined.
 * @param[in] dtype the dtype to cast to.
 * @param[out] result receives the cast scalar, of dtype @p dtype. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_DTYPE for an undefined dtype in @p value or @p dtype;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p result.
 */
GA_API ga_status_t ga_scalar_cast(ga_scalar_t value, ga_dtype_t dtype, ga_scalar_t *result);

/* ------------------------------------------------------------------------------------------------
 * Creation
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief A new, uninitialised array, as numpy.empty.
 *
 * The memory comes from the stream-ordered pool on @p stream, so the array may be used at once by
 * work queued on that stream; other streams must wait for it (an event) before they touch it.
 * @param[in] ndim the number of dimensions, 0..::GA_MAX_DIMS.
 * @param[in] shape @p ndim non-negative extents; may be NULL when @p ndim is 0.
 * @param[in] dtype the element type.
 * @param[in] order ::GA_ORDER_C or ::GA_ORDER_F.
 * @param[in] stream the stream the allocation (and, for the filled forms, the fill) is queued on,
 *            whose device the array lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a bad @p ndim, a negative extent, a shape whose
 *         byte size overflows 63 bits, NULL @p shape with @p ndim > 0, a bad @p order or NULL
 *         @p result; ::GA_ERROR_DTYPE for an undefined @p dtype; ::GA_ERROR_INVALID_HANDLE for a
 *         released @p stream; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_empty(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_order_t order,
                                  ga_stream_t stream, ga_array_t *result);

/**
 * @brief As ga_array_empty(), filled with zeros, as numpy.zeros.
 * @copydetails ga_array_empty
 */
GA_API ga_status_t ga_array_zeros(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_order_t order,
                                  ga_stream_t stream, ga_array_t *result);

/**
 * @brief As ga_array_empty(), filled with ones, as numpy.ones.
 * @copydetails ga_array_empty
 */
GA_API ga_status_t ga_array_ones(int ndim, const int64_t *shape, ga_dtype_t dtype, ga_order_t order,
                                 ga_stream_t stream, ga_array_t *result);

/**
 * @brief As ga_array_empty(), filled with @p value cast to @p dtype, as numpy.full.
 *
 * @param[in] ndim the number of dimensions, 0..::GA_MAX_DIMS.
 * @param[in] shape @p ndim non-negative extents; may be NULL when @p ndim is 0.
 * @param[in] value the fill value, cast to @p dtype as the file comment says.
 * @param[in] dtype the element type.
 * @param[in] order ::GA_ORDER_C or ::GA_ORDER_F.
 * @param[in] stream the stream the allocation and the fill are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return as ga_array_empty(), and ::GA_ERROR_DTYPE for an undefined dtype in @p value.
 */
GA_API ga_status_t ga_array_full(int ndim, const int64_t *shape, ga_scalar_t value, ga_dtype_t dtype,
                                 ga_order_t order, ga_stream_t stream, ga_array_t *result);

/** @brief Pass as the dtype of the `_like` functions to keep the prototype's dtype. */
#define GA_DTYPE_SAME ((ga_dtype_t)-1)

/**
 * @brief A new uninitialised array with @p prototype's shape, as numpy.empty_like.
 *
 * Only the prototype's shape, dtype and layout are read, never its data; it may live on any device.
 * @param[in] prototype the array whose shape (and, with ::GA_DTYPE_SAME, dtype) the result takes.
 * @param[in] dtype the element type, or ::GA_DTYPE_SAME for the prototype's.
 * @param[in] order ::GA_ORDER_C, ::GA_ORDER_F, ::GA_ORDER_A (F if the prototype is F- and not
 *            C-contiguous, else C) or ::GA_ORDER_K (the prototype's stride order).
 * @param[in] stream the stream the allocation (and, for the filled forms, the fill) is queued on,
 *            whose device the array lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p prototype or a released @p stream;
 *         ::GA_ERROR_INVALID_ARGUMENT for a bad @p order or NULL @p result; ::GA_ERROR_DTYPE for
 *         an undefined @p dtype; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_empty_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                       ga_stream_t stream, ga_array_t *result);

/**
 * @brief As ga_array_empty_like(), filled with zeros, as numpy.zeros_like.
 * @copydetails ga_array_empty_like
 */
GA_API ga_status_t ga_array_zeros_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                       ga_stream_t stream, ga_array_t *result);

/**
 * @brief As ga_array_empty_like(), filled with ones, as numpy.ones_like.
 * @copydetails ga_array_empty_like
 */
GA_API ga_status_t ga_array_ones_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                      ga_stream_t stream, ga_array_t *result);

/**
 * @brief As ga_array_empty_like(), filled with @p value cast to the result's dtype, as
 *        numpy.full_like.
 *
 * @param[in] prototype the array whose shape (and, with ::GA_DTYPE_SAME, dtype) the result takes.
 * @param[in] value the fill value.
 * @param[in] dtype the element type, or ::GA_DTYPE_SAME for the prototype's.
 * @param[in] order ::GA_ORDER_C, ::GA_ORDER_F, ::GA_ORDER_A or ::GA_ORDER_K, as for
 *            ga_array_empty_like().
 * @param[in] stream the stream the allocation and the fill are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return as ga_array_empty_like(), and ::GA_ERROR_DTYPE for an undefined dtype in @p value.
 */
GA_API ga_status_t ga_array_full_like(ga_array_t prototype, ga_scalar_t value, ga_dtype_t dtype,
                                      ga_order_t order, ga_stream_t stream, ga_array_t *result);

/**
 * @brief Evenly spaced values in [start, stop) with @p step, as numpy.arange.
 *
 * The length is ceil((stop - start) / step) (0 if negative), computed exactly when all three
 * scalars are integers (or bool). Integer dtypes compute start + i*step in 64-bit integers; float
 * dtypes as NumPy does (first value and delta in the dtype, then first + i*delta). Complex dtypes
 * are unsupported; bool allows at most 2 elements, as NumPy.
 * @param[in] start the first value.
 * @param[in] stop the end, not included.
 * @param[in] step the spacing; must not be zero.
 * @param[in] dtype the element type of the result.
 * @param[in] stream the stream the allocation and the kernel are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new 1-D array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a zero @p step, a length that is not finite or
 *         does not fit 63 bits, or NULL @p result; ::GA_ERROR_UNSUPPORTED for a complex @p dtype;
 *         ::GA_ERROR_DTYPE for an undefined dtype (of a scalar or @p dtype) or a bool result of
 *         more than 2 elements; ::GA_ERROR_INVALID_HANDLE for a released @p stream;
 *         ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_arange(ga_scalar_t start, ga_scalar_t stop, ga_scalar_t step,
                                   ga_dtype_t dtype, ga_stream_t stream, ga_array_t *result);

/**
 * @brief @p num evenly spaced values from @p start to @p stop, as numpy.linspace.
 *
 * Computed in float64 as start + i*step (the last one is exactly @p stop when @p endpoint), then
 * cast; integer dtypes round toward negative infinity, as NumPy 2. Complex dtypes are unsupported.
 * @param[in] start the first value.
 * @param[in] stop the last value (with @p endpoint) or the end, not included (without).
 * @param[in] num the number of values; must not be negative.
 * @param[in] endpoint nonzero to include @p stop.
 * @param[in] dtype the element type of the result.
 * @param[in] stream the stream the allocation and the kernel are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new 1-D array handle owned by the caller. Written only on success.
 * @param[out] step receives the spacing (NaN when @p num < 2 with @p endpoint, as NumPy); may be
 *             NULL when not wanted. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a negative @p num or NULL @p result;
 *         ::GA_ERROR_UNSUPPORTED for a complex @p dtype; ::GA_ERROR_DTYPE for an undefined
 *         @p dtype; ::GA_ERROR_INVALID_HANDLE for a released @p stream; ::GA_ERROR_NO_DEVICE;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_linspace(double start, double stop, int64_t num, int endpoint,
                                     ga_dtype_t dtype, ga_stream_t stream, ga_array_t *result,
                                     double *step);

/**
 * @brief base ** linspace(start, stop, num, endpoint), as numpy.logspace, cast to @p dtype.
 *
 * Complex dtypes are unsupported.
 * @param[in] start the first exponent.
 * @param[in] stop the last exponent (with @p endpoint) or the end, not included (without).
 * @param[in] num the number of values; must not be negative.
 * @param[in] endpoint nonzero to include @p stop.
 * @param[in] base the base of the powers.
 * @param[in] dtype the element type of the result.
 * @param[in] stream the stream the allocation and the kernel are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new 1-D array handle owned by the caller. Written only on success.
 * @return as ga_array_linspace().
 */
GA_API ga_status_t ga_array_logspace(double start, double stop, int64_t num, int endpoint, double base,
                                     ga_dtype_t dtype, ga_stream_t stream, ga_array_t *result);

/**
 * @brief A @p rows × @p columns array with ones on diagonal @p k and zeros elsewhere, as numpy.eye.
 *
 * @param[in] rows the number of rows; must not be negative.
 * @param[in] columns the number of columns; must not be negative.
 * @param[in] k the diagonal: 0 the main one, > 0 above it, < 0 below.
 * @param[in] dtype the element type of the result.
 * @param[in] order ::GA_ORDER_C or ::GA_ORDER_F.
 * @param[in] stream the stream the allocation and the fills are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new 2-D array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a negative @p rows or @p columns, a bad
 *         @p order or NULL @p result; ::GA_ERROR_DTYPE for an undefined @p dtype;
 *         ::GA_ERROR_INVALID_HANDLE for a released @p stream; ::GA_ERROR_NO_DEVICE;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_eye(int64_t rows, int64_t columns, int64_t k, ga_dtype_t dtype,
                                ga_order_t order, ga_stream_t stream, ga_array_t *result);

/**
 * @brief The @p n × @p n identity, C-ordered, as numpy.identity.
 *
 * @param[in] n the number of rows and columns; must not be negative.
 * @param[in] dtype the element type of the result.
 * @param[in] stream the stream the allocation and the fills are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new 2-D array handle owned by the caller. Written only on success.
 * @return as ga_array_eye().
 */
GA_API ga_status_t ga_array_identity(int64_t n, ga_dtype_t dtype, ga_stream_t stream, ga_array_t *result);

/**
 * @brief A C-ordered @p rows × @p columns array with ones at and below diagonal @p k and zeros
 *        above it, as numpy.tri.
 *
 * @param[in] rows the number of rows; must not be negative.
 * @param[in] columns the number of columns; must not be negative.
 * @param[in] k the diagonal at and below which the ones are: 0 the main one, > 0 above it, < 0
 *            below.
 * @param[in] dtype the element type of the result.
 * @param[in] stream the stream the allocation and the kernel are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new 2-D array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a negative @p rows or @p columns or NULL
 *         @p result; ::GA_ERROR_DTYPE for an undefined @p dtype; ::GA_ERROR_INVALID_HANDLE for a
 *         released @p stream; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_tri(int64_t rows, int64_t columns, int64_t k, ga_dtype_t dtype,
                                ga_stream_t stream, ga_array_t *result);

/** @brief Indexing of ga_array_meshgrid(). */
typedef enum ga_meshgrid_indexing {
  GA_MESHGRID_XY = 0, /**< Cartesian (NumPy's default): the first two output axes are swapped. */
  GA_MESHGRID_IJ = 1  /**< Matrix indexing. */
} ga_meshgrid_indexing_t;

/**
 * @brief Coordinate matrices from @p count coordinate vectors, as numpy.meshgrid with copy=True.
 *
 * Each vector is flattened; grid i holds vector i's values along its axis (the first two axes
 * swapped with ::GA_MESHGRID_XY) and is a new C-contiguous array of the vector's dtype.
 * @param[in] vectors @p count array handles, on @p stream's device; may be NULL when @p count is 0.
 * @param[in] count the number of vectors, 0..::GA_MAX_DIMS.
 * @param[in] indexing ::GA_MESHGRID_XY or ::GA_MESHGRID_IJ.
 * @param[in] stream the stream the allocations and copies are queued on; NULL for the calling
 *            thread's current stream.
 * @param[out] result receives @p count new array handles owned by the caller, all or none; must hold
 *             @p count entries, and may be NULL when @p count is 0.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad entry of @p vectors (named `vectors[i]`) or
 *         a released @p stream; ::GA_ERROR_INVALID_ARGUMENT for a negative or too large @p count,
 *         NULL @p vectors or @p result with a positive count, a bad @p indexing, or a vector on
 *         another device; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_meshgrid(const ga_array_t *vectors, int count, ga_meshgrid_indexing_t indexing,
                                     ga_stream_t stream, ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Host ↔ device
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief A new device array holding a copy of host data, as numpy.array of host memory; waits for
 *        the copy.
 *
 * The result is F-contiguous when the host data is F-ordered (and not also C-ordered), else
 * C-contiguous; strided host data is gathered on the host first. The copy is queued on @p stream
 * and waited for, so the host buffer may be reused, or freed, when the call returns.
 * ga_array_from_host_async() returns without waiting.
 * @param[in] host the first element (the one at index 0, ..., 0); may be NULL only when the array
 *            is empty.
 * @param[in] ndim the number of dimensions, 0..::GA_MAX_DIMS.
 * @param[in] shape @p ndim non-negative extents; may be NULL when @p ndim is 0.
 * @param[in] byte_strides @p ndim strides in bytes (any sign; multiples of the itemsize), or NULL
 *            for compact data in @p order.
 * @param[in] dtype the element type of the host data and of the result.
 * @param[in] order ::GA_ORDER_C or ::GA_ORDER_F, the layout of compact host data; read only when
 *            @p byte_strides is NULL.
 * @param[in] stream the stream the allocation and the copy are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a bad @p ndim, a negative extent, a byte size
 *         that overflows, NULL @p shape with @p ndim > 0, NULL @p host with elements, a byte stride
 *         that is not a multiple of the itemsize, a bad @p order with NULL @p byte_strides, or NULL
 *         @p result; ::GA_ERROR_DTYPE for an undefined @p dtype; ::GA_ERROR_INVALID_HANDLE for a
 *         released @p stream; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_from_host(const void *host, int ndim, const int64_t *shape,
                                      const int64_t *byte_strides, ga_dtype_t dtype, ga_order_t order,
                                      ga_stream_t stream, ga_array_t *result);

/**
 * @brief As ga_array_from_host(), but returns before the copy has run.
 *
 * The host data is staged into the pinned pool at once (so @p host may be reused, or freed, when
 * the call returns) and copied to the device asynchronously on @p stream; work queued on that
 * stream afterwards sees the data, other streams must wait for it (an event). The result's layout
 * is that of ga_array_from_host().
 * @param[in] host the first element; may be NULL only when the array is empty.
 * @param[in] ndim the number of dimensions, 0..::GA_MAX_DIMS.
 * @param[in] shape @p ndim non-negative extents; may be NULL when @p ndim is 0.
 * @param[in] byte_strides @p ndim strides in bytes (any sign; multiples of the itemsize), or NULL
 *            for compact data in @p order.
 * @param[in] dtype the element type of the host data and of the result.
 * @param[in] order ::GA_ORDER_C or ::GA_ORDER_F, the layout of compact host data; read only when
 *            @p byte_strides is NULL.
 * @param[in] stream the stream the allocation and the copy are queued on, whose device the array
 *            lives on; NULL for the calling thread's current stream.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return as ga_array_from_host(), and ::GA_ERROR_OUT_OF_MEMORY when no pinned staging memory can be
 *         had.
 */
GA_API ga_status_t ga_array_from_host_async(const void *host, int ndim, const int64_t *shape,
                                            const int64_t *byte_strides, ga_dtype_t dtype,
                                            ga_order_t order, ga_stream_t stream, ga_array_t *result);

/**
 * @brief Copy @p array's elements, in C order whatever its layout, into host memory; waits for the
 *        copy.
 *
 * The copy (after a compacting copy on the device when @p array is not C-contiguous) is queued on
 * @p stream, after the work already queued there, and waited for: @p host holds the data when the
 * call returns. ga_array_to_host_async() returns without waiting.
 * @param[in] array the array to read, on @p stream's device.
 * @param[in] host the caller's buffer that receives nbytes bytes (ga_array_nbytes()): a
 *            destination, so the pointer is an input; may be NULL only when the array is empty. On
 *            failure it may have been partly written.
 * @param[in] host_bytes the size of @p host in bytes; at least nbytes.
 * @param[in] stream the stream the copy is queued on and waited for; NULL for the calling thread's
 *            current stream.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream;
 *         ::GA_ERROR_BUFFER_TOO_SMALL, with the size needed, when @p host_bytes is short;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p host with elements, or @p array on another device
 *         than @p stream's; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_to_host(ga_array_t array, void *host, size_t host_bytes, ga_stream_t stream);

/**
 * @brief As ga_array_to_host() without waiting: the data reaches @p host when @p stream gets there.
 *
 * Synchronise the stream, or record an event on it and wait for that, before reading @p host. The
 * copy goes through the pinned pool, so @p host may be ordinary pageable memory; it must stay valid
 * until the stream has passed the copy.
 * @param[in] array the array to read, on @p stream's device.
 * @param[in] host the caller's buffer that receives nbytes bytes, in C order, once @p stream has
 *            run the copy (a destination, so the pointer is an input); may be NULL only when the
 *            array is empty.
 * @param[in] host_bytes the size of @p host in bytes; at least nbytes.
 * @param[in] stream the stream the copy is queued on; NULL for the calling thread's current stream.
 * @return as ga_array_to_host(), and ::GA_ERROR_OUT_OF_MEMORY when no pinned staging memory can be
 *         had.
 */
GA_API ga_status_t ga_array_to_host_async(ga_array_t array, void *host, size_t host_bytes,
                                          ga_stream_t stream);

/**
 * @brief Overwrite @p array (any writeable view) with host data of its shape; waits for the copy.
 *
 * The host data is read in C order when @p byte_strides is NULL, else laid out by those strides.
 * The copy is queued on @p stream and waited for, so @p host may be reused when the call returns.
 * @param[in] array the array to write, on @p stream's device.
 * @param[in] host the host element at index 0, ..., 0; may be NULL only when the array is empty.
 * @param[in] host_bytes the size of @p host in bytes; at least nbytes when @p byte_strides is NULL
 *            (not checked otherwise).
 * @param[in] byte_strides ndim strides in bytes (any sign; multiples of the itemsize), or NULL for
 *            compact C-ordered data.
 * @param[in] stream the stream the copy is queued on and waited for; NULL for the calling thread's
 *            current stream.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream;
 *         ::GA_ERROR_BUFFER_TOO_SMALL, with the size needed, when @p host_bytes is short;
 *         ::GA_ERROR_INVALID_ARGUMENT for a read-only @p array, NULL @p host with elements, a byte
 *         stride that is not a multiple of the itemsize, or @p array on another device than
 *         @p stream's; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_set_from_host(ga_array_t array, const void *host, size_t host_bytes,
                                          const int64_t *byte_strides, ga_stream_t stream);

/* ------------------------------------------------------------------------------------------------
 * Copies, casts, fills, elements
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief Set every element of @p array (any writeable view) to @p value cast to its dtype, as
 *        ndarray.fill.
 *
 * @param[in] array the array to fill, on @p stream's device.
 * @param[in] value the value, cast to the array's dtype as the file comment says.
 * @param[in] stream the stream the fill is queued on; NULL for the calling thread's current stream.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream;
 *         ::GA_ERROR_DTYPE for an undefined dtype in @p value; ::GA_ERROR_INVALID_ARGUMENT for a
 *         read-only @p array or one on another device than @p stream's; ::GA_ERROR_CUDA.
 *         On failure the array is not written.
 */
GA_API ga_status_t ga_array_fill(ga_array_t array, ga_scalar_t value, ga_stream_t stream);

/**
 * @brief A deep copy of @p array in @p order, as ndarray.copy.
 *
 * @param[in] array the array to copy, on @p stream's device.
 * @param[in] order ::GA_ORDER_C, ::GA_ORDER_F, ::GA_ORDER_A (F if @p array is F- and not
 *            C-contiguous, else C) or ::GA_ORDER_K (@p array's stride order).
 * @param[in] stream the stream the allocation and the copy are queued on; NULL for the calling
 *            thread's current stream.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream;
 *         ::GA_ERROR_INVALID_ARGUMENT for a bad @p order, NULL @p result, or @p array on another
 *         device than @p stream's; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_copy(ga_array_t array, ga_order_t order, ga_stream_t stream, ga_array_t *result);

/**
 * @brief Copy @p source, broadcast to @p destination's shape and cast to its dtype, into
 *        @p destination, as numpy.copyto.
 *
 * @p destination may be any writeable view, also one overlapping @p source (the overlap is copied
 * through a temporary).
 * @param[in] source the values, on @p stream's device; its shape must broadcast to @p destination's.
 * @param[in] destination the array to write, on @p stream's device.
 * @param[in] stream the stream the copy is queued on; NULL for the calling thread's current stream.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p source, @p destination or a released
 *         @p stream; ::GA_ERROR_SHAPE_MISMATCH when @p source does not broadcast to
 *         @p destination's shape; ::GA_ERROR_INVALID_ARGUMENT for a read-only @p destination or an
 *         array on another device than @p stream's (ga_array_copy_to_device() copies across
 *         devices); ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_copy_into(ga_array_t source, ga_array_t destination, ga_stream_t stream);

/**
 * @brief A copy of @p array on @p device: a deep copy even when it is already there.
 *
 * The copy runs on @p stream, after the work queued there on @p array's data, and the calling
 * thread's current stream of @p device waits for it (an event; neither side waits on the host), so
 * work queued there afterwards sees the data. The result is C-contiguous when it crosses devices,
 * and keeps @p array's stride order (::GA_ORDER_K) when @p device is @p array's.
 * @param[in] array the array to copy.
 * @param[in] device the ordinal of the device the copy goes to.
 * @param[in] stream a stream of @p array's device that the copy is queued on; NULL for the calling
 *            thread's current stream of @p array's device.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream;
 *         ::GA_ERROR_NO_DEVICE when @p device does not exist; ::GA_ERROR_INVALID_ARGUMENT for NULL
 *         @p result, or a @p stream of another device than @p array's; ::GA_ERROR_OUT_OF_MEMORY;
 *         ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_copy_to_device(ga_array_t array, int device, ga_stream_t stream,
                                           ga_array_t *result);

/**
 * @brief A copy of @p array cast to @p dtype in @p order, as ndarray.astype (always a copy; see the
 *        file comment for the casting rules).
 *
 * @param[in] array the array to cast, on @p stream's device.
 * @param[in] dtype the element type of the result.
 * @param[in] order ::GA_ORDER_C, ::GA_ORDER_F, ::GA_ORDER_A or ::GA_ORDER_K, as for
 *            ga_array_copy().
 * @param[in] stream the stream the allocation and the copy are queued on; NULL for the calling
 *            thread's current stream.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream;
 *         ::GA_ERROR_DTYPE for an undefined @p dtype; ::GA_ERROR_INVALID_ARGUMENT for a bad
 *         @p order, NULL @p result, or @p array on another device than @p stream's;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_astype(ga_array_t array, ga_dtype_t dtype, ga_order_t order, ga_stream_t stream,
                                   ga_array_t *result);

/**
 * @brief @p array itself if it is C-contiguous, else a C-contiguous copy, as
 *        numpy.ascontiguousarray; a 0-d array becomes 1-d.
 *
 * When @p array already is C-contiguous and has at least one dimension, @p result receives the same
 * handle with one more reference and no work is queued; otherwise it receives a new array.
 * @param[in] array the array, on @p stream's device when it must be copied.
 * @param[in] stream the stream the allocation and the copy are queued on, when a copy is made; NULL
 *            for the calling thread's current stream, looked up only then.
 * @param[out] result receives @p array with one more reference, or a new array handle; either way
 *             the caller releases it. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, or a copy asked of an array on another
 *         device than @p stream's; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_ascontiguousarray(ga_array_t array, ga_stream_t stream, ga_array_t *result);

/**
 * @brief @p array itself if it is F-contiguous, else an F-contiguous copy, as numpy.asfortranarray;
 *        a 0-d array becomes 1-d.
 *
 * Everything else is as ga_array_ascontiguousarray() with F for C (a 1-d contiguous array is both,
 * and comes back itself from either).
 * @param[in] array the array, on @p stream's device when it must be copied.
 * @param[in] stream the stream the allocation and the copy are queued on, when a copy is made; NULL
 *            for the calling thread's current stream, looked up only then.
 * @param[out] result receives @p array with one more reference, or a new array handle; either way
 *             the caller releases it. Written only on success.
 * @return as ga_array_ascontiguousarray().
 */
GA_API ga_status_t ga_array_asfortranarray(ga_array_t array, ga_stream_t stream, ga_array_t *result);

/**
 * @brief Read one element of @p array, as ndarray.item(); waits for it.
 *
 * The read is queued on @p stream, after the work already queued there, and waited for.
 * @param[in] array the array to read, on @p stream's device.
 * @param[in] index ndim indices (negative ones count from the end), or NULL for the only element of
 *            a one-element array.
 * @param[in] stream the stream the read is queued on and waited for; NULL for the calling thread's
 *            current stream.
 * @param[out] value receives the element as a scalar of the array's dtype. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p array or a released @p stream;
 *         ::GA_ERROR_INDEX for an index out of range; ::GA_ERROR_INVALID_ARGUMENT when @p index is
 *         NULL and the array does not have exactly one element, for NULL @p value, or for @p array
 *         on another device than @p stream's; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_array_item(ga_array_t array, const int64_t *index, ga_stream_t stream, ga_scalar_t *value);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_CREATION_H */
