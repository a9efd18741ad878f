#include "core/interop/host_upload.hpp"

#include "core/array/layout.hpp"
#include "core/common/cuda_check.hpp"
#include "core/runtime/stream.hpp"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstring>
#include <vector>

namespace garray {

namespace {

// The view's elements in row-major order, one after another.
std::vector<std::byte> gather_row_major(const std::byte* first_element, const Dims& shape,
                                        const Dims& strides, std::size_t itemsize, std::size_t nbytes) {
  std::vector<std::byte> compact(nbytes);
  const int ndim = shape.size();
  Dims index = Dims::filled(ndim, 0);
  std::int64_t element = 0;  // offset of the current element from the first, in elements
  for (std::size_t offset = 0; offset < nbytes; offset += itemsize) {
    std::memcpy(compact.data() + offset, first_element + element * static_cast<std::int64_t>(itemsize),
                itemsize);
    // Advance the index like an odometer: the last axis fastest, carrying into earlier ones.
    for (int axis = ndim - 1; axis >= 0; --axis) {
      element += strides[axis];
      if (++index[axis] < shape[axis]) break;
      element -= shape[axis] * strides[axis];
      index[axis] = 0;
    }
  }
  return compact;
}

}  // namespace

Array upload_host_view(const void* first_element, ga_dtype_t dtype, const Dims& shape, const Dims& strides,
                       const StreamRef& stream) {
  Array copy = Array::empty(shape, dtype, GA_ORDER_C, stream);
  if (copy.nbytes() == 0) return copy;
  std::vector<std::byte> staging;
  const void* source = first_element;
  if (!is_c_contiguous(shape, strides)) {
    staging = gather_row_major(static_cast<const std::byte*>(first_element), shape, strides,
                               copy.itemsize(), copy.nbytes());
    source = staging.data();
  }
  // On the stream the memory was allocated on, which orders the copy after the allocation; the wait
  // lets the caller free the host memory, which a copy from pageable memory may still be reading.
  check_cuda(cudaMemcpyAsync(copy.data(), source, copy.nbytes(), cudaMemcpyHostToDevice, stream->native()),
             "cudaMemcpyAsync");
  stream->synchronize();
  return copy;
}

}  // namespace garray
