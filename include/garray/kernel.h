/**
 * @file garray/kernel.h
 * @brief User kernels from CUDA C++ source, as CuPy's RawKernel and RawModule.
 *
 * Source is compiled by NVRTC for the current device's architecture through the same engine and
 * caches as garray's own kernels (see jit.h): the first use compiles, later ones find the binary in
 * memory or on disk. Kernels are looked up by their plain symbol, so declare them `extern "C"`;
 * instantiations of `__global__` templates are named by name expressions given when the module is
 * created (ga_module_create_with_name_expressions()). Thread-safe.
 */
#ifndef GARRAY_KERNEL_H
#define GARRAY_KERNEL_H

#include <garray/array.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Compiled source holding one or more kernels (CuPy's RawModule). */
typedef struct ga_module_s *ga_module_t;
/** @brief One kernel, ready to launch on the device it was created for. */
typedef struct ga_kernel_s *ga_kernel_t;

/** @brief What a ::ga_kernel_arg_t carries. */
typedef enum ga_kernel_arg_kind {
  GA_KERNEL_ARG_ARRAY = 0,  /**< @c array: passed as the device address of its first element. */
  GA_KERNEL_ARG_SCALAR = 1, /**< @c scalar: passed by value as its own dtype (a C type of that size). */
  GA_KERNEL_ARG_POINTER = 2 /**< @c pointer: passed as is (device memory the caller manages). */
} ga_kernel_arg_kind_t;

/** @brief One kernel argument; only the field named by @c kind is read. */
typedef struct ga_kernel_arg {
  ga_kernel_arg_kind_t kind; /**< Which field is read. */
  ga_array_t array;          /**< The array, for ::GA_KERNEL_ARG_ARRAY. */
  ga_scalar_t scalar;        /**< The scalar, for ::GA_KERNEL_ARG_SCALAR. */
  void *pointer;             /**< The pointer, for ::GA_KERNEL_ARG_POINTER. */
} ga_kernel_arg_t;

/**
 * @brief Compile @p source for the calling thread's current device (CuPy's RawModule).
 *
 * The source is compiled at once, so that a compile error surfaces here, through the engine's
 * caches (a later module of the same source and options finds the binary in memory or on disk).
 * No device work: compiling and loading a module are not work queued on a stream.
 *
 * @param[in] source NUL-terminated CUDA C++.
 * @param[in] options @p option_count NUL-terminated NVRTC options (`"-DN=4"`,
 *        `"--use_fast_math"`, ...); none may choose the architecture. May be NULL when
 *        @p option_count is 0.
 * @param[in] option_count the number of @p options.
 * @param[out] module receives a new handle the caller releases with ga_module_release(); written
 *        only on success.
 * @return ::GA_OK; ::GA_ERROR_COMPILE with NVRTC's log in ga_last_error() (no handle is created);
 *         ::GA_ERROR_INVALID_ARGUMENT for a NULL @p source or @p module, NULL @p options with a
 *         nonzero count, a NULL option or an architecture option; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_module_create(const char *source, const char *const *options, size_t option_count,
                                    ga_module_t *module);

/**
 * @brief Compile @p source for the calling thread's current device with name expressions for its
 *        templated kernels (CuPy's `RawModule(code=..., name_expressions=[...])`).
 *
 * Each name expression names a `__global__` function template instantiation (`"my_func<float>"`,
 * `"add<double, 4>"`, `"&scale<int>"`) or a `__global__` function; NVRTC instantiates it and records
 * its mangled symbol, which the disk cache keeps with the compiled code. ga_module_get_function()
 * then accepts the expression, spelt exactly as given here. No device work: compiling and loading
 * a module are not work queued on a stream.
 *
 * @param[in] source NUL-terminated CUDA C++.
 * @param[in] options as in ga_module_create().
 * @param[in] option_count the number of @p options.
 * @param[in] name_expressions @p name_expression_count NUL-terminated, non-empty expressions; may
 *        be NULL when @p name_expression_count is 0 (the call is then ga_module_create()).
 * @param[in] name_expression_count the number of @p name_expressions.
 * @param[out] module receives a new handle the caller releases with ga_module_release(); written
 *        only on success.
 * @return ::GA_OK; ::GA_ERROR_COMPILE with NVRTC's log in ga_last_error() when the source does not
 *         compile or an expression names nothing that can be instantiated (no handle is created);
 *         ::GA_ERROR_INVALID_ARGUMENT for a NULL @p source or @p module, a NULL array with a
 *         nonzero count, a NULL or empty expression, or an architecture option (the message names
 *         the argument); ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_module_create_with_name_expressions(const char *source, const char *const *options,
                                                         size_t option_count, const char *const *name_expressions,
                                                         size_t name_expression_count, ga_module_t *module);

/**
 * @brief The kernel @p name of @p module (CuPy's RawModule.get_function), loaded on the module's
 *        device.
 *
 * The kernel keeps what it needs alive: @p module may be released first. No device work: loading
 * a kernel is not work queued on a stream.
 *
 * @param[in] module the module.
 * @param[in] name one of the module's name expressions, spelt as when the module was created, or a
 *        kernel's symbol (the plain name of an `extern "C"` kernel).
 * @param[out] kernel receives a new handle the caller releases with ga_kernel_release(); written
 *        only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT if @p name is NULL or neither (the message lists the
 *         module's name expressions), or for a NULL @p kernel; ::GA_ERROR_INVALID_HANDLE for a NULL
 *         or released @p module; ::GA_ERROR_CUDA if the driver cannot load it.
 */
