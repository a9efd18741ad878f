#include "core/ops/manipulation/tiling.hpp"

#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"
#include "core/array/transfer.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/kernel_argument.hpp"
#include "core/array/ravel.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace garray {

namespace {

void require_counts(std::span<const std::int64_t> counts, const char* what) {
  for (std::size_t i = 0; i < counts.size(); ++i) {
    GA_REQUIRE_ARGUMENT(counts[i] >= 0, std::string(what) + " may not contain negative values (" + what + "[" +
                                            std::to_string(i) + "] is " + std::to_string(counts[i]) + ")");
  }
}

// Source and destination views of one strided copy: the same shape, a stride per side.
struct CopyViews {
  Dims shape;
  Dims destination_strides;
  Dims source_strides;

  void push(std::int64_t extent, std::int64_t destination_stride, std::int64_t source_stride) {
    shape.push_back(extent);
    destination_strides.push_back(destination_stride);
    source_strides.push_back(source_stride);
  }
  void run(const Array& source, const Array& destination, const StreamRef& stream) const {
    copy_into(source.view(shape, source_strides, source.byte_offset()),
              destination.view(shape, destination_strides, destination.byte_offset()), stream);
  }
};

// `array` repeated `count` times per position along `axis`: the result's axis is viewed as
// (extent, count) and read from the source with stride 0 along the count.
Array repeat_uniformly(const Array& array, std::int64_t count, int axis, const StreamRef& stream) {
  Dims shape = array.shape();
  shape[axis] *= count;
  Array result = Array::empty(shape, array.dtype(), GA_ORDER_C, stream);
  if (result.size() == 0) return result;
  CopyViews views;
  for (int d = 0; d < array.ndim(); ++d) {
    const std::int64_t stride = result.strides()[d];
    if (d != axis) {
      views.push(array.shape()[d], stride, array.strides()[d]);
      continue;
    }
    if (array.shape()[d] != 1) views.push(array.shape()[d], stride * count, array.strides()[d]);
    views.push(count, stride, 0);
  }
  views.run(array, result, stream);
  return result;
}

const ElementwiseKernel& repeat_kernel() {
  static const auto* kernel = new ElementwiseKernel(kRepeatInParams, kRepeatOutParams, std::string(kRepeatOperation),
                                                    "ga_repeat_per_position", "", {});  // outlives static teardown
  return *kernel;
}

Array repeat_per_position(const Array& array, std::span<const std::int64_t> counts, int axis,
                          const StreamRef& stream) {
  std::vector<std::int64_t> ends(counts.size());
  std::int64_t total = 0;
  for (std::size_t m = 0; m < counts.size(); ++m) ends[m] = total += counts[m];
  Dims shape = array.shape();
  shape[axis] = total;
  Array result = Array::empty(shape, array.dtype(), GA_ORDER_C, stream);
  if (result.size() == 0) return result;
  std::int64_t inner = 1;
  for (int d = axis + 1; d < array.ndim(); ++d) inner *= array.shape()[d];
  const std::int64_t extent = static_cast<std::int64_t>(counts.size());
  const Array device_ends =
      upload(describe_host_data(ends.data(), 1, &extent, nullptr, GA_INT64, GA_ORDER_C), GA_INT64, stream, true);
  std::vector<KernelArgument> inputs(5);
  inputs[0].array = &array;
  inputs[1].array = &device_ends;
  inputs[2].scalar = make_int_scalar(extent, GA_INT64);
  inputs[3].scalar = make_int_scalar(total, GA_INT64);
  inputs[4].scalar = make_int_scalar(inner, GA_INT64);
  const std::optional<Array> outputs[] = {result};
  repeat_kernel()(inputs, outputs, -1, stream);
  return result;
}

}  // namespace

Array tile(const Array& array, std::span<const std::int64_t> reps, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(reps.size() <= static_cast<std::size_t>(kMaxDims),
                      "reps has " + std::to_string(reps.size()) + " entries; at most " + std::to_string(kMaxDims));
  for (std::size_t i = 0; i < reps.size(); ++i) {
    GA_REQUIRE_ARGUMENT(reps[i] >= 0, "negative dimensions are not allowed (reps[" + std::to_string(i) + "] is " +
                                          std::to_string(reps[i]) + ")");
  }
  const int ndim = std::max(array.ndim(), static_cast<int>(reps.size()));
  Dims counts = Dims::filled(ndim, 1);
  Dims source_shape = Dims::filled(ndim, 1);
  Dims source_strides = Dims::filled(ndim, 0);
  for (std::size_t i = 0; i < reps.size(); ++i) counts[ndim - static_cast<int>(reps.size()) + static_cast<int>(i)] = reps[i];
  Dims shape;
  for (int d = 0; d < ndim; ++d) {
    const int source_axis = d - (ndim - array.ndim());
    if (source_axis >= 0) {
      source_shape[d] = array.shape()[source_axis];
      source_strides[d] = array.strides()[source_axis];
    }
    shape.push_back(source_shape[d] * counts[d]);
  }
  Array result = Array::empty(shape, array.dtype(), GA_ORDER_C, stream);
  if (result.size() == 0) return result;
  // Each axis becomes (count, extent) in the copy, the count read with stride 0; axes of extent 1
  // or count 1 need only one of the two.
  int needed = 0;
  for (int d = 0; d < ndim; ++d) needed += (counts[d] != 1) + (source_shape[d] != 1 || counts[d] == 1);
  GA_REQUIRE(needed <= kMaxDims, GA_ERROR_UNSUPPORTED,
             "tile of this array needs a copy over " + std::to_string(needed) + " dimensions; at most " +
                 std::to_string(kMaxDims) + " are supported");
  CopyViews views;
  for (int d = 0; d < ndim; ++d) {
    const std::int64_t stride = result.strides()[d];
    if (counts[d] != 1) views.push(counts[d], stride * source_shape[d], 0);
    if (source_shape[d] != 1 || counts[d] == 1) views.push(source_shape[d], stride, source_strides[d]);
  }
  views.run(array, result, stream);
  return result;
}

Array repeat(const Array& array, std::span<const std::int64_t> repeats, int axis, const StreamRef& stream) {
  require_counts(repeats, "repeats");
  const bool flattened = axis == GA_AXIS_NONE;
  const Array source = flattened ? ravel(array, GA_ORDER_C, stream) : array;
  const int repeat_axis = flattened ? 0 : normalize_axis(axis, array.ndim(), "axis");
  const std::int64_t extent = source.shape()[repeat_axis];
  const bool uniform = !repeats.empty() && std::all_of(repeats.begin(), repeats.end(),
                                                       [&](std::int64_t count) { return count == repeats[0]; });
  if (repeats.size() == 1 || (uniform && static_cast<std::int64_t>(repeats.size()) == extent)) {
    return repeat_uniformly(source, repeats[0], repeat_axis, stream);
  }
  GA_REQUIRE(static_cast<std::int64_t>(repeats.size()) == extent, GA_ERROR_SHAPE_MISMATCH,
             "operands could not be broadcast together with shape (" + std::to_string(extent) + ",) (" +
                 std::to_string(repeats.size()) + ",): repeats needs 1 or " + std::to_string(extent) + " counts");
  return repeat_per_position(source, repeats, repeat_axis, stream);
}

}  // namespace garray
