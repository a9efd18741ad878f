#include "core/ops/launch.hpp"

#include "core/common/error.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"

#include <algorithm>
#include <functional>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>

namespace garray {

namespace {

// CUDA's limit on gridDim.x.
constexpr std::int64_t kMaxGridBlocks = 2147483647;

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
  jit::KernelRef compiled = jit::get_kernel(source, kernel.name, jit::generated_source_options(), device);
  std::unique_lock lock(mutex);
  return loaded->try_emplace(key, std::move(compiled)).first->second;
}

}  // namespace

void launch_generated(const GeneratedKernel& kernel, dim3 grid, dim3 block, const StreamRef& stream,
                      void** arguments) {
  loaded_kernel(kernel, stream->device())->launch(jit::LaunchConfig{grid, block, 0}, arguments, stream->native());
}

unsigned grid_stride_blocks(std::int64_t count, int threads) {
  const std::int64_t needed = (count + threads - 1) / threads;
  return static_cast<unsigned>(std::clamp<std::int64_t>(needed, 1, kMaxGridBlocks));
}

unsigned single_pass_blocks(std::int64_t elements, std::int64_t elements_per_block) {
  const std::int64_t needed = (elements + elements_per_block - 1) / elements_per_block;
  GA_REQUIRE(needed <= kMaxGridBlocks, GA_ERROR_INVALID_ARGUMENT,
             "an operation over " + std::to_string(elements) + " elements needs more blocks than one launch has");
  return static_cast<unsigned>(std::max<std::int64_t>(1, needed));
}

}  // namespace garray
