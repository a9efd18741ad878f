// A thread-safe memo in which each value is computed once, by the first thread that asks for it,
// while threads asking for the same key meanwhile wait for that result instead of computing it too
// (so sixteen threads wanting one kernel start one NVRTC compilation, not sixteen).
//
// Locking, chosen for the hot path (a kernel lookup per launch): the map is split into kShards
// shards by hash, each with its own shared_mutex. A lookup of a present key takes one shard's lock
// in shared mode, so lookups never wait for each other, and a writer (a miss inserting its pending
// entry) blocks only the lookups of its own shard, for the length of one insertion: computations
// run outside every lock. Hits are counted per shard, beside the lock a lookup takes anyway, rather
// than in one counter that every thread would write.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <future>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace garray::jit {

// `Hash` and `Equal` must be transparent (declare is_transparent) when lookups use another type
// than Key, which lets the hot path look up views without building a Key.
template <class Key, class Value, class Hash, class Equal>
class SingleFlightMap {
 public:
  // The value for `lookup`: the stored one, the one another thread is computing (after waiting for
  // it), or `compute()`'s, stored under `make_key()`. An exception from `compute()` reaches every
  // thread waiting for it and leaves no entry, so a later call tries again.
  template <class Lookup, class MakeKey, class Compute>
  Value get(const Lookup& lookup, MakeKey&& make_key, Compute&& compute) {
    Shard& shard = shard_for(lookup);
    if (std::shared_ptr<const Pending> found = find(shard, lookup)) return found->get();

    std::promise<Value> promise;
    std::shared_ptr<const Pending> mine;
    {
      std::unique_lock lock(shard.mutex);
      const auto found = shard.entries.find(lookup);
      if (found != shard.entries.end()) {
        std::shared_ptr<const Pending> theirs = found->second;
        lock.unlock();
        shard.hits.fetch_add(1, std::memory_order_relaxed);
        return theirs->get();
      }
      mine = std::make_shared<const Pending>(promise.get_future().share());
      shard.entries.emplace(make_key(), mine);
    }
    try {
      Value value = compute();
      promise.set_value(value);
      return value;
    } catch (...) {
      promise.set_exception(std::current_exception());
      std::unique_lock lock(shard.mutex);
      const auto found = shard.entries.find(lookup);
      if (found != shard.entries.end() && found->second == mine) shard.entries.erase(found);
      throw;
    }
  }

  // Forgets every value; computations under way still hand theirs to the threads waiting for them.
  // Values are destroyed outside the locks, as destroying one may take long (a library unload
  // waits for its device).
  void clear() {
    for (Shard& shard : shards_) {
      decltype(shard.entries) forgotten;
      std::unique_lock lock(shard.mutex);
      forgotten.swap(shard.entries);
      lock.unlock();
    }
  }

  // Calls of get() answered by a stored or pending value.
  std::uint64_t hits() const noexcept {
    std::uint64_t total = 0;
    for (const Shard& shard : shards_) total += shard.hits.load(std::memory_order_relaxed);
    return total;
  }

 private:
  static constexpr std::size_t kShards = 16;
  // Each shard starts on a cache line of its own, so that threads working in different shards
  // never write to the same line.
  static constexpr std::size_t kCacheLineBytes = 64;

  using Pending = std::shared_future<Value>;

  struct alignas(kCacheLineBytes) Shard {
    std::shared_mutex mutex;
    std::unordered_map<Key, std::shared_ptr<const Pending>, Hash, Equal> entries;
    std::atomic<std::uint64_t> hits{0};
  };

  template <class Lookup>
  Shard& shard_for(const Lookup& lookup) {
    const std::size_t hash = Hash{}(lookup);
    return shards_[(hash ^ (hash >> 29)) % kShards];
  }

  template <class Lookup>
  static std::shared_ptr<const Pending> find(Shard& shard, const Lookup& lookup) {
    std::shared_lock lock(shard.mutex);
    const auto found = shard.entries.find(lookup);
    if (found == shard.entries.end()) return nullptr;
    shard.hits.fetch_add(1, std::memory_order_relaxed);
    return found->second;
  }

  std::array<Shard, kShards> shards_;
};

}  // namespace garray::jit
