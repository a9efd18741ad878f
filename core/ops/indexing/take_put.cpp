#include "core/ops/indexing/take_put.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/indexing.hpp"
#include "core/array/promotion.hpp"
#include "core/array/reshape.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/indexing/advanced_index.hpp"
#include "core/array/ravel.hpp"

#include <string>
#include <vector>

namespace garray {

namespace {

constexpr ga_index_t kWholeAxis{GA_INDEX_SLICE, 0, 0, 1, 0, 0};

int normalized_axis(int axis, int ndim) {
  GA_REQUIRE(axis >= -ndim && axis < ndim, GA_ERROR_INDEX,
             "axis " + std::to_string(axis) + " is out of bounds for array of dimension " + std::to_string(ndim));
  return axis < 0 ? axis + ndim : axis;
}

// The loop of `array.take(indices, axis)` (axis not GA_AXIS_NONE).
IndexedLoop take_loop(const Array& array, const Array& indices, int axis) {
  std::vector<IndexItem> items(static_cast<std::size_t>(normalized_axis(axis, array.ndim())) + 1,
                               IndexItem{kWholeAxis, nullptr});
  items.back().array = &indices;
  return plan_advanced_index(array, items);
}

// The loop of NumPy's take_along_axis/put_along_axis: the other axes of array and indices
// broadcast together, and indices pick along `axis`.
IndexedLoop along_axis_loop(const Array& array, const Array& indices, int axis) {
  require_integer_indices(indices, "indices");
  GA_REQUIRE(indices.ndim() == array.ndim(), GA_ERROR_SHAPE_MISMATCH,
             "indices has " + std::to_string(indices.ndim()) + " dimensions; it must have as many as the array (" +
                 std::to_string(array.ndim()) + ")");
  axis = normalized_axis(axis, array.ndim());
  Dims array_shape = array.shape();
  Dims array_strides = array.strides();
  array_shape[axis] = 1;
  array_strides[axis] = 0;
  const Dims shape = broadcast_shapes(std::vector<Dims>{array_shape, indices.shape()}, "(array, indices)");
  IndexedLoop loop{shape, array, broadcast_strides(array_shape, array_strides, shape), {}};
  loop.indices.push_back(IndexOperand{indices, broadcast_strides(indices.shape(), indices.strides(), shape),
                                      array.shape()[axis], array.strides()[axis], axis});
  return loop;
}

// NumPy's along-axis functions take axis=None as the flattened array with 1-D indices.
IndexedLoop flat_or_along_axis_loop(const Array& array, const Array& indices, int axis, const StreamRef& stream) {
  if (axis != GA_AXIS_NONE) return along_axis_loop(array, indices, axis);
  GA_REQUIRE(indices.ndim() == 1, GA_ERROR_SHAPE_MISMATCH,
             "with no axis, indices must be 1-D (it has " + std::to_string(indices.ndim()) + " dimensions)");
  return along_axis_loop(ravel(array, GA_ORDER_C, stream), indices, 0);
}

// values.flat[k % values.size] for k < count, shaped `shape` (NumPy's put repeats short values).
Array repeated_values(const Array& values, const Dims& shape, const StreamRef& stream) {
  const Array flat = ravel(values, GA_ORDER_C, stream);
  std::int64_t count = 1;
  for (std::int64_t extent : shape) count *= extent;
  if (flat.size() == count) return reshape(flat, shape, GA_ORDER_C, stream);
  if (flat.size() == 1) return reshape(flat, Dims{}, GA_ORDER_C, stream);
  const Array positions = reshape(
      arange(make_int_scalar(0, GA_INT64), make_int_scalar(count, GA_INT64), make_int_scalar(1, GA_INT64), GA_INT64,
             stream),
      shape, GA_ORDER_C, stream);
  const IndexItem item{kWholeAxis, &positions};
  return gather_values(plan_advanced_index(flat, std::span(&item, 1)), nullptr, GA_INDEX_MODE_WRAP, stream);
}

}  // namespace

Array take(const Array& array, const Array& indices, int axis, ga_index_mode_t mode, const Array* out,
           const StreamRef& stream) {
  require_index_mode(mode);
  require_integer_indices(indices, "indices");
  // Checked before the flattening copy a strided array may need (gather_values checks it in general).
  if (out != nullptr && axis == GA_AXIS_NONE) {
    require_destination(*out, {indices.shape(), array.dtype(), Casting::unsafe}, stream);
  }
  const IndexedLoop loop =
      axis == GA_AXIS_NONE ? take_loop(ravel(array, GA_ORDER_C, stream), indices, 0) : take_loop(array, indices, axis);
  return gather_values(loop, out, mode, stream);
}

void put(const Array& array, const Array& indices, const Array& values, ga_index_mode_t mode, const StreamRef& stream) {
  require_index_mode(mode);
  require_integer_indices(indices, "indices");
  array.require_writeable("array");
  if (values.size() == 0 || indices.size() == 0) return;
  const Array repeated = repeated_values(values, indices.shape(), stream);
  if (array.is_c_contiguous()) {
    scatter_values(take_loop(ravel(array, GA_ORDER_C, stream), indices, 0), repeated, mode, stream);
    return;
  }
  // NumPy's put writes the C-order positions of any layout: through a contiguous copy here.
  const Array staged = copy_as(array, array.dtype(), GA_ORDER_C, stream);
  scatter_values(take_loop(ravel(staged, GA_ORDER_C, stream), indices, 0), repeated, mode, stream);
  copy_into(staged, array, stream);
}

Array take_along_axis(const Array& array, const Array& indices, int axis, ga_index_mode_t mode,
                      const StreamRef& stream) {
  require_index_mode(mode);
  return gather_values(flat_or_along_axis_loop(array, indices, axis, stream), nullptr, mode, stream);
}

void put_along_axis(const Array& array, const Array& indices, const Array& values, int axis, ga_index_mode_t mode,
                    const StreamRef& stream) {
  require_index_mode(mode);
  array.require_writeable("array");
  GA_REQUIRE(axis != GA_AXIS_NONE || array.is_c_contiguous(), GA_ERROR_INVALID_ARGUMENT,
             "put_along_axis with no axis needs a C-contiguous array (its flattened view)");
  scatter_values(flat_or_along_axis_loop(array, indices, axis, stream), values, mode, stream);
}

Array choose(const Array& array, std::span<const Array> choices, ga_index_mode_t mode, const Array* out,
             const StreamRef& stream) {
  require_index_mode(mode);
  require_integer_indices(array, "array");
  GA_REQUIRE_ARGUMENT(!choices.empty(), "choose needs at least one choice");
  std::vector<Dims> shapes{array.shape()};
  std::vector<Operand> operands;
  for (const Array& choice : choices) {
    shapes.push_back(choice.shape());
    operands.push_back(Operand::strong(choice.dtype()));
  }
  const Dims shape = broadcast_shapes(shapes, "(array, choices...)");
  const ga_dtype_t dtype = result_type(operands);
  // Any dtype takes the chosen values (cast as assignment casts); checked before the choices are stacked.
  if (out != nullptr) require_destination(*out, {shape, dtype, Casting::unsafe}, stream);
  // The choices side by side in one array, so that the choice index is one more axis.
  Dims stacked_shape = shape;
  stacked_shape.insert(0, static_cast<std::int64_t>(choices.size()));
  const Array stacked = Array::empty(stacked_shape, dtype, GA_ORDER_C, stream);
  for (std::size_t k = 0; k < choices.size(); ++k) {
    const ga_index_t position{GA_INDEX_INTEGER, static_cast<std::int64_t>(k), 0, 1, 0, 0};
    copy_into(choices[k], index(stacked, std::span(&position, 1)), stream);
  }
  Dims choice_strides;
  for (int d = 1; d < stacked.ndim(); ++d) choice_strides.push_back(stacked.strides()[d]);
  IndexedLoop loop{shape, stacked, choice_strides, {}};
  loop.indices.push_back(IndexOperand{array, broadcast_strides(array.shape(), array.strides(), shape),
                                      static_cast<std::int64_t>(choices.size()), stacked.strides()[0], 0});
  return gather_values(loop, out, mode, stream);
}

}  // namespace garray
