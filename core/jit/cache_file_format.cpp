#include "core/jit/cache_file_format.hpp"

#include "core/jit/sha256.hpp"

#include <algorithm>
#include <string_view>

namespace garray::jit {

namespace {

constexpr std::string_view kMagic = "GAKERNEL";
constexpr std::size_t kVersionOffset = 8;
constexpr std::size_t kLengthOffset = 12;
constexpr std::size_t kHashOffset = 20;

void put_little_endian(std::vector<char>& out, std::size_t offset, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[offset + i] = static_cast<char>(value >> (8 * i));
}

std::uint64_t get_little_endian(std::span<const char> in, std::size_t offset, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) {
    value |= std::uint64_t{static_cast<std::uint8_t>(in[offset + i])} << (8 * i);
  }
  return value;
}

}  // namespace

std::vector<char> encode_cache_file(std::span<const char> payload) {
  std::vector<char> file(kCacheFileHeaderSize + payload.size());
  std::copy(kMagic.begin(), kMagic.end(), file.begin());
  put_little_endian(file, kVersionOffset, kCacheFileFormatVersion, 4);
  put_little_endian(file, kLengthOffset, payload.size(), 8);
  const Sha256Digest digest = sha256(payload.data(), payload.size());
  std::copy(digest.begin(), digest.end(), file.begin() + kHashOffset);
  std::copy(payload.begin(), payload.end(), file.begin() + kCacheFileHeaderSize);
  return file;
}

std::optional<std::vector<char>> decode_cache_file(std::span<const char> file) {
  if (file.size() < kCacheFileHeaderSize) return std::nullopt;
  if (!std::equal(kMagic.begin(), kMagic.end(), file.begin())) return std::nullopt;
  if (get_little_endian(file, kVersionOffset, 4) != kCacheFileFormatVersion) return std::nullopt;
  if (get_little_endian(file, kLengthOffset, 8) != file.size() - kCacheFileHeaderSize) {
    return std::nullopt;
  }
  const std::span<const char> payload = file.subspan(kCacheFileHeaderSize);
  const Sha256Digest digest = sha256(payload.data(), payload.size());
  if (!std::equal(digest.begin(), digest.end(), file.begin() + kHashOffset,
                  [](std::uint8_t expected, char stored) {
                    return expected == static_cast<std::uint8_t>(stored);
                  })) {
    return std::nullopt;
  }
  return std::vector<char>(payload.begin(), payload.end());
}

}  // namespace garray::jit
