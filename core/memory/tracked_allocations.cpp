#include "core/memory/tracked_allocations.hpp"

#include <algorithm>

namespace garray {

bool TrackedAllocations::admit(void* ptr, std::size_t bytes) {
  std::lock_guard lock(mutex_);
  if (limit_bytes_ != 0 && bytes > limit_bytes_ - std::min(limit_bytes_, usage_.used_bytes())) {
    return false;
  }
  sizes_.emplace(ptr, bytes);
  usage_.add(bytes);
  return true;
}

std::optional<std::size_t> TrackedAllocations::remove(const void* ptr) {
  std::lock_guard lock(mutex_);
  const auto found = sizes_.find(ptr);
  if (found == sizes_.end()) return std::nullopt;
  const std::size_t bytes = found->second;
  sizes_.erase(found);
  usage_.remove(bytes);
  return bytes;
}

bool TrackedAllocations::contains(const void* ptr) const {
  std::lock_guard lock(mutex_);
  return sizes_.contains(ptr);
}

std::uint64_t TrackedAllocations::count() const {
  std::lock_guard lock(mutex_);
  return usage_.allocations();
}

MemoryStats TrackedAllocations::stats() const {
  std::lock_guard lock(mutex_);
  MemoryStats stats;
  usage_.fill(stats);
  stats.total_bytes = stats.used_bytes;
  stats.limit_bytes = limit_bytes_;
  stats.upstream_allocations = stats.allocations_total;
  return stats;
}

void TrackedAllocations::reset_peak() {
  std::lock_guard lock(mutex_);
  usage_.reset_peak();
}

void TrackedAllocations::set_limit(std::size_t bytes) {
  std::lock_guard lock(mutex_);
  limit_bytes_ = bytes;
}

}  // namespace garray
