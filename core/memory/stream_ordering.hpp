// How a caching allocator learns that a stream has moved past the point where blocks were freed on
// it, so that the blocks may go to other streams. On the device these are CUDA events; in tests a
// fake whose markers are completed by hand.
#pragma once

#include <cstdint>
#include <memory>

namespace garray {

// Names a stream to an allocator; equal ids are one stream. kNoStream is no stream at all: an
// allocation for it takes only blocks that every stream has passed (host code may touch them at
// once), and a block freed on it is free for every stream at once.
using StreamId = std::uintptr_t;
inline constexpr StreamId kNoStream = 0;

// A point in a stream's queue of work, from StreamOrdering::record().
using StreamMarker = std::uintptr_t;

// The allocator calls these with its lock held, so an implementation needs no lock of its own.
class StreamOrdering {
 public:
  virtual ~StreamOrdering() = default;

  // A marker behind all work queued on `stream` so far.
  virtual StreamMarker record(StreamId stream) = 0;
  // Whether the stream has passed `marker`, without waiting.
  virtual bool has_passed(StreamMarker marker) = 0;
  // Blocks the calling thread until the stream has passed `marker`.
  virtual void wait(StreamMarker marker) = 0;
  // The allocator will not ask about `marker` again.
  virtual void discard(StreamMarker marker) noexcept = 0;
};

// The stream a block is freed on, as deallocate() needs to know it.
struct FreeingStream {
  StreamId id = kNoStream;
  // Held by the allocator while blocks freed on the stream wait in it: that keeps the id from being
  // reused by a new stream (which would then take blocks the old one may still be using) and keeps
  // record() on the stream valid.
  std::shared_ptr<const void> keep_alive;
  // Whether record() may be called on the stream after deallocate() returns. False for a stream
  // whose owner may destroy it at any time: its marker is then recorded at each free instead.
  bool record_later = true;
};

}  // namespace garray
