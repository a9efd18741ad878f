/**
 * @file garray/memory.h
 * @brief Memory pools: a stream-ordered caching device allocator per device, a pinned host pool,
 *        limits, statistics, and hooks for a caller-supplied device allocator.
 *
 * Every device allocation garray makes (arrays, workspaces) comes from the pool of its device.
 * Sizes are rounded up to 512 bytes; requests under 1 MiB share 2 MiB segments, larger ones get
 * segments rounded up to 2 MiB, and the pool takes the smallest cached block that fits, splitting
 * it, and merges neighbouring free blocks. A block freed on stream S is reused at once by later
 * allocations on S; it is reused on another stream only after an event recorded on S shows that S
 * has passed the free. Frees record no event: when an allocation finds nothing it can use, the pool
 * records one event on each other stream holding free blocks, and hands their blocks to every
 * stream once those events have completed. When the device runs out of memory the pool waits for
 * those streams, returns its wholly free segments to the driver and retries once before reporting
 * ::GA_ERROR_OUT_OF_MEMORY.
 *
 * Environment, read when a device's pool is first used (a malformed value makes the memory calls
 * of that device fail with ::GA_ERROR_INVALID_ARGUMENT quoting it):
 *  - `GA_GPU_MEMORY_LIMIT`: a byte count ("2147483648") or a percentage of the device's total
 *    memory ("50%", "12.5%"). Allocations that would take the pool's total past it fail with
 *    ::GA_ERROR_OUT_OF_MEMORY.
 *  - `GA_MEMORY_BACKEND`: "pool" (default) or "async" (cudaMallocAsync on the device's current
 *    memory pool).
 *
 * Only ga_memory_allocate(), ga_memory_free() and ga_pinned_free() are ordered on a stream. The
 * other functions do no device work: queries and settings are host-side, and those that give
 * memory back to the driver wait on the host for the streams involved instead.
 *
 * On a machine without a GPU every function here returns ::GA_ERROR_NO_DEVICE. All functions are
 * thread-safe.
 */
#ifndef GARRAY_MEMORY_H
#define GARRAY_MEMORY_H

#include <garray/base.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Which allocator serves a device's allocations. */
typedef enum ga_memory_backend {
  GA_MEMORY_BACKEND_POOL = 0,   /**< garray's caching pool over cudaMalloc (default). */
  GA_MEMORY_BACKEND_ASYNC = 1,  /**< cudaMallocAsync / cudaFreeAsync on the device's memory pool. */
  GA_MEMORY_BACKEND_CUSTOM = 2  /**< The caller's hooks (ga_memory_set_allocator()); read-only. */
} ga_memory_backend_t;

/**
 * @brief Pool statistics. Set @c struct_size to sizeof(ga_memory_stats_t) before the call; the
 *        library fills only the fields that fit, so older callers keep working.
 *
 * With the async and custom backends nothing is cached: @c used_bytes counts the bytes asked for,
 * @c total_bytes equals it and every allocation counts as an upstream one.
 */
typedef struct ga_memory_stats {
  size_t struct_size;       /**< In: sizeof(ga_memory_stats_t) as the caller knows it. */
  size_t used_bytes;        /**< Bytes in blocks handed out and not yet freed (rounded sizes). */
  size_t cached_bytes;      /**< Bytes held by the pool in free blocks, ready for reuse. */
  size_t total_bytes;       /**< used + cached: what the pool holds from the driver. */
  size_t peak_used_bytes;   /**< Highest used_bytes since creation or the last reset. */
  size_t limit_bytes;       /**< The limit in force; 0 for none. */
  uint64_t allocations;     /**< Number of blocks handed out now. */
  uint64_t allocations_total;  /**< Allocations served since creation (hits and misses). */
  uint64_t upstream_allocations; /**< Calls to the driver's allocator (cache misses). */
} ga_memory_stats_t;

