/**
 * @file garray/manipulation.h
 * @brief Array manipulation routines that move or combine elements: joining (concatenate, stack),
 *        splitting, tiling and repeating, flipping, rolling and rotating, padding, triangles and
 *        diagonals, and copyto with a mask. (The window functions are in signal.h.)
 *
 * Semantics follow NumPy 2 (and CuPy where the two differ). Functions whose result is a view say
 * so, take no stream and do no device work: split, split_sections, flip, rot90 and diagonal (and
 * diag of a 2-D array). The others write a new C-contiguous array, or the caller's destination
 * @c out where they take one, asynchronously on their @c stream (NULL: the calling thread's
 * current stream), whose device the arrays must live on. Every array handle written to an
 * out-parameter is new and owned by the caller, who releases it with ga_array_release(); when a
 * destination @c out is given, the result handle is that same handle with one more reference.
 * Out-parameters are never read, and written only on success.
 *
 * Errors common to every function, besides those each one names:
 *  - ::GA_ERROR_INVALID_HANDLE for a NULL or released array handle (naming the argument,
 *    `arrays[i]` for an entry of a list) or a released @c stream;
 *  - ::GA_ERROR_INVALID_ARGUMENT for a NULL out-pointer, a NULL list with a positive count, a
 *    negative count, a bad enum value, or an array on another device than the stream's;
 *  - ::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY, ::GA_ERROR_COMPILE (the generated kernels of
 *    repeat and the ufuncs) and ::GA_ERROR_CUDA from device work.
 * The message of ga_last_error() names the function, the argument and the offending value, shape or
 * axis. On failure no out-parameter is written, no handle leaks and no caller array is modified.
 * All functions are thread-safe.
 */
#ifndef GARRAY_MANIPULATION_H
#define GARRAY_MANIPULATION_H

