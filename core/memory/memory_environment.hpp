// What the environment says about a device's memory, read when its pool is first used.
#pragma once

#include <garray/memory.h>

#include <cstddef>
#include <string_view>

namespace garray {

// GA_GPU_MEMORY_LIMIT: a byte count ("2147483648") or a percentage of `total_memory` ("50%",
// "12.5%"); 0 is no limit. Throws Error(GA_ERROR_INVALID_ARGUMENT) quoting the text otherwise.
std::size_t parse_memory_limit(std::string_view text, std::size_t total_memory);

// GA_MEMORY_BACKEND: "pool" or "async". Throws Error(GA_ERROR_INVALID_ARGUMENT) quoting the text
// otherwise ("custom" included: hooks are installed through the API).
ga_memory_backend_t parse_memory_backend(std::string_view text);

}  // namespace garray
