// The body every single-result linalg entry point shares: the caller's destination and result
// pointer checked, the work run on the caller's stream, its result delivered into the destination
// (core/linalg/product_output.hpp's deliver_computed: checked, then written) and handed out.
#pragma once

#include <garray/garray.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/linalg/product_output.hpp"
#include "core/runtime/deferred_stream.hpp"

#include <optional>

namespace garray::capi {

// `compute(stream)` dereferences its own inputs, so that their checks run inside guarded() too, and
// then returns the result computed on `stream.get()`: a NULL stream is resolved only after the
// inputs were checked, so that a bad one is reported as such on a machine without a device.
template <class Compute>
ga_status_t computed_result(const char* function, ga_array_t out, ga_stream_t stream, ga_array_t* result,
                            Compute&& compute) {
  return guarded(function, [&] {
    const std::optional<Array> given = optional_array(out, "out");
    require_out(result, "result");
    const DeferredStream queue = deferred_stream(stream);
    const Array computed = compute(queue);
    hand_out(deliver_computed(computed, given, queue.get()), out, result);
  });
}

}  // namespace garray::capi
