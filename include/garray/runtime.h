/**
 * @file garray/runtime.h
 * @brief Devices, streams and events.
 *
 * The current device and the current stream are per host thread. A thread starts on device 0 (or
 * whatever the CUDA runtime has current for it) and on the legacy default stream of its device, as
 * CuPy does. A function that enqueues device work takes a ::ga_stream_t; NULL there means the
 * calling thread's current stream (ga_stream_set_current()).
 *
 * The functions here take their subject (the device, stream or event they are about) first. Those
 * that neither enqueue work nor wait for it say "No device work."
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
 * GPU without treating its absence as an error. The count is read once and cached. No device work.
 *
 * @param[out] count receives the number of devices.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT if @p count is NULL.
 */
GA_API ga_status_t ga_device_count(int *count);

/**
 * @brief The calling thread's current device ordinal. No device work.
 *
 * @param[out] device receives the ordinal; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT if @p device is NULL; ::GA_ERROR_NO_DEVICE without
 *         a device.
 */
GA_API ga_status_t ga_device_get_current(int *device);

/**
 * @brief Make @p device current for the calling thread. Later work of this thread goes to it, on
 *        that device's current stream for this thread.
 *
 * A host-side setting of the calling thread: no device work.
 *
 * @param[in] device the ordinal, from 0 to ga_device_count() - 1.
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE if the ordinal does not exist (or there is no GPU);
 *         ::GA_ERROR_CUDA if CUDA refuses the device.
 */
GA_API ga_status_t ga_device_set_current(int device);

/**
 * @brief Wait on the host until all work on the calling thread's current device has finished, on
 *        every stream of that device (cudaDeviceSynchronize).
 *
 * Its subject is the current device: it enqueues nothing and takes no stream.
 *
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE without a device; ::GA_ERROR_CUDA when work queued earlier
 *         failed (an asynchronous fault of a kernel surfaces here).
 */
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
  int max_threads_per_block;        /**< Most threads in one block. */
  int max_threads_per_multiprocessor; /**< Most resident threads on one SM. */
  int warp_size;                    /**< Threads in a warp. */
  int l2_cache_size;                /**< Bytes. */
  size_t shared_memory_per_block;   /**< Bytes available to a block without opting in. */
  size_t shared_memory_per_block_optin; /**< Bytes a block may opt in to. */
  size_t shared_memory_per_multiprocessor; /**< Bytes of shared memory on one SM. */
  int registers_per_block;          /**< 32-bit registers available to one block. */
  int clock_rate_khz;               /**< SM clock as the driver reports it. */
  int memory_clock_rate_khz;        /**< Memory clock as the driver reports it. */
  int memory_bus_width_bits;        /**< Width of the global memory bus in bits. */
  int pci_bus_id;                   /**< PCI bus of the device. */
  int pci_device_id;                /**< PCI device (slot) of the device. */
  int pci_domain_id;                /**< PCI domain of the device. */
  int integrated;                   /**< 1 for an integrated GPU. */
  int concurrent_managed_access;    /**< 1 if managed memory may be used concurrently with the CPU. */
} ga_device_properties_t;

/**
 * @brief Fill @p properties for @p device. A query: no device work.
 *
 * @param[in] device the ordinal of the device.
 * @param[in,out] properties in: @c struct_size, sizeof(ga_device_properties_t) as the caller knows
 *        it; out: every field that @c struct_size covers (@c struct_size itself stays the caller's).
 *        Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT if @p properties is NULL or its struct_size is
 *         smaller than the offset of @c name; ::GA_ERROR_NO_DEVICE for an ordinal that does not
 *         exist; ::GA_ERROR_CUDA if the driver cannot be queried.
 */
GA_API ga_status_t ga_device_get_properties(int device, ga_device_properties_t *properties);

