#include "core/jit/raw_module.hpp"

#include "core/jit/kernel_cache.hpp"
#include "core/jit/target.hpp"

#include <utility>

namespace garray::jit {

RawModule::RawModule(std::string source, std::vector<std::string> options, int device)
    : source_(std::move(source)), options_(std::move(options)), device_(device) {
  compile(source_, options_, target_for_device(device_));
}

KernelRef RawModule::get_function(std::string_view name) const {
  return get_kernel(source_, name, options_, device_);
}

}  // namespace garray::jit
