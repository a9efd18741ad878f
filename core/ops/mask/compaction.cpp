#include "core/ops/mask/compaction.hpp"

#include "core/array/dtype.hpp"
#include "core/array/scalar.hpp"
#include "core/array/transfer.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/launch.hpp"
#include "core/ops/mask/compaction_source.hpp"
#include "core/array/ravel.hpp"
#include "core/ops/scan/named_kernel_memo.hpp"
#include "core/ops/scan/scan_kernels.hpp"

#include <algorithm>
#include <limits>

namespace garray {

namespace {

constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
constexpr int kMoveThreads = 256;

bool aligned_to(const void* pointer, std::size_t bytes) {
  return reinterpret_cast<std::uintptr_t>(pointer) % bytes == 0;
}

std::size_t vector_bytes(const Array& array, int items) {
  return std::min<std::size_t>(16, items * array.itemsize());
}

std::string variant(int items, bool aligned, bool wide) {
  return "_" + std::to_string(items) + (aligned ? "_aligned" : "") + (wide ? "_i64" : "_i32");
}

const GeneratedKernel& named(const std::string& name, const std::function<std::string()>& source) {
  return memoized_named_kernel(name, [&] {
    GeneratedKernel kernel;
    kernel.name = name;
    kernel.source = source();
    return kernel;
  });
}

// An index argument of the kernel's width.
struct IndexValue {
  std::int64_t wide_value;
  std::uint32_t narrow_value;
  void* pointer(bool wide) { return wide ? static_cast<void*>(&wide_value) : static_cast<void*>(&narrow_value); }
};

unsigned move_blocks(std::int64_t total) {
  return static_cast<unsigned>(std::clamp<std::int64_t>((total + kMoveThreads - 1) / kMoveThreads, 1, 1 << 20));
}

Array contiguous_flat(const Array& array, const StreamRef& stream) {
  const Array flat = ravel(array, GA_ORDER_C, stream);
  return flat.is_c_contiguous() ? flat : copy_as(flat, flat.dtype(), GA_ORDER_C, stream);
}

}  // namespace

const GeneratedKernel& mask_count_kernel(ga_dtype_t mask, int items, bool aligned, bool wide) {
  const std::string name = std::string("ga_mask_count_") + dtype_info(mask).name + variant(items, aligned, wide);
  return named(name, [&] { return mask_count_source(mask, items, aligned, wide, name); });
}

const GeneratedKernel& compact_kernel(ga_dtype_t mask, ga_dtype_t payload, bool indices, int items, bool aligned,
                                      bool wide) {
  const std::string name = std::string("ga_compact_") + (indices ? "indices" : dtype_info(payload).name) + "_by_" +
                           dtype_info(mask).name + variant(items, aligned, wide);
  return named(name, [&] { return compact_source(mask, payload, indices, items, aligned, wide, name); });
}

const GeneratedKernel& row_move_kernel(ga_dtype_t element, bool scatter) {
  const std::string name = std::string(scatter ? "ga_scatter_rows_" : "ga_gather_rows_") + dtype_info(element).name;
  return named(name, [&] { return row_move_source(element, scatter, name); });
}

const GeneratedKernel& unravel_kernel(int rank) {
  const std::string name = "ga_unravel_r" + std::to_string(rank);
  return named(name, [&] { return unravel_source(rank, name); });
}

Selection count_selected(const Array& mask, std::size_t payload_bytes, const StreamRef& stream) {
  Selection selection{contiguous_flat(mask, stream), Array::empty(Dims{1}, GA_INT64, GA_ORDER_C, stream), 0,
                      compaction_items(payload_bytes)};
  const std::int64_t n = selection.mask.size();
  if (n == 0) return selection;
  const std::int64_t tile = static_cast<std::int64_t>(kCompactionThreads) * selection.items;
  const bool wide = n > kInt32Max - tile;
  const std::int64_t tiles = (n + tile - 1) / tile;
  GA_REQUIRE(tiles <= kInt32Max, GA_ERROR_UNSUPPORTED, "mask of " + std::to_string(n) + " elements: too many tiles");
  selection.offsets = Array::empty(Dims{tiles + 1}, GA_INT64, GA_ORDER_C, stream);
  const Array status = zeroed_scratch(look_back_scratch_bytes(tiles, wide ? 8 : 4), stream);
  const bool aligned = aligned_to(selection.mask.data(), vector_bytes(selection.mask, selection.items));
  const void* mask_data = selection.mask.data();
  void* offsets = selection.offsets.data();
  void* status_words = status.data();
  IndexValue count{n, static_cast<std::uint32_t>(n)};
  void* arguments[] = {&mask_data, count.pointer(wide), &offsets, &status_words};
  launch_generated(mask_count_kernel(selection.mask.dtype(), selection.items, aligned, wide),
                   dim3(static_cast<unsigned>(tiles)), dim3(kCompactionThreads), stream, arguments);
  const std::int64_t last[1] = {tiles};
  selection.count = read_element(selection.offsets, last, stream).as_int;
  return selection;
}

namespace {

void launch_compaction(const Selection& selection, const Array* values, const Array& out, const StreamRef& stream) {
  const std::int64_t n = selection.mask.size();
  if (selection.count == 0) return;
  const std::int64_t tile = static_cast<std::int64_t>(kCompactionThreads) * selection.items;
  const bool wide = n > kInt32Max - tile;
  const std::int64_t tiles = (n + tile - 1) / tile;
  const bool aligned = aligned_to(selection.mask.data(), vector_bytes(selection.mask, selection.items)) &&
                       (!values || aligned_to(values->data(), vector_bytes(*values, selection.items)));
  const void* mask_data = selection.mask.data();
  const void* value_data = values ? values->data() : nullptr;
  const void* offsets = selection.offsets.data();
  void* out_data = out.data();
  IndexValue count{n, static_cast<std::uint32_t>(n)};
  void* arguments[] = {&mask_data, &value_data, count.pointer(wide), &offsets, &out_data};
  launch_generated(compact_kernel(selection.mask.dtype(), out.dtype(), values == nullptr, selection.items, aligned, wide),
                   dim3(static_cast<unsigned>(tiles)), dim3(kCompactionThreads), stream, arguments);
}

}  // namespace

void compact_values(const Selection& selection, const Array& values, const Array& out, const StreamRef& stream) {
  GA_REQUIRE(static_cast<std::size_t>(compaction_items(values.itemsize())) == static_cast<std::size_t>(selection.items),
             GA_ERROR_INTERNAL, "the selection was counted for another payload size");
  launch_compaction(selection, &values, out, stream);
}

void compact_indices(const Selection& selection, const Array& out, const StreamRef& stream) {
  GA_REQUIRE(compaction_items(8) == selection.items, GA_ERROR_INTERNAL,
             "the selection was counted for another payload size");
  launch_compaction(selection, nullptr, out, stream);
}

void move_rows(const Array& rows_of, const Array& rows, const Array& packed, std::int64_t inner, bool scatter,
               const StreamRef& stream) {
  long long count = rows.size();
  long long extent = inner;
  if (count == 0 || inner == 0) return;
  void* rows_of_data = rows_of.data();
  const void* rows_data = rows.data();
  void* packed_data = packed.data();
  void* arguments[] = {&rows_of_data, &rows_data, &packed_data, &count, &extent};
  launch_generated(row_move_kernel(rows_of.dtype(), scatter), dim3(move_blocks(count * inner)), dim3(kMoveThreads),
                   stream, arguments);
}

void unravel_indices(const Array& flat, const Dims& shape, const Array& out, std::int64_t index_stride,
                     std::int64_t coordinate_stride, const StreamRef& stream) {
  long long count = flat.size();
  if (count == 0 || shape.empty()) return;
  struct {
    long long extent[kMaxDims];
  } extents{};
  for (int d = 0; d < shape.size(); ++d) extents.extent[d] = shape[d];
  const void* flat_data = flat.data();
  void* out_data = out.data();
  long long row_stride = index_stride;
  long long column_stride = coordinate_stride;
  void* arguments[] = {&flat_data, &out_data, &count, &row_stride, &column_stride, &extents};
  launch_generated(unravel_kernel(shape.size()), dim3(move_blocks(count)), dim3(kMoveThreads), stream, arguments);
}

}  // namespace garray
