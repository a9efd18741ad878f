#include <garray/signal.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/signal/windows.hpp"

#include <utility>

using garray::Array;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;
using garray::capi::stream_or_current;

extern "C" {

GA_API ga_status_t ga_signal_window(ga_window_t kind, int64_t m, double beta, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    Array values = garray::window(kind, m, beta, stream_or_current(stream));
    *result = make_handle<ga_array_s>(std::move(values));
  });
}

}  // extern "C"
