/**
 * @file garray/products.h
 * @brief Matrix and tensor products on cuBLAS: matmul, dot, vdot, inner, outer, tensordot, kron
 *        and einsum, with NumPy's rules.
 *
 * Every product takes its operands (any layout, on the stream's device), an optional destination
 * @p out (NumPy's out=; NULL allocates), a stream (NULL: the current stream), and writes the array
 * @p result; the work is queued on the stream and nothing synchronises. The result dtype is
 * NumPy's promotion of the operands' dtypes; it is C-contiguous unless written into @p out.
 * float16, bfloat16, float32, float64, complex64 and complex128 products run on cuBLAS
 * (float16/bfloat16 accumulate in float32; float32 in full FP32 unless ga_linalg_set_allow_tf32()
 * allows TF32 tensor cores); integer products run on a generated kernel that accumulates in the
 * result dtype and wraps on overflow as NumPy's; bool products are the logical or of ands.
 * Transposed views reach cuBLAS as transposes, not copies. A contraction over an empty axis gives
 * zeros. docs/linalg.md has the rules and examples. Thread-safe.
 */
#ifndef GARRAY_PRODUCTS_H
#define GARRAY_PRODUCTS_H

#include <garray/array.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @name Two-operand products
 * Every function below has the parameters and rules documented at ga_array_matmul().
 */
/** @{ */
/**
 * @brief np.matmul (a @ b): 1-d operands act as a row (a) or column (b) whose axis is dropped from
 *        the result; the dimensions before the last two are batch dimensions and broadcast.
 *
 * Every two-operand product (ga_array_matmul(), ga_array_dot(), ga_array_vdot(),
 * ga_array_inner(), ga_array_outer(), ga_array_kron()) takes these parameters and follows these
 * rules. The work is queued on @p stream and nothing synchronises. Thread-safe.
 *
 * @param[in] a the first operand (any layout, on the stream's device).
 * @param[in] b the second operand (any layout, on the stream's device).
 * @param[in] out NULL to have a new C-contiguous array allocated; else the destination: an array of
 *        the result's shape, on the stream's device, writeable, whose dtype the result casts to
 *        (same_kind), written in place (also when it overlaps an operand). It is not written on
 *        failure.
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result: a new array (the caller releases it), or @p out with one
 *        more reference when @p out was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p a or @p b, or a released
 *         @p out or @p stream; ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, a read-only @p out,
 *         an operand or @p out on another device than the stream's, a 0-d operand of
 *         ga_array_matmul() (NumPy's ValueError); ::GA_ERROR_SHAPE_MISMATCH for operands whose
 *         contracted extents differ (the message names both shapes), batch dimensions that do not
 *         broadcast (ga_array_matmul()), operands of different sizes (ga_array_vdot()) or an
 *         @p out of another shape; ::GA_ERROR_DTYPE for an @p out the result does not cast to;
 *         ::GA_ERROR_UNSUPPORTED for a matrix extent or batch count beyond cuBLAS's 32-bit int;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_array_matmul(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.dot: a 0-d operand multiplies; otherwise the sum over a's last axis and b's
 *        second-to-last (its only axis when 1-d).
 * @copydetails ga_array_matmul
 */
