#include <garray/array.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"

using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::require_out;

namespace {

// Copies one Dims of an array into a caller's buffer of ndim entries (NULL allowed for 0-d).
template <class Transform>
ga_status_t copy_dims(const char* function, ga_array_t array, int64_t* destination,
                      const char* destination_name, Transform transform) {
  return guarded(function, [&] {
    const garray::Array& a = deref(array, "array");
    if (a.ndim() > 0) require_out(destination, destination_name);
    for (int i = 0; i < a.ndim(); ++i) destination[i] = transform(a, i);
  });
}

// One value of an array written to a caller's out-parameter.
template <class T, class Getter>
ga_status_t query(const char* function, ga_array_t array, T* value, const char* value_name, Getter getter) {
  return guarded(function, [&] {
    const garray::Array& a = deref(array, "array");
    require_out(value, value_name);
    *value = getter(a);
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_retain(ga_array_t array) {
  return guarded(__func__, [&] { garray::capi::retain(array, "array"); });
}

GA_API ga_status_t ga_array_release(ga_array_t array) {
  return guarded(__func__, [&] { garray::capi::release(array, "array"); });
}

GA_API ga_status_t ga_array_ndim(ga_array_t array, int* ndim) {
  return query(__func__, array, ndim, "ndim", [](const garray::Array& a) { return a.ndim(); });
}

GA_API ga_status_t ga_array_shape(ga_array_t array, int64_t* shape) {
  return copy_dims(__func__, array, shape, "shape",
                   [](const garray::Array& a, int i) { return a.shape()[i]; });
}

GA_API ga_status_t ga_array_strides(ga_array_t array, int64_t* strides) {
  return copy_dims(__func__, array, strides, "strides",
                   [](const garray::Array& a, int i) { return a.strides()[i]; });
}

GA_API ga_status_t ga_array_strides_bytes(ga_array_t array, int64_t* strides) {
  return copy_dims(__func__, array, strides, "strides", [](const garray::Array& a, int i) {
    return a.strides()[i] * static_cast<int64_t>(a.itemsize());
  });
}

GA_API ga_status_t ga_array_dtype(ga_array_t array, ga_dtype_t* dtype) {
  return query(__func__, array, dtype, "dtype", [](const garray::Array& a) { return a.dtype(); });
}

GA_API ga_status_t ga_array_size(ga_array_t array, int64_t* size) {
  return query(__func__, array, size, "size", [](const garray::Array& a) { return a.size(); });
}

GA_API ga_status_t ga_array_itemsize(ga_array_t array, size_t* itemsize) {
  return query(__func__, array, itemsize, "itemsize", [](const garray::Array& a) { return a.itemsize(); });
}

GA_API ga_status_t ga_array_nbytes(ga_array_t array, size_t* nbytes) {
  return query(__func__, array, nbytes, "nbytes", [](const garray::Array& a) { return a.nbytes(); });
}

GA_API ga_status_t ga_array_device(ga_array_t array, int* device) {
  return query(__func__, array, device, "device", [](const garray::Array& a) { return a.device(); });
}

GA_API ga_status_t ga_array_data(ga_array_t array, void** data) {
  return guarded(__func__, [&] {
    const garray::Array& a = deref(array, "array");
    require_out(data, "data");
    *data = a.data();
  });
}

GA_API ga_status_t ga_array_flags(ga_array_t array, unsigned* flags) {
  return query(__func__, array, flags, "flags", [](const garray::Array& a) { return a.flags(); });
}

}  // extern "C"
