// The struct_size rule of extensible C structs in one place: the caller says how large its struct
// is, and the library writes no further than that, so programs built against an older header keep
// working when a struct grows.
#pragma once

#include "core/common/error.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>

namespace garray {

// Throws GA_ERROR_INVALID_ARGUMENT for NULL or a struct_size smaller than `minimum_size`
// bytes (at least struct_size itself).
template <class Struct>
void require_versioned_struct(const Struct* out, std::size_t minimum_size, const char* name,
                              const char* type_name) {
  GA_REQUIRE_ARGUMENT(out != nullptr, std::string("argument '") + name + "' is NULL");
  GA_REQUIRE_ARGUMENT(out->struct_size >= minimum_size,
                      std::string(name) + "->struct_size (" + std::to_string(out->struct_size) +
                          ") is too small; set it to sizeof(" + type_name + ")");
}

// Copies `filled` into `out`, no further than out->struct_size reaches; struct_size stays the caller's.
template <class Struct>
void write_versioned_struct(Struct* out, Struct filled) {
  filled.struct_size = out->struct_size;
  std::memcpy(out, &filled, std::min(out->struct_size, sizeof(Struct)));
}

// The caller's `in` over `defaults`: the fields its struct_size covers are the caller's, the rest
// keep their defaults (a program built against an older header leaves the newer options as they are).
template <class Struct>
Struct read_versioned_struct(const Struct& in, Struct defaults) {
  std::memcpy(&defaults, &in, std::min(in.struct_size, sizeof(Struct)));
  return defaults;
}

}  // namespace garray
