#include "core/jit/disk_cache_settings.hpp"

#include <charconv>
#include <cstdlib>
#include <string_view>

namespace garray::jit {

namespace {

std::string_view environment(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string_view() : std::string_view(value);
}

std::filesystem::path default_directory() {
  const std::filesystem::path xdg_cache_home(environment("XDG_CACHE_HOME"));
  if (xdg_cache_home.is_absolute()) return xdg_cache_home / "garray" / "kernels";
  const std::string_view home = environment("HOME");
  if (home.empty()) return {};
  return std::filesystem::path(home) / ".cache" / "garray" / "kernels";
}

std::uint64_t max_bytes() {
  const std::string_view text = environment("GA_CACHE_MAX_BYTES");
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    return kDefaultDiskCacheMaxBytes;
  }
  return value;
}

}  // namespace

DiskCacheSettings disk_cache_settings_from_environment() {
  const std::string_view disable = environment("GA_CACHE_DISABLE");
  if (!disable.empty() && disable != "0") return {{}, max_bytes()};
  const std::string_view directory = environment("GA_CACHE_DIR");
  return {directory.empty() ? default_directory() : std::filesystem::path(directory), max_bytes()};
}

}  // namespace garray::jit
