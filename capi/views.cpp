#include <garray/views.h>

#include "capi/caller_list.hpp"
#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/atleast.hpp"
#include "core/array/axes.hpp"
#include "core/array/broadcast.hpp"
#include "core/array/complex_parts.hpp"
#include "core/array/indexing.hpp"
#include "core/array/ravel.hpp"
#include "core/array/reshape.hpp"

#include <span>
#include <string>
#include <utility>
#include <vector>

using garray::capi::caller_list;
using garray::capi::deferred_stream;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::require_out;

namespace {

// The whole body of an entry point that turns one array into one new array.
template <class Transform>
ga_status_t map_array(const char* function, ga_array_t array, ga_array_t* result, Transform transform) {
  return guarded(function, [&] {
    const garray::Array& input = deref(array, "array");
    require_out(result, "result");
    hand_out(transform(input), nullptr, result);
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_array_index(ga_array_t array, const ga_index_t* items, int count,
                                  ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    return garray::index(input, caller_list(items, count, "items"));
  });
}

GA_API ga_status_t ga_array_reshape(ga_array_t array, int ndim, const int64_t* shape,
                                    ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    const garray::Dims requested = garray::Dims::from(shape, ndim, "shape");
    return garray::reshape(input, requested, order, deferred_stream(stream));
  });
}

GA_API ga_status_t ga_array_ravel(ga_array_t array, ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    return garray::ravel(input, order, deferred_stream(stream));
  });
}

GA_API ga_status_t ga_array_flatten(ga_array_t array, ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    return garray::flatten(input, order, deferred_stream(stream));
  });
}

GA_API ga_status_t ga_array_transpose(ga_array_t array, const int* axes, int naxes,
                                      ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    if (axes != nullptr) return garray::transpose(input, caller_list(axes, naxes, "axes"));
    GA_REQUIRE_ARGUMENT(
        naxes == 0,
        "argument 'axes' is NULL (reverse the axes) but naxes is " + std::to_string(naxes));
    return garray::transpose(input);
  });
}

GA_API ga_status_t ga_array_swapaxes(ga_array_t array, int axis1, int axis2, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    return garray::swapaxes(input, axis1, axis2);
  });
}

GA_API ga_status_t ga_array_moveaxis(ga_array_t array, const int* source, const int* destination,
                                     int count, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    return garray::moveaxis(input, caller_list(source, count, "source"),
                            caller_list(destination, count, "destination"));
  });
}

GA_API ga_status_t ga_array_expand_dims(ga_array_t array, const int* axes, int count,
                                        ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    return garray::expand_dims(input, caller_list(axes, count, "axes"));
  });
}

GA_API ga_status_t ga_array_squeeze(ga_array_t array, const int* axes, int count, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    if (axes != nullptr) return garray::squeeze(input, caller_list(axes, count, "axes"));
    GA_REQUIRE_ARGUMENT(count == 0,
                             "argument 'axes' is NULL (squeeze every axis of extent 1) "
                             "but count is " +
                                 std::to_string(count));
    return garray::squeeze(input);
  });
}

GA_API ga_status_t ga_array_atleast_1d(ga_array_t array, ga_array_t* result) {
  return map_array(__func__, array, result, garray::atleast_1d);
}

GA_API ga_status_t ga_array_atleast_2d(ga_array_t array, ga_array_t* result) {
  return map_array(__func__, array, result, garray::atleast_2d);
}

GA_API ga_status_t ga_array_atleast_3d(ga_array_t array, ga_array_t* result) {
  return map_array(__func__, array, result, garray::atleast_3d);
}

GA_API ga_status_t ga_array_broadcast_shapes(const int64_t* const* shapes, const int* ndims,
                                             int count, int* out_ndim, int64_t* out_shape) {
  return guarded(__func__, [&] {
    const std::span<const int64_t* const> extents = caller_list(shapes, count, "shapes");
    const std::span<const int> lengths = caller_list(ndims, count, "ndims");
    require_out(out_ndim, "out_ndim");
    require_out(out_shape, "out_shape");
    std::vector<garray::Dims> parsed;
    parsed.reserve(extents.size());
    for (std::size_t i = 0; i < extents.size(); ++i) {
      const std::string name = "shapes[" + std::to_string(i) + "]";
      parsed.push_back(garray::Dims::from(extents[i], lengths[i], name.c_str()));
    }
    const garray::Dims result = garray::broadcast_shapes(parsed, "shapes");
    std::copy(result.begin(), result.end(), out_shape);
    *out_ndim = result.size();
  });
}

GA_API ga_status_t ga_array_broadcast_to(ga_array_t array, int ndim, const int64_t* shape,
                                         ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    return garray::broadcast_to(input, garray::Dims::from(shape, ndim, "shape"));
  });
}

GA_API ga_status_t ga_array_broadcast_arrays(const ga_array_t* arrays, int count, ga_array_t* result) {
  return guarded(__func__, [&] {
    const std::vector<garray::Array> inputs = garray::capi::caller_arrays(arrays, count, "arrays");
    if (count > 0) require_out(result, "result");
    garray::capi::hand_out_all(garray::broadcast_arrays(inputs), nullptr, result);
  });
}

GA_API ga_status_t ga_array_real(ga_array_t array, ga_array_t* result) {
  return map_array(__func__, array, result, garray::real_part);
}

GA_API ga_status_t ga_array_imag(ga_array_t array, ga_stream_t stream, ga_array_t* result) {
  return map_array(__func__, array, result, [&](const garray::Array& input) {
    return garray::imag_part(input, deferred_stream(stream));
  });
}

}  // extern "C"
