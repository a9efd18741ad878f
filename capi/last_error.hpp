// The thread-local message behind ga_last_error().
#pragma once

#include <string>

namespace garray::capi {

void set_last_error(const char* function, const std::string& message);
void clear_last_error() noexcept;

}  // namespace garray::capi
