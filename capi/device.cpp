#include <garray/runtime.h>

#include "capi/guard.hpp"
#include "core/common/versioned_struct.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

using garray::capi::guarded;
using garray::capi::require_out;

namespace {

// The public, versioned struct of the core's properties.
ga_device_properties_t public_properties(const garray::DeviceProperties& properties) {
  ga_device_properties_t filled{};
  const std::size_t name_bytes = std::min(properties.name.size(), sizeof(filled.name) - 1);
  std::memcpy(filled.name, properties.name.data(), name_bytes);
  filled.major = properties.major;
  filled.minor = properties.minor;
  filled.multiprocessor_count = properties.multiprocessor_count;
  filled.total_memory = properties.total_memory;
  filled.free_memory = properties.free_memory;
  filled.max_threads_per_block = properties.max_threads_per_block;
  filled.max_threads_per_multiprocessor = properties.max_threads_per_multiprocessor;
  filled.warp_size = properties.warp_size;
  filled.l2_cache_size = properties.l2_cache_size;
  filled.shared_memory_per_block = properties.shared_memory_per_block;
  filled.shared_memory_per_block_optin = properties.shared_memory_per_block_optin;
  filled.shared_memory_per_multiprocessor = properties.shared_memory_per_multiprocessor;
  filled.registers_per_block = properties.registers_per_block;
  filled.clock_rate_khz = properties.clock_rate_khz;
  filled.memory_clock_rate_khz = properties.memory_clock_rate_khz;
  filled.memory_bus_width_bits = properties.memory_bus_width_bits;
  filled.pci_bus_id = properties.pci_bus_id;
  filled.pci_device_id = properties.pci_device_id;
  filled.pci_domain_id = properties.pci_domain_id;
  filled.integrated = properties.integrated ? 1 : 0;
  filled.concurrent_managed_access = properties.concurrent_managed_access ? 1 : 0;
  return filled;
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_device_count(int* count) {
  return guarded(__func__, [&] {
    require_out(count, "count");
    *count = garray::device_count();
  });
}

GA_API ga_status_t ga_device_get_current(int* device) {
  return guarded(__func__, [&] {
    require_out(device, "device");
    *device = garray::current_device();
  });
}

GA_API ga_status_t ga_device_set_current(int device) {
  return guarded(__func__, [&] { garray::set_current_device(device); });
}

GA_API ga_status_t ga_device_synchronize(void) {
  return guarded(__func__, [&] { garray::synchronize_current_device(); });
}

GA_API ga_status_t ga_device_get_properties(int device, ga_device_properties_t* properties) {
  return guarded(__func__, [&] {
    garray::require_versioned_struct(properties, offsetof(ga_device_properties_t, name), "properties",
                                     "ga_device_properties_t");
    garray::write_versioned_struct(properties, public_properties(garray::device_properties(device)));
  });
}

GA_API ga_status_t ga_device_get_attribute(int device, int attribute, int* value) {
  return guarded(__func__, [&] {
    require_out(value, "value");
    *value = garray::get_device_attribute(device, attribute);
  });
}

}  // extern "C"
