// Device words that are zero whenever no kernel uses them: kernels that take them must leave them
// zeroed again when they finish (a split reduction's arrival counts wrap back to 0). A stream owns
// one set (Stream::zeroed_counters); a destroyed stream's set is reused by a later stream once the
// work queued before the destruction has finished, so the sets never outnumber the streams alive
// at once and nothing has to clear them between kernels.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

namespace garray {

struct ZeroedCounters {
  unsigned* words = nullptr;
  std::size_t count = 0;
};

// At least `count` zeroed words on `device`: a retired set whose last work has finished, or new
// memory zeroed on `stream` (so that work queued on `stream` after this sees zeros).
ZeroedCounters acquire_zeroed_counters(int device, std::size_t count, cudaStream_t stream);

// Gives `counters` back once the work queued so far on `stream` (its last user, still alive) has
// finished. Never throws: a set that cannot be handed back is kept out of use.
void retire_zeroed_counters(int device, ZeroedCounters counters, cudaStream_t stream) noexcept;

}  // namespace garray
