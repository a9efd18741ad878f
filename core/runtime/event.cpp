#include "core/runtime/event.hpp"

#include <garray/runtime.h>

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/runtime/device.hpp"
#include "core/runtime/stream.hpp"

#include <string>

namespace garray {

EventRef Event::create(int device, unsigned flags) {
  constexpr unsigned known = GA_EVENT_DISABLE_TIMING | GA_EVENT_BLOCKING_SYNC;
  GA_REQUIRE_ARGUMENT((flags & ~known) == 0,
                   "flags " + std::to_string(flags) + " contain bits other than "
                   "GA_EVENT_DISABLE_TIMING | GA_EVENT_BLOCKING_SYNC");
  DeviceGuard guard(device);
  unsigned cuda_flags = cudaEventDefault;
  if (flags & GA_EVENT_DISABLE_TIMING) cuda_flags |= cudaEventDisableTiming;
  if (flags & GA_EVENT_BLOCKING_SYNC) cuda_flags |= cudaEventBlockingSync;
  cudaEvent_t native = nullptr;
  check_cuda(cudaEventCreateWithFlags(&native, cuda_flags), "cudaEventCreateWithFlags");
  return EventRef(new Event(native, (flags & GA_EVENT_DISABLE_TIMING) == 0));
}

Event::~Event() { cudaEventDestroy(native_); }

void Event::record(const Stream& stream) {
  check_cuda(cudaEventRecord(native_, stream.native()), "cudaEventRecord");
  recorded_.store(true, std::memory_order_release);
}

void Event::synchronize() const { check_cuda(cudaEventSynchronize(native_), "cudaEventSynchronize"); }

bool Event::query() const {
  const cudaError_t code = cudaEventQuery(native_);
  if (code == cudaErrorNotReady) {
    cudaGetLastError();
    return false;
  }
  check_cuda(code, "cudaEventQuery");
  return true;
}

float Event::elapsed_ms(const Event& start, const Event& end) {
  GA_REQUIRE_ARGUMENT(start.timing_ && end.timing_,
                   "an event created with GA_EVENT_DISABLE_TIMING cannot be timed");
  GA_REQUIRE_ARGUMENT(start.recorded_.load(std::memory_order_acquire) &&
                       end.recorded_.load(std::memory_order_acquire),
                   "both events must have been recorded");
  float milliseconds = 0.0f;
  check_cuda(cudaEventElapsedTime(&milliseconds, start.native_, end.native_), "cudaEventElapsedTime");
  return milliseconds;
}

}  // namespace garray