/**
 * @brief Allocate @p bytes of device memory on the device of @p stream, ordered on that stream:
 *        the memory may be used by work queued on it at once.
 *
 * Free it with ga_memory_free() naming the stream whose work uses it last. Pool blocks are aligned
 * to 256 bytes at least, as cudaMalloc's are.
 *
 * @param[in] bytes the size; 0 gives NULL and ::GA_OK.
 * @param[in] stream the stream the allocation is ordered on, whose device it comes from; NULL: the
 *        calling thread's current stream of its current device.
 * @param[out] ptr receives the device address; written only on success.
 * @return ::GA_OK; ::GA_ERROR_OUT_OF_MEMORY (the message gives the size asked for and the bytes in
 *         use and cached) after returning cached blocks and retrying; ::GA_ERROR_INVALID_ARGUMENT for
 *         NULL @p ptr; ::GA_ERROR_INVALID_HANDLE for a released @p stream; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_memory_allocate(size_t bytes, ga_stream_t stream, void **ptr);

/**
 * @brief Return a block from ga_memory_allocate() to its pool, ordered on @p stream.
 *
 * The block becomes available to later allocations on that stream at once, and to other streams
 * once the stream has passed this point. The pool keeps a reference to a stream garray created
 * until the blocks freed on it have been reused or handed to other streams, so the caller may
 * release the handle at once. For a wrapped stream (ga_stream_wrap()) the pool records its event
 * during this call, so the caller's CUDA stream may be destroyed once it returns.
 *
 * @param[in] ptr the block; NULL is ignored.
 * @param[in] stream the stream whose work uses the block last; NULL: the calling thread's current
 *        stream of the block's device.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a pointer no device pool handed out or already
 *         freed, or a @p stream of another device than the block's (the block is left alone);
 *         ::GA_ERROR_INVALID_HANDLE for a released @p stream; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_memory_free(void *ptr, ga_stream_t stream);

/**
 * @brief Statistics of @p device's pool (of its backend in force). A query: no device work.
 *
 * @param[in] device the ordinal of the device.
 * @param[in,out] stats in: @c struct_size, sizeof(ga_memory_stats_t) as the caller knows it; out:
 *        every field that @c struct_size covers (@c struct_size itself stays the caller's). Written
 *        only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p stats or a @c struct_size smaller than
 *         the offset of @c used_bytes; ::GA_ERROR_NO_DEVICE for an ordinal that does not exist.
 */
GA_API ga_status_t ga_memory_pool_stats(int device, ga_memory_stats_t *stats);

/**
 * @brief Reset the peak of @p device's pool to its current use.
 *
 * A host-side setting: no device work.
 *
 * @param[in] device the ordinal of the device.
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE for a bad ordinal.
 */
GA_API ga_status_t ga_memory_pool_reset_peak(int device);

/**
 * @brief Give every cached (free) segment of @p device's pool back to the driver. Blocks in use,
 *        and free blocks sharing a segment with them, stay.
 *
 * No device work. So that no queued work still uses the blocks, the call first records an event on
 * each stream cached blocks were freed on (where none is recorded yet) and waits on the host for
 * those events. With the async backend it synchronizes the device and trims cudaMallocAsync's pool
 * instead.
 *
 * @param[in] device the ordinal of the device.
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE for a bad ordinal; ::GA_ERROR_CUDA when waiting reports
 *         that queued work failed.
 */
GA_API ga_status_t ga_memory_pool_free_all_blocks(int device);

/**
 * @brief Limit the bytes @p device's pool may hold (used + cached).
 *
 * Lowering it below what is held frees cached blocks but never fails. The pool takes memory from
 * the driver in segments (2 MiB for requests under 1 MiB), so a limit under 2 MiB refuses small
 * requests. With the async and custom backends the limit caps the bytes in use. A host-side
 * setting: no device work (cached blocks given back wait for their streams on the host, as in
 * ga_memory_pool_free_all_blocks()).
 *
 * @param[in] device the ordinal of the device.
 * @param[in] bytes the limit; 0 removes it.
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE for a bad ordinal.
 */
GA_API ga_status_t ga_memory_pool_set_limit(int device, size_t bytes);

/**
 * @brief The limit of @p device's pool. A query: no device work.
 *
 * @param[in] device the ordinal of the device.
 * @param[out] bytes receives the limit, 0 when there is none; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p bytes; ::GA_ERROR_NO_DEVICE for a bad
 *         ordinal.
 */
GA_API ga_status_t ga_memory_pool_get_limit(int device, size_t *bytes);

