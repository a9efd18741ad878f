#include <garray/dlpack.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/interop/device_pointer.hpp"

using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

extern "C" {

GA_API ga_status_t ga_array_from_device_pointer(void* data, int device, int ndim, const int64_t* shape,
                                                const int64_t* strides_bytes, ga_dtype_t dtype,
                                                int readonly, void (*release)(void* context),
                                                void* context, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    garray::ExternalArray wrapped = garray::wrap_device_pointer(
        data, device, ndim, shape, strides_bytes, dtype, readonly == 0, {release, context});
    // The handle first, then garray takes the memory over: a failure to make the handle leaves the
    // memory with the caller, release uncalled.
    ga_array_t handle = make_handle<ga_array_s>(wrapped.array());
    wrapped.adopt();
    *result = handle;
  });
}

}  // extern "C"
