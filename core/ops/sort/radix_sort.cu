// CUB's onesweep radix sort, instantiated for the few types garray sorts through:
// 32- and 64-bit unsigned keys, alone or with int64 values. Every dtype reaches these through an
// order-preserving key (key_kernels.cu), which keeps the ahead-compiled code small.
#include "core/ops/sort/sort_primitives.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"

#include <cub/device/device_radix_sort.cuh>

#include <string>

namespace garray::sort_primitives {

namespace {

template <class Key>
cudaError_t sort_with_cub(const SortBuffers& buffers, std::int64_t count, int begin_bit, int end_bit, void* temp,
                          std::size_t& temp_bytes, cudaStream_t stream, int& selector) {
  cub::DoubleBuffer<Key> keys(static_cast<Key*>(buffers.keys[0]), static_cast<Key*>(buffers.keys[1]));
  cudaError_t code;
  if (buffers.values[0] != nullptr) {
    cub::DoubleBuffer<std::int64_t> values(buffers.values[0], buffers.values[1]);
    code = cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys, values, count, begin_bit, end_bit, stream);
  } else {
    code = cub::DeviceRadixSort::SortKeys(temp, temp_bytes, keys, count, begin_bit, end_bit, stream);
  }
  selector = keys.selector;
  return code;
}

void require_key_bytes(int key_bytes) {
  GA_REQUIRE(key_bytes == 4 || key_bytes == 8, GA_ERROR_INTERNAL,
             "radix sort keys are 4 or 8 bytes, not " + std::to_string(key_bytes));
}

}  // namespace

std::size_t radix_sort_temp_bytes(int key_bytes, bool with_values, std::int64_t count) {
  require_key_bytes(key_bytes);
  // CUB sizes its scratch without touching the buffers; non-null placeholders pick the variant.
  std::int64_t placeholder = 0;
  const SortBuffers buffers{{nullptr, nullptr}, {with_values ? &placeholder : nullptr, nullptr}};
  std::size_t bytes = 0;
  int selector = 0;
  const int end_bit = key_bytes * 8;
  check_cuda(key_bytes == 4 ? sort_with_cub<std::uint32_t>(buffers, count, 0, end_bit, nullptr, bytes, 0, selector)
                            : sort_with_cub<std::uint64_t>(buffers, count, 0, end_bit, nullptr, bytes, 0, selector),
             "cub::DeviceRadixSort (scratch size)");
  return bytes;
}

int radix_sort(int key_bytes, const SortBuffers& buffers, std::int64_t count, int begin_bit, int end_bit, void* temp,
               std::size_t temp_bytes, cudaStream_t stream) {
  require_key_bytes(key_bytes);
  int selector = 0;
  check_cuda(key_bytes == 4
                 ? sort_with_cub<std::uint32_t>(buffers, count, begin_bit, end_bit, temp, temp_bytes, stream, selector)
                 : sort_with_cub<std::uint64_t>(buffers, count, begin_bit, end_bit, temp, temp_bytes, stream, selector),
             "cub::DeviceRadixSort");
  return selector;
}

// CUB's overload with a read-only input shares the DoubleBuffer one's kernels: it only asks for an
// alternate buffer inside the scratch.
template <class Key>
cudaError_t sort_copy_with_cub(const void* in, void* out, std::int64_t count, void* temp, std::size_t& temp_bytes,
                               cudaStream_t stream) {
  return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, static_cast<const Key*>(in), static_cast<Key*>(out), count,
                                        0, static_cast<int>(sizeof(Key) * 8), stream);
}

std::size_t radix_sort_copy_temp_bytes(int key_bytes, std::int64_t count) {
  require_key_bytes(key_bytes);
  std::size_t bytes = 0;
  check_cuda(key_bytes == 4 ? sort_copy_with_cub<std::uint32_t>(nullptr, nullptr, count, nullptr, bytes, 0)
                            : sort_copy_with_cub<std::uint64_t>(nullptr, nullptr, count, nullptr, bytes, 0),
             "cub::DeviceRadixSort (scratch size)");
  return bytes;
}

void radix_sort_copy(int key_bytes, const void* in, void* out, std::int64_t count, void* temp, std::size_t temp_bytes,
                     cudaStream_t stream) {
  require_key_bytes(key_bytes);
  check_cuda(key_bytes == 4 ? sort_copy_with_cub<std::uint32_t>(in, out, count, temp, temp_bytes, stream)
                            : sort_copy_with_cub<std::uint64_t>(in, out, count, temp, temp_bytes, stream),
             "cub::DeviceRadixSort");
}

}  // namespace garray::sort_primitives
