#include "core/array/broadcast.hpp"

#include "core/array/layout.hpp"
#include "core/common/error.hpp"

#include <string>

namespace garray {

namespace {

std::string entry(const char* what, std::size_t position) {
  return std::string(what) + "[" + std::to_string(position) + "]";
}

void require_non_negative(const Dims& shape, const std::string& what) {
  for (std::int64_t extent : shape) {
    GA_REQUIRE_ARGUMENT(extent >= 0,
                     "negative dimensions are not allowed: " + what + " is " + format_shape(shape));
  }
}

Array view_with_access(const Array& array, const Dims& shape, const Dims& strides, bool writeable) {
  return Array(array.buffer(), array.dtype(), shape, strides, array.byte_offset(),
               writeable && array.writeable(), true);
}

}  // namespace

Dims broadcast_shapes(std::span<const Dims> shapes, const char* what) {
  int ndim = 0;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    require_non_negative(shapes[i], entry(what, i));
    if (shapes[i].size() > ndim) ndim = shapes[i].size();
  }
  Dims result = Dims::filled(ndim, 1);
  // Which entry fixed each extent of the result, to name both sides of a conflict.
  std::size_t fixed_by[kMaxDims] = {};
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const Dims& shape = shapes[i];
    for (int axis = 0; axis < shape.size(); ++axis) {
      const int result_axis = ndim - shape.size() + axis;
      const std::int64_t extent = shape[axis];
      if (extent == 1 || extent == result[result_axis]) continue;
      if (result[result_axis] == 1) {
        result[result_axis] = extent;
        fixed_by[result_axis] = i;
        continue;
      }
      const std::size_t other = fixed_by[result_axis];
      throw Error(GA_ERROR_SHAPE_MISMATCH,
                  "shape mismatch: objects cannot be broadcast to a single shape: " +
                      entry(what, other) + " has shape " + format_shape(shapes[other]) + " and " +
                      entry(what, i) + " has shape " + format_shape(shape));
    }
  }
  return result;
}

Dims broadcast_strides(const Dims& shape, const Dims& strides, const Dims& target) {
  const int leading = target.size() - shape.size();
  const auto mismatch = [&] {
    return "an array of shape " + format_shape(shape) + " cannot be broadcast to shape " +
           format_shape(target);
  };
  GA_REQUIRE(leading >= 0, GA_ERROR_SHAPE_MISMATCH, mismatch());
  Dims result = Dims::filled(target.size(), 0);
  for (int axis = 0; axis < shape.size(); ++axis) {
    const std::int64_t extent = shape[axis];
    if (extent == 1) continue;
    GA_REQUIRE(extent == target[leading + axis], GA_ERROR_SHAPE_MISMATCH, mismatch());
    result[leading + axis] = strides[axis];
  }
  return result;
}

Array broadcast_to(const Array& array, const Dims& shape) {
  require_non_negative(shape, "shape");
  return view_with_access(array, shape, broadcast_strides(array.shape(), array.strides(), shape),
                          false);
}

std::vector<Array> broadcast_arrays(std::span<const Array> arrays) {
  std::vector<Dims> shapes;
  shapes.reserve(arrays.size());
  for (const Array& array : arrays) shapes.push_back(array.shape());
  const Dims target = broadcast_shapes(shapes, "arrays");
  bool all_agree = true;
  for (const Dims& shape : shapes) all_agree = all_agree && shape == target;
  std::vector<Array> results;
  results.reserve(arrays.size());
  for (const Array& array : arrays) {
    if (all_agree) {
      results.push_back(array.view(array.shape(), array.strides(), array.byte_offset()));
    } else {
      const Dims strides = broadcast_strides(array.shape(), array.strides(), target);
      results.push_back(view_with_access(array, target, strides, array.shape() == target));
    }
  }
  return results;
}

}  // namespace garray
