#include <garray/runtime.h>

#include "capi/guard.hpp"
#include "core/runtime/device.hpp"

using garray::capi::guarded;
using garray::capi::require_out;

extern "C" {

GA_API ga_status_t ga_device_count(int* count) {
  return guarded(__func__, [&] {
    require_out(count, "count");
    *count = garray::device_count();
  });
}

GA_API ga_status_t ga_device_get_current(int* device) {
  return guarded(__func__, [&] {
    require_out(device, "device");
    *device = garray::current_device();
  });
}

GA_API ga_status_t ga_device_set_current(int device) {
  return guarded(__func__, [&] { garray::set_current_device(device); });
}

GA_API ga_status_t ga_device_synchronize(void) {
  return guarded(__func__, [&] { garray::synchronize_current_device(); });
}

GA_API ga_status_t ga_device_get_properties(int device, ga_device_properties_t* properties) {
  return guarded(__func__, [&] { garray::get_device_properties(device, properties); });
}

GA_API ga_status_t ga_device_get_attribute(int device, int attribute, int* value) {
  return guarded(__func__, [&] {
    require_out(value, "value");
    *value = garray::get_device_attribute(device, attribute);
  });
}

}  // extern "C"
