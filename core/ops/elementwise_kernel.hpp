// User elementwise kernels (CuPy's ElementwiseKernel): typed or placeholder parameters, the
// user's per-element operation, broadcasting of every non-raw array argument, outputs allocated
// when not given, any strided views. Compiled lazily, once per call signature and device.
#pragma once

#include "core/ops/kernel_argument.hpp"
#include "core/ops/kernel_params.hpp"
#include "core/ops/kernel_variants.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace garray {

class ElementwiseKernel {
 public:
  // Parses the parameter lists and checks the name; nothing is compiled until the first call.
  // Throws GA_ERROR_INVALID_ARGUMENT / GA_ERROR_DTYPE for malformed parameters, an empty
  // operation, a name that is not an identifier, or no output parameter.
  ElementwiseKernel(std::string_view in_params, std::string_view out_params, std::string operation,
                    std::string name, std::string preamble, std::vector<std::string> options);

  const std::vector<KernelParam>& inputs() const noexcept { return inputs_; }
  const std::vector<KernelParam>& outputs() const noexcept { return outputs_; }
  const std::string& name() const noexcept { return name_; }

  // Runs the kernel on `stream`. `inputs` has one entry per input parameter; `outputs` one per
  // output parameter: the caller's destination, or empty where the output is to be allocated (C
  // order, the broadcast shape, the parameter's type). Destinations take part in the broadcast and
  // are checked by require_destination() (the loop's shape, any dtype: values are converted on the
  // device) before any work. `size` (≥ 0) sets the element count when no argument is a non-raw
  // array, and must be negative otherwise. Returns every output, the destinations themselves where
  // given. Throws GA_ERROR_INVALID_ARGUMENT (counts, devices, read-only destinations, size),
  // GA_ERROR_SHAPE_MISMATCH, GA_ERROR_DTYPE and GA_ERROR_COMPILE (the user's code, with NVRTC's log).
  std::vector<Array> operator()(std::span<const KernelArgument> inputs, std::span<const std::optional<Array>> outputs,
                                std::int64_t size, const StreamRef& stream) const;

 private:
  std::vector<KernelParam> inputs_;
  std::vector<KernelParam> outputs_;
  std::vector<std::string> destination_names_;  // "out[k] (name)", for messages
  std::string operation_;
  std::string name_;
  std::string preamble_;
  bool uses_linear_index_;  // the operation reads `i` or `_ind`: the loop must keep C order
  KernelVariants variants_;
};

// Whether `code` contains `identifier` as a whole token (conservative: comments count).
bool mentions_identifier(std::string_view code, std::string_view identifier);

// Throws GA_ERROR_INVALID_ARGUMENT unless `name` can be a kernel's name.
void require_kernel_name(const std::string& name);

}  // namespace garray
