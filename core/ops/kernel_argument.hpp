// One argument of a user elementwise or reduction kernel call: an array, or a typed scalar. The
// array is borrowed: the caller keeps it alive for the call.
#pragma once

#include "core/array/array.hpp"

#include <garray/array.h>


namespace garray {

struct KernelArgument {
  const Array* array = nullptr;  // nullptr: the scalar
  ga_scalar_t scalar{};
};

}  // namespace garray
