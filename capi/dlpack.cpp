#include <garray/dlpack.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/interop/dlpack_export.hpp"
#include "core/interop/dlpack_import.hpp"

using garray::capi::deferred_stream;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

namespace {

// Hands an imported array out: the handle first, then garray takes the tensor over, so that a
// failure to make the handle leaves the tensor with the caller. A NULL stream stays unresolved
// until the import needs it, so that a malformed tensor is refused on a machine without a device.
template <class Managed>
ga_status_t import_and_hand_out(const char* function, Managed* tensor, ga_stream_t stream, int* copied,
                                ga_array_t* result) {
  return guarded(function, [&] {
    require_out(result, "result");
    garray::ExternalArray imported = garray::import_dlpack(tensor, deferred_stream(stream));
    ga_array_t handle = make_handle<ga_array_s>(imported.array());
    imported.adopt();
    if (copied != nullptr) *copied = imported.copied() ? 1 : 0;
    *result = handle;
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_to_dlpack_versioned(ga_array_t array, int64_t consumer_stream,
                                                ga_dlpack_managed_tensor_versioned_t** tensor) {
  return guarded(__func__, [&] {
    const garray::Array& a = deref(array, "array");
    require_out(tensor, "tensor");
    *tensor = garray::export_dlpack_versioned(a, consumer_stream);
  });
}

GA_API ga_status_t ga_array_to_dlpack(ga_array_t array, int64_t consumer_stream, ga_dlpack_managed_tensor_t** tensor) {
  return guarded(__func__, [&] {
    const garray::Array& a = deref(array, "array");
    require_out(tensor, "tensor");
    *tensor = garray::export_dlpack_legacy(a, consumer_stream);
  });
}

GA_API ga_status_t ga_array_from_dlpack_versioned(ga_dlpack_managed_tensor_versioned_t* tensor, ga_stream_t stream,
                                                  int* copied, ga_array_t* result) {
  return import_and_hand_out(__func__, tensor, stream, copied, result);
}

GA_API ga_status_t ga_array_from_dlpack(ga_dlpack_managed_tensor_t* tensor, ga_stream_t stream, int* copied,
                                        ga_array_t* result) {
  return import_and_hand_out(__func__, tensor, stream, copied, result);
}

}  // extern "C"
