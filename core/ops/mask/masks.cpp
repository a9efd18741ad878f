#include "core/ops/mask/masks.hpp"

#include "core/array/axes.hpp"
#include "core/array/broadcast.hpp"
#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/overlap.hpp"
#include "core/array/reshape.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/mask/compaction.hpp"
#include "core/array/ravel.hpp"
#include "core/ops/scan/cumulative.hpp"
#include "core/ops/scan/scan.hpp"

#include <string>

namespace garray {

namespace {

// Throws unless `mask` is a bool mask over the leading axes of `a`, as NumPy checks a[mask].
void require_mask_of(const Array& a, const Array& mask) {
  GA_REQUIRE(mask.dtype() == GA_BOOL, GA_ERROR_DTYPE,
             std::string("the mask must be bool, not ") + dtype_info(mask.dtype()).name);
  const std::string shapes = "boolean index of shape " + format_shape(mask.shape()) +
                             " does not match the indexed array of shape " + format_shape(a.shape());
  GA_REQUIRE(mask.ndim() <= a.ndim(), GA_ERROR_INDEX,
             shapes + ": too many indices for array: array is " + std::to_string(a.ndim()) + "-dimensional, but " +
                 std::to_string(mask.ndim()) + " were indexed");
  for (int d = 0; d < mask.ndim(); ++d) {
    GA_REQUIRE(mask.shape()[d] == a.shape()[d], GA_ERROR_INDEX,
               shapes + ": along axis " + std::to_string(d) + " the size of the axis is " +
                   std::to_string(a.shape()[d]) + " but the size of the boolean axis is " +
                   std::to_string(mask.shape()[d]));
  }
}

// a.shape[leading:] and its element count.
Dims trailing_shape(const Array& a, int leading) {
  Dims shape;
  for (int d = leading; d < a.ndim(); ++d) shape.push_back(a.shape()[d]);
  return shape;
}

std::int64_t product(const Dims& shape) {
  std::int64_t count = 1;
  for (std::int64_t extent : shape) count *= extent;
  return count;
}

Array c_contiguous(const Array& array, const StreamRef& stream) {
  return array.is_c_contiguous() ? array : copy_as(array, array.dtype(), GA_ORDER_C, stream);
}

// a[mask] for a mask of any dtype (nonzero selects) over the leading axes of `a`.
Array select(const Array& a, const Array& mask, const StreamRef& stream) {
  const Dims inner_shape = trailing_shape(a, mask.ndim());
  const std::int64_t inner = product(inner_shape);
  const Selection selection = count_selected(mask, inner == 1 ? a.itemsize() : 8, stream);
  Dims result_shape = inner_shape;
  result_shape.insert(0, selection.count);
  const Array result = Array::empty(result_shape, a.dtype(), GA_ORDER_C, stream);
  if (result.size() == 0) return result;
  const Array source = c_contiguous(a, stream);
  if (inner == 1) {
    compact_values(selection, source, result, stream);
    return result;
  }
  const Array rows = Array::empty(Dims{selection.count}, GA_INT64, GA_ORDER_C, stream);
  compact_indices(selection, rows, stream);
  move_rows(source, rows, result, inner, false, stream);
  return result;
}

// Flat C-order indices of the nonzero elements of `a`.
Array selected_indices(const Array& a, const StreamRef& stream) {
  const Selection selection = count_selected(a, 8, stream);
  const Array indices = Array::empty(Dims{selection.count}, GA_INT64, GA_ORDER_C, stream);
  compact_indices(selection, indices, stream);
  return indices;
}

void require_same_size(const Array& a, const Array& mask, const char* function) {
  GA_REQUIRE(a.size() == mask.size(), GA_ERROR_SHAPE_MISMATCH,
             std::string(function) + ": mask and data must be the same size (mask of shape " +
                 format_shape(mask.shape()) + ", data of shape " + format_shape(a.shape()) + ")");
}

// What place and putmask check first: every array on the stream's device, `a` writeable, and
// `mask` of a's size.
void require_flat_write(const Array& a, const Array& mask, const Array& values, const StreamRef& stream,
                        const char* function) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(mask, stream, "mask");
  require_on_stream_device(values, stream, "values");
  a.require_writeable("a");
  require_same_size(a, mask, function);
}

// `mask` (same size as `a`) as a bool array of a's shape.
Array bool_mask_like(const Array& a, const Array& mask, const StreamRef& stream) {
  const Array flat = ravel(mask, GA_ORDER_C, stream);
  const Array as_bool = flat.dtype() == GA_BOOL && flat.is_c_contiguous() ? flat
                                                                            : copy_as(flat, GA_BOOL, GA_ORDER_C, stream);
  return reshape(as_bool, a.shape(), GA_ORDER_C, stream);
}

// ravel(values) as a contiguous array of a's dtype, copied when it might alias `a` (which the
// kernels write while they read it).
Array flat_values(const Array& values, const Array& a, const StreamRef& stream) {
  const Array flat = ravel(values, GA_ORDER_C, stream);
  const bool usable = flat.dtype() == a.dtype() && flat.is_c_contiguous() && !may_share_memory(flat, a);
  return usable ? flat : copy_as(flat, a.dtype(), GA_ORDER_C, stream);
}

const ElementwiseKernel& fill_mask_kernel() {
  static const auto* kernel = new ElementwiseKernel("bool m, T v", "T a", "if (m) a = v", "ga_fill_mask", "", {});
  return *kernel;
}

const ElementwiseKernel& place_kernel() {
  static const auto* kernel = new ElementwiseKernel("bool m, int64 position, raw T values, int64 count", "T a",
                                                    "if (m) a = values[(position - 1) % count]", "ga_place", "", {});
  return *kernel;
}

const ElementwiseKernel& putmask_kernel() {
  static const auto* kernel = new ElementwiseKernel("bool m, raw T values, int64 count", "T a",
                                                    "if (m) a = values[i % count]", "ga_putmask", "", {});
  return *kernel;
}

void run_in_place(const ElementwiseKernel& kernel, std::span<const KernelArgument> inputs, const Array& a,
                  const StreamRef& stream) {
  const std::optional<Array> outputs[1] = {a};
  kernel(inputs, outputs, -1, stream);
}

}  // namespace

