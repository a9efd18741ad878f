#include <garray/fft.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/common/versioned_struct.hpp"
#include "core/fft/device_plan_cache.hpp"
#include "core/fft/fft_helpers.hpp"
#include "core/fft/transforms.hpp"
#include "core/runtime/device.hpp"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::optional_array;
using garray::capi::require_out;

namespace {

void require_count(int count, bool listed) {
  GA_REQUIRE_ARGUMENT(
      !listed || (count >= 0 && count <= GA_MAX_DIMS),
      "count is " + std::to_string(count) + "; with s or axes given it must be 0 to " + std::to_string(GA_MAX_DIMS));
}

// -1: the calling thread's current device.
garray::FftPlanCache& cache_of(int device) {
  return garray::device_plan_cache(device == -1 ? garray::current_device() : device);
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_fft_execute(ga_fft_kind_t kind, ga_array_t a, const int64_t* s, const int* axes, int count,
                                  ga_fft_norm_t norm, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Array& input = garray::capi::deref(a, "a");
    const std::optional<garray::Array> given = optional_array(out, "out");
    require_out(result, "result");
    require_count(count, s || axes);
    garray::FftRequest request;
    request.kind = kind;
    request.norm = norm;
    if (s) request.lengths.emplace(s, s + count);
    if (axes) request.axes.emplace(axes, axes + count);
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    hand_out(garray::fft(input, request, given, queue), out, result);
  });
}

GA_API ga_status_t ga_fft_freq(int64_t n, double d, int real, ga_dtype_t dtype, ga_array_t out, ga_stream_t stream,
                               ga_array_t* result) {
  return guarded(__func__, [&] {
    const std::optional<garray::Array> given = optional_array(out, "out");
    require_out(result, "result");
    const ga_dtype_t chosen = garray::capi::optional_dtype(dtype).value_or(GA_FLOAT64);
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    hand_out(garray::fft_frequencies(n, d, real != 0, chosen, given, queue), out, result);
  });
}

GA_API ga_status_t ga_fft_shift(ga_array_t a, const int* axes, int count, int inverse, ga_array_t out,
                                ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Array& input = garray::capi::deref(a, "a");
    const std::optional<garray::Array> given = optional_array(out, "out");
    require_out(result, "result");
    require_count(count, axes != nullptr);
    std::optional<std::span<const int>> chosen;
    if (axes) chosen.emplace(axes, static_cast<std::size_t>(count));
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    hand_out(garray::fft_shift(input, chosen, inverse != 0, given, queue), out, result);
  });
}

GA_API ga_status_t ga_fft_plan_cache_set_size(int device, int64_t max_size) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(max_size >= -1, "max_size is " + std::to_string(max_size) + "; use -1 for no bound");
    cache_of(device).set_max_size(max_size);
  });
}

GA_API ga_status_t ga_fft_plan_cache_set_memory_limit(int device, int64_t bytes) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(bytes >= -1, "bytes is " + std::to_string(bytes) + "; use -1 for no bound");
    cache_of(device).set_memory_limit(bytes);
  });
}

GA_API ga_status_t ga_fft_plan_cache_get_info(int device, ga_fft_plan_cache_info_t* info) {
  return guarded(__func__, [&] {
    garray::require_versioned_struct(info, sizeof(size_t), "info", "ga_fft_plan_cache_info_t");
    const garray::PlanCacheInfo state = cache_of(device).info();
    garray::write_versioned_struct(
        info, ga_fft_plan_cache_info_t{sizeof(ga_fft_plan_cache_info_t), state.size, state.max_size, state.memory,
                                       state.memory_limit, state.hits, state.misses});
  });
}

GA_API ga_status_t ga_fft_plan_cache_clear(int device) {
  return guarded(__func__, [&] { cache_of(device).clear(); });
}

}  // extern "C"
