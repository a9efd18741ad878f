#include <garray/linalg.h>

#include "capi/kernel_call_arguments.hpp"
#include "capi/linalg_outputs.hpp"
#include "core/linalg/composites.hpp"

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

using garray::capi::guarded;
using garray::capi::require_out;
using namespace garray::capi::linalg;

namespace {

// NaN stands for NumPy's None.
std::optional<double> unless_nan(double value) {
  if (std::isnan(value)) return std::nullopt;
  return value;
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_linalg_norm(ga_array_t x, ga_linalg_norm_ord_t ord, double p, const int* axes, int axis_count,
                                  int keepdims, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream, [&](const garray::StreamRef& queue) {
    return garray::norm(input(x, "x"), {ord, p}, garray::capi::caller_axes(axes, axis_count), keepdims != 0, queue);
  });
}

GA_API ga_status_t ga_linalg_cond(ga_array_t x, ga_linalg_norm_ord_t ord, double p, ga_array_t* out,
                                  ga_stream_t stream) {
  return single_result(__func__, out, stream, [&](const garray::StreamRef& queue) {
    return garray::cond(input(x, "x"), {ord, p}, queue);
  });
}

GA_API ga_status_t ga_linalg_matrix_rank(ga_array_t a, double tol, int hermitian, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream, [&](const garray::StreamRef& queue) {
    return garray::matrix_rank(input(a, "a"), unless_nan(tol), hermitian != 0, queue);
  });
}

GA_API ga_status_t ga_linalg_pinv(ga_array_t a, double rcond, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream,
                       [&](const garray::StreamRef& queue) { return garray::pinv(input(a, "a"), rcond, queue); });
}

GA_API ga_status_t ga_linalg_lstsq(ga_array_t a, ga_array_t b, double rcond, ga_array_t* x, ga_array_t* residuals,
                                   ga_array_t* rank, ga_array_t* s, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& matrix = input(a, "a");
    const garray::Array& right = input(b, "b");
    require_empty_results({{x, "x"}, {residuals, "residuals"}, {rank, "rank"}, {s, "s"}});
    garray::LstsqResult result =
        garray::lstsq(matrix, right, unless_nan(rcond), garray::capi::stream_or_current(stream));
    const std::optional<garray::Array> solution = std::move(result.x);
    const std::optional<garray::Array> squares = std::move(result.residuals);
    const std::optional<garray::Array> count = std::move(result.rank);
    const std::optional<garray::Array> values = std::move(result.s);
    hand_over({{x, &solution}, {residuals, &squares}, {rank, &count}, {s, &values}});
  });
}

GA_API ga_status_t ga_linalg_matrix_power(ga_array_t a, int64_t n, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream,
                       [&](const garray::StreamRef& queue) { return garray::matrix_power(input(a, "a"), n, queue); });
}

GA_API ga_status_t ga_linalg_multi_dot(const ga_array_t* matrices, int count, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream, [&](const garray::StreamRef& queue) {
    GA_REQUIRE_ARGUMENT(count >= 0 && (count == 0 || matrices != nullptr), "matrices is NULL or count is negative");
    std::vector<garray::Array> arrays;
    for (int index = 0; index < count; ++index) {
      arrays.push_back(garray::capi::deref_entry(matrices[index], "matrices", static_cast<size_t>(index), ""));
    }
    return garray::multi_dot(arrays, queue);
  });
}

GA_API ga_status_t ga_linalg_tensorsolve(ga_array_t a, ga_array_t b, const int* axes, int axis_count, ga_array_t* out,
                                         ga_stream_t stream) {
  return single_result(__func__, out, stream, [&](const garray::StreamRef& queue) {
    return garray::tensorsolve(input(a, "a"), input(b, "b"), garray::capi::caller_axes(axes, axis_count), queue);
  });
}

GA_API ga_status_t ga_linalg_tensorinv(ga_array_t a, int ind, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream,
                       [&](const garray::StreamRef& queue) { return garray::tensorinv(input(a, "a"), ind, queue); });
}

}  // extern "C"
