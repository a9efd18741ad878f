// A caller's list of `count` entries (axes, shifts, arrays...) as a span, checked on the way in.
#pragma once

#include "core/common/error.hpp"

#include <cstddef>
#include <span>
#include <string>

namespace garray::capi {

// Throws GA_ERROR_INVALID_ARGUMENT naming `what` for a negative count, or for NULL `values` with a
// positive count; NULL is accepted for an empty list.
template <class T, class Count>
std::span<const T> caller_list(const T* values, Count count, const char* what) {
  GA_REQUIRE_ARGUMENT(count >= 0, std::string("the count of argument '") + what + "' is " + std::to_string(count) +
                                      "; it must not be negative");
  GA_REQUIRE_ARGUMENT(count == 0 || values != nullptr,
                      std::string("argument '") + what + "' is NULL but its count is " + std::to_string(count));
  return {values, static_cast<std::size_t>(count)};
}

}  // namespace garray::capi
