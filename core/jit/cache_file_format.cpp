#include "core/jit/cache_file_format.hpp"

#include "core/jit/sha256.hpp"

#include <algorithm>
#include <string>
#include <string_view>

namespace garray::jit {

namespace {

constexpr std::string_view kMagic = "GAKERNEL";
constexpr std::size_t kVersionOffset = 8;
constexpr std::size_t kLengthOffset = 12;
constexpr std::size_t kHashOffset = 20;
constexpr int kCountBytes = 4;  // the name count and each string's length

void put_little_endian(std::vector<char>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>(value >> (8 * i)));
}

std::uint64_t get_little_endian(std::span<const char> in, std::size_t offset, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) {
    value |= std::uint64_t{static_cast<std::uint8_t>(in[offset + i])} << (8 * i);
  }
  return value;
}

void put_string(std::vector<char>& out, const std::string& text) {
  put_little_endian(out, text.size(), kCountBytes);
  out.insert(out.end(), text.begin(), text.end());
}

// Reads the payload front to back; every read checks that the bytes are there, so a payload whose
// hash matches but whose lengths do not (a writer's bug, not damage) is refused, not overrun.
class PayloadReader {
 public:
  explicit PayloadReader(std::span<const char> payload) : payload_(payload) {}

  std::optional<std::uint64_t> count() {
    if (payload_.size() - position_ < kCountBytes) return std::nullopt;
    const std::uint64_t value = get_little_endian(payload_, position_, kCountBytes);
    position_ += kCountBytes;
    return value;
  }

  std::optional<std::string> string() {
    const std::optional<std::uint64_t> length = count();
    if (!length || payload_.size() - position_ < *length) return std::nullopt;
    std::string text(payload_.data() + position_, static_cast<std::size_t>(*length));
    position_ += static_cast<std::size_t>(*length);
    return text;
  }

  std::span<const char> rest() const { return payload_.subspan(position_); }

 private:
  std::span<const char> payload_;
  std::size_t position_ = 0;
};

std::optional<CachedCode> parse_payload(std::span<const char> payload) {
  PayloadReader reader(payload);
  const std::optional<std::uint64_t> count = reader.count();
  if (!count) return std::nullopt;
  CachedCode cached;
  for (std::uint64_t i = 0; i < *count; ++i) {
    std::optional<std::string> expression = reader.string();
    std::optional<std::string> symbol = expression ? reader.string() : std::nullopt;
    if (!symbol) return std::nullopt;
    cached.lowered_names.push_back({std::move(*expression), std::move(*symbol)});
  }
  const std::span<const char> code = reader.rest();
  cached.code.assign(code.begin(), code.end());
  return cached;
}

}  // namespace

std::vector<char> encode_cache_file(std::span<const char> code,
                                    std::span<const LoweredName> lowered_names) {
  std::vector<char> file(kMagic.begin(), kMagic.end());
  put_little_endian(file, kCacheFileFormatVersion, 4);
  file.resize(kCacheFileHeaderSize);  // length and hash are filled in once the payload is there
  put_little_endian(file, lowered_names.size(), kCountBytes);
  for (const LoweredName& name : lowered_names) {
    put_string(file, name.expression);
    put_string(file, name.symbol);
  }
  file.insert(file.end(), code.begin(), code.end());

  const std::span<const char> payload = std::span(file).subspan(kCacheFileHeaderSize);
  const std::uint64_t length = payload.size();
  for (int i = 0; i < 8; ++i) file[kLengthOffset + i] = static_cast<char>(length >> (8 * i));
  const Sha256Digest digest = sha256(payload.data(), payload.size());
  std::copy(digest.begin(), digest.end(), file.begin() + kHashOffset);
  return file;
}

std::optional<CachedCode> decode_cache_file(std::span<const char> file) {
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
  return parse_payload(payload);
}

}  // namespace garray::jit
