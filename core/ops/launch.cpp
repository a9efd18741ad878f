#include "core/ops/launch.hpp"

#include "core/common/error.hpp"
#include "core/common/insert_only_map.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"

#include <algorithm>
#include <functional>
#include <string>

namespace garray {

namespace {

// CUDA's limit on gridDim.x.
constexpr std::int64_t kMaxGridBlocks = 2147483647;

// The loaded kernel of a memoized GeneratedKernel on `device`, found by the kernel's address.
const jit::KernelRef& loaded_kernel(const GeneratedKernel& kernel, int device) {
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
  static auto* loaded = new InsertOnlyMap<Key, jit::KernelRef, KeyHash>;  // outlives static teardown
  return loaded->find_or_insert(Key{&kernel, device}, [&] {
    return jit::get_kernel(jit::with_preamble(kernel.source, kernel.name + ".cu"), kernel.name,
                           jit::generated_source_options(), device);
  });
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
