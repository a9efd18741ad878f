// User reduction kernels (CuPy's ReductionKernel): inputs broadcast together, each element mapped
// by `map_expr`, folded by `reduce_expr` (over `a` and `b`) starting from `identity`, and the
// result of each output element written by `post_map_expr` (with `a` the folded value), over any
// set of axes, keepdims as NumPy.
#pragma once

#include "core/ops/kernel_argument.hpp"
#include "core/ops/kernel_params.hpp"
#include "core/ops/kernel_variants.hpp"
#include "core/runtime/stream.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace garray {

struct ReductionExpressions {
  std::string map;                      // an expression of the inputs
  std::string reduce;                   // an expression of `a` and `b`
  std::string post_map;                 // statements assigning the outputs from `a`
  std::optional<std::string> identity;  // an expression; empty: no identity
  std::string reduce_type;              // a dtype name or a placeholder; "": the first output's type
};

class ReductionKernel {
 public:
  // Throws GA_ERROR_INVALID_ARGUMENT / GA_ERROR_DTYPE for malformed parameters or expressions, a
  // raw parameter, a bad name or reduce type, or no output.
  ReductionKernel(std::string_view in_params, std::string_view out_params, ReductionExpressions expressions,
                  std::string name, std::string preamble, std::vector<std::string> options);

  const std::vector<KernelParam>& inputs() const noexcept { return inputs_; }
  const std::vector<KernelParam>& outputs() const noexcept { return outputs_; }

  // Reduces over `axes` of the inputs' broadcast shape (all of them when `axes` is nullopt, none
  // for an empty list) on `stream`. Outputs as ElementwiseKernel's; their shape is the
  // broadcast shape without the reduced axes, or with extent 1 there when `keepdims`. Throws as
  // ElementwiseKernel does, GA_ERROR_INDEX / GA_ERROR_INVALID_ARGUMENT for bad axes, and
  // GA_ERROR_INVALID_ARGUMENT for an empty reduction without identity.
  std::vector<Array> operator()(std::span<const KernelArgument> inputs, std::span<const std::optional<Array>> outputs,
                                const std::optional<std::vector<int>>& axes, bool keepdims,
                                const StreamRef& stream) const;

 private:
  std::vector<KernelParam> inputs_;
  std::vector<KernelParam> outputs_;
  ReductionExpressions expressions_;
  std::optional<KernelParam> reduce_type_;  // the reduce type, parsed as a parameter named reduce_type
  std::string name_;
  std::string preamble_;
  KernelVariants variants_;
};

}  // namespace garray
