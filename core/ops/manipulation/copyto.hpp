// NumPy's copyto: a broadcast, cast copy under a casting rule, optionally masked by `where` (the
// where ufunc with the destination as both its third input and its output).
#pragma once

#include "core/array/array.hpp"
#include "core/array/promotion.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

void copyto(const Array& destination, const Array& source, Casting casting, const std::optional<Array>& where,
            const StreamRef& stream);

}  // namespace garray
