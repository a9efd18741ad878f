#include "core/memory/memory_stats.hpp"

#include "core/common/error.hpp"

#include <cstring>
#include <string>

namespace garray {

void write_memory_stats(const MemoryStats& stats, ga_memory_stats_t* out) {
  GA_REQUIRE_ARGUMENT(out != nullptr, "argument 'stats' is NULL");
  GA_REQUIRE_ARGUMENT(out->struct_size >= offsetof(ga_memory_stats_t, used_bytes),
                   "stats->struct_size (" + std::to_string(out->struct_size) +
                       ") is too small; set it to sizeof(ga_memory_stats_t)");
  ga_memory_stats_t filled{};
  filled.struct_size = out->struct_size;
  filled.used_bytes = stats.used_bytes;
  filled.cached_bytes = stats.cached_bytes;
  filled.total_bytes = stats.total_bytes;
  filled.peak_used_bytes = stats.peak_used_bytes;
  filled.limit_bytes = stats.limit_bytes;
  filled.allocations = stats.allocations;
  filled.allocations_total = stats.allocations_total;
  filled.upstream_allocations = stats.upstream_allocations;
  std::memcpy(out, &filled, std::min(out->struct_size, sizeof(filled)));
}

}  // namespace garray
