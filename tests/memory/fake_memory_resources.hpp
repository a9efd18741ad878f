// Host stand-ins for the device: an upstream of host memory with a fixed capacity, and a stream
// ordering whose markers pass only when a test says so.
#pragma once

#include "core/memory/stream_ordering.hpp"
#include "core/memory/upstream.hpp"

#include <cstddef>
#include <map>
#include <new>

class FakeUpstream final : public garray::Upstream {
 public:
  explicit FakeUpstream(std::size_t capacity) : capacity_(capacity) {}

  void* allocate(std::size_t bytes) override {
    if (bytes > capacity_ - held_) return nullptr;
    held_ += bytes;
    ++allocations_;
    return ::operator new(bytes, alignment);
  }

  void release(void* ptr, std::size_t bytes) noexcept override {
    held_ -= bytes;
    ++releases_;
    ::operator delete(ptr, alignment);
  }

  void set_capacity(std::size_t capacity) { capacity_ = capacity; }
  std::size_t held() const { return held_; }
  int allocations() const { return allocations_; }
  int releases() const { return releases_; }

 private:
  static constexpr std::align_val_t alignment{512};
  std::size_t capacity_;
  std::size_t held_ = 0;
  int allocations_ = 0;
  int releases_ = 0;
};

class FakeOrdering final : public garray::StreamOrdering {
 public:
  garray::StreamMarker record(garray::StreamId stream) override {
    ++records_;
    markers_[next_marker_] = Recorded{stream, false};
    return next_marker_++;
  }

  bool has_passed(garray::StreamMarker marker) override { return markers_.at(marker).passed; }

  void wait(garray::StreamMarker marker) override {
    ++waits_;
    markers_.at(marker).passed = true;
  }

  void discard(garray::StreamMarker marker) noexcept override { markers_.erase(marker); }

  // `stream` has run everything queued on it so far: every marker recorded on it is passed.
  void pass(garray::StreamId stream) {
    for (auto& [marker, recorded] : markers_) {
      if (recorded.stream == stream) recorded.passed = true;
    }
  }

  int records() const { return records_; }
  int waits() const { return waits_; }
  std::size_t outstanding() const { return markers_.size(); }

 private:
  struct Recorded {
    garray::StreamId stream;
    bool passed;
  };
  std::map<garray::StreamMarker, Recorded> markers_;
  garray::StreamMarker next_marker_ = 1;
  int records_ = 0;
  int waits_ = 0;
};
