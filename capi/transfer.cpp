#include <garray/creation.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/layout.hpp"
#include "core/array/transfer.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/fill.hpp"

#include <utility>

using garray::Array;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

namespace {

ga_status_t upload_entry(const char* function, const void* host, int ndim, const int64_t* shape,
                         const int64_t* byte_strides, ga_dtype_t dtype, ga_order_t order, ga_array_t* out,
                         bool staged) {
  return guarded(function, [&] {
    require_out(out, "out");
    const garray::HostLayout layout = garray::describe_host_data(host, ndim, shape, byte_strides, dtype, order);
    *out = make_handle<ga_array_s>(garray::upload(layout, dtype, garray::current_stream(), staged));
  });
}

ga_status_t download_entry(const char* function, ga_array_t array, void* host, size_t host_bytes,
                           bool staged) {
  return guarded(function, [&] {
    const Array& source = deref(array, "array");
    garray::download(source, host, host_bytes, garray::current_stream(), staged);
  });
}

// ascontiguousarray / asfortranarray: the array itself when already laid out so, else a copy.
ga_status_t as_layout(const char* function, ga_array_t array, ga_order_t order, ga_array_t* out) {
  return guarded(function, [&] {
    const Array& source = deref(array, "array");
    require_out(out, "out");
    const bool laid_out = order == GA_ORDER_C ? source.is_c_contiguous() : source.is_f_contiguous();
    if (source.ndim() > 0 && laid_out) {
      garray::capi::retain(array, "array");
      *out = array;
      return;
    }
    Array result = garray::copy_as(source, source.dtype(), order, garray::current_stream());
    if (result.ndim() == 0) result = result.view(garray::Dims{1}, garray::Dims{1}, 0);
    *out = make_handle<ga_array_s>(std::move(result));
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_from_host(const void* host, int ndim, const int64_t* shape,
                                      const int64_t* byte_strides, ga_dtype_t dtype, ga_order_t order,
                                      ga_array_t* out) {
  return upload_entry(__func__, host, ndim, shape, byte_strides, dtype, order, out, false);
}

GA_API ga_status_t ga_array_from_host_async(const void* host, int ndim, const int64_t* shape,
                                            const int64_t* byte_strides, ga_dtype_t dtype,
                                            ga_order_t order, ga_array_t* out) {
  return upload_entry(__func__, host, ndim, shape, byte_strides, dtype, order, out, true);
}

GA_API ga_status_t ga_array_to_host(ga_array_t array, void* host, size_t host_bytes) {
  return download_entry(__func__, array, host, host_bytes, false);
}

GA_API ga_status_t ga_array_to_host_async(ga_array_t array, void* host, size_t host_bytes) {
  return download_entry(__func__, array, host, host_bytes, true);
}

GA_API ga_status_t ga_array_set_from_host(ga_array_t array, const void* host, size_t host_bytes,
                                          const int64_t* byte_strides) {
  return guarded(__func__, [&] {
    const Array& destination = deref(array, "array");
    const garray::HostLayout layout = garray::describe_host_data(
        host, destination.ndim(), destination.shape().data(), byte_strides, destination.dtype(), GA_ORDER_C);
    if (byte_strides == nullptr) {
      GA_REQUIRE(host_bytes >= destination.nbytes(), GA_ERROR_BUFFER_TOO_SMALL,
                      "the host buffer has " + std::to_string(host_bytes) + " bytes; " +
                          std::to_string(destination.nbytes()) + " are needed");
    }
    garray::upload_into(destination, layout, garray::current_stream());
  });
}

GA_API ga_status_t ga_array_fill(ga_array_t array, ga_scalar_t value) {
  return guarded(__func__, [&] { garray::fill(deref(array, "array"), value, garray::current_stream()); });
}

GA_API ga_status_t ga_array_copy(ga_array_t array, ga_order_t order, ga_array_t* out) {
  return guarded(__func__, [&] {
    const Array& source = deref(array, "array");
    require_out(out, "out");
    *out = make_handle<ga_array_s>(garray::copy_as(source, source.dtype(), order, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_copy_into(ga_array_t source, ga_array_t destination) {
  return guarded(__func__, [&] {
    garray::copy_into(deref(source, "source"), deref(destination, "destination"), garray::current_stream());
  });
}

GA_API ga_status_t ga_array_copy_to_device(ga_array_t array, int device, ga_array_t* out) {
  return guarded(__func__, [&] {
    const Array& source = deref(array, "array");
    require_out(out, "out");
    *out = make_handle<ga_array_s>(
        garray::copy_to_device(source, device, garray::current_stream(source.device())));
  });
}

GA_API ga_status_t ga_array_astype(ga_array_t array, ga_dtype_t dtype, ga_order_t order, ga_array_t* out) {
  return guarded(__func__, [&] {
    const Array& source = deref(array, "array");
    require_out(out, "out");
    *out = make_handle<ga_array_s>(garray::copy_as(source, dtype, order, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_ascontiguousarray(ga_array_t array, ga_array_t* out) {
  return as_layout(__func__, array, GA_ORDER_C, out);
}

GA_API ga_status_t ga_array_asfortranarray(ga_array_t array, ga_array_t* out) {
  return as_layout(__func__, array, GA_ORDER_F, out);
}

GA_API ga_status_t ga_array_item(ga_array_t array, const int64_t* index, ga_scalar_t* value) {
  return guarded(__func__, [&] {
    const Array& source = deref(array, "array");
    require_out(value, "value");
    *value = garray::read_element(source, index, garray::current_stream());
  });
}

}  // extern "C"
