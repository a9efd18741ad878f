// The types a user kernel's parameters take for one call. Placeholders are bound as CuPy binds
// them: by the outputs the caller gave, then by the input arrays, then by the input scalars, the
// first binding winning; a later argument of another dtype is converted to the bound type.
#pragma once

#include "core/ops/kernel_argument.hpp"
#include "core/ops/kernel_params.hpp"

#include <garray/base.h>

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace garray {

// What the caller passed for one parameter.
struct ArgumentDtype {
  bool given = true;      // false: an output to be allocated
  bool is_array = true;   // false: a typed scalar
  ga_dtype_t dtype = GA_FLOAT32;
};

// Throws GA_ERROR_INVALID_ARGUMENT unless a call of `what` ("kernel 'axpb'", "ufunc 'add'") has
// as many inputs and outputs as it takes.
void require_argument_counts(const std::string& what, std::size_t expected_inputs, std::size_t inputs,
                             std::size_t expected_outputs, std::size_t outputs);

// The dtypes of a call's inputs (checking its scalars) and of its output slots (empty: allocate).
std::vector<ArgumentDtype> input_argument_dtypes(std::span<const KernelArgument> inputs);
std::vector<ArgumentDtype> output_argument_dtypes(std::span<const std::optional<Array>> outputs);

struct ParamTypes {
  std::vector<ga_dtype_t> inputs;   // the type each input parameter has in the kernel's code
  std::vector<ga_dtype_t> outputs;  // likewise for outputs (and the dtype of allocated ones)
  std::vector<std::pair<std::string, ga_dtype_t>> placeholders;  // each bound placeholder once

  // The type bound to `placeholder`, if any.
  std::optional<ga_dtype_t> bound(std::string_view placeholder) const;
  // A parameter's type: its dtype, or the type its placeholder is bound to. Throws GA_ERROR_DTYPE
  // for an unbound placeholder, asking for the output array when an output is what is missing.
  ga_dtype_t of(const KernelParam& param, const char* role) const;
};

// Throws GA_ERROR_INVALID_ARGUMENT for a scalar passed to a `raw` parameter, and GA_ERROR_DTYPE
// when a placeholder cannot be bound or a raw array's dtype differs from its parameter's type
// (a raw array is addressed in place, so it cannot be converted).
ParamTypes resolve_param_types(const std::vector<KernelParam>& inputs, std::span<const ArgumentDtype> input_args,
                               const std::vector<KernelParam>& outputs, std::span<const ArgumentDtype> output_args);

}  // namespace garray
