#include <garray/sorting.h>

#include "capi/caller_list.hpp"
#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/ops/sort/counting.hpp"
#include "core/ops/sort/quantile.hpp"
#include "core/ops/sort/sorting.hpp"
#include "core/ops/sort/unique.hpp"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

using garray::Array;
using garray::StreamRef;
using garray::capi::caller_list;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::one_result;
using garray::capi::optional_array;
using garray::capi::require_out;
using garray::capi::stream_or_current;

// Each entry point checks its handles and out-pointers before it asks for the current stream, so a
// bad argument is reported as such on a machine without a device too.

namespace {

// An optional array as the core's nullable pointer into `kept`.
const Array* pointer_to(const std::optional<Array>& kept) { return kept ? &*kept : nullptr; }

// q values and their shape, as ga_array_quantile() takes them.
struct CallerQuantiles {
  std::span<const double> values;
  garray::Dims shape;
};

CallerQuantiles caller_quantiles(const double* q, int q_ndim, const int64_t* q_shape) {
  GA_REQUIRE_ARGUMENT(q_ndim >= 0, "q_ndim is negative");
  CallerQuantiles quantiles{{}, garray::Dims::from(q_shape, q_ndim, "q_shape")};
  std::int64_t count = 1;
  for (std::int64_t extent : quantiles.shape) {
    GA_REQUIRE_ARGUMENT(extent >= 0, "q_shape holds a negative extent");
    count *= extent;
  }
  quantiles.values = caller_list(q, count, "q");
  return quantiles;
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_sort(ga_array_t array, int axis, int /*stable*/, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result,
                    [&](const Array& input, const StreamRef& queue) { return garray::sort(input, axis, queue); });
}

GA_API ga_status_t ga_array_sort_inplace(ga_array_t array, int axis, int /*stable*/, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& target = deref(array, "array");
    garray::sort_in_place(target, axis, stream_or_current(stream));
  });
}

GA_API ga_status_t ga_array_argsort(ga_array_t array, int axis, int /*stable*/, ga_stream_t stream,
                                    ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result,
                    [&](const Array& input, const StreamRef& queue) { return garray::argsort(input, axis, queue); });
}

GA_API ga_status_t ga_array_lexsort(const ga_array_t* keys, int count, int axis, ga_stream_t stream,
                                    ga_array_t* result) {
  return guarded(__func__, [&] {
    const std::vector<Array> arrays = garray::capi::caller_arrays(keys, count, "keys");
    require_out(result, "result");
    *result = make_handle<ga_array_s>(garray::lexsort(arrays, axis, stream_or_current(stream)));
  });
}

GA_API ga_status_t ga_array_partition(ga_array_t array, const int64_t* kth, int kth_count, int axis,
                                      ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result, [&](const Array& input, const StreamRef& queue) {
    return garray::partition(input, caller_list(kth, kth_count, "kth"), axis, queue);
  });
}

GA_API ga_status_t ga_array_argpartition(ga_array_t array, const int64_t* kth, int kth_count, int axis,
                                         ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result, [&](const Array& input, const StreamRef& queue) {
    return garray::argpartition(input, caller_list(kth, kth_count, "kth"), axis, queue);
  });
}

GA_API ga_status_t ga_array_searchsorted(ga_array_t sorted, ga_array_t values, ga_search_side_t side,
                                         ga_array_t sorter, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& haystack = deref(sorted, "sorted");
    const Array& needles = deref(values, "values");
    const std::optional<Array> order = optional_array(sorter, "sorter");
    GA_REQUIRE_ARGUMENT(side == GA_SEARCH_LEFT || side == GA_SEARCH_RIGHT,
                        "side " + std::to_string(static_cast<int>(side)) + " is not a ga_search_side_t value");
    require_out(result, "result");
    *result = make_handle<ga_array_s>(garray::searchsorted(haystack, needles, side == GA_SEARCH_RIGHT,
                                                           pointer_to(order), stream_or_current(stream)));
  });
}

