/**
 * @file garray/indexing.h
 * @brief Integer-array ("advanced") indexing, reading and writing, and the routines built on it:
 *        take, put, take_along_axis, put_along_axis and choose.
 *
 * Semantics follow NumPy, and CuPy where the two differ: an index outside its axis wraps around
 * by default (::GA_INDEX_MODE_WRAP), where NumPy raises. ::GA_INDEX_MODE_RAISE checks every index
 * first, which costs one wait for the stream (the only synchronisation these functions make), and
 * then fails with ::GA_ERROR_INDEX naming the first offending index it found, before anything is
 * written.
 *
 * When one position is written several times by a single call (repeated indices in
 * ga_array_advanced_assign(), ga_array_put() or ga_array_put_along_axis()), one of the values
 * wins and which one is unspecified, as in CuPy (NumPy keeps the last). ga_ufunc_at() (ufunc_at.h)
 * accumulates repeated indices instead.
 *
 * Every function takes a @c stream (NULL: the calling thread's current stream), queues its work
 * there, and needs the arrays on that stream's device. Result arrays are new C-contiguous arrays
 * owned by the caller, who releases them with ga_array_release(); out-parameters are never read and
 * are written only on success. When a destination @c out is given, the result handle is that same
 * handle with one more reference. Written arrays may be any writeable strided view; values are cast
 * to their dtype with the unsafe casting of NumPy's assignment. Errors common to every function:
 *  - ::GA_ERROR_INVALID_HANDLE for a NULL or released array handle (the message names it), or a
 *    released @c stream;
 *  - ::GA_ERROR_INVALID_ARGUMENT for a NULL out-pointer, a bad mode, a read-only array to write or
 *    destination, a NULL list with a positive count, or arrays on another device than the stream's;
 *  - ::GA_ERROR_DTYPE for an index array whose dtype is not an integer (booleans included: masks
 *    go through the mask functions);
 *  - ::GA_ERROR_INDEX for an index outside its axis in ::GA_INDEX_MODE_RAISE, a non-empty selection
 *    from an empty axis, an axis out of range, or too many indices;
 *  - ::GA_ERROR_SHAPE_MISMATCH for index arrays or values that do not broadcast;
 *  - ::GA_ERROR_UNSUPPORTED for more than ::GA_MAX_INDEX_ARRAYS index arrays;
 *  - ::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY, ::GA_ERROR_COMPILE, ::GA_ERROR_CUDA.
 * On failure no out-parameter is written and, except for the device errors of a running kernel,
 * no caller array is modified. All functions are thread-safe.
 */
#ifndef GARRAY_INDEXING_H
#define GARRAY_INDEXING_H

#include <garray/views.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief What happens to an integer index outside its axis of extent n. */
typedef enum ga_index_mode {
  GA_INDEX_MODE_WRAP = 0,  /**< Taken modulo n (so -1 is the last element): CuPy's default. */
  GA_INDEX_MODE_CLIP = 1,  /**< Moved to 0 or n-1; negative indices become 0, as NumPy's 'clip'. */
  GA_INDEX_MODE_RAISE = 2  /**< -n..n-1 are valid (negative from the end); others fail. */
} ga_index_mode_t;

/** @brief The most integer arrays one advanced index may hold. */
#define GA_MAX_INDEX_ARRAYS 14

/**
 * @brief One item of an advanced index: an integer array, or a basic item when @c array is NULL.
 *
 * With @c array set, @c basic is ignored and the item selects along one axis of the indexed
 * array, as an integer array does in `a[i, :, j]`. Integer arrays broadcast against each other to
 * the shape B of the selection. As in NumPy, integer items (::GA_INDEX_INTEGER) count as advanced
 * items for placing B: when the advanced items are next to each other in the list, B takes their
 * place among the result's axes; when a slice, new axis or ellipsis separates them, B comes first.
 */
typedef struct ga_advanced_index {
  ga_index_t basic;  /**< A basic item (views.h), used when @c array is NULL. */
  ga_array_t array;  /**< An integer array of any shape, or NULL. */
} ga_advanced_index_t;

/**
 * @brief `array[items...]` with integer arrays among the items (NumPy's advanced indexing): a new
 *        C-contiguous array with @p array's dtype.
 *
 * Without any integer array among the items the result is the view ga_array_index() gives, and
 * nothing is queued on @p stream.
 * @param[in] array the array indexed.
 * @param[in] items @p count index items (::ga_advanced_index_t).
 * @param[in] count the number of @p items.
 * @param[in] mode what an index outside its axis does (indexing in CuPy wraps).
 * @param[in] stream the stream the gather goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new handle owned by the caller: the new array, or the view.
 * @return ::GA_OK or the errors listed in the file comment.
 */
GA_API ga_status_t ga_array_advanced_index(ga_array_t array, const ga_advanced_index_t *items, int count,
                                           ga_index_mode_t mode, ga_stream_t stream, ga_array_t *result);

/**
 * @brief `array[items...] = values`: @p values, broadcast to the shape of `array[items...]` and
 *        cast to @p array's dtype, is written to the selected elements of @p array.
 *
 * Any items, basic ones only included (then it is ga_array_index() followed by
 * ga_array_copy_into()). @p values may overlap @p array; it is then copied first.
 * @param[in] array the array written: writeable.
 * @param[in] items @p count index items (::ga_advanced_index_t).
 * @param[in] count the number of @p items.
 * @param[in] values the values, broadcastable to the selection's shape.
 * @param[in] mode what an index outside its axis does.
 * @param[in] stream the stream the scatter goes to; NULL for the calling thread's current stream.
 * @return ::GA_OK or the errors listed in the file comment.
 */
