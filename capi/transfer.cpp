#include <garray/creation.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/transfer.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/fill.hpp"

#include <optional>
#include <utility>

using garray::Array;
using garray::capi::deferred_stream;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::require_out;
using garray::capi::stream_or_current;

namespace {

ga_status_t from_host_entry(const char* function, const void* host, int ndim, const int64_t* shape,
                            const int64_t* byte_strides, ga_dtype_t dtype, ga_order_t order, ga_stream_t stream,
                            ga_array_t* result, bool staged) {
  return guarded(function, [&] {
    require_out(result, "result");
    hand_out(garray::from_host(host, ndim, shape, byte_strides, dtype, order, deferred_stream(stream), staged), nullptr,
             result);
  });
}

ga_status_t to_host_entry(const char* function, ga_array_t array, void* host, size_t host_bytes, ga_stream_t stream,
                          bool staged) {
  return guarded(function, [&] {
    const Array& source = deref(array, "array");
    garray::download(source, host, host_bytes, stream_or_current(stream), staged);
  });
}

// ascontiguousarray / asfortranarray: the same handle when the array is already laid out so.
ga_status_t as_layout_entry(const char* function, ga_array_t array, ga_order_t order, ga_stream_t stream,
                            ga_array_t* result) {
  return guarded(function, [&] {
    const Array& source = deref(array, "array");
    require_out(result, "result");
    std::optional<Array> copy = garray::copy_unless_laid_out(source, order, deferred_stream(stream));
    if (copy) {
      hand_out(std::move(*copy), nullptr, result);
    } else {
      hand_out(source, array, result);
    }
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_from_host(const void* host, int ndim, const int64_t* shape,
                                      const int64_t* byte_strides, ga_dtype_t dtype, ga_order_t order,
                                      ga_stream_t stream, ga_array_t* result) {
  return from_host_entry(__func__, host, ndim, shape, byte_strides, dtype, order, stream, result, false);
}

GA_API ga_status_t ga_array_from_host_async(const void* host, int ndim, const int64_t* shape,
                                            const int64_t* byte_strides, ga_dtype_t dtype,
                                            ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return from_host_entry(__func__, host, ndim, shape, byte_strides, dtype, order, stream, result, true);
}

GA_API ga_status_t ga_array_to_host(ga_array_t array, void* host, size_t host_bytes, ga_stream_t stream) {
  return to_host_entry(__func__, array, host, host_bytes, stream, false);
}

GA_API ga_status_t ga_array_to_host_async(ga_array_t array, void* host, size_t host_bytes,
                                          ga_stream_t stream) {
  return to_host_entry(__func__, array, host, host_bytes, stream, true);
}

GA_API ga_status_t ga_array_set_from_host(ga_array_t array, const void* host, size_t host_bytes,
                                          const int64_t* byte_strides, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& destination = deref(array, "array");
    garray::set_from_host(destination, host, host_bytes, byte_strides, stream_or_current(stream));
  });
}

GA_API ga_status_t ga_array_fill(ga_array_t array, ga_scalar_t value, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& destination = deref(array, "array");
    garray::fill(destination, value, stream_or_current(stream));
  });
}

GA_API ga_status_t ga_array_copy(ga_array_t array, ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& source = deref(array, "array");
    require_out(result, "result");
    hand_out(garray::copy_as(source, source.dtype(), order, stream_or_current(stream)), nullptr, result);
  });
}

GA_API ga_status_t ga_array_copy_into(ga_array_t source, ga_array_t destination, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& from = deref(source, "source");
    const Array& to = deref(destination, "destination");
    garray::copy_into(from, to, stream_or_current(stream));
  });
}

GA_API ga_status_t ga_array_copy_to_device(ga_array_t array, int device, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& source = deref(array, "array");
    require_out(result, "result");
    // The copy is queued where the data is: NULL is the thread's current stream of the source's device.
    const garray::StreamRef& queue = stream ? deref(stream, "stream") : garray::current_stream(source.device());
    hand_out(garray::copy_to_device(source, device, queue), nullptr, result);
  });
}

GA_API ga_status_t ga_array_astype(ga_array_t array, ga_dtype_t dtype, ga_order_t order, ga_stream_t stream,
                                   ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& source = deref(array, "array");
    require_out(result, "result");
    hand_out(garray::copy_as(source, dtype, order, stream_or_current(stream)), nullptr, result);
  });
}

GA_API ga_status_t ga_array_ascontiguousarray(ga_array_t array, ga_stream_t stream, ga_array_t* result) {
  return as_layout_entry(__func__, array, GA_ORDER_C, stream, result);
}

GA_API ga_status_t ga_array_asfortranarray(ga_array_t array, ga_stream_t stream, ga_array_t* result) {
  return as_layout_entry(__func__, array, GA_ORDER_F, stream, result);
}

GA_API ga_status_t ga_array_item(ga_array_t array, const int64_t* index, ga_stream_t stream, ga_scalar_t* value) {
  return guarded(__func__, [&] {
    const Array& source = deref(array, "array");
    require_out(value, "value");
    const ga_scalar_t element = garray::read_element(source, index, stream_or_current(stream));
    *value = element;
  });
}

}  // extern "C"
