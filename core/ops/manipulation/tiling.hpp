// Repeating arrays: tile (whole copies along each axis) and repeat (each element several times).
// Both copy from a view of the input whose repeating axes have stride 0, in one strided copy;
// repeat with a different count per position runs a generated kernel that finds each output
// position's source by a binary search over the running totals of the counts.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <span>
#include <string_view>

namespace garray {

// NumPy's tile. Throws GA_ERROR_INVALID_ARGUMENT for a negative count, GA_ERROR_UNSUPPORTED when
// the copy's view would need more than kMaxDims dimensions.
Array tile(const Array& array, std::span<const std::int64_t> reps, const StreamRef& stream);

// NumPy's repeat along `axis` (GA_AXIS_NONE: the flattened array). `repeats` has one count, or one
// per position along the axis.
Array repeat(const Array& array, std::span<const std::int64_t> repeats, int axis, const StreamRef& stream);

// The parameters and operation of the kernel behind repeat with per-position counts: output
// element i, in C order over (outer, total, inner), reads a[(o * extent + m) * inner + k] where m
// is the first position whose running total `ends[m]` exceeds i's position along the axis.
inline constexpr std::string_view kRepeatInParams = "raw T a, raw int64 ends, int64 extent, int64 total, int64 inner";
inline constexpr std::string_view kRepeatOutParams = "T y";
inline constexpr std::string_view kRepeatOperation =
    "const long long k = i % inner;\n"
    "const long long rest = i / inner;\n"
    "const long long j = rest % total;\n"
    "const long long o = rest / total;\n"
    "long long low = 0;\n"
    "long long high = extent - 1;\n"
    "while (low < high) {\n"
    "  const long long middle = low + (high - low) / 2;\n"
    "  if (ends[middle] > j) high = middle; else low = middle + 1;\n"
    "}\n"
    "y = a[(o * extent + low) * inner + k];";

}  // namespace garray
