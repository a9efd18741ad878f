#include <garray/creation.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/array/scalar.hpp"
#include "core/ops/creation.hpp"

#include <utility>
#include <vector>

using garray::Array;
using garray::Dims;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::optional_dtype;
using garray::capi::require_out;
using garray::capi::stream_or_current;

namespace {

// The fill values of zeros and ones, as int64 scalars (NumPy casts 0 and 1 to any dtype exactly).
constexpr ga_scalar_t int64_scalar(int64_t value) noexcept { return ga_scalar_t{GA_INT64, value, 0, 0.0, 0.0}; }
constexpr ga_scalar_t zero() noexcept { return int64_scalar(0); }
constexpr ga_scalar_t one() noexcept { return int64_scalar(1); }

// The shared body of zeros, ones and full.
ga_status_t filled(const char* function, int ndim, const int64_t* shape, const ga_scalar_t& value,
                   ga_dtype_t dtype, ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return guarded(function, [&] {
    require_out(result, "result");
    const Dims dims = Dims::from(shape, ndim, "shape");
    hand_out(garray::full(dims, value, dtype, order, stream_or_current(stream)), nullptr, result);
  });
}

// The shared body of zeros_like, ones_like and full_like.
ga_status_t filled_like(const char* function, ga_array_t prototype, const ga_scalar_t& value, ga_dtype_t dtype,
                        ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return guarded(function, [&] {
    const Array& proto = deref(prototype, "prototype");
    require_out(result, "result");
    hand_out(garray::full_like(proto, value, optional_dtype(dtype), order, stream_or_current(stream)), nullptr,
             result);
  });
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_scalar_cast(ga_scalar_t value, ga_dtype_t dtype, ga_scalar_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    const garray::ElementBytes element = garray::scalar_to_element(value, dtype);
    *result = garray::element_to_scalar(element.data(), dtype);
  });
}

GA_API ga_status_t ga_array_empty(int ndim, const int64_t* shape, ga_dtype_t dtype, ga_order_t order,
                                  ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    const Dims dims = Dims::from(shape, ndim, "shape");
    hand_out(Array::empty(dims, dtype, order, stream_or_current(stream)), nullptr, result);
  });
}

GA_API ga_status_t ga_array_zeros(int ndim, const int64_t* shape, ga_dtype_t dtype, ga_order_t order,
                                  ga_stream_t stream, ga_array_t* result) {
  return filled(__func__, ndim, shape, zero(), dtype, order, stream, result);
}

GA_API ga_status_t ga_array_ones(int ndim, const int64_t* shape, ga_dtype_t dtype, ga_order_t order,
                                 ga_stream_t stream, ga_array_t* result) {
  return filled(__func__, ndim, shape, one(), dtype, order, stream, result);
}

GA_API ga_status_t ga_array_full(int ndim, const int64_t* shape, ga_scalar_t value, ga_dtype_t dtype,
                                 ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return filled(__func__, ndim, shape, value, dtype, order, stream, result);
}

GA_API ga_status_t ga_array_empty_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                       ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& proto = deref(prototype, "prototype");
    require_out(result, "result");
    const ga_dtype_t resolved = optional_dtype(dtype).value_or(proto.dtype());
    hand_out(garray::empty_like(proto, resolved, order, stream_or_current(stream)), nullptr, result);
  });
}

GA_API ga_status_t ga_array_zeros_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                       ga_stream_t stream, ga_array_t* result) {
  return filled_like(__func__, prototype, zero(), dtype, order, stream, result);
}

GA_API ga_status_t ga_array_ones_like(ga_array_t prototype, ga_dtype_t dtype, ga_order_t order,
                                      ga_stream_t stream, ga_array_t* result) {
  return filled_like(__func__, prototype, one(), dtype, order, stream, result);
}

GA_API ga_status_t ga_array_full_like(ga_array_t prototype, ga_scalar_t value, ga_dtype_t dtype,
                                      ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return filled_like(__func__, prototype, value, dtype, order, stream, result);
}

GA_API ga_status_t ga_array_arange(ga_scalar_t start, ga_scalar_t stop, ga_scalar_t step,
                                   ga_dtype_t dtype, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    hand_out(garray::arange(start, stop, step, dtype, stream_or_current(stream)), nullptr, result);
  });
}

GA_API ga_status_t ga_array_linspace(double start, double stop, int64_t num, int endpoint,
                                     ga_dtype_t dtype, ga_stream_t stream, ga_array_t* result,
                                     double* step) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    garray::Linspace values = garray::linspace(start, stop, num, endpoint != 0, dtype, stream_or_current(stream));
    hand_out(std::move(values.values), nullptr, result);
    if (step) *step = values.step;
  });
}

GA_API ga_status_t ga_array_logspace(double start, double stop, int64_t num, int endpoint, double base,
                                     ga_dtype_t dtype, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    hand_out(garray::logspace(start, stop, num, endpoint != 0, base, dtype, stream_or_current(stream)), nullptr,
             result);
  });
}

GA_API ga_status_t ga_array_eye(int64_t rows, int64_t columns, int64_t k, ga_dtype_t dtype,
                                ga_order_t order, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    hand_out(garray::eye(rows, columns, k, dtype, order, stream_or_current(stream)), nullptr, result);
  });
}

GA_API ga_status_t ga_array_identity(int64_t n, ga_dtype_t dtype, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    hand_out(garray::eye(n, n, 0, dtype, GA_ORDER_C, stream_or_current(stream)), nullptr, result);
  });
}

GA_API ga_status_t ga_array_tri(int64_t rows, int64_t columns, int64_t k, ga_dtype_t dtype,
                                ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    hand_out(garray::tri(rows, columns, k, dtype, stream_or_current(stream)), nullptr, result);
  });
}

GA_API ga_status_t ga_array_meshgrid(const ga_array_t* vectors, int count, ga_meshgrid_indexing_t indexing,
                                     ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const std::vector<Array> inputs = garray::capi::caller_arrays(vectors, count, "vectors");
    if (count > 0) require_out(result, "result");
    std::vector<Array> grids = garray::meshgrid(inputs, indexing, stream_or_current(stream));
    garray::capi::hand_out_all(std::move(grids), nullptr, result);
  });
}

}  // extern "C"
