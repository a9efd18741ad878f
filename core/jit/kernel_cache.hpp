// The kernel engine: every built-in op and user kernel gets its compiled code and kernel handles
// here. A request is answered from memory when it can, else from the disk cache, else by NVRTC,
// whose result is then kept in both.
//
//  - Binaries are kept in memory by cache key (cache_key.hpp), which names their target, so one
//    table serves every device. Loaded libraries and kernel handles are kept per device.
//  - Kernel handles are found by the source, options and name themselves (a cheap hash and a
//    comparison), so the hot path never computes SHA-256; the key is computed on a miss only.
//  - Concurrent requests for the same kernel compile it once (single_flight_map.hpp); lookups of
//    cached kernels take only a shared lock on one shard of the table.
//  - Where the disk cache lives is read from the environment once, when the engine is first used
//    (disk_cache_settings.hpp); set_disk_cache_settings() changes it later.
// All functions are thread-safe.
#pragma once

#include "core/jit/compiler.hpp"
#include "core/jit/disk_cache_settings.hpp"
#include "core/jit/kernel.hpp"
#include "core/jit/target.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace garray::jit {

// Compiles `source` with `options` for an explicit `target`, or finds it cached. Needs no GPU, so
// host-only tests and tools can compile every generated kernel. Throws Error(GA_ERROR_COMPILE) with
// the log, Error(GA_ERROR_UNSUPPORTED) for a target this NVRTC lacks, and
// Error(GA_ERROR_INVALID_ARGUMENT) for options that choose an architecture. The binary carries the
// symbols of `name_expressions` (compile_with_nvrtc()), from NVRTC or from the disk cache alike.
BinaryRef compile(std::string_view source, std::span<const std::string> options,
                  const Target& target, std::span<const std::string> name_expressions = {});

// The kernel `kernel_name` of `source` compiled with `options` (and `name_expressions`) for
// `device`'s architecture (target_for_device()) and loaded there: the one call a launcher makes
// before launching. `kernel_name` is a symbol: an extern "C" name, or the lowered name of one of
// `name_expressions`. The first call for a kernel compiles (or reads the disk) and loads; later
// calls return the same handle from memory. Throws as compile() does, Error(GA_ERROR_NO_DEVICE)
// for a device that does not exist, Error(GA_ERROR_INVALID_ARGUMENT) for a name the source does
// not define, and Error(GA_ERROR_CUDA) when the runtime cannot load the code.
KernelRef get_kernel(std::string_view source, std::string_view kernel_name,
                     std::span<const std::string> options, int device,
                     std::span<const std::string> name_expressions = {});

struct CacheStats {
  std::uint64_t memory_hits =
      0;                         // requests answered from memory (compiled code or a kernel handle)
  std::uint64_t disk_hits = 0;   // compiled code read from the disk cache
  std::uint64_t compiles = 0;    // successful NVRTC compilations
  std::uint64_t disk_bytes = 0;  // size of the disk cache's files now
};

// Counts since the process started.
CacheStats cache_stats();

// Forgets every binary, library and kernel handle held in memory; the next request for each goes
// to the disk cache. Handles held by callers stay valid: their library is unloaded when the last of
// them goes.
void clear_memory_cache();

// The disk cache in use, and a way to point it elsewhere, for tests and tools: the environment is
// read only once.
DiskCacheSettings disk_cache_settings();
void set_disk_cache_settings(DiskCacheSettings settings);

}  // namespace garray::jit
