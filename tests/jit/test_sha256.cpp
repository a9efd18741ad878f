// SHA-256 against the examples of FIPS 180-4 (and its predecessors' test vectors), messages around
// the 55/56/64-byte padding boundaries (digests from Python's hashlib), and incremental hashing.
#include "core/jit/sha256.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using garray::jit::Sha256;
using garray::jit::sha256;
using garray::jit::to_hex;

namespace {

// Bytes (7 * i + 3) mod 256, the messages the boundary vectors were computed from.
std::string sequence(std::size_t length) {
  std::string bytes;
  for (std::size_t i = 0; i < length; ++i) bytes.push_back(static_cast<char>((i * 7 + 3) % 256));
  return bytes;
}

}  // namespace

TEST(Sha256, PublishedVectors) {
  EXPECT_EQ(to_hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(to_hex(sha256("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(to_hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(
      to_hex(sha256("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopj"
                    "klmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")),
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  EXPECT_EQ(to_hex(sha256(std::string(1000000, 'a'))),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundaries) {
  const std::vector<std::pair<std::size_t, const char*>> vectors = {
      {55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"},
      {56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"},
      {63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"},
      {64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"},
      {65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"},
      {119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"},
      {120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"},
  };
  for (const auto& [length, digest] : vectors) {
    EXPECT_EQ(to_hex(sha256(sequence(length))), digest) << "length " << length;
  }
}

TEST(Sha256, IncrementalUpdatesMatchOneShot) {
  const std::string message = sequence(300);
  const std::string expected = to_hex(sha256(message));
  for (std::size_t chunk = 1; chunk <= 130; ++chunk) {
    Sha256 hash;
    for (std::size_t offset = 0; offset < message.size(); offset += chunk) {
      hash.update(std::string_view(message).substr(offset, chunk));
    }
    EXPECT_EQ(to_hex(hash.finish()), expected) << "chunks of " << chunk;
  }
}
