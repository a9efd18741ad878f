#include "core/ops/launch.hpp"

#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>

namespace garray {

namespace {

// Resident blocks per SM that a grid-stride loop aims for: enough warps in flight to cover memory
// latency on every current architecture.
constexpr std::int64_t kBlocksPerMultiprocessor = 8;

}  // namespace

void launch_generated(const GeneratedKernel& kernel, dim3 grid, dim3 block, const StreamRef& stream,
                      void** arguments) {
  const std::string source = jit::with_preamble(kernel.source, kernel.name + ".cu");
  const jit::KernelRef compiled = jit::get_kernel(source, kernel.name, {}, stream->device());
  compiled->launch(jit::LaunchConfig{grid, block, 0}, arguments, stream->native());
}

unsigned grid_stride_blocks(std::int64_t count, int threads, int device) {
  const std::int64_t needed = (count + threads - 1) / threads;
  const std::int64_t resident = kBlocksPerMultiprocessor * multiprocessor_count(device);
  return static_cast<unsigned>(std::max<std::int64_t>(1, std::min(needed, resident)));
}

}  // namespace garray
