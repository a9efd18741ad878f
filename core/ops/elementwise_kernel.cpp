#include "core/ops/elementwise_kernel.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/jit/kernel.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/elementwise_source.hpp"
#include "core/ops/kernel_param_types.hpp"
#include "core/ops/launch.hpp"
#include "core/ops/launch_arguments.hpp"
#include "core/ops/loop_source.hpp"
#include "core/ops/raw_array_argument.hpp"
#include "core/ops/strided_loop.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

namespace garray {

namespace {

constexpr int kThreads = 256;

bool is_identifier_character(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// How the loop runs: over `size` elements, contiguous (every array operand unit-stride over one
// dimension) or through `rank` collapsed dimensions whose parameters were added to the arguments;
// a `tiled` loop runs over rows × cols in tiles, `staged` marking the inputs read through
// shared-memory tiles.
struct LoopPlan {
  std::int64_t size;
  int rank;
  bool contiguous;
  bool wide;
  bool tiled = false;
  std::uint32_t staged = 0;
  std::int64_t rows = 0;
  std::int64_t cols = 0;
};

LoopPlan contiguous_plan(std::int64_t size) { return {size, 1, true, size > INT32_MAX}; }

std::int64_t magnitude(std::int64_t value) { return value < 0 ? -value : value; }

// Whether a two-dimensional loop runs in tiles, and the inputs worth reading through shared-memory
// tiles. A loop at least a tile each way whose outputs are all unit-stride along one dimension is
// turned so that they run along its columns (collapse_loop orders the dimensions for the first
// operand, an input) and tiled: its element offsets then need no division. The staged inputs are
// those unit-stride along rows but not along columns (transposed views): a warp reads them along
// their rows, 32 neighbours at once, instead of 32 elements a row apart. The tiles share 32 KB of
// static shared memory, so the later inputs of wide dtypes may stay strided.
std::optional<std::uint32_t> tiled_staging(StridedLoop<kMaxLoopOperands>& loop, std::span<const Array* const> arrays,
                                           std::size_t input_count) {
  if (loop.shape.size() != 2 || loop.shape[0] < kTileSide || loop.shape[1] < kTileSide) return std::nullopt;
  const auto outputs_along = [&](int dimension) {
    for (std::size_t k = input_count; k < arrays.size(); ++k) {
      if (magnitude(loop.strides[k][dimension]) != 1) return false;
    }
    return input_count < arrays.size();
  };
  if (!outputs_along(1)) {
    if (!outputs_along(0)) return std::nullopt;
    std::swap(loop.shape[0], loop.shape[1]);
    for (Dims& strides : loop.strides) std::swap(strides[0], strides[1]);
  }
  std::uint32_t staged = 0;
  std::size_t tile_bytes = 0;
  for (std::size_t k = 0; k < input_count; ++k) {
    const std::size_t bytes = kTileBytesPerElement * arrays[k]->itemsize();
    if (magnitude(loop.strides[k][0]) == 1 && magnitude(loop.strides[k][1]) > 1 && tile_bytes + bytes <= kTileSharedBytes) {
      staged |= 1u << k;
      tile_bytes += bytes;
    }
  }
  return staged;
}

// The common case, C-contiguous arrays of the loop's own shape, needs no stride algebra at all.
LoopPlan plan_loop(const Dims& shape, std::span<const Array* const> arrays, std::size_t input_count, LoopOrder order,
                   LaunchArguments& arguments) {
  std::int64_t size = 1;
  for (std::int64_t extent : shape) size *= extent;
  const bool plain = std::all_of(arrays.begin(), arrays.end(),
                                 [&](const Array* array) { return array->is_c_contiguous() && array->shape() == shape; });
  if (plain) return contiguous_plan(size);
  std::array<Dims, kMaxLoopOperands> strides{};
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    strides[k] = broadcast_strides(arrays[k]->shape(), arrays[k]->strides(), shape);
  }
  for (std::size_t k = arrays.size(); k < strides.size(); ++k) strides[k] = Dims::filled(shape.size(), 0);
  StridedLoop<kMaxLoopOperands> loop = collapse_loop<kMaxLoopOperands>(shape, strides, order);
  const int rank = loop.shape.size();
  bool contiguous = rank == 0;
  if (rank == 1) {
    contiguous = std::all_of(loop.strides.begin(), loop.strides.begin() + static_cast<std::ptrdiff_t>(arrays.size()),
                             [](const Dims& operand) { return operand[0] == 1; });
  }
  if (contiguous) return contiguous_plan(loop.size);
  const std::optional<std::uint32_t> staged =
      order == LoopOrder::any ? tiled_staging(loop, arrays, input_count) : std::nullopt;
  const LoopParams<kMaxLoopOperands> params = pack_loop_params(loop);
  arguments.add(params.words.data(),
                sizeof(std::int64_t) * static_cast<std::size_t>(rank) * (arrays.size() + 1));
  if (!staged) return {loop.size, rank, false, !fits_32bit_indexing(loop)};
  return {loop.size, rank, false, !fits_32bit_indexing(loop), true, *staged, loop.shape[0], loop.shape[1]};
}

// The shape the loop runs over: the non-raw arrays (destinations included) broadcast together, or
// `size` elements. A destination of another shape than this is refused by require_destination().
Dims loop_shape(const std::vector<KernelParam>& in_params, std::span<const KernelArgument> inputs,
                const std::vector<KernelParam>& out_params, std::span<const std::optional<Array>> outputs,
                std::int64_t size) {
  std::vector<Dims> shapes;  // filled only when the shapes differ, which needs broadcasting
  const Dims* first = nullptr;
  bool differ = false;
  const auto consider = [&](const Dims& shape) {
    if (!first) first = &shape;
    differ = differ || !(shape == *first);
  };
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].array && !in_params[k].raw) consider(inputs[k].array->shape());
  }
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k] && !out_params[k].raw) consider(outputs[k]->shape());
  }
  if (!first) {
    GA_REQUIRE_ARGUMENT(size >= 0, "the element count is undecided: no argument is a non-raw array, so pass 'size'");
    return Dims{size};
  }
  GA_REQUIRE_ARGUMENT(size < 0, "'size' can only be given when no argument is a non-raw array (got " +
                                    std::to_string(size) + ")");
  if (!differ) return *first;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].array && !in_params[k].raw) shapes.push_back(inputs[k].array->shape());
  }
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k] && !out_params[k].raw) shapes.push_back(outputs[k]->shape());
  }
  return broadcast_shapes(shapes, "arguments");
}

