// The scan kernels, generated once per operation, dtypes and shape and kept for the process
// (named_kernel_memo.hpp), and their launches on contiguous spans and strided lines.
#pragma once

#include "core/array/array.hpp"
#include "core/ops/copy_kernels.hpp"
#include "core/ops/scan/scan_source.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>

namespace garray {

const GeneratedKernel& tile_scan_kernel(const ScanTypes& types, const ScanOperation& operation,
                                        const TileScanShape& shape);
const GeneratedKernel& line_scan_kernel(const ScanTypes& types, const ScanOperation& operation, int rank, bool wide);

// Scans the `input.size()` elements of `input` into `output` (both C-contiguous, same size) as
// rows of `segment` elements (segment == size: one row), in one pass.
void launch_tile_scan(const Array& input, const Array& output, std::int64_t segment, ga_dtype_t scan_dtype,
                      const ScanOperation& operation, const StreamRef& stream);

// Scans every line of `input` along `axis` into `output` (same shape, any strides), one thread
// per line.
void launch_line_scan(const Array& input, const Array& output, int axis, ga_dtype_t scan_dtype,
                      const ScanOperation& operation, const StreamRef& stream);

// A zeroed device buffer of `bytes` (at least 1) for tile status words, on `stream`.
Array zeroed_scratch(std::int64_t bytes, const StreamRef& stream);

}  // namespace garray
