#include <garray/reduction_kernel.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/kernel_call_arguments.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

extern "C" {

GA_API ga_status_t ga_reduction_kernel_create(const char* in_params, const char* out_params, const char* map_expr,
                                              const char* reduce_expr, const char* post_map_expr,
                                              const char* identity, const char* name, const char* reduce_type,
                                              const char* preamble, const char* const* options, size_t option_count,
                                              ga_reduction_kernel_t* kernel) {
  return guarded(__func__, [&] {
    require_out(kernel, "kernel");
    GA_REQUIRE_ARGUMENT(map_expr != nullptr, "argument 'map_expr' is NULL");
    GA_REQUIRE_ARGUMENT(reduce_expr != nullptr, "argument 'reduce_expr' is NULL");
    const std::string outputs = out_params ? out_params : "";
    std::string post_map;
    if (post_map_expr) {
      post_map = post_map_expr;
    } else {
      const std::vector<garray::KernelParam> parsed = garray::parse_kernel_params(outputs, "out_params");
      GA_REQUIRE_ARGUMENT(!parsed.empty(), "out_params: a reduction kernel needs at least one output");
      post_map = parsed.front().name + " = a;";
    }
    garray::ReductionExpressions expressions{map_expr, reduce_expr, std::move(post_map),
                                             identity ? std::optional<std::string>(identity) : std::nullopt,
                                             reduce_type ? reduce_type : ""};
    *kernel = make_handle<ga_reduction_kernel_s>(std::make_shared<const garray::ReductionKernel>(
        in_params ? in_params : "", outputs, std::move(expressions), name ? name : "reduction_kernel",
        preamble ? preamble : "", garray::capi::caller_strings(options, option_count, "options")));
  });
}

GA_API ga_status_t ga_reduction_kernel_call(ga_reduction_kernel_t kernel, const ga_kernel_arg_t* inputs,
                                            size_t input_count, const ga_array_t* out, size_t out_count,
                                            const int* axes, int axis_count, int keepdims, ga_stream_t stream,
                                            ga_array_t* results) {
  return guarded(__func__, [&] {
    const garray::ReductionKernel& called = *deref(kernel, "kernel");
    const std::vector<garray::KernelArgument> arguments =
        garray::capi::caller_kernel_arguments(inputs, input_count, "inputs");
    const garray::capi::CallerDestinations destinations = garray::capi::caller_destination_list(out, out_count);
    const std::optional<std::vector<int>> reduced = garray::capi::caller_axes(axes, axis_count);
    require_out(results, "results");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    garray::capi::hand_out_all(called(arguments, destinations.arrays, reduced, keepdims != 0, queue),
                               destinations.handles.data(), results);
  });
}

GA_API ga_status_t ga_reduction_kernel_retain(ga_reduction_kernel_t kernel) {
  return guarded(__func__, [&] { garray::capi::retain(kernel, "kernel"); });
}

GA_API ga_status_t ga_reduction_kernel_release(ga_reduction_kernel_t kernel) {
  return guarded(__func__, [&] { garray::capi::release(kernel, "kernel"); });
}

}  // extern "C"
