#include "core/ops/sort/counting.hpp"

#include "core/array/dtype.hpp"
#include "core/array/half_float.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/array/transfer.hpp"
#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/sort/sort_engine.hpp"
#include "core/ops/sort/sort_primitives.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace garray {

namespace {

// A new zeroed array.
Array zeros(std::int64_t count, ga_dtype_t dtype, const StreamRef& stream) {
  Array result = Array::empty(Dims{count}, dtype, GA_ORDER_C, stream);
  check_cuda(cudaMemsetAsync(result.data(), 0, result.nbytes(), stream->native()), "cudaMemsetAsync");
  return result;
}

// The minimum and maximum of a non-empty contiguous int64 or float64 array (NaN wins), on the host.
template <class T>
std::pair<T, T> min_max(const Array& data, const StreamRef& stream) {
  const int blocks = sort_primitives::min_max_blocks(data.size());
  const Array partials = Array::empty(Dims{2 * blocks}, data.dtype(), GA_ORDER_C, stream);
  sort_primitives::min_max_partials(data.dtype(), data.data(), data.size(), partials.data(), stream->native());
  std::vector<T> host(2 * static_cast<std::size_t>(blocks));
  download(partials, host.data(), host.size() * sizeof(T), stream, false);
  T low = host[0], high = host[1];
  for (int b = 0; b < blocks; ++b) {
    const T block_low = host[2 * b], block_high = host[2 * b + 1];
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(block_low) || std::isnan(block_high)) return {block_low, block_high};
    }
    low = std::min(low, block_low);
    high = std::max(high, block_high);
  }
  return {low, high};
}

void require_real(const Array& array, const char* what) {
  GA_REQUIRE(dtype_info(array.dtype()).kind != GA_KIND_COMPLEX, GA_ERROR_DTYPE,
             std::string(what) + " must be real, not " + dtype_info(array.dtype()).name);
}

// `value` rounded to `dtype` (a float dtype), as NumPy's arithmetic in that dtype rounds each
// result: an operation on values of the dtype computed in double and rounded once is correctly
// rounded for float32, float16 and bfloat16 alike.
double round_to(double value, ga_dtype_t dtype) {
  switch (dtype) {
    case GA_FLOAT32: return static_cast<float>(value);
    case GA_FLOAT16: return half_bits_to_float(double_to_half_bits(value));
    case GA_BFLOAT16: return bfloat16_bits_to_float(double_to_bfloat16_bits(value));
    default: return value;
  }
}

// NumPy's histogram edges: np.linspace(low, high, bins + 1) evaluated in `dtype` (NumPy 2 computes
// in the dtype of the range: the array's float dtype for the data's own extent, float64 for a
// range of Python floats), with NumPy's widening of an empty range.
std::vector<double> linspace_edges(double low, double high, std::int64_t bins, ga_dtype_t dtype) {
  const auto rounded = [dtype](double value) { return round_to(value, dtype); };
  if (low == high) {
    low = rounded(low - 0.5);
    high = rounded(high + 0.5);
  }
  std::vector<double> edges(static_cast<std::size_t>(bins) + 1);
  const double divisor = static_cast<double>(bins);
  const double delta = rounded(high - low);
  const double step = rounded(delta / divisor);
  for (std::int64_t i = 0; i <= bins; ++i) {
    const double position = rounded(static_cast<double>(i));
    const double scaled = step == 0 ? rounded(rounded(position / divisor) * delta) : rounded(position * step);
    edges[static_cast<std::size_t>(i)] = rounded(scaled + low);
  }
  edges.back() = high;
  return edges;
}

Array upload_doubles(const std::vector<double>& values, const StreamRef& stream) {
  const Dims shape{static_cast<std::int64_t>(values.size())};
  return upload(HostLayout{values.data(), shape, Dims{8}}, GA_FLOAT64, stream, false);
}

Array count_into_bins(const Array& array, const Array& edges64, const StreamRef& stream) {
  const std::int64_t bins = std::max<std::int64_t>(edges64.size() - 1, 0);
  Array counts = zeros(bins, GA_INT64, stream);
  if (bins == 0) return counts;
  const Array values = sorting::contiguous_as(array, GA_FLOAT64, stream);
  sort_primitives::histogram(reinterpret_cast<const double*>(values.data()), values.size(),
                             reinterpret_cast<const double*>(edges64.data()), bins,
                             reinterpret_cast<std::int64_t*>(counts.data()), stream->native());
  return counts;
}

std::string range_text(double low, double high) {
  return "[" + std::to_string(low) + ", " + std::to_string(high) + "]";
}

}  // namespace

