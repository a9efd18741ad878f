// The per-device generators behind the legacy module-level functions (NumPy's and CuPy's
// numpy.random.seed, rand, randn, ...): XORWOW, as CuPy's RandomState, seeded from the system's
// entropy until seed_global_generator() is called. Like the devices and streams of runtime/, this
// is process-wide state, behind a lock.
#pragma once

#include "core/random/generator.hpp"

#include <cstdint>

namespace garray::random {

// The current generator of `device`, made on first use.
GeneratorRef global_generator(int device);

// Replaces the generator of `device` by a new one seeded with `seed`.
void seed_global_generator(int device, std::uint64_t seed);

}  // namespace garray::random
