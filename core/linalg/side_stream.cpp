#include "core/linalg/side_stream.hpp"

#include "core/common/cuda_check.hpp"
#include "core/runtime/device.hpp"

#include <memory>
#include <unordered_map>

namespace garray {

SideStream::SideStream() {
  try {
    int least = 0, greatest = 0;
    check_cuda(cudaDeviceGetStreamPriorityRange(&least, &greatest), "cudaDeviceGetStreamPriorityRange");
    check_cuda(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking, greatest), "cudaStreamCreateWithPriority");
    check_cuda(cudaEventCreateWithFlags(&event_, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  } catch (...) {
    release();
    throw;
  }
}

SideStream::~SideStream() { release(); }

// A wait captures the event's state when it is queued, so one event serves every order() in turn.
void SideStream::order(cudaStream_t before, cudaStream_t after) const {
  if (before == after) return;
  mark(before);
  wait_for_mark(after);
}

void SideStream::mark(cudaStream_t stream) const { check_cuda(cudaEventRecord(event_, stream), "cudaEventRecord"); }

void SideStream::wait_for_mark(cudaStream_t stream) const {
  check_cuda(cudaStreamWaitEvent(stream, event_, 0), "cudaStreamWaitEvent");
}

SideStream& thread_side_stream() {
  thread_local std::unordered_map<int, std::unique_ptr<SideStream>> streams;
  std::unique_ptr<SideStream>& side = streams[current_device()];
  if (!side) side = std::make_unique<SideStream>();
  return *side;
}

// Destroying is safe with work queued: CUDA releases them once it completes (at a thread's end the driver may already
// be gone; the errors are of no use then).
void SideStream::release() {
  if (event_) cudaEventDestroy(event_);
  if (stream_) cudaStreamDestroy(stream_);
}

}  // namespace garray
