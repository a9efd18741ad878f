#include "core/jit/kernel_cache.hpp"

#include "core/jit/cache_key.hpp"
#include "core/jit/disk_cache.hpp"
#include "core/jit/single_flight_map.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace garray::jit {

namespace {

struct DigestHash {
  std::size_t operator()(const Sha256Digest& digest) const noexcept {
    std::size_t hash = 0;
    std::memcpy(&hash, digest.data(), sizeof(hash));
    return hash;
  }
};

// How a launcher names a kernel, as views of its own strings, with their hash computed once.
struct KernelLookup {
  std::string_view source;
  std::string_view name;
  std::span<const std::string> options;
  std::span<const std::string> name_expressions;
  std::size_t hash;
};

// The same, owned, as stored in the table.
struct KernelKey {
  std::string source;
  std::string name;
  std::vector<std::string> options;
  std::vector<std::string> name_expressions;
  std::size_t hash;

  explicit KernelKey(const KernelLookup& lookup)
      : source(lookup.source),
        name(lookup.name),
        options(lookup.options.begin(), lookup.options.end()),
        name_expressions(lookup.name_expressions.begin(), lookup.name_expressions.end()),
        hash(lookup.hash) {}
};

std::size_t hash_kernel(std::string_view source, std::string_view name,
                        std::span<const std::string> options,
                        std::span<const std::string> name_expressions) {
  const std::hash<std::string_view> hash_text;
  std::size_t hash = hash_text(source);
  const auto combine = [&](std::string_view text) {
    hash ^= hash_text(text) + 0x9e3779b97f4a7c15ull + (hash << 6) + (hash >> 2);
  };
  combine(name);
  for (const std::string& option : options) combine(option);
  for (const std::string& expression : name_expressions) combine(expression);
  return hash;
}

struct KernelHash {
  using is_transparent = void;
  template <class Kernel>
  std::size_t operator()(const Kernel& kernel) const noexcept {
    return kernel.hash;
  }
};

struct KernelEqual {
  using is_transparent = void;
  template <class A, class B>
  bool operator()(const A& a, const B& b) const {
    return a.hash == b.hash && a.name == b.name && std::ranges::equal(a.options, b.options) &&
           std::ranges::equal(a.name_expressions, b.name_expressions) && a.source == b.source;
  }
};

// What is compiled: everything the cache key covers but the target. Views of the caller's strings,
// passed down a request's path in one piece.
struct Program {
  std::string_view source;
  std::span<const std::string> options;
  std::span<const std::string> name_expressions;
};

using BinaryTable = SingleFlightMap<Sha256Digest, BinaryRef, DigestHash, std::equal_to<>>;
using LibraryTable = SingleFlightMap<Sha256Digest, LoadedLibraryRef, DigestHash, std::equal_to<>>;
using KernelTable = SingleFlightMap<KernelKey, KernelRef, KernelHash, KernelEqual>;

struct DeviceCache {
  LibraryTable libraries;
  KernelTable kernels;
};

class Engine {
 public:
  // Never destroyed: kernels run, and their libraries must stay loaded, until the process ends.
  static Engine& instance() {
    static Engine* engine = new Engine;
    return *engine;
  }

  BinaryRef compile(const Program& program, const Target& target) {
    require_supported(target);
    return binary(cache_key(program.source, program.options, target, program.name_expressions),
                  program, target);
  }

  KernelRef get_kernel(const Program& program, std::string_view name, int device) {
    require_device(device);
    DeviceCache& cache = *devices_[static_cast<std::size_t>(device)];
    const KernelLookup lookup{
        program.source, name, program.options, program.name_expressions,
        hash_kernel(program.source, name, program.options, program.name_expressions)};
    return cache.kernels.get(
        lookup, [&] { return KernelKey(lookup); },
        [&] { return load_kernel(cache, program, name, device); });
  }

  CacheStats stats() const {
    CacheStats stats;
    stats.memory_hits = binaries_.hits();
    for (const auto& device : devices_) {
      stats.memory_hits += device->libraries.hits() + device->kernels.hits();
    }
    stats.disk_hits = disk_hits_.load(std::memory_order_relaxed);
    stats.compiles = compiles_.load(std::memory_order_relaxed);
    stats.disk_bytes = disk()->total_bytes();
    return stats;
  }

  void clear_memory() {
    for (const auto& device : devices_) {
      device->kernels.clear();
      device->libraries.clear();
    }
    binaries_.clear();
  }

  std::shared_ptr<const DiskCache> disk() const {
    std::lock_guard lock(disk_mutex_);
    return disk_;
  }

  void set_disk(DiskCacheSettings settings) {
    auto replacement = std::make_shared<const DiskCache>(std::move(settings));
    std::lock_guard lock(disk_mutex_);
    disk_ = std::move(replacement);
  }

 private:
  Engine() : disk_(std::make_shared<const DiskCache>(disk_cache_settings_from_environment())) {
    for (int device = 0; device < device_count(); ++device) {
      devices_.push_back(std::make_unique<DeviceCache>());
    }
  }

  KernelRef load_kernel(DeviceCache& cache, const Program& program, std::string_view name,
                        int device) {
    const Target target = target_for_device(device);
    const Sha256Digest key =
        cache_key(program.source, program.options, target, program.name_expressions);
    LoadedLibraryRef library = cache.libraries.get(
        key, [&] { return key; },
        [&] {
          return std::make_shared<const LoadedLibrary>(binary(key, program, target), device);
        });
    return std::make_shared<const Kernel>(std::move(library), name);
  }

  BinaryRef binary(const Sha256Digest& key, const Program& program, const Target& target) {
    return binaries_.get(key, [&] { return key; }, [&] { return produce(key, program, target); });
  }

  BinaryRef produce(const Sha256Digest& key, const Program& program, const Target& target) {
    const std::shared_ptr<const DiskCache> disk_cache = disk();
    if (std::optional<CachedCode> cached = disk_cache->load(key)) {
      disk_hits_.fetch_add(1, std::memory_order_relaxed);
      return std::make_shared<const Binary>(
          Binary{target, std::move(cached->code), std::move(cached->lowered_names)});
    }
    auto compiled = std::make_shared<const Binary>(
        compile_with_nvrtc(program.source, program.options, target, program.name_expressions));
    compiles_.fetch_add(1, std::memory_order_relaxed);
    disk_cache->store(key, compiled->bytes, compiled->lowered_names);
    return compiled;
  }

  BinaryTable binaries_;
  std::vector<std::unique_ptr<DeviceCache>> devices_;  // one per device, fixed at start
  mutable std::mutex disk_mutex_;
  std::shared_ptr<const DiskCache> disk_;
  std::atomic<std::uint64_t> disk_hits_{0};
  std::atomic<std::uint64_t> compiles_{0};
};

}  // namespace

BinaryRef compile(std::string_view source, std::span<const std::string> options,
                  const Target& target, std::span<const std::string> name_expressions) {
  return Engine::instance().compile({source, options, name_expressions}, target);
}

KernelRef get_kernel(std::string_view source, std::string_view kernel_name,
                     std::span<const std::string> options, int device,
                     std::span<const std::string> name_expressions) {
  return Engine::instance().get_kernel({source, options, name_expressions}, kernel_name, device);
}

CacheStats cache_stats() { return Engine::instance().stats(); }

void clear_memory_cache() { Engine::instance().clear_memory(); }

DiskCacheSettings disk_cache_settings() { return Engine::instance().disk()->settings(); }

void set_disk_cache_settings(DiskCacheSettings settings) {
  Engine::instance().set_disk(std::move(settings));
}

}  // namespace garray::jit
