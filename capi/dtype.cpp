#include <garray/base.h>

#include "capi/guard.hpp"
#include "core/array/dtype.hpp"

using garray::capi::guarded;
using garray::capi::require_out;

extern "C" {

GA_API ga_status_t ga_dtype_itemsize(ga_dtype_t dtype, size_t* itemsize) {
  return guarded(__func__, [&] {
    require_out(itemsize, "itemsize");
    *itemsize = garray::dtype_info(dtype).itemsize;
  });
}

GA_API ga_status_t ga_dtype_name(ga_dtype_t dtype, const char** name) {
  return guarded(__func__, [&] {
    require_out(name, "name");
    *name = garray::dtype_info(dtype).name;
  });
}

GA_API ga_status_t ga_dtype_kind(ga_dtype_t dtype, ga_dtype_kind_t* kind) {
  return guarded(__func__, [&] {
    require_out(kind, "kind");
    *kind = garray::dtype_info(dtype).kind;
  });
}

GA_API ga_status_t ga_dtype_parse(const char* text, ga_dtype_t* dtype) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(text != nullptr, "argument 'text' is NULL");
    require_out(dtype, "dtype");
    *dtype = garray::parse_dtype(text);
  });
}

}  // extern "C"
