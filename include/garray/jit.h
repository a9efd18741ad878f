/**
 * @file garray/jit.h
 * @brief The kernel engine: CUDA C++ compiled at run time by NVRTC, and the kernel cache that every
 *        built-in operation and user kernel shares.
 *
 * Kernels are compiled straight to CUBIN for the device's architecture (or to PTX for a device
 * newer than the NVRTC in use) and cached in memory, per device, and on disk. The disk cache is
 * keyed by a SHA-256 of the source, the options, the architecture, the NVRTC version and garray's
 * kernel ABI version; its files are written atomically, verified when read (a damaged file is
 * recompiled and replaced), and the directory is kept within a size bound by evicting the least
 * recently used files. Several processes may share one directory.
 *
 * Environment, read once, when the engine is first used:
 *  - `GA_CACHE_DIR`: the disk cache directory. Default: `$XDG_CACHE_HOME/garray/kernels`, or
 *    `~/.cache/garray/kernels`. A directory that cannot be written never fails a compile; the
 *    disk is then skipped.
 *  - `GA_CACHE_MAX_BYTES`: the bound on the directory's size in bytes (default 268435456, 256 MiB).
 *  - `GA_CACHE_DISABLE=1`: keep compiled kernels in memory only.
 * Read at each failed compilation:
 *  - `GA_DUMP_FAILED_SOURCE`: `1` (the system's temporary directory) or a directory: write the
 *    source that failed to compile, with the options and the log, to a file named in the error.
 *
 * All functions are thread-safe.
 */
#ifndef GARRAY_JIT_H
#define GARRAY_JIT_H

#include <garray/base.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Compile CUDA C++ @p source with NVRTC for architecture @p arch, without a GPU.
 *
 * The source is compiled as given (C++17, functions are device functions by default) with the
 * caller's @p options after garray's; the engine's caches are used and filled. Fast math is off
 * unless an option asks for it. Options must not choose the architecture. Compilation to a binary:
 * no device work (no GPU is needed).
 *
 * @param[in] source NUL-terminated CUDA C++.
 * @param[in] options @p option_count NUL-terminated NVRTC options ("-DN=4", "--use_fast_math");
 *        may be NULL when @p option_count is 0.
 * @param[in] option_count the number of @p options.
 * @param[in] arch the architecture as major * 10 + minor (90 for sm_90); one the NVRTC in use
 *        supports.
 * @param[in] want_ptx 0 for CUBIN (an ELF image for that real architecture), nonzero for PTX text
 *        for the virtual architecture (compute_XX), NUL-terminated.
 * @param[out] binary receives a buffer owned by the caller, to be freed with ga_jit_free_binary().
 * @param[out] size receives the buffer's size in bytes (for PTX, counting the terminating NUL).
 * @return ::GA_OK; ::GA_ERROR_COMPILE when the source does not compile, with NVRTC's log in
 *         ga_last_error() (line numbers are those of @p source); ::GA_ERROR_UNSUPPORTED for an
 *         architecture this NVRTC cannot target (the message lists those it can);
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL pointers, a NULL option, a non-positive @p arch or
 *         an option that chooses the architecture. @p binary and @p size are written only on
 *         success.
 */
GA_API ga_status_t ga_jit_compile(const char *source, const char *const *options,
                                  size_t option_count, int arch, int want_ptx, void **binary,
                                  size_t *size);

/**
 * @brief Free a buffer returned by ga_jit_compile(). No device work.
 *
 * @param[in] binary the buffer; NULL is ignored.
 * @return ::GA_OK always.
 */
GA_API ga_status_t ga_jit_free_binary(void *binary);

/**
 * @brief Forget the compiled code and kernel handles the engine holds in memory, so that later
 *        requests read the disk cache (or compile). Kernels in use by live handles stay loaded
 *        until those handles are released. The disk cache is untouched.
 *
 * No device work: modules no handle uses any more are unloaded, which enqueues nothing.
 *
 * @return ::GA_OK always.
 */
GA_API ga_status_t ga_kernel_cache_clear_memory(void);

/**
 * @brief Kernel cache statistics. Set @c struct_size to sizeof(ga_kernel_cache_stats_t) before the
 *        call; the library fills only the fields that fit.
 */
typedef struct ga_kernel_cache_stats {
  size_t struct_size;   /**< In: sizeof(ga_kernel_cache_stats_t) as the caller knows it. */
  uint64_t memory_hits; /**< Requests answered from memory (compiled code or a loaded kernel). */
  uint64_t disk_hits;   /**< Compiled code read from the disk cache. */
  uint64_t compiles;    /**< Successful NVRTC compilations. */
  uint64_t disk_bytes;  /**< Bytes in the disk cache directory now (0 when it is disabled). */
} ga_kernel_cache_stats_t;

/**
 * @brief Counts since the process started, and the disk cache's current size.
 *
 * A query: no device work.
 *
 * @param[in,out] stats in: @c struct_size, sizeof(ga_kernel_cache_stats_t) as the caller knows it;
 *        out: every field that @c struct_size covers (@c struct_size itself stays the caller's).
 *        Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT if @p stats is NULL or its struct_size is smaller
 *         than sizeof(size_t).
 */
GA_API ga_status_t ga_kernel_cache_stats(ga_kernel_cache_stats_t *stats);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_JIT_H */
