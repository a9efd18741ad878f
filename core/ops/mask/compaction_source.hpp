// Generated sources of stream compaction (selecting the elements where a mask is true), in two
// passes over tiles of kCompactionThreads × items elements:
//  - count: each block counts its tile's selected elements, and through the decoupled look-back
//    of scan_source.hpp (an exclusive scan of the counts, fused into the same pass) writes the
//    tile's output offset; the last tile also writes the total after the offsets;
//  - compact: each block selects again, ranks its selected elements with a block scan, gathers
//    them (values, or their flat indices) in shared memory and writes them out as one contiguous,
//    coalesced run at its tile's offset.
// Plus the row moves of masks over leading axes: a gather of whole rows at selected indices and
// the scatter that writes them back.
#pragma once

#include <garray/base.h>

#include <string>

namespace garray {

inline constexpr int kCompactionThreads = 256;

// Elements per thread of a compaction tile whose payload (the selected values, or int64 indices)
// has `payload_bytes` bytes: the tile's payload fits in 32 KiB of shared memory.
int compaction_items(std::size_t payload_bytes);

// Arguments: (const Mask* mask, Index n, long long* offsets, void* status); offsets has
// tiles + 1 entries. `aligned`: the mask's address allows the tile's vector loads.
std::string mask_count_source(ga_dtype_t mask, int items, bool aligned, bool wide, const std::string& name);

// Arguments: (const Mask* mask, const Payload* values, Index n, const long long* offsets,
// Payload* out). `values` (ignored with `indices`) has the mask's layout; with `indices` the
// payload is each selected element's flat index (int64). `aligned`: mask and values allow the
// tile's vector loads.
std::string compact_source(ga_dtype_t mask, ga_dtype_t payload, bool indices, int items, bool aligned, bool wide,
                           const std::string& name);

// Arguments: (Element* rows_of, const long long* rows, Element* packed, long long count, long long
// inner). Gather: packed[r, j] = rows_of[rows[r], j]; scatter: rows_of[rows[r], j] = packed[r, j];
// both arrays C-contiguous with rows of `inner` elements.
std::string row_move_source(ga_dtype_t element, bool scatter, const std::string& name);

// Arguments: (const long long* flat, long long* out, long long count, long long out_row_stride,
// long long out_column_stride, ga_shape shape). Unravels each flat C index into `rank`
// coordinates: out[k * row_stride + d * column_stride] is coordinate d of flat[k].
std::string unravel_source(int rank, const std::string& name);

}  // namespace garray
