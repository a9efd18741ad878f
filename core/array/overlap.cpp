#include "core/array/overlap.hpp"

#include "core/array/layout.hpp"

namespace garray {

bool may_share_memory(const Array& a, const Array& b) {
  if (a.buffer() != b.buffer() || a.size() == 0 || b.size() == 0) return false;
  const ElementExtent ea = element_extent(a.shape(), a.strides());
  const ElementExtent eb = element_extent(b.shape(), b.strides());
  const auto ia = static_cast<std::int64_t>(a.itemsize());
  const auto ib = static_cast<std::int64_t>(b.itemsize());
  const std::int64_t a_begin = a.byte_offset() + ea.lowest * ia;
  const std::int64_t a_end = a.byte_offset() + ea.past_highest * ia;
  const std::int64_t b_begin = b.byte_offset() + eb.lowest * ib;
  const std::int64_t b_end = b.byte_offset() + eb.past_highest * ib;
  return a_begin < b_end && b_begin < a_end;
}

bool is_same_view(const Array& a, const Array& b) {
  return a.buffer() == b.buffer() && a.dtype() == b.dtype() && a.byte_offset() == b.byte_offset() &&
         a.shape() == b.shape() && a.strides() == b.strides();
}

}  // namespace garray
