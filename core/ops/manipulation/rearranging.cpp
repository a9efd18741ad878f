#include "core/ops/manipulation/rearranging.hpp"

#include "core/array/axes.hpp"
#include "core/array/layout.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/manipulation/axis_views.hpp"
#include "core/array/ravel.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace garray {

namespace {

// The non-negative remainder of `shift` by `extent` (> 0), as Python's `%`.
std::int64_t wrapped(std::int64_t shift, std::int64_t extent) {
  const std::int64_t remainder = shift % extent;
  return remainder < 0 ? remainder + extent : remainder;
}

// `source` rolled by `shifts[d]` (each in 0..extent-1) along every axis d, written into
// `destination` of the same shape: along a rolled axis, source [0, n-s) goes to [s, n) and source
// [n-s, n) to [0, s); every combination of those halves is one copy.
void copy_rolled(const Array& source, const Array& destination, const Dims& shifts, const StreamRef& stream) {
  std::vector<int> rolled;
  for (int d = 0; d < source.ndim(); ++d) {
    if (shifts[d] != 0) rolled.push_back(d);
  }
  const std::size_t regions = std::size_t{1} << rolled.size();
  for (std::size_t region = 0; region < regions; ++region) {
    Array from = source;
    Array to = destination;
    for (std::size_t r = 0; r < rolled.size(); ++r) {
      const int axis = rolled[r];
      const std::int64_t extent = source.shape()[axis];
      const std::int64_t shift = shifts[axis];
      if ((region >> r) & 1) {
        from = slice_axis(from, axis, extent - shift, extent);
        to = slice_axis(to, axis, 0, shift);
      } else {
        from = slice_axis(from, axis, 0, extent - shift);
        to = slice_axis(to, axis, shift, extent);
      }
    }
    copy_into(from, to, stream);
  }
}

}  // namespace

Array flip(const Array& array, const std::optional<std::span<const int>>& axes) {
  Array result = array.view(array.shape(), array.strides(), array.byte_offset());
  if (!axes) {
    for (int axis = 0; axis < array.ndim(); ++axis) result = reverse_axis(result, axis);
    return result;
  }
  for (std::int64_t axis : normalize_axes(*axes, array.ndim(), "axis")) {
    result = reverse_axis(result, static_cast<int>(axis));
  }
  return result;
}

Array roll(const Array& array, std::span<const std::int64_t> shifts, const std::optional<std::span<const int>>& axes,
           const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(!shifts.empty(), "shift is empty; give at least one shift");
  Array result = Array::empty(array.shape(), array.dtype(), GA_ORDER_C, stream);
  if (!axes) {
    std::int64_t total = 0;
    for (std::int64_t shift : shifts) total += shift;
    const Array flat_source = ravel(array, GA_ORDER_C, stream);
    const Array flat_result = result.view(Dims{array.size()}, Dims{1}, result.byte_offset());
    Dims flat_shifts{array.size() > 0 ? wrapped(total, array.size()) : 0};
    copy_rolled(flat_source, flat_result, flat_shifts, stream);
    return result;
  }
  const std::size_t count = std::max(shifts.size(), axes->size());
  GA_REQUIRE((shifts.size() == count || shifts.size() == 1) && (axes->size() == count || axes->size() == 1),
             GA_ERROR_SHAPE_MISMATCH,
             "shape mismatch: objects cannot be broadcast to a single shape: shift has " +
                 std::to_string(shifts.size()) + " entries and axis " + std::to_string(axes->size()));
  Dims per_axis = Dims::filled(array.ndim(), 0);
  for (std::size_t i = 0; i < count; ++i) {
    const int axis = normalize_axis((*axes)[axes->size() == 1 ? 0 : i], array.ndim(), "axis");
    const std::int64_t extent = array.shape()[axis];
    if (extent > 0) {
      per_axis[axis] = wrapped(per_axis[axis] + wrapped(shifts[shifts.size() == 1 ? 0 : i], extent), extent);
    }
  }
  copy_rolled(array, result, per_axis, stream);
  return result;
}

Array rot90(const Array& array, int k, int axis1, int axis2) {
  const int ndim = array.ndim();
  GA_REQUIRE_ARGUMENT(axis1 != axis2 && std::abs(static_cast<std::int64_t>(axis1) - axis2) != ndim,
                      "Axes must be different.");
  GA_REQUIRE_ARGUMENT(axis1 < ndim && axis1 >= -ndim && axis2 < ndim && axis2 >= -ndim,
                      "Axes=(" + std::to_string(axis1) + ", " + std::to_string(axis2) +
                          ") out of range for array of ndim=" + std::to_string(ndim) + ".");
  const int first = normalize_axis(axis1, ndim, "axis1");
  const int second = normalize_axis(axis2, ndim, "axis2");
  const int turns = ((k % 4) + 4) % 4;
  Array result = array.view(array.shape(), array.strides(), array.byte_offset());
  if (turns == 0) return result;
  if (turns == 2) return reverse_axis(reverse_axis(result, first), second);
  std::vector<int> permutation(static_cast<std::size_t>(ndim));
  for (int axis = 0; axis < ndim; ++axis) permutation[static_cast<std::size_t>(axis)] = axis;
  std::swap(permutation[static_cast<std::size_t>(first)], permutation[static_cast<std::size_t>(second)]);
  if (turns == 1) return transpose(reverse_axis(result, second), permutation);
  return reverse_axis(transpose(result, permutation), second);
}

}  // namespace garray
