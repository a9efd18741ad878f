#include <garray/kernel.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/jit/kernel_arguments.hpp"
#include "core/runtime/device.hpp"

#include <string>
#include <utility>
#include <vector>

using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

namespace {

std::vector<std::string> copied_name_expressions(const char* const* name_expressions, size_t count) {
  std::vector<std::string> copied = garray::capi::caller_strings(name_expressions, count, "name_expressions");
  for (size_t i = 0; i < count; ++i) {
    GA_REQUIRE_ARGUMENT(!copied[i].empty(), "name_expressions[" + std::to_string(i) +
                                                "] is empty; it should name a __global__ function or "
                                                "template instantiation such as \"my_func<float>\"");
  }
  return copied;
}

garray::jit::RawModuleRef compile_module(const char* source, const char* const* options, size_t option_count,
                                         std::vector<std::string> name_expressions = {}) {
  GA_REQUIRE_ARGUMENT(source != nullptr, "argument 'source' is NULL");
  // Arguments are checked before the device is asked for, so that a bad call is reported as such
  // on a machine without a GPU too.
  std::vector<std::string> copied_options = garray::capi::caller_strings(options, option_count, "options");
  return std::make_shared<const garray::jit::RawModule>(source, std::move(copied_options), garray::current_device(),
                                                        std::move(name_expressions));
}

garray::jit::KernelRef function_of(const garray::jit::RawModule& module, const char* name) {
  GA_REQUIRE_ARGUMENT(name != nullptr, "argument 'name' is NULL");
  return module.get_function(name);
}

void require_extents(const uint32_t* extents, const char* what) {
  GA_REQUIRE_ARGUMENT(extents != nullptr, std::string("argument '") + what + "' is NULL");
  GA_REQUIRE_ARGUMENT(extents[0] > 0 && extents[1] > 0 && extents[2] > 0,
                      std::string("every extent of '") + what + "' must be at least 1");
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_module_create(const char* source, const char* const* options, size_t option_count,
                                    ga_module_t* module) {
  return guarded(__func__, [&] {
    require_out(module, "module");
    *module = make_handle<ga_module_s>(compile_module(source, options, option_count));
  });
}

GA_API ga_status_t ga_module_create_with_name_expressions(const char* source, const char* const* options,
                                                         size_t option_count, const char* const* name_expressions,
                                                         size_t name_expression_count, ga_module_t* module) {
  return guarded(__func__, [&] {
    require_out(module, "module");
    std::vector<std::string> expressions = copied_name_expressions(name_expressions, name_expression_count);
    *module = make_handle<ga_module_s>(compile_module(source, options, option_count, std::move(expressions)));
  });
}

GA_API ga_status_t ga_module_get_function(ga_module_t module, const char* name, ga_kernel_t* kernel) {
  return guarded(__func__, [&] {
    const garray::jit::RawModuleRef& compiled = deref(module, "module");
    require_out(kernel, "kernel");
    *kernel = make_handle<ga_kernel_s>(function_of(*compiled, name));
  });
}

GA_API ga_status_t ga_module_retain(ga_module_t module) {
  return guarded(__func__, [&] { garray::capi::retain(module, "module"); });
}

GA_API ga_status_t ga_module_release(ga_module_t module) {
  return guarded(__func__, [&] { garray::capi::release(module, "module"); });
}

GA_API ga_status_t ga_raw_kernel_create(const char* source, const char* name, const char* const* options,
                                        size_t option_count, ga_kernel_t* kernel) {
  return guarded(__func__, [&] {
    require_out(kernel, "kernel");
    GA_REQUIRE_ARGUMENT(name != nullptr, "argument 'name' is NULL");
    const garray::jit::RawModuleRef module = compile_module(source, options, option_count);
    *kernel = make_handle<ga_kernel_s>(function_of(*module, name));
  });
}

GA_API ga_status_t ga_kernel_launch(ga_kernel_t kernel, const uint32_t grid[3], const uint32_t block[3],
                                    size_t shared_memory_bytes, const ga_kernel_arg_t* args, size_t arg_count,
                                    ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::jit::KernelRef& launched = deref(kernel, "kernel");
    require_extents(grid, "grid");
    require_extents(block, "block");
    GA_REQUIRE_ARGUMENT(arg_count == 0 || args != nullptr, "argument 'args' is NULL");
    const garray::StreamRef& queue =
        stream ? deref(stream, "stream") : garray::current_stream(launched->device());
    GA_REQUIRE_ARGUMENT(queue->device() == launched->device(),
                        "the stream is on device " + std::to_string(queue->device()) +
                            " but the kernel on device " + std::to_string(launched->device()));
    garray::jit::KernelArguments packed(
        {args, arg_count}, [&](size_t i) -> const garray::Array& { return deref(args[i].array, "args[i].array"); },
        launched->device());
    launched->launch(garray::jit::LaunchConfig{dim3(grid[0], grid[1], grid[2]),
                                               dim3(block[0], block[1], block[2]), shared_memory_bytes},
                     packed.pointers(), queue->native());
  });
}

GA_API ga_status_t ga_kernel_retain(ga_kernel_t kernel) {
  return guarded(__func__, [&] { garray::capi::retain(kernel, "kernel"); });
}

GA_API ga_status_t ga_kernel_release(ga_kernel_t kernel) {
  return guarded(__func__, [&] { garray::capi::release(kernel, "kernel"); });
}

}  // extern "C"
