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

GA_API ga_status_t ga_stream_create(unsigned flags, int priority, ga_stream_t* stream) {
  return guarded(__func__, [&] {
    require_out(stream, "stream");
    auto created = garray::Stream::create(garray::current_device(), flags, priority);
    *stream = make_handle<ga_stream_s>(std::move(created));
  });
}

GA_API ga_status_t ga_stream_wrap(void* cuda_stream, int device, ga_stream_t* stream) {
  return guarded(__func__, [&] {
    require_out(stream, "stream");
    auto wrapped = garray::Stream::wrap(static_cast<cudaStream_t>(cuda_stream), device);
    *stream = make_handle<ga_stream_s>(std::move(wrapped));
  });
}

GA_API ga_status_t ga_stream_get_current(ga_stream_t* stream) {
  return guarded(__func__, [&] {
    require_out(stream, "stream");
    *stream = make_handle<ga_stream_s>(garray::current_stream());
  });
}

GA_API ga_status_t ga_stream_set_current(ga_stream_t stream) {
  return guarded(__func__, [&] {
    garray::set_current_stream(stream ? deref(stream, "stream") : garray::StreamRef());
  });
}

GA_API ga_status_t ga_stream_synchronize(ga_stream_t stream) {
  return guarded(__func__, [&] { stream_or_current(stream)->synchronize(); });
}

GA_API ga_status_t ga_stream_query(ga_stream_t stream, int* finished) {
  return guarded(__func__, [&] {
    require_out(finished, "finished");
    *finished = stream_or_current(stream)->query() ? 1 : 0;
  });
}

GA_API ga_status_t ga_stream_wait_event(ga_stream_t stream, ga_event_t event) {
  return guarded(__func__, [&] {
    const garray::EventRef& waited = deref(event, "event");
    stream_or_current(stream)->wait(*waited);
  });
}

GA_API ga_status_t ga_stream_native(ga_stream_t stream, void** cuda_stream) {
  return guarded(__func__, [&] {
    require_out(cuda_stream, "cuda_stream");
    *cuda_stream = deref(stream, "stream")->native();
  });
}

GA_API ga_status_t ga_stream_device(ga_stream_t stream, int* device) {
  return guarded(__func__, [&] {
    require_out(device, "device");
    *device = deref(stream, "stream")->device();
  });
}

GA_API ga_status_t ga_stream_retain(ga_stream_t stream) {
  return guarded(__func__, [&] { garray::capi::retain(stream, "stream"); });
}

GA_API ga_status_t ga_stream_release(ga_stream_t stream) {
  return guarded(__func__, [&] { garray::capi::release(stream, "stream"); });
}

}  // extern "C"