/**
 * @brief Choose the pool or cudaMallocAsync for @p device.
 *
 * Allowed only while the device has no block in use (::GA_ERROR_INVALID_ARGUMENT otherwise);
 * cached blocks are released. ::GA_MEMORY_BACKEND_CUSTOM cannot be chosen here: use
 * ga_memory_set_allocator(). A host-side setting: no device work.
 *
 * @param[in] device the ordinal of the device.
 * @param[in] backend ::GA_MEMORY_BACKEND_POOL or ::GA_MEMORY_BACKEND_ASYNC.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT as above or for a value outside
 *         ::ga_memory_backend_t; ::GA_ERROR_UNSUPPORTED for async on a device without memory pools;
 *         ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_memory_pool_set_backend(int device, ga_memory_backend_t backend);

/**
 * @brief The backend serving @p device. A query: no device work.
 *
 * @param[in] device the ordinal of the device.
 * @param[out] backend receives the backend; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p backend; ::GA_ERROR_NO_DEVICE for a
 *         bad ordinal.
 */
GA_API ga_status_t ga_memory_pool_get_backend(int device, ga_memory_backend_t *backend);

/**
 * @brief A caller-supplied device allocator. Set @c struct_size to sizeof(ga_allocator_t).
 *
 * @c allocate returns device memory for @p bytes usable on @p cuda_stream (a `cudaStream_t`), or
 * NULL when it has none (garray then reports ::GA_ERROR_OUT_OF_MEMORY); @c deallocate takes back
 * what @c allocate returned, with the same @p bytes, ordered on the stream given to
 * ga_memory_free().
 * garray neither rounds nor caches: every ga_memory_allocate() and ga_memory_free() of the device
 * calls a hook. Both may be called from any thread and must not call garray.
 */
typedef struct ga_allocator {
  size_t struct_size; /**< In: sizeof(ga_allocator_t) as the caller knows it. */
  void *context;      /**< Passed as is to both hooks. */
  /** Returns @p bytes of memory of @p device usable on @p cuda_stream, or NULL when it has none. */
  void *(*allocate)(void *context, size_t bytes, int device, void *cuda_stream);
  /** Takes back @p ptr, of @p bytes, that @c allocate returned, ordered on @p cuda_stream. */
  void (*deallocate)(void *context, void *ptr, size_t bytes, int device, void *cuda_stream);
} ga_allocator_t;

/**
 * @brief Serve @p device's allocations through @p allocator, or return to the pool.
 *
 * Allowed only while no garray block of that device is in use; cached blocks are released. A
 * host-side setting: no device work.
 *
 * @param[in] device the ordinal of the device.
 * @param[in] allocator the hooks, copied; NULL returns to the pool (::GA_MEMORY_BACKEND_POOL).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT while blocks are in use, for a @c struct_size
 *         smaller than sizeof(ga_allocator_t) or a NULL hook; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_memory_set_allocator(int device, const ga_allocator_t *allocator);

/**
 * @brief Allocate @p bytes of page-locked host memory from the pinned pool (for fast, asynchronous
 *        transfers).
 *
 * The memory is pinned for every device and mapped into their address space; the host may use it
 * at once. No device work.
 *
 * @param[in] bytes the size; 0 gives NULL.
 * @param[out] ptr receives the host address; written only on success.
 * @return ::GA_OK; ::GA_ERROR_OUT_OF_MEMORY after returning cached blocks and retrying;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p ptr; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_pinned_allocate(size_t bytes, void **ptr);

/**
 * @brief Return pinned memory to the pool, ordered on @p stream.
 *
 * Reuse waits until work queued on @p stream before this call has finished, so an asynchronous
 * copy out of it stays safe.
 *
 * @param[in] ptr the memory, from ga_pinned_allocate(); NULL is ignored.
 * @param[in] stream the stream whose work uses the memory last; NULL: the calling thread's current
 *        stream.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a pointer the pinned pool did not hand out;
 *         ::GA_ERROR_INVALID_HANDLE for a released @p stream; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_pinned_free(void *ptr, ga_stream_t stream);

/**
 * @brief Statistics of the pinned host pool. A query: no device work.
 *
 * @param[in,out] stats in: @c struct_size, sizeof(ga_memory_stats_t) as the caller knows it; out:
 *        every field that @c struct_size covers (@c struct_size itself stays the caller's). Written
 *        only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p stats or a @c struct_size smaller than
 *         the offset of @c used_bytes; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_pinned_pool_stats(ga_memory_stats_t *stats);

/**
 * @brief Give every wholly free segment of the pinned pool back to the driver.
 *
 * No device work. As ga_memory_pool_free_all_blocks() does, the call first waits on the host for
 * the streams the blocks were freed on.
 *
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA when waiting reports that queued work
 *         failed.
 */
GA_API ga_status_t ga_pinned_pool_free_all_blocks(void);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_MEMORY_H */
