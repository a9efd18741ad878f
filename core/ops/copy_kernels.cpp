#include "core/ops/copy_kernels.hpp"

#include "core/array/dtype.hpp"
#include "core/ops/cast_source.hpp"
#include "core/ops/kernel_memo.hpp"
#include "core/ops/loop_source.hpp"

#include <algorithm>

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

// Opens the pass loop of a thread moving kElementsPerThread elements, strided by the block size so
// that each of its loads is coalesced across the warp, and the load loop over them (index `i`).
std::string unrolled_loop_head() {
  const std::string unroll = std::to_string(kElementsPerThread);
  return "  const Index per_block = (Index)blockDim.x * " + unroll + ";\n"
         "  for (Index base = (Index)blockIdx.x * per_block + threadIdx.x; base < n;\n"
         "       base += (Index)gridDim.x * per_block) {\n"
         "    Src values[" + unroll + "];\n"
         "    Offset destination_offsets[" + unroll + "];\n"
         "    (void)destination_offsets;\n"
         "#pragma unroll\n"
         "    for (int k = 0; k < " + unroll + "; ++k) {\n"
         "      const Index i = base + (Index)k * blockDim.x;\n";
}

// The store loop that follows the loads (index `i` again).
std::string unrolled_store_head() {
  return "#pragma unroll\n"
         "    for (int k = 0; k < " + std::to_string(kElementsPerThread) + "; ++k) {\n"
         "      const Index i = base + (Index)k * blockDim.x;\n";
}

GeneratedKernel generate_contiguous_copy(ga_dtype_t source, ga_dtype_t destination, bool wide) {
  GeneratedKernel kernel;
  kernel.name = kernel_name("copy_contiguous", source, destination, 1, wide);
  kernel.source = typedefs(source, destination, wide) + "extern \"C\" __global__ void " + kernel.name +
                  "(Dst* __restrict__ dst, const Src* __restrict__ src, Index n) {\n" +
                  unrolled_loop_head() +
                  "      if (i < n) values[k] = src[i];\n"
                  "    }\n" + unrolled_store_head() +
                  "      if (i < n) dst[i] = " + cast_expression(source, destination, "values[k]") + ";\n"
                  "    }\n  }\n}\n";
  return kernel;
}

GeneratedKernel generate_strided_copy(ga_dtype_t source, ga_dtype_t destination, int rank, bool wide) {
  GeneratedKernel kernel;
  kernel.name = kernel_name("copy_strided", source, destination, rank, wide);
  kernel.source = typedefs(source, destination, wide) + loop_params_declaration(rank, 2) +
                  "extern \"C\" __global__ void " + kernel.name +
                  "(Dst* __restrict__ dst, const Src* __restrict__ src, Index n, ga_loop_params params) {\n" +
                  unrolled_loop_head() + "      Offset destination_offsets_k = 0;\n"
                  "      if (i < n) {\n" + offsets_for_linear_index(rank, 2, wide, "i", "params") +
                  "        values[k] = src[offset1];\n"
                  "        destination_offsets_k = offset0;\n"
                  "      }\n"
                  "      destination_offsets[k] = destination_offsets_k;\n"
                  "    }\n" + unrolled_store_head() +
                  "      if (i < n) dst[destination_offsets[k]] = " +
                  cast_expression(source, destination, "values[k]") + ";\n"
                  "    }\n  }\n}\n";
  return kernel;
}

