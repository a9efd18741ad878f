// The on-disk kernel cache: one file per key (cache_file_format.hpp), shared by every process that
// uses the same directory.
//  - Writes are atomic: a temporary file in the same directory, then rename(), so a reader sees a
//    whole old file, a whole new one, or none, whatever other processes do at the same time.
//  - Reads verify length and hash; a truncated or corrupt file reads as a miss, and the compile
//    that follows overwrites it.
//  - The directory is kept within max_bytes by least-recently-used eviction: a hit touches the
//    file's modification time; a write that takes the total over the bound removes the files with
//    the oldest times until it fits.
//  - The disk only saves time: no failure here (unwritable directory, full disk, a file removed
//    under us) ever fails a compile. Every member is noexcept and thread-safe.
#pragma once

#include "core/jit/cache_file_format.hpp"
#include "core/jit/disk_cache_settings.hpp"
#include "core/jit/sha256.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <utility>

namespace garray::jit {

class DiskCache {
 public:
  explicit DiskCache(DiskCacheSettings settings) : settings_(std::move(settings)) {}

  const DiskCacheSettings& settings() const noexcept { return settings_; }
  bool enabled() const noexcept { return !settings_.directory.empty(); }

  // "<directory>/<64 hex digits>.kernel".
  std::filesystem::path path_for(const Sha256Digest& key) const;

  // What is stored under `key`; nullopt for a miss, a disabled cache or a damaged file.
  std::optional<CachedCode> load(const Sha256Digest& key) const noexcept;
  void store(const Sha256Digest& key, std::span<const char> code,
             std::span<const LoweredName> lowered_names = {}) const noexcept;

  // Bytes in cache files in the directory now (0 when disabled).
  std::uint64_t total_bytes() const noexcept;

 private:
  void evict_beyond_bound() const noexcept;

  DiskCacheSettings settings_;
};

}  // namespace garray::jit
