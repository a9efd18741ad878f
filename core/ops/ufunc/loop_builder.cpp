#include "core/ops/ufunc/loop_builder.hpp"

#include "core/array/dtype.hpp"
#include "core/common/error.hpp"
#include "core/ops/ufunc/type_codes.hpp"

#include <algorithm>
#include <utility>

namespace garray::ufunc_build {

bool is_16bit_float(ga_dtype_t dtype) { return dtype == GA_FLOAT16 || dtype == GA_BFLOAT16; }

bool is_complex(ga_dtype_t dtype) { return dtype_info(dtype).kind == GA_KIND_COMPLEX; }

bool is_signed_integer(ga_dtype_t dtype) { return dtype_info(dtype).kind == GA_KIND_SIGNED; }

std::string value(ga_dtype_t dtype, std::string_view operand) {
  if (is_16bit_float(dtype)) return "(float)" + std::string(operand);
  return std::string(operand);
}

std::string kernel_type(ga_dtype_t dtype) { return dtype_info(dtype).kernel_type; }

std::string wrapping(ga_dtype_t dtype, std::string_view binary_operator, std::string_view left,
                     std::string_view right) {
  // Unsigned int holds every narrower type's operands; int-promoted unsigned short would
  // overflow int in a product.
  const std::string wide = dtype_info(dtype).itemsize == 8 ? "unsigned long long" : "unsigned int";
  return "(" + kernel_type(dtype) + ")((" + wide + ")" + std::string(left) + " " + std::string(binary_operator) +
         " (" + wide + ")" + std::string(right) + ")";
}

std::string truth(ga_dtype_t dtype, std::string_view operand) {
  const std::string name(operand);
  if (dtype == GA_BOOL) return name;
  if (is_complex(dtype)) return "(" + name + ".re != 0 || " + name + ".im != 0)";
  return "(" + value(dtype, name) + " != 0)";
}

UfuncBuilder::UfuncBuilder(std::string_view name, int nin, int nout, Identity identity, TypeResolution resolution) {
  ufunc_.name = name;
  ufunc_.nin = nin;
  ufunc_.nout = nout;
  ufunc_.identity = identity;
  ufunc_.resolution = resolution;
}

UfuncBuilder& UfuncBuilder::bool_refusal(std::string_view message) {
  ufunc_.bool_refusal = message;
  return *this;
}

UfuncBuilder& UfuncBuilder::loops(std::string_view letters, std::string_view pattern, const OperationFor& operation,
                                  DeviceHelpers helpers) {
  for (char letter : letters) {
    std::string signature(pattern);
    for (char& code : signature) {
      if (code == 'T') code = letter;
    }
    const ParsedSignature parsed = parse_loop_signature(signature);
    GA_REQUIRE(parsed.nin == ufunc_.nin && static_cast<int>(parsed.dtypes.size()) == ufunc_.nargs(),
               GA_ERROR_INTERNAL, "loop " + signature + " does not fit ufunc " + std::string(ufunc_.name));
    UfuncLoop loop;
    std::copy(parsed.dtypes.begin(), parsed.dtypes.end(), loop.dtypes.begin());
    loop.operation = operation(parsed.dtypes);
    loop.helpers = helpers;
    ufunc_.loops.push_back(std::move(loop));
  }
  return *this;
}

UfuncBuilder& UfuncBuilder::loops(std::string_view letters, std::string_view pattern, const std::string& operation,
                                  DeviceHelpers helpers) {
  return loops(letters, pattern, [&](std::span<const ga_dtype_t>) { return operation; }, helpers);
}

UfuncBuilder& UfuncBuilder::loop(std::string_view signature, const std::string& operation, DeviceHelpers helpers) {
  // A pattern without T expands to itself once.
  return loops("T", signature, operation, helpers);
}

}  // namespace garray::ufunc_build
