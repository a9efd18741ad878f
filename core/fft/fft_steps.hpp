// The cuFFT executions a transform is made of, over a working array that moves from step to step:
// complex-to-complex passes over a set of axes, and the one real-to-complex or complex-to-real step
// of the real transforms. Each step uses the working array's own layout when cuFFT's advanced layout
// can describe it, and otherwise first copies it into a compact layout with the transformed axes
// innermost.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <span>

namespace garray {

struct FftWorking {
  Array array;
  bool owned;  // a temporary of the transform (or the caller's out), which steps may overwrite
};

// Each step below takes a `destination`: nullptr, or the caller's out array (the result's dtype,
// overlapping no input), which its out-of-place execution writes instead of a new array when that
// execution is the transform's last and out's layout allows.

// Complex-to-complex transforms of `working` (complex64 or complex128) over `axes` (distinct,
// normalised), forward or inverse, unscaled. Afterwards the working array is owned.
void complex_pass(FftWorking& working, std::span<const int> axes, bool inverse, const Array* destination,
                  const StreamRef& stream);

// The real-to-complex transform of real `working` over `axis`: the axis keeps n/2+1 values.
void real_to_complex_step(FftWorking& working, int axis, const Array* destination, const StreamRef& stream);

// The complex-to-real transform of complex `working` over `axis` into `length` real values (whose
// first length/2+1 complex values `working` holds on that axis), unscaled. cuFFT overwrites the
// input, so a working array that is not owned is copied first.
void complex_to_real_step(FftWorking& working, int axis, std::int64_t length, const Array* destination,
                          const StreamRef& stream);

}  // namespace garray
