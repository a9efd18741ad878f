// CUB's single-pass inclusive sum (DeviceScan::InclusiveSum), compiled ahead with nvcc for the
// 32- and 64-bit integers and floats. A plain running sum of one contiguous row takes it rather
// than the generated tile scan: CUB's tuned tiles and look-back read and write 2^28 float32 at
// 82% of the copy rate on an H100, the tile scan at 72% (bench/NOTES.md).
#pragma once

#include <garray/base.h>

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace garray::cub_sum {

// Whether inclusive_sum() takes values of `dtype`: int32, uint32, int64, uint64, float32, float64.
bool supports(ga_dtype_t dtype);

// Bytes of the scratch inclusive_sum() needs for `count` values of `dtype`.
std::size_t temp_bytes(ga_dtype_t dtype, std::int64_t count);

// out[i] = in[0] + ... + in[i] for i < count, in and out of `dtype` (out may be in), queued on
// `stream`. Integers wrap as NumPy's do; float sums group as CUB's tiles do.
void inclusive_sum(ga_dtype_t dtype, const void* in, void* out, std::int64_t count, void* temp, std::size_t temp_bytes,
                   cudaStream_t stream);

}  // namespace garray::cub_sum
