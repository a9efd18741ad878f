#include "core/ops/loop_source.hpp"

namespace garray {

IndexTypes index_types(bool wide) {
  return wide ? IndexTypes{"long long", "unsigned long long"} : IndexTypes{"int", "unsigned int"};
}

std::string loop_params_declaration(int rank, int operands, const char* name) {
  const int extent = rank > 0 ? rank : 1;  // zero-length arrays are not valid C++
  return "struct " + std::string(name) + " {\n  long long shape[" + std::to_string(extent) +
         "];\n  long long strides[" + std::to_string(operands) + "][" + std::to_string(extent) +
         "];\n};\n";
}

std::string offsets_for_linear_index(int rank, int operands, bool wide, const std::string& linear,
                                     const std::string& params) {
  const IndexTypes types = index_types(wide);
  std::string code;
  for (int k = 0; k < operands; ++k) {
    code += "    " + std::string(types.offset) + " offset" + std::to_string(k) + " = 0;\n";
  }
  if (rank == 0) return code;
  code += "    " + std::string(types.unsigned_) + " rest = " + linear + ";\n";
  // The outermost dimension takes what is left of the index without a division: a valid linear
  // index is below the loop's size, so `rest` is already its coordinate there.
  if (rank > 1) {
    code += "#pragma unroll\n    for (int d = " + std::to_string(rank - 1) + "; d >= 1; --d) {\n";
    code += "      const " + std::string(types.unsigned_) + " extent = (" + types.unsigned_ + ")" + params +
            ".shape[d];\n";
    code += "      const " + std::string(types.unsigned_) + " coordinate = rest % extent;\n";
    code += "      rest /= extent;\n";
    for (int k = 0; k < operands; ++k) {
      code += "      offset" + std::to_string(k) + " += (" + types.offset + ")coordinate * (" + types.offset + ")" +
              params + ".strides[" + std::to_string(k) + "][d];\n";
    }
    code += "    }\n";
  }
  for (int k = 0; k < operands; ++k) {
    code += "    offset" + std::to_string(k) + " += (" + types.offset + ")rest * (" + types.offset + ")" + params +
            ".strides[" + std::to_string(k) + "][0];\n";
  }
  return code;
}

template <int Operands>
LoopParams<Operands> pack_loop_params(const StridedLoop<Operands>& loop) {
  LoopParams<Operands> params;
  const int rank = loop.shape.size();
  const int extent = rank > 0 ? rank : 1;
  for (int d = 0; d < rank; ++d) params.words[d] = loop.shape[d];
  for (int k = 0; k < Operands; ++k) {
    for (int d = 0; d < rank; ++d) params.words[extent * (k + 1) + d] = loop.strides[k][d];
  }
  return params;
}

template LoopParams<1> pack_loop_params<1>(const StridedLoop<1>&);
template LoopParams<2> pack_loop_params<2>(const StridedLoop<2>&);
template LoopParams<kMaxLoopOperands> pack_loop_params<kMaxLoopOperands>(const StridedLoop<kMaxLoopOperands>&);

}  // namespace garray
