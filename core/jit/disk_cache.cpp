#include "core/jit/disk_cache.hpp"

#include "core/jit/cache_file_format.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

namespace garray::jit {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kExtension = ".kernel";
constexpr std::string_view kTemporaryExtension = ".tmp";
// A temporary file this old belongs to a writer that died before its rename.
constexpr auto kAbandonedTemporaryAge = std::chrono::hours(1);

struct CacheFile {
  fs::path path;
  std::uint64_t size;
  fs::file_time_type last_used;
};

// The cache files of `directory`; removes temporaries abandoned by crashed writers on the way.
std::vector<CacheFile> list_cache_files(const fs::path& directory) {
  std::vector<CacheFile> files;
  std::error_code error;
  const auto now = fs::file_time_type::clock::now();
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    const fs::path& path = it->path();
    const auto last_used = it->last_write_time(error);
    const std::uint64_t size = error ? 0 : it->file_size(error);
    if (error) {  // removed by another process since the listing began
      error.clear();
      continue;
    }
    if (path.extension() == kExtension) {
      files.push_back({path, size, last_used});
    } else if (path.extension() == kTemporaryExtension &&
               now - last_used > kAbandonedTemporaryAge) {
      fs::remove(path, error);
      error.clear();
    }
  }
  return files;
}

// Unique among the writers of one directory: processes differ by pid, threads by the counter.
fs::path temporary_path_for(const fs::path& final_path) {
  static std::atomic<std::uint64_t> counter{0};
  return final_path.parent_path() /
         ("." + final_path.filename().string() + "." + std::to_string(::getpid()) + "." +
          std::to_string(counter.fetch_add(1, std::memory_order_relaxed)) +
          std::string(kTemporaryExtension));
}

std::optional<std::vector<char>> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return std::nullopt;
  const std::streamoff size = in.tellg();
  if (size < 0) return std::nullopt;
  std::vector<char> bytes(static_cast<std::size_t>(size));
  in.seekg(0);
  if (!in.read(bytes.data(), size)) return std::nullopt;
  return bytes;
}

}  // namespace

fs::path DiskCache::path_for(const Sha256Digest& key) const {
  return settings_.directory / (to_hex(key) + std::string(kExtension));
}

std::optional<CachedCode> DiskCache::load(const Sha256Digest& key) const noexcept {
  if (!enabled()) return std::nullopt;
  try {
    const fs::path path = path_for(key);
    const std::optional<std::vector<char>> file = read_file(path);
    if (!file) return std::nullopt;
    std::optional<CachedCode> cached = decode_cache_file(*file);
    if (cached) {
      std::error_code ignored;
      fs::last_write_time(path, fs::file_time_type::clock::now(), ignored);
    }
    return cached;
  } catch (...) {
    return std::nullopt;
  }
}

void DiskCache::store(const Sha256Digest& key, std::span<const char> code,
                      std::span<const LoweredName> lowered_names) const noexcept {
  if (!enabled()) return;
  try {
    std::error_code error;
    fs::create_directories(settings_.directory, error);
    if (error) return;
    const std::vector<char> contents = encode_cache_file(code, lowered_names);
    const fs::path final_path = path_for(key);
    const fs::path temporary = temporary_path_for(final_path);
    {
      std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
      out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
      out.close();
      // No fsync: after a crash a reader may find a short or empty file, which the hash check
      // turns into a recompile; syncing would cost every compile a disk flush.
      if (!out) {
        fs::remove(temporary, error);
        return;
      }
    }
    fs::rename(temporary, final_path, error);
    if (error) {
      fs::remove(temporary, error);
      return;
    }
    evict_beyond_bound();
  } catch (...) {
    // The kernel is compiled and in memory; only its disk copy is lost.
  }
}

std::uint64_t DiskCache::total_bytes() const noexcept {
  if (!enabled()) return 0;
  try {
    std::uint64_t total = 0;
    for (const CacheFile& file : list_cache_files(settings_.directory)) total += file.size;
    return total;
  } catch (...) {
    return 0;
  }
}

void DiskCache::evict_beyond_bound() const noexcept {
  try {
    std::vector<CacheFile> files = list_cache_files(settings_.directory);
    std::uint64_t total = 0;
    for (const CacheFile& file : files) total += file.size;
    if (total <= settings_.max_bytes) return;
    std::sort(files.begin(), files.end(),
              [](const CacheFile& a, const CacheFile& b) { return a.last_used < b.last_used; });
    for (const CacheFile& file : files) {
      if (total <= settings_.max_bytes) break;
      std::error_code error;
      fs::remove(file.path, error);  // already gone when another process evicted it first
      if (!error) total -= file.size;
    }
  } catch (...) {
    // The bound is enforced again by the next write.
  }
}

}  // namespace garray::jit
