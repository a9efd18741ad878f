// Kernels of built-in operations (ufunc loops, named reductions) built on first use under a key and
// kept for the process, behind a shared lock so that repeated calls only look them up.
#pragma once

#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <utility>

namespace garray {

template <class Key, class Kernel>
class KernelTable {
 public:
  // The kernel for `key`, made by `build()` (a std::unique_ptr<const Kernel>) the first time.
  // Another thread may build the same kernel meanwhile; the first one stored is kept.
  template <class Build>
  const Kernel& get(const Key& key, Build&& build) {
    {
      std::shared_lock lock(mutex_);
      if (const auto found = kernels_.find(key); found != kernels_.end()) return *found->second;
    }
    std::unique_ptr<const Kernel> kernel = build();
    std::unique_lock lock(mutex_);
    return *kernels_.try_emplace(key, std::move(kernel)).first->second;
  }

 private:
  std::shared_mutex mutex_;
  std::unordered_map<Key, std::unique_ptr<const Kernel>> kernels_;
};

}  // namespace garray
