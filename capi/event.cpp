#include <garray/runtime.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/runtime/device.hpp"

using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;
using garray::capi::stream_or_current;

extern "C" {

GA_API ga_status_t ga_event_create(unsigned flags, ga_event_t* event) {
  return guarded(__func__, [&] {
    require_out(event, "event");
    auto created = garray::Event::create(garray::current_device(), flags);
    *event = make_handle<ga_event_s>(std::move(created));
  });
}

GA_API ga_status_t ga_event_record(ga_event_t event, ga_stream_t stream) {
  return guarded(__func__, [&] {
    garray::Event& recorded = *deref(event, "event");
    recorded.record(*stream_or_current(stream));
  });
}

GA_API ga_status_t ga_event_synchronize(ga_event_t event) {
  return guarded(__func__, [&] { deref(event, "event")->synchronize(); });
}

GA_API ga_status_t ga_event_query(ga_event_t event, int* finished) {
  return guarded(__func__, [&] {
    const garray::EventRef& queried = deref(event, "event");
    require_out(finished, "finished");
    *finished = queried->query() ? 1 : 0;
  });
}

GA_API ga_status_t ga_event_elapsed_ms(ga_event_t start, ga_event_t end, float* milliseconds) {
  return guarded(__func__, [&] {
    const garray::EventRef& first = deref(start, "start");
    const garray::EventRef& last = deref(end, "end");
    require_out(milliseconds, "milliseconds");
    *milliseconds = garray::Event::elapsed_ms(*first, *last);
  });
}

GA_API ga_status_t ga_event_native(ga_event_t event, void** cuda_event) {
  return guarded(__func__, [&] {
    require_out(cuda_event, "cuda_event");
    *cuda_event = deref(event, "event")->native();
  });
}

GA_API ga_status_t ga_event_retain(ga_event_t event) {
  return guarded(__func__, [&] { garray::capi::retain(event, "event"); });
}

GA_API ga_status_t ga_event_release(ga_event_t event) {
  return guarded(__func__, [&] { garray::capi::release(event, "event"); });
}

}  // extern "C"
