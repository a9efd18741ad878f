// SHA-256 (FIPS 180-4), the hash behind kernel cache keys and the integrity check of cache files.
// Written here rather than taken from a crypto library so that garray depends on nothing but CUDA.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace garray::jit {

using Sha256Digest = std::array<std::uint8_t, 32>;

// Incremental hashing: update() any number of times, then finish() once.
class Sha256 {
 public:
  Sha256() noexcept;

  void update(const void* data, std::size_t size) noexcept;
  void update(std::string_view text) noexcept { update(text.data(), text.size()); }
  Sha256Digest finish() noexcept;

 private:
  void compress(const std::uint8_t* block) noexcept;

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> pending_{};
  std::size_t pending_size_ = 0;
  std::uint64_t total_bytes_ = 0;
};

Sha256Digest sha256(const void* data, std::size_t size) noexcept;
inline Sha256Digest sha256(std::string_view text) noexcept {
  return sha256(text.data(), text.size());
}

// Lower-case hexadecimal, 64 characters.
std::string to_hex(const Sha256Digest& digest);

}  // namespace garray::jit
