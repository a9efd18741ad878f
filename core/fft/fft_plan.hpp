// One cuFFT plan (RAII over a cufftHandle), made for a PlanKey on one device with automatic work-area
// allocation off: each execution takes its work area from the stream-ordered memory pool, so plans
// hold no memory between uses and one plan serves every stream.
#pragma once

#include "core/fft/plan_key.hpp"
#include "core/runtime/stream.hpp"

#include <cstddef>
#include <memory>
#include <mutex>

namespace garray {

class FftPlan {
 public:
  // Makes the plan on the current device (the caller makes `device` current). Throws
  // GA_ERROR_OUT_OF_MEMORY when cuFFT cannot allocate, GA_ERROR_INVALID_ARGUMENT for sizes cuFFT
  // refuses, GA_ERROR_CUDA for other cuFFT failures.
  FftPlan(const PlanKey& key, int device);
  ~FftPlan();
  FftPlan(const FftPlan&) = delete;
  FftPlan& operator=(const FftPlan&) = delete;

  // Bytes of work area one execution needs.
  std::size_t work_size() const noexcept { return work_size_; }
  int device() const noexcept { return device_; }

  // Runs the transform from `input` to `output` (equal for in place) on `stream`, a stream of the
  // plan's device made current by the caller. `inverse` picks the direction of a C2C transform.
  // Binding the stream and work area and launching happen under the plan's lock, so threads may
  // share a plan; the launch is asynchronous. A C2R transform overwrites its input.
  void execute(void* input, void* output, bool inverse, const StreamRef& stream);

 private:
  int handle_ = 0;
  std::size_t work_size_ = 0;
  FftType type_;
  bool double_precision_;
  int device_;
  std::mutex mutex_;
};

}  // namespace garray
