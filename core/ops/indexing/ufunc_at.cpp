#include "core/ops/indexing/ufunc_at.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/overlap.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/indexing/atomic_update.hpp"

#include <optional>
#include <string>
#include <vector>

namespace garray {

namespace {

Operand promotion_operand(const UfuncOperand& operand) {
  if (operand.array != nullptr) return Operand::strong(operand.array->dtype());
  return operand.weak ? Operand::weak_scalar(operand.scalar) : Operand::strong(operand.scalar.dtype);
}

}  // namespace

void ufunc_at(const Ufunc& ufunc, const Array& a, std::span<const IndexItem> items, const UfuncOperand* b,
              const StreamRef& stream) {
  const std::string name(ufunc.name);
  GA_REQUIRE_ARGUMENT(ufunc.nout == 1 && (ufunc.nin == 1 || ufunc.nin == 2),
                      "ufunc '" + name + "' has " + std::to_string(ufunc.nin) + " inputs and " +
                          std::to_string(ufunc.nout) + " outputs; at() needs one or two inputs and one output");
  GA_REQUIRE_ARGUMENT((ufunc.nin == 2) == (b != nullptr),
                      ufunc.nin == 2 ? "ufunc '" + name + "' is binary: at() needs the second operand b"
                                     : "ufunc '" + name + "' is unary: at() takes no second operand b");
  a.require_writeable("a");

  std::vector<Operand> operands{Operand::strong(a.dtype())};
  if (b != nullptr) operands.push_back(promotion_operand(*b));
  const std::optional<ga_dtype_t> output = a.dtype();
  LoopRequest request;
  request.inputs = operands;
  request.outputs = std::span(&output, 1);
  const ResolvedLoop loop = resolve_loop(ufunc, request);

  const IndexedLoop plan = plan_advanced_index(a, items);
  Array values = a;
  Dims value_strides = Dims::filled(plan.shape.size(), 0);
  if (b != nullptr) {
    values = b->array != nullptr ? *b->array : full(Dims{}, b->scalar, loop.inputs()[1], GA_ORDER_C, stream);
    broadcast_strides(values.shape(), values.strides(), plan.shape);  // the shape check, before any copy
    if (may_share_memory(values, a)) values = copy_as(values, values.dtype(), GA_ORDER_C, stream);
    value_strides = broadcast_strides(values.shape(), values.strides(), plan.shape);
  }
  const UpdateOperation update = atomic_update(loop, a.dtype(), values.dtype());
  run_indexed_loop(IndexedAction::update, plan, values, value_strides, GA_INDEX_MODE_WRAP, &update, stream);
}

}  // namespace garray
