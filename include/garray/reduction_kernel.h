/**
 * @file garray/reduction_kernel.h
 * @brief User reduction kernels, as CuPy's ReductionKernel.
 *
 * @code
 * ga_reduction_kernel_t l2norm;
 * ga_reduction_kernel_create("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm", NULL, NULL, NULL, 0,
 *                            &l2norm);
 * @endcode
 *
 * Parameters follow elementwise_kernel.h (dtype names or one-letter placeholders; `raw` is not
 * accepted here). Input arrays are broadcast together and reduced over a set of their axes: each
 * element is mapped by @c map_expr (an expression of the inputs and scalar inputs), the mapped
 * values are folded by @c reduce_expr (an expression of `a` and `b`, both of the reduce type)
 * starting from @c identity, and @c post_map_expr (statements) writes each output element from
 * `a`, the folded value. The fold's order is unspecified: @c reduce_expr must be associative and
 * commutative. The reduce type is @c reduce_type, or the first output's type when NULL.
 * Compiled at the first call for each signature, through the engine's caches. Thread-safe.
 */
#ifndef GARRAY_REDUCTION_KERNEL_H
#define GARRAY_REDUCTION_KERNEL_H

#include <garray/array.h>
#include <garray/kernel.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A user reduction kernel (CuPy's ReductionKernel). */
typedef struct ga_reduction_kernel_s *ga_reduction_kernel_t;

/**
 * @brief Declare a reduction kernel. Nothing is compiled yet: no device work.
 *
 * @param[in] in_params input parameters, e.g. `"T x"`; "" or NULL for none.
 * @param[in] out_params output parameters (at least one), e.g. `"T y"`.
 * @param[in] map_expr the value each element contributes, e.g. `"x * x"`.
 * @param[in] reduce_expr how two values combine, e.g. `"a + b"` or `"max(a, b)"`.
 * @param[in] post_map_expr statements writing the outputs from `a`, e.g. `"y = sqrt(a)"`; NULL for
 *        `"<first output> = a"`.
 * @param[in] identity the fold's starting value, e.g. `"0"`; NULL when there is none (a reduction
 *        over zero elements is then an error).
 * @param[in] name a C identifier; NULL for "reduction_kernel".
 * @param[in] reduce_type a dtype name or one of the placeholders; NULL for the first output's type.
 * @param[in] preamble CUDA C++ placed before the kernel; may be NULL.
 * @param[in] options @p option_count NVRTC options, copied; none may choose the architecture. May
 *        be NULL when @p option_count is 0.
 * @param[in] option_count the number of @p options.
 * @param[out] kernel receives a new handle the caller releases with ga_reduction_kernel_release();
 *        written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL expressions or @p kernel, malformed
 *         parameters, a raw parameter, no output, an empty expression, a bad name or a NULL option;
 *         ::GA_ERROR_DTYPE for an unknown type.
 */
GA_API ga_status_t ga_reduction_kernel_create(const char *in_params, const char *out_params, const char *map_expr,
                                              const char *reduce_expr, const char *post_map_expr,
                                              const char *identity, const char *name, const char *reduce_type,
                                              const char *preamble, const char *const *options, size_t option_count,
                                              ga_reduction_kernel_t *kernel);

/**
 * @brief Run @p kernel on @p stream, reducing over @p axes, writing each output into its
 *        destination or a new array.
 *
 * An output's shape is the inputs' broadcast shape without the reduced axes (with extent 1 there
 * when @p keepdims is nonzero). A destination must have that shape; its dtype may differ from its
 * parameter's type (the value is converted on the device). Destinations are checked before any
 * work, and a failed call writes no destination and leaves @p results as it was.
 *
 * @param[in] kernel the kernel.
 * @param[in] inputs @p input_count arguments, one ::GA_KERNEL_ARG_ARRAY or ::GA_KERNEL_ARG_SCALAR
 *        per input parameter, in order. May be NULL when @p input_count is 0.
 * @param[in] input_count the number of @p inputs: the kernel's input parameters.
 * @param[in] out @p out_count entries, one per output parameter: an array to write into (on the
 *        stream's device, writeable, of the output's shape) or NULL to have one allocated.
 * @param[in] out_count the number of @p out and of @p results: the kernel's output parameters.
 * @param[in] axes @p axis_count axes of the broadcast shape (negative counts from the end).
 * @param[in] axis_count the number of @p axes; -1 (with @p axes NULL) reduces over every axis, 0
 *        over none.
 * @param[in] keepdims nonzero to keep the reduced axes with extent 1.
 * @param[in] stream the stream the kernel runs on; NULL: the calling thread's current stream.
 * @param[out] results receives @p out_count handles the caller releases: a new array for each NULL
 *        entry of @p out, and for each destination that same handle with one more reference.
 *        Written only on success, all or none. May be the same array as @p out: every entry of
 *        @p out is read before any of @p results is written.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for wrong counts, NULL @p inputs, @p out or
 *         @p results, a pointer argument, arrays on another device than the stream, a read-only
 *         destination, a repeated axis, or a reduction over zero elements without identity;
 *         ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_SHAPE_MISMATCH when the inputs do
 *         not broadcast or a destination has another shape than its output; ::GA_ERROR_DTYPE when a
 *         placeholder cannot be decided; ::GA_ERROR_COMPILE (NVRTC's log names `map_expr(N)`,
 *         `reduce_expr(N)`, `post_map_expr(N)`, `identity(N)` or `preamble(N)`);
 *         ::GA_ERROR_UNSUPPORTED beyond 16 array arguments; ::GA_ERROR_OUT_OF_MEMORY;
 *         ::GA_ERROR_INVALID_HANDLE for a NULL or released @p kernel, a released @p stream or a
 *         NULL or released array in @p inputs or @p out.
 */
GA_API ga_status_t ga_reduction_kernel_call(ga_reduction_kernel_t kernel, const ga_kernel_arg_t *inputs,
                                            size_t input_count, const ga_array_t *out, size_t out_count,
                                            const int *axes, int axis_count, int keepdims, ga_stream_t stream,
                                            ga_array_t *results);

/**
 * @brief Add a reference to @p kernel. No device work.
 *
 * @param[in] kernel the kernel.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_reduction_kernel_retain(ga_reduction_kernel_t kernel);

/**
 * @brief Drop a reference to @p kernel; the last one frees it.
 *
 * No device work.
 *
 * @param[in] kernel the kernel.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_reduction_kernel_release(ga_reduction_kernel_t kernel);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_REDUCTION_KERNEL_H */
