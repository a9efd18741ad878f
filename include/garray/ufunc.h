/**
 * @file garray/ufunc.h
 * @brief NumPy's universal functions: elementwise operations with broadcasting, NumPy 2 type
 *        promotion, optional outputs, dtype and casting control, and the reduce and outer methods.
 *
 * A ::ga_ufunc_t is found by NumPy's name (`"add"`, `"true_divide"`, `"arctan2"`, ...) and lives
 * for the whole process: it needs no release. Calling it resolves a loop as NumPy 2 does (NEP 50:
 * a ::GA_OPERAND_SCALAR is a NumPy scalar of its dtype; a ::GA_OPERAND_WEAK_SCALAR behaves as a
 * Python int, float or complex, which only contributes its kind), converts operands on the fly
 * inside the kernel (no temporary copies), and writes C-contiguous outputs of the broadcast shape,
 * or the caller's destinations (`out`), which may be any strided views (also of an input:
 * `x += y`). docs/ufuncs.md lists every ufunc, its loops and the edge behaviour of its integer and
 * complex cases. Thread-safe; device work is queued on the given stream (NULL: the current stream).
 */
#ifndef GARRAY_UFUNC_H
#define GARRAY_UFUNC_H

#include <garray/array.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A NumPy ufunc. Static: never released. */
typedef struct ga_ufunc_s *ga_ufunc_t;

/** @brief What a ::ga_operand_t carries. */
typedef enum ga_operand_kind {
  GA_OPERAND_ARRAY = 0,      /**< @c array. */
  GA_OPERAND_SCALAR = 1,     /**< @c scalar, typed: a NumPy scalar of its dtype. */
  GA_OPERAND_WEAK_SCALAR = 2 /**< @c scalar's value as a Python int/float/complex (its kind only). */
} ga_operand_kind_t;

/** @brief One input of a ufunc call; only the field named by @c kind is read. */
typedef struct ga_operand {
  ga_operand_kind_t kind; /**< Which field is read. */
  ga_array_t array;       /**< The array, for ::GA_OPERAND_ARRAY. */
  ga_scalar_t scalar;     /**< The scalar, for ::GA_OPERAND_SCALAR and ::GA_OPERAND_WEAK_SCALAR. */
} ga_operand_t;

/** @brief NumPy's casting rules. */
typedef enum ga_casting {
  GA_CASTING_NO = 0,        /**< 'no': no cast at all. */
  GA_CASTING_EQUIV = 1,     /**< 'equiv': byte-order changes only, so for garray's arrays the same as 'no'. */
  GA_CASTING_SAFE = 2,      /**< 'safe': only casts that keep every value (int32 to float64, not to float32). */
  GA_CASTING_SAME_KIND = 3, /**< 'same_kind': safe casts and casts within a kind (float64 to float32). */
  GA_CASTING_UNSAFE = 4     /**< 'unsafe': any cast. */
} ga_casting_t;

/**
 * @brief Options of a ufunc call. Set @c struct_size to sizeof(ga_ufunc_options_t); pass NULL for
 *        the defaults (casting same_kind, no dtype, no signature).
 */
typedef struct ga_ufunc_options {
  size_t struct_size;       /**< In: sizeof(ga_ufunc_options_t) as the caller knows it. */
  ga_casting_t casting;     /**< NumPy's casting=; default ::GA_CASTING_SAME_KIND. */
  ga_dtype_t dtype;         /**< NumPy's dtype=: the outputs' loop dtype; ::GA_DTYPE_SAME for none. */
  const ga_dtype_t *signature; /**< NumPy's signature=: nin + nout dtypes (::GA_DTYPE_SAME: free), or NULL. */
} ga_ufunc_options_t;

/**
 * @brief The ufunc named @p name (NumPy's names and aliases: "add", "true_divide", "mod", "abs",
 *        "conj", "bitwise_not", "acos", ...).
 *
 * No device work.
 * @param[in] name a NUL-terminated name.
 * @param[out] ufunc receives the ufunc (static: never released). Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p name or @p ufunc, or an unknown name.
 */
GA_API ga_status_t ga_ufunc_find(const char *name, ga_ufunc_t *ufunc);

