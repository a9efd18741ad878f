#include "core/ops/launch.hpp"

#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>
#include <functional>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace garray {

namespace {

// Resident blocks per SM that a grid-stride loop aims for: enough warps in flight to cover memory
// latency on every current architecture.
constexpr std::int64_t kBlocksPerMultiprocessor = 8;

// The loaded kernel of a memoized GeneratedKernel on `device`, found by the kernel's address.
jit::KernelRef loaded_kernel(const GeneratedKernel& kernel, int device) {
  struct Key {
    const GeneratedKernel* kernel;
    int device;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& key) const noexcept {
      return std::hash<const void*>()(key.kernel) ^ (static_cast<std::size_t>(key.device) << 1);
    }
  };
  static std::shared_mutex mutex;
  static auto* loaded = new std::unordered_map<Key, jit::KernelRef, KeyHash>;  // outlives static teardown
  const Key key{&kernel, device};
  {
    std::shared_lock lock(mutex);
    if (const auto found = loaded->find(key); found != loaded->end()) return found->second;
  }
  const std::string source = jit::with_preamble(kernel.source, kernel.name + ".cu");
  jit::KernelRef compiled = jit::get_kernel(source, kernel.name, {}, device);
  std::unique_lock lock(mutex);
  return loaded->try_emplace(key, std::move(compiled)).first->second;
}

}  // namespace

void launch_generated(const GeneratedKernel& kernel, dim3 grid, dim3 block, const StreamRef& stream,
                      void** arguments) {
  loaded_kernel(kernel, stream->device())->launch(jit::LaunchConfig{grid, block, 0}, arguments, stream->native());
}

unsigned grid_stride_blocks(std::int64_t count, int threads, int device) {
  const std::int64_t needed = (count + threads - 1) / threads;
  const std::int64_t resident = kBlocksPerMultiprocessor * multiprocessor_count(device);
  return static_cast<unsigned>(std::max<std::int64_t>(1, std::min(needed, resident)));
}

}  // namespace garray
