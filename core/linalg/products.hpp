// NumPy's products beside matmul: dot, vdot, inner, outer, tensordot and kron. Contractions become
// one matmul of the operands' (free, contracted) matrix views, so transposed operands reach cuBLAS
// as transposes; products without a contraction (outer, kron, a 0-d dot) are a broadcast multiply.
// Results take NumPy's promoted dtype and are C-contiguous, or go into `out` (the result's shape,
// same_kind casting). Operands live on the stream's device (else GA_ERROR_INVALID_ARGUMENT).
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <optional>
#include <span>

namespace garray {

// np.dot: a 0-d operand multiplies; otherwise the sum over a's last axis and b's second-to-last
// (its only axis when 1-d). GA_ERROR_SHAPE_MISMATCH when those differ ("shapes ... not aligned").
Array dot(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream);

// np.vdot: the flattened operands' sum of conj(a) · b, a 0-d array. GA_ERROR_SHAPE_MISMATCH when
// the sizes differ.
Array vdot(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream);

// np.inner: a 0-d operand multiplies; otherwise the sum over both last axes, of shape
// a.shape[:-1] + b.shape[:-1]. GA_ERROR_SHAPE_MISMATCH when the last axes differ.
Array inner(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream);

// np.outer: the flattened a (rows) times the flattened b (columns).
Array outer(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream);

// np.tensordot(a, b, axes=(a_axes, b_axes)): the sum over the paired axes, of shape a's other axes
// then b's. GA_ERROR_INVALID_ARGUMENT for lists of different lengths or a repeated axis,
// GA_ERROR_INDEX for an axis out of range, GA_ERROR_SHAPE_MISMATCH for paired extents that differ.
Array tensordot(const Array& a, const Array& b, std::span<const int> a_axes, std::span<const int> b_axes,
                const std::optional<Array>& out, const StreamRef& stream);

// np.tensordot(a, b, axes=count): a's last `count` axes with b's first `count`.
// GA_ERROR_INVALID_ARGUMENT for a negative count, GA_ERROR_INDEX for one above either rank.
Array tensordot(const Array& a, const Array& b, int count, const std::optional<Array>& out, const StreamRef& stream);

// np.kron: the Kronecker product, of rank max(a.ndim, b.ndim) (the shorter shape padded with
// leading 1s) and extents the products of the operands'.
Array kron(const Array& a, const Array& b, const std::optional<Array>& out, const StreamRef& stream);

}  // namespace garray
