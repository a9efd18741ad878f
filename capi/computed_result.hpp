// The body every single-result linalg entry point shares: the caller's destination and result
// pointer checked, the work run on the caller's stream, its result delivered into the destination
// (core/linalg/product_output.hpp's deliver_computed: checked, then written) and handed out.
#pragma once

#include <garray/garray.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/linalg/product_output.hpp"

#include <optional>

namespace garray::capi {

// `compute(stream)` returns the result; it dereferences its own inputs, so that their checks run
// inside guarded() too.
template <class Compute>
ga_status_t computed_result(const char* function, ga_array_t out, ga_stream_t stream, ga_array_t* result,
                            Compute&& compute) {
  return guarded(function, [&] {
    const std::optional<Array> given = optional_array(out, "out");
    require_out(result, "result");
    const StreamRef& queue = stream_or_current(stream);
    hand_out(deliver_computed(compute(queue), given, queue), out, result);
  });
}

}  // namespace garray::capi
