#include "core/signal/order_filter.hpp"

#include "core/array/dtype.hpp"
#include "core/array/transfer.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"
#include "core/runtime/device.hpp"
#include "core/signal/order_filter_kernels.hpp"

#include <string>
#include <vector>

namespace garray {

namespace {

// The dtype the kernels compare in: int64 for signed integers, uint64 for unsigned and bool,
// float32 for the half-precision floats. Complex values have no order: GA_ERROR_DTYPE.
ga_dtype_t compare_dtype(ga_dtype_t dtype, const char* function) {
  switch (dtype_info(dtype).kind) {
    case GA_KIND_BOOL:
    case GA_KIND_UNSIGNED: return GA_UINT64;
    case GA_KIND_SIGNED: return GA_INT64;
    case GA_KIND_FLOAT: return dtype == GA_FLOAT64 ? GA_FLOAT64 : GA_FLOAT32;
    case GA_KIND_COMPLEX: break;
  }
  throw Error(GA_ERROR_DTYPE, std::string(function) + ": complex input has no order (" + dtype_info(dtype).name + ")");
}

// Appends the C-order position of element `flat` of an array of `shape`.
void append_position(std::vector<std::int64_t>& offsets, std::int64_t flat, const Dims& shape) {
  const std::size_t first = offsets.size();
  offsets.resize(first + static_cast<std::size_t>(shape.size()));
  for (int d = shape.size() - 1; d >= 0; --d) {
    offsets[first + static_cast<std::size_t>(d)] = flat % shape[d];
    flat /= shape[d];
  }
}

void require_odd_window(const Dims& shape, int ndim, const char* function, const char* what) {
  GA_REQUIRE(shape.size() == ndim, GA_ERROR_SHAPE_MISMATCH,
             std::string(function) + ": " + what + " has " + std::to_string(shape.size()) +
                 " dimensions; the input has " + std::to_string(ndim));
  GA_REQUIRE_ARGUMENT(ndim >= 1 && ndim <= order_filter_kernels::kMaxDims,
                      std::string(function) + ": 1 to " + std::to_string(order_filter_kernels::kMaxDims) +
                          " dimensions");
  for (int d = 0; d < ndim; ++d) {
    GA_REQUIRE_ARGUMENT(shape[d] > 0 && shape[d] % 2 == 1,
                        std::string(function) + ": each dimension of " + what + " should have an odd number of "
                        "elements (axis " + std::to_string(d) + " has " + std::to_string(shape[d]) + ")");
  }
}

// The filter with the domain's nonzero positions listed in `offsets` (C order, ndim per row).
Array filter_with_offsets(const Array& a, const Dims& domain_shape, const std::vector<std::int64_t>& offsets,
                          std::int64_t rank, ga_dtype_t compare, const StreamRef& stream) {
  const std::int64_t count = static_cast<std::int64_t>(offsets.size()) / std::max(a.ndim(), 1);
  order_filter_kernels::Geometry g;
  g.ndim = a.ndim();
  for (int d = 0; d < g.ndim; ++d) {
    g.shape[d] = a.shape()[d];
    g.center[d] = domain_shape[d] / 2;
  }
  const Array input = a.dtype() == compare && a.is_c_contiguous() ? a : copy_as(a, compare, GA_ORDER_C, stream);
  const std::int64_t offset_count = static_cast<std::int64_t>(offsets.size());
  const Array device_offsets =
      upload(describe_host_data(offsets.data(), 1, &offset_count, nullptr, GA_INT64, GA_ORDER_C), GA_INT64, stream,
             false);
  const Array output = Array::empty(a.shape(), compare, GA_ORDER_C, stream);
  {
    DeviceGuard guard(stream->device());
    order_filter_kernels::order_filter(compare, input.data(), output.data(), g,
                                       reinterpret_cast<const std::int64_t*>(device_offsets.data()), count, rank,
                                       stream->native());
  }
  return compare == a.dtype() ? output : copy_as(output, a.dtype(), GA_ORDER_C, stream);
}

void require_rank(std::int64_t rank, std::int64_t count) {
  GA_REQUIRE_ARGUMENT(rank >= 0 && rank < count,
                      "order_filter: rank " + std::to_string(rank) + " is out of range for a domain of " +
                          std::to_string(count) + " nonzero elements");
}

}  // namespace

Array order_filter(const Array& a, const Array& domain, std::int64_t rank, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(domain, stream, "domain");
  const ga_dtype_t compare = compare_dtype(a.dtype(), "order_filter");
  require_odd_window(domain.shape(), a.ndim(), "order_filter", "domain");
  std::vector<unsigned char> mask(static_cast<std::size_t>(domain.size()));
  download(copy_as(domain, GA_BOOL, GA_ORDER_C, stream), mask.data(), mask.size(), stream, false);
  std::vector<std::int64_t> offsets;
  for (std::int64_t flat = 0; flat < domain.size(); ++flat) {
    if (!mask[static_cast<std::size_t>(flat)]) continue;
    append_position(offsets, flat, domain.shape());
  }
  require_rank(rank, static_cast<std::int64_t>(offsets.size()) / std::max(a.ndim(), 1));
  if (a.size() == 0) return Array::empty(a.shape(), a.dtype(), GA_ORDER_C, stream);
  return filter_with_offsets(a, domain.shape(), offsets, rank, compare, stream);
}

Array medfilt(const Array& a, const Dims& shape, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  const ga_dtype_t compare = compare_dtype(a.dtype(), "medfilt");
  require_odd_window(shape, a.ndim(), "medfilt", "kernel_size");
  if (a.size() == 0) return Array::empty(a.shape(), a.dtype(), GA_ORDER_C, stream);
  if (a.ndim() == 2 && a.dtype() == compare) {
    const Array input = a.is_c_contiguous() ? a : copy_as(a, compare, GA_ORDER_C, stream);
    const Array output = Array::empty(a.shape(), compare, GA_ORDER_C, stream);
    DeviceGuard guard(stream->device());
    if (order_filter_kernels::median_2d(compare, input.data(), output.data(), a.shape()[0], a.shape()[1], shape[0],
                                        shape[1], stream->native())) {
      return output;
    }
  }
  std::int64_t count = 1;
  for (int d = 0; d < shape.size(); ++d) count *= shape[d];
  std::vector<std::int64_t> offsets;
  offsets.reserve(static_cast<std::size_t>(count * a.ndim()));
  for (std::int64_t flat = 0; flat < count; ++flat) {
    append_position(offsets, flat, shape);
  }
  return filter_with_offsets(a, shape, offsets, count / 2, compare, stream);
}

}  // namespace garray
