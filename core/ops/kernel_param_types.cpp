#include "core/ops/kernel_param_types.hpp"

#include "core/array/dtype.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"

namespace garray {

namespace {

void bind(ParamTypes& types, const KernelParam& param, const ArgumentDtype& argument) {
  if (!param.is_placeholder() || !argument.given || types.bound(param.type_name)) return;
  types.placeholders.emplace_back(param.type_name, argument.dtype);
}

void require_raw_matches(const KernelParam& param, const ArgumentDtype& argument, ga_dtype_t type) {
  if (!param.raw || !argument.given) return;
  GA_REQUIRE_ARGUMENT(argument.is_array, "raw parameter '" + param.name + "' needs an array, not a scalar");
  GA_REQUIRE(argument.dtype == type, GA_ERROR_DTYPE,
             "raw parameter '" + param.name + "' is " + param.type_name + " = " + dtype_info(type).name +
                 " but its array is " + dtype_info(argument.dtype).name +
                 " (raw arrays are used in place and cannot be converted)");
}

}  // namespace

void require_argument_counts(const std::string& what, std::size_t expected_inputs, std::size_t inputs,
                             std::size_t expected_outputs, std::size_t outputs) {
  GA_REQUIRE_ARGUMENT(inputs == expected_inputs, what + " takes " + std::to_string(expected_inputs) +
                                                     " inputs, got " + std::to_string(inputs));
  GA_REQUIRE_ARGUMENT(outputs == expected_outputs, what + " has " + std::to_string(expected_outputs) +
                                                       " outputs, got " + std::to_string(outputs));
}

std::vector<ArgumentDtype> input_argument_dtypes(std::span<const KernelArgument> inputs) {
  std::vector<ArgumentDtype> dtypes;
  dtypes.reserve(inputs.size());
  for (const KernelArgument& input : inputs) {
    if (!input.array) validate_scalar(input.scalar, "scalar argument");
    dtypes.push_back({true, input.array != nullptr, input.array ? input.array->dtype() : input.scalar.dtype});
  }
  return dtypes;
}

std::vector<ArgumentDtype> output_argument_dtypes(std::span<const std::optional<Array>> outputs) {
  std::vector<ArgumentDtype> dtypes;
  dtypes.reserve(outputs.size());
  for (const std::optional<Array>& output : outputs) {
    dtypes.push_back({output.has_value(), true, output ? output->dtype() : GA_FLOAT32});
  }
  return dtypes;
}

std::optional<ga_dtype_t> ParamTypes::bound(std::string_view placeholder) const {
  for (const auto& [name, dtype] : placeholders) {
    if (name == placeholder) return dtype;
  }
  return std::nullopt;
}

ga_dtype_t ParamTypes::of(const KernelParam& param, const char* role) const {
  if (param.dtype) return *param.dtype;
  if (const std::optional<ga_dtype_t> type = bound(param.type_name)) return *type;
  throw Error(GA_ERROR_DTYPE, "the type " + param.type_name + " of " + role + " '" + param.name +
                                  "' cannot be determined from the inputs: pass the output array '" +
                                  param.name + "', whose dtype decides it");
}

ParamTypes resolve_param_types(const std::vector<KernelParam>& inputs, std::span<const ArgumentDtype> input_args,
                               const std::vector<KernelParam>& outputs, std::span<const ArgumentDtype> output_args) {
  ParamTypes types;
  types.inputs.reserve(inputs.size());
  types.outputs.reserve(outputs.size());
  for (std::size_t k = 0; k < outputs.size(); ++k) bind(types, outputs[k], output_args[k]);
  for (const bool arrays : {true, false}) {
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      if (input_args[k].is_array == arrays) bind(types, inputs[k], input_args[k]);
    }
  }
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    types.inputs.push_back(types.of(inputs[k], "input"));
    require_raw_matches(inputs[k], input_args[k], types.inputs.back());
  }
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    types.outputs.push_back(types.of(outputs[k], "output"));
    require_raw_matches(outputs[k], output_args[k], types.outputs.back());
  }
  return types;
}

}  // namespace garray
