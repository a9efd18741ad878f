/**
 * @file garray/ufunc_at.h
 * @brief NumPy's unbuffered in-place `ufunc.at(a, indices, b)`: every selected element of @p a is
 *        updated once per time it is selected, so repeated indices accumulate.
 */
#ifndef GARRAY_UFUNC_AT_H
#define GARRAY_UFUNC_AT_H

#include <garray/indexing.h>
#include <garray/ufunc.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief `a[items...] = ufunc(a[items...], b)` element by element, with every repetition of an
 *        index applied (NumPy's `ufunc.at`), as device atomics.
 *
 * The items select as in ga_array_advanced_index() (wrapping indices outside their axis, as CuPy);
 * a single integer array item indexes the first axis, as `np.add.at(a, indices, b)`. The loop is
 * the one NumPy resolves for (a.dtype, b) and its result is cast back to a.dtype, which must be
 * allowed under same_kind casting. Each update is one atomic read-modify-write: native atomics
 * where the hardware has them (add on int32, uint32, int64, uint64, float32, float64; maximum and
 * minimum on 32- and 64-bit integers; bitwise and/or/xor), a compare-and-swap loop over the
 * element's aligned word otherwise (8-, 16-, 32- and 64-bit elements, complex64 included), and two
 * float64 atomics for add and subtract on complex128. The order in which repeated updates apply is
 * unspecified, so floating-point sums may round differently from NumPy's sequential loop.
 *
 * @param[in] ufunc a binary ufunc with one output (add, subtract, multiply, maximum, minimum,
 *        bitwise_and, ...), or a unary one with one output (negative, ...) with @p b NULL.
 * @param[in] a the array updated in place: writeable, any strided view, on the stream's device.
 *        The handle is an input; the elements it selects are written.
 * @param[in] items @p count index items (may be NULL when @p count is 0, selecting all of @p a).
 * @param[in] count the entries in @p items, at least 0.
 * @param[in] b the second operand, broadcast to the shape of `a[items...]`; NULL for a unary ufunc.
 * @param[in] stream the stream to queue on, or NULL for the current stream. Nothing synchronises.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a bad @p ufunc or a NULL or released array;
 *         ::GA_ERROR_INVALID_ARGUMENT for a ufunc of another arity, @p b given to a unary ufunc or
 *         missing for a binary one, a read-only @p a, a bad operand kind, a negative @p count or
 *         NULL @p items with a positive one, an array on another device than the stream's;
 *         ::GA_ERROR_DTYPE when no loop fits or the result does not cast back to a.dtype, or for
 *         a non-integer index array; ::GA_ERROR_UNSUPPORTED for complex128 with an operation other
 *         than add and subtract (no atomic covers 16 bytes); ::GA_ERROR_SHAPE_MISMATCH;
 *         ::GA_ERROR_INDEX; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_COMPILE (never expected);
 *         ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_ufunc_at(ga_ufunc_t ufunc, ga_array_t a, const ga_advanced_index_t *items, int count,
                               const ga_operand_t *b, ga_stream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_UFUNC_AT_H */
