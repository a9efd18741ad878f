// Generated sources of the scan kernels: inclusive scans along one axis for any associative
// combination (not necessarily commutative: the order of the operands is kept everywhere).
//
//  - tile scan: a contiguous span scanned in one pass with decoupled look-back (Merrill and
//    Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back", 2016). Each block loads
//    one tile with vector loads, scans it in registers and with warp shuffles, publishes its
//    aggregate, looks back over its predecessors' published values for its prefix and publishes
//    its inclusive prefix. Segmented (rows of `segment` elements scanned independently, with the
//    look-back stopping at a row start) so that a C-contiguous array scanned along its last axis,
//    however short its rows, runs at the same rate as one long row.
//  - line scan: each thread scans one line (all elements along the axis) sequentially, lines
//    located by a strided loop over the other axes; reads are coalesced when the lines are
//    neighbours in memory (a scan along a non-last axis of a C-contiguous array).
// Both kernels load In, scan in T and store Out, converting with the casting rules of
// cast_source.hpp.
#pragma once

#include <garray/base.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace garray {

struct ScanTypes {
  ga_dtype_t input;
  ga_dtype_t scan;    // the type the combination runs in
  ga_dtype_t output;
};

// An operation of the scan: CUDA source over values of the scan type T.
struct ScanOperation {
  std::string key;            // an identifier naming exactly this operation (kernel names, memo keys)
  std::string device_source;  // device functions the expressions call, placed after the preamble
  std::string combine;        // an expression of `a` (earlier) and `b` (later)
  std::string load;           // an expression of `x` (an input element converted to T); "x" for none
  // Whether combine is associative, so that a scan may group it freely (keeping the order). One
  // that is not (subtract, divide, power: NumPy's ufuncs without an identity) scans sequentially.
  bool associative = true;
  // Whether combine is the add ufunc's a + b and load is "x": a plain running sum, which CUB may
  // run (cub_sum.hpp) where the input, scan and output types are one of its types.
  bool plain_sum = false;
};

inline constexpr int kScanThreads = 256;

struct TileScanShape {
  int width;        // elements per vector load (1 when the data is not aligned for more)
  int vectors;      // vectors per thread; vectors × warps ≤ 32
  bool segmented;   // rows of `segment` elements each
  bool wide;        // 64-bit indices
  int tile() const { return kScanThreads * width * vectors; }
};

// The widest vectors `types` allow (16-byte loads, at most 16 elements of T per thread), or
// width 1 when `aligned` is false.
TileScanShape tile_scan_shape(const ScanTypes& types, bool aligned, bool segmented, bool wide);

// Bytes of one tile's status word for a scan type of `value_bytes` bytes.
std::size_t tile_status_bytes(std::size_t value_bytes);

// Bytes of the scratch a look-back launch of `tiles` blocks needs (its status words and the tile
// counter after them); the host zeroes them before the launch.
std::int64_t look_back_scratch_bytes(std::int64_t tiles, std::size_t value_bytes);

// Arguments: (const In* in, Out* out, Index n, Index segment, void* status); grid: one block of
// kScanThreads per tile, `status` look_back_scratch_bytes() zeroed bytes. `segment` is ignored
// unless segmented.
std::string tile_scan_source(const ScanTypes& types, const ScanOperation& operation, const TileScanShape& shape,
                             const std::string& name);

// Arguments: (const In* in, Out* out, Index lines, Index length, long long in_stride, long long
// out_stride, ga_loop_params lines_loop) with operand 0 the output and 1 the input over the
// `rank` line dimensions; one thread per line.
std::string line_scan_source(const ScanTypes& types, const ScanOperation& operation, int rank, bool wide,
                             const std::string& name);

// The device code every look-back kernel shares, for values of `value_type` combined by the
// expression `combine` of `a` and `b` (defines ga_scan_combine unless `combine` is empty, when the
// caller has defined it): word-wise warp shuffles of any type, the segmented join, tile status
// words, the tile counter (ga_take_tile), the warp-wide inclusive scan and the look-back. The
// compaction kernels use it to count.
std::string look_back_source(const std::string& value_type, std::size_t value_bytes, const std::string& combine,
                             bool segmented);

}  // namespace garray
