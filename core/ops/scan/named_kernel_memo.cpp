#include "core/ops/scan/named_kernel_memo.hpp"

#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace garray {

const GeneratedKernel& memoized_named_kernel(const std::string& key, const std::function<GeneratedKernel()>& generate) {
  static std::shared_mutex mutex;
  // Never destroyed: launches may still run while other static objects are torn down.
  static auto* kernels = new std::unordered_map<std::string, std::unique_ptr<const GeneratedKernel>>;
  {
    std::shared_lock lock(mutex);
    if (const auto found = kernels->find(key); found != kernels->end()) return *found->second;
  }
  auto generated = std::make_unique<const GeneratedKernel>(generate());
  std::unique_lock lock(mutex);
  return *kernels->try_emplace(key, std::move(generated)).first->second;
}

}  // namespace garray
