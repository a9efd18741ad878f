#include <garray/linalg.h>

#include "capi/computed_result.hpp"
#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/linalg/composites.hpp"
#include "core/linalg/product_output.hpp"

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

using garray::Array;
using garray::DeferredStream;
using garray::capi::caller_axes;
using garray::capi::computed_result;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_array_handles;
using garray::capi::require_out;
using garray::capi::stream_or_current;

namespace {

// NaN stands for NumPy's None.
std::optional<double> unless_nan(double value) {
  if (std::isnan(value)) return std::nullopt;
  return value;
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_linalg_norm(ga_array_t x, ga_linalg_norm_ord_t ord, double p, const int* axes, int axis_count,
                                  int keepdims, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& input = deref(x, "x");
    const std::optional<std::vector<int>> reduced = caller_axes(axes, axis_count);
    return garray::norm(input, {ord, p}, reduced, keepdims != 0, queue.get());
  });
}

GA_API ga_status_t ga_linalg_cond(ga_array_t x, ga_linalg_norm_ord_t ord, double p, ga_array_t out, ga_stream_t stream,
                                  ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& input = deref(x, "x");
    return garray::cond(input, {ord, p}, queue.get());
  });
}

GA_API ga_status_t ga_linalg_matrix_rank(ga_array_t a, double tol, int hermitian, ga_array_t out, ga_stream_t stream,
                                         ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& input = deref(a, "a");
    return garray::matrix_rank(input, unless_nan(tol), hermitian != 0, queue.get());
  });
}

GA_API ga_status_t ga_linalg_pinv(ga_array_t a, double rcond, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& input = deref(a, "a");
    return garray::pinv(input, rcond, queue.get());
  });
}

GA_API ga_status_t ga_linalg_lstsq(ga_array_t a, ga_array_t b, double rcond, ga_stream_t stream, ga_array_t* x,
                                   ga_array_t* residuals, ga_array_t* rank, ga_array_t* s) {
  return guarded(__func__, [&] {
    const Array& matrix = deref(a, "a");
    const Array& right = deref(b, "b");
    require_out(x, "x");
    require_out(residuals, "residuals");
    require_out(rank, "rank");
    require_out(s, "s");
    garray::LstsqResult solution = garray::lstsq(matrix, right, unless_nan(rcond), stream_or_current(stream));
    const std::vector<ga_array_t> handles =
        make_array_handles({std::move(solution.x), std::move(solution.residuals), std::move(solution.rank),
                            std::move(solution.s)});
    *x = handles[0];
    *residuals = handles[1];
    *rank = handles[2];
    *s = handles[3];
  });
}

GA_API ga_status_t ga_linalg_matrix_power(ga_array_t a, int64_t n, ga_array_t out, ga_stream_t stream,
                                          ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& input = deref(a, "a");
    return garray::matrix_power(input, n, queue.get());
  });
}

GA_API ga_status_t ga_linalg_multi_dot(const ga_array_t* matrices, int count, ga_array_t out, ga_stream_t stream,
                                       ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const std::vector<Array> inputs = garray::capi::caller_arrays(matrices, count, "matrices");
    return garray::multi_dot(inputs, queue.get());
  });
}

GA_API ga_status_t ga_linalg_tensorsolve(ga_array_t a, ga_array_t b, const int* axes, int axis_count, ga_array_t out,
                                         ga_stream_t stream, ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& coefficients = deref(a, "a");
    const Array& right = deref(b, "b");
    const std::optional<std::vector<int>> moved = caller_axes(axes, axis_count);
    return garray::tensorsolve(coefficients, right, moved, queue.get());
  });
}

GA_API ga_status_t ga_linalg_tensorinv(ga_array_t a, int ind, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& input = deref(a, "a");
    return garray::tensorinv(input, ind, queue.get());
  });
}

}  // extern "C"
