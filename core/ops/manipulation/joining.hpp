// Joining arrays (concatenate, stack) by one copy of each input into its slice of the result, and
// splitting them into views.
#pragma once

#include "core/array/array.hpp"
#include "core/array/promotion.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace garray {

struct JoinOptions {
  std::optional<ga_dtype_t> dtype;  // the result dtype; default: result_type of the inputs
  Casting casting = Casting::same_kind;
  std::optional<Array> out;  // written instead of a new array; excludes `dtype`
};

// NumPy's concatenate along `axis` (GA_AXIS_NONE: flattened inputs). See ga_array_concatenate().
Array concatenate(std::span<const Array> arrays, int axis, const JoinOptions& options, const StreamRef& stream);

// NumPy's stack along a new axis `axis` of the result.
Array stack(std::span<const Array> arrays, int axis, const JoinOptions& options, const StreamRef& stream);

// Views of `array` between consecutive split points along `axis` (Python slice bounds).
std::vector<Array> split(const Array& array, std::span<const std::int64_t> indices, int axis);

// NumPy's array_split into `sections` parts (split when `require_equal`).
std::vector<Array> split_sections(const Array& array, std::int64_t sections, int axis, bool require_equal);

}  // namespace garray
