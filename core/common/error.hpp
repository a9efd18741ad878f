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

// Throws Error(status, message) unless condition holds; keeps argument checks one line each.
inline void require(bool condition, ga_status_t status, const std::string& message) {
  if (!condition) throw Error(status, message);
}

inline void require_argument(bool condition, const std::string& message) {
  require(condition, GA_ERROR_INVALID_ARGUMENT, message);
}

}  // namespace garray