/**
 * @brief Any device attribute, by its numeric `cudaDeviceAttr` value (e.g. 16 for the SM count).
 *        A query: no device work.
 *
 * @param[in] device the ordinal of the device.
 * @param[in] attribute a `cudaDeviceAttr` value.
 * @param[out] value receives the attribute's value; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown attribute or a NULL @p value;
 *         ::GA_ERROR_NO_DEVICE for an ordinal that does not exist.
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
 * @brief Create a stream on the calling thread's current device. No device work.
 *
 * @param[in] flags a combination of ::ga_stream_flags_t.
 * @param[in] priority lower numbers are higher priority; values outside the device's range are
 *        clamped by CUDA. 0 is the default priority.
 * @param[out] stream receives a new handle owned by the caller (ga_stream_release()); written only
 *        on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for unknown flags or a NULL @p stream;
 *         ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA if CUDA cannot create the stream.
 */
GA_API ga_status_t ga_stream_create(unsigned flags, int priority, ga_stream_t *stream);

/**
 * @brief Wrap an existing `cudaStream_t` (passed as a pointer) of @p device without taking
 *        ownership: releasing the handle never destroys the CUDA stream, which must outlive it.
 *        No device work.
 *
 * @param[in] cuda_stream the `cudaStream_t`; NULL wraps the legacy default stream, `(void*)2` the
 *        per-thread default stream.
 * @param[in] device the ordinal of the device @p cuda_stream belongs to.
 * @param[out] stream receives a new handle owned by the caller (ga_stream_release()); written only
 *        on success.
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE for a bad ordinal; ::GA_ERROR_INVALID_ARGUMENT for a NULL
 *         @p stream.
 */
GA_API ga_status_t ga_stream_wrap(void *cuda_stream, int device, ga_stream_t *stream);

/**
 * @brief A new reference to the calling thread's current stream of its current device (the legacy
 *        default stream unless ga_stream_set_current() chose another). No device work.
 *
 * @param[out] stream receives a new reference the caller releases (ga_stream_release()); written
 *        only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p stream; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_stream_get_current(ga_stream_t *stream);

/**
 * @brief Make @p stream the calling thread's current stream for the stream's device. The thread
 *        keeps its own reference. A host-side setting: no device work.
 *
 * @param[in] stream the stream; NULL restores the legacy default stream of the current device.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a released handle; ::GA_ERROR_NO_DEVICE.
 */
GA_API ga_status_t ga_stream_set_current(ga_stream_t stream);

/**
 * @brief Wait on the host until all work queued on @p stream has finished.
 *
 * @param[in] stream the stream; NULL: the calling thread's current stream.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a released handle; ::GA_ERROR_NO_DEVICE;
 *         ::GA_ERROR_CUDA when work queued earlier failed (an asynchronous fault surfaces here).
 */
GA_API ga_status_t ga_stream_synchronize(ga_stream_t stream);

/**
 * @brief Whether all work queued on @p stream has finished, without waiting. No device work.
 *
 * @param[in] stream the stream; NULL: the calling thread's current stream.
 * @param[out] finished receives 1 for finished, 0 for still running; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p finished; ::GA_ERROR_INVALID_HANDLE
 *         for a released handle; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA when work queued earlier
 *         failed.
 */
GA_API ga_status_t ga_stream_query(ga_stream_t stream, int *finished);

/**
 * @brief Make later work on @p stream wait for @p event (its last record), without blocking the
 *        host. The wait is device work, queued on @p stream.
 *
 * @param[in] stream the stream that waits; NULL: the calling thread's current stream.
 * @param[in] event the event waited for; it may belong to another device.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL @p event or a released handle;
 *         ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_stream_wait_event(ga_stream_t stream, ga_event_t event);

/**
 * @brief The underlying `cudaStream_t` of @p stream, as a pointer. No device work.
 *
 * @param[in] stream the stream (not NULL).
 * @param[out] cuda_stream receives the `cudaStream_t` (NULL for the legacy default stream), which
 *        stays garray's (or the wrapper's owner's): the caller must not destroy it. Written only on
 *        success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p cuda_stream;
 *         ::GA_ERROR_INVALID_HANDLE for a NULL or released @p stream.
 */
