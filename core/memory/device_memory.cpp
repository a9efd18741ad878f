#include "core/memory/device_memory.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/memory/memory_environment.hpp"
#include "core/memory/unknown_pointer.hpp"
#include "core/runtime/device.hpp"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace garray {

namespace {

class DeviceMemoryRegistry {
 public:
  static DeviceMemoryRegistry& instance() {
    static DeviceMemoryRegistry* registry =
        new DeviceMemoryRegistry(device_count());  // never destroyed
    return *registry;
  }

  DeviceMemory* find(int device) const noexcept {
    if (device < 0 || device >= count_) return nullptr;
    return slots_[static_cast<std::size_t>(device)].load(std::memory_order_acquire);
  }

  template <class Create>
  DeviceMemory& find_or_create(int device, Create&& create) {
    if (DeviceMemory* memory = find(device)) return *memory;
    std::lock_guard lock(creation_mutex_);
    std::atomic<DeviceMemory*>& slot = slots_[static_cast<std::size_t>(device)];
    if (DeviceMemory* memory = slot.load(std::memory_order_relaxed)) return *memory;
    DeviceMemory* memory = create();
    slot.store(memory, std::memory_order_release);
    return *memory;
  }

 private:
  explicit DeviceMemoryRegistry(int count)
      : count_(count), slots_(new std::atomic<DeviceMemory*>[static_cast<std::size_t>(count)]()) {}

