#include <garray/ufunc_at.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/index_items.hpp"
#include "capi/ufunc_handle.hpp"
#include "core/ops/indexing/ufunc_at.hpp"

#include <optional>
#include <string>
#include <vector>

using garray::capi::guarded;

namespace {

garray::UfuncOperand caller_operand(const ga_operand_t& operand) {
  garray::UfuncOperand converted;
  switch (operand.kind) {
    case GA_OPERAND_ARRAY: converted.array = &garray::capi::deref(operand.array, "b->array"); break;
    case GA_OPERAND_SCALAR:
    case GA_OPERAND_WEAK_SCALAR:
      converted.scalar = operand.scalar;
      converted.weak = operand.kind == GA_OPERAND_WEAK_SCALAR;
      break;
    default: throw garray::Error(GA_ERROR_INVALID_ARGUMENT, "b->kind is not a ga_operand_kind_t value");
  }
  return converted;
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_ufunc_at(ga_ufunc_t ufunc, ga_array_t a, const ga_advanced_index_t* items, int count,
                               const ga_operand_t* b, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Ufunc& called = garray::capi::deref_ufunc(ufunc);
    const garray::Array& target = garray::capi::deref(a, "a");
    const std::vector<garray::IndexItem> converted = garray::capi::caller_index_items(items, count);
    std::optional<garray::UfuncOperand> operand;
    if (b != nullptr) operand = caller_operand(*b);
    garray::ufunc_at(called, target, converted, operand ? &*operand : nullptr,
                     garray::capi::stream_or_current(stream));
  });
}

}  // extern "C"
