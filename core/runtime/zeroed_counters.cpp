#include "core/runtime/zeroed_counters.hpp"

#include "core/common/cuda_check.hpp"
#include "core/runtime/device.hpp"

#include <mutex>
#include <vector>

namespace garray {

namespace {

struct RetiredCounters {
  int device;
  ZeroedCounters counters;
  cudaEvent_t last_use;  // recorded after the last work of the stream that owned them
};

struct RetiredList {
  std::mutex mutex;
  std::vector<RetiredCounters> entries;
};

// Never destroyed: streams may be destroyed by other static objects at exit.
RetiredList& retired() {
  static auto* list = new RetiredList;
  return *list;
}

bool finished(cudaEvent_t event) {
  const cudaError_t code = cudaEventQuery(event);
  if (code != cudaSuccess) cudaGetLastError();
  return code == cudaSuccess;
}

}  // namespace

ZeroedCounters acquire_zeroed_counters(int device, std::size_t count, cudaStream_t stream) {
  {
    RetiredList& list = retired();
    const std::lock_guard lock(list.mutex);
    for (auto entry = list.entries.begin(); entry != list.entries.end(); ++entry) {
      if (entry->device != device || entry->counters.count < count || !finished(entry->last_use)) continue;
      const ZeroedCounters counters = entry->counters;
      cudaEventDestroy(entry->last_use);
      list.entries.erase(entry);
      return counters;
    }
  }
  DeviceGuard guard(device);
  // Outside the pools: a stream's set lives as long as the stream and is then reused, never freed,
  // so it must not hold pool blocks that a change of memory backend waits for.
  void* memory = nullptr;
  check_cuda(cudaMalloc(&memory, count * sizeof(unsigned)), "cudaMalloc");
  const cudaError_t zeroed = cudaMemsetAsync(memory, 0, count * sizeof(unsigned), stream);
  if (zeroed != cudaSuccess) {
    cudaFree(memory);
    check_cuda(zeroed, "cudaMemsetAsync");
  }
  return {static_cast<unsigned*>(memory), count};
}

void retire_zeroed_counters(int device, ZeroedCounters counters, cudaStream_t stream) noexcept {
  if (!counters.words) return;
  try {
    DeviceGuard guard(device);
    cudaEvent_t last_use = nullptr;
    if (cudaEventCreateWithFlags(&last_use, cudaEventDisableTiming) != cudaSuccess) {
      cudaGetLastError();
      return;
    }
    if (cudaEventRecord(last_use, stream) != cudaSuccess) {
      cudaGetLastError();
      cudaEventDestroy(last_use);
      return;
    }
    RetiredList& list = retired();
    const std::lock_guard lock(list.mutex);
    list.entries.push_back({device, counters, last_use});
  } catch (...) {
    // Kept out of use: a few bytes of device memory, rather than a set a running kernel may touch.
  }
}

}  // namespace garray