  int count_;
  std::unique_ptr<std::atomic<DeviceMemory*>[]> slots_;
  std::mutex creation_mutex_;
};

std::size_t total_memory(int device) {
  DeviceGuard guard(device);
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  check_cuda(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  return total_bytes;
}

const char* backend_name(ga_memory_backend_t backend) {
  return backend == GA_MEMORY_BACKEND_ASYNC ? "cudaMallocAsync" : "the caller's allocator";
}

}  // namespace

DeviceMemory& DeviceMemory::of(int device) {
  require_device(device);
  return DeviceMemoryRegistry::instance().find_or_create(
      device, [device] { return new DeviceMemory(device); });
}

DeviceMemory* DeviceMemory::find(int device) noexcept {
  return device_count() == 0 ? nullptr : DeviceMemoryRegistry::instance().find(device);
}

DeviceMemory::DeviceMemory(int device)
    : device_(device),
      upstream_(device),
      pool_(upstream_, ordering_, "device " + std::to_string(device)) {
  if (const char* text = std::getenv("GA_GPU_MEMORY_LIMIT"); text != nullptr && *text != '\0') {
    set_limit(parse_memory_limit(text, total_memory(device)));
  }
  if (const char* text = std::getenv("GA_MEMORY_BACKEND"); text != nullptr && *text != '\0') {
    backend_ = parse_memory_backend(text);
    if (backend_ == GA_MEMORY_BACKEND_ASYNC) require_async_supported();
  }
}

void* DeviceMemory::allocate(std::size_t bytes, const StreamRef& stream) {
  std::shared_lock lock(backend_mutex_);
  if (backend_ == GA_MEMORY_BACKEND_POOL) {
    return pool_.allocate(bytes, allocation_stream_id(*stream));
  }
  if (bytes == 0) return nullptr;
  void* ptr = allocate_outside_pool(bytes, *stream);
  bool admitted = false;
  try {
    admitted = outside_pool_.admit(ptr, bytes);
  } catch (...) {
    release_outside_pool(ptr, bytes, *stream);
    throw;
  }
  if (!admitted) {
    release_outside_pool(ptr, bytes, *stream);
    const MemoryStats held = outside_pool_.stats();
    throw Error(GA_ERROR_OUT_OF_MEMORY,
                "device " + std::to_string(device_) + ": allocating " + std::to_string(bytes) +
                    " bytes would pass the limit of " + std::to_string(held.limit_bytes) +
                    " bytes: " + std::to_string(held.used_bytes) + " bytes in use, 0 bytes cached");
  }
  return ptr;
}

void* DeviceMemory::allocate_outside_pool(std::size_t bytes, const Stream& stream) {
  void* ptr = nullptr;
  if (backend_ == GA_MEMORY_BACKEND_ASYNC) {
    DeviceGuard guard(device_);
    const cudaError_t code = cudaMallocAsync(&ptr, bytes, stream.native());
    if (code == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      ptr = nullptr;
    } else {
      check_cuda(code, "cudaMallocAsync");
    }
  } else {
    ptr = hooks_.allocate(hooks_.context, bytes, device_, stream.native());
  }
  if (ptr == nullptr) {
    throw Error(GA_ERROR_OUT_OF_MEMORY,
                "device " + std::to_string(device_) + ": " + backend_name(backend_) +
                    " is out of memory allocating " + std::to_string(bytes) +
                    " bytes: " + std::to_string(outside_pool_.stats().used_bytes) +
                    " bytes in use, 0 bytes cached");
  }
  return ptr;
}

bool DeviceMemory::deallocate(void* ptr, const StreamRef& stream) {
  std::shared_lock lock(backend_mutex_);
  if (pool_.deallocate(ptr, freeing_stream(stream))) return true;
  const std::optional<std::size_t> bytes = outside_pool_.remove(ptr);
  if (!bytes) return false;
  release_outside_pool(ptr, *bytes, *stream);
  return true;
}

// Blocks outside the pool come from the backend in force: it changes only while none is in use.
void DeviceMemory::release_outside_pool(void* ptr, std::size_t bytes, const Stream& stream) {
  if (backend_ == GA_MEMORY_BACKEND_ASYNC) {
    DeviceGuard guard(device_);
    check_cuda(cudaFreeAsync(ptr, stream.native()), "cudaFreeAsync");
    return;
  }
  hooks_.deallocate(hooks_.context, ptr, bytes, device_, stream.native());
}

bool DeviceMemory::owns(const void* ptr) const {
  std::shared_lock lock(backend_mutex_);
  return pool_.owns(ptr) || outside_pool_.contains(ptr);
}

MemoryStats DeviceMemory::stats() const {
  std::shared_lock lock(backend_mutex_);
  return backend_ == GA_MEMORY_BACKEND_POOL ? pool_.stats() : outside_pool_.stats();
}

void DeviceMemory::reset_peak() {
  pool_.reset_peak();
  outside_pool_.reset_peak();
}

void DeviceMemory::free_all_blocks() {
  std::shared_lock lock(backend_mutex_);
  pool_.release_cached();
  if (backend_ != GA_MEMORY_BACKEND_ASYNC) return;
  // cudaMallocAsync's pool keeps freed memory too; trimming releases only what the host has seen
  // complete, hence the synchronisation.
  DeviceGuard guard(device_);
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  cudaMemPool_t async_pool = nullptr;
  check_cuda(cudaDeviceGetMemPool(&async_pool, device_), "cudaDeviceGetMemPool");
  check_cuda(cudaMemPoolTrimTo(async_pool, 0), "cudaMemPoolTrimTo");
}

void DeviceMemory::set_limit(std::size_t bytes) {
  pool_.set_limit(bytes);
  outside_pool_.set_limit(bytes);
}

std::size_t DeviceMemory::limit() const { return pool_.limit(); }

void DeviceMemory::set_backend(ga_memory_backend_t backend) {
  GA_REQUIRE_ARGUMENT(
      backend != GA_MEMORY_BACKEND_CUSTOM,
      "GA_MEMORY_BACKEND_CUSTOM is chosen by installing hooks with ga_memory_set_allocator()");
  GA_REQUIRE_ARGUMENT(backend == GA_MEMORY_BACKEND_POOL || backend == GA_MEMORY_BACKEND_ASYNC,
                   "backend " + std::to_string(static_cast<int>(backend)) +
                       " is not a ga_memory_backend_t value");
  if (backend == GA_MEMORY_BACKEND_ASYNC) require_async_supported();
  std::unique_lock lock(backend_mutex_);
  require_nothing_in_use("change the backend");
  pool_.release_cached();
  backend_ = backend;
  hooks_ = ga_allocator_t{};
}

ga_memory_backend_t DeviceMemory::backend() const {
  std::shared_lock lock(backend_mutex_);
  return backend_;
}

void DeviceMemory::set_allocator(const ga_allocator_t* allocator) {
  if (allocator != nullptr) {
    GA_REQUIRE_ARGUMENT(allocator->struct_size >= sizeof(ga_allocator_t),
                     "allocator->struct_size (" + std::to_string(allocator->struct_size) +
                         ") is too small; set it to sizeof(ga_allocator_t)");
    GA_REQUIRE_ARGUMENT(allocator->allocate != nullptr && allocator->deallocate != nullptr,
                     "allocator->allocate and allocator->deallocate must both be set");
  }
  std::unique_lock lock(backend_mutex_);
  require_nothing_in_use("change the allocator");
  pool_.release_cached();
  backend_ = allocator != nullptr ? GA_MEMORY_BACKEND_CUSTOM : GA_MEMORY_BACKEND_POOL;
  hooks_ = allocator != nullptr ? *allocator : ga_allocator_t{};
}

void DeviceMemory::require_async_supported() const {
  GA_REQUIRE(get_device_attribute(device_, cudaDevAttrMemoryPoolsSupported) != 0, GA_ERROR_UNSUPPORTED,
          "device " + std::to_string(device_) + " does not support cudaMallocAsync (memory pools)");
}

void DeviceMemory::require_nothing_in_use(const char* change) const {
  const std::uint64_t in_use = pool_.stats().allocations + outside_pool_.count();
  GA_REQUIRE_ARGUMENT(in_use == 0, "cannot " + std::string(change) + " of device " +
                                    std::to_string(device_) + " while " + std::to_string(in_use) +
                                    " of its blocks are in use");
}

void* allocate_device_memory(std::size_t bytes, const StreamRef& stream) {
  return DeviceMemory::of(stream->device()).allocate(bytes, stream);
}

void free_device_memory(void* ptr, const StreamRef& stream) {
  const int likely_device = stream ? stream->device() : current_device();
  if (ptr == nullptr) return;
  DeviceMemory* likely = DeviceMemory::find(likely_device);
  if (likely != nullptr && likely->deallocate(ptr, stream ? stream : current_stream(likely_device))) {
    return;
  }
  for (int device = 0; device < device_count(); ++device) {
    DeviceMemory* memory = DeviceMemory::find(device);
    if (device == likely_device || memory == nullptr || !memory->owns(ptr)) continue;
    GA_REQUIRE_ARGUMENT(!stream, "the block belongs to device " + std::to_string(device) +
                                  " but the stream to device " + std::to_string(likely_device));
    if (memory->deallocate(ptr, current_stream(device))) return;
  }
  throw_unknown_pointer(ptr, "ga_memory_allocate");
}

}  // namespace garray
