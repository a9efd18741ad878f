// Cache files: a whole file decodes to its payload; any damage makes it a miss.
#include "core/jit/cache_file_format.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using garray::jit::decode_cache_file;
using garray::jit::encode_cache_file;
using garray::jit::kCacheFileHeaderSize;

namespace {

std::vector<char> sample_payload() {
  std::vector<char> payload;
  for (int i = 0; i < 1000; ++i) payload.push_back(static_cast<char>(i * 31));
  return payload;
}

}  // namespace

TEST(CacheFileFormat, RoundTripsAndStartsWithTheDocumentedHeader) {
  const std::vector<char> payload = sample_payload();
  const std::vector<char> file = encode_cache_file(payload);
  ASSERT_EQ(file.size(), kCacheFileHeaderSize + payload.size());
  EXPECT_EQ(std::string(file.data(), 8), "GAKERNEL");
  EXPECT_EQ(file[8], 1);                                        // format version, little-endian
  EXPECT_EQ(static_cast<unsigned char>(file[12]), 1000 % 256);  // payload length, little-endian
  EXPECT_EQ(static_cast<unsigned char>(file[13]), 1000 / 256);
  EXPECT_EQ(decode_cache_file(file), payload);
  EXPECT_EQ(decode_cache_file(encode_cache_file({})), std::vector<char>());
}

TEST(CacheFileFormat, EveryTruncationIsRejected) {
  const std::vector<char> file = encode_cache_file(sample_payload());
  for (std::size_t length = 0; length < file.size(); ++length) {
    EXPECT_FALSE(decode_cache_file(std::span(file).first(length))) << "length " << length;
  }
}

TEST(CacheFileFormat, ACorruptByteAnywhereIsRejected) {
  const std::vector<char> file = encode_cache_file(sample_payload());
  for (std::size_t offset = 0; offset < file.size(); offset += 7) {
    std::vector<char> damaged = file;
    damaged[offset] ^= 0x20;
    EXPECT_FALSE(decode_cache_file(damaged)) << "offset " << offset;
  }
  std::vector<char> extended = file;
  extended.push_back('x');
  EXPECT_FALSE(decode_cache_file(extended));
}
