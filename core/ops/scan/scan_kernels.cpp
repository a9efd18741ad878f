#include "core/ops/scan/scan_kernels.hpp"

#include "core/array/dtype.hpp"
#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/memory/device_allocation.hpp"
#include "core/ops/launch.hpp"
#include "core/ops/loop_source.hpp"
#include "core/ops/scan/cub_sum.hpp"
#include "core/ops/scan/named_kernel_memo.hpp"
#include "core/ops/strided_loop.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace garray {

namespace {

std::string types_suffix(const ScanTypes& types) {
  return std::string(dtype_info(types.input).name) + "_" + dtype_info(types.scan).name + "_" +
         dtype_info(types.output).name;
}

bool aligned_to(const void* pointer, std::size_t bytes) {
  return reinterpret_cast<std::uintptr_t>(pointer) % bytes == 0;
}

constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();

// An index argument of the kernel's width.
struct IndexArgument {
  std::int64_t wide_value;
  std::uint32_t narrow_value;
  IndexArgument(std::int64_t value, bool wide) : wide_value(value), narrow_value(static_cast<std::uint32_t>(value)) {
    pointer = wide ? static_cast<void*>(&wide_value) : static_cast<void*>(&narrow_value);
  }
  IndexArgument(const IndexArgument&) = delete;
  IndexArgument& operator=(const IndexArgument&) = delete;
  void* pointer;
};

}  // namespace

const GeneratedKernel& tile_scan_kernel(const ScanTypes& types, const ScanOperation& operation,
                                        const TileScanShape& shape) {
  const std::string name = "ga_scan_tile_" + operation.key + "_" + types_suffix(types) + "_w" +
                           std::to_string(shape.width) + "v" + std::to_string(shape.vectors) +
                           (shape.segmented ? "_rows" : "") + (shape.wide ? "_i64" : "_i32");
  return memoized_named_kernel(name, [&] {
    GeneratedKernel kernel;
    kernel.name = name;
    kernel.source = tile_scan_source(types, operation, shape, name);
    return kernel;
  });
}

const GeneratedKernel& line_scan_kernel(const ScanTypes& types, const ScanOperation& operation, int rank, bool wide) {
  const std::string name = "ga_scan_lines_" + operation.key + "_" + types_suffix(types) + "_r" + std::to_string(rank) +
                           (wide ? "_i64" : "_i32");
  return memoized_named_kernel(name, [&] {
    GeneratedKernel kernel;
    kernel.name = name;
    kernel.source = line_scan_source(types, operation, rank, wide, name);
    return kernel;
  });
}

Array zeroed_scratch(std::int64_t bytes, const StreamRef& stream) {
  Array scratch = Array::empty(Dims{std::max<std::int64_t>(bytes, 1)}, GA_UINT8, GA_ORDER_C, stream);
  check_cuda(cudaMemsetAsync(scratch.data(), 0, scratch.nbytes(), stream->native()), "cudaMemsetAsync");
  return scratch;
}

void launch_tile_scan(const Array& input, const Array& output, std::int64_t segment, ga_dtype_t scan_dtype,
                      const ScanOperation& operation, const StreamRef& stream) {
  const ScanTypes types{input.dtype(), scan_dtype, output.dtype()};
  const std::int64_t n = input.size();
  if (operation.plain_sum && segment == n && types.input == scan_dtype && types.output == scan_dtype &&
      cub_sum::supports(scan_dtype)) {
    const std::size_t temp_bytes = cub_sum::temp_bytes(scan_dtype, n);
    const DeviceAllocation temp = allocate_device(temp_bytes, stream);
    cub_sum::inclusive_sum(scan_dtype, input.data(), output.data(), n, temp.data(), temp_bytes, stream->native());
    return;
  }
  const TileScanShape widest = tile_scan_shape(types, true, segment < n, false);
  const bool aligned =
      aligned_to(input.data(), widest.width * input.itemsize()) &&
      aligned_to(output.data(), std::min<std::size_t>(16, widest.width * output.itemsize()));
  TileScanShape shape = tile_scan_shape(types, aligned, segment < n, false);
  shape.wide = n > kInt32Max - shape.tile();
  const std::int64_t tiles = (n + shape.tile() - 1) / shape.tile();
  GA_REQUIRE(tiles <= kInt32Max, GA_ERROR_UNSUPPORTED, "scan of " + std::to_string(n) + " elements: too many tiles");
  const Array status = zeroed_scratch(look_back_scratch_bytes(tiles, dtype_info(scan_dtype).itemsize), stream);
  const void* in = input.data();
  void* out = output.data();
  void* status_words = status.data();
  IndexArgument count(n, shape.wide);
  IndexArgument rows(segment, shape.wide);
  void* arguments[] = {&in, &out, count.pointer, rows.pointer, &status_words};
  launch_generated(tile_scan_kernel(types, operation, shape), dim3(static_cast<unsigned>(tiles)), dim3(kScanThreads),
                   stream, arguments);
}

void launch_line_scan(const Array& input, const Array& output, int axis, ga_dtype_t scan_dtype,
                      const ScanOperation& operation, const StreamRef& stream) {
  const ScanTypes types{input.dtype(), scan_dtype, output.dtype()};
  const std::int64_t length = input.shape()[axis];
  Dims line_shape = input.shape();
  Dims out_strides = output.strides();
  Dims in_strides = input.strides();
  line_shape.erase(axis);
  out_strides.erase(axis);
  in_strides.erase(axis);
  const StridedLoop<2> lines = collapse_loop<2>(line_shape, {out_strides, in_strides});
  const StridedLoop<2> whole = collapse_loop<2>(input.shape(), {output.strides(), input.strides()}, LoopOrder::c_order);
  const bool wide = !fits_32bit_indexing(whole);
  const int rank = lines.shape.size();
  LoopParams<2> params = pack_loop_params(lines);
  const void* in = input.data();
  void* out = output.data();
  IndexArgument line_count(lines.size, wide);
  IndexArgument extent(length, wide);
  long long in_stride = input.strides()[axis];
  long long out_stride = output.strides()[axis];
  void* arguments[] = {&in, &out, line_count.pointer, extent.pointer, &in_stride, &out_stride, params.words.data()};
  constexpr int kThreads = 128;
  const std::int64_t blocks = std::min<std::int64_t>((lines.size + kThreads - 1) / kThreads, 1 << 20);
  launch_generated(line_scan_kernel(types, operation, rank, wide), dim3(static_cast<unsigned>(blocks)), dim3(kThreads),
                   stream, arguments);
}

}  // namespace garray
