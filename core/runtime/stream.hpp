// Streams, and the calling thread's current stream per device.
#pragma once

#include <cuda_runtime_api.h>

#include "core/runtime/zeroed_counters.hpp"

#include <cstddef>
#include <memory>
#include <mutex>

namespace garray {

class Event;

class Stream {
 public:
  // A new stream on `device`; flags are ga_stream_flags_t bits.
  static std::shared_ptr<Stream> create(int device, unsigned flags, int priority);
  // Refers to a stream the caller owns; never destroyed by garray.
  static std::shared_ptr<Stream> wrap(cudaStream_t native, int device);
  // The legacy default stream of `device`; one shared object per device.
  static const std::shared_ptr<Stream>& legacy_default(int device);

  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  cudaStream_t native() const noexcept { return native_; }
  int device() const noexcept { return device_; }
  bool owned() const noexcept { return owned_; }

  void synchronize() const;
  bool query() const;  // true when all queued work has finished
  void wait(const Event& event) const;

  // At least `count` device words, zero before each kernel queued here, for kernels that leave
  // them zeroed when they finish (zeroed_counters.hpp). nullptr where garray cannot tell when the
  // stream's work ends (a wrapped stream: its owner may destroy it and reuse the handle) and
  // while the stream is being captured into a graph (whose launches may run on other streams).
  unsigned* zeroed_counters(std::size_t count) const;

 private:
  Stream(cudaStream_t native, int device, bool owned, bool lifetime_known) noexcept
      : native_(native), device_(device), owned_(owned), lifetime_known_(lifetime_known) {}

  cudaStream_t native_;
  int device_;
  bool owned_;
  bool lifetime_known_;  // created by garray, or the legacy default stream
  mutable std::once_flag counters_made_;
  mutable ZeroedCounters counters_;
};

using StreamRef = std::shared_ptr<Stream>;

// The calling thread's current stream on its current device (legacy default unless set).
const StreamRef& current_stream();
// The calling thread's current stream on `device`.
const StreamRef& current_stream(int device);
// Makes `stream` current for its device on this thread; nullptr restores the legacy default of the
// current device.
void set_current_stream(StreamRef stream);

}  // namespace garray
