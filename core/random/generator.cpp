#include "core/random/generator.hpp"

#include "core/common/error.hpp"
#include "core/runtime/device.hpp"

#include <string>

namespace garray {

namespace {

// Philox's streams are rebuilt at offset calls * kPhiloxCallOutputs: each call may take up to 2^32
// outputs from every stream (2^32 * kStreams numbers in all), and 2^34 calls fit before the
// counters would reach the next stream's.
constexpr std::uint64_t kPhiloxCallOutputs = std::uint64_t{1} << 32;

}  // namespace

Generator::Generator(BitGenerator kind, std::uint64_t seed, int device) : kind_(kind), seed_(seed), device_(device) {
  GA_REQUIRE_ARGUMENT(
      kind == BitGenerator::xorwow || kind == BitGenerator::philox4_32_10 || kind == BitGenerator::mrg32k3a,
      "unknown bit generator " + std::to_string(static_cast<int>(kind)));
}

Generator::~Generator() {
  // The states go back to the pool of the stream that made them; the last call may have used
  // them on another stream.
  if (last_call_ && states_) {
    try {
      last_call_->synchronize();
    } catch (...) {
      // A failed device cannot run the kernel any more either.
    }
  }
}

random_kernels::StreamSource Generator::begin_call(const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(stream->device() == device_, "the generator lives on device " + std::to_string(device_) +
                                                       ", the stream on device " + std::to_string(stream->device()));
  if (last_call_) stream->wait(*last_call_);
  const std::size_t bytes = random_kernels::state_bytes(kind_);
  if (bytes > 0 && !states_) {
    Array states = Array::empty(Dims{static_cast<std::int64_t>(bytes)}, GA_UINT8, GA_ORDER_C, stream);
    DeviceGuard guard(device_);
    random_kernels::initialize_states(kind_, states.data(), seed_, stream->native());
    states_ = std::move(states);
  }
  random_kernels::StreamSource source{kind_, states_ ? states_->data() : nullptr, seed_, calls_ * kPhiloxCallOutputs};
  ++calls_;
  return source;
}

void Generator::end_call(const StreamRef& stream) {
  if (!last_call_) last_call_ = Event::create(device_, GA_EVENT_DISABLE_TIMING);
  last_call_->record(*stream);
}

template <class Draw>
void Generator::call(const StreamRef& stream, Draw&& draw) {
  std::lock_guard lock(mutex_);
  const random_kernels::StreamSource source = begin_call(stream);
  DeviceGuard guard(device_);
  draw(source, stream->native());
  end_call(stream);
}

void Generator::fill_reals(random_kernels::RealDistribution distribution,
                           const random_kernels::RealParameters& parameters, const Array& out,
                           const StreamRef& stream) {
  call(stream, [&](const random_kernels::StreamSource& source, cudaStream_t native) {
    random_kernels::draw_reals(source, distribution, parameters, static_cast<int>(out.itemsize()), out.data(),
                               out.size(), native);
  });
}

void Generator::fill_integers(random_kernels::IntegerDistribution distribution,
                              const random_kernels::IntegerParameters& parameters, const Array& out,
                              const StreamRef& stream) {
  call(stream, [&](const random_kernels::StreamSource& source, cudaStream_t native) {
    random_kernels::draw_integers(source, distribution, parameters, static_cast<int>(out.itemsize()), out.data(),
                                  out.size(), native);
  });
}

}  // namespace garray