GA_API ga_status_t ga_stream_native(ga_stream_t stream, void **cuda_stream);

/**
 * @brief The device ordinal @p stream belongs to. No device work.
 *
 * @param[in] stream the stream (not NULL).
 * @param[out] device receives the ordinal; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p device; ::GA_ERROR_INVALID_HANDLE for
 *         a NULL or released @p stream.
 */
GA_API ga_status_t ga_stream_device(ga_stream_t stream, int *device);

/**
 * @brief Add a reference to @p stream. No device work.
 *
 * @param[in] stream the stream (not NULL).
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_stream_retain(ga_stream_t stream);

/**
 * @brief Drop a reference; the last one destroys a stream garray created (after its queued work is
 *        done, as cudaStreamDestroy does; the call does not wait) and only forgets a wrapped one.
 *        No device work.
 *
 * @param[in] stream the stream (not NULL).
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
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

/**
 * @brief Create an event on the calling thread's current device. No device work.
 *
 * @param[in] flags a combination of ::ga_event_flags_t.
 * @param[out] event receives a new handle owned by the caller (ga_event_release()); written only
 *        on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for unknown flags or a NULL @p event;
 *         ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA if CUDA cannot create the event.
 */
GA_API ga_status_t ga_event_create(unsigned flags, ga_event_t *event);

/**
 * @brief Record @p event on @p stream: the event completes when the work queued on @p stream
 *        before this call has finished. The record is device work, queued on @p stream.
 *
 * @param[in] event the event.
 * @param[in] stream the stream; NULL: the calling thread's current stream.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL @p event or a released handle;
 *         ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA (for instance a stream of another device than the
 *         event's).
 */
GA_API ga_status_t ga_event_record(ga_event_t event, ga_stream_t stream);

/**
 * @brief Wait on the host until the work before the event's last record has finished.
 *
 * @param[in] event the event.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle; ::GA_ERROR_CUDA when
 *         the work failed.
 */
GA_API ga_status_t ga_event_synchronize(ga_event_t event);

/**
 * @brief Whether the work before the event's last record has finished, without waiting. No device
 *        work.
 *
 * @param[in] event the event.
 * @param[out] finished receives 1 if it has finished, else 0; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p finished; ::GA_ERROR_INVALID_HANDLE
 *         for a NULL or released @p event; ::GA_ERROR_CUDA when the work failed.
 */
GA_API ga_status_t ga_event_query(ga_event_t event, int *finished);

/**
 * @brief Milliseconds between two recorded events. No device work.
 *
 * @param[in] start the earlier event.
 * @param[in] end the later event.
 * @param[out] milliseconds receives the time from @p start to @p end; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT if either was created with
 *         ::GA_EVENT_DISABLE_TIMING or was never recorded, or for a NULL @p milliseconds;
 *         ::GA_ERROR_INVALID_HANDLE for a NULL or released event; ::GA_ERROR_CUDA if not yet
 *         complete.
 */
GA_API ga_status_t ga_event_elapsed_ms(ga_event_t start, ga_event_t end, float *milliseconds);

/**
 * @brief The underlying `cudaEvent_t` as a pointer. No device work.
 *
 * @param[in] event the event.
 * @param[out] cuda_event receives the `cudaEvent_t`, which stays garray's: the caller must not
 *        destroy it. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for a NULL @p cuda_event;
 *         ::GA_ERROR_INVALID_HANDLE for a NULL or released @p event.
 */
GA_API ga_status_t ga_event_native(ga_event_t event, void **cuda_event);

/**
 * @brief Add a reference to @p event. No device work.
 *
 * @param[in] event the event.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_event_retain(ga_event_t event);

/**
 * @brief Drop a reference; the last one destroys the event. No device work.
 *
 * @param[in] event the event.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released handle.
 */
GA_API ga_status_t ga_event_release(ga_event_t event);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_RUNTIME_H */
