#include "core/ops/scan/scan.hpp"

#include "core/array/axes.hpp"
#include "core/array/layout.hpp"
#include "core/array/overlap.hpp"
#include "core/array/ravel.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/scan/scan_kernels.hpp"

#include <string>

namespace garray {

namespace {

// One thread per line keeps the device busy from this many lines on, or when lines are so short
// that tiles would be mostly idle; below both, staging through a contiguous copy is faster.
constexpr std::int64_t kLineScanMinimumLines = 16384;
constexpr std::int64_t kLineScanMaximumLength = 64;

// The array with `axis` moved last.
Array axis_last(const Array& array, int axis) {
  const int source[1] = {axis};
  const int destination[1] = {-1};
  return moveaxis(array, source, destination);
}

void scan_into(const Array& source, const Array& destination, int axis, const ScanOperation& operation,
               ga_dtype_t scan_dtype, const StreamRef& stream) {
  if (!operation.associative) {
    launch_line_scan(source, destination, axis, scan_dtype, operation, stream);
    return;
  }
  const std::int64_t length = source.shape()[axis];
  const std::int64_t lines = source.size() / length;
  const Array moved_source = axis_last(source, axis);
  const Array moved_destination = axis_last(destination, axis);
  if (moved_source.is_c_contiguous() && moved_destination.is_c_contiguous()) {
    launch_tile_scan(moved_source, moved_destination, length, scan_dtype, operation, stream);
    return;
  }
  if (lines >= kLineScanMinimumLines || length <= kLineScanMaximumLength) {
    launch_line_scan(source, destination, axis, scan_dtype, operation, stream);
    return;
  }
  const Array staged_source =
      moved_source.is_c_contiguous() ? moved_source : copy_as(moved_source, source.dtype(), GA_ORDER_C, stream);
  if (moved_destination.is_c_contiguous()) {
    launch_tile_scan(staged_source, moved_destination, length, scan_dtype, operation, stream);
    return;
  }
  const Array staged_destination = Array::empty(staged_source.shape(), destination.dtype(), GA_ORDER_C, stream);
  launch_tile_scan(staged_source, staged_destination, length, scan_dtype, operation, stream);
  copy_into(staged_destination, moved_destination, stream);
}

}  // namespace

Array scan(const Array& input, std::optional<int> axis, const ScanOperation& operation, ga_dtype_t scan_dtype,
           const std::optional<Array>& out, const StreamRef& stream) {
  require_on_stream_device(input, stream, "array");
  const int scan_axis = axis ? normalize_axis(*axis, input.ndim(), "axis") : 0;
  Array source = axis ? input : ravel(input, GA_ORDER_C, stream);
  // NumPy's accumulate casts into out= unsafely: any dtype takes the scan's values.
  require_destination(out, {source.shape(), scan_dtype, Casting::unsafe}, stream);
  const Array result = out ? *out : Array::empty(source.shape(), scan_dtype, GA_ORDER_C, stream);
  if (source.size() == 0) return result;
  if (out && may_share_memory(*out, source) && !is_same_view(*out, source)) {
    source = copy_as(source, source.dtype(), GA_ORDER_C, stream);
  }
  scan_into(source, result, scan_axis, operation, scan_dtype, stream);
  return result;
}

}  // namespace garray
