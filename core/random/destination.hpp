// Where a random sample goes: its shape, its dtype and the caller's `out`, if any (an array of
// that shape the sample is cast into, same_kind), as NumPy's size=, dtype= and CuPy's out.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray::random {

struct Destination {
  Dims shape;
  ga_dtype_t dtype = GA_FLOAT64;
  std::optional<Array> out;
};

// Checks the shape and the caller's out, if any, before anything is drawn: GA_ERROR_INVALID_ARGUMENT
// for a negative extent, a read-only out or one on another device; GA_ERROR_SHAPE_MISMATCH for an
// out of another shape; GA_ERROR_DTYPE for an out `dtype` does not cast to (same_kind).
void require_destination(const Destination& destination, const StreamRef& stream);

// The array a kernel writes `kernel_dtype` into: the caller's out when it is exactly that, else a
// new C-contiguous array (finish() copies it into out). Checks as require_destination().
Array kernel_target(const Destination& destination, ga_dtype_t kernel_dtype, const StreamRef& stream);

// The result in the requested dtype and place: `drawn` copied into out when it is not out, or cast
// to the requested dtype.
Array finish(const Array& drawn, const Destination& destination, const StreamRef& stream);

}  // namespace garray::random
