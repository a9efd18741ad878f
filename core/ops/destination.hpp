// NumPy's out=: the one check every operation makes of a caller's destination before any work, and
// the one way a result reaches it. Every module (ops, linalg, fft, random, and those to come) goes
// through here, so a destination is refused the same way, with the same messages, everywhere.
#pragma once

#include "core/array/array.hpp"
#include "core/array/promotion.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

// What a destination must be: the result's shape, and a dtype the result casts to.
struct DestinationRule {
  const Dims& shape;
  ga_dtype_t result_dtype;
  Casting casting = Casting::same_kind;
};

// Throws GA_ERROR_INVALID_ARGUMENT when `out` lives on another device than `stream`'s or is
// read-only, GA_ERROR_SHAPE_MISMATCH when it has another shape, GA_ERROR_DTYPE when the result's
// dtype does not cast to out's under the rule's casting. Messages name the argument `what`.
void require_destination(const Array& out, const DestinationRule& rule, const StreamRef& stream,
                         const char* what = "out");

// As require_destination() for an optional destination (nothing to check without one).
void require_destination(const std::optional<Array>& out, const DestinationRule& rule, const StreamRef& stream,
                         const char* what = "out");

// The result where the caller wants it: `result` copied (cast) into `out` when one is given and the
// result is not already its storage, then `out`; else `result` itself.
Array deliver(const Array& result, const std::optional<Array>& out, const StreamRef& stream);

}  // namespace garray
