// The one exception type of the core. capi/ translates it into a ga_status_t and a message.
#pragma once

#include <garray/base.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace garray {

class Error : public std::runtime_error {
 public:
  Error(ga_status_t status, std::string message)
      : std::runtime_error(std::move(message)), status_(status) {}
  ga_status_t status() const noexcept { return status_; }

 private:
  ga_status_t status_;
};

}  // namespace garray

// Throws Error(status, message) unless `condition` holds. Macros rather than functions so that the
// message, usually built from strings and numbers, is computed only on failure: argument checks
// sit on every call's hot path.
#define GA_REQUIRE(condition, status, message)                    \
  do {                                                            \
    if (!(condition)) [[unlikely]] {                              \
      throw ::garray::Error((status), (message));                 \
    }                                                             \
  } while (false)

#define GA_REQUIRE_ARGUMENT(condition, message) \
  GA_REQUIRE(condition, GA_ERROR_INVALID_ARGUMENT, message)