GA_API ga_status_t ga_array_advanced_assign(ga_array_t array, const ga_advanced_index_t *items, int count,
                                            ga_array_t values, ga_index_mode_t mode, ga_stream_t stream);

/**
 * @brief NumPy's `take(array, indices, axis, out, mode)`: the elements at @p indices along
 *        @p axis, of shape array.shape[:axis] + indices.shape + array.shape[axis+1:].
 *
 * @param[in] array the array taken from.
 * @param[in] indices an integer array of any shape.
 * @param[in] axis an axis (negative from the end), or ::GA_AXIS_NONE to take from the flattened
 *            array (C order), which gives indices.shape.
 * @param[in] mode what an index outside its axis does.
 * @param[in] out NULL to allocate the result, or a writeable destination of the result's shape on
 *            @p stream's device, of any dtype (values are cast unsafely); checked before any work.
 * @param[in] stream the stream the gather goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new handle owned by the caller: the new array, or @p out with one
 *             more reference when it is given.
 * @return ::GA_OK or the errors listed in the file comment; ::GA_ERROR_SHAPE_MISMATCH when @p out
 *         has another shape ("out has shape X but the result has shape Y");
 *         ::GA_ERROR_INVALID_ARGUMENT for a read-only @p out or one on another device.
 */
GA_API ga_status_t ga_array_take(ga_array_t array, ga_array_t indices, int axis, ga_index_mode_t mode,
                                 ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `put(array, indices, values, mode)`: the flattened (C order) @p array gets
 *        values.flat[k % values.size] at position indices.flat[k], for every k.
 *
 * Nothing is written when @p values is empty. A non-contiguous @p array is written through a
 * contiguous copy.
 * @param[in] array the array written: writeable.
 * @param[in] indices an integer array of flat positions, any shape.
 * @param[in] values the values, repeated as needed.
 * @param[in] mode what an index outside the flattened array does.
 * @param[in] stream the stream the scatter goes to; NULL for the calling thread's current stream.
 * @return ::GA_OK or the errors listed in the file comment.
 */
GA_API ga_status_t ga_array_put(ga_array_t array, ga_array_t indices, ga_array_t values, ga_index_mode_t mode,
                                ga_stream_t stream);

/**
 * @brief NumPy's `take_along_axis(array, indices, axis)`: `result[..., j, ...] = array[...,
 *        indices[..., j, ...], ...]` along @p axis, the other axes broadcast between @p array and
 *        @p indices.
 *
 * @param[in] array the array taken from.
 * @param[in] indices an integer array of array.ndim dimensions, or of any shape with ::GA_AXIS_NONE
 *            (then it indexes the flattened array and must be 1-D).
 * @param[in] axis an axis (negative from the end), or ::GA_AXIS_NONE.
 * @param[in] mode as everywhere here (NumPy raises; CuPy wraps).
 * @param[in] stream the stream the gather goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new handle owned by the caller.
 * @return ::GA_OK or the errors listed in the file comment; ::GA_ERROR_SHAPE_MISMATCH when
 *         @p indices has another number of dimensions.
 */
GA_API ga_status_t ga_array_take_along_axis(ga_array_t array, ga_array_t indices, int axis,
                                            ga_index_mode_t mode, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `put_along_axis(array, indices, values, axis)`: the writing counterpart of
 *        ga_array_take_along_axis(); @p values broadcasts to the shape take_along_axis would give.
 * @param[in] array the array written: writeable (C-contiguous with ::GA_AXIS_NONE).
 * @param[in] indices an integer array, as ga_array_take_along_axis() takes it.
 * @param[in] values the values, broadcastable to the selection's shape.
 * @param[in] axis an axis (negative from the end), or ::GA_AXIS_NONE for the flattened array.
 * @param[in] mode what an index outside its axis does.
 * @param[in] stream the stream the scatter goes to; NULL for the calling thread's current stream.
 * @return ::GA_OK or the errors listed in the file comment; ::GA_ERROR_INVALID_ARGUMENT for
 *         ::GA_AXIS_NONE with an @p array that is not C-contiguous.
 */
GA_API ga_status_t ga_array_put_along_axis(ga_array_t array, ga_array_t indices, ga_array_t values, int axis,
                                           ga_index_mode_t mode, ga_stream_t stream);

/**
 * @brief NumPy's `choose(array, choices, out, mode)`: `result[i...] = choices[array[i...]][i...]`,
 *        with @p array (integer) and every choice broadcast together.
 *
 * The result's dtype is the result type of the choices (NumPy's promotion).
 * @param[in] array an integer array of choice numbers.
 * @param[in] choices @p count arrays (count >= 1).
 * @param[in] count the number of @p choices.
 * @param[in] mode what a choice number outside 0..count-1 does.
 * @param[in] out NULL to allocate the result, or a writeable destination of the broadcast shape on
 *            @p stream's device, of any dtype (values are cast unsafely); checked before any work.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new handle owned by the caller: the new array, or @p out with one
 *             more reference when it is given.
 * @return ::GA_OK or the errors listed in the file comment; ::GA_ERROR_INVALID_ARGUMENT for
 *         @p count < 1, a read-only @p out or one on another device; ::GA_ERROR_SHAPE_MISMATCH
 *         when @p out has another shape than the broadcast one.
 */
GA_API ga_status_t ga_array_choose(ga_array_t array, const ga_array_t *choices, int count, ga_index_mode_t mode,
                                   ga_array_t out, ga_stream_t stream, ga_array_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_INDEXING_H */
