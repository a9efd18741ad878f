#include "core/array/layout.hpp"

#include "core/common/error.hpp"

#include <limits>
#include <string>

namespace garray {

std::int64_t checked_element_count(const Dims& shape, std::size_t itemsize) {
  constexpr std::int64_t kLimit = std::numeric_limits<std::int64_t>::max();
  std::int64_t count = 1;
  bool overflow = false;
  for (std::int64_t extent : shape) {
    require(extent >= 0, GA_ERROR_INVALID_ARGUMENT,
            "negative dimensions are not allowed: shape " + format_shape(shape));
    if (extent != 0 && count > kLimit / extent) overflow = true;
    else count *= extent;
  }
  if (count == 0) return 0;
  require(!overflow && count <= kLimit / static_cast<std::int64_t>(itemsize), GA_ERROR_INVALID_ARGUMENT,
          "shape " + format_shape(shape) + " is too large: its byte size overflows 63 bits");
  return count;
}

Dims contiguous_strides(const Dims& shape, ga_order_t order) {
  Dims strides = Dims::filled(shape.size(), 0);
  std::int64_t stride = 1;
  if (order == GA_ORDER_F) {
    for (int i = 0; i < shape.size(); ++i) {
      strides[i] = stride;
      stride *= shape[i] > 0 ? shape[i] : 1;
    }
  } else {
    for (int i = shape.size() - 1; i >= 0; --i) {
      strides[i] = stride;
      stride *= shape[i] > 0 ? shape[i] : 1;
    }
  }
  return strides;
}

namespace {

bool has_zero_extent(const Dims& shape) {
  for (std::int64_t extent : shape) {
    if (extent == 0) return true;
  }
  return false;
}

}  // namespace

bool is_c_contiguous(const Dims& shape, const Dims& strides) {
  if (has_zero_extent(shape)) return true;
  std::int64_t expected = 1;
  for (int i = shape.size() - 1; i >= 0; --i) {
    if (shape[i] == 1) continue;
    if (strides[i] != expected) return false;
    expected *= shape[i];
  }
  return true;
}

bool is_f_contiguous(const Dims& shape, const Dims& strides) {
  if (has_zero_extent(shape)) return true;
  std::int64_t expected = 1;
  for (int i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    if (strides[i] != expected) return false;
    expected *= shape[i];
  }
  return true;
}

int normalize_axis(std::int64_t axis, int ndim, const char* what) {
  if (axis < -ndim || axis >= ndim) {
    throw Error(GA_ERROR_INDEX, std::string(what) + " " + std::to_string(axis) +
                                    " is out of bounds for an array of dimension " +
                                    std::to_string(ndim));
  }
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

Dims broadcast_shapes(const Dims& a, const Dims& b) {
  const int ndim = a.size() > b.size() ? a.size() : b.size();
  Dims result = Dims::filled(ndim, 1);
  for (int i = 0; i < ndim; ++i) {
    const int ia = a.size() - ndim + i;
    const int ib = b.size() - ndim + i;
    const std::int64_t ea = ia >= 0 ? a[ia] : 1;
    const std::int64_t eb = ib >= 0 ? b[ib] : 1;
    if (ea != eb && ea != 1 && eb != 1) {
      throw Error(GA_ERROR_SHAPE_MISMATCH, "shapes " + format_shape(a) + " and " + format_shape(b) +
                                               " cannot be broadcast together");
    }
    result[i] = ea == 1 ? eb : ea;
  }
  return result;
}

std::string format_shape(const Dims& shape) {
  std::string text = "(";
  for (int i = 0; i < shape.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  if (shape.size() == 1) text += ",";
  return text + ")";
}

ElementExtent element_extent(const Dims& shape, const Dims& strides) {
  ElementExtent extent{0, 1};
  for (int i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0) return {0, 0};
    const std::int64_t span = (shape[i] - 1) * strides[i];
    if (span < 0) extent.lowest += span;
    else extent.past_highest += span;
  }
  return extent;
}

}  // namespace garray
