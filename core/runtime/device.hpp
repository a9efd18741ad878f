// Devices: count, the calling thread's current device, properties.
#pragma once

#include <garray/runtime.h>

#include <cstddef>
#include <string>

namespace garray {

// Number of visible devices; 0 when there is no device or driver. Cached after the first call.
int device_count() noexcept;

// Throws Error(GA_ERROR_NO_DEVICE) unless `device` names a visible device.
void require_device(int device);

// The calling thread's current device; throws GA_ERROR_NO_DEVICE on a machine without one.
int current_device();
void set_current_device(int device);
void synchronize_current_device();

// What the driver reports of a device (the fields of ga_device_properties_t, which capi fills from
// these).
struct DeviceProperties {
  std::string name;
  int major = 0;
  int minor = 0;
  int multiprocessor_count = 0;
  std::size_t total_memory = 0;
  std::size_t free_memory = 0;  // at the time of the query
  int max_threads_per_block = 0;
  int max_threads_per_multiprocessor = 0;
  int warp_size = 0;
  int l2_cache_size = 0;
  std::size_t shared_memory_per_block = 0;
  std::size_t shared_memory_per_block_optin = 0;
  std::size_t shared_memory_per_multiprocessor = 0;
  int registers_per_block = 0;
  int clock_rate_khz = 0;
  int memory_clock_rate_khz = 0;
  int memory_bus_width_bits = 0;
  int pci_bus_id = 0;
  int pci_device_id = 0;
  int pci_domain_id = 0;
  bool integrated = false;
  bool concurrent_managed_access = false;
};

// Throws GA_ERROR_NO_DEVICE for an ordinal that does not exist.
DeviceProperties device_properties(int device);
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
