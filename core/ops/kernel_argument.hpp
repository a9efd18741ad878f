// One argument of a user elementwise or reduction kernel call: an array, or a typed scalar.
#pragma once

#include "core/array/array.hpp"

#include <garray/array.h>

#include <optional>

namespace garray {

struct KernelArgument {
  std::optional<Array> array;  // empty: the scalar
  ga_scalar_t scalar{};
};

}  // namespace garray
