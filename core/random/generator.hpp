// A random number generator on one device: a cuRAND bit generator (XORWOW, Philox4x32-10 or
// MRG32k3a), its seed, and where its streams stand (sampling_kernels.hpp has the layout that makes
// the numbers depend only on the seed and the calls made). The public ga_rng_t, and the per-device
// generator behind the legacy functions (global_generators.hpp).
//
// Thread-safe: calls are serialised, and each call's kernel is ordered after the previous call's
// even on another stream (the stream waits on an event), so that the same calls give the same
// numbers whatever streams they are queued on.
#pragma once

#include "core/array/array.hpp"
#include "core/random/sampling_kernels.hpp"
#include "core/runtime/event.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

namespace garray {

using random_kernels::BitGenerator;

class Generator {
 public:
  // A generator on `device` (its persistent states are made on first use). Throws
  // GA_ERROR_INVALID_ARGUMENT for an unknown bit generator.
  Generator(BitGenerator kind, std::uint64_t seed, int device);
  ~Generator();
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  BitGenerator kind() const noexcept { return kind_; }
  std::uint64_t seed() const noexcept { return seed_; }
  int device() const noexcept { return device_; }

  // Fills `out`, a C-contiguous float32 or float64 array on the generator's device.
  void fill_reals(random_kernels::RealDistribution distribution, const random_kernels::RealParameters& parameters,
                  const Array& out, const StreamRef& stream);
  // Fills `out`, a C-contiguous array of 1-, 2-, 4- or 8-byte integers on the generator's device.
  void fill_integers(random_kernels::IntegerDistribution distribution,
                     const random_kernels::IntegerParameters& parameters, const Array& out, const StreamRef& stream);

 private:
  // Under the lock: orders `stream` after the previous call, makes the states, returns the source
  // of this call and advances the generator.
  random_kernels::StreamSource begin_call(const StreamRef& stream);
  // Under the lock: marks the end of the call queued on `stream`.
  void end_call(const StreamRef& stream);
  // One call: under the lock, between begin_call and end_call, on the generator's device,
  // draw(source, native stream) queues the kernels.
  template <class Draw>
  void call(const StreamRef& stream, Draw&& draw);

  std::mutex mutex_;
  BitGenerator kind_;
  std::uint64_t seed_;
  int device_;
  std::optional<Array> states_;
  std::uint64_t calls_ = 0;
  EventRef last_call_;
};

using GeneratorRef = std::shared_ptr<Generator>;

}  // namespace garray
