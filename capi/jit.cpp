#include <garray/jit.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "core/common/versioned_struct.hpp"
#include "core/jit/kernel_cache.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using garray::capi::guarded;
using garray::capi::require_out;

extern "C" {

GA_API ga_status_t ga_jit_compile(const char* source, const char* const* options,
                                  size_t option_count, int arch, int want_ptx, void** binary,
                                  size_t* size) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(source != nullptr, "argument 'source' is NULL");
    const std::vector<std::string> option_list = garray::capi::caller_strings(options, option_count, "options");
    GA_REQUIRE_ARGUMENT(arch > 0, "argument 'arch' (" + std::to_string(arch) +
                                   ") is not an architecture such as 90 for sm_90");
    require_out(binary, "binary");
    require_out(size, "size");
    const garray::jit::Target target{
        arch, want_ptx ? garray::jit::BinaryKind::ptx : garray::jit::BinaryKind::cubin};
    const garray::jit::BinaryRef compiled = garray::jit::compile(source, option_list, target);
    void* copy = std::malloc(std::max<size_t>(compiled->bytes.size(), 1));
    if (copy == nullptr) throw std::bad_alloc();
    std::memcpy(copy, compiled->bytes.data(), compiled->bytes.size());
    *binary = copy;
    *size = compiled->bytes.size();
  });
}

GA_API ga_status_t ga_jit_free_binary(void* binary) {
  return guarded(__func__, [&] { std::free(binary); });
}

GA_API ga_status_t ga_kernel_cache_clear_memory(void) {
  return guarded(__func__, [] { garray::jit::clear_memory_cache(); });
}

GA_API ga_status_t ga_kernel_cache_stats(ga_kernel_cache_stats_t* stats) {
  return guarded(__func__, [&] {
    garray::require_versioned_struct(stats, sizeof(size_t), "stats",
                                     "ga_kernel_cache_stats_t");
    const garray::jit::CacheStats counts = garray::jit::cache_stats();
    ga_kernel_cache_stats_t filled{};
    filled.memory_hits = counts.memory_hits;
    filled.disk_hits = counts.disk_hits;
    filled.compiles = counts.compiles;
    filled.disk_bytes = counts.disk_bytes;
    garray::write_versioned_struct(stats, filled);
  });
}

}  // extern "C"