GA_API ga_status_t ga_module_get_function(ga_module_t module, const char *name, ga_kernel_t *kernel);

/**
 * @brief Add a reference to @p module. No device work.
 *
 * @param[in] module the module.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_module_retain(ga_module_t module);

/**
 * @brief Drop a reference to @p module; the last one frees it (kernels taken from it stay usable).
 *        No device work.
 *
 * @param[in] module the module.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_module_release(ga_module_t module);

/**
 * @brief Compile @p source for the calling thread's current device and take its kernel @p name in
 *        one step (CuPy's RawKernel).
 *
 * No device work: compiling and loading a kernel are not work queued on a stream.
 *
 * @param[in] source NUL-terminated CUDA C++.
 * @param[in] name the kernel's symbol (the plain name of an `extern "C"` kernel).
 * @param[in] options as in ga_module_create().
 * @param[in] option_count the number of @p options.
 * @param[out] kernel receives a new handle the caller releases with ga_kernel_release(); written
 *        only on success.
 * @return as ga_module_create() and ga_module_get_function(): ::GA_OK; ::GA_ERROR_COMPILE;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p source, @p name or @p kernel, bad options or a
 *         @p name the source does not define; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_raw_kernel_create(const char *source, const char *name, const char *const *options,
                                        size_t option_count, ga_kernel_t *kernel);

/**
 * @brief Queue @p kernel on @p stream.
 *
 * Dynamic shared memory beyond 48 KiB is opted into as needed, up to what the device allows.
 * Asynchronous: a fault inside the kernel surfaces at a later synchronisation.
 *
 * @param[in] kernel the kernel.
 * @param[in] grid the grid's extents (x, y, z), each at least 1.
 * @param[in] block the block's extents (x, y, z), each at least 1.
 * @param[in] shared_memory_bytes dynamic shared memory per block, in bytes.
 * @param[in] args @p arg_count arguments in the kernel's parameter order; arrays must live on the
 *        kernel's device. May be NULL when @p arg_count is 0.
 * @param[in] arg_count the number of @p args.
 * @param[in] stream the stream, which must belong to the kernel's device; NULL: the calling
 *        thread's current stream of the kernel's device.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL or zero extent, NULL @p args with a
 *         nonzero count, a bad argument kind, an array on another device or a stream of another
 *         device; ::GA_ERROR_DTYPE for a scalar of an unknown dtype; ::GA_ERROR_INVALID_HANDLE for
 *         a NULL or released @p kernel, a released @p stream or a NULL or released array in @p args;
 *         ::GA_ERROR_CUDA when CUDA refuses the launch (too many threads, too much shared memory,
 *         ...).
 */
GA_API ga_status_t ga_kernel_launch(ga_kernel_t kernel, const uint32_t grid[3], const uint32_t block[3],
                                    size_t shared_memory_bytes, const ga_kernel_arg_t *args, size_t arg_count,
                                    ga_stream_t stream);

/**
 * @brief Add a reference to @p kernel. No device work.
 *
 * @param[in] kernel the kernel.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_kernel_retain(ga_kernel_t kernel);

/**
 * @brief Drop a reference to @p kernel; the last one frees it. No device work.
 *
 * @param[in] kernel the kernel.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_kernel_release(ga_kernel_t kernel);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_KERNEL_H */
