#include "core/ops/manipulation/joining.hpp"

#include "core/array/axes.hpp"
#include "core/array/layout.hpp"
#include "core/array/overlap.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/manipulation/axis_views.hpp"

#include <algorithm>
#include <string>

namespace garray {

namespace {

std::string entry(std::size_t i) { return "arrays[" + std::to_string(i) + "]"; }

// The shape of the joined result; checks what NumPy checks, in its order and with its messages.
Dims joined_shape(std::span<const Array> arrays, int axis) {
  const Array& first = arrays[0];
  Dims shape = first.shape();
  shape[axis] = 0;
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    const Array& array = arrays[i];
    GA_REQUIRE_ARGUMENT(array.ndim() == first.ndim(),
                        "all the input arrays must have same number of dimensions, but the array at index 0 has " +
                            std::to_string(first.ndim()) + " dimension(s) and the array at index " + std::to_string(i) +
                            " has " + std::to_string(array.ndim()) + " dimension(s)");
    for (int d = 0; d < array.ndim(); ++d) {
      GA_REQUIRE(d == axis || array.shape()[d] == first.shape()[d], GA_ERROR_SHAPE_MISMATCH,
                 "all the input array dimensions except for the concatenation axis must match exactly, but along "
                 "dimension " + std::to_string(d) + ", the array at index 0 has size " +
                     std::to_string(first.shape()[d]) + " and the array at index " + std::to_string(i) + " has size " +
                     std::to_string(array.shape()[d]) + " (shapes " + format_shape(first.shape()) + " and " +
                     format_shape(array.shape()) + ", concatenation axis " + std::to_string(axis) + ")");
    }
    shape[axis] += array.shape()[axis];
  }
  return shape;
}

ga_dtype_t joined_dtype(std::span<const Array> arrays, const JoinOptions& options) {
  if (!options.out && !options.dtype) {
    ga_dtype_t promoted = arrays[0].dtype();
    for (const Array& array : arrays) promoted = promote_types(promoted, array.dtype());
    return promoted;
  }
  const ga_dtype_t target = options.out ? options.out->dtype() : dtype_info(*options.dtype).dtype;
  for (const Array& array : arrays) require_castable(array.dtype(), target, options.casting);
  return target;
}

// Where input `source` goes: its slice along `axis` of `result`, or, for flattened inputs, its
// range of the 1-D result viewed with the input's shape in C order.
Array destination_of(const Array& result, const Array& source, int axis, bool flattened, std::int64_t offset) {
  if (!flattened) return slice_axis(result, axis, offset, offset + source.shape()[axis]);
  const Array range = slice_axis(result, 0, offset, offset + source.size());
  Dims strides = contiguous_strides(source.shape(), GA_ORDER_C);
  for (int d = 0; d < strides.size(); ++d) strides[d] *= range.strides()[0];
  return range.view(source.shape(), strides, range.byte_offset());
}

}  // namespace

Array concatenate(std::span<const Array> arrays, int axis, const JoinOptions& options, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(!arrays.empty(), "need at least one array to concatenate");
  GA_REQUIRE_ARGUMENT(!(options.dtype && options.out),
                      "concatenate() only takes `out` or `dtype` as an argument, but both were provided.");
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    if (arrays[i].device() != stream->device()) require_on_stream_device(arrays[i], stream, entry(i).c_str());
  }
  const bool flattened = axis == GA_AXIS_NONE;
  Dims shape;
  int joined_axis = 0;
  if (flattened) {
    std::int64_t total = 0;
    for (const Array& array : arrays) total += array.size();
    shape = Dims{total};
  } else {
    GA_REQUIRE_ARGUMENT(arrays[0].ndim() > 0, "zero-dimensional arrays cannot be concatenated");
    joined_axis = normalize_axis(axis, arrays[0].ndim(), "axis");
    shape = joined_shape(arrays, joined_axis);
  }
  // With `out`, the result dtype is out's own: the inputs are cast to it (joined_dtype's check), so
  // the destination check is of its device, writeability and shape.
  if (options.out) require_destination(*options.out, {shape, options.out->dtype(), options.casting}, stream);
  const ga_dtype_t dtype = joined_dtype(arrays, options);
  std::vector<Array> sources(arrays.begin(), arrays.end());
  Array result = options.out ? *options.out : Array::empty(shape, dtype, GA_ORDER_C, stream);
  if (options.out) {
    // An input that overlaps `out` is copied first, so that no copy reads what an earlier one wrote.
    for (Array& source : sources) {
      if (may_share_memory(source, result)) source = copy_as(source, source.dtype(), GA_ORDER_K, stream);
    }
  }
  std::int64_t offset = 0;
  for (const Array& source : sources) {
    const Array destination = destination_of(result, source, joined_axis, flattened, offset);
    offset += flattened ? source.size() : source.shape()[joined_axis];
    copy_into(source, destination, stream);
  }
  return result;
}

Array stack(std::span<const Array> arrays, int axis, const JoinOptions& options, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(!arrays.empty(), "need at least one array to stack");
  for (std::size_t i = 1; i < arrays.size(); ++i) {
    GA_REQUIRE(arrays[i].shape() == arrays[0].shape(), GA_ERROR_SHAPE_MISMATCH,
               "all input arrays must have the same shape, but arrays[0] has shape " +
                   format_shape(arrays[0].shape()) + " and " + entry(i) + " has shape " +
                   format_shape(arrays[i].shape()));
  }
  const int position = normalize_axis(axis, arrays[0].ndim() + 1, "axis");
  std::vector<Array> expanded;
  expanded.reserve(arrays.size());
  for (const Array& array : arrays) expanded.push_back(expand_dims(array, std::span<const int>(&position, 1)));
  return concatenate(expanded, position, options, stream);
}

std::vector<Array> split(const Array& array, std::span<const std::int64_t> indices, int axis) {
  const int split_axis = normalize_axis(axis, array.ndim(), "axis");
  const std::int64_t extent = array.shape()[split_axis];
  // Python's clamping of a slice bound.
  const auto bound = [extent](std::int64_t index) {
    if (index < 0) index += extent;
    return std::clamp<std::int64_t>(index, 0, extent);
  };
  std::vector<Array> parts;
  parts.reserve(indices.size() + 1);
  for (std::size_t part = 0; part <= indices.size(); ++part) {
    const std::int64_t start = part == 0 ? 0 : bound(indices[part - 1]);
    const std::int64_t stop = part == indices.size() ? extent : bound(indices[part]);
    parts.push_back(slice_axis(array, split_axis, start, std::max(start, stop)));
  }
  return parts;
}

std::vector<Array> split_sections(const Array& array, std::int64_t sections, int axis, bool require_equal) {
  GA_REQUIRE_ARGUMENT(sections >= 1, "number sections must be larger than 0.");
  const int split_axis = normalize_axis(axis, array.ndim(), "axis");
  const std::int64_t extent = array.shape()[split_axis];
  GA_REQUIRE_ARGUMENT(!require_equal || extent % sections == 0,
                      "array split does not result in an equal division: an axis of " + std::to_string(extent) +
                          " into " + std::to_string(sections) + " sections");
  const std::int64_t each = extent / sections;
  const std::int64_t longer = extent % sections;
  std::vector<Array> parts;
  parts.reserve(static_cast<std::size_t>(sections));
  std::int64_t start = 0;
  for (std::int64_t part = 0; part < sections; ++part) {
    const std::int64_t length = each + (part < longer ? 1 : 0);
    parts.push_back(slice_axis(array, split_axis, start, start + length));
    start += length;
  }
  return parts;
}

}  // namespace garray