Array bincount(const Array& x, const Array* weights, std::int64_t minlength, const StreamRef& stream) {
  require_on_stream_device(x, stream, "x");
  GA_REQUIRE(x.ndim() == 1, GA_ERROR_SHAPE_MISMATCH, "x must be 1-D, not of shape " + format_shape(x.shape()));
  GA_REQUIRE(can_cast(x.dtype(), GA_INT64, Casting::safe), GA_ERROR_DTYPE,
             std::string("x must hold integers that cast safely to int64, not ") + dtype_info(x.dtype()).name);
  GA_REQUIRE_ARGUMENT(minlength >= 0, "minlength must be non-negative, not " + std::to_string(minlength));
  if (weights != nullptr) {
    require_on_stream_device(*weights, stream, "weights");
    GA_REQUIRE(
        weights->shape() == x.shape(), GA_ERROR_SHAPE_MISMATCH,
        "weights of shape " + format_shape(weights->shape()) + " do not match x of shape " + format_shape(x.shape()));
    GA_REQUIRE(can_cast(weights->dtype(), GA_FLOAT64, Casting::safe), GA_ERROR_DTYPE,
               std::string("weights must cast safely to float64, not ") + dtype_info(weights->dtype()).name);
  }
  const ga_dtype_t result_dtype = weights ? GA_FLOAT64 : GA_INT64;
  if (x.size() == 0) return zeros(minlength, result_dtype, stream);
  const Array values = sorting::contiguous_as(x, GA_INT64, stream);
  const auto [low, high] = min_max<std::int64_t>(values, stream);
  GA_REQUIRE_ARGUMENT(low >= 0, "x must have no negative elements; its minimum is " + std::to_string(low));
  Array result = zeros(std::max(high + 1, minlength), result_dtype, stream);
  std::optional<Array> weights64;
  if (weights) weights64 = sorting::contiguous_as(*weights, GA_FLOAT64, stream);
  sort_primitives::bincount(reinterpret_cast<const std::int64_t*>(values.data()),
                            weights64 ? reinterpret_cast<const double*>(weights64->data()) : nullptr, values.size(),
                            result.data(), stream->native());
  return result;
}

std::pair<Array, Array> histogram(const Array& array, std::int64_t bins, std::optional<std::pair<double, double>> range,
                                  const StreamRef& stream) {
  require_on_stream_device(array, stream, "array");
  require_real(array, "array");
  GA_REQUIRE_ARGUMENT(bins > 0, "bins must be positive, not " + std::to_string(bins));
  double low = 0, high = 1;
  if (range) {
    std::tie(low, high) = *range;
    GA_REQUIRE_ARGUMENT(low <= high, "range's maximum must not be below its minimum: " + range_text(low, high));
    GA_REQUIRE_ARGUMENT(std::isfinite(low) && std::isfinite(high),
                        "the supplied range " + range_text(low, high) + " is not finite");
  } else if (array.size() > 0) {
    std::tie(low, high) = min_max<double>(sorting::contiguous_as(array, GA_FLOAT64, stream), stream);
    GA_REQUIRE_ARGUMENT(std::isfinite(low) && std::isfinite(high),
                        "the autodetected range " + range_text(low, high) + " is not finite");
  }
  const ga_dtype_t dtype = array.dtype();
  const ga_dtype_t edge_dtype = dtype_info(dtype).kind == GA_KIND_FLOAT ? dtype : GA_FLOAT64;
  const Array edges64 =
      upload_doubles(linspace_edges(low, high, bins, range || array.size() == 0 ? GA_FLOAT64 : edge_dtype), stream);
  Array edges = edge_dtype == GA_FLOAT64 ? edges64 : copy_as(edges64, edge_dtype, GA_ORDER_C, stream);
  const Array rounded64 = edge_dtype == GA_FLOAT64 ? edges64 : copy_as(edges, GA_FLOAT64, GA_ORDER_C, stream);
  return {count_into_bins(array, rounded64, stream), std::move(edges)};
}

Array histogram_with_edges(const Array& array, const Array& edges, const StreamRef& stream) {
  require_on_stream_device(array, stream, "array");
  require_on_stream_device(edges, stream, "edges");
  require_real(array, "array");
  require_real(edges, "edges");
  GA_REQUIRE(edges.ndim() == 1, GA_ERROR_SHAPE_MISMATCH,
             "edges must be 1-D, not of shape " + format_shape(edges.shape()));
  const Array edges64 = sorting::contiguous_as(edges, GA_FLOAT64, stream);
  std::vector<double> host(static_cast<std::size_t>(edges64.size()));
  download(edges64, host.data(), host.size() * sizeof(double), stream, false);
  for (std::size_t i = 1; i < host.size(); ++i) {
    GA_REQUIRE_ARGUMENT(!(host[i - 1] > host[i]), "edges must increase monotonically; edges[" + std::to_string(i) +
                                                      "] is below edges[" + std::to_string(i - 1) + "]");
  }
  return count_into_bins(array, edges64, stream);
}

}  // namespace garray
