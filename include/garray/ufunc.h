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
 * or the caller's output arrays, which may be any strided views (also of an input: `x += y`).
 * docs/ufuncs.md lists every ufunc, its loops and the edge behaviour of its integer and complex
 * cases. Thread-safe; device work is queued on the given or current stream.
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
  ga_operand_kind_t kind;
  ga_array_t array;
  ga_scalar_t scalar;
} ga_operand_t;

/** @brief NumPy's casting rules. */
typedef enum ga_casting {
  GA_CASTING_NO = 0,
  GA_CASTING_EQUIV = 1,
  GA_CASTING_SAFE = 2,
  GA_CASTING_SAME_KIND = 3,
  GA_CASTING_UNSAFE = 4
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
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL pointers or an unknown name.
 */
GA_API ga_status_t ga_ufunc_find(const char *name, ga_ufunc_t *ufunc);

/** @brief NumPy's name of @p ufunc (static storage). */
GA_API ga_status_t ga_ufunc_name(ga_ufunc_t ufunc, const char **name);

/** @brief The numbers of inputs and outputs (NumPy's nin and nout). */
GA_API ga_status_t ga_ufunc_arity(ga_ufunc_t ufunc, int *nin, int *nout);

/** @brief How many loops @p ufunc has (the length of NumPy's ufunc.types). */
GA_API ga_status_t ga_ufunc_type_count(ga_ufunc_t ufunc, size_t *count);

/**
 * @brief Loop @p index as NumPy writes it in ufunc.types ("ff->f"), into @p buffer of @p size
 *        bytes, NUL-terminated. bfloat16 is written 'E' (NumPy has no letter for it).
 * @return ::GA_OK; ::GA_ERROR_INDEX for an index past the count; ::GA_ERROR_BUFFER_TOO_SMALL (the
 *         message gives the size needed).
 */
GA_API ga_status_t ga_ufunc_type(ga_ufunc_t ufunc, size_t index, char *buffer, size_t size);

/**
 * @brief Apply @p ufunc on @p stream (NULL: the current stream).
 * @param inputs nin operands; arrays must live on the stream's device.
 * @param outputs nout entries. In: an array to write (the broadcast shape, writeable, any
 *        layout, any dtype the loop's output casts to under the casting rule) or NULL to allocate.
 *        Out: NULL entries receive new arrays the caller releases. On failure nothing is written.
 *        When only scalars are given, outputs are 0-d arrays.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for wrong counts, a bad operand kind, an array on
 *         another device, a read-only output, bad options; ::GA_ERROR_SHAPE_MISMATCH;
 *         ::GA_ERROR_DTYPE when no loop fits or a cast is not allowed (NumPy's message);
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_INVALID_HANDLE.
 */
GA_API ga_status_t ga_ufunc_call(ga_ufunc_t ufunc, const ga_operand_t *inputs, size_t input_count,
                                 ga_array_t *outputs, size_t output_count, const ga_ufunc_options_t *options,
                                 ga_stream_t stream);

/**
 * @brief NumPy's ufunc.reduce for a binary ufunc with one output: fold @p array over @p axes.
 * @param axes @p axis_count axes (negative from the end); -1 with @p axes NULL reduces every axis.
 * @param dtype the loop dtype (::GA_DTYPE_SAME: NumPy's default — the array's dtype, except that
 *        add and multiply widen bool and integers narrower than 64 bits to int64/uint64).
 * @param initial the fold's first value, or NULL for the ufunc's identity; a ufunc without one
 *        (maximum, ...) then refuses an empty reduction with ::GA_ERROR_INVALID_ARGUMENT.
 * @param out in: an array of the reduced shape to write, or NULL; out: the new array when NULL.
 * @return as ga_ufunc_call(); ::GA_ERROR_INVALID_ARGUMENT for a ufunc that is not binary with one
 *         output; ::GA_ERROR_INDEX for an axis out of range.
 */
GA_API ga_status_t ga_ufunc_reduce(ga_ufunc_t ufunc, ga_array_t array, const int *axes, int axis_count, int keepdims,
                                   ga_dtype_t dtype, const ga_scalar_t *initial, ga_array_t *out,
                                   ga_stream_t stream);

/**
 * @brief NumPy's ufunc.outer for a binary ufunc: the ufunc over every pair, of shape
 *        a.shape + b.shape. Options and outputs as ga_ufunc_call().
 */
GA_API ga_status_t ga_ufunc_outer(ga_ufunc_t ufunc, ga_array_t a, ga_array_t b, ga_array_t *outputs,
                                  size_t output_count, const ga_ufunc_options_t *options, ga_stream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_UFUNC_H */
