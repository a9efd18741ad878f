#include "core/ops/kernel_variants.hpp"

#include "core/common/error.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"

#include <iterator>

namespace garray {

KernelVariants::KernelVariants(std::vector<std::string> kernel_names, std::vector<std::string> options)
    : kernel_names_(std::move(kernel_names)), options_(jit::generated_source_options()) {
  options_.insert(options_.end(), std::make_move_iterator(options.begin()), std::make_move_iterator(options.end()));
  GA_REQUIRE(!kernel_names_.empty() && kernel_names_.size() <= KernelVariant{}.size(), GA_ERROR_INTERNAL,
             "a generated source defines one or two kernels");
}

const KernelVariant& KernelVariants::add(const std::string& key, int device, const std::string& source) const {
  const std::string full_source = jit::with_preamble(source, kernel_names_.front() + ".cu");
  KernelVariant variant;
  for (std::size_t k = 0; k < kernel_names_.size(); ++k) {
    variant[k] = jit::get_kernel(full_source, kernel_names_[k], options_, device);
  }
  return kernels_.find_or_insert(key, [&] { return std::move(variant); });
}

}  // namespace garray
