// Where a random sample goes: its shape, its dtype and the caller's destination `out`, if any (an
// array of that shape the sample is cast into, same_kind), as NumPy's size=, dtype= and CuPy's out.
// The destination itself is checked by the one check of every module (core/ops/destination.hpp);
// what is random's own is the sample's shape, and drawing straight into `out` when it can.
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

// Checks the sample before anything is drawn: GA_ERROR_INVALID_ARGUMENT "negative dimensions are
// not allowed" for a negative extent, then the caller's out, if any, by garray::require_destination()
// (the shape, same_kind casting from `dtype`, writeable, on the stream's device).
void require_sample(const Destination& destination, const StreamRef& stream);

// The array a kernel writes `kernel_dtype` into: the caller's out when it is exactly that, else a
// new C-contiguous array (finish() copies it into out). Checks as require_sample().
Array kernel_target(const Destination& destination, ga_dtype_t kernel_dtype, const StreamRef& stream);

// The result in the requested dtype and place: `drawn` copied into out when it is not out (as
// garray::deliver()), or cast to the requested dtype.
Array finish(const Array& drawn, const Destination& destination, const StreamRef& stream);

}  // namespace garray::random
