#include "core/ops/elementwise_source.hpp"

#include "core/array/dtype.hpp"
#include "core/ops/cast_source.hpp"
#include "core/ops/loop_source.hpp"

#include <algorithm>

namespace garray {

namespace {

const char* type_name(ga_dtype_t dtype) { return dtype_info(dtype).kernel_type; }

bool needs_casts(std::span<const ElementwiseOperand> operands) {
  return std::any_of(operands.begin(), operands.end(),
                     [](const ElementwiseOperand& operand) { return operand.type != operand.storage; });
}

std::string kernel_parameters(const ElementwiseSignature& signature, const IndexTypes& index) {
  std::string list;
  if (!signature.contiguous) list += "const ga_loop_params _loop, ";
  list += std::string("const ") + index.unsigned_ + " _size";
  for (const ElementwiseOperand& operand : signature.operands) {
    const std::string& name = operand.param->name;
    switch (operand.kind) {
      case ArgumentKind::array:
        list += std::string(", ") + (operand.is_output ? "" : "const ") + type_name(operand.storage) + "* _p_" + name;
        break;
      case ArgumentKind::scalar:
        list += std::string(", const ") + type_name(operand.type) + " " + name;
        break;
      case ArgumentKind::raw:
        list += std::string(", const ga_raw_array<") + type_name(operand.type) + ", " +
                std::to_string(operand.raw_rank) + ", " + (operand.raw_contiguous ? "true" : "false") + "> " + name;
        break;
    }
  }
  return list;
}

// The statements that bind each array parameter, then the operation, then the write-back of
// outputs whose array has another dtype. `input_value(operand, k)` is where array operand k, an
// input, has its element (in its storage type); `offset(k)` is the element's offset in array k.
template <class InputValue, class Offset>
std::string element_body(const ElementwiseSignature& signature, InputValue&& input_value, Offset&& offset) {
  std::string bind;
  std::string write_back;
  int operand_index = 0;
  for (const ElementwiseOperand& operand : signature.operands) {
    if (operand.kind != ArgumentKind::array) continue;
    const std::string& name = operand.param->name;
    const std::string element = "_p_" + name + "[" + offset(operand_index) + "]";
    const std::string type = type_name(operand.type);
    if (!operand.is_output) {
      bind += "        const " + type + " " + name + " = " +
              cast_expression(operand.storage, operand.type, input_value(operand, operand_index)) + ";\n";
    } else if (operand.type == operand.storage) {
      bind += "        " + type + "& " + name + " = " + element + ";\n";
    } else {
      bind += "        " + type + " " + name + " = " + cast_expression(operand.storage, operand.type, element) + ";\n";
      write_back += "        " + element + " = " + cast_expression(operand.type, operand.storage, name) + ";\n";
    }
    ++operand_index;
  }
  // As CuPy, the operation may omit its final semicolon.
  return bind + "        {\n" + with_line_label(signature.operation, "operation") + ";\n        }\n" + write_back;
}

bool is_staged(const ElementwiseSignature& signature, int array_operand) {
  return (signature.staged >> array_operand) & 1u;
}

// The offset of element (_row, _col) in array operand k of the loop.
std::string tile_offset(const IndexTypes& index, int k) {
  const std::string offset_type = index.offset;
  const std::string strides = "_loop.strides[" + std::to_string(k) + "]";
  return "(" + offset_type + ")_row * (" + offset_type + ")" + strides + "[0] + (" + offset_type + ")_col * (" +
         offset_type + ")" + strides + "[1]";
}

// The tiled variant (elementwise_source.hpp): each block stages its tile of every staged input
// (threadIdx.x along the input's rows), then computes the tile with threadIdx.x along columns. The
// passes over a thread's rows are unrolled and every global load comes before any use, so that a
// thread has all its loads in flight at once (outputs may alias inputs as far as the compiler knows).
std::string tiled_kernel_body(const ElementwiseSignature& signature, const IndexTypes& index) {
  const std::string unsigned_type = index.unsigned_;
  const std::string side = std::to_string(kTileSide);
  const std::string passes = std::to_string(kTileSide / kTileRowsPerPass);
  std::string tiles;
  std::string stage;
  std::string direct_declarations;
  std::string direct_loads;
  int k = 0;
  for (const ElementwiseOperand& operand : signature.operands) {
    if (operand.kind != ArgumentKind::array) continue;
    const std::string& name = operand.param->name;
    const std::string storage = type_name(operand.storage);
    if (is_staged(signature, k)) {
      tiles += "  __shared__ " + storage + " _tile_" + name + "[" + side + "][" + side + " + 1];\n";
      stage += "          _tile_" + name + "[_r][threadIdx.x] = _p_" + name + "[" + tile_offset(index, k) + "];\n";
    } else if (!operand.is_output) {
      direct_declarations += "    " + storage + " _in_" + name + "[" + passes + "];\n";
      direct_loads += "          _in_" + name + "[_pass] = _p_" + name + "[" + tile_offset(index, k) + "];\n";
    }
    ++k;
  }
  const auto pass_loop = [&](const std::string& row, const std::string& col) {
    return "#pragma unroll\n    for (int _pass = 0; _pass < " + passes + "; ++_pass) {\n"
           "      const unsigned _r = threadIdx.y + _pass * " + std::to_string(kTileRowsPerPass) + ";\n"
           "      const " + unsigned_type + " _row = " + row + ";\n      const " + unsigned_type + " _col = " + col +
           ";\n      if (_row < _rows && _col < _cols) {\n";
  };
  const auto value = [&](const ElementwiseOperand& operand, int operand_index) {
    return is_staged(signature, operand_index) ? "_tile_" + operand.param->name + "[threadIdx.x][_r]"
                                               : "_in_" + operand.param->name + "[_pass]";
  };
  const auto offset = [&](int operand_index) { return tile_offset(index, operand_index); };
  const std::string along_columns = pass_loop("_row0 + _r", "_col0 + threadIdx.x");
  return tiles + "  const " + unsigned_type + " _rows = (" + unsigned_type + ")_loop.shape[0];\n  const " +
         unsigned_type + " _cols = (" + unsigned_type + ")_loop.shape[1];\n  const " + unsigned_type + " _col0 = (" +
         unsigned_type + ")blockIdx.x * " + side + ";\n  for (" + unsigned_type + " _row0 = (" + unsigned_type +
         ")blockIdx.y * " + side + "; _row0 < _rows; _row0 += (" + unsigned_type + ")gridDim.y * " + side + ") {\n" +
         (signature.staged ? pass_loop("_row0 + threadIdx.x", "_col0 + _r") + stage + "      }\n    }\n    __syncthreads();\n"
                           : std::string()) +
         direct_declarations + along_columns + direct_loads + "      }\n    }\n" + along_columns +
         "        const long long i = (long long)_row * (long long)_cols + (long long)_col;\n        (void)i;\n" +
         element_body(signature, value, offset) + "      }\n    }\n" +
         (signature.staged ? "    __syncthreads();\n" : "") + "  }\n";
}

}  // namespace

std::string with_line_label(std::string_view code, std::string_view label) {
  return "#line 1 \"" + std::string(label) + "\"\n" + std::string(code) + "\n#line 1 \"generated\"\n";
}

std::string user_declarations(std::span<const std::pair<std::string, ga_dtype_t>> placeholders,
                              std::string_view preamble) {
  std::string declarations;
  for (const auto& [placeholder, dtype] : placeholders) {
    declarations += "typedef " + std::string(type_name(dtype)) + " " + placeholder + ";\n";
  }
  if (!preamble.empty()) declarations += with_line_label(preamble, "preamble");
  return declarations;
}

std::string raw_array_declaration() {
  return R"(template <typename T, int Rank, bool Contiguous>
struct ga_raw_array {
  T* data_;
  long long size_;
  long long shape_[Rank > 0 ? Rank : 1];
  long long strides_[Rank > 0 ? Rank : 1];
  __device__ long long size() const { return size_; }
  __device__ const long long* shape() const { return shape_; }
  __device__ T& operator[](long long index) const {
    if (Contiguous) return data_[index];
    long long offset = 0;
#pragma unroll
    for (int d = Rank - 1; d >= 0; --d) {
      offset += (index % shape_[d]) * strides_[d];
      index /= shape_[d];
    }
    return data_[offset];
  }
};
struct ga_indexer {
  long long size_;
  __device__ long long size() const { return size_; }
};
)";
}

