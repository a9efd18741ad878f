// Kernels of built-in operations (ufunc loops, named reductions) built on first use under a key and
// kept for the process; repeated calls only look them up, without a lock.
#pragma once

#include "core/common/insert_only_map.hpp"

#include <memory>
#include <utility>

namespace garray {

template <class Key, class Kernel>
class KernelTable {
 public:
  // The kernel for `key`, made by `build()` (a std::unique_ptr<const Kernel>) the first time.
  // Another thread may build the same kernel meanwhile; the first one stored is kept.
  template <class Build>
  const Kernel& get(const Key& key, Build&& build) {
    return *kernels_.find_or_insert(key, std::forward<Build>(build));
  }

 private:
  InsertOnlyMap<Key, std::unique_ptr<const Kernel>> kernels_;
};

}  // namespace garray
