#include "core/ops/elementwise_kernel.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/jit/kernel.hpp"
#include "core/ops/elementwise_source.hpp"
#include "core/ops/kernel_param_types.hpp"
#include "core/ops/launch.hpp"
#include "core/ops/launch_arguments.hpp"
#include "core/ops/loop_source.hpp"
#include "core/ops/raw_array_argument.hpp"
#include "core/ops/strided_loop.hpp"

#include <cctype>

namespace garray {

namespace {

constexpr int kThreads = 256;

bool is_identifier_character(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The arguments of one call, checked and completed: each user parameter's array or scalar, the
// outputs allocated, and the loop's shape.
struct CallArguments {
  std::vector<ElementwiseOperand> operands;  // inputs then outputs
  std::vector<KernelArgument> values;        // likewise
  Dims shape;
};

std::vector<ArgumentDtype> input_dtypes(std::span<const KernelArgument> inputs) {
  std::vector<ArgumentDtype> dtypes;
  for (const KernelArgument& input : inputs) {
    if (!input.array) validate_scalar(input.scalar, "scalar argument");
    dtypes.push_back({true, input.array.has_value(), input.array ? input.array->dtype() : input.scalar.dtype});
  }
  return dtypes;
}

std::vector<ArgumentDtype> output_dtypes(std::span<const std::optional<Array>> outputs) {
  std::vector<ArgumentDtype> dtypes;
  for (const std::optional<Array>& output : outputs) {
    dtypes.push_back({output.has_value(), true, output ? output->dtype() : GA_FLOAT32});
  }
  return dtypes;
}

// The shape the loop runs over: the non-raw arrays broadcast together, or `size` elements.
Dims loop_shape(const std::vector<KernelParam>& in_params, std::span<const KernelArgument> inputs,
                const std::vector<KernelParam>& out_params, std::span<const std::optional<Array>> outputs,
                std::int64_t size) {
  std::vector<Dims> shapes;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].array && !in_params[k].raw) shapes.push_back(inputs[k].array->shape());
  }
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k] && !out_params[k].raw) shapes.push_back(outputs[k]->shape());
  }
  if (shapes.empty()) {
    GA_REQUIRE_ARGUMENT(size >= 0, "the element count is undecided: no argument is a non-raw array, so pass 'size'");
    return Dims{size};
  }
  GA_REQUIRE_ARGUMENT(size < 0, "'size' can only be given when no argument is a non-raw array (got " +
                                    std::to_string(size) + ")");
  const Dims shape = broadcast_shapes(shapes, "arguments");
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (!outputs[k] || out_params[k].raw) continue;
    GA_REQUIRE(outputs[k]->shape() == shape, GA_ERROR_SHAPE_MISMATCH,
               "output '" + out_params[k].name + "' has shape " + format_shape(outputs[k]->shape()) +
                   " but the arguments broadcast to " + format_shape(shape));
  }
  return shape;
}

void require_on_device(const Array& array, const KernelParam& param, int device) {
  GA_REQUIRE_ARGUMENT(array.device() == device, "the array of '" + param.name + "' is on device " +
                                                    std::to_string(array.device()) + " but the stream is on device " +
                                                    std::to_string(device));
}

ElementwiseOperand operand_for(const KernelParam& param, bool is_output, const KernelArgument& value, ga_dtype_t type) {
  ElementwiseOperand operand{&param, is_output, ArgumentKind::scalar, type, type};
  if (!value.array) return operand;
  operand.kind = param.raw ? ArgumentKind::raw : ArgumentKind::array;
  operand.storage = value.array->dtype();
  operand.raw_rank = value.array->ndim();
  operand.raw_contiguous = value.array->is_c_contiguous();
  return operand;
}

// The bytes that pick this call's compiled variant.
std::string signature_key(const std::vector<ElementwiseOperand>& operands, int rank, bool contiguous, bool wide) {
  std::string key;
  key.push_back(static_cast<char>(rank));
  key.push_back(static_cast<char>((contiguous ? 1 : 0) | (wide ? 2 : 0)));
  for (const ElementwiseOperand& operand : operands) {
    key.push_back(static_cast<char>(operand.kind));
    key.push_back(static_cast<char>(operand.type));
    key.push_back(static_cast<char>(operand.storage));
    key.push_back(static_cast<char>(operand.raw_rank | (operand.raw_contiguous ? 0x40 : 0)));
  }
  return key;
}

}  // namespace

bool mentions_identifier(std::string_view code, std::string_view identifier) {
  for (std::size_t at = code.find(identifier); at != std::string_view::npos; at = code.find(identifier, at + 1)) {
    const bool starts = at == 0 || !is_identifier_character(code[at - 1]);
    const std::size_t end = at + identifier.size();
    const bool ends = end == code.size() || !is_identifier_character(code[end]);
    if (starts && ends) return true;
  }
  return false;
}

void require_kernel_name(const std::string& name) {
  GA_REQUIRE_ARGUMENT(is_identifier(name), "kernel name '" + name + "' is not a C identifier");
}

ElementwiseKernel::ElementwiseKernel(std::string_view in_params, std::string_view out_params, std::string operation,
                                     std::string name, std::string preamble, std::vector<std::string> options)
    : inputs_(parse_kernel_params(in_params, "in_params")),
      outputs_(parse_kernel_params(out_params, "out_params")),
      operation_(std::move(operation)),
      name_(std::move(name)),
      preamble_(std::move(preamble)),
      uses_linear_index_(mentions_identifier(operation_, "i") || mentions_identifier(operation_, "_ind")),
      variants_({name_}, std::move(options)) {
  require_distinct_names(inputs_, outputs_);
  GA_REQUIRE_ARGUMENT(!outputs_.empty(), "out_params: an elementwise kernel needs at least one output");
  GA_REQUIRE_ARGUMENT(operation_.find_first_not_of(" \t\r\n") != std::string::npos, "the operation is empty");
  require_kernel_name(name_);
}

