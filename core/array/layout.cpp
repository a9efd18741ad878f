#include "core/array/layout.hpp"

#include "core/common/error.hpp"

#include <limits>
#include <string>

namespace garray {

std::int64_t checked_element_count(const Dims& shape, std::size_t itemsize) {
  constexpr std::int64_t kLimit = std::numeric_limits<std::int64_t>::max();
  // As NumPy, the non-zero extents must fit even when another extent is 0: contiguous strides
  // are products of them, and must not overflow.
  std::int64_t nonzero_count = 1;
  bool overflow = false;
  bool empty = false;
  for (std::int64_t extent : shape) {
    if (extent < 0) {
      throw Error(GA_ERROR_INVALID_ARGUMENT, "negative dimensions are not allowed: shape " + format_shape(shape));
    }
    if (extent == 0) empty = true;
    else if (nonzero_count > kLimit / extent) overflow = true;
    else nonzero_count *= extent;
  }
  if (overflow || nonzero_count > kLimit / static_cast<std::int64_t>(itemsize)) {
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "shape " + format_shape(shape) + " is too large: its byte size overflows 63 bits");
  }
  return empty ? 0 : nonzero_count;
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

Dims strides_for_order(const Dims& shape, const Dims& strides, bool c_contiguous, bool f_contiguous,
                       ga_order_t order) {
  switch (order) {
    case GA_ORDER_C: return contiguous_strides(shape, GA_ORDER_C);
    case GA_ORDER_F: return contiguous_strides(shape, GA_ORDER_F);
    case GA_ORDER_A:
      return contiguous_strides(shape, f_contiguous && !c_contiguous ? GA_ORDER_F : GA_ORDER_C);
    case GA_ORDER_K: break;
    default:
      throw Error(GA_ERROR_INVALID_ARGUMENT,
                  "order " + std::to_string(static_cast<int>(order)) + " is not a ga_order_t value");
  }
  if (c_contiguous) return contiguous_strides(shape, GA_ORDER_C);
  if (f_contiguous) return contiguous_strides(shape, GA_ORDER_F);
  // Axes from the largest to the smallest stride magnitude, ties in C order.
  Dims axes;
  for (int d = 0; d < shape.size(); ++d) {
    int position = axes.size();
    auto magnitude = [&](int axis) { return strides[axis] < 0 ? -strides[axis] : strides[axis]; };
    while (position > 0 && magnitude(static_cast<int>(axes[position - 1])) < magnitude(d)) --position;
    axes.insert(position, d);
  }
  Dims result = Dims::filled(shape.size(), 0);
  std::int64_t stride = 1;
  for (int i = shape.size() - 1; i >= 0; --i) {
    const int axis = static_cast<int>(axes[i]);
    result[axis] = stride;
    stride *= shape[axis] > 0 ? shape[axis] : 1;
  }
  return result;
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

Dims normalize_axes(std::span<const int> axes, int ndim, const char* what) {
  GA_REQUIRE_ARGUMENT(axes.size() <= static_cast<std::size_t>(kMaxDims),
                   std::string("argument '") + what + "' has " + std::to_string(axes.size()) +
                       " entries; an array has at most " + std::to_string(kMaxDims) + " axes");
  Dims normalized;
  bool seen[kMaxDims] = {};
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const std::string entry = std::string(what) + "[" + std::to_string(i) + "]";
    const int axis = normalize_axis(axes[i], ndim, entry.c_str());
    GA_REQUIRE_ARGUMENT(!seen[axis], "repeated axis " + std::to_string(axes[i]) + " in argument '" +
                                      what + "'");
    seen[axis] = true;
    normalized.push_back(axis);
  }
  return normalized;
}

std::int64_t scaled_stride(std::int64_t stride, std::int64_t factor) {
  std::int64_t product = 0;
  return __builtin_mul_overflow(stride, factor, &product) ? stride : product;
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
