// NumPy's pad for the constant, edge, reflect, symmetric and wrap modes: the input is copied once
// into the middle of the result, then the axes are padded in order, each over the region of
// interest NumPy uses (the whole extent of the axes before it, the original extent of those after
// it), by fills or by copies of slices of the result itself, iterating as NumPy 2 does when a pad
// is wider than the data it mirrors or wraps.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <garray/manipulation.h>

#include <cstdint>
#include <span>

namespace garray {

// `widths` holds (before, after) for each axis; `constants` 0, 1 or 2 × ndim values for
// GA_PAD_CONSTANT (ignored otherwise). Throws as ga_array_pad() documents.
Array pad(const Array& array, std::span<const std::int64_t> widths, ga_pad_mode_t mode,
          std::span<const ga_scalar_t> constants, const StreamRef& stream);

}  // namespace garray