std::vector<Array> ElementwiseKernel::operator()(std::span<const KernelArgument> inputs,
                                                 std::span<const std::optional<Array>> outputs, std::int64_t size,
                                                 const StreamRef& stream) const {
  GA_REQUIRE_ARGUMENT(inputs.size() == inputs_.size(), "kernel '" + name_ + "' takes " +
                                                           std::to_string(inputs_.size()) + " inputs, got " +
                                                           std::to_string(inputs.size()));
  GA_REQUIRE_ARGUMENT(outputs.size() == outputs_.size(), "kernel '" + name_ + "' has " +
                                                             std::to_string(outputs_.size()) + " outputs, got " +
                                                             std::to_string(outputs.size()));
  const std::vector<ArgumentDtype> in_dtypes = input_dtypes(inputs);
  const std::vector<ArgumentDtype> out_dtypes = output_dtypes(outputs);
  const ParamTypes types = resolve_param_types(inputs_, in_dtypes, outputs_, out_dtypes);
  const Dims shape = loop_shape(inputs_, inputs, outputs_, outputs, size);
  const int device = stream->device();

  std::vector<ElementwiseOperand> operands;
  std::vector<KernelArgument> values(inputs.begin(), inputs.end());
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].array) require_on_device(*inputs[k].array, inputs_[k], device);
  }
  std::vector<Array> results;
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k]) {
      require_on_device(*outputs[k], outputs_[k], device);
      outputs[k]->require_writeable(("output '" + outputs_[k].name + "'").c_str());
    }
    results.push_back(outputs[k] ? *outputs[k] : Array::empty(shape, types.outputs[k], GA_ORDER_C, stream));
    values.push_back({results.back(), {}});
  }
  for (std::size_t k = 0; k < values.size(); ++k) {
    const bool is_output = k >= inputs.size();
    const KernelParam& param = is_output ? outputs_[k - inputs.size()] : inputs_[k];
    operands.push_back(operand_for(param, is_output, values[k],
                                   is_output ? types.outputs[k - inputs.size()] : types.inputs[k]));
  }

  std::array<Dims, kMaxLoopOperands> strides{};
  int array_operands = 0;
  bool has_raw = false;
  for (std::size_t k = 0; k < values.size(); ++k) {
    has_raw = has_raw || operands[k].kind == ArgumentKind::raw;
    if (operands[k].kind != ArgumentKind::array) continue;
    GA_REQUIRE(array_operands < kMaxLoopOperands, GA_ERROR_UNSUPPORTED,
               "kernel '" + name_ + "' has more than " + std::to_string(kMaxLoopOperands) + " non-raw array arguments");
    const Array& array = *values[k].array;
    strides[array_operands++] = broadcast_strides(array.shape(), array.strides(), shape);
  }
  for (int k = array_operands; k < kMaxLoopOperands; ++k) strides[k] = Dims::filled(shape.size(), 0);
  const LoopOrder order = uses_linear_index_ || has_raw ? LoopOrder::c_order : LoopOrder::any;
  const StridedLoop<kMaxLoopOperands> loop = collapse_loop<kMaxLoopOperands>(shape, strides, order);
  if (loop.size == 0) return results;

  const int rank = loop.shape.size();
  bool contiguous = rank == 0;
  if (rank == 1) {
    contiguous = true;
    for (int k = 0; k < array_operands; ++k) contiguous = contiguous && loop.strides[k][0] == 1;
  }
  const bool wide = !fits_32bit_indexing(loop);
  const jit::KernelRef& kernel =
      variants_.get(signature_key(operands, rank, contiguous, wide), device, [&] {
        return elementwise_kernel_source(ElementwiseSignature{name_, operation_, preamble_, operands,
                                                              types.placeholders, rank, contiguous, wide});
      })[0];

  LaunchArguments arguments;
  if (!contiguous) {
    const LoopParams<kMaxLoopOperands> params = pack_loop_params(loop);
    arguments.add(params.words.data(), sizeof(std::int64_t) * static_cast<std::size_t>(std::max(rank, 1)) *
                                           static_cast<std::size_t>(array_operands + 1));
  }
  if (wide) {
    arguments.add(loop.size);
  } else {
    arguments.add(static_cast<std::uint32_t>(loop.size));
  }
  for (std::size_t k = 0; k < values.size(); ++k) {
    switch (operands[k].kind) {
      case ArgumentKind::array:
        arguments.add(values[k].array->data());
        break;
      case ArgumentKind::scalar: {
        const ElementBytes element = scalar_to_element(values[k].scalar, operands[k].type);
        arguments.add(element.data(), dtype_info(operands[k].type).itemsize);
        break;
      }
      case ArgumentKind::raw:
        add_raw_array_argument(arguments, *values[k].array);
        break;
    }
  }
  const std::int64_t threads_needed = (loop.size + kElementwisePerThread - 1) / kElementwisePerThread;
  kernel->launch(jit::LaunchConfig{grid_stride_blocks(threads_needed, kThreads, device), kThreads, 0},
                 arguments.pointers(), stream->native());
  return results;
}

}  // namespace garray
