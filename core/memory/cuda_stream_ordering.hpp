// Stream ordering for the CUDA pools: markers are CUDA events, and a stream is named by its Stream
// object, which the pool keeps alive while blocks freed on it wait (see FreeingStream).
#pragma once

#include "core/memory/stream_ordering.hpp"
#include "core/runtime/stream.hpp"

#include <cuda_runtime_api.h>

#include <deque>
#include <vector>

namespace garray {

// Events are created once and recycled; `record` makes the stream's device current, because the
// legacy default stream (a null handle) means the current device's.
class CudaEventOrdering final : public StreamOrdering {
 public:
  CudaEventOrdering() = default;
  ~CudaEventOrdering() override;
  CudaEventOrdering(const CudaEventOrdering&) = delete;
  CudaEventOrdering& operator=(const CudaEventOrdering&) = delete;

  // `stream` is a StreamId from allocation_stream_id() or freeing_stream().
  StreamMarker record(StreamId stream) override;
  bool has_passed(StreamMarker marker) override;
  void wait(StreamMarker marker) override;
  void discard(StreamMarker marker) noexcept override;

 private:
  struct PooledEvent {
    cudaEvent_t event = nullptr;
    int device = 0;
  };

  PooledEvent& take_event(int device);

  std::deque<PooledEvent> events_;
  std::vector<PooledEvent*> spare_events_;
};

// The id under which a pool serves allocations on `stream`. The per-thread default stream is one
// handle for a different stream in each thread, so its allocations reuse no block by stream
// identity: they get kNoStream.
StreamId allocation_stream_id(const Stream& stream) noexcept;

// `stream` as a pool's deallocate() takes it. Streams garray owns and the legacy default stream
// live as long as the pool holds them, so their markers are recorded when needed; a wrapped stream
// may be destroyed by its owner at any time (the per-thread default stream is only reachable from
// its own thread), so theirs are recorded at each free.
FreeingStream freeing_stream(const StreamRef& stream);

}  // namespace garray
