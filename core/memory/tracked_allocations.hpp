// The blocks handed out by a backend other than garray's pool (cudaMallocAsync, the caller's
// hooks): their sizes, so that they are counted, held to the limit and recognised when freed.
#pragma once

#include "core/memory/memory_stats.hpp"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace garray {

// Thread-safe.
class TrackedAllocations {
 public:
  // Records `ptr` of `bytes`. False, recording nothing, when it would take the bytes in use past
  // the limit: the caller gives the memory back and reports the exhaustion.
  [[nodiscard]] bool admit(void* ptr, std::size_t bytes);
  // Forgets `ptr` and returns its size; nothing when it was not admitted.
  std::optional<std::size_t> remove(const void* ptr);

  bool contains(const void* ptr) const;
  std::uint64_t count() const;
  // Nothing is cached, so the bytes held are the bytes in use.
  MemoryStats stats() const;
  void reset_peak();
  // Caps the bytes in use; 0 removes the cap.
  void set_limit(std::size_t bytes);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const void*, std::size_t> sizes_;
  UsageCounters usage_;
  std::size_t limit_bytes_ = 0;
};

}  // namespace garray
