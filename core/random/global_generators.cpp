#include "core/random/global_generators.hpp"

#include <map>
#include <mutex>
#include <random>

namespace garray::random {

namespace {

struct GlobalGenerators {
  std::mutex mutex;
  std::map<int, GeneratorRef> by_device;
};

GlobalGenerators& globals() {
  static GlobalGenerators* generators = new GlobalGenerators;  // never destroyed: outlives callers
  return *generators;
}

std::uint64_t entropy_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) | device();
}

}  // namespace

GeneratorRef global_generator(int device) {
  GlobalGenerators& generators = globals();
  std::lock_guard lock(generators.mutex);
  GeneratorRef& generator = generators.by_device[device];
  if (!generator) generator = std::make_shared<Generator>(BitGenerator::philox4_32_10, entropy_seed(), device);
  return generator;
}

void seed_global_generator(int device, std::uint64_t seed) {
  auto generator = std::make_shared<Generator>(BitGenerator::philox4_32_10, seed, device);
  GlobalGenerators& generators = globals();
  std::lock_guard lock(generators.mutex);
  generators.by_device[device] = std::move(generator);
}

}  // namespace garray::random
