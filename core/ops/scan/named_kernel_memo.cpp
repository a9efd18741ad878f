#include "core/ops/scan/named_kernel_memo.hpp"

#include "core/common/insert_only_map.hpp"

namespace garray {

const GeneratedKernel& memoized_named_kernel(const std::string& key, const std::function<GeneratedKernel()>& generate) {
  // Never destroyed: launches may still run while other static objects are torn down.
  static auto* kernels = new InsertOnlyMap<std::string, GeneratedKernel>;
  return kernels->find_or_insert(key, generate);
}

}  // namespace garray
