#include "core/ops/kernel_params.hpp"

#include "core/array/dtype.hpp"
#include "core/common/error.hpp"

#include <algorithm>
#include <cctype>

namespace garray {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t at = 0; at <= text.size(); ++at) {
    if (at == text.size() || text[at] == separator) {
      parts.push_back(text.substr(start, at - start));
      start = at + 1;
    }
  }
  return parts;
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> found;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    const std::size_t start = at;
    while (at < text.size() && !std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    if (at > start) found.push_back(text.substr(start, at - start));
  }
  return found;
}

bool is_blank(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
}

// Names the generated kernel defines around the user's code.
bool is_reserved(std::string_view name) { return name == "i" || name.starts_with("_"); }

// CuPy's rule: one character is a placeholder, anything longer must be a dtype's own name
// (so "float", which NumPy reads as float64 and C as float32, is refused rather than guessed).
std::optional<ga_dtype_t> parameter_dtype(std::string_view type, std::string_view entry, const char* what) {
  if (type.size() == 1) {
    GA_REQUIRE(is_identifier(type), GA_ERROR_DTYPE,
               std::string(what) + ": placeholder '" + std::string(type) + "' in '" + std::string(entry) +
                   "' is not a letter");
    return std::nullopt;
  }
  for (int value = 0; value < GA_DTYPE_COUNT; ++value) {
    const DTypeInfo& info = dtype_info(static_cast<ga_dtype_t>(value));
    if (type == info.name) return info.dtype;
  }
  throw Error(GA_ERROR_DTYPE, std::string(what) + ": unknown type '" + std::string(type) + "' in '" +
                                  std::string(entry) +
                                  "': use a dtype name (float32, int64, complex64, ...) or a one-letter "
                                  "placeholder such as T");
}

}  // namespace

bool is_identifier(std::string_view text) noexcept {
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::vector<KernelParam> parse_kernel_params(std::string_view text, const char* what) {
  std::vector<KernelParam> params;
  if (is_blank(text)) return params;
  for (std::string_view entry : split(text, ',')) {
    const std::vector<std::string_view> parts = words(entry);
    GA_REQUIRE_ARGUMENT(parts.size() == 2 || (parts.size() == 3 && parts[0] == "raw"),
                        std::string(what) + ": '" + std::string(entry) +
                            "' is not '[raw] <type> <name>' (entries are separated by commas)");
    KernelParam param;
    param.raw = parts.size() == 3;
    param.type_name = std::string(parts[parts.size() - 2]);
    param.name = std::string(parts.back());
    GA_REQUIRE_ARGUMENT(is_identifier(param.name),
                        std::string(what) + ": '" + param.name + "' is not a valid parameter name");
    GA_REQUIRE_ARGUMENT(!is_reserved(param.name),
                        std::string(what) + ": the name '" + param.name +
                            "' is reserved (the kernel defines 'i' and names starting with '_')");
    param.dtype = parameter_dtype(param.type_name, entry, what);
    const bool duplicate = std::any_of(params.begin(), params.end(),
                                       [&](const KernelParam& other) { return other.name == param.name; });
    GA_REQUIRE_ARGUMENT(!duplicate, std::string(what) + ": parameter '" + param.name + "' appears twice");
    params.push_back(std::move(param));
  }
  return params;
}

void require_distinct_names(const std::vector<KernelParam>& inputs, const std::vector<KernelParam>& outputs) {
  for (const KernelParam& output : outputs) {
    for (const KernelParam& input : inputs) {
      GA_REQUIRE_ARGUMENT(input.name != output.name,
                          "parameter '" + output.name + "' is both an input and an output");
    }
  }
}

std::vector<std::string> destination_names(const std::vector<KernelParam>& outputs) {
  std::vector<std::string> names;
  names.reserve(outputs.size());
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    names.push_back("out[" + std::to_string(k) + "] (" + outputs[k].name + ")");
  }
  return names;
}

}  // namespace garray
