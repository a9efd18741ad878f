// The error for a pointer handed to a pool that never gave it out.
#pragma once

#include "core/common/error.hpp"

#include <cstdio>
#include <string>

namespace garray {

// Throws GA_ERROR_INVALID_ARGUMENT naming `ptr` and the function that should have allocated it.
[[noreturn]] inline void throw_unknown_pointer(const void* ptr, const char* allocating_function) {
  char address[32];
  std::snprintf(address, sizeof(address), "%p", ptr);
  throw Error(GA_ERROR_INVALID_ARGUMENT, std::string("pointer ") + address +
                                             " was not allocated by " + allocating_function +
                                             ", or was freed already");
}

}  // namespace garray
