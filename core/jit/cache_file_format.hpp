// The format of one file of the disk cache: a header that lets a reader prove the file whole, then
// the payload: the symbols of the name expressions the code was compiled with (a disk hit has no
// NVRTC program to ask for them), then the code (CUBIN or PTX) as NVRTC produced it.
//
//   offset  size  field
//        0     8  magic "GAKERNEL"
//        8     4  format version, little-endian (kCacheFileFormatVersion)
//       12     8  payload length in bytes, little-endian
//       20    32  SHA-256 of the payload
//       52     n  payload:
//                   4  number of lowered names k, little-endian
//                   k times: 4 + e  expression (length, little-endian, then its bytes)
//                            4 + s  symbol (the same)
//                   the rest: the code
// Integers are unsigned. Version 1 had no lowered names: its payload was the code alone.
#pragma once

#include "core/jit/lowered_name.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace garray::jit {

inline constexpr std::uint32_t kCacheFileFormatVersion = 2;
inline constexpr std::size_t kCacheFileHeaderSize = 52;

// What a cache file holds besides its header.
struct CachedCode {
  std::vector<char> code;
  std::vector<LoweredName> lowered_names;

  friend bool operator==(const CachedCode&, const CachedCode&) = default;
};

std::vector<char> encode_cache_file(std::span<const char> code,
                                    std::span<const LoweredName> lowered_names);

// The contents of `file` if it is a whole cache file of this format whose payload matches its
// length and hash and parses; nullopt for anything else (truncated, corrupt, another format or
// version).
std::optional<CachedCode> decode_cache_file(std::span<const char> file);

}  // namespace garray::jit
