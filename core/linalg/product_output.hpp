// What the products share about their arrays: where they write (NumPy's out= checks, and the
// choice between writing into the caller's out directly and computing into a fresh array copied
// there after: an out of another dtype or layout, or one that overlaps an input), and the
// reshaped views their matmuls read and write.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <functional>
#include <optional>
#include <span>

namespace garray {

// Throws GA_ERROR_SHAPE_MISMATCH unless `out` has `shape`, GA_ERROR_DTYPE unless `result` casts to
// its dtype with same_kind, GA_ERROR_INVALID_ARGUMENT when it is read-only; messages name `name`.
void check_product_out(const Array& out, const Dims& shape, ga_dtype_t result, const char* name);

// Runs `compute` on a C-contiguous array of `shape` and dtype `result` that overlaps none of
// `inputs` (`out` itself when it is one) and returns the result: `out`, after a cast copy into it
// where needed, or the new array. Checks `out` first as check_product_out().
Array write_product(const Dims& shape, ga_dtype_t result, const std::optional<Array>& out,
                    std::span<const Array> inputs, const char* name,
                    const std::function<void(const Array& product)>& compute, const StreamRef& stream);

// `array` read in C order as `shape` (same size): a view where the strides allow, else a C-order
// copy made on `stream`.
Array reshaped(const Array& array, const Dims& shape, const StreamRef& stream);

// The view of a C-contiguous `array` as `shape` of the same size.
Array compact_view(const Array& array, const Dims& shape);

}  // namespace garray
