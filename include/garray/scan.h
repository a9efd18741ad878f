/**
 * @file garray/scan.h
 * @brief Cumulative functions (NumPy's cumsum, cumprod, nancumsum, nancumprod) and
 *        ufunc.accumulate: inclusive scans along one axis of any strided array.
 *
 * A scan of a C-contiguous array along its last axis (or of a flattened array) runs as one
 * single-pass kernel with decoupled look-back; other layouts scan each line in one thread, or go
 * through a contiguous copy. Floating-point sums and products combine in a tree order within each
 * tile of a few thousand elements, not NumPy's strictly sequential order, so results can differ
 * from NumPy's in the last bits (as CuPy's do). Device work is queued on the given stream (NULL:
 * the current stream); no call waits for the device. Thread-safe.
 */
#ifndef GARRAY_SCAN_H
#define GARRAY_SCAN_H

#include <garray/array.h>
#include <garray/runtime.h>
#include <garray/ufunc.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief NumPy's cumsum: the running sum of @p array along @p axis.
 * @param[in] array the array (any layout and dtype; on the stream's device).
 * @param[in] axis an axis (negative from the end), or ::GA_AXIS_NONE for the array flattened in C
 *        order.
 * @param[in] dtype the accumulation and result dtype; ::GA_DTYPE_SAME for NumPy's default (the
 *        array's, except that bool and integers narrower than 64 bits accumulate in int64, unsigned
 *        ones in uint64).
 * @param[in] out NULL to allocate, or the destination: an array of the result's shape (the
 *        array's, or (size,) for ::GA_AXIS_NONE), writeable, on the stream's device, of any dtype
 *        (values are cast to it, unsafe casting as NumPy's) and layout; possibly @p array itself.
 * @param[in] stream the stream to queue on (NULL: the current stream). No call waits for the
 *        device.
 * @param[out] result receives the scan: a new C-contiguous array the caller releases, or @p out
 *        with one more reference when it was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p array or a released @p out;
 *         ::GA_ERROR_INVALID_ARGUMENT for a NULL @p result, a read-only @p out, or @p array or
 *         @p out on another device than the stream's; ::GA_ERROR_INDEX for an axis out of range
 *         (any axis of a 0-d array); ::GA_ERROR_SHAPE_MISMATCH for an @p out of another shape;
 *         ::GA_ERROR_DTYPE for an undefined @p dtype or one without an add loop;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_COMPILE (never expected); ::GA_ERROR_CUDA. On
 *         failure @p out is not written.
 */
GA_API ga_status_t ga_array_cumsum(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out, ga_stream_t stream,
                                   ga_array_t *result);

/**
 * @brief NumPy's cumprod: the running product of @p array along @p axis.
 * @copydetails ga_array_cumsum
 */
GA_API ga_status_t ga_array_cumprod(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out, ga_stream_t stream,
                                    ga_array_t *result);

/**
 * @brief NumPy's nancumsum: as ga_array_cumsum() with NaN counted as zero (a complex value with
 *        either part NaN counts as zero). Integer arrays scan as cumsum.
 * @copydetails ga_array_cumsum
 */
GA_API ga_status_t ga_array_nancumsum(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out,
                                      ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's nancumprod: as ga_array_cumprod() with NaN counted as one (a complex value with
 *        either part NaN counts as one). Integer arrays scan as cumprod.
 * @copydetails ga_array_cumsum
 */
GA_API ga_status_t ga_array_nancumprod(ga_array_t array, int axis, ga_dtype_t dtype, ga_array_t out,
                                       ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's ufunc.accumulate for a binary ufunc with one output: result[..., i, ...] is
 *        the fold of array[..., :i+1, ...] along @p axis, combining with the ufunc's own loop in
 *        order.
 *
 * Ufuncs with an identity (add, multiply, maximum, logical_and, ...) are regrouped in parallel;
 * those without one (subtract, divide, power, ...), which are not associative, fold each line
 * sequentially as NumPy does, one GPU thread per line.
 * @param[in] ufunc a binary ufunc with one output.
 * @param[in] array as ga_array_cumsum().
 * @param[in] axis an axis (negative from the end; NumPy's default is 0), or ::GA_AXIS_NONE for the
 *        flattened array.
 * @param[in] dtype the loop's output dtype (NumPy's dtype=); ::GA_DTYPE_SAME to let the loop be
 *        chosen for operands of @p out's dtype when given, else of NumPy's default: the array's,
 *        except that add and multiply widen bool and integers narrower than 64 bits to
 *        int64/uint64 as cumsum does. A loop that returns another type (logical_and's ll->?)
 *        folds in that type, so logical_and.accumulate of any input is bool.
 * @param[in] out as ga_array_cumsum().
 * @param[in] stream as ga_array_cumsum().
 * @param[out] result as ga_array_cumsum().
 * @return as ga_array_cumsum(); ::GA_ERROR_INVALID_HANDLE for a NULL or bad @p ufunc;
 *         ::GA_ERROR_INVALID_ARGUMENT for a ufunc that is not binary with one output;
 *         ::GA_ERROR_DTYPE when the ufunc has no loop for the dtype.
 */
GA_API ga_status_t ga_ufunc_accumulate(ga_ufunc_t ufunc, ga_array_t array, int axis, ga_dtype_t dtype,
                                       ga_array_t out, ga_stream_t stream, ga_array_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_SCAN_H */
