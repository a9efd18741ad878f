#include "core/array/array.hpp"

#include "core/array/layout.hpp"
#include "core/common/error.hpp"

#include <string>
#include <utility>

namespace garray {

Array::Array(BufferRef buffer, ga_dtype_t dtype, const Dims& shape, const Dims& strides,
             std::int64_t byte_offset, bool writeable, bool is_view)
    : buffer_(std::move(buffer)),
      dtype_(dtype),
      itemsize_(dtype_info(dtype).itemsize),
      shape_(shape),
      strides_(strides),
      byte_offset_(byte_offset),
      size_(checked_element_count(shape, itemsize_)),
      writeable_(writeable),
      is_view_(is_view),
      c_contiguous_(garray::is_c_contiguous(shape, strides)),
      f_contiguous_(garray::is_f_contiguous(shape, strides)) {
  GA_REQUIRE_ARGUMENT(buffer_ != nullptr, "an array needs a buffer");
  if (shape.size() != strides.size()) {
    throw Error(GA_ERROR_INVALID_ARGUMENT, "shape has " + std::to_string(shape.size()) +
                                               " dimensions but strides has " + std::to_string(strides.size()));
  }
  if (size_ == 0) return;
  const ElementExtent extent = element_extent(shape, strides);
  const auto item = static_cast<std::int64_t>(itemsize_);
  const std::int64_t first_byte = byte_offset + extent.lowest * item;
  const std::int64_t end_byte = byte_offset + extent.past_highest * item;
  if (first_byte < 0 || end_byte > static_cast<std::int64_t>(buffer_->bytes())) {
    throw Error(GA_ERROR_INVALID_ARGUMENT, "the view (bytes " + std::to_string(first_byte) + ".." +
                                               std::to_string(end_byte) + ") reaches outside its buffer of " +
                                               std::to_string(buffer_->bytes()) + " bytes");
  }
}

Array Array::empty(const Dims& shape, ga_dtype_t dtype, ga_order_t order, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(order == GA_ORDER_C || order == GA_ORDER_F,
                   "order must be GA_ORDER_C or GA_ORDER_F for a new array");
  return empty_strided(shape, dtype, contiguous_strides(shape, order), stream);
}

Array Array::empty_strided(const Dims& shape, ga_dtype_t dtype, const Dims& strides,
                           const StreamRef& stream) {
  const std::size_t itemsize = dtype_info(dtype).itemsize;
  const std::int64_t count = checked_element_count(shape, itemsize);
  BufferRef buffer = allocate_device_buffer(static_cast<std::size_t>(count) * itemsize, stream);
  return Array(std::move(buffer), dtype, shape, strides, 0, true, false);
}

Array Array::view(const Dims& shape, const Dims& strides, std::int64_t byte_offset) const {
  return view_as(dtype_, shape, strides, byte_offset);
}

Array Array::view_as(ga_dtype_t dtype, const Dims& shape, const Dims& strides,
                     std::int64_t byte_offset) const {
  return Array(buffer_, dtype, shape, strides, byte_offset, writeable_, true);
}

unsigned Array::flags() const noexcept {
  unsigned flags = 0;
  if (c_contiguous_) flags |= GA_ARRAY_C_CONTIGUOUS;
  if (f_contiguous_) flags |= GA_ARRAY_F_CONTIGUOUS;
  if (writeable_) flags |= GA_ARRAY_WRITEABLE;
  if (!is_view_ && buffer_->allocated_by_garray()) flags |= GA_ARRAY_OWNDATA;
  return flags;
}

void Array::require_writeable(const char* what) const {
  GA_REQUIRE_ARGUMENT(writeable_, std::string("argument '") + what + "' is read-only");
}

}  // namespace garray