GA_API ga_status_t ga_array_dot(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.vdot: sum(conj(a) * b) over the flattened operands, a 0-d array.
 * @copydetails ga_array_matmul
 */
GA_API ga_status_t ga_array_vdot(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.inner: a 0-d operand multiplies; otherwise the sum over both last axes, of shape
 *        a.shape[:-1] + b.shape[:-1].
 * @copydetails ga_array_matmul
 */
GA_API ga_status_t ga_array_inner(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.outer: the flattened a as rows times the flattened b as columns, (a.size, b.size).
 * @copydetails ga_array_matmul
 */
GA_API ga_status_t ga_array_outer(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/**
 * @brief np.kron: the Kronecker product, of rank max(a.ndim, b.ndim) (the shorter shape padded with
 *        leading 1s) and extents the products of the operands' extents.
 * @copydetails ga_array_matmul
 */
GA_API ga_status_t ga_array_kron(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream, ga_array_t *result);
/** @} */

/**
 * @brief np.tensordot: the sum over paired axes, of shape a's other axes followed by b's.
 *
 * The work is queued on @p stream and nothing synchronises. Thread-safe.
 *
 * @param[in] a the first operand (any layout, on the stream's device).
 * @param[in] b the second operand (any layout, on the stream's device).
 * @param[in] a_axes NULL, or @p a's @p axis_count paired axes (negative from the end): with
 *        @p b_axes, NumPy's axes=(a_axes, b_axes). Both NULL: NumPy's integer axes=axis_count,
 *        a's last @p axis_count axes paired in order with b's first.
 * @param[in] b_axes NULL, or @p b's @p axis_count paired axes; NULL exactly when @p a_axes is.
 * @param[in] axis_count the number of pairs (≥ 0).
 * @param[in] out NULL to allocate, or the destination, as for ga_array_matmul().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_array_matmul().
 * @return as ga_array_matmul(); also ::GA_ERROR_INVALID_ARGUMENT for a negative @p axis_count,
 *         only one of @p a_axes and @p b_axes NULL, or a repeated axis; ::GA_ERROR_INDEX for an
 *         axis out of range or an integer count above either rank; ::GA_ERROR_SHAPE_MISMATCH for
 *         paired axes of different extents.
 */
GA_API ga_status_t ga_array_tensordot(ga_array_t a, ga_array_t b, const int *a_axes, const int *b_axes,
                                      int axis_count, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief np.einsum: Einstein summation over @p count operands.
 *
 * Operands are contracted pairwise from left to right, each pair as one batched matmul; letters
 * found in only one operand and not in the output are summed first. The work is queued on
 * @p stream and nothing synchronises. Thread-safe.
 *
 * @param[in] subscripts NumPy's subscripts: letters per operand separated by commas, an optional
 *        "->" and output letters (without it, the letters that occur once, in alphabetical order),
 *        "..." for broadcast leading dimensions, spaces ignored. A letter repeated in one operand
 *        takes its diagonal; a letter missing from the output is summed over.
 * @param[in] operands @p count arrays (any layout, on the stream's device).
 * @param[in] count the number of operands (≥ 1).
 * @param[in] out NULL to allocate, or the destination, as for ga_array_matmul().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_array_matmul().
 * @return as ga_array_matmul(); also ::GA_ERROR_INVALID_ARGUMENT for NULL @p subscripts or
 *         @p operands, a count below 1, malformed subscripts (a character that is not a letter, a
 *         wrong number of operand terms, an output letter repeated or missing from the inputs, a
 *         term with more letters than its operand has dimensions); ::GA_ERROR_INVALID_HANDLE for a
 *         NULL or released operand; ::GA_ERROR_SHAPE_MISMATCH for one letter with different
 *         extents, or "..." dimensions that do not broadcast.
 */
GA_API ga_status_t ga_array_einsum(const char *subscripts, const ga_array_t *operands, int count, ga_array_t out,
                                   ga_stream_t stream, ga_array_t *result);

/**
 * @brief Allows (nonzero) or forbids (0) TF32 tensor cores in float32 products, process-wide.
 *
 * Forbidden by default, as CuPy: float32 products are then computed in full FP32. The environment
 * variable GA_TF32=1, read once at the first product, allows them until this is called. Affects
 * products queued after the call. No device work. Thread-safe (an atomic).
 *
 * @param[in] allow nonzero to allow TF32, 0 to forbid it.
 * @return ::GA_OK.
 */
GA_API ga_status_t ga_linalg_set_allow_tf32(int allow);

/**
 * @brief Whether float32 products may use TF32 tensor cores (ga_linalg_set_allow_tf32(), or
 *        GA_TF32=1 before it was called). No device work. Thread-safe.
 * @param[out] allow receives 1 or 0. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p allow.
 */
GA_API ga_status_t ga_linalg_get_allow_tf32(int *allow);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_PRODUCTS_H */
