// A kernel ready to launch on one device, and its launch.
#pragma once

#include "core/jit/loaded_library.hpp"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string_view>

namespace garray::jit {

struct LaunchConfig {
  dim3 grid;
  dim3 block;
  std::size_t dynamic_shared_memory_bytes = 0;
  // Programmatic dependent launch (sm_90 and newer; ignored before): the kernel may be scheduled
  // while the previous kernel on the stream still runs, once that one's blocks have all executed
  // `griddepcontrol.launch_dependents` (or exited); it must execute `griddepcontrol.wait` before
  // reading anything the previous kernel writes. Hides the launch gap of a short follow-up kernel.
  bool overlaps_previous = false;
};

class Kernel {
 public:
  // The kernel `name` of `library`; throws Error(GA_ERROR_INVALID_ARGUMENT) if it has none.
  Kernel(LoadedLibraryRef library, std::string_view name);
  Kernel(const Kernel&) = delete;
  Kernel& operator=(const Kernel&) = delete;

  int device() const noexcept { return library_->device(); }
  cudaKernel_t native() const noexcept { return native_; }

  // Queues the kernel on `stream`, a stream of device() (nullptr: that device's legacy default
  // stream). `arguments` holds one pointer per kernel parameter, to a value of the parameter's
  // type, as cudaLaunchKernel takes them. Dynamic shared memory beyond the 48 KiB every kernel may
  // use is opted into on the first launch that asks for it. Asynchronous: errors of the kernel
  // itself surface at a later synchronisation. Throws Error(GA_ERROR_CUDA) when the launch is
  // refused.
  void launch(const LaunchConfig& config, void** arguments, cudaStream_t stream) const;
  // The most threads a block of this kernel may have on its device (fewer than 1024 where it
  // needs many registers).
  int max_threads_per_block() const;

 private:
  void allow_dynamic_shared_memory(std::size_t bytes) const;

  LoadedLibraryRef library_;  // keeps the library loaded while the kernel can be launched
  cudaKernel_t native_;
  // The most dynamic shared memory the kernel may use on its device as configured so far. Read
  // without a lock on every launch; raised under the mutex, so that the attribute only grows.
  mutable std::atomic<std::size_t> dynamic_shared_memory_allowed_;
  mutable std::mutex raise_dynamic_shared_memory_;
  mutable std::atomic<int> max_threads_per_block_{0};  // 0 until first asked
};

using KernelRef = std::shared_ptr<const Kernel>;

}  // namespace garray::jit
