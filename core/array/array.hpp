// The array: dtype, shape, strides in elements, a byte offset into a shared buffer, and flags.
// A value type: copying an Array makes another view of the same buffer.
#pragma once

#include <garray/array.h>

#include "core/array/buffer.hpp"
#include "core/array/dims.hpp"
#include "core/array/dtype.hpp"

#include <cstdint>

namespace garray {

class Array {
 public:
  // Throws GA_ERROR_INVALID_ARGUMENT when shape and strides differ in length or the view reaches
  // outside the buffer.
  Array(BufferRef buffer, ga_dtype_t dtype, const Dims& shape, const Dims& strides,
        std::int64_t byte_offset, bool writeable, bool is_view);

  // A new, uninitialised array of `shape` in C or F order on the stream's device.
  static Array empty(const Dims& shape, ga_dtype_t dtype, ga_order_t order, const StreamRef& stream);
  // The same with explicit strides, which must describe a compact layout (a permutation of C
  // order), such as strides_for_order() gives.
  static Array empty_strided(const Dims& shape, ga_dtype_t dtype, const Dims& strides,
                             const StreamRef& stream);

  // Another view of this array's buffer; `byte_offset` is absolute within the buffer.
  Array view(const Dims& shape, const Dims& strides, std::int64_t byte_offset) const;
  Array view_as(ga_dtype_t dtype, const Dims& shape, const Dims& strides, std::int64_t byte_offset) const;

  ga_dtype_t dtype() const noexcept { return dtype_; }
  std::size_t itemsize() const noexcept { return itemsize_; }
  int ndim() const noexcept { return shape_.size(); }
  const Dims& shape() const noexcept { return shape_; }
  const Dims& strides() const noexcept { return strides_; }
  std::int64_t byte_offset() const noexcept { return byte_offset_; }
  std::int64_t size() const noexcept { return size_; }
  std::size_t nbytes() const noexcept { return static_cast<std::size_t>(size_) * itemsize_; }
  int device() const noexcept { return buffer_->device(); }
  const BufferRef& buffer() const noexcept { return buffer_; }
  // Address of the first element.
  char* data() const noexcept { return static_cast<char*>(buffer_->data()) + byte_offset_; }
  bool writeable() const noexcept { return writeable_; }
  bool is_view() const noexcept { return is_view_; }
  bool is_c_contiguous() const noexcept { return c_contiguous_; }
  bool is_f_contiguous() const noexcept { return f_contiguous_; }
  unsigned flags() const noexcept;

  // Throws GA_ERROR_INVALID_ARGUMENT naming `what` unless the array may be written.
  void require_writeable(const char* what) const;

 private:
  BufferRef buffer_;
  ga_dtype_t dtype_;
  std::size_t itemsize_;
  Dims shape_;
  Dims strides_;
  std::int64_t byte_offset_;
  std::int64_t size_;
  bool writeable_;
  bool is_view_;
  bool c_contiguous_;
  bool f_contiguous_;
};

}  // namespace garray