GeneratedKernel generate_transpose_copy(ga_dtype_t source, ga_dtype_t destination, int batch_rank,
                                        bool wide) {
  const int edge = transpose_tile(source, destination);
  const std::string tile = std::to_string(edge);
  const std::string rows_per_pass = std::to_string(kTransposeThreads / edge);
  GeneratedKernel kernel;
  kernel.name = kernel_name("copy_transpose", source, destination, batch_rank, wide);
  // The tile holds destination values, so the cast happens once on the way in; the padding column
  // keeps the column-wise reads free of shared-memory bank conflicts. Index arithmetic stays in the
  // kernel's index width, and the passes over a tile unroll. Blocks take their column of tiles
  // along a diagonal ((x + y) mod width, still one tile each) so that blocks running together do
  // not all stride through the same memory partitions, as they would on power-of-two extents.
  kernel.source =
      typedefs(source, destination, wide) + loop_params_declaration(batch_rank, 2) +
      "extern \"C\" __global__ void " + kernel.name +
      "(Dst* __restrict__ dst, const Src* __restrict__ src, ga_loop_params batch,\n"
      "    long long row_count, long long column_count, long long batch_count,\n"
      "    long long dst_row_stride_, long long src_column_stride_) {\n"
      "  __shared__ Dst tile[" + tile + "][" + tile + " + 1];\n"
      "  const Index rows = (Index)row_count;\n"
      "  const Index columns = (Index)column_count;\n"
      "  const Offset dst_row_stride = (Offset)dst_row_stride_;\n"
      "  const Offset src_column_stride = (Offset)src_column_stride_;\n"
      "  for (Index b = blockIdx.z; b < (Index)batch_count; b += gridDim.z) {\n" +
      offsets_for_linear_index(batch_rank, 2, wide, "b", "batch") +
      "    for (Index row0 = (Index)blockIdx.y * " + tile + "; row0 < rows; row0 += (Index)gridDim.y * " + tile + ") {\n"
      "      for (Index column0 = (Index)((blockIdx.x + blockIdx.y) % gridDim.x) * " + tile + "; column0 < columns; column0 += (Index)gridDim.x * " + tile + ") {\n"
      "        const Index row = row0 + threadIdx.x;\n"
      "#pragma unroll\n"
      "        for (int pass = 0; pass < " + tile + "; pass += " + rows_per_pass + ") {\n"
      "          const Index column = column0 + threadIdx.y + pass;\n"
      "          if (row < rows && column < columns) {\n"
      "            const Src value = src[offset1 + (Offset)row + (Offset)column * src_column_stride];\n"
      "            tile[threadIdx.y + pass][threadIdx.x] = " + cast_expression(source, destination, "value") + ";\n"
      "          }\n"
      "        }\n"
      "        __syncthreads();\n"
      "        const Index column = column0 + threadIdx.x;\n"
      "#pragma unroll\n"
      "        for (int pass = 0; pass < " + tile + "; pass += " + rows_per_pass + ") {\n"
      "          const Index out_row = row0 + threadIdx.y + pass;\n"
      "          if (out_row < rows && column < columns) {\n"
      "            dst[offset0 + (Offset)out_row * dst_row_stride + (Offset)column] = tile[threadIdx.x][threadIdx.y + pass];\n"
      "          }\n"
      "        }\n"
      "        __syncthreads();\n"
      "      }\n"
      "    }\n"
      "  }\n}\n";
  return kernel;
}

}  // namespace

int transpose_tile(ga_dtype_t source, ga_dtype_t destination) {
  return std::max(dtype_info(source).itemsize, dtype_info(destination).itemsize) <= 4 ? 64 : 32;
}

const GeneratedKernel& contiguous_copy_kernel(ga_dtype_t source, ga_dtype_t destination, bool wide) {
  return memoized_kernel({KernelFamily::copy_contiguous, source, destination, 1, wide},
                         [&] { return generate_contiguous_copy(source, destination, wide); });
}

const GeneratedKernel& strided_copy_kernel(ga_dtype_t source, ga_dtype_t destination, int rank, bool wide) {
  return memoized_kernel({KernelFamily::copy_strided, source, destination, rank, wide},
                         [&] { return generate_strided_copy(source, destination, rank, wide); });
}

const GeneratedKernel& transpose_copy_kernel(ga_dtype_t source, ga_dtype_t destination, int batch_rank,
                                             bool wide) {
  return memoized_kernel({KernelFamily::copy_transpose, source, destination, batch_rank, wide},
                         [&] { return generate_transpose_copy(source, destination, batch_rank, wide); });
}

}  // namespace garray