void require_on_device(const Array& array, const KernelParam& param, int device) {
  GA_REQUIRE_ARGUMENT(array.device() == device, "the array of '" + param.name + "' is on device " +
                                                    std::to_string(array.device()) + " but the stream is on device " +
                                                    std::to_string(device));
}

ElementwiseOperand operand_for(const KernelParam& param, bool is_output, const Array* array, ga_dtype_t type) {
  ElementwiseOperand operand{&param, is_output, ArgumentKind::scalar, type, type};
  if (!array) return operand;
  operand.kind = param.raw ? ArgumentKind::raw : ArgumentKind::array;
  operand.storage = array->dtype();
  if (param.raw) {
    operand.raw_rank = array->ndim();
    operand.raw_contiguous = array->is_c_contiguous();
  }
  return operand;
}

// The bytes that pick this call's compiled variant.
std::string signature_key(const std::vector<ElementwiseOperand>& operands, const LoopPlan& plan) {
  std::string key;
  key.reserve(2 + sizeof(plan.staged) + 4 * operands.size() + sizeof(int));
  key.push_back(static_cast<char>(plan.rank));
  key.push_back(static_cast<char>((plan.contiguous ? 1 : 0) | (plan.wide ? 2 : 0) | (plan.tiled ? 4 : 0)));
  key.append(reinterpret_cast<const char*>(&plan.staged), sizeof(plan.staged));
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
      destination_names_(destination_names(outputs_)),
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
  if (inputs.size() != inputs_.size() || outputs.size() != outputs_.size()) [[unlikely]] {
    require_argument_counts("kernel '" + name_ + "'", inputs_.size(), inputs.size(), outputs_.size(), outputs.size());
  }
  const ParamTypes types = resolve_param_types(inputs_, input_argument_dtypes(inputs), outputs_,
                                               output_argument_dtypes(outputs));
  const Dims shape = loop_shape(inputs_, inputs, outputs_, outputs, size);
  const int device = stream->device();

  // Every destination is checked before anything is allocated. A raw one is indexed by the
  // operation itself, so any shape will do; its dtype was checked against its type above.
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (!outputs[k]) continue;
    const Dims& wanted = outputs_[k].raw ? outputs[k]->shape() : shape;
    require_destination(*outputs[k], {wanted, types.outputs[k], Casting::unsafe}, stream,
                        destination_names_[k].c_str());
  }
  std::vector<Array> results;
  results.reserve(outputs.size());
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    results.push_back(outputs[k] ? *outputs[k] : Array::empty(shape, types.outputs[k], GA_ORDER_C, stream));
  }
  // Every parameter's operand and array (nullptr for a scalar), inputs then outputs.
  const std::size_t count = inputs.size() + outputs.size();
  std::vector<ElementwiseOperand> operands;
  std::vector<const Array*> arrays;
  std::vector<const Array*> loop_arrays;  // the non-raw ones, which the loop walks
  operands.reserve(count);
  arrays.reserve(count);
  loop_arrays.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    const bool is_output = k >= inputs.size();
    const std::size_t index = is_output ? k - inputs.size() : k;
    const Array* array = is_output ? &results[index] : inputs[k].array;
    if (array && !is_output) require_on_device(*array, inputs_[k], device);
    const KernelParam& param = is_output ? outputs_[index] : inputs_[index];
    operands.push_back(operand_for(param, is_output, array, is_output ? types.outputs[index] : types.inputs[index]));
    arrays.push_back(array);
    if (operands.back().kind == ArgumentKind::array) loop_arrays.push_back(array);
  }
  GA_REQUIRE(loop_arrays.size() <= static_cast<std::size_t>(kMaxLoopOperands), GA_ERROR_UNSUPPORTED,
             "kernel '" + name_ + "' has more than " + std::to_string(kMaxLoopOperands) + " non-raw array arguments");
  const bool has_raw = std::any_of(operands.begin(), operands.end(),
                                   [](const ElementwiseOperand& operand) { return operand.kind == ArgumentKind::raw; });

  LaunchArguments arguments;
  const LoopOrder order = uses_linear_index_ || has_raw ? LoopOrder::c_order : LoopOrder::any;
  const std::size_t loop_inputs = std::count_if(operands.begin(), operands.begin() + inputs.size(),
                                                 [](const ElementwiseOperand& operand) {
                                                   return operand.kind == ArgumentKind::array;
                                                 });
  const LoopPlan plan = plan_loop(shape, loop_arrays, loop_inputs, order, arguments);
  if (plan.size == 0) return results;
  const jit::KernelRef& kernel = variants_.get(signature_key(operands, plan), device, [&] {
    return elementwise_kernel_source(ElementwiseSignature{name_, operation_, preamble_, operands, types.placeholders,
                                                          plan.rank, plan.contiguous, plan.wide, plan.tiled, plan.staged});
  })[0];
  if (plan.wide) {
    arguments.add(plan.size);
  } else {
    arguments.add(static_cast<std::uint32_t>(plan.size));
  }
  for (std::size_t k = 0; k < count; ++k) {
    switch (operands[k].kind) {
      case ArgumentKind::array:
        arguments.add(arrays[k]->data());
        break;
      case ArgumentKind::scalar: {
        const ElementBytes element = scalar_to_element(inputs[k].scalar, operands[k].type);
        arguments.add(element.data(), dtype_info(operands[k].type).itemsize);
        break;
      }
      case ArgumentKind::raw:
        add_raw_array_argument(arguments, *arrays[k]);
        break;
    }
  }
  if (plan.tiled) {
    const auto tiles = [](std::int64_t extent) { return (extent + kTileSide - 1) / kTileSide; };
    const dim3 grid(static_cast<unsigned>(tiles(plan.cols)),
                    static_cast<unsigned>(std::min<std::int64_t>(tiles(plan.rows), kMaxTileRowsPerLaunch)));
    kernel->launch(jit::LaunchConfig{grid, dim3(kTileSide, kTileRowsPerPass), 0}, arguments.pointers(),
                   stream->native());
  } else {
    kernel->launch(jit::LaunchConfig{single_pass_blocks(plan.size, kThreads * kElementwisePerThread), kThreads, 0},
                   arguments.pointers(), stream->native());
  }
  return results;
}

}  // namespace garray
