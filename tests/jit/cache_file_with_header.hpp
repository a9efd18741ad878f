// A disk cache file built by hand around any payload, with a header of any format version: what a
// writer of that version (an older garray, say) leaves in the directory.
#pragma once

#include "core/jit/sha256.hpp"

#include <cstdint>
#include <span>
#include <vector>

inline std::vector<char> cache_file_with_header(std::uint32_t version, std::span<const char> payload) {
  std::vector<char> file = {'G', 'A', 'K', 'E', 'R', 'N', 'E', 'L'};
  for (int i = 0; i < 4; ++i) file.push_back(static_cast<char>(version >> (8 * i)));
  for (int i = 0; i < 8; ++i) file.push_back(static_cast<char>(std::uint64_t{payload.size()} >> (8 * i)));
  const garray::jit::Sha256Digest digest = garray::jit::sha256(payload.data(), payload.size());
  file.insert(file.end(), digest.begin(), digest.end());
  file.insert(file.end(), payload.begin(), payload.end());
  return file;
}
