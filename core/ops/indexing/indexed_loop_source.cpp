// Source generation of the indexed loop kernels (indexed_loop.hpp).
#include "core/array/dtype.hpp"
#include "core/ops/cast_source.hpp"
#include "core/ops/indexing/indexed_loop.hpp"
#include "core/ops/loop_source.hpp"

namespace garray {

namespace {

// Device functions that bring one index into its axis. Wrapping takes the fast path for an index
// already inside the axis, so the 64-bit remainder is paid only by the indices that need it.
constexpr const char* kPositionFunctions =
    "__device__ __forceinline__ long long ga_wrap_index(long long index, long long extent) {\n"
    "  if (index >= 0 && index < extent) return index;\n"
    "  index %= extent;\n"
    "  return index < 0 ? index + extent : index;\n"
    "}\n"
    "__device__ __forceinline__ long long ga_clip_index(long long index, long long extent) {\n"
    "  return index < 0 ? 0 : (index >= extent ? extent - 1 : index);\n"
    "}\n"
    // The first thread to find a bad index records its axis (plus one) and value.
    "__device__ void ga_report_index(unsigned long long* error, int axis, long long index) {\n"
    "  if (atomicCAS(error, 0ull, (unsigned long long)axis + 1ull) == 0ull) error[1] = (unsigned long long)index;\n"
    "}\n";

std::string typedefs(const IndexedLoopSignature& signature) {
  const IndexTypes types = index_types(signature.wide);
  std::string code = std::string("typedef ") + dtype_info(signature.array_dtype).kernel_type + " ArrayT;\n" +
                     "typedef " + dtype_info(signature.other_dtype).kernel_type + " Other;\n" + "typedef " +
                     types.offset + " Offset;\n" + "typedef " + types.unsigned_ + " Index;\n";
  for (std::size_t k = 0; k < signature.index_dtypes.size(); ++k) {
    code += "typedef " + std::string(dtype_info(signature.index_dtypes[k]).kernel_type) + " Index" +
            std::to_string(k) + "Type;\n";
  }
  return code;
}

std::string parameters(const IndexedLoopSignature& signature) {
  std::string code = "ArrayT* __restrict__ array, Other* __restrict__ other";
  for (std::size_t k = 0; k < signature.index_dtypes.size(); ++k) {
    const std::string number = std::to_string(k);
    code += ", const Index" + number + "Type* __restrict__ index" + number;
  }
  return code + ", Index n, ga_loop_params params, ga_index_axes axes, unsigned long long* error";
}

// Statements that read index k and move `position` to it, or (check) report it when outside.
std::string position_statements(const IndexedLoopSignature& signature, std::size_t k) {
  const std::string number = std::to_string(k);
  const std::string value = "index_value" + number;
  std::string code = "    const long long " + value + " = (long long)index" + number + "[offset" +
                     std::to_string(k + 2) + "];\n";
  const std::string extent = "axes.extent[" + number + "]";
  if (signature.action == IndexedAction::check) {
    return code + "    if (" + value + " < -" + extent + " || " + value + " >= " + extent + ") ga_report_index(error, " +
           number + ", " + value + ");\n";
  }
  const char* bring = signature.mode == GA_INDEX_MODE_CLIP ? "ga_clip_index" : "ga_wrap_index";
  return code + "    position += " + bring + "(" + value + ", " + extent + ") * axes.stride[" + number + "];\n";
}

std::string action_statement(const IndexedLoopSignature& signature) {
  switch (signature.action) {
    case IndexedAction::gather:
      return "    other[offset0] = " + cast_expression(signature.array_dtype, signature.other_dtype, "array[position]") +
             ";\n";
    case IndexedAction::scatter:
      return "    array[position] = " + cast_expression(signature.other_dtype, signature.array_dtype, "other[offset0]") +
             ";\n";
    case IndexedAction::update: return "    ga_update(array + position, other[offset0]);\n";
    case IndexedAction::check: return "    (void)position;\n";
  }
  return "";
}

}  // namespace

std::string IndexedLoopSignature::key() const {
  std::string bytes;
  bytes.push_back(static_cast<char>(action));
  bytes.push_back(static_cast<char>(mode));
  bytes.push_back(static_cast<char>(array_dtype));
  bytes.push_back(static_cast<char>(other_dtype));
  bytes.push_back(static_cast<char>(rank));
  bytes.push_back(static_cast<char>(wide));
  for (ga_dtype_t dtype : index_dtypes) bytes.push_back(static_cast<char>(dtype));
  if (update != nullptr) bytes += "|" + update->key;
  return bytes;
}

std::string indexed_loop_source(const IndexedLoopSignature& signature) {
  const int count = static_cast<int>(signature.index_dtypes.size());
  const int axes_length = count > 0 ? count : 1;
  std::string code = typedefs(signature) + cast_functions_source() +
                     loop_params_declaration(signature.rank, count + 2) + "struct ga_index_axes {\n  long long extent[" +
                     std::to_string(axes_length) + "];\n  long long stride[" + std::to_string(axes_length) +
                     "];\n};\n" + kPositionFunctions;
  if (signature.action == IndexedAction::update && signature.update != nullptr) code += signature.update->source;
  code += std::string("extern \"C\" __global__ void ") + kIndexedLoopKernelName + "(" + parameters(signature) +
          ") {\n"
          "  (void)array; (void)other; (void)error; (void)axes;\n"
          "  const Index step = (Index)gridDim.x * blockDim.x;\n"
          "  for (Index i = (Index)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {\n" +
          offsets_for_linear_index(signature.rank, count + 2, signature.wide, "i", "params") +
          "    long long position = (long long)offset1;\n";
  for (int k = 0; k < count; ++k) code += position_statements(signature, static_cast<std::size_t>(k));
  code += action_statement(signature) + "  }\n}\n";
  return code;
}

}  // namespace garray
