#include "core/memory/memory_environment.hpp"

#include "core/common/error.hpp"

#include <charconv>
#include <cmath>
#include <string>
#include <system_error>

namespace garray {

namespace {

// The whole of `text` as a number of type T, or nothing.
template <class T>
bool parse_whole(std::string_view text, T& value) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && stop == end;
}

}  // namespace

std::size_t parse_memory_limit(std::string_view text, std::size_t total_memory) {
  const std::string refusal = "GA_GPU_MEMORY_LIMIT='" + std::string(text) +
                              "' is neither a byte count nor a percentage such as '50%'";
  if (!text.empty() && text.back() == '%') {
    double percent = 0.0;
    GA_REQUIRE_ARGUMENT(
        parse_whole(text.substr(0, text.size() - 1), percent) && percent >= 0.0 && percent <= 100.0,
        refusal);
    return static_cast<std::size_t>(
        std::floor(static_cast<double>(total_memory) * percent / 100.0));
  }
  unsigned long long bytes = 0;
  GA_REQUIRE_ARGUMENT(parse_whole(text, bytes), refusal);
  return static_cast<std::size_t>(bytes);
}

ga_memory_backend_t parse_memory_backend(std::string_view text) {
  if (text == "pool") return GA_MEMORY_BACKEND_POOL;
  if (text == "async") return GA_MEMORY_BACKEND_ASYNC;
  throw Error(GA_ERROR_INVALID_ARGUMENT,
              "GA_MEMORY_BACKEND='" + std::string(text) + "' is neither 'pool' nor 'async'");
}

}  // namespace garray
