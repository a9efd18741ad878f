#include <garray/creation.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/scalar.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/fill.hpp"

#include <utility>
#include <vector>

using garray::Array;
using garray::Dims;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;

namespace {

ga_array_t hand_out(Array array) { return make_handle<ga_array_s>(std::move(array)); }

ga_dtype_t dtype_or_prototype(ga_dtype_t dtype, const Array& prototype) {
  return dtype == GA_DTYPE_SAME ? prototype.dtype() : dtype;
}

// The shared body of zeros/ones/full and their _like forms.
ga_array_t filled(const Dims& shape, const ga_scalar_t& value, ga_dtype_t dtype, ga_order_t order) {
  return hand_out(garray::full(shape, value, dtype, order, garray::current_stream()));
}

ga_array_t filled_like(ga_array_t prototype, const ga_scalar_t& value, ga_dtype_t dtype, ga_order_t order) {
  const Array& proto = deref(prototype, "prototype");
  garray::validate_scalar(value, "value");
  const garray::StreamRef& stream = garray::current_stream();
  Array result = garray::empty_like(proto, dtype_or_prototype(dtype, proto), order, stream);
  garray::fill(result, value, stream);
  return hand_out(std::move(result));
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_scalar_cast(ga_scalar_t value, ga_dtype_t dtype, ga_scalar_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    const garray::ElementBytes element = garray::scalar_to_element(value, dtype);
    *out = garray::element_to_scalar(element.data(), dtype);
  });
}

GA_API ga_status_t ga_array_empty(int ndim, const int64_t* shape, ga_dtype_t dtype, ga_order_t order,
                                  ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    const Dims dims = Dims::from(shape, ndim, "shape");
    *out = hand_out(Array::empty(dims, dtype, order, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_zeros(int ndim, const int64_t* shape, ga_dtype_t dtype, ga_order_t order,
                                  ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = filled(Dims::from(shape, ndim, "shape"), garray::make_int_scalar(0, GA_INT64), dtype, order);
  });
}

GA_API ga_status_t ga_array_ones(int ndim, const int64_t* shape, ga_dtype_t dtype, ga_order_t order,
                                 ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = filled(Dims::from(shape, ndim, "shape"), garray::make_int_scalar(1, GA_INT64), dtype, order);
  });
}

GA_API ga_status_t ga_array_full(int ndim, const int64_t* shape, ga_scalar_t value, ga_dtype_t dtype,
                                 ga_order_t order, ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = filled(Dims::from(shape, ndim, "shape"), value, dtype, order);
  });
}

GA_API ga_status_t ga_array_empty_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                       ga_array_t* out) {
  return guarded(__func__, [&] {
    const Array& proto = deref(prototype, "prototype");
    require_out(out, "out");
    *out = hand_out(garray::empty_like(proto, dtype_or_prototype(dtype, proto), order, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_zeros_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                       ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = filled_like(prototype, garray::make_int_scalar(0, GA_INT64), dtype, order);
  });
}

GA_API ga_status_t ga_array_ones_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                      ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = filled_like(prototype, garray::make_int_scalar(1, GA_INT64), dtype, order);
  });
}

GA_API ga_status_t ga_array_full_like(ga_array_t prototype, ga_scalar_t value, ga_dtype_t dtype,
                                      ga_order_t order, ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = filled_like(prototype, value, dtype, order);
  });
}

GA_API ga_status_t ga_array_arange(ga_scalar_t start, ga_scalar_t stop, ga_scalar_t step,
                                   ga_dtype_t dtype, ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = hand_out(garray::arange(start, stop, step, dtype, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_linspace(double start, double stop, int64_t num, int endpoint,
                                     ga_dtype_t dtype, ga_array_t* out, double* step) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    garray::Linspace result = garray::linspace(start, stop, num, endpoint != 0, dtype, garray::current_stream());
    if (step) *step = result.step;
    *out = hand_out(std::move(result.values));
  });
}

GA_API ga_status_t ga_array_logspace(double start, double stop, int64_t num, int endpoint, double base,
                                     ga_dtype_t dtype, ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = hand_out(garray::logspace(start, stop, num, endpoint != 0, base, dtype, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_eye(int64_t rows, int64_t columns, int64_t k, ga_dtype_t dtype,
                                ga_order_t order, ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = hand_out(garray::eye(rows, columns, k, dtype, order, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_identity(int64_t n, ga_dtype_t dtype, ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = hand_out(garray::eye(n, n, 0, dtype, GA_ORDER_C, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_tri(int64_t rows, int64_t columns, int64_t k, ga_dtype_t dtype,
                                ga_array_t* out) {
  return guarded(__func__, [&] {
    require_out(out, "out");
    *out = hand_out(garray::tri(rows, columns, k, dtype, garray::current_stream()));
  });
}

GA_API ga_status_t ga_array_meshgrid(const ga_array_t* vectors, int count,
                                     ga_meshgrid_indexing_t indexing, ga_array_t* out) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(count >= 0, "count must be non-negative");
    GA_REQUIRE_ARGUMENT(count == 0 || vectors != nullptr, "argument 'vectors' is NULL");
    if (count > 0) require_out(out, "out");
    std::vector<Array> inputs;
    inputs.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) inputs.push_back(deref(vectors[i], "vectors[i]"));
    std::vector<Array> grids = garray::meshgrid(inputs, indexing, garray::current_stream());
    std::vector<ga_array_t> handles;
    handles.reserve(grids.size());
    try {
      for (Array& grid : grids) handles.push_back(hand_out(std::move(grid)));
    } catch (...) {
      for (ga_array_t handle : handles) garray::capi::release(handle, "grid");
      throw;
    }
    for (std::size_t i = 0; i < handles.size(); ++i) out[i] = handles[i];
  });
}

}  // extern "C"
