#include "core/ops/manipulation/axis_views.hpp"

#include "core/common/error.hpp"

#include <string>

namespace garray {

Array slice_axis(const Array& array, int axis, std::int64_t start, std::int64_t stop) {
  Dims shape = array.shape();
  shape[axis] = stop - start;
  const std::int64_t offset =
      stop > start ? start * array.strides()[axis] * static_cast<std::int64_t>(array.itemsize()) : 0;
  return array.view(shape, array.strides(), array.byte_offset() + offset);
}

Array reverse_axis(const Array& array, int axis) {
  Dims strides = array.strides();
  strides[axis] = -strides[axis];
  const std::int64_t extent = array.shape()[axis];
  const std::int64_t offset =
      extent > 0 ? (extent - 1) * array.strides()[axis] * static_cast<std::int64_t>(array.itemsize()) : 0;
  return array.view(array.shape(), strides, array.byte_offset() + offset);
}

Array read_only(const Array& array) {
  return Array(array.buffer(), array.dtype(), array.shape(), array.strides(), array.byte_offset(), false, true);
}

void require_castable(ga_dtype_t from, ga_dtype_t to, Casting casting) {
  GA_REQUIRE(can_cast(from, to, casting), GA_ERROR_DTYPE,
             std::string("Cannot cast array data from dtype('") + dtype_info(from).name + "') to dtype('" +
                 dtype_info(to).name + "') according to the rule '" + casting_name(casting) + "'");
}

}  // namespace garray
