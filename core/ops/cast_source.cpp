#include "core/ops/cast_source.hpp"

#include "core/array/dtype.hpp"

namespace garray {

namespace {

struct SaturatingTarget {
  ga_dtype_t dtype;
  const char* lowest;
  const char* highest;  // as a double literal; the comparison uses >= so 2^63 and 2^64 are right
  const char* lowest_value;
  const char* highest_value;
};

constexpr SaturatingTarget kSaturatingTargets[] = {
    {GA_INT8, "-128.0", "127.0", "-128", "127"},
    {GA_INT16, "-32768.0", "32767.0", "-32768", "32767"},
    {GA_INT32, "-2147483648.0", "2147483647.0", "(-2147483647 - 1)", "2147483647"},
    {GA_INT64, "-9223372036854775808.0", "9223372036854775808.0", "(-9223372036854775807LL - 1)",
     "9223372036854775807LL"},
    {GA_UINT8, "0.0", "255.0", "0", "255"},
    {GA_UINT16, "0.0", "65535.0", "0", "65535"},
    {GA_UINT32, "0.0", "4294967295.0", "0", "4294967295u"},
    {GA_UINT64, "0.0", "18446744073709551616.0", "0", "18446744073709551615ull"},
};

bool is_16bit_float(ga_dtype_t dtype) { return dtype == GA_FLOAT16 || dtype == GA_BFLOAT16; }

// `operand` as a real value the target can take: complex gives its real part, 16-bit floats go
// through float (their only arithmetic type).
std::string real_value(ga_dtype_t from, const std::string& operand) {
  const ga_dtype_kind_t kind = dtype_info(from).kind;
  if (kind == GA_KIND_COMPLEX) return "(" + operand + ").re";
  if (is_16bit_float(from)) return "((float)(" + operand + "))";
  return "(" + operand + ")";
}

}  // namespace

std::string cast_functions_source() {
  std::string source;
  for (const SaturatingTarget& target : kSaturatingTargets) {
    const char* type = dtype_info(target.dtype).kernel_type;
    source += std::string("__device__ __forceinline__ ") + type + " ga_saturate_" +
              dtype_info(target.dtype).name + "(double x) {\n  return x != x ? (" + type +
              ")0 : x <= " + target.lowest + " ? (" + type + ")" + target.lowest_value +
              " : x >= " + target.highest + " ? (" + type + ")" + target.highest_value + " : (" +
              type + ")x;\n}\n";
  }
  return source;
}

std::string cast_expression(ga_dtype_t from, ga_dtype_t to, const std::string& operand) {
  if (from == to) return operand;
  const DTypeInfo& source = dtype_info(from);
  const DTypeInfo& target = dtype_info(to);
  const std::string type = target.kernel_type;
  switch (target.kind) {
    case GA_KIND_BOOL:
      if (source.kind == GA_KIND_COMPLEX) {
        return "((" + operand + ").re != 0 || (" + operand + ").im != 0)";
      }
      return "(" + real_value(from, operand) + " != 0)";
    case GA_KIND_SIGNED:
    case GA_KIND_UNSIGNED:
      if (source.kind == GA_KIND_FLOAT || source.kind == GA_KIND_COMPLEX) {
        return std::string("ga_saturate_") + target.name + "((double)" + real_value(from, operand) + ")";
      }
      return "((" + type + ")(" + operand + "))";
    case GA_KIND_FLOAT:
      // Integers go through double so that the 16-bit format rounds them once, as the host does.
      if (is_16bit_float(to) && source.kind != GA_KIND_FLOAT && source.kind != GA_KIND_COMPLEX) {
        return type + "((double)(" + operand + "))";
      }
      if (is_16bit_float(to)) return type + "(" + real_value(from, operand) + ")";
      return "((" + type + ")" + real_value(from, operand) + ")";
    case GA_KIND_COMPLEX: {
      const char* component = to == GA_COMPLEX64 ? "float" : "double";
      if (source.kind == GA_KIND_COMPLEX) return type + "(" + operand + ")";
      return type + "((" + component + ")" + real_value(from, operand) + ")";
    }
  }
  return operand;
}

}  // namespace garray
