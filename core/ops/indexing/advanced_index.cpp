#include "core/ops/indexing/advanced_index.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/indexing.hpp"
#include "core/array/overlap.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace garray {

namespace {

std::string item_name(std::size_t position) { return "items[" + std::to_string(position) + "]"; }

std::vector<ga_index_t> basic_items(std::span<const IndexItem> items) {
  std::vector<ga_index_t> basic;
  basic.reserve(items.size());
  for (const IndexItem& item : items) basic.push_back(item.basic);
  return basic;
}

bool is_advanced(const IndexItem& item) {
  return item.array != nullptr || item.basic.kind == GA_INDEX_INTEGER;
}

// Whether the advanced items (arrays and integers) sit next to each other in the list.
bool advanced_items_adjacent(std::span<const IndexItem> items) {
  std::size_t first = items.size();
  std::size_t last = 0;
  std::size_t count = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!is_advanced(items[i])) continue;
    first = std::min(first, i);
    last = i;
    ++count;
  }
  return count == 0 || last - first + 1 == count;
}

}  // namespace

bool has_index_arrays(std::span<const IndexItem> items) {
  for (const IndexItem& item : items) {
    if (item.array != nullptr) return true;
  }
  return false;
}

IndexedLoop plan_advanced_index(const Array& array, std::span<const IndexItem> items) {
  // Each integer array becomes a whole slice of its axis; the view keeps those axes.
  std::vector<ga_index_t> basic(items.size());
  int consuming = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    basic[i] = items[i].basic;
    if (items[i].array != nullptr) {
      basic[i] = ga_index_t{GA_INDEX_SLICE, 0, 0, 1, 0, 0};
      require_integer_indices(*items[i].array, item_name(i) + ".array");
    }
    if (basic[i].kind == GA_INDEX_SLICE || basic[i].kind == GA_INDEX_INTEGER) ++consuming;
  }
  const Array view = index(array, basic);

  // The view's axis of each integer array, and the broadcast shape of the arrays.
  std::vector<int> array_axes;
  std::vector<Dims> index_shapes;
  std::vector<const Array*> index_arrays;
  int view_axis = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].array != nullptr) {
      array_axes.push_back(view_axis);
      index_shapes.push_back(items[i].array->shape());
      index_arrays.push_back(items[i].array);
    }
    switch (basic[i].kind) {
      case GA_INDEX_SLICE:
      case GA_INDEX_NEWAXIS: ++view_axis; break;
      case GA_INDEX_ELLIPSIS: view_axis += array.ndim() - consuming; break;
      default: break;
    }
  }
  GA_REQUIRE(static_cast<int>(index_arrays.size()) <= kMaxIndexArrays, GA_ERROR_UNSUPPORTED,
             std::to_string(index_arrays.size()) + " index arrays; at most " + std::to_string(kMaxIndexArrays) +
                 " are supported");
  const Dims broadcast = broadcast_shapes(index_shapes, "index arrays");

  // The axes the arrays leave, and where the broadcast axes go among them.
  std::vector<int> kept_axes;
  int insert_at = 0;
  for (int axis = 0; axis < view.ndim(); ++axis) {
    bool indexed = false;
    for (int array_axis : array_axes) indexed = indexed || array_axis == axis;
    if (indexed) continue;
    if (!array_axes.empty() && axis < array_axes.front()) ++insert_at;
    kept_axes.push_back(axis);
  }
  if (!advanced_items_adjacent(items)) insert_at = 0;
  GA_REQUIRE_ARGUMENT(static_cast<int>(kept_axes.size()) + broadcast.size() <= kMaxDims,
                      "the result would have more than " + std::to_string(kMaxDims) + " dimensions");

  IndexedLoop loop{Dims{}, view, Dims{}, {}};
  std::vector<Dims> index_strides(index_arrays.size());
  auto add_kept_axis = [&](int axis) {
    loop.shape.push_back(view.shape()[axis]);
    loop.array_strides.push_back(view.strides()[axis]);
    for (Dims& strides : index_strides) strides.push_back(0);
  };
  for (int k = 0; k < insert_at; ++k) add_kept_axis(kept_axes[k]);
  for (std::size_t k = 0; k < index_arrays.size(); ++k) {
    const Dims strides = broadcast_strides(index_arrays[k]->shape(), index_arrays[k]->strides(), broadcast);
    for (int d = 0; d < broadcast.size(); ++d) index_strides[k].push_back(strides[d]);
  }
  for (int d = 0; d < broadcast.size(); ++d) {
    loop.shape.push_back(broadcast[d]);
    loop.array_strides.push_back(0);
  }
  for (std::size_t k = insert_at; k < kept_axes.size(); ++k) add_kept_axis(kept_axes[k]);
  for (std::size_t k = 0; k < index_arrays.size(); ++k) {
    const int axis = array_axes[k];
    loop.indices.push_back(
        IndexOperand{*index_arrays[k], index_strides[k], view.shape()[axis], view.strides()[axis], axis});
  }
  return loop;
}

Array gather_values(const IndexedLoop& loop, const Array* out, ga_index_mode_t mode, const StreamRef& stream) {
  if (out == nullptr) {
    const Array result = Array::empty(loop.shape, loop.array.dtype(), GA_ORDER_C, stream);
    run_indexed_loop(IndexedAction::gather, loop, result, result.strides(), mode, nullptr, stream);
    return result;
  }
  // Any dtype takes the gathered values (they are cast as assignment casts).
  require_destination(*out, {loop.shape, loop.array.dtype(), Casting::unsafe}, stream);
  if (may_share_memory(*out, loop.array)) {
    const Array staged = gather_values(loop, nullptr, mode, stream);
    copy_into(staged, *out, stream);
    return *out;
  }
  run_indexed_loop(IndexedAction::gather, loop, *out, out->strides(), mode, nullptr, stream);
  return *out;
}

void scatter_values(const IndexedLoop& loop, const Array& values, ga_index_mode_t mode, const StreamRef& stream) {
  loop.array.require_writeable("array");
  // Checked before any copy, so that a bad shape costs no device work.
  broadcast_strides(values.shape(), values.strides(), loop.shape);
  const Array source =
      may_share_memory(values, loop.array) ? copy_as(values, values.dtype(), GA_ORDER_C, stream) : values;
  run_indexed_loop(IndexedAction::scatter, loop, source, broadcast_strides(source.shape(), source.strides(), loop.shape),
                   mode, nullptr, stream);
}

Array advanced_get(const Array& array, std::span<const IndexItem> items, ga_index_mode_t mode,
                   const StreamRef& stream) {
  require_index_mode(mode);
  if (!has_index_arrays(items)) return index(array, basic_items(items));
  return gather_values(plan_advanced_index(array, items), nullptr, mode, stream);
}

void advanced_set(const Array& array, std::span<const IndexItem> items, const Array& values, ga_index_mode_t mode,
                  const StreamRef& stream) {
  require_index_mode(mode);
  array.require_writeable("array");
  if (!has_index_arrays(items)) {
    copy_into(values, index(array, basic_items(items)), stream);
    return;
  }
  scatter_values(plan_advanced_index(array, items), values, mode, stream);
}

}  // namespace garray
