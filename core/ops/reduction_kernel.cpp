#include "core/ops/reduction_kernel.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/kernel_param_types.hpp"
#include "core/ops/launch.hpp"
#include "core/ops/launch_arguments.hpp"
#include "core/ops/loop_source.hpp"
#include "core/ops/reduction_layout.hpp"
#include "core/ops/reduction_source.hpp"
#include "core/ops/strided_loop.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>
#include <cstdint>

namespace garray {

namespace {

// Deep column blocks (plan_reduction_launch) run at half a multiprocessor's residency, which keeps
// a scalar fold's loads in flight but not a longer one's dependent chain: std along axis 0 of
// 4096^2 float32 folded element by element (a 12-byte Welford state with a division per element)
// took 31.5 us deep against 30.5 split on an H100, mean 27.0 against 28.5 (bench/NOTES.md). So
// only reduce types of at most this size, or folds of a pass at a time, go deep.
constexpr std::size_t kDeepReduceTypeBytes = 8;

std::string signature_key(const std::vector<ElementwiseOperand>& operands, ga_dtype_t reduce_type, int kept_rank,
                          int reduced_rank, bool wide, int vector_width) {
  std::string key{static_cast<char>(kept_rank), static_cast<char>(reduced_rank), static_cast<char>(wide),
                  static_cast<char>(reduce_type), static_cast<char>(vector_width)};
  for (const ElementwiseOperand& operand : operands) {
    key.push_back(static_cast<char>(operand.kind));
    key.push_back(static_cast<char>(operand.type));
    key.push_back(static_cast<char>(operand.storage));
  }
  return key;
}

// Elements of the one array input that a thread loads as one 16-byte vector (1: one at a time): the
// reduction runs along contiguous rows (a reduced loop of rank 1 with unit stride) of a multiple of
// that many elements, each row 16-byte aligned; not for folds that see the element's index or a
// pass. Sum along the rows of 4096² float32 on an H100: bench/NOTES.md.
int vector_width(const ReductionLoops& loops, const std::vector<Array>& input_arrays, bool folds_elements) {
  if (!folds_elements || input_arrays.size() != 1 || loops.reduced.shape.size() != 1 || loops.reduced.strides[0][0] != 1)
    return 1;
  const Array& input = input_arrays.front();
  const int itemsize = dtype_info(input.dtype()).itemsize;
  if (itemsize > 8) return 1;
  const int width = 16 / itemsize;
  if (loops.reduced.size % width != 0 || reinterpret_cast<std::uintptr_t>(input.data()) % 16 != 0) return 1;
  for (int d = 0; d < loops.kept.shape.size(); ++d) {
    if (loops.kept.strides[0][d] % width != 0) return 1;
  }
  return width;
}

void add_loop(LaunchArguments& arguments, const StridedLoop<kMaxLoopOperands>& loop, int operands) {
  const LoopParams<kMaxLoopOperands> params = pack_loop_params(loop);
  const auto rank = static_cast<std::size_t>(std::max(loop.shape.size(), 1));
  arguments.add(params.words.data(), sizeof(std::int64_t) * rank * static_cast<std::size_t>(operands + 1));
}

void add_count(LaunchArguments& arguments, std::int64_t count, bool wide) {
  if (wide) {
    arguments.add(count);
  } else {
    arguments.add(static_cast<std::uint32_t>(count));
  }
}

}  // namespace

ReductionKernel::ReductionKernel(std::string_view in_params, std::string_view out_params,
                                 ReductionExpressions expressions, std::string name, std::string preamble,
                                 std::vector<std::string> options)
    : inputs_(parse_kernel_params(in_params, "in_params")),
      outputs_(parse_kernel_params(out_params, "out_params")),
      destination_names_(destination_names(outputs_)),
      expressions_(std::move(expressions)),
      name_(std::move(name)),
      preamble_(std::move(preamble)),
      variants_({name_, combine_kernel_name(name_)}, std::move(options)) {
  require_distinct_names(inputs_, outputs_);
  GA_REQUIRE_ARGUMENT(!outputs_.empty(), "out_params: a reduction kernel needs at least one output");
  for (const std::vector<KernelParam>* params : {&inputs_, &outputs_}) {
    for (const KernelParam& param : *params) {
      GA_REQUIRE_ARGUMENT(!param.raw, "raw parameter '" + param.name + "': reduction kernels take no raw arrays");
    }
  }
  const auto blank = [](const std::string& text) { return text.find_first_not_of(" \t\r\n") == std::string::npos; };
  GA_REQUIRE_ARGUMENT(!blank(expressions_.map), "map_expr is empty");
  GA_REQUIRE_ARGUMENT(!blank(expressions_.reduce), "reduce_expr is empty");
  GA_REQUIRE_ARGUMENT(!blank(expressions_.post_map), "post_map_expr is empty");
  if (expressions_.identity && blank(*expressions_.identity)) expressions_.identity.reset();
  if (expressions_.reduce_type_size != 0) {
    GA_REQUIRE_ARGUMENT(is_identifier(expressions_.reduce_type), "reduce_type: a preamble type must be named");
  } else if (!expressions_.reduce_type.empty()) {
    reduce_type_ = parse_kernel_params(expressions_.reduce_type + " reduce_type", "reduce_type").at(0);
  }
  reduced_index_ = mentions_identifier(expressions_.map, "_J");
  require_kernel_name(name_);
}

std::vector<Array> ReductionKernel::operator()(std::span<const KernelArgument> inputs,
                                               std::span<const std::optional<Array>> outputs,
                                               const std::optional<std::vector<int>>& axes, bool keepdims,
                                               const StreamRef& stream) const {
  if (inputs.size() != inputs_.size() || outputs.size() != outputs_.size()) [[unlikely]] {
    require_argument_counts("kernel '" + name_ + "'", inputs_.size(), inputs.size(), outputs_.size(), outputs.size());
  }
  const ParamTypes types = resolve_param_types(inputs_, input_argument_dtypes(inputs), outputs_,
                                               output_argument_dtypes(outputs));
  // A preamble reduce type is fixed for the kernel: the key's dtype slot then says nothing.
  const bool preamble_type = expressions_.reduce_type_size != 0;
  const ga_dtype_t reduce_type = preamble_type ? GA_UINT8
                                 : reduce_type_ ? types.of(*reduce_type_, "reduce type")
                                                : types.outputs[0];
  const int device = stream->device();

  std::vector<Array> input_arrays;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (!inputs[k].array) continue;
    GA_REQUIRE_ARGUMENT(inputs[k].array->device() == device,
                        "the array of '" + inputs_[k].name + "' is on device " +
                            std::to_string(inputs[k].array->device()) + " but the stream is on device " +
                            std::to_string(device));
    input_arrays.push_back(*inputs[k].array);
  }
  const ReductionShape reduction = reduction_shape(input_arrays, axes, keepdims);
  if (!expressions_.identity) {
    GA_REQUIRE_ARGUMENT(reduction.reduced_count > 0 || reduction.output_count == 0,
                        "kernel '" + name_ + "' reduces over zero elements and has no identity");
  }

