#include "core/jit/cache_key.hpp"

#include "core/jit/compiler.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace garray::jit {

namespace {

void add_field(Sha256& hash, std::string_view field) {
  const std::uint64_t size = field.size();
  std::uint8_t length[8];
  for (int i = 0; i < 8; ++i) length[i] = static_cast<std::uint8_t>(size >> (8 * i));
  hash.update(length, sizeof(length));
  hash.update(field);
}

}  // namespace

Sha256Digest cache_key(std::string_view source, std::span<const std::string> options,
                       const Target& target) {
  Sha256 hash;
  add_field(hash, "garray kernel");
  add_field(hash, std::to_string(kKernelAbiVersion));
  add_field(hash, std::to_string(nvrtc_version()));
  add_field(hash, target.name());
  const std::vector<std::string> defaults = default_options(target);
  add_field(hash, std::to_string(defaults.size() + options.size()));
  for (const std::string& option : defaults) add_field(hash, option);
  for (const std::string& option : options) add_field(hash, option);
  add_field(hash, source);
  return hash.finish();
}

}  // namespace garray::jit
