#include <garray/elementwise_kernel.h>

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

GA_API ga_status_t ga_elementwise_kernel_create(const char* in_params, const char* out_params, const char* operation,
                                                const char* name, const char* preamble,
                                                const char* const* options, size_t option_count,
                                                ga_elementwise_kernel_t* kernel) {
  return guarded(__func__, [&] {
    require_out(kernel, "kernel");
    GA_REQUIRE_ARGUMENT(operation != nullptr, "argument 'operation' is NULL");
    *kernel = make_handle<ga_elementwise_kernel_s>(std::make_shared<const garray::ElementwiseKernel>(
        in_params ? in_params : "", out_params ? out_params : "", operation, name ? name : "elementwise_kernel",
        preamble ? preamble : "", garray::capi::caller_strings(options, option_count, "options")));
  });
}

GA_API ga_status_t ga_elementwise_kernel_call(ga_elementwise_kernel_t kernel, const ga_kernel_arg_t* inputs,
                                              size_t input_count, const ga_array_t* out, size_t out_count,
                                              int64_t size, ga_stream_t stream, ga_array_t* results) {
  return guarded(__func__, [&] {
    const garray::ElementwiseKernel& called = *deref(kernel, "kernel");
    const std::vector<garray::KernelArgument> arguments =
        garray::capi::caller_kernel_arguments(inputs, input_count, "inputs");
    const garray::capi::CallerDestinations destinations = garray::capi::caller_destination_list(out, out_count);
    require_out(results, "results");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    garray::capi::hand_out_all(called(arguments, destinations.arrays, size, queue), destinations.handles.data(),
                               results);
  });
}

GA_API ga_status_t ga_elementwise_kernel_arity(ga_elementwise_kernel_t kernel, size_t* input_count,
                                               size_t* output_count) {
  return guarded(__func__, [&] {
    const garray::ElementwiseKernel& queried = *deref(kernel, "kernel");
    require_out(input_count, "input_count");
    require_out(output_count, "output_count");
    *input_count = queried.inputs().size();
    *output_count = queried.outputs().size();
  });
}

GA_API ga_status_t ga_elementwise_kernel_retain(ga_elementwise_kernel_t kernel) {
  return guarded(__func__, [&] { garray::capi::retain(kernel, "kernel"); });
}

GA_API ga_status_t ga_elementwise_kernel_release(ga_elementwise_kernel_t kernel) {
  return guarded(__func__, [&] { garray::capi::release(kernel, "kernel"); });
}

}  // extern "C"
