// Boolean-mask indexing and the NumPy functions built on selecting where a condition holds:
// a[mask], a[mask] = value, nonzero, flatnonzero, argwhere, compress, extract, place, putmask.
//
// Sizing a result needs the number of selected elements on the host: each function that returns
// one (or must check a value's shape against it) reads that count back once, an 8-byte read that
// waits for the stream (compaction.hpp: count_selected). fill_mask, place and putmask need no
// count and never wait.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

// NumPy's a[mask]: `mask` bool, its shape the leading mask.ndim() extents of `a`; the result has
// shape (count,) + a.shape[mask.ndim():], C-contiguous. Throws GA_ERROR_DTYPE for a mask that is
// not bool and GA_ERROR_INDEX (NumPy's IndexError) for a mask of another shape, naming both shapes.
Array get_mask(const Array& a, const Array& mask, const StreamRef& stream);

// NumPy's a[mask] = value: `value` broadcast to (count,) + a.shape[mask.ndim():] and cast to a's
// dtype (unsafely, as NumPy's setitem). Throws as get_mask() does, GA_ERROR_SHAPE_MISMATCH when
// value does not broadcast, GA_ERROR_INVALID_ARGUMENT for a read-only `a`.
void set_mask(const Array& a, const Array& mask, const Array& value, const StreamRef& stream);

// a[mask] = value for a scalar: one elementwise pass, no count.
void fill_mask(const Array& a, const Array& mask, const ga_scalar_t& value, const StreamRef& stream);

// NumPy's nonzero, stacked: row d of the (a.ndim(), count) int64 result holds the indices along
// axis d. Throws GA_ERROR_INVALID_ARGUMENT for a 0-d array (as NumPy 2).
Array nonzero(const Array& a, const StreamRef& stream);

// Flat C-order indices of the nonzero elements: (count,) int64.
Array flatnonzero(const Array& a, const StreamRef& stream);

// NumPy's argwhere: (count, a.ndim()) int64.
Array argwhere(const Array& a, const StreamRef& stream);

// NumPy's compress: the slices of `a` along `axis` (nullopt: of the flattened array) where the 1-D
// `condition` (any dtype, nonzero is true) holds; a shorter condition leaves the rest out. Throws
// GA_ERROR_SHAPE_MISMATCH for a condition that is not 1-D, GA_ERROR_INDEX for one longer than the
// axis or an axis out of range.
Array compress(const Array& condition, const Array& a, std::optional<int> axis, const StreamRef& stream);

// NumPy's extract: the elements of ravel(a) where ravel(condition) (any dtype) is nonzero. Throws
// GA_ERROR_SHAPE_MISMATCH unless both have the same size.
Array extract(const Array& condition, const Array& a, const StreamRef& stream);

// NumPy's place: the elements of `a` where `mask` (same size; nonzero is true) holds become the
// values of `values` in order, repeated as needed. Throws GA_ERROR_SHAPE_MISMATCH for sizes that
// differ, GA_ERROR_INVALID_ARGUMENT for empty `values` where the mask selects something.
void place(const Array& a, const Array& mask, const Array& values, const StreamRef& stream);

// NumPy's putmask: a.flat[i] = values.flat[i % values.size] where mask.flat[i]. Throws
// GA_ERROR_SHAPE_MISMATCH when mask and a differ in size; empty `values` change nothing.
void putmask(const Array& a, const Array& mask, const Array& values, const StreamRef& stream);

}  // namespace garray
