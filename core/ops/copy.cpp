#include "core/ops/copy.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/layout.hpp"
#include "core/array/overlap.hpp"
#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy_kernels.hpp"
#include "core/ops/launch.hpp"
#include "core/ops/loop_source.hpp"
#include "core/ops/strided_loop.hpp"
#include "core/runtime/device.hpp"

#include <algorithm>

namespace garray {

namespace {

constexpr int kThreads = 256;
// Below this extent a tile would be mostly empty and the strided kernel does better.
constexpr std::int64_t kMinTransposeExtent = 8;

// Threads a copy of `count` elements needs: each moves kElementsPerThread.
std::int64_t per_thread(std::int64_t count) { return (count + kElementsPerThread - 1) / kElementsPerThread; }

void launch_contiguous(const Array& source, const Array& destination, std::int64_t count,
                       const StreamRef& stream) {
  const bool wide = count > INT32_MAX;
  const GeneratedKernel& kernel = contiguous_copy_kernel(source.dtype(), destination.dtype(), wide);
  void* dst = destination.data();
  const void* src = source.data();
  std::int64_t n64 = count;
  auto n32 = static_cast<std::uint32_t>(count);
  void* arguments[] = {&dst, &src, wide ? static_cast<void*>(&n64) : static_cast<void*>(&n32)};
  launch_generated(kernel, grid_stride_blocks(per_thread(count), kThreads), kThreads,
                   stream, arguments);
}

void launch_strided(const Array& source, const Array& destination, const StridedLoop<2>& loop,
                    const StreamRef& stream) {
  const bool wide = !fits_32bit_indexing(loop);
  const GeneratedKernel& kernel =
      strided_copy_kernel(source.dtype(), destination.dtype(), loop.shape.size(), wide);
  void* dst = destination.data();
  const void* src = source.data();
  std::int64_t n64 = loop.size;
  auto n32 = static_cast<std::uint32_t>(loop.size);
  LoopParams<2> params = pack_loop_params(loop);
  void* arguments[] = {&dst, &src, wide ? static_cast<void*>(&n64) : static_cast<void*>(&n32),
                       params.words.data()};
  launch_generated(kernel, grid_stride_blocks(per_thread(loop.size), kThreads),
                   kThreads, stream, arguments);
}

// The dimension (other than the last) along which the source has unit stride, if the loop is a
// transpose worth tiling: destination unit-stride along the last dimension, source along another.
int transpose_row_dimension(const StridedLoop<2>& loop) {
  const int rank = loop.shape.size();
  if (rank < 2 || loop.strides[0][rank - 1] != 1 || loop.shape[rank - 1] < kMinTransposeExtent) {
    return -1;
  }
  for (int d = 0; d < rank - 1; ++d) {
    if (loop.strides[1][d] == 1 && loop.shape[d] >= kMinTransposeExtent) return d;
  }
  return -1;
}

void launch_transpose(const Array& source, const Array& destination, const StridedLoop<2>& loop,
                      int row_dimension, const StreamRef& stream) {
  const int column_dimension = loop.shape.size() - 1;
  StridedLoop<2> batch;
  for (int d = 0; d < column_dimension; ++d) {
    if (d == row_dimension) continue;
    batch.shape.push_back(loop.shape[d]);
    batch.strides[0].push_back(loop.strides[0][d]);
    batch.strides[1].push_back(loop.strides[1][d]);
    batch.size *= loop.shape[d];
  }
  const bool wide = !fits_32bit_indexing(loop);
  const GeneratedKernel& kernel =
      transpose_copy_kernel(source.dtype(), destination.dtype(), batch.shape.size(), wide);
  void* dst = destination.data();
  const void* src = source.data();
  LoopParams<2> params = pack_loop_params(batch);
  long long rows = loop.shape[row_dimension];
  long long columns = loop.shape[column_dimension];
  long long batch_count = batch.size;
  long long dst_row_stride = loop.strides[0][row_dimension];
  long long src_column_stride = loop.strides[1][column_dimension];
  void* arguments[] = {&dst, &src, params.words.data(), &rows, &columns, &batch_count,
                       &dst_row_stride, &src_column_stride};
  const long long tile = transpose_tile(source.dtype(), destination.dtype());
  auto tiles = [tile](long long extent, long long cap) {
    return static_cast<unsigned>(std::min((extent + tile - 1) / tile, cap));
  };
  const dim3 grid(tiles(columns, INT32_MAX), tiles(rows, 65535),
                  static_cast<unsigned>(std::min<long long>(batch_count, 65535)));
  launch_generated(kernel, grid, dim3(static_cast<unsigned>(tile), static_cast<unsigned>(kTransposeThreads / tile)),
                   stream, arguments);
}

}  // namespace

void copy_into(const Array& source, const Array& destination, const StreamRef& stream) {
  destination.require_writeable("destination");
  const Dims source_strides = broadcast_strides(source.shape(), source.strides(), destination.shape());
  if (destination.size() == 0) return;
  if (source.device() != destination.device() || stream->device() != destination.device()) {
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "source is on device " + std::to_string(source.device()) + ", destination on device " +
                    std::to_string(destination.device()) + " and the current device is " +
                    std::to_string(stream->device()) + "; make the arrays' device current, or copy "
                    "across devices with ga_array_copy_to_device");
  }
  if (may_share_memory(source, destination)) {
    if (source.data() == destination.data() && source.dtype() == destination.dtype() &&
        source_strides == destination.strides()) {
      return;
    }
    copy_into(copy_as(source, source.dtype(), GA_ORDER_K, stream), destination, stream);
    return;
  }
  const StridedLoop<2> loop =
      collapse_loop<2>(destination.shape(), {destination.strides(), source_strides});
  const bool unit_strides = loop.shape.size() == 0 ||
                            (loop.shape.size() == 1 && loop.strides[0][0] == 1 && loop.strides[1][0] == 1);
  if (unit_strides && source.dtype() == destination.dtype()) {
    check_cuda(cudaMemcpyAsync(destination.data(), source.data(), destination.nbytes(),
                               cudaMemcpyDeviceToDevice, stream->native()),
               "cudaMemcpyAsync");
    return;
  }
  if (unit_strides) {
    launch_contiguous(source, destination, loop.size, stream);
    return;
  }
  const int row_dimension = transpose_row_dimension(loop);
  if (row_dimension >= 0) {
    launch_transpose(source, destination, loop, row_dimension, stream);
    return;
  }
  launch_strided(source, destination, loop, stream);
}

Array copy_as(const Array& source, ga_dtype_t dtype, ga_order_t order, const StreamRef& stream) {
  const Dims strides = strides_for_order(source.shape(), source.strides(), source.is_c_contiguous(),
                                         source.is_f_contiguous(), order);
  Array result = Array::empty_strided(source.shape(), dtype, strides, stream);
  copy_into(source, result, stream);
  return result;
}

std::optional<Array> copy_unless_laid_out(const Array& source, ga_order_t order, DeferredStream stream) {
  const bool laid_out = order == GA_ORDER_C ? source.is_c_contiguous() : source.is_f_contiguous();
  if (source.ndim() > 0 && laid_out) return std::nullopt;
  Array result = copy_as(source, source.dtype(), order, stream.get());
  if (result.ndim() == 0) result = result.view(Dims{1}, Dims{1}, 0);
  return result;
}

}  // namespace garray
