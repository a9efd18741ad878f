#include "core/ops/kernel_memo.hpp"

#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace garray {

std::uint64_t KernelKey::packed() const noexcept {
  return (static_cast<std::uint64_t>(family) << 48) |
         (static_cast<std::uint64_t>(static_cast<std::uint8_t>(first_dtype)) << 40) |
         (static_cast<std::uint64_t>(static_cast<std::uint8_t>(second_dtype)) << 32) |
         (static_cast<std::uint64_t>(static_cast<std::uint32_t>(rank)) << 1) | (wide ? 1u : 0u);
}

const GeneratedKernel& memoized_kernel(const KernelKey& key, const std::function<GeneratedKernel()>& generate) {
  static std::shared_mutex mutex;
  // Never destroyed: launches may still run while other static objects are torn down.
  static auto* kernels = new std::unordered_map<std::uint64_t, std::unique_ptr<const GeneratedKernel>>;
  const std::uint64_t packed = key.packed();
  {
    std::shared_lock lock(mutex);
    if (const auto found = kernels->find(packed); found != kernels->end()) return *found->second;
  }
  auto generated = std::make_unique<const GeneratedKernel>(generate());
  std::unique_lock lock(mutex);
  const auto [entry, inserted] = kernels->try_emplace(packed, std::move(generated));
  return *entry->second;
}

}  // namespace garray
