// Streams, and the calling thread's current stream per device.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>

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

 private:
  Stream(cudaStream_t native, int device, bool owned) noexcept
      : native_(native), device_(device), owned_(owned) {}

  cudaStream_t native_;
  int device_;
  bool owned_;
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
