#include "core/jit/failed_source_dump.hpp"

#include "core/jit/sha256.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace garray::jit {

namespace {

std::filesystem::path dump_directory(std::string_view setting) {
  if (setting == "1") return std::filesystem::temp_directory_path();
  return std::filesystem::path(setting);
}

void write_commented(std::ofstream& file, std::string_view heading, std::string_view text) {
  file << "// ---- " << heading << "\n";
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    file << "// " << text.substr(0, end) << "\n";
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
}

}  // namespace

std::string dump_failed_source(std::string_view source, std::span<const std::string> options,
                               std::string_view log) noexcept {
  const char* setting = std::getenv("GA_DUMP_FAILED_SOURCE");
  if (setting == nullptr || *setting == '\0' || std::string_view(setting) == "0") return "";
  try {
    const std::filesystem::path directory = dump_directory(setting);
    std::error_code ignored;
    std::filesystem::create_directories(directory, ignored);
    // Named by content, so that the same failure overwrites its own dump instead of piling up.
    const std::filesystem::path path =
        directory / ("garray_failed_" + to_hex(sha256(source)).substr(0, 16) + ".cu");
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << source << "\n";
    std::string option_text;
    for (const std::string& option : options)
      option_text += (option_text.empty() ? "" : " ") + option;
    write_commented(file, "NVRTC options", option_text);
    write_commented(file, "NVRTC log", log);
    file.close();
    if (!file) return "could not write the failing source to " + path.string();
    return "source and log written to " + path.string();
  } catch (const std::exception& error) {
    return std::string("could not write the failing source: ") + error.what();
  }
}

}  // namespace garray::jit
