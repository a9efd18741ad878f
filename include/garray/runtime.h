/**
 * @file garray/runtime.h
 * @brief Devices, streams and events.
 *
 * The current device and the current stream are per host thread. A thread starts on device 0 (or
 * whatever the CUDA runtime has current for it) and on the legacy default stream of its device, as
 * CuPy does. All device work of garray is queued on the calling thread's current stream.
 *
 * On a machine without a GPU or driver, ga_device_count() reports 0 and every other function here
 * returns ::GA_ERROR_NO_DEVICE with a message.
 */
#ifndef GARRAY_RUNTIME_H
#define GARRAY_RUNTIME_H

#include <garray/base.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A CUDA stream, owned by garray or wrapping a caller's stream. */
typedef struct ga_stream_s *ga_stream_t;
/** @brief A CUDA event. */
typedef struct ga_event_s *ga_event_t;

/* ------------------------------------------------------------------------------------------------
 * Devices
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief Number of CUDA devices visible to this process.
 *
 * Writes 0 (and returns ::GA_OK) when there is no device or no driver, so a program can test for a
 * GPU without treating its absence as an error. ::GA_ERROR_INVALID_ARGUMENT if @p count is NULL.
 */
GA_API ga_status_t ga_device_count(int *count);

/** @brief The calling thread's current device ordinal. ::GA_ERROR_NO_DEVICE without a device. */
GA_API ga_status_t ga_device_get_current(int *device);

/**
 * @brief Make @p device current for the calling thread. Later work of this thread goes to it, on
 *        that device's current stream for this thread.
 * @return ::GA_OK, ::GA_ERROR_NO_DEVICE if the ordinal does not exist (or there is no GPU).
 */
GA_API ga_status_t ga_device_set_current(int device);

/** @brief Wait until all work on the calling thread's current device has finished. */
GA_API ga_status_t ga_device_synchronize(void);

/**
 * @brief Device properties. Set @c struct_size to sizeof(ga_device_properties_t) before the call;
 *        the library fills only the fields that fit, so older callers keep working.
 */
typedef struct ga_device_properties {
  size_t struct_size;               /**< In: sizeof(ga_device_properties_t) as the caller knows it. */
  char name[256];                   /**< Marketing name, NUL-terminated. */
  int major;                        /**< Compute capability major. */
  int minor;                        /**< Compute capability minor. */
  int multiprocessor_count;         /**< Number of SMs. */
  size_t total_memory;              /**< Global memory in bytes. */
  size_t free_memory;               /**< Free global memory in bytes at the time of the call. */
  int max_threads_per_block;
  int max_threads_per_multiprocessor;
  int warp_size;
  int l2_cache_size;                /**< Bytes. */
  size_t shared_memory_per_block;   /**< Bytes available to a block without opting in. */
  size_t shared_memory_per_block_optin; /**< Bytes a block may opt in to. */
  size_t shared_memory_per_multiprocessor;
  int registers_per_block;
  int clock_rate_khz;               /**< SM clock as the driver reports it. */
  int memory_clock_rate_khz;        /**< Memory clock as the driver reports it. */
  int memory_bus_width_bits;
  int pci_bus_id;
  int pci_device_id;
  int pci_domain_id;
  int integrated;                   /**< 1 for an integrated GPU. */
  int concurrent_managed_access;    /**< 1 if managed memory may be used concurrently with the CPU. */
} ga_device_properties_t;

/**
 * @brief Fill @p properties for @p device.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT if @p properties is NULL or its struct_size is
 *         smaller than the offset of @c name; ::GA_ERROR_NO_DEVICE for an ordinal that does not exist.
 */
GA_API ga_status_t ga_device_get_properties(int device, ga_device_properties_t *properties);

/**
 * @brief Any device attribute, by its numeric `cudaDeviceAttr` value (e.g. 16 for the SM count).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown attribute; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_device_get_attribute(int device, int attribute, int *value);

/* ------------------------------------------------------------------------------------------------
 * Streams
 * --------------------------------------------------------------------------------------------- */

/** @brief Flags for ga_stream_create(). */
typedef enum ga_stream_flags {
  GA_STREAM_DEFAULT = 0,      /**< Synchronises with the legacy default stream. */
  GA_STREAM_NON_BLOCKING = 1  /**< Does not synchronise with the legacy default stream. */
} ga_stream_flags_t;

