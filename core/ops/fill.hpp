// Writing one value, or values computed from the index, into arrays.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <garray/array.h>

namespace garray {

// Every element of `destination` (any writeable view) becomes `value` cast to its dtype.
void fill(const Array& destination, const ga_scalar_t& value, const StreamRef& stream);

}  // namespace garray
