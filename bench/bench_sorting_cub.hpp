// CUB called directly on float keys, the floor bench_sorting compares garray with. Two-phase as
// CUB: a null `temp` only sets temp_bytes.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace bench {

cudaError_t cub_sort_floats(const float* keys_in, float* keys_out, std::int64_t count, void* temp,
                            std::size_t& temp_bytes);

cudaError_t cub_sort_float_pairs(const float* keys_in, float* keys_out, const std::int64_t* values_in,
                                 std::int64_t* values_out, std::int64_t count, void* temp, std::size_t& temp_bytes);

}  // namespace bench
