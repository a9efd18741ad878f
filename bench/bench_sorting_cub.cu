// The floor of bench_sorting: CUB's radix sort called directly on float keys (CUB's own float key
// transform), so the table shows what garray's key mapping and launches add on top.
#include <cub/device/device_radix_sort.cuh>

#include <cstdint>

#include "bench_sorting_cub.hpp"

namespace bench {

cudaError_t cub_sort_floats(const float* keys_in, float* keys_out, std::int64_t count, void* temp,
                            std::size_t& temp_bytes) {
  return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, keys_in, keys_out, count);
}

cudaError_t cub_sort_float_pairs(const float* keys_in, float* keys_out, const std::int64_t* values_in,
                                 std::int64_t* values_out, std::int64_t count, void* temp, std::size_t& temp_bytes) {
  return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys_in, keys_out, values_in, values_out, count);
}

}  // namespace bench
