// The format of one file of the disk cache: a header that lets a reader prove the file whole, then
// the payload (CUBIN or PTX) as NVRTC produced it.
//
//   offset  size  field
//        0     8  magic "GAKERNEL"
//        8     4  format version, little-endian (kCacheFileFormatVersion)
//       12     8  payload length in bytes, little-endian
//       20    32  SHA-256 of the payload
//       52     n  payload
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace garray::jit {

inline constexpr std::uint32_t kCacheFileFormatVersion = 1;
inline constexpr std::size_t kCacheFileHeaderSize = 52;

std::vector<char> encode_cache_file(std::span<const char> payload);

// The payload of `file` if it is a whole cache file of this format whose payload matches its
// length and hash; nullopt for anything else (truncated, corrupt, another format or version).
std::optional<std::vector<char>> decode_cache_file(std::span<const char> file);

}  // namespace garray::jit
