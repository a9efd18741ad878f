// User reduction kernels (CuPy's ReductionKernel): inputs broadcast together, each element mapped
// by `map_expr`, folded by `reduce_expr` (over `a` and `b`) starting from `identity`, and the
// result of each output element written by `post_map_expr` (with `a` the folded value), over any
// set of axes, keepdims as NumPy.
//
// Two names of the generated source are part of the engine's contract (CuPy spells them the same):
// `map_expr` may use `_J`, the element's C-order index among the reduced elements of its output
// (argmax's position), and `post_map_expr` may use `_reduce_count`, how many elements each output
// folds (a mean's divisor).
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
  // Nonzero: `reduce_type` names a type of the preamble (a struct such as argmax's (value, index)
  // pair) that is this many bytes long, rather than a dtype.
  std::size_t reduce_type_size = 0;
  // Non-empty: fold a pass of loaded elements at a time (reduction_source.hpp); garray's own
  // kernels only (Welford's moments, whose per-element update would bound them).
  std::string pass_map = {};
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
  // for an empty list) on `stream`. Outputs as ElementwiseKernel's (destinations checked by
  // require_destination() before any work); their shape is the broadcast shape without the
  // reduced axes, or with extent 1 there when `keepdims`. Throws as
  // ElementwiseKernel does, GA_ERROR_INDEX / GA_ERROR_INVALID_ARGUMENT for bad axes, and
  // GA_ERROR_INVALID_ARGUMENT for an empty reduction without identity.
  std::vector<Array> operator()(std::span<const KernelArgument> inputs, std::span<const std::optional<Array>> outputs,
                                const std::optional<std::vector<int>>& axes, bool keepdims,
                                const StreamRef& stream) const;

 private:
  std::vector<KernelParam> inputs_;
  std::vector<KernelParam> outputs_;
  std::vector<std::string> destination_names_;  // "out[k] (name)", for messages
  ReductionExpressions expressions_;
  std::optional<KernelParam> reduce_type_;  // the reduce type, parsed as a parameter named reduce_type
  bool reduced_index_ = false;              // map_expr uses `_J`: the reduced loop keeps C order
  std::string name_;
  std::string preamble_;
  KernelVariants variants_;
};

}  // namespace garray
