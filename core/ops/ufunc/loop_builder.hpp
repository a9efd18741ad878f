// What the ufunc definition files (definitions_*.cpp) build their loops with: type-letter groups,
// the pieces of operation text that depend on a loop's dtypes, and a builder that expands a
// pattern such as "TT->T" over a group of type letters.
#pragma once

#include "core/ops/ufunc/ufunc.hpp"

#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace garray::ufunc_build {

// Type-letter groups (type_codes.hpp), in NumPy's loop order; bfloat16 ('E') follows float16.
inline constexpr std::string_view kIntegers = "bBhHiIlL";
inline constexpr std::string_view kFloats = "eEfd";
inline constexpr std::string_view kComplex = "FD";
inline constexpr std::string_view kInexact = "eEfdFD";
inline constexpr std::string_view kBoolAndIntegers = "?bBhHiIlL";
inline constexpr std::string_view kAllTypes = "?bBhHiIlLeEfdFD";

bool is_16bit_float(ga_dtype_t dtype);
bool is_complex(ga_dtype_t dtype);
bool is_signed_integer(ga_dtype_t dtype);

// The operand as a value of its arithmetic type: "(float)in0" for float16 and bfloat16, whose
// arithmetic happens in float; the operand itself otherwise.
std::string value(ga_dtype_t dtype, std::string_view operand);

// The dtype's type name in generated source ("ga_complex64").
std::string kernel_type(ga_dtype_t dtype);

// An expression applying `binary_operator` to two operands of an integer loop with two's
// complement wrap-around and no signed overflow: "(int)((unsigned int)in0 + (unsigned int)in1)".
std::string wrapping(ga_dtype_t dtype, std::string_view binary_operator, std::string_view left = "in0",
                     std::string_view right = "in1");

// The operand's truth value as NumPy's logical ufuncs see it (nonzero; either part of a complex).
std::string truth(ga_dtype_t dtype, std::string_view operand);

// The operation of one loop from its dtypes (inputs then outputs).
using OperationFor = std::function<std::string(std::span<const ga_dtype_t> dtypes)>;

class UfuncBuilder {
 public:
  UfuncBuilder(std::string_view name, int nin, int nout, Identity identity, TypeResolution resolution);

  UfuncBuilder& bool_refusal(std::string_view message);
  // One loop per letter of `letters`: `pattern` ("TT->T", "T->?", "?TT->T") with T replaced by it.
  UfuncBuilder& loops(std::string_view letters, std::string_view pattern, const OperationFor& operation,
                      DeviceHelpers helpers = {});
  UfuncBuilder& loops(std::string_view letters, std::string_view pattern, const std::string& operation,
                      DeviceHelpers helpers = {});
  // One loop with a full signature ("lL->?").
  UfuncBuilder& loop(std::string_view signature, const std::string& operation, DeviceHelpers helpers = {});

  Ufunc build() { return std::move(ufunc_); }

 private:
  Ufunc ufunc_;
};

}  // namespace garray::ufunc_build
