/**
 * @file garray/memory.h
 * @brief Memory pools: a stream-ordered caching device allocator per device, a pinned host pool,
 *        limits, statistics, and hooks for a caller-supplied device allocator.
 *
 * Every device allocation garray makes (arrays, workspaces) comes from the current device's pool.
 * Sizes are rounded up to 512 bytes. A block freed on stream S is reused at once by later
 * allocations on S; it is reused on another stream only after an event recorded on S shows that S
 * has passed the free. When the device runs out of memory the pool returns its cached blocks to the
 * driver and retries once before reporting ::GA_ERROR_OUT_OF_MEMORY.
 *
 * Environment, read when a device's pool is first used:
 *  - `GA_GPU_MEMORY_LIMIT`: a byte count ("2147483648") or a percentage of the device's total
 *    memory ("50%"). Allocations that would take the pool's total past it fail with
 *    ::GA_ERROR_OUT_OF_MEMORY.
 *  - `GA_MEMORY_BACKEND`: "pool" (default) or "async" (cudaMallocAsync on the device's default
 *    memory pool).
 *
 * All functions are thread-safe.
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
 * @brief Pool statistics. Set @c struct_size to sizeof(ga_memory_stats_t) before the call.
 */
typedef struct ga_memory_stats {
  size_t struct_size;       /**< In: sizeof(ga_memory_stats_t) as the caller knows it. */
  size_t used_bytes;        /**< Bytes in blocks handed out and not yet freed. */
  size_t cached_bytes;      /**< Bytes held by the pool in free blocks, ready for reuse. */
  size_t total_bytes;       /**< used + cached: what the pool holds from the driver. */
  size_t peak_used_bytes;   /**< Highest used_bytes since creation or the last reset. */
  size_t limit_bytes;       /**< The limit in force; 0 for none. */
  uint64_t allocations;     /**< Number of blocks handed out now. */
  uint64_t allocations_total;  /**< Allocations served since creation (hits and misses). */
  uint64_t upstream_allocations; /**< Calls to the driver's allocator (cache misses). */
} ga_memory_stats_t;

/**
 * @brief Allocate @p bytes of device memory on the current device, ordered on @p stream (NULL:
 *        the current stream): the memory may be used by work queued on that stream at once.
 *
 * @p bytes == 0 gives NULL and ::GA_OK. Free it with ga_memory_free() naming the stream whose work
 * uses it last.
 * @return ::GA_OK; ::GA_ERROR_OUT_OF_MEMORY (with the sizes in the message) after freeing cached
 *         blocks and retrying; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_INVALID_ARGUMENT for NULL @p ptr.
 */
GA_API ga_status_t ga_memory_allocate(size_t bytes, ga_stream_t stream, void **ptr);

/**
 * @brief Return a block from ga_memory_allocate() to its pool, ordered on @p stream (NULL: current).
 *
 * The block becomes available to later allocations on that stream at once, and to other streams
 * once the stream has passed this point. NULL is ignored.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a pointer the pool did not hand out (the
 *         pointer is left alone).
 */
GA_API ga_status_t ga_memory_free(void *ptr, ga_stream_t stream);

/** @brief Statistics of @p device's pool. */
GA_API ga_status_t ga_memory_pool_stats(int device, ga_memory_stats_t *stats);

/** @brief Reset the peak of @p device's pool to its current use. */
GA_API ga_status_t ga_memory_pool_reset_peak(int device);

/**
 * @brief Give every cached (free) block of @p device's pool back to the driver. Blocks in use are
 *        untouched. Waits for the device first, so that no queued work still uses a cached block.
 */
GA_API ga_status_t ga_memory_pool_free_all_blocks(int device);

/**
 * @brief Limit the bytes @p device's pool may hold (used + cached); 0 removes the limit.
 *        Lowering it below what is held frees cached blocks but never fails.
 */
GA_API ga_status_t ga_memory_pool_set_limit(int device, size_t bytes);

/** @brief The limit of @p device's pool; 0 when there is none. */
GA_API ga_status_t ga_memory_pool_get_limit(int device, size_t *bytes);

/**
 * @brief Choose the pool or cudaMallocAsync for @p device. Allowed only while the device's pool
 *        has no block in use (::GA_ERROR_INVALID_ARGUMENT otherwise); cached blocks are released.
 *        ::GA_MEMORY_BACKEND_CUSTOM cannot be chosen here: use ga_memory_set_allocator().
 */
GA_API ga_status_t ga_memory_pool_set_backend(int device, ga_memory_backend_t backend);

/** @brief The backend serving @p device. */
GA_API ga_status_t ga_memory_pool_get_backend(int device, ga_memory_backend_t *backend);

/**
 * @brief A caller-supplied device allocator. Set @c struct_size to sizeof(ga_allocator_t).
 *
 * @c allocate returns device memory for @p bytes usable on @p cuda_stream (a `cudaStream_t`), or
 * NULL when it has none; @c deallocate takes back what @c allocate returned. Both may be called from
 * any thread and must not call garray.
 */
typedef struct ga_allocator {
  size_t struct_size;
  void *context;
  void *(*allocate)(void *context, size_t bytes, int device, void *cuda_stream);
  void (*deallocate)(void *context, void *ptr, size_t bytes, int device, void *cuda_stream);
} ga_allocator_t;

/**
 * @brief Serve @p device's allocations through @p allocator (copied), or NULL to return to the pool.
 *        Allowed only while no garray block of that device is in use.
 */
GA_API ga_status_t ga_memory_set_allocator(int device, const ga_allocator_t *allocator);

/**
 * @brief Allocate @p bytes of page-locked host memory from the pinned pool (for fast, asynchronous
 *        transfers). 0 bytes gives NULL.
 */
GA_API ga_status_t ga_pinned_allocate(size_t bytes, void **ptr);

/**
 * @brief Return pinned memory to the pool. Reuse waits until work queued on @p stream (NULL:
 *        current) before this call has finished, so an asynchronous copy out of it stays safe.
 */
GA_API ga_status_t ga_pinned_free(void *ptr, ga_stream_t stream);

/** @brief Statistics of the pinned host pool. */
GA_API ga_status_t ga_pinned_pool_stats(ga_memory_stats_t *stats);

/** @brief Give every cached pinned block back to the driver. */
GA_API ga_status_t ga_pinned_pool_free_all_blocks(void);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_MEMORY_H */
