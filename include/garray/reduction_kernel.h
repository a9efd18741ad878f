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
 * @brief Declare a reduction kernel. Nothing is compiled yet.
 * @param in_params input parameters, e.g. `"T x"`; "" or NULL for none.
 * @param out_params output parameters (at least one), e.g. `"T y"`.
 * @param map_expr the value each element contributes, e.g. `"x * x"`.
 * @param reduce_expr how two values combine, e.g. `"a + b"` or `"max(a, b)"`.
 * @param post_map_expr statements writing the outputs from `a`, e.g. `"y = sqrt(a)"`; NULL for
 *        `"<first output> = a"`.
 * @param identity the fold's starting value, e.g. `"0"`; NULL when there is none (a reduction over
 *        zero elements is then an error).
 * @param name a C identifier; NULL for "reduction_kernel".
 * @param reduce_type a dtype name or one of the placeholders; NULL for the first output's type.
 * @param preamble CUDA C++ placed before the kernel; may be NULL.
 * @param options NVRTC options; none may choose the architecture.
 * @param kernel receives a new handle the caller releases with ga_reduction_kernel_release().
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL expressions or @p kernel, malformed
 *         parameters, a raw parameter, no output, an empty expression or a bad name;
 *         ::GA_ERROR_DTYPE for an unknown type.
 */
GA_API ga_status_t ga_reduction_kernel_create(const char *in_params, const char *out_params, const char *map_expr,
                                              const char *reduce_expr, const char *post_map_expr,
                                              const char *identity, const char *name, const char *reduce_type,
                                              const char *preamble, const char *const *options, size_t option_count,
                                              ga_reduction_kernel_t *kernel);

/**
 * @brief Run @p kernel on @p stream (NULL: the current stream), reducing over @p axes.
 * @param inputs one ::GA_KERNEL_ARG_ARRAY or ::GA_KERNEL_ARG_SCALAR per input parameter.
 * @param outputs as in ga_elementwise_kernel_call(): NULL entries receive new arrays. An output's
 *        shape is the inputs' broadcast shape without the reduced axes (with extent 1 there when
 *        @p keepdims is nonzero).
 * @param axes @p axis_count axes of the broadcast shape (negative counts from the end); @p axis_count
 *        -1 (with @p axes NULL) reduces over every axis, 0 over none.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for wrong counts, a pointer argument, arrays on
 *         another device, a read-only output, a repeated axis, or a reduction over zero elements
 *         without identity; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_SHAPE_MISMATCH;
 *         ::GA_ERROR_DTYPE; ::GA_ERROR_COMPILE (NVRTC's log names `map_expr(N)`,
 *         `reduce_expr(N)`, `post_map_expr(N)`, `identity(N)` or `preamble(N)`);
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_INVALID_HANDLE. On failure nothing is written.
 */
GA_API ga_status_t ga_reduction_kernel_call(ga_reduction_kernel_t kernel, const ga_kernel_arg_t *inputs,
                                            size_t input_count, ga_array_t *outputs, size_t output_count,
                                            const int *axes, int axis_count, int keepdims, ga_stream_t stream);

/** @brief Add a reference to @p kernel. */
GA_API ga_status_t ga_reduction_kernel_retain(ga_reduction_kernel_t kernel);
/** @brief Drop a reference to @p kernel. */
GA_API ga_status_t ga_reduction_kernel_release(ga_reduction_kernel_t kernel);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_REDUCTION_KERNEL_H */
