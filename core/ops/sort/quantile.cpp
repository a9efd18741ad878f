#include "core/ops/sort/quantile.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/transfer.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/sort/sort_engine.hpp"
#include "core/ops/sort/sort_primitives.hpp"

#include <string>
#include <vector>

namespace garray {

namespace {

// The result shape without q's axes: the array's shape without `axis` (every axis for nullopt),
// or with it (them) kept as 1.
Dims reduced_shape(const Array& array, std::optional<int> axis, bool keepdims) {
  Dims shape;
  for (int d = 0; d < array.ndim(); ++d) {
    const bool reduced = !axis || d == *axis;
    if (!reduced) {
      shape.push_back(array.shape()[d]);
    } else if (keepdims) {
      shape.push_back(1);
    }
  }
  return shape;
}

void require_quantile_input(const Array& array, bool median) {
  const ga_dtype_kind_t kind = dtype_info(array.dtype()).kind;
  GA_REQUIRE(kind != GA_KIND_COMPLEX, GA_ERROR_DTYPE, "the array must be real, not complex");
  GA_REQUIRE(median || kind != GA_KIND_BOOL, GA_ERROR_DTYPE,
             "quantiles of a bool array are not defined (NumPy cannot subtract booleans)");
}

// q (validated) and, for median, nothing: the shared path.
Array order_statistic(const Array& array, std::span<const double> q, const Dims& q_shape, int axis, bool keepdims,
                      bool median, const StreamRef& stream) {
  require_on_stream_device(array, stream, "array");
  require_quantile_input(array, median);
  const std::optional<int> reduced_axis = sorting::axis_or_flattened(axis, array.ndim(), "axis");
  const std::int64_t length = reduced_axis ? array.shape()[*reduced_axis] : array.size();
  GA_REQUIRE(median || length > 0, GA_ERROR_INDEX, "quantiles of an empty axis are not defined");
  Dims shape = q_shape;
  for (std::int64_t extent : reduced_shape(array, reduced_axis, keepdims)) shape.push_back(extent);
  std::int64_t rows = 1;
  for (std::int64_t extent : reduced_shape(array, reduced_axis, false)) rows *= extent;

  const Array values = sorting::contiguous_as(array, GA_FLOAT64, stream);
  const Array sorted = sorting::sorted_rows(sorting::rows_along(values, reduced_axis, stream), stream);
  const std::vector<double> host_q(q.begin(), q.end());
  const Array device_q = upload(HostLayout{host_q.data(), Dims{static_cast<std::int64_t>(host_q.size())}, Dims{8}},
                                GA_FLOAT64, stream, false);
  Array result = Array::empty(shape, GA_FLOAT64, GA_ORDER_C, stream);
  sort_primitives::quantiles_of_sorted_rows(
      reinterpret_cast<const double*>(sorted.data()), rows, length, reinterpret_cast<const double*>(device_q.data()),
      static_cast<std::int64_t>(q.size()), median, reinterpret_cast<double*>(result.data()), stream->native());
  const ga_dtype_t dtype = array.dtype();
  const ga_dtype_t result_dtype = dtype_info(dtype).kind == GA_KIND_FLOAT ? dtype : GA_FLOAT64;
  return result_dtype == GA_FLOAT64 ? result : copy_as(result, result_dtype, GA_ORDER_C, stream);
}

void require_q(std::span<const double> q, const Dims& q_shape, double high, const char* range) {
  std::int64_t count = 1;
  for (std::int64_t extent : q_shape) count *= extent;
  GA_REQUIRE_ARGUMENT(count == static_cast<std::int64_t>(q.size()), "q holds " + std::to_string(q.size()) +
                                                                        " values but q_shape " + format_shape(q_shape) +
                                                                        " needs " + std::to_string(count));
  for (std::size_t i = 0; i < q.size(); ++i) {
    GA_REQUIRE_ARGUMENT(q[i] >= 0 && q[i] <= high,
                        "q[" + std::to_string(i) + "] = " + std::to_string(q[i]) + " is outside " + range);
  }
}

}  // namespace

Array quantile(const Array& array, std::span<const double> q, const Dims& q_shape, int axis, bool keepdims,
               const StreamRef& stream) {
  require_q(q, q_shape, 1, "[0, 1]");
  return order_statistic(array, q, q_shape, axis, keepdims, false, stream);
}

Array percentile(const Array& array, std::span<const double> q, const Dims& q_shape, int axis, bool keepdims,
                 const StreamRef& stream) {
  require_q(q, q_shape, 100, "[0, 100]");
  std::vector<double> fractions;
  for (double value : q) fractions.push_back(value / 100);
  return order_statistic(array, fractions, q_shape, axis, keepdims, false, stream);
}

Array median(const Array& array, int axis, bool keepdims, const StreamRef& stream) {
  const double half = 0.5;
  return order_statistic(array, std::span<const double>(&half, 1), Dims{}, axis, keepdims, true, stream);
}

}  // namespace garray
