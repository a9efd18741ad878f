#include "core/ops/scan/cumulative.hpp"

#include "core/array/dtype.hpp"
#include "core/array/promotion.hpp"
#include "core/common/error.hpp"
#include "core/ops/scan/scan.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"

#include <string>

namespace garray {

namespace {

// x with NaN (either part NaN for complex) replaced by `replacement`, for a value of `dtype`.
std::string nan_replaced(ga_dtype_t dtype, const char* replacement) {
  const DTypeInfo& info = dtype_info(dtype);
  if (info.kind != GA_KIND_FLOAT && info.kind != GA_KIND_COMPLEX) return "x";
  const std::string nan = info.itemsize == 2 ? "((float)x != (float)x)" : "(x != x)";
  return "(" + nan + " ? T(" + replacement + ") : x)";
}

}  // namespace

ResolvedLoop fold_loop(const Ufunc& ufunc, ga_dtype_t dtype, std::optional<ga_dtype_t> requested) {
  const Operand operands[2] = {Operand::strong(dtype), Operand::strong(dtype)};
  ResolvedLoop loop = resolve_loop(ufunc, LoopRequest{operands, {}, requested, {}, Casting::unsafe});
  if (loop.inputs()[0] != loop.outputs()[0] || loop.inputs()[1] != loop.outputs()[0]) {
    const ga_dtype_t folded = loop.outputs()[0];
    const Operand uniform[2] = {Operand::strong(folded), Operand::strong(folded)};
    loop = resolve_loop(ufunc, LoopRequest{uniform, {}, folded, {}, Casting::unsafe});
  }
  return loop;
}

ScanOperation loop_scan_operation(const ResolvedLoop& loop, const std::string& key_prefix, const std::string& load) {
  const std::string type = dtype_info(loop.outputs()[0]).kernel_type;
  std::string key = key_prefix + std::string(loop.ufunc().name);
  for (ga_dtype_t dtype : loop.inputs()) key += std::string("_") + dtype_info(dtype).name;
  ScanOperation operation;
  operation.key = std::move(key);
  operation.device_source = loop.device_source() + "__forceinline__ " + type + " ga_fold(const " + type +
                            " in0, const " + type + " in1) {\n  " + type + " out0;\n  " + loop.operation() +
                            ";\n  return out0;\n}\n";
  operation.combine = "ga_fold(a, b)";
  operation.load = load;
  // NumPy's notion: a ufunc with an identity (or maximum's and minimum's "reorderable" none) may
  // be regrouped; subtract, divide, power and the like may not.
  operation.associative = loop.ufunc().identity != Identity::none;
  operation.plain_sum = loop.ufunc().name == "add" && load == "x";
  return operation;
}

CumulativeScan cumulative_scan(Cumulative kind, ga_dtype_t input, std::optional<ga_dtype_t> dtype) {
  const bool sum = kind == Cumulative::sum || kind == Cumulative::nan_sum;
  const bool nan = kind == Cumulative::nan_sum || kind == Cumulative::nan_product;
  const Ufunc& ufunc = find_ufunc(sum ? "add" : "multiply");
  const ResolvedLoop loop = fold_loop(ufunc, dtype ? *dtype : default_reduction_dtype(ufunc, input), dtype);
  const ga_dtype_t scan_dtype = loop.outputs()[0];
  const std::string load = nan ? nan_replaced(scan_dtype, sum ? "0" : "1") : "x";
  return {loop_scan_operation(loop, nan && load != "x" ? "nan" : "", load), scan_dtype};
}

Array cumulative(Cumulative kind, const Array& input, std::optional<int> axis, std::optional<ga_dtype_t> dtype,
                 const std::optional<Array>& out, const StreamRef& stream) {
  const CumulativeScan scanned = cumulative_scan(kind, input.dtype(), dtype);
  return scan(input, axis, scanned.operation, scanned.scan_dtype, out, stream);
}

Array accumulate_ufunc(const Ufunc& ufunc, const Array& input, std::optional<int> axis, std::optional<ga_dtype_t> dtype,
                       const std::optional<Array>& out, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(ufunc.nin == 2 && ufunc.nout == 1, "accumulate only supported for binary functions (ufunc '" +
                                                             std::string(ufunc.name) + "' is not one)");
  const ResolvedLoop loop =
      fold_loop(ufunc, dtype ? *dtype : out ? out->dtype() : default_reduction_dtype(ufunc, input.dtype()), dtype);
  return scan(input, axis, loop_scan_operation(loop, "", "x"), loop.outputs()[0], out, stream);
}

}  // namespace garray