/**
 * @brief Create a stream on the calling thread's current device.
 * @param flags a combination of ::ga_stream_flags_t.
 * @param priority lower numbers are higher priority; values outside the device's range are
 *        clamped by CUDA. 0 is the default priority.
 * @param stream receives a new handle owned by the caller (ga_stream_release()).
 * @return ::GA_OK, ::GA_ERROR_INVALID_ARGUMENT for unknown flags or NULL, ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_stream_create(unsigned flags, int priority, ga_stream_t *stream);

/**
 * @brief Wrap an existing `cudaStream_t` (passed as a pointer) of @p device without taking
 *        ownership: releasing the handle never destroys the CUDA stream, which must outlive it.
 *
 * NULL wraps the legacy default stream; `(void*)2` the per-thread default stream.
 * @return ::GA_OK, ::GA_ERROR_NO_DEVICE for a bad ordinal, ::GA_ERROR_INVALID_ARGUMENT for NULL out.
 */
GA_API ga_status_t ga_stream_wrap(void *cuda_stream, int device, ga_stream_t *stream);

/**
 * @brief A new reference to the calling thread's current stream of its current device (the legacy
 *        default stream unless ga_stream_set_current() chose another). Release it when done.
 */
GA_API ga_status_t ga_stream_get_current(ga_stream_t *stream);

/**
 * @brief Make @p stream the calling thread's current stream for the stream's device; NULL restores
 *        the legacy default stream of the current device. The thread keeps its own reference.
 * @return ::GA_OK, ::GA_ERROR_INVALID_HANDLE for a released handle, ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_stream_set_current(ga_stream_t stream);

/** @brief Wait until all work queued on @p stream (NULL: the current stream) has finished. */
GA_API ga_status_t ga_stream_synchronize(ga_stream_t stream);

/**
 * @brief Whether all work queued on @p stream (NULL: the current stream) has finished, without
 *        waiting: writes 1 for finished, 0 for still running.
 */
GA_API ga_status_t ga_stream_query(ga_stream_t stream, int *finished);

/** @brief Make later work on @p stream (NULL: current) wait for @p event, without blocking the host. */
GA_API ga_status_t ga_stream_wait_event(ga_stream_t stream, ga_event_t event);

/** @brief The underlying `cudaStream_t` of @p stream, as a pointer (NULL for the legacy default). */
GA_API ga_status_t ga_stream_native(ga_stream_t stream, void **cuda_stream);

/** @brief The device ordinal @p stream belongs to. */
GA_API ga_status_t ga_stream_device(ga_stream_t stream, int *device);

/** @brief Add a reference to @p stream. */
GA_API ga_status_t ga_stream_retain(ga_stream_t stream);

/**
 * @brief Drop a reference; the last one destroys a stream garray created (after its queued work is
 *        done, as cudaStreamDestroy does) and only forgets a wrapped one.
 */
GA_API ga_status_t ga_stream_release(ga_stream_t stream);

/* ------------------------------------------------------------------------------------------------
 * Events
 * --------------------------------------------------------------------------------------------- */

/** @brief Flags for ga_event_create(). */
typedef enum ga_event_flags {
  GA_EVENT_DEFAULT = 0,          /**< Records timing; waiting spins. */
  GA_EVENT_DISABLE_TIMING = 1,   /**< Cheaper; ga_event_elapsed_ms() refuses it. */
  GA_EVENT_BLOCKING_SYNC = 2     /**< ga_event_synchronize() sleeps instead of spinning. */
} ga_event_flags_t;

/** @brief Create an event on the current device. @p flags combine ::ga_event_flags_t. */
GA_API ga_status_t ga_event_create(unsigned flags, ga_event_t *event);

/** @brief Record @p event on @p stream (NULL: the current stream). */
GA_API ga_status_t ga_event_record(ga_event_t event, ga_stream_t stream);

/** @brief Wait on the host until the work before the event's last record has finished. */
GA_API ga_status_t ga_event_synchronize(ga_event_t event);

/** @brief Writes 1 if the work before the event's last record has finished, else 0. */
GA_API ga_status_t ga_event_query(ga_event_t event, int *finished);

/**
 * @brief Milliseconds between two recorded events.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT if either was created with
 *         ::GA_EVENT_DISABLE_TIMING or was never recorded; ::GA_ERROR_CUDA if not yet complete.
 */
GA_API ga_status_t ga_event_elapsed_ms(ga_event_t start, ga_event_t end, float *milliseconds);

/** @brief The underlying `cudaEvent_t` as a pointer. */
GA_API ga_status_t ga_event_native(ga_event_t event, void **cuda_event);

/** @brief Add a reference to @p event. */
GA_API ga_status_t ga_event_retain(ga_event_t event);

/** @brief Drop a reference; the last one destroys the event. */
GA_API ga_status_t ga_event_release(ga_event_t event);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_RUNTIME_H */
