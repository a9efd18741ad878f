// A stream of the device's greatest priority beside the caller's, for a factorization's critical path (the next
// panel) while the caller's stream runs the bulk update: the update's blocks give way to the side stream's as they
// retire (at equal priority a side kernel that needs whole SMs waits for the update to drain).
#pragma once

#include <cuda_runtime_api.h>

namespace garray {

class SideStream {
 public:
  // On the current device. Throws GA_ERROR_CUDA if CUDA cannot make the stream or its event.
  SideStream();
  ~SideStream();
  SideStream(const SideStream&) = delete;
  SideStream& operator=(const SideStream&) = delete;

  cudaStream_t get() const { return stream_; }

  // Work queued on `after` from now on waits for the work queued on `before` so far (either of the two streams).
  void order(cudaStream_t before, cudaStream_t after) const;
  // order() in two steps, for a wait queued later than the work it waits for: mark the work queued on `stream` so
  // far; make the work queued on `stream` from now on wait for the last mark (another mark or order() replaces it).
  void mark(cudaStream_t stream) const;
  void wait_for_mark(cudaStream_t stream) const;

 private:
  void release();

  cudaStream_t stream_ = nullptr;
  cudaEvent_t event_ = nullptr;
};

// The calling thread's SideStream for the current device, made on first use and kept until the thread ends, as the
// thread's cuBLAS handles are (no stream and events made and destroyed by every factorization). Factorizations do not
// nest, so one at a time uses it. Throws as SideStream().
SideStream& thread_side_stream();

}  // namespace garray
