// CUDA events.
#pragma once

#include <cuda_runtime_api.h>

#include <atomic>
#include <memory>

namespace garray {

class Stream;

class Event {
 public:
  // A new event on `device`; flags are ga_event_flags_t bits.
  static std::shared_ptr<Event> create(int device, unsigned flags);
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  cudaEvent_t native() const noexcept { return native_; }
  bool timing() const noexcept { return timing_; }

  void record(const Stream& stream);
  void synchronize() const;
  bool query() const;  // true when the work before the last record has finished
  // Milliseconds from `start` to `end`; both must time and be recorded.
  static float elapsed_ms(const Event& start, const Event& end);

 private:
  Event(cudaEvent_t native, bool timing) noexcept : native_(native), timing_(timing) {}

  cudaEvent_t native_;
  bool timing_;
  std::atomic<bool> recorded_{false};
};

using EventRef = std::shared_ptr<Event>;

}  // namespace garray
