// Where the disk cache lives and how large it may grow, from the environment.
#pragma once

#include <cstdint>
#include <filesystem>

namespace garray::jit {

inline constexpr std::uint64_t kDefaultDiskCacheMaxBytes = 256ull << 20;

struct DiskCacheSettings {
  std::filesystem::path directory;  // empty: no disk cache, memory only
  std::uint64_t max_bytes = kDefaultDiskCacheMaxBytes;
};

// Reads, each time it is called:
//  - GA_CACHE_DISABLE: any value but "" and "0" keeps kernels in memory only;
//  - GA_CACHE_DIR: the directory; else $XDG_CACHE_HOME/garray/kernels when XDG_CACHE_HOME is an
//    absolute path (the XDG rule); else $HOME/.cache/garray/kernels; else none;
//  - GA_CACHE_MAX_BYTES: a decimal byte count; a value that is not one leaves the default, as a
//    cache setting must never make a compile fail.
DiskCacheSettings disk_cache_settings_from_environment();

}  // namespace garray::jit
