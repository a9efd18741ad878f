#include "core/ops/indexing/atomic_update.hpp"

#include "core/array/dtype.hpp"
#include "core/common/error.hpp"
#include "core/ops/cast_source.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace garray {

namespace {

bool is_one_of(ga_dtype_t dtype, std::initializer_list<ga_dtype_t> dtypes) {
  for (ga_dtype_t candidate : dtypes) {
    if (dtype == candidate) return true;
  }
  return false;
}

// The unsigned word type of an 8-, 16-, 32- or 64-bit element's atomics.
const char* word_type(ga_dtype_t dtype) {
  return dtype_info(dtype).itemsize == 8 ? "unsigned long long" : "unsigned int";
}

// A native atomic statement over `address` and `in1` (both of `dtype`), when one exists.
std::optional<std::string> native_statement(std::string_view ufunc, ga_dtype_t dtype) {
  const bool complex = is_one_of(dtype, {GA_COMPLEX64, GA_COMPLEX128});
  const bool real = is_one_of(dtype, {GA_FLOAT32, GA_FLOAT64});
  const bool integer = is_one_of(dtype, {GA_INT32, GA_UINT32, GA_INT64, GA_UINT64});
  // Integers add and subtract in two's complement on the unsigned word of their width.
  const std::string word = std::string("(") + word_type(dtype) + ")";
  const std::string word_address = std::string("(") + word_type(dtype) + "*)address";
  if (ufunc == "add" || ufunc == "subtract") {
    const bool add = ufunc == "add";
    if (complex) {
      const char* sign = add ? "" : "-";
      return std::string("atomicAdd(&address->re, ") + sign + "in1.re); atomicAdd(&address->im, " + sign + "in1.im);";
    }
    if (real) return std::string("atomicAdd(address, ") + (add ? "" : "-") + "in1);";
    if (integer) return "atomicAdd(" + word_address + ", " + (add ? "" : word + "0 - ") + word + "in1);";
    return std::nullopt;
  }
  if (ufunc == "maximum" || ufunc == "minimum") {
    if (!integer) return std::nullopt;  // floats propagate NaN: the loop's operation does that
    return std::string(ufunc == "maximum" ? "atomicMax" : "atomicMin") + "(address, in1);";
  }
  const char* bitwise = ufunc == "bitwise_and" ? "atomicAnd" : ufunc == "bitwise_or" ? "atomicOr"
                                                           : ufunc == "bitwise_xor" ? "atomicXor" : nullptr;
  if (bitwise != nullptr && integer) return std::string(bitwise) + "(" + word_address + ", " + word + "in1);";
  return std::nullopt;
}

// `ga_apply(current[, in1])`: the loop's operation on the element's value, cast back.
std::string apply_function(const ResolvedLoop& loop, ga_dtype_t array_dtype) {
  const bool binary = loop.inputs().size() == 2;
  const ga_dtype_t first = loop.inputs()[0];
  const ga_dtype_t result = loop.outputs()[0];
  std::string code = "__device__ __forceinline__ ArrayT ga_apply(ArrayT current";
  if (binary) code += std::string(", const ") + dtype_info(loop.inputs()[1]).kernel_type + " in1";
  code += ") {\n  const " + std::string(dtype_info(first).kernel_type) + " in0 = " +
          cast_expression(array_dtype, first, "current") + ";\n  " + dtype_info(result).kernel_type + " out0;\n  " +
          loop.operation() + "\n  return " + cast_expression(result, array_dtype, "out0") + ";\n}\n";
  return code;
}

// A compare-and-swap loop over the element's own 4- or 8-byte word.
std::string word_compare_and_swap(ga_dtype_t dtype, const std::string& apply) {
  const std::string word = word_type(dtype);
  return "  " + word + "* word = (" + word + "*)address;\n  " + word + " observed = *word;\n  " + word +
         " assumed;\n  do {\n    assumed = observed;\n"
         "    const ArrayT current = *reinterpret_cast<const ArrayT*>(&assumed);\n"
         "    const ArrayT updated = " + apply + ";\n"
         "    observed = atomicCAS(word, assumed, *reinterpret_cast<const " + word + "*>(&updated));\n"
         "  } while (observed != assumed);\n";
}

// A compare-and-swap loop over the aligned 4-byte word that holds a 1- or 2-byte element
// (little-endian: the element's bytes sit `shift` bits up the word).
std::string subword_compare_and_swap(ga_dtype_t dtype, const std::string& apply) {
  const char* mask = dtype_info(dtype).itemsize == 1 ? "0xffu" : "0xffffu";
  return std::string("  unsigned int* word = (unsigned int*)((unsigned long long)address & ~3ull);\n"
                     "  const unsigned int shift = (unsigned int)((unsigned long long)address & 3ull) * 8u;\n"
                     "  const unsigned int mask = ") + mask + ";\n"
         "  unsigned int observed = *word;\n  unsigned int assumed;\n  do {\n    assumed = observed;\n"
         "    const unsigned int part = (assumed >> shift) & mask;\n"
         "    const ArrayT current = *reinterpret_cast<const ArrayT*>(&part);\n"
         "    const ArrayT updated = " + apply + ";\n"
         "    unsigned int bits = 0u;\n"
         "    *reinterpret_cast<ArrayT*>(&bits) = updated;\n"
         "    observed = atomicCAS(word, assumed, (assumed & ~(mask << shift)) | ((bits & mask) << shift));\n"
         "  } while (observed != assumed);\n";
}

}  // namespace

UpdateOperation atomic_update(const ResolvedLoop& loop, ga_dtype_t array_dtype, ga_dtype_t value_dtype) {
  const bool binary = loop.inputs().size() == 2;
  const std::string name(loop.ufunc().name);
  UpdateOperation update;
  update.key = name + ":" + loop.signature() + ":" + dtype_info(array_dtype).name + ":" + dtype_info(value_dtype).name;
  update.source = loop.device_source();
  std::string body;
  if (binary) {
    const ga_dtype_t second = loop.inputs()[1];
    body = std::string("  const ") + dtype_info(second).kernel_type + " in1 = " +
           cast_expression(value_dtype, second, "value") + ";\n";
  } else {
    body = "  (void)value;\n";
  }
  const bool uniform = binary && loop.inputs()[0] == array_dtype && loop.inputs()[1] == array_dtype &&
                       loop.outputs()[0] == array_dtype;
  const std::optional<std::string> native = uniform ? native_statement(name, array_dtype) : std::nullopt;
  if (native) {
    body += "  " + *native + "\n";
  } else {
    const std::size_t itemsize = dtype_info(array_dtype).itemsize;
    GA_REQUIRE(itemsize <= 8, GA_ERROR_UNSUPPORTED,
               "ufunc '" + name + "'.at on " + dtype_info(array_dtype).name +
                   " is not supported: no device atomic covers 16 bytes (only add and subtract are)");
    update.source += apply_function(loop, array_dtype);
    const std::string apply = binary ? "ga_apply(current, in1)" : "ga_apply(current)";
    body += itemsize >= 4 ? word_compare_and_swap(array_dtype, apply) : subword_compare_and_swap(array_dtype, apply);
  }
  update.source += "__device__ __forceinline__ void ga_update(ArrayT* address, Other value) {\n" + body + "}\n";
  return update;
}

}  // namespace garray
