#include "core/ops/ufunc/ufunc_call.hpp"

#include "core/array/dtype.hpp"
#include "core/array/overlap.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/kernel_param_types.hpp"
#include "core/ops/fill.hpp"
#include "core/ops/kernel_table.hpp"
#include "core/ops/reduction_kernel.hpp"
#include "core/ops/reduction_layout.hpp"
#include "core/ops/ufunc/loop_resolution.hpp"

#include <memory>
#include <utility>

namespace garray {

namespace {

// "float32 in0, float32 in1" or "float32 out0".
std::string parameter_list(std::span<const ga_dtype_t> dtypes, const char* prefix) {
  std::string list;
  for (std::size_t k = 0; k < dtypes.size(); ++k) {
    if (k) list += ", ";
    list += std::string(dtype_info(dtypes[k]).name) + " " + prefix + std::to_string(k);
  }
  return list;
}

// "ga_add_float32_float32_to_float32": every loop of every ufunc has its own kernel name.
std::string kernel_name(const char* role, const ResolvedLoop& loop) {
  std::string name = std::string("ga_") + role + "_" + std::string(loop.ufunc().name);
  for (ga_dtype_t dtype : loop.inputs()) name += std::string("_") + dtype_info(dtype).name;
  name += "_to";
  for (ga_dtype_t dtype : loop.outputs()) name += std::string("_") + dtype_info(dtype).name;
  return name;
}

const ElementwiseKernel& elementwise_kernel(const ResolvedLoop& loop) {
  static auto* table = new KernelTable<const UfuncLoop*, ElementwiseKernel>;  // outlives static teardown
  return table->get(&loop.loop(), [&] {
    return std::make_unique<const ElementwiseKernel>(parameter_list(loop.inputs(), "in"), parameter_list(loop.outputs(), "out"),
                             loop.operation(), kernel_name("ufunc", loop), loop.device_source(), std::vector<std::string>{});
  });
}

// The identity as source text for a fold of dtype `type` (the kernel converts it to that type).
std::optional<std::string> identity_expression(Identity identity) {
  switch (identity) {
    case Identity::none:
    case Identity::reorderable_none: return std::nullopt;
    case Identity::zero: return "0";
    case Identity::one: return "1";
    case Identity::minus_one: return "-1";
    case Identity::logical_false: return "false";
    case Identity::logical_true: return "true";
    case Identity::minus_infinity: return "__int_as_float(0xff800000)";
  }
  throw Error(GA_ERROR_INTERNAL, "unknown identity");
}

// The loop's operation as a function of two values, for the fold.
std::string fold_function(const ResolvedLoop& loop) {
  const std::string type = dtype_info(loop.outputs()[0]).kernel_type;
  return loop.device_source() + "__device__ __forceinline__ " + type + " ga_fold(const " + type + " in0, const " +
         type + " in1) {\n  " + type + " out0;\n  " + loop.operation() + ";\n  return out0;\n}\n";
}

struct LoopAndInitial {
  const UfuncLoop* loop;
  bool with_initial;
  bool operator==(const LoopAndInitial&) const = default;
};

}  // namespace
}  // namespace garray

template <>
struct std::hash<garray::LoopAndInitial> {
  std::size_t operator()(const garray::LoopAndInitial& key) const noexcept {
    return std::hash<const void*>()(key.loop) ^ static_cast<std::size_t>(key.with_initial);
  }
};

