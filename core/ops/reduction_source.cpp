#include "core/ops/reduction_source.hpp"

#include "core/array/dtype.hpp"
#include "core/ops/cast_source.hpp"
#include "core/ops/loop_source.hpp"

#include <algorithm>

namespace garray {

namespace {

const char* type_name(ga_dtype_t dtype) { return dtype_info(dtype).kernel_type; }

std::string parameter_list(const ReductionSignature& signature, const IndexTypes& index) {
  const std::string unsigned_type = index.unsigned_;
  std::string list = "const ga_kept_params _kept, const ga_reduced_params _reduced, const " + unsigned_type +
                     " _out_count, const " + unsigned_type + " _reduce_count, const " + unsigned_type +
                     " _partial_count, _type_reduce* _partials, bool* _partial_valid, unsigned* _arrivals";
  for (const ElementwiseOperand& operand : signature.operands) {
    const std::string& name = operand.param->name;
    if (operand.kind == ArgumentKind::scalar) {
      list += std::string(", const ") + type_name(operand.type) + " " + name;
    } else {
      list += std::string(", ") + (operand.is_output ? "" : "const ") + type_name(operand.storage) + "* _p_" + name;
    }
  }
  return list;
}

bool is_array_input(const ElementwiseOperand& operand) { return !operand.is_output && operand.kind == ArgumentKind::array; }

int array_inputs(const ReductionSignature& signature) {
  return static_cast<int>(std::count_if(signature.operands.begin(), signature.operands.end(), is_array_input));
}

// The first array input (the only one where vector_width > 1).
const ElementwiseOperand& array_input(const ReductionSignature& signature) {
  return *std::find_if(signature.operands.begin(), signature.operands.end(), is_array_input);
}

int kept_operands(const ReductionSignature& signature) {
  return array_inputs(signature) + static_cast<int>(std::count_if(signature.operands.begin(), signature.operands.end(),
                                                                  [](const ElementwiseOperand& operand) {
                                                                    return operand.is_output;
                                                                  }));
}

// `_kept_offset<k>` for every kept operand of output `_o`, declared before and set inside a scope.
std::string kept_offsets(const ReductionSignature& signature, const IndexTypes& index) {
  const int operands = kept_operands(signature);
  std::string code;
  for (int k = 0; k < operands; ++k) code += std::string("  ") + index.offset + " _kept_offset" + std::to_string(k) + " = 0;\n";
  code += "  if (_o < _out_count) {\n" +
          offsets_for_linear_index(signature.kept_rank, operands, signature.wide, "_o", "_kept");
  for (int k = 0; k < operands; ++k) code += "    _kept_offset" + std::to_string(k) + " = offset" + std::to_string(k) + ";\n";
  return code + "  }\n";
}

// Folds `value` (and, without identity, its validity) into `_acc`/`_valid`.
std::string fold(const ReductionSignature& signature, const std::string& value, const std::string& valid) {
  if (signature.identity) return "_acc = _ga_reduce(_acc, " + value + ");\n";
  return "if (" + valid + ") { _acc = _valid ? _ga_reduce(_acc, " + value + ") : " + value + "; _valid = true; }\n";
}

// A thread's loop over its passes along the reduction, `bound` steps of the reduced loop (elements or
// vectors), `per_pass` a pass, spaced a grid's depth apart; `setup` goes before the loop.
std::string passes(const IndexTypes& index, const std::string& bound, const std::string& per_pass,
                   const std::string& setup, const std::string& body) {
  const std::string unsigned_type = index.unsigned_;
  return "  if (_o < _out_count) {\n    const " + unsigned_type + " _step = (" + unsigned_type +
         ")blockDim.y * gridDim.y;\n" + setup + "    for (" + unsigned_type + " _base = (" + unsigned_type +
         ")blockIdx.y * blockDim.y + threadIdx.y; _base < " + bound + ";\n         _base += " + per_pass +
         " * _step) {\n" + body + "    }\n  }\n";
}

// The head of a loop over one pass's steps: `step` is the step's position, inside `bound`.
std::string pass_head(const IndexTypes& index, const std::string& step, const std::string& bound,
                      const std::string& per_pass) {
  const std::string unsigned_type = index.unsigned_;
  return "#pragma unroll\n      for (int _k = 0; _k < " + per_pass + "; ++_k) {\n        const " + unsigned_type + " " +
         step + " = _base + (" + unsigned_type + ")_k * _step;\n        if (" + step + " < " + bound + ") {\n";
}

// Each thread folds kReducedPerPass elements per pass, spaced a grid's depth apart (so that a
// warp's loads stay coalesced), reading all of them before mapping any, to keep loads in flight;
// with a pass map, the pass's bound values are folded as one.
std::string map_loop(const ReductionSignature& signature, const IndexTypes& index) {
  const std::string unsigned_type = index.unsigned_;
  const std::string per_pass = std::to_string(kReducedPerPass);
  std::string declarations;
  std::string loads;
  std::string binds;
  std::string pass_declarations;
  std::string pass_stores;
  int k = 0;
  for (const ElementwiseOperand& operand : signature.operands) {
    if (!is_array_input(operand)) continue;
    const std::string& name = operand.param->name;
    declarations += std::string("      ") + type_name(operand.storage) + " _in_" + name + "[" + per_pass + "];\n";
    loads += "          _in_" + name + "[_k] = _p_" + name + "[_kept_offset" + std::to_string(k) + " + offset" +
             std::to_string(k) + "];\n";
    binds += "          const " + std::string(type_name(operand.type)) + " " + name + " = " +
             cast_expression(operand.storage, operand.type, "_in_" + name + "[_k]") + ";\n";
    pass_declarations += std::string("      ") + type_name(operand.type) + " _pass_" + name + "[" + per_pass + "];\n";
    pass_stores += "          _pass_" + name + "[_k] = " + name + ";\n";
    ++k;
  }
  const std::string pass = pass_head(index, "_r", "_reduce_count", per_pass);
  // The first element of a pass is always in range, so a pass folds at least one.
  const std::string fold_each =
      pass + binds + (signature.reduced_index ? "          const " + unsigned_type + " _J = _r;\n" : std::string()) +
      "          const _type_reduce _mapped = _type_reduce(\n" + with_line_label(signature.map_expression, "map_expr") +
      ");\n          " + fold(signature, "_mapped", "true") + "        }\n      }\n";
  const std::string fold_pass =
      pass_declarations + "      int _pass_count = 0;\n" + pass + binds + pass_stores +
      "          _pass_count = _k + 1;\n        }\n      }\n      {\n        const _type_reduce _mapped = _type_reduce(\n" +
      with_line_label(signature.pass_map, "pass_map") + ");\n        " + fold(signature, "_mapped", "true") + "      }\n";
  return passes(index, "_reduce_count", per_pass, "",
                declarations + pass +
                    offsets_for_linear_index(signature.reduced_rank, array_inputs(signature), signature.wide, "_r",
                                             "_reduced") +
                    loads + "        }\n      }\n" + (signature.pass_map.empty() ? fold_each : fold_pass));
}

// The loaded vector of the one array input (vector_width > 1).
std::string vector_type(const ReductionSignature& signature) {
  const ElementwiseOperand& input = array_input(signature);
  return std::string("struct __align__(16) _ga_vector_") + input.param->name + " { " + type_name(input.storage) +
         " lanes[" + std::to_string(signature.vector_width) + "]; };\n";
}

// map_loop for vector_width > 1: each thread loads kVectorsPerPass vectors per pass, spaced a
// grid's depth apart, and folds their lanes in order.
std::string vector_map_loop(const ReductionSignature& signature, const IndexTypes& index) {
  const std::string width = std::to_string(signature.vector_width);
  const std::string per_pass = std::to_string(kVectorsPerPass);
  const ElementwiseOperand& input = array_input(signature);
  const std::string& name = input.param->name;
  const std::string vector = "_ga_vector_" + name;
  const std::string pass = pass_head(index, "_v", "_vectors", per_pass);
  return passes(index, "_vectors", per_pass,
                "    const " + std::string(index.unsigned_) + " _vectors = _reduce_count / " + width + ";\n",
                "      " + vector + " _in_" + name + "[" + per_pass + "];\n" + pass + "          _in_" + name +
                    "[_k] = *reinterpret_cast<const " + vector + "*>(_p_" + name + " + _kept_offset0 + (" +
                    index.offset + ")_v * " + width + ");\n        }\n      }\n" + pass +
                    "#pragma unroll\n          for (int _lane = 0; _lane < " + width + "; ++_lane) {\n            const " +
                    type_name(input.type) + " " + name + " = " +
                    cast_expression(input.storage, input.type, "_in_" + name + "[_k].lanes[_lane]") +
                    ";\n            const _type_reduce _mapped = _type_reduce(\n" +
                    with_line_label(signature.map_expression, "map_expr") + ");\n            " +
                    fold(signature, "_mapped", "true") + "          }\n        }\n      }\n");
}

// Folds lanes `_delta` apart into the lower ones, for `_delta` from `first` down to `last`; the
// validity travels only where there is no identity (a shuffle is not dropped when unused).
std::string shuffle_fold(const ReductionSignature& signature, const std::string& first, const std::string& last) {
  return "for (unsigned _delta = " + first + "; _delta >= " + last + " && _delta > 0; _delta >>= 1) {\n"
         "    const _type_reduce _lane = _ga_shuffle_down(_acc, _delta);\n    " +
         fold(signature, "_lane", "__shfl_down_sync(0xffffffffu, (int)_valid, _delta) != 0") + "  }\n";
}

// Combines the block's threads along y (every thread takes part); thread row 0 ends with the
// block's value. Lanes of one warp that share a column (blockDim.x < 32) fold by shuffles first,
// without shared memory or barriers; then the warps' values meet in shared memory, one row per
// warp: where every row fits in one warp (a block per output), the first warp folds them by
// shuffles after one barrier, else in a tree. Block sides are powers of two, so the warp layout
// comes from shifts. Sum along the rows of 4096² float32 on an H100: 24.8 us with a tree of three
// barriers and integer divisions by blockDim.x, 24.7 with the warp's shuffles, 24.5 with shifts.
std::string block_combine(const ReductionSignature& signature) {
  return "  " + shuffle_fold(signature, "16", "blockDim.x") +
         "  const unsigned _lanes_per_column = blockDim.x < 32 ? 32u >> (__ffs(blockDim.x) - 1) : 1;\n"
         "  const unsigned _lane_shift = __ffs(_lanes_per_column) - 1;\n"
         "  const unsigned _rows = blockDim.y >> _lane_shift;\n"
         "  if (_rows > 1) {\n"
         "    _type_reduce* _shared = reinterpret_cast<_type_reduce*>(_shared_bytes);\n"
         "    bool* _shared_valid = reinterpret_cast<bool*>(_shared + blockDim.x * blockDim.y);\n"
         "    if ((threadIdx.y & (_lanes_per_column - 1)) == 0) {\n"
         "      const unsigned _slot = (threadIdx.y >> _lane_shift) * blockDim.x + threadIdx.x;\n"
         "      _shared[_slot] = _acc;\n      _shared_valid[_slot] = _valid;\n    }\n    __syncthreads();\n"
         "    if (_rows * blockDim.x <= 32) {\n"
         "      if (threadIdx.y < _lanes_per_column) {\n"
         "        if (threadIdx.y < _rows) {\n"
         "          _acc = _shared[threadIdx.y * blockDim.x + threadIdx.x];\n"
         "          _valid = _shared_valid[threadIdx.y * blockDim.x + threadIdx.x];\n"
         "        }\n        " +
         shuffle_fold(signature, "_rows / 2 * blockDim.x", "blockDim.x") +
         "      }\n"
         "    } else {\n"
         "      for (unsigned _step = _rows / 2; _step > 0; _step >>= 1) {\n"
         "        if (threadIdx.y < _step) {\n"
         "          const unsigned _slot = threadIdx.y * blockDim.x + threadIdx.x;\n"
         "          const unsigned _other = _slot + _step * blockDim.x;\n"
         "          _acc = _shared[_slot];\n          _valid = _shared_valid[_slot];\n          " +
         fold(signature, "_shared[_other]", "_shared_valid[_other]") +
         "          _shared[_slot] = _acc;\n          _shared_valid[_slot] = _valid;\n        }\n"
         "        __syncthreads();\n"
         "      }\n"
         "    }\n"
         "  }\n";
}

// A warp shuffle of the reduce type: the hardware's own for scalars, word by word for anything
// else trivially copyable (a struct, a pair, a complex).
constexpr const char* kShuffleDownSource =
    "template <typename T> __device__ __forceinline__ T _ga_shuffle_down(const T& value, unsigned delta) {\n"
    "  unsigned bits[(sizeof(T) + 3) / 4] = {};\n"
    "  const unsigned char* from = reinterpret_cast<const unsigned char*>(&value);\n"
    "  unsigned char* to = reinterpret_cast<unsigned char*>(bits);\n"
    "  for (unsigned b = 0; b < sizeof(T); ++b) to[b] = from[b];\n"
    "#pragma unroll\n"
    "  for (unsigned w = 0; w < (sizeof(T) + 3) / 4; ++w) bits[w] = __shfl_down_sync(0xffffffffu, bits[w], delta);\n"
    "  T result;\n"
    "  unsigned char* back = reinterpret_cast<unsigned char*>(&result);\n"
    "  for (unsigned b = 0; b < sizeof(T); ++b) back[b] = to[b];\n"
    "  return result;\n"
    "}\n"
    "#define GA_SHUFFLE_DOWN_NATIVE(T) \\\n"
    "  __device__ __forceinline__ T _ga_shuffle_down(const T& value, unsigned delta) { \\\n"
    "    return __shfl_down_sync(0xffffffffu, value, delta); \\\n"
    "  }\n"
    "GA_SHUFFLE_DOWN_NATIVE(int)\nGA_SHUFFLE_DOWN_NATIVE(unsigned)\nGA_SHUFFLE_DOWN_NATIVE(long long)\n"
    "GA_SHUFFLE_DOWN_NATIVE(unsigned long long)\nGA_SHUFFLE_DOWN_NATIVE(float)\nGA_SHUFFLE_DOWN_NATIVE(double)\n"
    "#undef GA_SHUFFLE_DOWN_NATIVE\n";

// Programmatic dependent launch (jit::LaunchConfig::overlaps_previous): the main kernel lets the
// combine kernel be scheduled as soon as its own blocks have all started, and the combine kernel
// waits for the main kernel's partials before it reads them. Hides ~2 us of launch gap behind a
// split reduction's main pass. No-ops before sm_90.
constexpr const char* kDependentLaunchSource =
    "#if __CUDA_ARCH__ >= 900\n"
    "__device__ __forceinline__ void _ga_launch_dependents() { asm volatile(\"griddepcontrol.launch_dependents;\"); }\n"
    "__device__ __forceinline__ void _ga_wait_for_previous() { asm volatile(\"griddepcontrol.wait;\" ::: \"memory\"); }\n"
    "#else\n"
    "__device__ __forceinline__ void _ga_launch_dependents() {}\n"
    "__device__ __forceinline__ void _ga_wait_for_previous() {}\n"
    "#endif\n";

// Whether the calling block is the last of its column (blockIdx.x) to have written its partials:
// the arrival count wraps back to 0 at that block, so the counters are zero again after the kernel
// (Stream::zeroed_counters). The fences order each block's partials before its arrival, and the
// last block's reads after everyone's.
constexpr const char* kLastArrivalSource =
    "__device__ __forceinline__ bool _ga_last_arrival(unsigned* arrivals) {\n"
    "  __shared__ bool last;\n"
    "  __threadfence();\n"
    "  __syncthreads();\n"
    "  if (threadIdx.x == 0 && threadIdx.y == 0) last = atomicInc(arrivals + blockIdx.x, gridDim.y - 1) == gridDim.y - 1;\n"
    "  __syncthreads();\n"
    "  if (last) __threadfence();\n"
    "  return last;\n"
    "}\n";

// The user's post-map for output `_o`, with `a` the folded value.
std::string post_map(const ReductionSignature& signature) {
  std::string bind;
  std::string write_back;
  int k = array_inputs(signature);
  for (const ElementwiseOperand& operand : signature.operands) {
    if (!operand.is_output) continue;
    const std::string& name = operand.param->name;
    const std::string element = "_p_" + name + "[_kept_offset" + std::to_string(k++) + "]";
    const std::string type = type_name(operand.type);
    if (operand.type == operand.storage) {
      bind += "    " + type + "& " + name + " = " + element + ";\n";
    } else {
      bind += "    " + type + " " + name + " = " + cast_expression(operand.storage, operand.type, element) + ";\n";
      write_back += "    " + element + " = " + cast_expression(operand.type, operand.storage, name) + ";\n";
    }
  }
  return "  {\n    const _type_reduce a = _acc;\n    (void)a;\n" + bind + "    {\n" +
         with_line_label(signature.post_map, "post_map_expr") + ";\n    }\n" + write_back + "  }\n";
}

std::string start_fold(const ReductionSignature& signature) {
  return std::string("  _acc = ") + (signature.identity ? "_type_reduce(_ga_identity())" : "_type_reduce()") +
         ";\n  _valid = " + (signature.identity ? "true" : "false") + ";\n";
}

std::string kernel_head(const ReductionSignature& signature, const IndexTypes& index, const std::string& name) {
  const std::string unsigned_type = index.unsigned_;
  return "extern \"C\" __global__ void " + name + "(" + parameter_list(signature, index) + ") {\n" +
         "  extern __shared__ __align__(16) unsigned char _shared_bytes[];\n"
         "  const " + unsigned_type + " _o = (" + unsigned_type + ")blockIdx.x * blockDim.x + threadIdx.x;\n"
         "  _type_reduce _acc;\n  bool _valid;\n" + start_fold(signature) + kept_offsets(signature, index);
}

// Folds the `count` partials of output `_o`, the block's threads along y taking turns.
std::string fold_partials(const ReductionSignature& signature, const IndexTypes& index, const std::string& count) {
  const std::string unsigned_type = index.unsigned_;
  return "  if (_o < _out_count) {\n    for (" + unsigned_type + " _p = threadIdx.y; _p < " + count +
         "; _p += blockDim.y) {\n      const " + unsigned_type + " _at = _p * _out_count + _o;\n      " +
         fold(signature, "_partials[_at]", signature.identity ? "true" : "_partial_valid[_at]") + "    }\n  }\n";
}

}  // namespace

std::string combine_kernel_name(std::string_view kernel_name) { return std::string(kernel_name) + "_combine"; }

std::string reduction_kernel_source(const ReductionSignature& signature) {
  const IndexTypes index = index_types(signature.wide);
  std::string source = cast_functions_source();
  source += loop_params_declaration(signature.kept_rank, kept_operands(signature), "ga_kept_params");
  source += loop_params_declaration(signature.reduced_rank, array_inputs(signature), "ga_reduced_params");
  source += user_declarations(signature.placeholders, signature.preamble);
  const std::string reduce_type = signature.reduce_type_name.empty() ? std::string(type_name(signature.reduce_type))
                                                                     : std::string(signature.reduce_type_name);
  source += "typedef " + reduce_type + " _type_reduce;\n";
  source += "__device__ __forceinline__ _type_reduce _ga_reduce(const _type_reduce& a, const _type_reduce& b) {\n"
            "  return _type_reduce(\n" + with_line_label(signature.reduce_expression, "reduce_expr") + ");\n}\n";
  source += kShuffleDownSource;
  source += kDependentLaunchSource;
  source += kLastArrivalSource;
  if (signature.identity) {
    source += "__device__ __forceinline__ _type_reduce _ga_identity() {\n  return _type_reduce(\n" +
              with_line_label(*signature.identity, "identity") + ");\n}\n";
  }
  const std::string finish = "  if (threadIdx.y != 0 || _o >= _out_count) return;\n" + post_map(signature) + "}\n";
  // A split launch's blocks write their partials; with arrival counters, the last block of each
  // column folds them at once, else the combine kernel does.
  const std::string split = "  if (gridDim.y > 1) {\n"
                            "    if (threadIdx.y == 0 && _o < _out_count) {\n"
                            "      _partials[blockIdx.y * _out_count + _o] = _acc;\n"
                            "      if (_partial_valid) _partial_valid[blockIdx.y * _out_count + _o] = _valid;\n"
                            "    }\n"
                            "    if (!_arrivals || !_ga_last_arrival(_arrivals)) return;\n" +
                            start_fold(signature) + fold_partials(signature, index, "gridDim.y") +
                            block_combine(signature) + "  }\n";
  const bool vectors = signature.vector_width > 1;
  if (vectors) source += vector_type(signature);
  source += kernel_head(signature, index, std::string(signature.kernel_name)) + "  _ga_launch_dependents();\n" +
            (vectors ? vector_map_loop(signature, index) : map_loop(signature, index)) + block_combine(signature) +
            split + finish;
  source += kernel_head(signature, index, combine_kernel_name(signature.kernel_name)) +
            "  _ga_wait_for_previous();\n" + fold_partials(signature, index, "_partial_count") +
            block_combine(signature) + finish;
  return source;
}

}  // namespace garray