  std::vector<Array> results;
  std::vector<ElementwiseOperand> operands;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const bool array = inputs[k].array != nullptr;
    operands.push_back({&inputs_[k], false, array ? ArgumentKind::array : ArgumentKind::scalar, types.inputs[k],
                        array ? inputs[k].array->dtype() : types.inputs[k]});
  }
  // Every destination is checked before anything is allocated.
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (!outputs[k]) continue;
    require_destination(*outputs[k], {reduction.output_shape, types.outputs[k], Casting::unsafe}, stream,
                        destination_names_[k].c_str());
  }
  GA_REQUIRE(input_arrays.size() + outputs.size() <= static_cast<std::size_t>(kMaxLoopOperands), GA_ERROR_UNSUPPORTED,
             "kernel '" + name_ + "' has more than " + std::to_string(kMaxLoopOperands) + " array arguments");
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    results.push_back(outputs[k] ? *outputs[k]
                                 : Array::empty(reduction.output_shape, types.outputs[k], GA_ORDER_C, stream));
    operands.push_back({&outputs_[k], true, ArgumentKind::array, types.outputs[k], results.back().dtype()});
  }
  const ReductionLoops loops =
      reduction_loops(reduction, input_arrays, results, reduced_index_ ? LoopOrder::c_order : LoopOrder::any);
  if (loops.kept.size == 0) return results;

  const int multiprocessors = multiprocessor_count(device);
  const int kept_rank = loops.kept.shape.size();
  const int reduced_rank = loops.reduced.shape.size();
  const int vectors = vector_width(loops, input_arrays, !reduced_index_ && expressions_.pass_map.empty());
  const auto kernels_for = [&](bool wide) -> const KernelVariant& {
    return variants_.get(signature_key(operands, reduce_type, kept_rank, reduced_rank, wide, vectors), device, [&] {
      return reduction_kernel_source(ReductionSignature{
          name_, expressions_.map, expressions_.reduce, expressions_.post_map,
          expressions_.identity ? std::optional<std::string_view>(*expressions_.identity) : std::nullopt,
          reduce_type, preamble_, operands, types.placeholders, kept_rank, reduced_rank, wide,
          preamble_type ? std::string_view(expressions_.reduce_type) : std::string_view(), reduced_index_,
          expressions_.pass_map, vectors});
    });
  };
  const std::size_t reduce_type_bytes =
      preamble_type ? expressions_.reduce_type_size : static_cast<std::size_t>(dtype_info(reduce_type).itemsize);
  ReductionLaunch launch = plan_reduction_launch(
      loops, multiprocessors, reduce_type_bytes <= kDeepReduceTypeBytes || !expressions_.pass_map.empty(), vectors);
  const KernelVariant* kernels = &kernels_for(launch.wide);
  if (launch.block.x * launch.block.y > static_cast<unsigned>((*kernels)[0]->max_threads_per_block())) {
    launch = plan_reduction_launch(loops, multiprocessors, false, vectors);
    kernels = &kernels_for(launch.wide);
  }

  std::optional<Array> partials;
  std::optional<Array> partial_valid;
  if (launch.chunks > 1) {
    const Dims scratch{launch.chunks * loops.kept.size};
    partials = preamble_type ? Array::empty(Dims{scratch[0] * static_cast<std::int64_t>(expressions_.reduce_type_size)},
                                            GA_UINT8, GA_ORDER_C, stream)
                             : Array::empty(scratch, reduce_type, GA_ORDER_C, stream);
    if (!expressions_.identity) partial_valid = Array::empty(scratch, GA_BOOL, GA_ORDER_C, stream);
  }
  LaunchArguments arguments;  // the same for both kernels
  add_loop(arguments, loops.kept, static_cast<int>(input_arrays.size() + results.size()));
  add_loop(arguments, loops.reduced, static_cast<int>(input_arrays.size()));
  add_count(arguments, loops.kept.size, launch.wide);
  add_count(arguments, loops.reduced.size, launch.wide);
  add_count(arguments, launch.chunks, launch.wide);
  arguments.add(partials ? static_cast<void*>(partials->data()) : nullptr);
  arguments.add(partial_valid ? static_cast<void*>(partial_valid->data()) : nullptr);
  unsigned* const arrivals =
      launch.chunks > 1 ? stream->zeroed_counters(static_cast<std::size_t>(split_column_blocks_bound(multiprocessors)))
                        : nullptr;
  arguments.add(static_cast<void*>(arrivals));
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].array) {
      arguments.add(inputs[k].array->data());
    } else {
      const ElementBytes element = scalar_to_element(inputs[k].scalar, types.inputs[k]);
      arguments.add(element.data(), dtype_info(types.inputs[k]).itemsize);
    }
  }
  for (const Array& result : results) arguments.add(result.data());
  const std::size_t slot_bytes = reduce_type_bytes + 1;  // the value and its validity
  const auto shared_bytes = [&](const dim3& block) { return std::size_t{block.x} * block.y * slot_bytes; };
  (*kernels)[0]->launch(jit::LaunchConfig{launch.grid, launch.block, shared_bytes(launch.block)},
                        arguments.pointers(), stream->native());
  if (launch.chunks > 1 && !arrivals) {
    const ReductionLaunch combining = plan_combine_launch(loops.kept.size, launch.chunks);
    (*kernels)[1]->launch(jit::LaunchConfig{combining.grid, combining.block, shared_bytes(combining.block), true},
                          arguments.pointers(), stream->native());
  }
  return results;
}

}  // namespace garray
