// Choosing a ufunc's loop for a call, as NumPy 2 does: NEP 50 promotion of the operands (typed
// C scalars strong, Python-like scalars weak), then the ufunc's type resolution (ufunc.hpp:
// TypeResolution), an optional signature or dtype, and the casting rule checked on every input
// and on every given output.
//
// The elementwise engine takes the result: inputs are converted to resolved.inputs() (a weak
// scalar's value with scalar_to_element), the kernel runs resolved.operation() with
// resolved.device_source() in its preamble, and outputs of resolved.outputs() are cast into the
// caller's out arrays.
#pragma once

#include "core/array/promotion.hpp"
#include "core/ops/ufunc/ufunc.hpp"

#include <optional>
#include <span>
#include <string>

namespace garray {

struct LoopRequest {
  std::span<const Operand> inputs;  // nin operands
  // The dtypes of the caller's out arrays: nout entries (nullopt where none is given), or empty.
  // They do not choose the loop (as in NumPy); the loop's outputs must cast to them.
  std::span<const std::optional<ga_dtype_t>> outputs = {};
  // NumPy's dtype=: the outputs' loop dtype (signature (None,)*nin + (dtype,)*nout).
  std::optional<ga_dtype_t> dtype;
  // NumPy's signature=: nin + nout entries (nullopt where free), or empty. Not with dtype.
  std::span<const std::optional<ga_dtype_t>> signature = {};
  Casting casting = Casting::same_kind;
};

class ResolvedLoop {
 public:
  ResolvedLoop(const Ufunc& ufunc, const UfuncLoop& loop) : ufunc_(&ufunc), loop_(&loop) {}

  const Ufunc& ufunc() const { return *ufunc_; }
  const UfuncLoop& loop() const { return *loop_; }
  std::span<const ga_dtype_t> inputs() const { return ufunc_->inputs(*loop_); }
  std::span<const ga_dtype_t> outputs() const { return ufunc_->outputs(*loop_); }
  // CUDA statements over in0.. and out0.. (ufunc.hpp).
  const std::string& operation() const { return loop_->operation; }
  DeviceHelpers helpers() const { return loop_->helpers; }
  // The device functions operation() calls, to put after the engine preamble.
  std::string device_source() const { return device_helper_source(loop_->helpers); }
  // "ff->f".
  std::string signature() const { return ufunc_->signature(*loop_); }

 private:
  const Ufunc* ufunc_;
  const UfuncLoop* loop_;
};

// The loop `ufunc` runs for `request`. Throws Error(GA_ERROR_INVALID_ARGUMENT) for operand,
// output or signature counts that do not fit the ufunc, or both dtype and signature; and
// Error(GA_ERROR_DTYPE) with NumPy's message when no loop fits ("ufunc 'bitwise_and' not
// supported for the input types, …", "… did not contain a loop with signature matching types
// …", "No loop matching the specified signature and casting was found for ufunc …"), when an
// operand or output cannot be cast under `casting` ("Cannot cast ufunc 'add' input 0 from
// dtype('float64') to dtype('int32') with casting rule 'same_kind'"), when a weak integer does
// not fit its loop's integer dtype ("Python integer 300 out of bounds for uint8"), and for bool
// operands of subtract and negative. Comparisons take a weak integer outside the other
// operand's range exactly, through the int64/uint64 loops, as NumPy 2 compares Python integers.
ResolvedLoop resolve_loop(const Ufunc& ufunc, const LoopRequest& request);

}  // namespace garray