std::string elementwise_kernel_source(const ElementwiseSignature& signature) {
  const IndexTypes index = index_types(signature.wide);
  const std::string per_thread = std::to_string(kElementwisePerThread);
  int array_operands = 0;
  std::string loads;
  std::string load_declarations;
  for (const ElementwiseOperand& operand : signature.operands) {
    if (operand.kind != ArgumentKind::array) continue;
    const std::string offset = signature.contiguous ? "_j" : "offset" + std::to_string(array_operands);
    if (!signature.contiguous) {
      load_declarations += std::string("    ") + index.offset + " _offset" + std::to_string(array_operands) +
                           "[" + per_thread + "];\n";
      loads += "        _offset" + std::to_string(array_operands) + "[_k] = " + offset + ";\n";
    }
    if (!operand.is_output) {
      const std::string name = operand.param->name;
      load_declarations += std::string("    ") + type_name(operand.storage) + " _in_" + name + "[" + per_thread + "];\n";
      loads += "        _in_" + name + "[_k] = _p_" + name + "[" + offset + "];\n";
    }
    ++array_operands;
  }
  const std::string offsets =
      signature.contiguous ? "" : offsets_for_linear_index(signature.rank, array_operands, signature.wide, "_j", "_loop");
  const std::string pass_loop = "#pragma unroll\n    for (int _k = 0; _k < " + per_thread + "; ++_k) {\n"
                                "      const " + std::string(index.unsigned_) + " _j = _base + (" + index.unsigned_ +
                                ")_k * blockDim.x;\n      if (_j < _size) {\n";
  std::string source = raw_array_declaration();
  if (needs_casts(signature.operands)) source += cast_functions_source();
  if (!signature.contiguous) source += loop_params_declaration(signature.rank, array_operands);
  source += user_declarations(signature.placeholders, signature.preamble);
  source += "extern \"C\" __global__ void " + std::string(signature.kernel_name) + "(" +
            kernel_parameters(signature, index) + ") {\n"
            "  const ga_indexer _ind{(long long)_size};\n  (void)_ind;\n";
  if (signature.tiled) return source + tiled_kernel_body(signature, index) + "}\n";
  source += std::string("  const ") + index.unsigned_ + " _per_block = (" + index.unsigned_ + ")blockDim.x * " + per_thread + ";\n"
            "  {\n    const " + index.unsigned_ + " _base = (" + index.unsigned_ +
            ")blockIdx.x * _per_block + threadIdx.x;\n" +
            load_declarations + pass_loop + offsets + loads + "      }\n    }\n" + pass_loop +
            "        const long long i = (long long)_j;\n        (void)i;\n" +
            element_body(
                signature,
                [](const ElementwiseOperand& operand, int) { return "_in_" + operand.param->name + "[_k]"; },
                [&](int k) { return signature.contiguous ? std::string("_j") : "_offset" + std::to_string(k) + "[_k]"; }) +
            "      }\n    }\n  }\n}\n";
  return source;
}

}  // namespace garray
