// Inclusive scans along one axis of any strided array, for any associative operation
// (scan_source.hpp), choosing the kernel by layout:
//  - the scanned axis is the array's last and the array is C-contiguous (after moving that axis
//    last, for input and destination alike): one single-pass tile scan, segmented into rows;
//  - otherwise, with many lines or short ones: one thread per line, coalesced when neighbouring
//    lines are neighbours in memory (the usual scan along a non-last axis). With one warp per 32
//    lines, only from about 2^16 lines on are there enough warps to reach the copy rate;
//  - otherwise (few long lines that are not contiguous): the input is copied with the axis last,
//    tile-scanned, and the result copied into place.
// An operation that is not associative (ScanOperation::associative) always scans one line per
// thread, sequentially, as NumPy does: a 1-d array then runs on one thread.
// Floating-point sums and products combine in a tree order within each tile, not NumPy's
// sequential order, so their rounding differs from NumPy's in the last bits (CuPy's does too).
#pragma once

#include "core/array/array.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/scan/scan_source.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

// The inclusive scan of `input` along `axis` (nullopt: the array flattened in C order) by
// `operation` in `scan_dtype`, written to `out` (converted to its dtype; its shape must be the
// result's: input's, or (size,) when flattened) or to a new C-contiguous array of `scan_dtype`.
// `out` may be `input` itself; it is checked by require_destination() with unsafe casting (any
// dtype). Throws GA_ERROR_INDEX for an axis out of range (any axis of a 0-d array),
// GA_ERROR_SHAPE_MISMATCH for an `out` of another shape, GA_ERROR_INVALID_ARGUMENT for a read-only
// `out` or arrays on another device than the stream's.
Array scan(const Array& input, std::optional<int> axis, const ScanOperation& operation, ga_dtype_t scan_dtype,
           const std::optional<Array>& out, const StreamRef& stream);

}  // namespace garray
