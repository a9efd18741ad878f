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
                       const Target& target, std::span<const std::string> name_expressions) {
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
  // Only when there are any, so that a source without name expressions keeps the key it had
  // before they existed: its file of the older cache format is then read as a miss and replaced
  // in place, rather than left behind for eviction. The count after the source keeps the framing
  // unambiguous.
  if (!name_expressions.empty()) {
    add_field(hash, std::to_string(name_expressions.size()));
    for (const std::string& expression : name_expressions) add_field(hash, expression);
  }
  return hash.finish();
}

}  // namespace garray::jit
