#include "core/ops/fill_kernels.hpp"

#include "core/array/dtype.hpp"
#include "core/ops/cast_source.hpp"
#include "core/ops/kernel_memo.hpp"
#include "core/ops/loop_source.hpp"

namespace garray {

namespace {

std::string kernel_name(const std::string& family, ga_dtype_t dtype, bool wide) {
  return "ga_" + family + "_" + dtype_info(dtype).name + (wide ? "_i64" : "_i32");
}

std::string typedefs(ga_dtype_t dtype, bool wide) {
  const IndexTypes types = index_types(wide);
  return std::string("typedef ") + dtype_info(dtype).kernel_type + " Dst;\ntypedef " + types.offset +
         " Offset;\ntypedef " + types.unsigned_ + " Index;\n" + cast_functions_source();
}

constexpr const char* kGridStrideLoop =
    "  const Index stride = (Index)gridDim.x * blockDim.x;\n"
    "  for (Index i = (Index)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {\n";

const char* sequence_family(SequenceKind kind) {
  switch (kind) {
    case SequenceKind::arange_integer: return "arange_integer";
    case SequenceKind::arange_float: return "arange_float";
    case SequenceKind::linspace: return "linspace";
    case SequenceKind::logspace: return "logspace";
  }
  return "";
}

// The arithmetic type NumPy's arange fill uses for a float dtype (16-bit floats compute in float).
const char* arange_arithmetic_type(ga_dtype_t dtype) { return dtype == GA_FLOAT64 ? "double" : "float"; }

std::string sequence_value(SequenceKind kind, ga_dtype_t dtype) {
  const bool integer = dtype_info(dtype).kind == GA_KIND_SIGNED || dtype_info(dtype).kind == GA_KIND_UNSIGNED;
  switch (kind) {
    case SequenceKind::arange_integer:
      return cast_expression(GA_INT64, dtype, "(long long)((unsigned long long)integer_start + (unsigned long long)i * (unsigned long long)integer_step)");
    case SequenceKind::arange_float: {
      // NumPy stores the first two values as given and computes the rest as first + i * delta
      // with a separate multiply and add; the _rn intrinsics keep NVRTC from fusing them.
      const bool is_double = std::string(arange_arithmetic_type(dtype)) == "double";
      const std::string multiply = is_double ? "__dmul_rn((double)i, delta)" : "__fmul_rn((float)i, delta)";
      const std::string add = is_double ? "__dadd_rn" : "__fadd_rn";
      return "Dst(i == 0 ? first : i == 1 ? second : " + add + "(first, " + multiply + "))";
    }
    case SequenceKind::linspace:
      return cast_expression(GA_FLOAT64, dtype, integer ? "floor(value)" : "value");
    case SequenceKind::logspace:
      return cast_expression(GA_FLOAT64, dtype, "pow(base, value)");
  }
  return "";
}

GeneratedKernel generate_contiguous_fill(ga_dtype_t dtype, bool wide) {
  GeneratedKernel kernel;
  kernel.name = kernel_name("fill_contiguous", dtype, wide);
  kernel.source = typedefs(dtype, wide) + "extern \"C\" __global__ void " + kernel.name +
                  "(Dst* __restrict__ dst, Index n, Dst value) {\n" + kGridStrideLoop +
                  "    dst[i] = value;\n  }\n}\n";
  return kernel;
}

GeneratedKernel generate_strided_fill(ga_dtype_t dtype, int rank, bool wide) {
  GeneratedKernel kernel;
  kernel.name = kernel_name("fill_strided_r" + std::to_string(rank), dtype, wide);
  kernel.source = typedefs(dtype, wide) + loop_params_declaration(rank, 1) +
                  "extern \"C\" __global__ void " + kernel.name +
                  "(Dst* __restrict__ dst, Index n, ga_loop_params params, Dst value) {\n" +
                  kGridStrideLoop + offsets_for_linear_index(rank, 1, wide, "i", "params") +
                  "    dst[offset0] = value;\n  }\n}\n";
  return kernel;
}

GeneratedKernel generate_sequence(SequenceKind kind, ga_dtype_t dtype, bool wide) {
  GeneratedKernel kernel;
  kernel.name = kernel_name(sequence_family(kind), dtype, wide);
  std::string prologue;
  if (kind == SequenceKind::arange_float) {
    const std::string type = arange_arithmetic_type(dtype);
    prologue = "  const " + type + " first = (" + type + ")Dst(start);\n  const " + type + " second = (" +
               type + ")Dst(start + step);\n  const " + type + " delta = second - first;\n";
  }
  // NumPy's i * step + start, rounded after each operation (not fused into one FMA).
  std::string body =
      "    const double value = (pin_last && i == n - 1) ? stop : __dadd_rn(start, __dmul_rn((double)i, step));\n";
  if (kind == SequenceKind::arange_integer || kind == SequenceKind::arange_float) body.clear();
  kernel.source = typedefs(dtype, wide) + "extern \"C\" __global__ void " + kernel.name +
                  "(Dst* __restrict__ dst, Index n, double start, double step, double stop, double base,\n"
                  "    long long integer_start, long long integer_step, int pin_last) {\n" + prologue +
                  kGridStrideLoop + body + "    dst[i] = " + sequence_value(kind, dtype) +
                  ";\n  }\n}\n";
  return kernel;
}

GeneratedKernel generate_tri(ga_dtype_t dtype, bool wide) {
  GeneratedKernel kernel;
  kernel.name = kernel_name("tri", dtype, wide);
  kernel.source = typedefs(dtype, wide) + "extern \"C\" __global__ void " + kernel.name +
                  "(Dst* __restrict__ dst, Index n, long long columns, long long k) {\n" +
                  kGridStrideLoop +
                  "    const long long row = (long long)(i / (Index)columns);\n"
                  "    const long long column = (long long)(i % (Index)columns);\n"
                  "    dst[i] = " + cast_expression(GA_BOOL, dtype, "(column <= row + k)") + ";\n  }\n}\n";
  return kernel;
}

}  // namespace

const GeneratedKernel& contiguous_fill_kernel(ga_dtype_t dtype, bool wide) {
  return memoized_kernel({KernelFamily::fill_contiguous, dtype, 0, 1, wide},
                         [&] { return generate_contiguous_fill(dtype, wide); });
}

const GeneratedKernel& strided_fill_kernel(ga_dtype_t dtype, int rank, bool wide) {
  return memoized_kernel({KernelFamily::fill_strided, dtype, 0, rank, wide},
                         [&] { return generate_strided_fill(dtype, rank, wide); });
}

const GeneratedKernel& sequence_kernel(SequenceKind kind, ga_dtype_t dtype, bool wide) {
  return memoized_kernel({KernelFamily::sequence, dtype, static_cast<int>(kind), 1, wide},
                         [&] { return generate_sequence(kind, dtype, wide); });
}

const GeneratedKernel& tri_kernel(ga_dtype_t dtype, bool wide) {
  return memoized_kernel({KernelFamily::tri, dtype, 0, 2, wide}, [&] { return generate_tri(dtype, wide); });
}

}  // namespace garray
