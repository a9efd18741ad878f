// Devices: count, the calling thread's current device, properties.
#pragma once

#include <garray/runtime.h>

namespace garray {

// Number of visible devices; 0 when there is no device or driver. Cached after the first call.
int device_count() noexcept;

// Throws Error(GA_ERROR_NO_DEVICE) unless `device` names a visible device.
void require_device(int device);

// The calling thread's current device; throws GA_ERROR_NO_DEVICE on a machine without one.
int current_device();
void set_current_device(int device);
void synchronize_current_device();

// Fills at most properties->struct_size bytes of `properties`.
void get_device_properties(int device, ga_device_properties_t* properties);
int get_device_attribute(int device, int attribute);

// The device's SM count, cached: launch configurations ask for it on every kernel launch.
int multiprocessor_count(int device);

// Whether the device has thread-block clusters and launches dependent kernels early (compute capability 9.0 and
// newer), cached: the factorizations ask on every call.
bool has_thread_block_clusters(int device);

// The threads the device keeps resident at once (SMs times threads per SM), cached: the size of a
// grid that fills it in one wave.
int resident_threads(int device);

// Makes `device` current for the lifetime of the guard and restores the previous one after.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_;
  bool switched_;
};

}  // namespace garray
