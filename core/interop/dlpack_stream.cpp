#include "core/interop/dlpack_stream.hpp"

#include <garray/runtime.h>

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/runtime/device.hpp"
#include "core/runtime/event.hpp"
#include "core/runtime/stream.hpp"

#include <cuda_runtime_api.h>

#include <string>

namespace garray {

namespace {

cudaStream_t native_consumer_stream(std::int64_t consumer_stream) {
  switch (consumer_stream) {
    case kDLPackLegacyDefaultStream:
      return cudaStreamLegacy;
    case kDLPackPerThreadDefaultStream:
      return cudaStreamPerThread;
    default:
      return reinterpret_cast<cudaStream_t>(static_cast<std::intptr_t>(consumer_stream));
  }
}

// garray is built with legacy default-stream semantics, where the NULL stream is the legacy default
// stream; both spellings name the same stream.
bool same_stream(cudaStream_t a, cudaStream_t b) noexcept {
  const auto canonical = [](cudaStream_t stream) { return stream == cudaStreamLegacy ? nullptr : stream; };
  return canonical(a) == canonical(b);
}

}  // namespace

void hand_off_to_consumer_stream(int device, std::int64_t consumer_stream) {
  if (consumer_stream == kDLPackNoSynchronization) return;
  if (consumer_stream <= 0) {
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "consumer_stream " + std::to_string(consumer_stream) +
                    " is not a DLPack CUDA stream: use -1 (no synchronisation), 1 (legacy default "
                    "stream), 2 (per-thread default stream) or a cudaStream_t");
  }
  const Stream& producer = *current_stream(device);
  const cudaStream_t consumer = native_consumer_stream(consumer_stream);
  if (same_stream(producer.native(), consumer)) return;
  // The default-stream handles name the default stream of the current device, which must be the
  // array's for the wait to order the right stream.
  DeviceGuard guard(device);
  const EventRef ready = Event::create(device, GA_EVENT_DISABLE_TIMING);
  ready->record(producer);
  // Destroying the event afterwards is safe: the wait holds the state the event had when it was
  // queued.
  check_cuda(cudaStreamWaitEvent(consumer, ready->native(), 0), "cudaStreamWaitEvent");
}

}  // namespace garray
