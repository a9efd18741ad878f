#include "core/ops/fill.hpp"

#include "core/array/scalar.hpp"
#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/ops/fill_kernels.hpp"
#include "core/ops/launch.hpp"
#include "core/ops/loop_source.hpp"
#include "core/ops/strided_loop.hpp"

#include <algorithm>
#include <string>

namespace garray {

namespace {

constexpr int kThreads = 256;

}  // namespace

void fill(const Array& destination, const ga_scalar_t& value, const StreamRef& stream) {
  destination.require_writeable("destination");
  ElementBytes element = scalar_to_element(value, destination.dtype());
  if (destination.size() == 0) return;
  if (stream->device() != destination.device()) {
    throw Error(GA_ERROR_INVALID_ARGUMENT, "the array is on device " + std::to_string(destination.device()) +
                                               " but the current device is " + std::to_string(stream->device()));
  }
  const StridedLoop<1> loop = collapse_loop<1>(destination.shape(), {destination.strides()});
  const bool contiguous = loop.shape.size() == 0 || (loop.shape.size() == 1 && loop.strides[0][0] == 1);
  const std::size_t itemsize = destination.itemsize();
  const bool uniform_bytes =
      std::all_of(element.begin(), element.begin() + static_cast<std::ptrdiff_t>(itemsize),
                  [&](unsigned char byte) { return byte == element[0]; });
  if (contiguous && uniform_bytes) {
    check_cuda(cudaMemsetAsync(destination.data(), element[0], destination.nbytes(), stream->native()),
               "cudaMemsetAsync");
    return;
  }
  const bool wide = !fits_32bit_indexing(loop);
  std::int64_t n64 = loop.size;
  auto n32 = static_cast<std::uint32_t>(loop.size);
  void* count = wide ? static_cast<void*>(&n64) : static_cast<void*>(&n32);
  void* dst = destination.data();
  const unsigned blocks = grid_stride_blocks(loop.size, kThreads);
  if (contiguous) {
    void* arguments[] = {&dst, count, element.data()};
    launch_generated(contiguous_fill_kernel(destination.dtype(), wide), blocks, kThreads, stream, arguments);
    return;
  }
  LoopParams<1> params = pack_loop_params(loop);
  void* arguments[] = {&dst, count, params.words.data(), element.data()};
  launch_generated(strided_fill_kernel(destination.dtype(), loop.shape.size(), wide), blocks, kThreads,
                   stream, arguments);
}

}  // namespace garray
