// The machinery every sorting function shares: the rows an axis defines, the stable permutation
// that orders them by any number of keys, and the sorted values of a row set. The functions in
// sorting.hpp, unique.hpp and quantile.hpp are thin layers over these.
#pragma once

#include "core/array/array.hpp"
#include "core/ops/device_check.hpp"
#include "core/runtime/stream.hpp"

#include <optional>
#include <span>
#include <vector>

namespace garray::sorting {

// The axis a C API call names: nullopt for GA_AXIS_NONE (the flattened array), else the axis
// normalised against `ndim` (GA_ERROR_INDEX naming `what` when out of range).
std::optional<int> axis_or_flattened(int axis, int ndim, const char* what);

// `array` itself when it is C-contiguous and of `dtype`, else a C-contiguous copy cast to it.
Array contiguous_as(const Array& array, ga_dtype_t dtype, const StreamRef& stream);

// An array made C-contiguous with the sorted axis last: `count` rows of `length` elements.
struct Rows {
  Array data;
  std::int64_t count;
  std::int64_t length;
};

// The rows of `array` along `axis` (normalised; nullopt: the flattened array as one row). A view
// when the array is already laid out so, else a copy on `stream`.
Rows rows_along(const Array& array, std::optional<int> axis, const StreamRef& stream);

// `moved` (the shape of rows_along()'s data) with its last axis put back at `axis`, C-contiguous;
// for nullopt the flattened result itself.
Array restore_axis(const Array& moved, std::optional<int> axis, const StreamRef& stream);

// A new array of `rows.data`'s shape with every row sorted (NaN last; complex in NumPy's order).
Array sorted_rows(const Rows& rows, const StreamRef& stream);

// The stable permutation (int64, flattened positions) that orders `keys` — C-contiguous arrays of
// one size, the last the most significant, as NumPy's lexsort — within consecutive rows of
// `row_length` elements (0: a single row). Complex keys order as NumPy's sort; -0.0 equals 0.0.
Array stable_permutation(std::span<const Array> keys, std::int64_t row_length, const StreamRef& stream);

// Order-preserving keys of `values` (contiguous, or read through `permutation` when given, taken
// modulo values.size() when `wrap`): one array of 4- or 8-byte keys for a real dtype, three 8-byte
// ones (most significant first) for a complex dtype, as searchsorted compares them. The keys are
// the raw buffers of uint32 or uint64 arrays.
struct SearchKeys {
  std::vector<Array> components;
  int key_bytes;
};
SearchKeys search_keys(const Array& values, const Array* permutation, bool wrap, std::int64_t count,
                       const StreamRef& stream);

}  // namespace garray::sorting
