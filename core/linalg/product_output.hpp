// What linalg's products and functions share about their arrays: where they write (the caller's
// out, checked by core/ops/destination.hpp, and the choice between writing into it directly and
// computing into a fresh array copied there after: an out of another dtype or layout, or one that
// overlaps an input), and the reshaped views their matmuls read and write.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <functional>
#include <optional>
#include <span>

namespace garray {

// Runs `compute` on a C-contiguous array of `shape` and dtype `result` that overlaps none of
// `inputs` (`out` itself when it is one) and returns the result: `out`, after a cast copy into it
// where needed, or the new array. Checks `out` first with require_destination()
// (core/ops/destination.hpp), same_kind casting.
Array write_product(const Dims& shape, ga_dtype_t result, const std::optional<Array>& out,
                    std::span<const Array> inputs, const std::function<void(const Array& product)>& compute,
                    const StreamRef& stream);

// The result of a linalg function that learns its shape only by computing it (solve, inv, norm...)
// where the caller wants it: `out` once checked against `result` with require_destination()
// (same_kind casting) and written, or `result` itself.
Array deliver_computed(const Array& result, const std::optional<Array>& out, const StreamRef& stream);

// `array` read in C order as `shape` (same size): a view where the strides allow, else a C-order
// copy made on `stream`.
Array reshaped(const Array& array, const Dims& shape, const StreamRef& stream);

// The view of a C-contiguous `array` as `shape` of the same size.
Array compact_view(const Array& array, const Dims& shape);

}  // namespace garray
