#include "core/memory/cuda_stream_ordering.hpp"

#include "core/common/cuda_check.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>

namespace garray {

CudaEventOrdering::~CudaEventOrdering() {
  for (PooledEvent& pooled : events_) cudaEventDestroy(pooled.event);
  cudaGetLastError();
}

CudaEventOrdering::PooledEvent& CudaEventOrdering::take_event(int device) {
  const auto spare =
      std::find_if(spare_events_.rbegin(), spare_events_.rend(),
                   [device](const PooledEvent* pooled) { return pooled->device == device; });
  if (spare != spare_events_.rend()) {
    PooledEvent& pooled = **spare;
    spare_events_.erase(std::next(spare).base());
    return pooled;
  }
  // Room for every event there will be, so that discard() never allocates.
  if (spare_events_.capacity() < events_.size() + 1) {
    spare_events_.reserve(2 * (events_.size() + 1));
  }
  cudaEvent_t event = nullptr;
  check_cuda(cudaEventCreateWithFlags(&event, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  return events_.emplace_back(PooledEvent{event, device});
}

StreamMarker CudaEventOrdering::record(StreamId stream_id) {
  const Stream& stream = *reinterpret_cast<const Stream*>(stream_id);
  DeviceGuard guard(stream.device());
  PooledEvent& pooled = take_event(stream.device());
  const cudaError_t code = cudaEventRecord(pooled.event, stream.native());
  if (code != cudaSuccess) spare_events_.push_back(&pooled);
  check_cuda(code, "cudaEventRecord");
  return reinterpret_cast<StreamMarker>(&pooled);
}

bool CudaEventOrdering::has_passed(StreamMarker marker) {
  const cudaError_t code = cudaEventQuery(reinterpret_cast<PooledEvent*>(marker)->event);
  if (code == cudaErrorNotReady) {
    cudaGetLastError();
    return false;
  }
  check_cuda(code, "cudaEventQuery");
  return true;
}

void CudaEventOrdering::wait(StreamMarker marker) {
  check_cuda(cudaEventSynchronize(reinterpret_cast<PooledEvent*>(marker)->event),
             "cudaEventSynchronize");
}

void CudaEventOrdering::discard(StreamMarker marker) noexcept {
  spare_events_.push_back(reinterpret_cast<PooledEvent*>(marker));
}

StreamId allocation_stream_id(const Stream& stream) noexcept {
  if (stream.native() == cudaStreamPerThread) return kNoStream;
  return reinterpret_cast<StreamId>(&stream);
}

FreeingStream freeing_stream(const StreamRef& stream) {
  const cudaStream_t native = stream->native();
  const bool lives_with_garray = stream->owned() || native == nullptr || native == cudaStreamLegacy;
  return FreeingStream{reinterpret_cast<StreamId>(stream.get()), stream, lives_with_garray};
}

}  // namespace garray