namespace garray {
namespace {

// The fold of a binary loop T, T -> T; an initial value, when given, is folded in last (the
// fold's order is free, as the loop is associative and commutative).
const ReductionKernel& reduction_kernel(const ResolvedLoop& loop, bool with_initial) {
  static auto* table = new KernelTable<LoopAndInitial, ReductionKernel>;  // outlives static teardown
  return table->get(LoopAndInitial{&loop.loop(), with_initial}, [&] {
    const std::string type = dtype_info(loop.outputs()[0]).name;
    ReductionExpressions expressions{"in0", "ga_fold(a, b)", with_initial ? "out0 = ga_fold(a, initial)" : "out0 = a",
                                     identity_expression(loop.ufunc().identity), ""};
    return std::make_unique<const ReductionKernel>(type + " in0" + (with_initial ? ", " + type + " initial" : std::string()),
                           type + " out0", std::move(expressions),
                           kernel_name(with_initial ? "reduce_initial" : "reduce", loop), fold_function(loop), std::vector<std::string>{});
  });
}

}  // namespace

ga_dtype_t default_reduction_dtype(const Ufunc& ufunc, ga_dtype_t dtype) {
  if (ufunc.name != "add" && ufunc.name != "multiply") return dtype;
  switch (dtype) {
    case GA_BOOL:
    case GA_INT8:
    case GA_INT16:
    case GA_INT32: return GA_INT64;
    case GA_UINT8:
    case GA_UINT16:
    case GA_UINT32: return GA_UINT64;
    default: return dtype;
  }
}

namespace {

Operand operand_of(const UfuncOperand& input) {
  if (input.array) return Operand::strong(input.array->dtype());
  validate_scalar(input.scalar, "scalar operand");
  return input.weak ? Operand::weak_scalar(input.scalar) : Operand::strong(input.scalar.dtype);
}

}  // namespace

std::vector<Array> call_ufunc(const Ufunc& ufunc, std::span<const UfuncOperand> inputs,
                              std::span<const std::optional<Array>> outputs, const UfuncOptions& options,
                              const StreamRef& stream) {
  const auto nin = static_cast<std::size_t>(ufunc.nin);
  const auto nout = static_cast<std::size_t>(ufunc.nout);
  if (inputs.size() != nin || outputs.size() != nout) [[unlikely]] {
    require_argument_counts("ufunc '" + std::string(ufunc.name) + "'", nin, inputs.size(), nout, outputs.size());
  }
  std::vector<Operand> operands;
  std::vector<std::optional<ga_dtype_t>> output_dtypes;
  operands.reserve(inputs.size());
  output_dtypes.reserve(outputs.size());
  for (const UfuncOperand& input : inputs) operands.push_back(operand_of(input));
  for (const std::optional<Array>& output : outputs) {
    output_dtypes.push_back(output ? std::optional<ga_dtype_t>(output->dtype()) : std::nullopt);
  }
  const ResolvedLoop loop =
      resolve_loop(ufunc, LoopRequest{operands, output_dtypes, options.dtype, options.signature, options.casting});

  std::vector<Array> copies;  // inputs an output overlaps without being the same view
  copies.reserve(inputs.size());
  std::vector<KernelArgument> arguments(inputs.size());
  bool any_array = false;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    arguments[k].array = inputs[k].array;
    arguments[k].scalar = inputs[k].scalar;
    if (!inputs[k].array) continue;
    any_array = true;
    for (const std::optional<Array>& output : outputs) {
      if (output && may_share_memory(*output, *inputs[k].array) && !is_same_view(*output, *inputs[k].array)) {
        copies.push_back(copy_as(*inputs[k].array, inputs[k].array->dtype(), GA_ORDER_K, stream));
        arguments[k].array = &copies.back();
        break;
      }
    }
  }
  std::vector<std::optional<Array>> slots(outputs.begin(), outputs.end());
  const bool any_output = std::any_of(outputs.begin(), outputs.end(), [](const auto& output) { return output.has_value(); });
  if (!any_array && !any_output) {
    for (std::size_t k = 0; k < slots.size(); ++k) slots[k] = Array::empty(Dims{}, loop.outputs()[k], GA_ORDER_C, stream);
  }
  return elementwise_kernel(loop)(arguments, slots, -1, stream);
}

Array reduce_ufunc(const Ufunc& ufunc, const Array& array, const std::optional<std::vector<int>>& axes, bool keepdims,
                   std::optional<ga_dtype_t> dtype, const std::optional<ga_scalar_t>& initial,
                   const std::optional<Array>& out, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(ufunc.nin == 2 && ufunc.nout == 1, "reduce only supported for binary functions (ufunc '" +
                                                             std::string(ufunc.name) + "' is not one)");
  const ga_dtype_t type = dtype ? *dtype : default_reduction_dtype(ufunc, array.dtype());
  const Operand operands[2] = {Operand::strong(type), Operand::strong(type)};
  ResolvedLoop loop = resolve_loop(ufunc, LoopRequest{operands, {}, dtype, {}, Casting::unsafe});
  if (loop.inputs()[0] != loop.outputs()[0] || loop.inputs()[1] != loop.outputs()[0]) {
    // A loop such as logical_and's dd->? folds in its output type: the inputs convert to it first.
    const ga_dtype_t folded = loop.outputs()[0];
    const Operand uniform[2] = {Operand::strong(folded), Operand::strong(folded)};
    loop = resolve_loop(ufunc, LoopRequest{uniform, {}, folded, {}, Casting::unsafe});
  }
  if (initial) validate_scalar(*initial, "initial");
  const ReductionShape shape = reduction_shape({&array, 1}, axes, keepdims);
  // NumPy's reductions cast into out= unsafely: any dtype takes the fold's values.
  require_destination(out, {shape.output_shape, loop.outputs()[0], Casting::unsafe}, stream);
  const std::optional<Array> slots[1] = {out};
  if (initial && shape.reduced_count == 0) {
    const Array result = out ? *out : Array::empty(shape.output_shape, loop.outputs()[0], GA_ORDER_C, stream);
    fill(result, *initial, stream);
    return result;
  }
  std::vector<KernelArgument> arguments(initial ? 2 : 1);
  arguments[0].array = &array;
  if (initial) arguments[1].scalar = *initial;
  return reduction_kernel(loop, initial.has_value())(arguments, slots, axes, keepdims, stream)[0];
}

std::vector<Array> outer_ufunc(const Ufunc& ufunc, const Array& a, const Array& b,
                               std::span<const std::optional<Array>> outputs, const UfuncOptions& options,
                               const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(ufunc.nin == 2, "outer product only supported for binary functions (ufunc '" +
                                          std::string(ufunc.name) + "' is not one)");
  GA_REQUIRE_ARGUMENT(a.ndim() + b.ndim() <= kMaxDims, "outer: the result would have more than " +
                                                           std::to_string(kMaxDims) + " dimensions");
  // a's view with b.ndim() trailing axes of extent 1, which broadcasting stretches over b.
  Dims shape = a.shape();
  Dims strides = a.strides();
  for (int d = 0; d < b.ndim(); ++d) {
    shape.push_back(1);
    strides.push_back(0);
  }
  const Array widened = a.view(shape, strides, a.byte_offset());
  const UfuncOperand inputs[2] = {{&widened, {}, false}, {&b, {}, false}};
  return call_ufunc(ufunc, inputs, outputs, options, stream);
}

}  // namespace garray
