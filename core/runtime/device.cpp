#include "core/runtime/device.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <string>

namespace garray {

namespace {

constexpr int kMaxCachedDevices = 64;

int probe_device_count() noexcept {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

}  // namespace

int device_count() noexcept {
  static const int count = probe_device_count();
  return count;
}

void require_device(int device) {
  const int count = device_count();
  if (count == 0) {
    throw Error(GA_ERROR_NO_DEVICE, "no CUDA device is available (no GPU or no driver)");
  }
  if (device < 0 || device >= count) {
    throw Error(GA_ERROR_NO_DEVICE, "device " + std::to_string(device) + " does not exist (" +
                                        std::to_string(count) + " visible)");
  }
}

int current_device() {
  require_device(0);
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  return device;
}

void set_current_device(int device) {
  require_device(device);
  check_cuda(cudaSetDevice(device), "cudaSetDevice");
}

void synchronize_current_device() {
  require_device(0);
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

DeviceProperties device_properties(int device) {
  require_device(device);
  cudaDeviceProp prop{};
  check_cuda(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  size_t free_bytes = 0;
  size_t total_bytes = 0;
  {
    DeviceGuard guard(device);
    check_cuda(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  }
  auto attribute = [&](cudaDeviceAttr which) { return get_device_attribute(device, which); };

  DeviceProperties properties;
  properties.name.assign(prop.name, std::find(prop.name, prop.name + sizeof(prop.name), '\0'));
  properties.major = prop.major;
  properties.minor = prop.minor;
  properties.multiprocessor_count = prop.multiProcessorCount;
  properties.total_memory = prop.totalGlobalMem;
  properties.free_memory = free_bytes;
  properties.max_threads_per_block = prop.maxThreadsPerBlock;
  properties.max_threads_per_multiprocessor = prop.maxThreadsPerMultiProcessor;
  properties.warp_size = prop.warpSize;
  properties.l2_cache_size = prop.l2CacheSize;
  properties.shared_memory_per_block = prop.sharedMemPerBlock;
  properties.shared_memory_per_block_optin = prop.sharedMemPerBlockOptin;
  properties.shared_memory_per_multiprocessor = prop.sharedMemPerMultiprocessor;
  properties.registers_per_block = prop.regsPerBlock;
  properties.clock_rate_khz = attribute(cudaDevAttrClockRate);
  properties.memory_clock_rate_khz = attribute(cudaDevAttrMemoryClockRate);
  properties.memory_bus_width_bits = prop.memoryBusWidth;
  properties.pci_bus_id = prop.pciBusID;
  properties.pci_device_id = prop.pciDeviceID;
  properties.pci_domain_id = prop.pciDomainID;
  properties.integrated = prop.integrated != 0;
  properties.concurrent_managed_access = prop.concurrentManagedAccess != 0;
  return properties;
}

int get_device_attribute(int device, int attribute) {
  require_device(device);
  int value = 0;
  const cudaError_t code =
      cudaDeviceGetAttribute(&value, static_cast<cudaDeviceAttr>(attribute), device);
  if (code == cudaErrorInvalidValue) {
    cudaGetLastError();
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "attribute " + std::to_string(attribute) + " is not a cudaDeviceAttr value");
  }
  check_cuda(code, "cudaDeviceGetAttribute");
  return value;
}

namespace {

// `kAttribute` of `device`, read once per device (the attributes cached here are never 0).
template <cudaDeviceAttr kAttribute>
int cached_attribute(int device) {
  require_device(device);
  static std::atomic<int> cached[kMaxCachedDevices] = {};
  if (device >= kMaxCachedDevices) return get_device_attribute(device, kAttribute);
  int value = cached[device].load(std::memory_order_relaxed);
  if (value == 0) {
    value = get_device_attribute(device, kAttribute);
    cached[device].store(value, std::memory_order_relaxed);
  }
  return value;
}

}  // namespace

int multiprocessor_count(int device) { return cached_attribute<cudaDevAttrMultiProcessorCount>(device); }

bool has_thread_block_clusters(int device) {
  return cached_attribute<cudaDevAttrComputeCapabilityMajor>(device) >= 9;
}

int resident_threads(int device) {
  return multiprocessor_count(device) * cached_attribute<cudaDevAttrMaxThreadsPerMultiProcessor>(device);
}

DeviceGuard::DeviceGuard(int device) : previous_(current_device()), switched_(device != previous_) {
  if (switched_) set_current_device(device);
}

DeviceGuard::~DeviceGuard() {
  if (switched_) cudaSetDevice(previous_);
}

}  // namespace garray
