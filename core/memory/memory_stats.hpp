// Statistics of a memory pool, and the counters behind them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace garray {

// The C++ side of ga_memory_stats_t (capi fills that from this); the fields mean the same.
struct MemoryStats {
  std::size_t used_bytes = 0;
  std::size_t cached_bytes = 0;
  std::size_t total_bytes = 0;
  std::size_t peak_used_bytes = 0;
  std::size_t limit_bytes = 0;
  std::uint64_t allocations = 0;
  std::uint64_t allocations_total = 0;
  std::uint64_t upstream_allocations = 0;
};

// Bytes and blocks handed out, with their peak. Not thread-safe: its owner's lock guards it.
class UsageCounters {
 public:
  void add(std::size_t bytes) noexcept {
    used_bytes_ += bytes;
    peak_used_bytes_ = std::max(peak_used_bytes_, used_bytes_);
    ++allocations_;
    ++allocations_total_;
  }

  void remove(std::size_t bytes) noexcept {
    used_bytes_ -= bytes;
    --allocations_;
  }

  void reset_peak() noexcept { peak_used_bytes_ = used_bytes_; }

  std::size_t used_bytes() const noexcept { return used_bytes_; }
  std::uint64_t allocations() const noexcept { return allocations_; }

  // Fills the fields these counters know; the others are left as they are.
  void fill(MemoryStats& stats) const noexcept {
    stats.used_bytes = used_bytes_;
    stats.peak_used_bytes = peak_used_bytes_;
    stats.allocations = allocations_;
    stats.allocations_total = allocations_total_;
  }

 private:
  std::size_t used_bytes_ = 0;
  std::size_t peak_used_bytes_ = 0;
  std::uint64_t allocations_ = 0;
  std::uint64_t allocations_total_ = 0;
};

}  // namespace garray
