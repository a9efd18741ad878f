#include "core/array/axes.hpp"

#include "core/array/layout.hpp"
#include "core/array/reshape.hpp"
#include "core/common/error.hpp"

#include <algorithm>
#include <string>

namespace garray {

namespace {

// The view whose axis i is axis permutation[i] of `array`; `permutation` is already normalised.
Array permuted(const Array& array, const Dims& permutation) {
  Dims shape;
  Dims strides;
  for (std::int64_t axis : permutation) {
    shape.push_back(array.shape()[static_cast<int>(axis)]);
    strides.push_back(array.strides()[static_cast<int>(axis)]);
  }
  return array.view(shape, strides, array.byte_offset());
}

// The view without the axes marked in `removed`, the others keeping their strides.
Array without_axes(const Array& array, const bool (&removed)[kMaxDims]) {
  Dims shape;
  Dims strides;
  for (int axis = 0; axis < array.ndim(); ++axis) {
    if (removed[axis]) continue;
    shape.push_back(array.shape()[axis]);
    strides.push_back(array.strides()[axis]);
  }
  return array.view(shape, strides, array.byte_offset());
}

}  // namespace

Array transpose(const Array& array, std::span<const int> axes) {
  GA_REQUIRE_ARGUMENT(axes.size() == static_cast<std::size_t>(array.ndim()),
                   "axes don't match array: " + std::to_string(axes.size()) +
                       " axes for an array of dimension " + std::to_string(array.ndim()));
  return permuted(array, normalize_axes(axes, array.ndim(), "axes"));
}

Array transpose(const Array& array) {
  Dims reversed;
  for (int axis = array.ndim() - 1; axis >= 0; --axis) reversed.push_back(axis);
  return permuted(array, reversed);
}

Array swapaxes(const Array& array, int axis1, int axis2) {
  const int first = normalize_axis(axis1, array.ndim(), "axis1");
  const int second = normalize_axis(axis2, array.ndim(), "axis2");
  Dims permutation;
  for (int axis = 0; axis < array.ndim(); ++axis)
    permutation.push_back(axis == first ? second : axis == second ? first : axis);
  return permuted(array, permutation);
}

Array moveaxis(const Array& array, std::span<const int> source, std::span<const int> destination) {
  GA_REQUIRE_ARGUMENT(source.size() == destination.size(),
                   "source has " + std::to_string(source.size()) + " axes but destination has " +
                       std::to_string(destination.size()) + "; they must have the same number");
  const Dims from = normalize_axes(source, array.ndim(), "source");
  const Dims to = normalize_axes(destination, array.ndim(), "destination");
  Dims permutation;
  for (int axis = 0; axis < array.ndim(); ++axis) {
    if (std::find(from.begin(), from.end(), axis) == from.end()) permutation.push_back(axis);
  }
  // Inserting by increasing destination puts each moved axis exactly where it was asked to go.
  int by_destination[kMaxDims];
  for (int i = 0; i < from.size(); ++i) by_destination[i] = i;
  std::sort(by_destination, by_destination + from.size(),
            [&](int a, int b) { return to[a] < to[b]; });
  for (int i = 0; i < from.size(); ++i) {
    const int moved = by_destination[i];
    permutation.insert(static_cast<int>(to[moved]), from[moved]);
  }
  return permuted(array, permutation);
}

Array expand_dims(const Array& array, std::span<const int> axes) {
  const std::size_t result_ndim = static_cast<std::size_t>(array.ndim()) + axes.size();
  GA_REQUIRE_ARGUMENT(result_ndim <= static_cast<std::size_t>(kMaxDims),
                   "expanding an array of dimension " + std::to_string(array.ndim()) + " by " +
                       std::to_string(axes.size()) + " axes exceeds " + std::to_string(kMaxDims) +
                       " dimensions");
  const Dims inserted = normalize_axes(axes, static_cast<int>(result_ndim), "axes");
  Dims shape;
  int kept = 0;
  for (int axis = 0; axis < static_cast<int>(result_ndim); ++axis) {
    const bool is_new = std::find(inserted.begin(), inserted.end(), axis) != inserted.end();
    shape.push_back(is_new ? 1 : array.shape()[kept++]);
  }
  // NumPy's expand_dims is a C-order reshape; reshaping can always insert axes of extent 1 in
  // place.
  const std::optional<Array> view = reshape_view(array, shape, GA_ORDER_C);
  GA_REQUIRE(view.has_value(), GA_ERROR_INTERNAL, "inserting axes of extent 1 needed a copy");
  return *view;
}

Array squeeze(const Array& array, std::span<const int> axes) {
  bool removed[kMaxDims] = {};
  for (std::int64_t axis : normalize_axes(axes, array.ndim(), "axes")) {
    const std::int64_t extent = array.shape()[static_cast<int>(axis)];
    GA_REQUIRE(extent == 1, GA_ERROR_SHAPE_MISMATCH,
            "cannot select an axis to squeeze out which has size not equal to one: axis " +
                std::to_string(axis) + " of shape " + format_shape(array.shape()) + " has extent " +
                std::to_string(extent));
    removed[axis] = true;
  }
  return without_axes(array, removed);
}

Array squeeze(const Array& array) {
  bool removed[kMaxDims] = {};
  for (int axis = 0; axis < array.ndim(); ++axis) removed[axis] = array.shape()[axis] == 1;
  return without_axes(array, removed);
}

}  // namespace garray
