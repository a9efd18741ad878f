// The ufunc table: every NumPy ufunc garray implements, with its arity, reduction identity, how
// NumPy resolves its loop, and its loops in NumPy's order (numpy.add.types), each carrying the
// CUDA operation the elementwise engine compiles. See docs/ufuncs.md for the table in prose.
//
// An operation is CUDA statements over the loop's variables, as in CuPy's ElementwiseKernel:
// inputs `in0`, `in1`, `in2` (already converted to the loop's input types) and outputs `out0`,
// `out1` (references of the loop's output types). It may call CUDA's builtin math functions, the
// engine preamble's types and operators, and the device helpers the loop lists
// (device_helper_source()).
#pragma once

#include "core/ops/ufunc/device_helpers.hpp"

#include <garray/array.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace garray {

// The most operands of any ufunc: clip and where take 3 inputs and 1 output; divmod, modf and
// frexp 1 or 2 inputs and 2 outputs.
inline constexpr int kMaxUfuncOperands = 4;

// NumPy's identities, the value a reduction over no elements starts from. reorderable_none marks
// ufuncs such as maximum that have none but may reduce in any order.
enum class Identity : std::uint8_t {
  none,
  reorderable_none,
  zero,
  one,
  minus_one,  // bitwise_and: all bits set
  logical_false,
  logical_true,
  minus_infinity,
};

// How NumPy picks a loop when no signature is given (its ufunc type resolvers).
enum class TypeResolution : std::uint8_t {
  linear_search,  // the first loop every input casts to safely (NumPy's default resolver)
  uniform,        // every operand takes the inputs' result_type, whose loop must exist
  true_division,  // as linear_search, but integer and bool inputs use the float64 loop
  comparison,     // inputs take their result_type, an int/uint mix the exact int64/uint64 loop
  logical,        // inputs of one dtype use its loop, any mix the bool loop
  absolute,       // complex inputs by linear_search (complex → real), others uniform
  where,          // the condition becomes bool, the two values take their result_type
};

struct UfuncLoop {
  std::array<ga_dtype_t, kMaxUfuncOperands> dtypes{};  // inputs, then outputs
  std::string operation;
  DeviceHelpers helpers;
};

struct Ufunc {
  std::string_view name;
  int nin = 0;
  int nout = 0;
  Identity identity = Identity::none;
  TypeResolution resolution = TypeResolution::linear_search;
  // NumPy's message for a ufunc that refuses bool operands outright (subtract, negative); empty
  // for the others, whose missing bool loop gives the usual "no loop" error.
  std::string_view bool_refusal;
  std::vector<UfuncLoop> loops;

  int nargs() const { return nin + nout; }
  std::span<const ga_dtype_t> inputs(const UfuncLoop& loop) const { return {loop.dtypes.data(), std::size_t(nin)}; }
  std::span<const ga_dtype_t> outputs(const UfuncLoop& loop) const {
    return {loop.dtypes.data() + nin, std::size_t(nout)};
  }
  // NumPy's signature text of `loop`: "ff->f".
  std::string signature(const UfuncLoop& loop) const;
  // numpy.<name>.types: every loop's signature in order.
  std::vector<std::string> types() const;
};

// Every ufunc, in the order of docs/ufuncs.md.
std::span<const Ufunc> all_ufuncs();

// The ufunc of `name`, or of one of NumPy's aliases ("true_divide", "mod", "abs", "conj",
// "bitwise_not", "degrees", "acos", …). Throws Error(GA_ERROR_INVALID_ARGUMENT) for an unknown
// name.
const Ufunc& find_ufunc(std::string_view name);

// `identity` as a scalar of `dtype` (True/False for bool; -1 is all bits set for unsigned
// types). Throws Error(GA_ERROR_INVALID_ARGUMENT) for none and reorderable_none, which have no
// value, and Error(GA_ERROR_DTYPE) for minus_infinity on a dtype without infinity.
ga_scalar_t identity_value(Identity identity, ga_dtype_t dtype);

}  // namespace garray