Array get_mask(const Array& a, const Array& mask, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(mask, stream, "mask");
  require_mask_of(a, mask);
  return select(a, mask, stream);
}

void set_mask(const Array& a, const Array& mask, const Array& value, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(mask, stream, "mask");
  require_on_stream_device(value, stream, "value");
  a.require_writeable("a");
  require_mask_of(a, mask);
  const Dims inner_shape = trailing_shape(a, mask.ndim());
  const std::int64_t inner = product(inner_shape);
  const Selection selection = count_selected(mask, 8, stream);
  Dims target_shape = inner_shape;
  target_shape.insert(0, selection.count);
  GA_REQUIRE(value.ndim() <= target_shape.size() && broadcast_shapes(value.shape(), target_shape) == target_shape,
             GA_ERROR_SHAPE_MISMATCH,
             "shape mismatch: value array of shape " + format_shape(value.shape()) +
                 " could not be broadcast to indexing result of shape " + format_shape(target_shape));
  if (selection.count == 0 || inner == 0) return;
  const Array packed = Array::empty(target_shape, a.dtype(), GA_ORDER_C, stream);
  copy_into(value, packed, stream);
  const Array rows = Array::empty(Dims{selection.count}, GA_INT64, GA_ORDER_C, stream);
  compact_indices(selection, rows, stream);
  const Array destination = c_contiguous(a, stream);
  move_rows(destination, rows, packed, inner, true, stream);
  if (!a.is_c_contiguous()) copy_into(destination, a, stream);
}

void fill_mask(const Array& a, const Array& mask, const ga_scalar_t& value, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(mask, stream, "mask");
  a.require_writeable("a");
  require_mask_of(a, mask);
  validate_scalar(value, "value");
  if (a.size() == 0) return;
  // The mask broadcast over the trailing axes of `a`.
  Dims strides = mask.strides();
  while (strides.size() < a.ndim()) strides.push_back(0);
  const Array spread = mask.view(a.shape(), strides, mask.byte_offset());
  KernelArgument inputs[2];
  inputs[0].array = &spread;
  inputs[1].scalar = element_to_scalar(scalar_to_element(value, a.dtype()).data(), a.dtype());
  run_in_place(fill_mask_kernel(), inputs, a, stream);
}

