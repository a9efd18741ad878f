// Cache files: a whole file decodes to its code and lowered names; any damage, an older format, or
// lengths that overrun the payload make it a miss.
#include "cache_file_with_header.hpp"
#include "core/jit/cache_file_format.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using garray::jit::CachedCode;
using garray::jit::decode_cache_file;
using garray::jit::encode_cache_file;
using garray::jit::kCacheFileHeaderSize;
using garray::jit::LoweredName;

namespace {

std::vector<char> sample_code() {
  std::vector<char> code;
  for (int i = 0; i < 1000; ++i) code.push_back(static_cast<char>(i * 31));
  return code;
}

const std::vector<LoweredName> kSampleNames = {{"my_func<float>", "_Z7my_funcIfEvPT_i"},
                                               {"my_func<double>", "_Z7my_funcIdEvPT_i"}};

}  // namespace

TEST(CacheFileFormat, RoundTripsAndStartsWithTheDocumentedHeader) {
  const std::vector<char> code = sample_code();
  const std::vector<char> file = encode_cache_file(code, {});
  ASSERT_EQ(file.size(), kCacheFileHeaderSize + 4 + code.size());
  EXPECT_EQ(std::string(file.data(), 8), "GAKERNEL");
  EXPECT_EQ(file[8], 2);                                        // format version, little-endian
  EXPECT_EQ(static_cast<unsigned char>(file[12]), 1004 % 256);  // payload length, little-endian
  EXPECT_EQ(static_cast<unsigned char>(file[13]), 1004 / 256);
  std::vector<char> payload = {0, 0, 0, 0};  // no lowered names, then the code
  payload.insert(payload.end(), code.begin(), code.end());
  EXPECT_EQ(file, cache_file_with_header(2, payload));
  EXPECT_EQ(decode_cache_file(file), (CachedCode{code, {}}));
  EXPECT_EQ(decode_cache_file(encode_cache_file({}, {})), CachedCode{});
}

TEST(CacheFileFormat, LoweredNamesComeBackWithTheCode) {
  const std::vector<char> file = encode_cache_file(sample_code(), kSampleNames);
  EXPECT_EQ(decode_cache_file(file), (CachedCode{sample_code(), kSampleNames}));
  const std::vector<LoweredName> empty_strings = {{"", ""}};
  EXPECT_EQ(decode_cache_file(encode_cache_file({}, empty_strings)), (CachedCode{{}, empty_strings}));
}

TEST(CacheFileFormat, EveryTruncationIsRejected) {
  const std::vector<char> file = encode_cache_file(sample_code(), kSampleNames);
  for (std::size_t length = 0; length < file.size(); ++length) {
    EXPECT_FALSE(decode_cache_file(std::span(file).first(length))) << "length " << length;
  }
}

TEST(CacheFileFormat, ACorruptByteAnywhereIsRejected) {
  const std::vector<char> file = encode_cache_file(sample_code(), kSampleNames);
  for (std::size_t offset = 0; offset < file.size(); offset += 7) {
    std::vector<char> damaged = file;
    damaged[offset] ^= 0x20;
    EXPECT_FALSE(decode_cache_file(damaged)) << "offset " << offset;
  }
  std::vector<char> extended = file;
  extended.push_back('x');
  EXPECT_FALSE(decode_cache_file(extended));
}

TEST(CacheFileFormat, FilesOfTheFirstFormatAreRejected) {
  // Version 1 held the code alone; read as version 2 its first bytes would pass for a name count.
  EXPECT_FALSE(decode_cache_file(cache_file_with_header(1, sample_code())));
}

TEST(CacheFileFormat, LengthsBeyondThePayloadAreRejectedEvenWithAMatchingHash) {
  const auto decode_payload = [](std::vector<char> payload) {
    return decode_cache_file(cache_file_with_header(2, payload));
  };
  EXPECT_FALSE(decode_payload({1, 0, 0}));                          // the count cut short
  EXPECT_FALSE(decode_payload({1, 0, 0, 0}));                       // one name, none there
  EXPECT_FALSE(decode_payload({1, 0, 0, 0, 9, 0, 0, 0, 'a'}));      // 9 bytes said, 1 there
  EXPECT_FALSE(decode_payload({1, 0, 0, 0, 1, 0, 0, 0, 'a'}));      // no symbol
  EXPECT_FALSE(decode_payload({0, 0, 0, 0x10}));                    // 2^28 names, none there
  EXPECT_EQ(decode_payload({1, 0, 0, 0, 1, 0, 0, 0, 'a', 1, 0, 0, 0, 'b', 'c'}),
            (CachedCode{{'c'}, {{"a", "b"}}}));
}
