#include "core/ops/ufunc/type_codes.hpp"

#include "core/array/dtype.hpp"
#include "core/common/error.hpp"

#include <array>

namespace garray {

namespace {

// Indexed by ga_dtype_t.
constexpr std::array<char, GA_DTYPE_COUNT> kCodes{'?', 'b', 'h', 'i', 'l', 'B', 'H', 'I',
                                                   'L', 'e', 'E', 'f', 'd', 'F', 'D'};

}  // namespace

char type_code(ga_dtype_t dtype) { return kCodes[static_cast<std::size_t>(dtype_info(dtype).dtype)]; }

ga_dtype_t dtype_from_type_code(char code) {
  if (code == 'q') return GA_INT64;
  if (code == 'Q') return GA_UINT64;
  for (std::size_t i = 0; i < kCodes.size(); ++i) {
    if (kCodes[i] == code) return static_cast<ga_dtype_t>(i);
  }
  throw Error(GA_ERROR_DTYPE, std::string("unknown type code '") + code + "'");
}

std::string loop_signature(std::span<const ga_dtype_t> inputs, std::span<const ga_dtype_t> outputs) {
  std::string text;
  for (ga_dtype_t dtype : inputs) text += type_code(dtype);
  text += "->";
  for (ga_dtype_t dtype : outputs) text += type_code(dtype);
  return text;
}

ParsedSignature parse_loop_signature(std::string_view text) {
  const std::size_t arrow = text.find("->");
  GA_REQUIRE_ARGUMENT(arrow != std::string_view::npos && text.find("->", arrow + 1) == std::string_view::npos,
                      "loop signature '" + std::string(text) + "' needs one '->'");
  ParsedSignature parsed;
  parsed.nin = static_cast<int>(arrow);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == arrow || i == arrow + 1) continue;
    parsed.dtypes.push_back(dtype_from_type_code(text[i]));
  }
  return parsed;
}

}  // namespace garray