Array nonzero(const Array& a, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  GA_REQUIRE_ARGUMENT(a.ndim() >= 1, "nonzero of a 0-d array is not allowed: use atleast_1d(a) first");
  const Array flat = selected_indices(a, stream);
  const std::int64_t count = flat.size();
  if (a.ndim() == 1) return flat.view(Dims{1, count}, Dims{count, 1}, flat.byte_offset());
  const Array result = Array::empty(Dims{a.ndim(), count}, GA_INT64, GA_ORDER_C, stream);
  unravel_indices(flat, a.shape(), result, 1, count, stream);
  return result;
}

Array flatnonzero(const Array& a, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  return selected_indices(a, stream);
}

Array argwhere(const Array& a, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  const Array flat = selected_indices(a, stream);
  const Array result = Array::empty(Dims{flat.size(), a.ndim()}, GA_INT64, GA_ORDER_C, stream);
  unravel_indices(flat, a.shape(), result, a.ndim(), 1, stream);
  return result;
}

Array compress(const Array& condition, const Array& a, std::optional<int> axis, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(condition, stream, "condition");
  GA_REQUIRE(condition.ndim() == 1, GA_ERROR_SHAPE_MISMATCH,
             "condition must be a 1-d array, not of shape " + format_shape(condition.shape()));
  const Array source = axis ? a : ravel(a, GA_ORDER_C, stream);
  const int along = axis ? normalize_axis(*axis, a.ndim(), "axis") : 0;
  const std::int64_t extent = source.shape()[along];
  const std::int64_t length = condition.shape()[0];
  GA_REQUIRE(length <= extent, GA_ERROR_INDEX,
             "condition of length " + std::to_string(length) + " is longer than axis " + std::to_string(along) +
                 " of extent " + std::to_string(extent));
  Dims shape = source.shape();
  shape[along] = length;
  const Array kept = source.view(shape, source.strides(), source.byte_offset());
  const int from[1] = {along};
  const int to[1] = {0};
  const Array selected = select(moveaxis(kept, from, to), condition, stream);
  if (along == 0) return selected;
  return copy_as(moveaxis(selected, to, from), a.dtype(), GA_ORDER_C, stream);
}

Array extract(const Array& condition, const Array& a, const StreamRef& stream) {
  require_on_stream_device(a, stream, "a");
  require_on_stream_device(condition, stream, "condition");
  require_same_size(a, condition, "extract");
  return select(ravel(a, GA_ORDER_C, stream), ravel(condition, GA_ORDER_C, stream), stream);
}

void place(const Array& a, const Array& mask, const Array& values, const StreamRef& stream) {
  require_flat_write(a, mask, values, stream, "place");
  if (values.size() == 0) {
    GA_REQUIRE_ARGUMENT(count_selected(mask, 8, stream).count == 0, "Cannot insert from an empty array!");
    return;
  }
  if (a.size() == 0) return;
  const Array flags = bool_mask_like(a, mask, stream);
  const Array positions = reshape(cumulative(Cumulative::sum, flags, std::nullopt, GA_INT64, std::nullopt, stream),
                                  a.shape(), GA_ORDER_C, stream);
  const Array source = flat_values(values, a, stream);
  KernelArgument inputs[4];
  inputs[0].array = &flags;
  inputs[1].array = &positions;
  inputs[2].array = &source;
  inputs[3].scalar = make_int_scalar(source.size(), GA_INT64);
  run_in_place(place_kernel(), inputs, a, stream);
}

void putmask(const Array& a, const Array& mask, const Array& values, const StreamRef& stream) {
  require_flat_write(a, mask, values, stream, "putmask");
  if (values.size() == 0 || a.size() == 0) return;
  const Array flags = bool_mask_like(a, mask, stream);
  const Array source = flat_values(values, a, stream);
  KernelArgument inputs[3];
  inputs[0].array = &flags;
  inputs[1].array = &source;
  inputs[2].scalar = make_int_scalar(source.size(), GA_INT64);
  run_in_place(putmask_kernel(), inputs, a, stream);
}

}  // namespace garray
