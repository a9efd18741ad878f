#include "core/jit/raw_module.hpp"

#include "core/common/error.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/target.hpp"

#include <algorithm>
#include <utility>

namespace garray::jit {

namespace {

std::string quoted_list(const std::vector<std::string>& expressions) {
  if (expressions.empty()) return "none";
  std::string text;
  for (const std::string& expression : expressions) {
    text += (text.empty() ? "'" : ", '") + expression + "'";
  }
  return text;
}

}  // namespace

RawModule::RawModule(std::string source, std::vector<std::string> options, int device,
                     std::vector<std::string> name_expressions)
    : source_(std::move(source)),
      options_(std::move(options)),
      name_expressions_(std::move(name_expressions)),
      device_(device),
      lowered_names_(
          compile(source_, options_, target_for_device(device_), name_expressions_)->lowered_names) {}

KernelRef RawModule::get_function(std::string_view name) const {
  const auto lowered = std::ranges::find(lowered_names_, name, &LoweredName::expression);
  if (lowered != lowered_names_.end()) {
    return get_kernel(source_, lowered->symbol, options_, device_, name_expressions_);
  }
  try {
    return get_kernel(source_, name, options_, device_, name_expressions_);
  } catch (const Error& error) {
    // The engine says only that no symbol matched; a caller who spelt a template instantiation
    // wants to know which ones the module has.
    if (error.status() != GA_ERROR_INVALID_ARGUMENT) throw;
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "the module has no kernel '" + std::string(name) +
                    "': it is not one of the module's name expressions (" +
                    quoted_list(name_expressions_) +
                    "), which must be spelt as given, nor the symbol of a kernel (declare kernels "
                    "extern \"C\", or name template instantiations when creating the module)");
  }
}

}  // namespace garray::jit
