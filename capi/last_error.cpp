#include "capi/last_error.hpp"

#include <garray/base.h>

namespace garray::capi {

namespace {
thread_local std::string last_error_message;
}

void set_last_error(const char* function, const std::string& message) {
  try {
    last_error_message.assign(function).append(": ").append(message);
  } catch (...) {
    last_error_message.clear();
  }
}

void clear_last_error() noexcept { last_error_message.clear(); }

}  // namespace garray::capi

extern "C" GA_API const char* ga_last_error(void) {
  return garray::capi::last_error_message.c_str();
}
