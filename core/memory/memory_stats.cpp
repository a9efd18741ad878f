#include "core/memory/memory_stats.hpp"

#include "core/common/versioned_struct.hpp"

#include "core/common/error.hpp"

#include <cstring>
#include <string>

namespace garray {

void write_memory_stats(const MemoryStats& stats, ga_memory_stats_t* out) {
  require_versioned_struct(out, offsetof(ga_memory_stats_t, used_bytes), "stats", "ga_memory_stats_t");
  ga_memory_stats_t filled{};
  filled.used_bytes = stats.used_bytes;
  filled.cached_bytes = stats.cached_bytes;
  filled.total_bytes = stats.total_bytes;
  filled.peak_used_bytes = stats.peak_used_bytes;
  filled.limit_bytes = stats.limit_bytes;
  filled.allocations = stats.allocations;
  filled.allocations_total = stats.allocations_total;
  filled.upstream_allocations = stats.upstream_allocations;
  write_versioned_struct(out, filled);
}

}  // namespace garray
