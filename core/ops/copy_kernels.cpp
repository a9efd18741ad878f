#include "core/ops/copy_kernels.hpp"

#include "core/array/dtype.hpp"
#include "core/ops/cast_source.hpp"
#include "core/ops/loop_source.hpp"

namespace garray {

namespace {

// Kernel names carry every parameter of the source so that a launch never mixes them up.
std::string kernel_name(const char* family, ga_dtype_t source, ga_dtype_t destination, int rank,
                        bool wide) {
  return std::string("ga_") + family + "_" + dtype_info(source).name + "_to_" +
         dtype_info(destination).name + "_r" + std::to_string(rank) + (wide ? "_i64" : "_i32");
}

std::string typedefs(ga_dtype_t source, ga_dtype_t destination, bool wide) {
  const IndexTypes types = index_types(wide);
  return std::string("typedef ") + dtype_info(source).kernel_type + " Src;\ntypedef " +
         dtype_info(destination).kernel_type + " Dst;\ntypedef " + types.offset +
         " Offset;\ntypedef " + types.unsigned_ + " Index;\n" + cast_functions_source();
}

}  // namespace

GeneratedKernel contiguous_copy_kernel(ga_dtype_t source, ga_dtype_t destination, bool wide) {
  GeneratedKernel kernel;
  kernel.name = kernel_name("copy_contiguous", source, destination, 1, wide);
  kernel.source = typedefs(source, destination, wide) + "extern \"C\" __global__ void " + kernel.name +
                  "(Dst* __restrict__ dst, const Src* __restrict__ src, Index n) {\n"
                  "  const Index stride = (Index)gridDim.x * blockDim.x;\n"
                  "  for (Index i = (Index)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {\n"
                  "    const Src value = src[i];\n"
                  "    dst[i] = " + cast_expression(source, destination, "value") + ";\n"
                  "  }\n}\n";
  return kernel;
}

GeneratedKernel strided_copy_kernel(ga_dtype_t source, ga_dtype_t destination, int rank, bool wide) {
  GeneratedKernel kernel;
  kernel.name = kernel_name("copy_strided", source, destination, rank, wide);
  kernel.source = typedefs(source, destination, wide) + loop_params_declaration(rank, 2) +
                  "extern \"C\" __global__ void " + kernel.name +
                  "(Dst* __restrict__ dst, const Src* __restrict__ src, Index n, ga_loop_params params) {\n"
                  "  const Index stride = (Index)gridDim.x * blockDim.x;\n"
                  "  for (Index i = (Index)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {\n" +
                  offsets_for_linear_index(rank, 2, wide, "i", "params") +
                  "    const Src value = src[offset1];\n"
                  "    dst[offset0] = " + cast_expression(source, destination, "value") + ";\n"
                  "  }\n}\n";
  return kernel;
}

GeneratedKernel transpose_copy_kernel(ga_dtype_t source, ga_dtype_t destination, int batch_rank,
                                      bool wide) {
  const std::string tile = std::to_string(kTransposeTile);
  const std::string rows_per_pass = std::to_string(kTransposeRowsPerPass);
  GeneratedKernel kernel;
  kernel.name = kernel_name("copy_transpose", source, destination, batch_rank, wide);
  // The tile holds destination values, so the cast happens once on the way in; the padding column
  // keeps the column-wise reads free of shared-memory bank conflicts.
  kernel.source =
      typedefs(source, destination, wide) + loop_params_declaration(batch_rank, 2) +
      "extern \"C\" __global__ void " + kernel.name +
      "(Dst* __restrict__ dst, const Src* __restrict__ src, ga_loop_params batch,\n"
      "    long long rows, long long columns, long long batch_count,\n"
      "    long long dst_row_stride, long long src_column_stride) {\n"
      "  __shared__ Dst tile[" + tile + "][" + tile + " + 1];\n"
      "  for (long long b = blockIdx.z; b < batch_count; b += gridDim.z) {\n"
      "    const Index linear = (Index)b;\n" +
      offsets_for_linear_index(batch_rank, 2, wide, "linear", "batch") +
      "    for (long long row0 = (long long)blockIdx.y * " + tile + "; row0 < rows; row0 += (long long)gridDim.y * " + tile + ") {\n"
      "      for (long long column0 = (long long)blockIdx.x * " + tile + "; column0 < columns; column0 += (long long)gridDim.x * " + tile + ") {\n"
      "        const long long row = row0 + threadIdx.x;\n"
      "        for (int k = threadIdx.y; k < " + tile + "; k += " + rows_per_pass + ") {\n"
      "          const long long column = column0 + k;\n"
      "          if (row < rows && column < columns) {\n"
      "            const Src value = src[offset1 + (Offset)row + (Offset)column * (Offset)src_column_stride];\n"
      "            tile[k][threadIdx.x] = " + cast_expression(source, destination, "value") + ";\n"
      "          }\n"
      "        }\n"
      "        __syncthreads();\n"
      "        const long long column = column0 + threadIdx.x;\n"
      "        for (int k = threadIdx.y; k < " + tile + "; k += " + rows_per_pass + ") {\n"
      "          const long long out_row = row0 + k;\n"
      "          if (out_row < rows && column < columns) {\n"
      "            dst[offset0 + (Offset)out_row * (Offset)dst_row_stride + (Offset)column] = tile[threadIdx.x][k];\n"
      "          }\n"
      "        }\n"
      "        __syncthreads();\n"
      "      }\n"
      "    }\n"
      "  }\n}\n";
  return kernel;
}

}  // namespace garray