/**
 * @brief NumPy's name of @p ufunc. No device work.
 * @param[in] ufunc a ufunc.
 * @param[out] name receives the name, in static storage (never freed). Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or bad @p ufunc; ::GA_ERROR_INVALID_ARGUMENT
 *         for a NULL @p name.
 */
GA_API ga_status_t ga_ufunc_name(ga_ufunc_t ufunc, const char **name);

/**
 * @brief The numbers of inputs and outputs of @p ufunc (NumPy's nin and nout). No device work.
 * @param[in] ufunc a ufunc.
 * @param[out] nin receives the number of inputs. Written only on success.
 * @param[out] nout receives the number of outputs. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or bad @p ufunc; ::GA_ERROR_INVALID_ARGUMENT
 *         for a NULL @p nin or @p nout.
 */
GA_API ga_status_t ga_ufunc_arity(ga_ufunc_t ufunc, int *nin, int *nout);

/**
 * @brief How many loops @p ufunc has (the length of NumPy's ufunc.types). No device work.
 * @param[in] ufunc a ufunc.
 * @param[out] count receives the number of loops. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or bad @p ufunc; ::GA_ERROR_INVALID_ARGUMENT
 *         for a NULL @p count.
 */
GA_API ga_status_t ga_ufunc_type_count(ga_ufunc_t ufunc, size_t *count);

/**
 * @brief Loop @p index of @p ufunc as NumPy writes it in ufunc.types ("ff->f"), NUL-terminated.
 *        bfloat16 is written 'E' (NumPy has no letter for it). No device work.
 * @param[in] ufunc a ufunc.
 * @param[in] index the loop, below ga_ufunc_type_count()'s count.
 * @param[in] size the bytes @p buffer holds (the size comes before the buffer, as every
 *        out-parameter comes last).
 * @param[out] buffer the caller's @p size bytes; receives the signature and its NUL, only on
 *        success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or bad @p ufunc; ::GA_ERROR_INDEX for an
 *         @p index past the count; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p buffer;
 *         ::GA_ERROR_BUFFER_TOO_SMALL when @p size is too small (the message gives the size needed).
 */
GA_API ga_status_t ga_ufunc_type(ga_ufunc_t ufunc, size_t index, size_t size, char *buffer);

/**
 * @brief Applies @p ufunc to @p inputs, broadcast together, on @p stream.
 *
 * When only scalars are given, the results are 0-d arrays.
 * @param[in] ufunc a ufunc.
 * @param[in] inputs nin operands; arrays must live on the stream's device. An input that a
 *        destination overlaps without being the same view is copied first, so the result is
 *        NumPy's.
 * @param[in] input_count the entries in @p inputs: the ufunc's nin.
 * @param[in] options NULL for the defaults (casting same_kind, no dtype, no signature), or the
 *        options (@c struct_size set).
 * @param[in] out @p out_count destinations, one per output: NULL to allocate that output, or an
 *        array of the broadcast shape, writeable, on the stream's device, of any layout (any
 *        strided view, also of an input: `x += y`) and of any dtype the loop's output casts to
 *        under the casting rule. May be NULL when @p out_count is 0.
 * @param[in] out_count the entries in @p out and @p results: the ufunc's nout.
 * @param[in] stream the stream to queue on (NULL: the current stream). Nothing synchronises.
 * @param[out] results receives @p out_count handles: for each output, a new C-contiguous array the
 *        caller releases, or the destination @p out[i] with one more reference when it was given.
 *        Never read, except that it may be the same C array as @p out: every entry of @p out is
 *        read before any of @p results is written. Written only on success, all or none.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or bad @p ufunc, a released array in
 *         @p inputs or @p out; ::GA_ERROR_INVALID_ARGUMENT for counts other than nin and nout, a
 *         NULL @p inputs, @p out or @p results with a positive count, a bad operand kind, an array
 *         on another device than the stream's, a read-only destination, bad @p options (an
 *         unknown casting, a @c struct_size below sizeof(size_t)); ::GA_ERROR_SHAPE_MISMATCH for
 *         inputs that do not broadcast or a destination of another shape; ::GA_ERROR_DTYPE when no
 *         loop fits or a cast is not allowed (NumPy's message), or for an undefined dtype in
 *         @p options; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_COMPILE (never expected);
 *         ::GA_ERROR_CUDA. On failure no destination is written.
 */
