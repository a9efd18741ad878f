// The stream of an operation that queues device work only in some cases (a reshape that must copy,
// the imaginary part of a real array, a DLPack import of host memory) or only after checking its
// arguments: the caller's stream, or the calling thread's current stream looked up only once work
// is queued, so that the cases without device work (the views) need no device at all, and bad
// arguments are reported as such on a machine without one.
#pragma once

#include "core/runtime/stream.hpp"

namespace garray {

class DeferredStream {
 public:
  // The caller's stream; it must outlive the call it is passed to (as a parameter does).
  DeferredStream(const StreamRef& stream) noexcept : given_(&stream) {}  // NOLINT: implicit on purpose
  // The calling thread's current stream, looked up by get().
  static DeferredStream current() noexcept { return DeferredStream(); }

  // The stream to queue work on. The current stream needs a device: GA_ERROR_NO_DEVICE without one.
  const StreamRef& get() const { return given_ ? *given_ : current_stream(); }

 private:
  DeferredStream() noexcept = default;
  const StreamRef* given_ = nullptr;
};

}  // namespace garray
