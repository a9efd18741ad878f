// Parameter lists of user kernels, written as CuPy writes them: "float32 x, T y, raw T z".
// A type is a NumPy dtype name (float32, complex64, bool, ...) or a one-character placeholder
// (T, U, ...) that takes its type from the arguments; `raw` passes the whole array, indexed by the
// kernel's own code, instead of the array's element at the loop's index.
#pragma once

#include <garray/base.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace garray {

struct KernelParam {
  std::string name;
  std::string type_name;            // as written
  std::optional<ga_dtype_t> dtype;  // empty for a placeholder
  bool raw = false;

  bool is_placeholder() const noexcept { return !dtype.has_value(); }
};

// Parses a comma-separated list; an empty or blank `text` is no parameters. Throws
// GA_ERROR_INVALID_ARGUMENT naming `what` ("in_params") for a malformed entry, a duplicate or
// reserved name, and GA_ERROR_DTYPE for a type that is neither a dtype name nor a placeholder.
std::vector<KernelParam> parse_kernel_params(std::string_view text, const char* what);

// Whether `text` is a C identifier.
bool is_identifier(std::string_view text) noexcept;

// Throws GA_ERROR_INVALID_ARGUMENT when a name appears in both lists.
void require_distinct_names(const std::vector<KernelParam>& inputs, const std::vector<KernelParam>& outputs);

// How a call's messages name the caller's destination for each output parameter: "out[k] (name)",
// the C argument `out` and the parameter. Made once per kernel, so that calls build no names.
std::vector<std::string> destination_names(const std::vector<KernelParam>& outputs);

}  // namespace garray
