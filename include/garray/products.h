/**
 * @file garray/products.h
 * @brief Matrix and tensor products on cuBLAS: matmul, dot, vdot, inner, outer, tensordot, kron
 *        and einsum, with NumPy's rules.
 *
 * Every product takes its operands (any layout, on the stream's device), an @p out that is read and
 * written as ga_sum()'s is, and a stream (NULL: the current stream); the work is queued there and
 * nothing synchronises. The result dtype is NumPy's promotion of the operands' dtypes; it is
 * C-contiguous unless written into @p out. float16, bfloat16, float32, float64, complex64 and
 * complex128 products run on cuBLAS (float16/bfloat16 accumulate in float32; float32 in full FP32
 * unless ga_set_allow_tf32() allows TF32 tensor cores); integer products run on a generated kernel
 * that accumulates in the result dtype and wraps on overflow as NumPy's; bool products are the
 * logical or of ands. Transposed views reach cuBLAS as transposes, not copies. A contraction over
 * an empty axis gives zeros. docs/linalg.md has the rules and examples. Thread-safe.
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
 * Every function below has this signature and these rules.
 * @param a, b the operands (any layout, on the stream's device).
 * @param out in: NULL, or an array of the result's shape whose dtype the result casts to
 *        (same_kind), written in place (also when it overlaps an operand); out: the new array (the
 *        caller releases it) when it was NULL. Untouched on failure.
 * @param stream the stream (NULL: the current stream).
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p a, @p b or @p *out;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p out, a read-only @p *out, an operand on another
 *         device, a 0-d operand of ga_matmul() (NumPy's ValueError); ::GA_ERROR_SHAPE_MISMATCH for
 *         operands whose contracted extents differ (the message names both shapes), batch
 *         dimensions that do not broadcast (ga_matmul()), operands of different sizes (ga_vdot())
 *         or an @p *out of another shape; ::GA_ERROR_DTYPE for an @p *out the result does not cast
 *         to; ::GA_ERROR_UNSUPPORTED for a matrix extent or batch count beyond cuBLAS's 32-bit int;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA; ::GA_ERROR_NO_DEVICE.
 */
/** @{ */
/**
 * @brief np.matmul (a @ b): 1-d operands act as a row (a) or column (b) whose axis is dropped from
 *        the result; the dimensions before the last two are batch dimensions and broadcast.
 */
GA_API ga_status_t ga_matmul(ga_array_t a, ga_array_t b, ga_array_t *out, ga_stream_t stream);
/**
 * @brief np.dot: a 0-d operand multiplies; otherwise the sum over a's last axis and b's
 *        second-to-last (its only axis when 1-d).
 */
GA_API ga_status_t ga_dot(ga_array_t a, ga_array_t b, ga_array_t *out, ga_stream_t stream);
/** @brief np.vdot: sum(conj(a) * b) over the flattened operands, a 0-d array. */
GA_API ga_status_t ga_vdot(ga_array_t a, ga_array_t b, ga_array_t *out, ga_stream_t stream);
/**
 * @brief np.inner: a 0-d operand multiplies; otherwise the sum over both last axes, of shape
 *        a.shape[:-1] + b.shape[:-1].
 */
GA_API ga_status_t ga_inner(ga_array_t a, ga_array_t b, ga_array_t *out, ga_stream_t stream);
/** @brief np.outer: the flattened a as rows times the flattened b as columns, (a.size, b.size). */
GA_API ga_status_t ga_outer(ga_array_t a, ga_array_t b, ga_array_t *out, ga_stream_t stream);
/**
 * @brief np.kron: the Kronecker product, of rank max(a.ndim, b.ndim) (the shorter shape padded with
 *        leading 1s) and extents the products of the operands' extents.
 */
GA_API ga_status_t ga_kron(ga_array_t a, ga_array_t b, ga_array_t *out, ga_stream_t stream);
/** @} */

/**
 * @brief np.tensordot: the sum over paired axes, of shape a's other axes followed by b's.
 * @param a_axes, b_axes the @p axis_count paired axes (negative from the end): NumPy's
 *        axes=(a_axes, b_axes). Both NULL: NumPy's integer axes=axis_count, a's last @p axis_count
 *        axes paired in order with b's first.
 * @param axis_count the number of pairs (≥ 0).
 * @param out, stream as for the two-operand products.
 * @return as the two-operand products; also ::GA_ERROR_INVALID_ARGUMENT for a negative
 *         @p axis_count, only one of @p a_axes and @p b_axes NULL, or a repeated axis;
 *         ::GA_ERROR_INDEX for an axis out of range or an integer count above either rank;
 *         ::GA_ERROR_SHAPE_MISMATCH for paired axes of different extents.
 */
GA_API ga_status_t ga_tensordot(ga_array_t a, ga_array_t b, const int *a_axes, const int *b_axes, int axis_count,
                                ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.einsum: Einstein summation over @p count operands.
 * @param subscripts NumPy's subscripts: letters per operand separated by commas, an optional
 *        "->" and output letters (without it, the letters that occur once, in alphabetical order),
 *        "..." for broadcast leading dimensions, spaces ignored. A letter repeated in one operand
 *        takes its diagonal; a letter missing from the output is summed over.
 * @param operands @p count arrays (count ≥ 1).
 * @param out, stream as for the two-operand products.
 * Operands are contracted pairwise from left to right, each pair as one batched matmul; letters
 * found in only one operand and not in the output are summed first.
 * @return as the two-operand products; also ::GA_ERROR_INVALID_ARGUMENT for NULL @p subscripts or
 *         @p operands, a count below 1, malformed subscripts (a character that is not a letter, a
 *         wrong number of operand terms, an output letter repeated or missing from the inputs, a
 *         term with more letters than its operand has dimensions); ::GA_ERROR_SHAPE_MISMATCH for
 *         one letter with different extents, or "..." dimensions that do not broadcast.
 */
GA_API ga_status_t ga_einsum(const char *subscripts, const ga_array_t *operands, int count, ga_array_t *out,
                             ga_stream_t stream);

/**
 * @brief Allows (nonzero) or forbids (0) TF32 tensor cores in float32 products, process-wide.
 *        Forbidden by default, as CuPy: float32 products are then computed in full FP32. The
 *        environment variable GA_TF32=1, read once at the first product, allows them until this
 *        is called. Thread-safe (an atomic); affects products queued after the call.
 * @return ::GA_OK.
 */
GA_API ga_status_t ga_set_allow_tf32(int allow);

/**
 * @brief Whether float32 products may use TF32 tensor cores.
 * @param allow out: 1 or 0.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p allow.
 */
GA_API ga_status_t ga_get_allow_tf32(int *allow);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_PRODUCTS_H */