GA_API ga_status_t ga_array_unique(ga_array_t array, unsigned flags, ga_stream_t stream, ga_array_t* values,
                                   ga_array_t* indices, ga_array_t* inverse, ga_array_t* counts) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    GA_REQUIRE_ARGUMENT((flags & ~7u) == 0,
                        "flags " + std::to_string(flags) + " hold bits that are not ga_unique_flag_t values");
    const bool want_indices = flags & GA_UNIQUE_INDEX, want_inverse = flags & GA_UNIQUE_INVERSE,
               want_counts = flags & GA_UNIQUE_COUNTS;
    require_out(values, "values");
    if (want_indices) require_out(indices, "indices");
    if (want_inverse) require_out(inverse, "inverse");
    if (want_counts) require_out(counts, "counts");
    garray::UniqueResult found =
        garray::unique(input, want_indices, want_inverse, want_counts, stream_or_current(stream));
    std::vector<Array> arrays{std::move(found.values)};
    std::vector<ga_array_t*> destinations{values};
    for (auto [array_result, destination] : {std::pair{&found.first_indices, indices},
                                             std::pair{&found.inverse, inverse}, std::pair{&found.counts, counts}}) {
      if (!*array_result) continue;
      arrays.push_back(std::move(**array_result));
      destinations.push_back(destination);
    }
    const std::vector<ga_array_t> handles = garray::capi::make_array_handles(std::move(arrays));
    for (std::size_t i = 0; i < handles.size(); ++i) *destinations[i] = handles[i];
  });
}

GA_API ga_status_t ga_array_bincount(ga_array_t x, ga_array_t weights, int64_t minlength, ga_stream_t stream,
                                     ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& values = deref(x, "x");
    const std::optional<Array> weighting = optional_array(weights, "weights");
    require_out(result, "result");
    *result = make_handle<ga_array_s>(
        garray::bincount(values, pointer_to(weighting), minlength, stream_or_current(stream)));
  });
}

GA_API ga_status_t ga_array_histogram(ga_array_t array, int64_t bins, const double* range, ga_stream_t stream,
                                      ga_array_t* hist, ga_array_t* bin_edges) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    require_out(hist, "hist");
    require_out(bin_edges, "bin_edges");
    std::optional<std::pair<double, double>> limits;
    if (range) limits = std::pair{range[0], range[1]};
    auto [counts, edges] = garray::histogram(input, bins, limits, stream_or_current(stream));
    std::vector<Array> arrays;
    arrays.push_back(std::move(counts));
    arrays.push_back(std::move(edges));
    const std::vector<ga_array_t> handles = garray::capi::make_array_handles(std::move(arrays));
    *hist = handles[0];
    *bin_edges = handles[1];
  });
}

GA_API ga_status_t ga_array_histogram_edges(ga_array_t array, ga_array_t bin_edges, ga_stream_t stream,
                                            ga_array_t* hist) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const Array& edges = deref(bin_edges, "bin_edges");
    require_out(hist, "hist");
    *hist = make_handle<ga_array_s>(garray::histogram_with_edges(input, edges, stream_or_current(stream)));
  });
}

GA_API ga_status_t ga_array_quantile(ga_array_t array, const double* q, int q_ndim, const int64_t* q_shape, int axis,
                                     int keepdims, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const CallerQuantiles quantiles = caller_quantiles(q, q_ndim, q_shape);
    require_out(result, "result");
    *result = make_handle<ga_array_s>(garray::quantile(input, quantiles.values, quantiles.shape, axis, keepdims != 0,
                                                       stream_or_current(stream)));
  });
}

GA_API ga_status_t ga_array_percentile(ga_array_t array, const double* q, int q_ndim, const int64_t* q_shape, int axis,
                                       int keepdims, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& input = deref(array, "array");
    const CallerQuantiles quantiles = caller_quantiles(q, q_ndim, q_shape);
    require_out(result, "result");
    *result = make_handle<ga_array_s>(garray::percentile(input, quantiles.values, quantiles.shape, axis,
                                                         keepdims != 0, stream_or_current(stream)));
  });
}

GA_API ga_status_t ga_array_median(ga_array_t array, int axis, int keepdims, ga_stream_t stream, ga_array_t* result) {
  return one_result(__func__, array, "array", stream, result, [&](const Array& input, const StreamRef& queue) {
    return garray::median(input, axis, keepdims != 0, queue);
  });
}

}  // extern "C"