#include <garray/array.h>
#include <garray/runtime.h>
#include <garray/ufunc.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------------
 * Joining and splitting
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief NumPy's `concatenate(arrays, axis, out, dtype, casting)`: the arrays joined along an
 *        existing axis.
 *
 * Each input is copied once, with its own layout and dtype, into its slice of the result (no
 * intermediate copies). The result dtype is @p dtype when given, else @p out's dtype when given,
 * else NumPy's result_type of the inputs; each input must cast to it under @p casting. @p out may
 * overlap the inputs: those inputs are copied first.
 *
 * @param[in] arrays @p count arrays (count >= 1) of the same number of dimensions (>= 1) whose
 *            shapes agree except along @p axis; with ::GA_AXIS_NONE they are flattened (C order)
 *            first and may have any shapes, 0-d included.
 * @param[in] count the number of @p arrays.
 * @param[in] axis the joining axis, negative counting from the end, or ::GA_AXIS_NONE.
 * @param[in] dtype the result dtype, or ::GA_DTYPE_SAME; must be ::GA_DTYPE_SAME when @p out is
 *            given.
 * @param[in] casting how the inputs may be cast (NumPy's default is ::GA_CASTING_SAME_KIND).
 * @param[in] out NULL to allocate the result, or a writeable destination of the result's shape on
 *            @p stream's device (it may overlap inputs).
 * @param[in] stream the stream the copies go to; NULL for the calling thread's current stream.
 * @param[out] result receives a new handle: the new array, or @p out with one more reference.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for @p count 0 ("need at least one array to
 *         concatenate"), a 0-d input with an axis, inputs of different dimensions, both @p dtype
 *         and @p out given, a read-only @p out or one on another device; ::GA_ERROR_SHAPE_MISMATCH
 *         naming both shapes and the axis where two inputs disagree, or when @p out has another
 *         shape than the result ("out has shape X but the result has shape Y");
 *         ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_DTYPE when an input cannot be cast
 *         under @p casting or @p dtype is not a dtype; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_concatenate(const ga_array_t *arrays, int count, int axis, ga_dtype_t dtype,
                                        ga_casting_t casting, ga_array_t out, ga_stream_t stream,
                                        ga_array_t *result);

/**
 * @brief NumPy's `stack(arrays, axis, out, dtype, casting)`: arrays of one shape joined along a new
 *        axis at position @p axis of the result.
 *
 * As ga_array_concatenate() of the inputs each viewed with a new axis of extent 1 at @p axis.
 * @param[in] arrays @p count arrays (count >= 1), all of one shape.
 * @param[in] count the number of @p arrays.
 * @param[in] axis the new axis's position in the result, -ndim-1..ndim (negative from the end);
 *            ::GA_AXIS_NONE is refused.
 * @param[in] dtype the result dtype, or ::GA_DTYPE_SAME; must be ::GA_DTYPE_SAME when @p out is
 *            given.
 * @param[in] casting how the inputs may be cast (NumPy's default is ::GA_CASTING_SAME_KIND).
 * @param[in] out NULL to allocate the result, or a writeable destination of the result's shape on
 *            @p stream's device (it may overlap inputs).
 * @param[in] stream the stream the copies go to; NULL for the calling thread's current stream.
 * @param[out] result receives a new handle: the new array, or @p out with one more reference.
 * @return as ga_array_concatenate() (::GA_ERROR_INVALID_ARGUMENT "need at least one array to
 *         stack" for @p count 0); ::GA_ERROR_SHAPE_MISMATCH ("all input arrays must have the same
 *         shape") naming the first two shapes that differ; ::GA_ERROR_INDEX for an axis out of
 *         range, ::GA_AXIS_NONE included.
 */
GA_API ga_status_t ga_array_stack(const ga_array_t *arrays, int count, int axis, ga_dtype_t dtype,
                                  ga_casting_t casting, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `split(array, indices, axis)` with a list of indices: the views
 *        `array[:indices[0]]`, `array[indices[0]:indices[1]]`, ..., `array[indices[count-1]:]`
 *        along @p axis, writeable when @p array is.
 *
 * Indices are Python slice bounds: negative ones count from the end and bounds are clamped to the
 * axis, so a decreasing pair gives an empty part, as in NumPy. No device work.
 * @param[in] array the array to split (at least 1-D).
 * @param[in] indices @p index_count split points (may be NULL when @p index_count is 0).
 * @param[in] index_count the number of @p indices.
 * @param[in] axis the axis to split, negative counting from the end.
 * @param[out] parts an array of @p index_count + 1 handles that receives new view handles, in
 *             order (all or nothing).
 * @return ::GA_OK; ::GA_ERROR_INDEX for an axis out of range (a 0-d array has none); the errors
 *         of every function (file comment).
 */
GA_API ga_status_t ga_array_split(ga_array_t array, const int64_t *indices, int index_count, int axis,
                                  ga_array_t *parts);

/**
 * @brief NumPy's `array_split(array, sections, axis)` (and `split` with an integer when
 *        @p require_equal is non-zero): @p sections views along @p axis, the first
 *        `extent % sections` of them one element longer than the others.
 *
 * The views are writeable when @p array is. No device work.
 * @param[in] array the array to split (at least 1-D).
 * @param[in] sections the number of parts, >= 1.
 * @param[in] axis the axis to split, negative counting from the end.
 * @param[in] require_equal non-zero to refuse an extent that @p sections does not divide.
 * @param[out] parts an array of @p sections handles that receives new view handles, in order
 *             (all or nothing).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for @p sections < 1 ("number sections must be larger
 *         than 0.") or, with @p require_equal, an unequal division ("array split does not result
 *         in an equal division"); ::GA_ERROR_INDEX for an axis out of range; the errors of every
 *         function (file comment).
 */
GA_API ga_status_t ga_array_split_sections(ga_array_t array, int64_t sections, int axis, int require_equal,
                                           ga_array_t *parts);

/* ------------------------------------------------------------------------------------------------
 * Tiling and repeating
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief NumPy's `tile(array, reps)`: the array repeated @p reps[i] times along each axis.
 *
 * When @p rep_count < ndim, ones are prepended to @p reps; when ndim < @p rep_count, the array is
 * viewed with leading axes of extent 1. One strided copy from a zero-stride view of the input.
 * @param[in] array the array to repeat.
 * @param[in] reps @p rep_count non-negative counts (NULL allowed with @p rep_count 0: a plain
 *            copy).
 * @param[in] rep_count the number of @p reps, at most ::GA_MAX_DIMS.
 * @param[in] stream the stream the copy goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new array.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a negative count or more than ::GA_MAX_DIMS
 *         counts; ::GA_ERROR_UNSUPPORTED when more than ::GA_MAX_DIMS / 2 axes both repeat and
 *         have extents above 1 (the copy's view would exceed ::GA_MAX_DIMS dimensions); the errors
 *         of every function (file comment).
 */
GA_API ga_status_t ga_array_tile(ga_array_t array, const int64_t *reps, int rep_count, ga_stream_t stream,
                                 ga_array_t *result);

/**
 * @brief NumPy's `repeat(array, repeats, axis)`: each element repeated along @p axis.
 *
 * @param[in] array the array whose elements are repeated.
 * @param[in] repeats non-negative host counts: one count for every element (@p repeat_count 1, a
 *            broadcast; one strided copy), or one count per position along the axis
 *            (@p repeat_count equal to its extent; a generated kernel unless all counts are equal).
 * @param[in] repeat_count the number of @p repeats.
 * @param[in] axis the axis, negative counting from the end, or ::GA_AXIS_NONE to repeat the
 *            flattened array (C order) and return a 1-D result.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new array.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a negative count; ::GA_ERROR_SHAPE_MISMATCH when
 *         @p repeat_count is neither 1 nor the axis's extent; ::GA_ERROR_INDEX for an axis out of
 *         range; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_repeat(ga_array_t array, const int64_t *repeats, int64_t repeat_count, int axis,
                                   ga_stream_t stream, ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Reordering: views and rolls
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief NumPy's `flip(array, axis)`: the view with the order of elements reversed along @p axes
 *        (negative strides); writeable when @p array is. No device work.
 * @param[in] array the array to view.
 * @param[in] axes @p axis_count axes (negative from the end), or NULL with @p axis_count -1 for
 *            every axis.
 * @param[in] axis_count the number of @p axes, or -1 with @p axes NULL.
 * @param[out] result receives a new view handle.
 * @return ::GA_OK; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_INVALID_ARGUMENT for a
 *         repeated axis; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_flip(ga_array_t array, const int *axes, int axis_count, ga_array_t *result);

/**
 * @brief NumPy's `roll(array, shift, axis)`: a new array with the elements shifted cyclically.
 *
 * @p shifts and @p axes are broadcast against each other (one of them may have a single entry);
 * shifts on a repeated axis add up. With @p axes NULL and @p axis_count -1 the flattened array is
 * rolled by the sum of @p shifts and reshaped back. At most 2^k strided copies for k rolled axes.
 * @param[in] array the array to roll.
 * @param[in] shifts @p shift_count shifts (>= 1 of them), positive towards higher indices.
 * @param[in] shift_count the number of @p shifts.
 * @param[in] axes @p axis_count axes (negative from the end), or NULL with @p axis_count -1 for
 *            the flattened array.
 * @param[in] axis_count the number of @p axes, or -1 with @p axes NULL.
 * @param[in] stream the stream the copies go to; NULL for the calling thread's current stream.
 * @param[out] result receives the new array.
 * @return ::GA_OK; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_SHAPE_MISMATCH when the
 *         lengths of @p shifts and @p axes do not broadcast; ::GA_ERROR_INVALID_ARGUMENT for an
 *         empty @p shifts; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_roll(ga_array_t array, const int64_t *shifts, int shift_count, const int *axes,
                                 int axis_count, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `rot90(array, k, axes=(axis1, axis2))`: the view rotated by 90 degrees @p k times
 *        from @p axis1 towards @p axis2; writeable when @p array is. No device work.
 * @param[in] array the array to view, at least 2-D.
 * @param[in] k the number of rotations, any integer (taken modulo 4; negative turns the other way).
 * @param[in] axis1 the first axis of the plane of rotation, negative counting from the end.
 * @param[in] axis2 the second axis of the plane, different from @p axis1.
 * @param[out] result receives a new view handle.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT (NumPy's ValueError) for equal axes ("Axes must be
 *         different.") or an axis out of range for the array's dimensions; the errors of every
 *         function (file comment).
 */
GA_API ga_status_t ga_array_rot90(ga_array_t array, int k, int axis1, int axis2, ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Padding
 * --------------------------------------------------------------------------------------------- */

/** @brief NumPy's pad modes. */
typedef enum ga_pad_mode {
  GA_PAD_CONSTANT = 0,  /**< Constant values (NumPy's constant_values; default 0). */
  GA_PAD_EDGE = 1,      /**< The edge value of each axis. */
  GA_PAD_REFLECT = 2,   /**< Mirrored about the edge, which is not repeated: 3 2 | 1 2 3 4. */
  GA_PAD_SYMMETRIC = 3, /**< Mirrored along the edge, which is repeated: 2 1 | 1 2 3 4. */
  GA_PAD_WRAP = 4       /**< Wrapped around: 3 4 | 1 2 3 4. */
} ga_pad_mode_t;

/**
 * @brief NumPy's `pad(array, pad_width, mode, constant_values=...)` for the modes of
 *        ::ga_pad_mode_t, with even reflection.
 *
 * The axes are padded in order, each over the padding of the axes before it (so the corners come
 * from the later axes), exactly as NumPy 2 iterates, also for pads wider than the axis. The input is
 * copied once into the middle of the result; the pad regions are fills (constant) or copies of
 * slices of the result itself.
 * @param[in] array the array to pad.
 * @param[in] pad_width @p pad_count = 2 × ndim non-negative widths: (before, after) of each axis.
 * @param[in] pad_count the number of @p pad_width entries, 2 × ndim.
 * @param[in] mode how the pad regions are filled.
 * @param[in] constant_values used by ::GA_PAD_CONSTANT only: @p constant_count 0 (zeros), 1 (one
 *            value everywhere) or 2 × ndim values ((before, after) of each axis), cast to the
 *            array's dtype as ga_array_fill() casts.
 * @param[in] constant_count the number of @p constant_values.
 * @param[in] stream the stream the copies and fills go to; NULL for the calling thread's current
 *            stream.
 * @param[out] result receives the new array.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a negative width ("index can't contain negative
 *         values"), @p pad_count other than 2 × ndim, a bad @p constant_count, or a non-constant
 *         mode that would extend an empty axis ("can't extend empty axis 0 using modes other than
 *         'constant' or 'empty'"); ::GA_ERROR_DTYPE for a constant of an undefined dtype; the
 *         errors of every function (file comment).
 */
GA_API ga_status_t ga_array_pad(ga_array_t array, const int64_t *pad_width, int pad_count, ga_pad_mode_t mode,
                                const ga_scalar_t *constant_values, int constant_count, ga_stream_t stream,
                                ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Triangles and diagonals
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief NumPy's `tril(array, k)`: a copy with the elements above diagonal @p k of the last two
 *        axes set to zero.
 *
 * A 1-D array of length n is treated as n rows of itself, giving n × n, as NumPy. The where ufunc
 * between the array and zero, under a mask from tri.
 * @param[in] array the array, at least 1-D.
 * @param[in] k the diagonal: 0 the main one, > 0 above it, < 0 below it.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives the new array, of @p array's dtype.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a 0-d array; the errors of every function (file
 *         comment).
 */
GA_API ga_status_t ga_array_tril(ga_array_t array, int64_t k, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `triu(array, k)`: as ga_array_tril(), zeroing the elements below diagonal @p k
 *        instead.
 * @copydetails ga_array_tril
 */
GA_API ga_status_t ga_array_triu(ga_array_t array, int64_t k, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `diagonal(array, offset, axis1, axis2)`: the read-only view of the diagonal
 *        @p offset of the 2-D planes of @p axis1 and @p axis2.
 *
 * The two axes are removed and the diagonal becomes the last axis. The view is read-only, as
 * NumPy's has been since 1.9 (CuPy's view is writeable). No device work.
 * @param[in] array the array, at least 2-D.
 * @param[in] offset the diagonal: 0 the main one, > 0 above it, < 0 below it.
 * @param[in] axis1 the axis of the planes' rows, negative counting from the end.
 * @param[in] axis2 the axis of the planes' columns, different from @p axis1.
 * @param[out] result receives a new read-only view handle.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for fewer than 2 dimensions or equal axes;
 *         ::GA_ERROR_INDEX for an axis out of range; the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_diagonal(ga_array_t array, int64_t offset, int axis1, int axis2, ga_array_t *result);

/**
 * @brief NumPy's `diag(array, k)`: for a 1-D array, a new square array with it on diagonal @p k and
 *        zeros elsewhere; for a 2-D array, ga_array_diagonal(array, k, 0, 1) (a read-only view,
 *        with no device work).
 * @param[in] array a 1-D or 2-D array.
 * @param[in] k the diagonal: 0 the main one, > 0 above it, < 0 below it.
 * @param[in] stream the stream the fill and copy of a 1-D array go to; NULL for the calling
 *            thread's current stream.
 * @param[out] result receives the new array (1-D @p array) or a new read-only view handle (2-D).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for other dimensions ("Input must be 1- or 2-d.");
 *         the errors of every function (file comment).
 */
GA_API ga_status_t ga_array_diag(ga_array_t array, int64_t k, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's `trace(array, offset, axis1, axis2, dtype, out)`: the sums along the diagonals
 *        ga_array_diagonal() gives.
 *
 * The add ufunc's reduction over the diagonal view's last axis, in NumPy's default dtype (bool and
 * narrow integers widened) unless @p dtype is given.
 * @param[in] array the array, at least 2-D.
 * @param[in] offset the diagonal: 0 the main one, > 0 above it, < 0 below it.
 * @param[in] axis1 the axis of the planes' rows, negative counting from the end.
 * @param[in] axis2 the axis of the planes' columns, different from @p axis1.
 * @param[in] dtype the accumulation and result dtype, or ::GA_DTYPE_SAME.
 * @param[in] out NULL to allocate the result, or a destination of the result's shape and any dtype
 *            (the sums are cast to it, 'unsafe' as NumPy's reductions), as ga_ufunc_reduce() takes one.
 * @param[in] stream the stream the reduction goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new handle: a new array (0-d for a 2-D input), or @p out with one
 *             more reference.
 * @return as ga_array_diagonal() and ga_ufunc_reduce(): ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for
 *         fewer than 2 dimensions, equal axes, or a read-only @p out; ::GA_ERROR_INDEX for an axis
 *         out of range; ::GA_ERROR_SHAPE_MISMATCH for an @p out of another shape;
 *         ::GA_ERROR_DTYPE for a @p dtype that is not a dtype; the errors of every function (file
 *         comment).
 */
GA_API ga_status_t ga_array_trace(ga_array_t array, int64_t offset, int axis1, int axis2, ga_dtype_t dtype,
                                  ga_array_t out, ga_stream_t stream, ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * Copying with casting rules and a mask
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief NumPy's `copyto(destination, source, casting, where)`: @p source, broadcast to
 *        @p destination's shape and cast to its dtype, written into @p destination where @p where
 *        is true (everywhere when @p where is NULL).
 *
 * @param[in] destination the array written (the subject, not a result): any writeable view on
 *            @p stream's device; it may overlap @p source.
 * @param[in] source the values, broadcastable to @p destination's shape.
 * @param[in] casting how @p source may be cast to @p destination's dtype (NumPy's default is
 *            ::GA_CASTING_SAME_KIND).
 * @param[in] where NULL, or a bool array broadcastable to @p destination's shape.
 * @param[in] stream the stream the copy goes to; NULL for the calling thread's current stream.
 * @return ::GA_OK; ::GA_ERROR_DTYPE when @p source's dtype does not cast to @p destination's under
 *         @p casting, or @p where is not bool (NumPy's TypeError); ::GA_ERROR_SHAPE_MISMATCH when
 *         @p source or @p where does not broadcast to @p destination's shape;
 *         ::GA_ERROR_INVALID_ARGUMENT for a read-only @p destination; the errors of every function
 *         (file comment).
 */
GA_API ga_status_t ga_array_copyto(ga_array_t destination, ga_array_t source, ga_casting_t casting,
                                   ga_array_t where, ga_stream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_MANIPULATION_H */
