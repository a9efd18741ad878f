// A least-recently-used cache of FFT plans, bounded by a plan count and by the plans' memory (their
// work-area sizes), with hit and miss counts. A template over the plan type so that its logic is
// tested on the host without cuFFT; device_plan_cache.hpp holds the cuFFT instance per device.
// Thread-safe: every member takes the cache's lock. A plan evicted while in use lives on with its
// user (shared ownership) and is destroyed when the last use ends.
#pragma once

#include "core/fft/plan_key.hpp"

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>

namespace garray {

struct PlanCacheInfo {
  std::int64_t size = 0;          // plans held
  std::int64_t max_size = 0;      // -1: unbounded; 0: caching disabled
  std::int64_t memory = 0;        // bytes: the sum of the held plans' memory
  std::int64_t memory_limit = 0;  // -1: unbounded
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
};

template <class Plan>
class PlanCache {
 public:
  // CuPy's defaults: 16 plans, no memory bound.
  static constexpr std::int64_t kDefaultMaxSize = 16;

  // The plan for `key`: the cached one (a hit, which makes it the most recent), or one `make`
  // creates (a miss; `make` runs outside the lock, and what it throws propagates). `memory_of`
  // gives a new plan's memory. A new plan is kept unless it alone exceeds a bound.
  template <class Make, class MemoryOf>
  std::shared_ptr<Plan> get(const PlanKey& key, const Make& make, const MemoryOf& memory_of) {
    {
      std::lock_guard lock(mutex_);
      if (const auto found = index_.find(key); found != index_.end()) {
        ++hits_;
        entries_.splice(entries_.begin(), entries_, found->second);
        return found->second->plan;
      }
      ++misses_;
    }
    std::shared_ptr<Plan> plan = make();
    const std::int64_t memory = memory_of(*plan);
    std::lock_guard lock(mutex_);
    if (const auto found = index_.find(key); found != index_.end()) return found->second->plan;  // another thread's
    if (!fits(1, memory)) return plan;
    entries_.push_front(Entry{key, plan, memory});
    index_.emplace(key, entries_.begin());
    memory_ += memory;
    evict_until_within_bounds();
    return plan;
  }

  // -1: unbounded; 0: nothing is cached. Evicts the least recently used plans beyond it.
  void set_max_size(std::int64_t max_size) {
    std::lock_guard lock(mutex_);
    max_size_ = max_size;
    evict_until_within_bounds();
  }

  // -1: unbounded. Evicts the least recently used plans until the rest fit.
  void set_memory_limit(std::int64_t bytes) {
    std::lock_guard lock(mutex_);
    memory_limit_ = bytes;
    evict_until_within_bounds();
  }

  // Drops every plan; the bounds and the hit and miss counts stay.
  void clear() {
    std::lock_guard lock(mutex_);
    index_.clear();
    entries_.clear();
    memory_ = 0;
  }

  PlanCacheInfo info() const {
    std::lock_guard lock(mutex_);
    return {static_cast<std::int64_t>(entries_.size()), max_size_, memory_, memory_limit_, hits_, misses_};
  }

  // Whether `key` is cached, without counting a hit or changing the order.
  bool contains(const PlanKey& key) const {
    std::lock_guard lock(mutex_);
    return index_.contains(key);
  }

 private:
  struct Entry {
    PlanKey key;
    std::shared_ptr<Plan> plan;
    std::int64_t memory;
  };

  bool fits(std::int64_t count, std::int64_t memory) const {
    return (max_size_ < 0 || count <= max_size_) && (memory_limit_ < 0 || memory <= memory_limit_);
  }

  void evict_until_within_bounds() {
    while (!entries_.empty() && !fits(static_cast<std::int64_t>(entries_.size()), memory_)) {
      memory_ -= entries_.back().memory;
      index_.erase(entries_.back().key);
      entries_.pop_back();
    }
  }

  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
  std::unordered_map<PlanKey, typename std::list<Entry>::iterator, PlanKeyHash> index_;
  std::int64_t max_size_ = kDefaultMaxSize;
  std::int64_t memory_limit_ = -1;
  std::int64_t memory_ = 0;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
};

}  // namespace garray
