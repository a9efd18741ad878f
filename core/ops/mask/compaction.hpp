// Stream compaction on the device (compaction_source.hpp): counting a mask's selected elements
// with one small device-to-host read, and writing the selected values or flat indices.
#pragma once

#include "core/array/array.hpp"
#include "core/ops/copy_kernels.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>

namespace garray {

// What the count pass leaves for the compaction pass.
struct Selection {
  Array mask;            // 1-D, C-contiguous: the mask as counted
  Array offsets;         // int64: each tile's output offset, then the total
  std::int64_t count;    // the total, read back to the host
  int items;             // the tile geometry the offsets were counted with
};

// Counts the elements of `mask` (any dtype; nonzero is selected) in C order, for a compaction of
// payloads of `payload_bytes`. This is the one synchronising step: it waits for the stream to read
// the 8-byte total back.
Selection count_selected(const Array& mask, std::size_t payload_bytes, const StreamRef& stream);

// Writes the selected elements of `values` (same size as the mask, C-contiguous) into `out`
// (C-contiguous, selection.count elements, values' dtype).
void compact_values(const Selection& selection, const Array& values, const Array& out, const StreamRef& stream);

// Writes the flat C-order index of each selected element into `out` (int64, C-contiguous,
// selection.count elements).
void compact_indices(const Selection& selection, const Array& out, const StreamRef& stream);

// Gather (packed[r] = rows_of[rows[r]]) or scatter (rows_of[rows[r]] = packed[r]) of whole rows of
// `inner` elements; both arrays C-contiguous of one dtype, `rows` int64 of length count.
void move_rows(const Array& rows_of, const Array& rows, const Array& packed, std::int64_t inner, bool scatter,
               const StreamRef& stream);

// out[k * index_stride + d * coordinate_stride] (int64) = coordinate d of flat[k] in `shape`.
void unravel_indices(const Array& flat, const Dims& shape, const Array& out, std::int64_t index_stride,
                     std::int64_t coordinate_stride, const StreamRef& stream);

// The kernels, for the host test that compiles every source.
const GeneratedKernel& mask_count_kernel(ga_dtype_t mask, int items, bool aligned, bool wide);
const GeneratedKernel& compact_kernel(ga_dtype_t mask, ga_dtype_t payload, bool indices, int items, bool aligned,
                                      bool wide);
const GeneratedKernel& row_move_kernel(ga_dtype_t element, bool scatter);
const GeneratedKernel& unravel_kernel(int rank);

}  // namespace garray
