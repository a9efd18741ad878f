#include "core/ops/kernel_memo.hpp"

#include "core/common/insert_only_map.hpp"

namespace garray {

std::uint64_t KernelKey::packed() const noexcept {
  return (static_cast<std::uint64_t>(family) << 48) |
         (static_cast<std::uint64_t>(static_cast<std::uint8_t>(first_dtype)) << 40) |
         (static_cast<std::uint64_t>(static_cast<std::uint8_t>(second_dtype)) << 32) |
         (static_cast<std::uint64_t>(static_cast<std::uint32_t>(rank)) << 1) | (wide ? 1u : 0u);
}

const GeneratedKernel& memoized_kernel(const KernelKey& key, const std::function<GeneratedKernel()>& generate) {
  // Never destroyed: launches may still run while other static objects are torn down.
  static auto* kernels = new InsertOnlyMap<std::uint64_t, GeneratedKernel>;
  return kernels->find_or_insert(key.packed(), generate);
}

}  // namespace garray
