// Diagonals and triangles: diagonal (a read-only view), diag (a view, or a new square array),
// trace (the add ufunc's reduction over the diagonal view), and tril/triu (the where ufunc between
// the array and zero, under a mask from tri).
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <optional>

namespace garray {

// NumPy's diagonal: the read-only view with the two axes removed and the diagonal last.
Array diagonal(const Array& array, std::int64_t offset, int axis1, int axis2);

// NumPy's diag: a new square array for 1-D input, diagonal(array, k, 0, 1) for 2-D input.
Array diag(const Array& array, std::int64_t k, const StreamRef& stream);

// NumPy's trace: the sums over diagonal(array, offset, axis1, axis2)'s last axis, in `dtype`
// (nullopt: the add ufunc's default), into `out` when given.
Array trace(const Array& array, std::int64_t offset, int axis1, int axis2, std::optional<ga_dtype_t> dtype,
            const std::optional<Array>& out, const StreamRef& stream);

// NumPy's tril (`upper` false) and triu (`upper` true) over the last two axes.
Array triangle(const Array& array, std::int64_t k, bool upper, const StreamRef& stream);

}  // namespace garray
