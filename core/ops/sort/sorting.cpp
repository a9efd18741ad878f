#include "core/ops/sort/sorting.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/array/reshape.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/sort/sort_engine.hpp"
#include "core/ops/sort/sort_primitives.hpp"

#include <string>
#include <vector>

namespace garray {

namespace {

using sorting::Rows;

// The permutation of a row set, turned into indices within each row and shaped as the rows.
Array indices_within_rows(const Array& permutation, const Rows& rows, const StreamRef& stream) {
  auto* indices = reinterpret_cast<std::int64_t*>(permutation.data());
  if (rows.length > 0 && rows.length < permutation.size()) {  // one row: positions are the indices
    sort_primitives::indices_within_rows(indices, indices, permutation.size(), rows.length, stream->native());
  }
  const Dims& shape = rows.data.shape();
  return as_owner(permutation, shape, contiguous_strides(shape, GA_ORDER_C));
}

Array argsort_rows(const Rows& rows, const StreamRef& stream) {
  const Array permutation = sorting::stable_permutation(std::span<const Array>(&rows.data, 1), rows.length, stream);
  return indices_within_rows(permutation, rows, stream);
}

void require_kth(const Array& array, std::span<const std::int64_t> kth, std::optional<int> axis) {
  const std::int64_t length = axis ? array.shape()[*axis] : array.size();
  for (std::size_t i = 0; i < kth.size(); ++i) {
    GA_REQUIRE(kth[i] >= -length && kth[i] < length, GA_ERROR_INVALID_ARGUMENT,
               "kth[" + std::to_string(i) + "] = " + std::to_string(kth[i]) + " is out of bounds for an axis of " +
                   std::to_string(length) + " elements");
  }
}

}  // namespace

Array sort(const Array& array, int axis, const StreamRef& stream) {
  require_on_stream_device(array, stream, "array");
  const std::optional<int> sorted_axis = sorting::axis_or_flattened(axis, array.ndim(), "axis");
  const Rows rows = sorting::rows_along(array, sorted_axis, stream);
  return sorting::restore_axis(sorting::sorted_rows(rows, stream), sorted_axis, stream);
}

void sort_in_place(const Array& array, int axis, const StreamRef& stream) {
  array.require_writeable("array");
  GA_REQUIRE_ARGUMENT(axis != GA_AXIS_NONE, "an in-place sort needs an axis, not GA_AXIS_NONE");
  copy_into(sort(array, axis, stream), array, stream);
}

Array argsort(const Array& array, int axis, const StreamRef& stream) {
  require_on_stream_device(array, stream, "array");
  const std::optional<int> sorted_axis = sorting::axis_or_flattened(axis, array.ndim(), "axis");
  const Rows rows = sorting::rows_along(array, sorted_axis, stream);
  return sorting::restore_axis(argsort_rows(rows, stream), sorted_axis, stream);
}

Array lexsort(std::span<const Array> keys, int axis, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(!keys.empty(), "lexsort needs at least one key");
  const Array& first = keys.front();
  for (std::size_t i = 0; i < keys.size(); ++i) {
    require_on_stream_device(keys[i], stream, "keys");
    GA_REQUIRE(keys[i].shape() == first.shape(), GA_ERROR_SHAPE_MISMATCH,
               "all keys need the same shape: keys[0] is " + format_shape(first.shape()) + ", keys[" +
                   std::to_string(i) + "] is " + format_shape(keys[i].shape()));
  }
  const std::optional<int> sorted_axis = sorting::axis_or_flattened(axis, first.ndim(), "axis");
  std::vector<Array> key_rows;
  std::int64_t length = 0;
  for (const Array& key : keys) {
    Rows rows = sorting::rows_along(key, sorted_axis, stream);
    length = rows.length;
    key_rows.push_back(std::move(rows.data));
  }
  const Rows shape_of_rows{key_rows.front(), 0, length};
  const Array permutation = sorting::stable_permutation(key_rows, length, stream);
  return sorting::restore_axis(indices_within_rows(permutation, shape_of_rows, stream), sorted_axis, stream);
}

Array partition(const Array& array, std::span<const std::int64_t> kth, int axis, const StreamRef& stream) {
  require_kth(array, kth, sorting::axis_or_flattened(axis, array.ndim(), "axis"));
  return sort(array, axis, stream);
}

Array argpartition(const Array& array, std::span<const std::int64_t> kth, int axis, const StreamRef& stream) {
  require_kth(array, kth, sorting::axis_or_flattened(axis, array.ndim(), "axis"));
  return argsort(array, axis, stream);
}

Array searchsorted(const Array& sorted, const Array& values, bool right, const Array* sorter, const StreamRef& stream) {
  require_on_stream_device(sorted, stream, "sorted");
  require_on_stream_device(values, stream, "values");
  GA_REQUIRE(sorted.ndim() == 1, GA_ERROR_SHAPE_MISMATCH,
             "the sorted array must be 1-D, not of shape " + format_shape(sorted.shape()));
  std::optional<Array> order;
  if (sorter != nullptr) {
    require_on_stream_device(*sorter, stream, "sorter");
    GA_REQUIRE(sorter->ndim() == 1 && sorter->size() == sorted.size(), GA_ERROR_SHAPE_MISMATCH,
               "sorter must be 1-D of the sorted array's size " + std::to_string(sorted.size()) + ", not of shape " +
                   format_shape(sorter->shape()));
    const ga_dtype_kind_t kind = dtype_info(sorter->dtype()).kind;
    GA_REQUIRE(kind == GA_KIND_SIGNED || kind == GA_KIND_UNSIGNED, GA_ERROR_DTYPE,
               std::string("sorter must hold integers, not ") + dtype_info(sorter->dtype()).name);
    order = sorting::contiguous_as(*sorter, GA_INT64, stream);
  }
  const ga_dtype_t common = promote_types(sorted.dtype(), values.dtype());
  const Array haystack = sorting::contiguous_as(sorted, common, stream);
  const Array needles = sorting::contiguous_as(values, common, stream);
  Array result = Array::empty(values.shape(), GA_INT64, GA_ORDER_C, stream);
  if (values.size() == 0) return result;
  const sorting::SearchKeys sorted_keys =
      sorting::search_keys(haystack, order ? &*order : nullptr, true, sorted.size(), stream);
  const sorting::SearchKeys value_keys = sorting::search_keys(needles, nullptr, false, values.size(), stream);
  std::vector<const void*> sorted_pointers, value_pointers;
  for (const Array& component : sorted_keys.components) sorted_pointers.push_back(component.data());
  for (const Array& component : value_keys.components) value_pointers.push_back(component.data());
  sort_primitives::search_sorted(sorted_keys.key_bytes, static_cast<int>(sorted_pointers.size()),
                                 sorted_pointers.data(), sorted.size(), value_pointers.data(), values.size(), right,
                                 reinterpret_cast<std::int64_t*>(result.data()), stream->native());
  return result;
}

}  // namespace garray
