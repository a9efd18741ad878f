/**
 * @file garray/elementwise_kernel.h
 * @brief User elementwise kernels from a per-element operation, as CuPy's ElementwiseKernel.
 *
 * A kernel is declared once with its parameter lists and its operation, then called with arrays
 * and typed scalars:
 * @code
 * ga_elementwise_kernel_t axpb;
 * ga_elementwise_kernel_create("T x, T a, T b", "T y", "y = a * x + b;", "axpb", NULL, NULL, 0, &axpb);
 * @endcode
 *
 * Parameters are written `"<type> <name>"` separated by commas. The type is a dtype name
 * (`float32`, `int64`, `complex64`, `bool`, ...) or a one-letter placeholder (`T`) that takes the
 * dtype of the arguments: first of the destinations the caller gives, then of the input arrays,
 * then of the input scalars. A placeholder that only an allocated output uses cannot be decided:
 * the call fails with ::GA_ERROR_DTYPE asking for a destination for that output. An argument of another dtype than its
 * parameter's type is converted on the device (garray's casting rules: see scalar casts in
 * array.h). `raw <type> <name>` passes a whole array instead of one element: the operation indexes
 * it itself (`z[k]`, C order), and reads `z.size()` and `z.shape()[d]`; its dtype must equal the
 * parameter's type.
 *
 * Every non-raw array argument (inputs and destinations) is broadcast to one shape, the loop's.
 * Outputs without a destination are allocated C-contiguous with that shape and their parameter's
 * type. In the
 * operation, an input is a `const` value of its type, an output a reference, `i` the element's
 * C-order index in the loop's shape (a `long long`) and `_ind.size()` the loop's element count.
 * The loop walks any strided views; when the operation does not read `i` or `_ind` and no
 * parameter is raw, garray may reorder and merge dimensions for speed.
 *
 * The kernel compiles at its first call for each combination of argument dtypes, kinds and loop
 * layout, through the engine's caches (jit.h); later calls find it in memory. Thread-safe.
 */
#ifndef GARRAY_ELEMENTWISE_KERNEL_H
#define GARRAY_ELEMENTWISE_KERNEL_H

#include <garray/array.h>
#include <garray/kernel.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A user elementwise kernel (CuPy's ElementwiseKernel). */
typedef struct ga_elementwise_kernel_s *ga_elementwise_kernel_t;

/**
 * @brief Declare an elementwise kernel. Nothing is compiled yet: no device work.
 *
 * @param[in] in_params input parameters, e.g. `"float32 x, T y, raw T z"`; "" or NULL for none.
 * @param[in] out_params output parameters (at least one), e.g. `"T out"`.
 * @param[in] operation CUDA C++ statements run for each element.
 * @param[in] name the kernel's name: a C identifier; NULL for "elementwise_kernel".
 * @param[in] preamble CUDA C++ placed before the kernel (device functions, constants); may be NULL.
 * @param[in] options @p option_count NVRTC options for its compilation, copied; none may choose
 *        the architecture. May be NULL when @p option_count is 0.
 * @param[in] option_count the number of @p options.
 * @param[out] kernel receives a new handle the caller releases with
 *        ga_elementwise_kernel_release(); written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p operation or @p kernel, malformed
 *         parameters (an entry that is not `[raw] <type> <name>`, a repeated name, a reserved
 *         name: `i` or one starting with `_`), no output, an empty operation, a bad name or a NULL
 *         option; ::GA_ERROR_DTYPE for a type that is neither a dtype name nor a one-letter
 *         placeholder.
 */
GA_API ga_status_t ga_elementwise_kernel_create(const char *in_params, const char *out_params, const char *operation,
                                                const char *name, const char *preamble,
                                                const char *const *options, size_t option_count,
                                                ga_elementwise_kernel_t *kernel);

/**
 * @brief Run @p kernel on @p stream, writing each output into its destination or a new array.
 *
 * A destination takes part in the broadcast like the inputs and must have the loop's shape; its
 * dtype may differ from its parameter's type (the value is converted on the device), except for a
 * raw parameter, whose dtype must equal its type. Destinations are checked before any work, and
 * a failed call writes no destination and leaves @p results as it was.
 *
 * @param[in] kernel the kernel.
 * @param[in] inputs @p input_count arguments, one ::GA_KERNEL_ARG_ARRAY or ::GA_KERNEL_ARG_SCALAR
 *        per input parameter, in order. May be NULL when @p input_count is 0.
 * @param[in] input_count the number of @p inputs: the kernel's input parameters.
 * @param[in] out @p out_count entries, one per output parameter: an array to write into (on the
 *        stream's device, writeable, of the loop's shape) or NULL to have one allocated.
 * @param[in] out_count the number of @p out and of @p results: the kernel's output parameters.
 * @param[in] size the element count when no argument is a non-raw array; -1 otherwise.
 * @param[in] stream the stream the kernel runs on; NULL: the calling thread's current stream.
 * @param[out] results receives @p out_count handles the caller releases: a new array for each NULL
 *        entry of @p out, and for each destination that same handle with one more reference.
 *        Written only on success, all or none. May be the same array as @p out: every entry of
 *        @p out is read before any of @p results is written.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for wrong counts, NULL @p inputs, @p out or
 *         @p results, a pointer argument, a scalar for a raw parameter, an array on another device
 *         than the stream, a read-only destination, or a @p size that is missing or not allowed;
 *         ::GA_ERROR_SHAPE_MISMATCH when the arrays do not broadcast or a destination's shape
 *         differs from theirs; ::GA_ERROR_DTYPE when a placeholder cannot be decided or a raw
 *         array's dtype differs from its type; ::GA_ERROR_COMPILE with NVRTC's log (lines of the
 *         operation are reported as `operation(N)`, of the preamble as `preamble(N)`);
 *         ::GA_ERROR_UNSUPPORTED beyond 16 non-raw array arguments; ::GA_ERROR_OUT_OF_MEMORY;
 *         ::GA_ERROR_INVALID_HANDLE for a NULL or released @p kernel, a released @p stream or a
 *         NULL or released array in @p inputs or @p out.
 */
GA_API ga_status_t ga_elementwise_kernel_call(ga_elementwise_kernel_t kernel, const ga_kernel_arg_t *inputs,
                                              size_t input_count, const ga_array_t *out, size_t out_count,
                                              int64_t size, ga_stream_t stream, ga_array_t *results);

/**
 * @brief The number of input and output parameters of @p kernel. No device work.
 *
 * @param[in] kernel the kernel.
 * @param[out] input_count receives the number of input parameters; written only on success.
 * @param[out] output_count receives the number of output parameters; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL out-pointers; ::GA_ERROR_INVALID_HANDLE for
 *         a NULL or released @p kernel.
 */
GA_API ga_status_t ga_elementwise_kernel_arity(ga_elementwise_kernel_t kernel, size_t *input_count,
                                               size_t *output_count);

/**
 * @brief Add a reference to @p kernel. No device work.
 *
 * @param[in] kernel the kernel.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_elementwise_kernel_retain(ga_elementwise_kernel_t kernel);

/**
 * @brief Drop a reference to @p kernel; the last one frees it.
 *
 * No device work.
 *
 * @param[in] kernel the kernel.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_elementwise_kernel_release(ga_elementwise_kernel_t kernel);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_ELEMENTWISE_KERNEL_H */
