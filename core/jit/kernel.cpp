#include "core/jit/kernel.hpp"

#include "core/common/cuda_check.hpp"
#include "core/runtime/device.hpp"

namespace garray::jit {

namespace {

// Every architecture lets a block use this much dynamic shared memory without opting in.
constexpr std::size_t kDefaultDynamicSharedMemoryBytes = 48 * 1024;

}  // namespace

Kernel::Kernel(LoadedLibraryRef library, std::string_view name)
    : library_(std::move(library)),
      native_(library_->kernel(name)),
      dynamic_shared_memory_allowed_(kDefaultDynamicSharedMemoryBytes) {}

void Kernel::allow_dynamic_shared_memory(std::size_t bytes) const {
  if (bytes <= dynamic_shared_memory_allowed_.load(std::memory_order_acquire)) return;
  std::lock_guard lock(raise_dynamic_shared_memory_);
  if (bytes <= dynamic_shared_memory_allowed_.load(std::memory_order_relaxed)) return;
  check_cuda(cudaKernelSetAttributeForDevice(native_, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             static_cast<int>(bytes), device()),
             "cudaKernelSetAttributeForDevice(cudaFuncAttributeMaxDynamicSharedMemorySize)");
  dynamic_shared_memory_allowed_.store(bytes, std::memory_order_release);
}

int Kernel::max_threads_per_block() const {
  int threads = max_threads_per_block_.load(std::memory_order_relaxed);
  if (threads == 0) {
    DeviceGuard guard(device());
    cudaFuncAttributes attributes{};
    check_cuda(cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(native_)), "cudaFuncGetAttributes");
    threads = attributes.maxThreadsPerBlock;
    max_threads_per_block_.store(threads, std::memory_order_relaxed);
  }
  return threads;
}

void Kernel::launch(const LaunchConfig& config, void** arguments, cudaStream_t stream) const {
  DeviceGuard guard(device());
  allow_dynamic_shared_memory(config.dynamic_shared_memory_bytes);
  cudaLaunchConfig_t launch{};
  launch.gridDim = config.grid;
  launch.blockDim = config.block;
  launch.dynamicSmemBytes = config.dynamic_shared_memory_bytes;
  launch.stream = stream;
  cudaLaunchAttribute overlap{};
  if (config.overlaps_previous) {
    overlap.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    overlap.val.programmaticStreamSerializationAllowed = 1;
    launch.attrs = &overlap;
    launch.numAttrs = 1;
  }
  // A cudaKernel_t is launched by passing it where a kernel's address goes, cast to const void*,
  // as the runtime's own cudaLaunchKernelEx(config, cudaKernel_t, args...) does in cuda_runtime.h.
  check_cuda(cudaLaunchKernelExC(&launch, reinterpret_cast<const void*>(native_), arguments),
             "cudaLaunchKernelExC");
}

}  // namespace garray::jit