GA_API ga_status_t ga_ufunc_call(ga_ufunc_t ufunc, const ga_operand_t *inputs, size_t input_count,
                                 const ga_ufunc_options_t *options, const ga_array_t *out, size_t out_count,
                                 ga_stream_t stream, ga_array_t *results);

/**
 * @brief NumPy's ufunc.reduce for a binary ufunc with one output: folds @p array over @p axes.
 * @param[in] ufunc a binary ufunc with one output.
 * @param[in] array the array (any layout; on the stream's device).
 * @param[in] axes @p axis_count axes (negative from the end); NULL with @p axis_count -1 reduces
 *        every axis.
 * @param[in] axis_count the entries in @p axes, or -1 (with @p axes NULL) for every axis.
 * @param[in] keepdims nonzero to keep the reduced axes with extent 1.
 * @param[in] dtype the loop dtype (::GA_DTYPE_SAME: NumPy's default — the array's dtype, except
 *        that add and multiply widen bool and integers narrower than 64 bits to int64/uint64).
 * @param[in] initial the fold's first value, or NULL for the ufunc's identity; a ufunc without one
 *        (maximum, ...) then refuses an empty reduction with ::GA_ERROR_INVALID_ARGUMENT.
 * @param[in] out NULL to allocate, or the destination: an array of the reduced shape, writeable, on
 *        the stream's device, of any dtype (the fold's values are cast to it, unsafe casting as
 *        NumPy's reductions) and layout.
 * @param[in] stream the stream to queue on (NULL: the current stream). Nothing synchronises.
 * @param[out] result receives the reduction: a new C-contiguous array the caller releases, or
 *        @p out with one more reference when it was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or bad @p ufunc, a NULL or released
 *         @p array, a released @p out; ::GA_ERROR_INVALID_ARGUMENT for a ufunc that is not binary
 *         with one output, a NULL @p result, a negative @p axis_count other than -1 with @p axes
 *         NULL, a repeated axis, an empty reduction without identity or @p initial, a read-only
 *         @p out, @p array or @p out on another device than the stream's, an invalid @p initial;
 *         ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_SHAPE_MISMATCH for an @p out of
 *         another shape; ::GA_ERROR_DTYPE when no loop fits @p dtype or for an undefined one;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_COMPILE (never expected); ::GA_ERROR_CUDA. On
 *         failure @p out is not written.
 */
GA_API ga_status_t ga_ufunc_reduce(ga_ufunc_t ufunc, ga_array_t array, const int *axes, int axis_count, int keepdims,
                                   ga_dtype_t dtype, const ga_scalar_t *initial, ga_array_t out, ga_stream_t stream,
                                   ga_array_t *result);

/**
 * @brief NumPy's ufunc.outer for a binary ufunc: the ufunc over every pair (a[i...], b[j...]), of
 *        shape a.shape + b.shape (at most ::GA_MAX_DIMS axes).
 * @param[in] ufunc a binary ufunc.
 * @param[in] a the first operand (on the stream's device).
 * @param[in] b the second operand (on the stream's device).
 * @param[in] options as ga_ufunc_call().
 * @param[in] out as ga_ufunc_call(), of shape a.shape + b.shape.
 * @param[in] out_count as ga_ufunc_call(): the ufunc's nout.
 * @param[in] stream as ga_ufunc_call().
 * @param[out] results as ga_ufunc_call() (and likewise it may be the same C array as @p out).
 * @return as ga_ufunc_call(); ::GA_ERROR_INVALID_HANDLE for a NULL or released @p a or @p b;
 *         ::GA_ERROR_INVALID_ARGUMENT for a ufunc that is not binary, or a result of more than
 *         ::GA_MAX_DIMS axes.
 */
GA_API ga_status_t ga_ufunc_outer(ga_ufunc_t ufunc, ga_array_t a, ga_array_t b, const ga_ufunc_options_t *options,
                                  const ga_array_t *out, size_t out_count, ga_stream_t stream, ga_array_t *results);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_UFUNC_H */
