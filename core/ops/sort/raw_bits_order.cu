// NumPy's order from the unsigned order of raw bits (sort_primitives.hpp, "Sorting raw bits").
#include "core/ops/sort/sort_launch.cuh"
#include "core/ops/sort/sort_primitives.hpp"

namespace garray::sort_primitives {

using namespace detail;

namespace {

constexpr int kSearchThreads = 1024;

// boundaries[blockIdx.x] = the first position of `sorted` whose bits are not below the block's
// target. One block per target: each round samples the remaining range at blockDim.x evenly spaced
// positions and keeps the gap that holds the answer, so 2^26 keys take three rounds of loads.
template <class Bits>
__global__ void lower_bounds_kernel(const Bits* sorted, std::int64_t count, Bits first_target, Bits second_target,
                                    std::int64_t* boundaries) {
  const Bits target = blockIdx.x == 0 ? first_target : second_target;
  std::int64_t low = 0;
  std::int64_t high = count;
  while (low < high) {
    const std::int64_t stride = (high - low + blockDim.x - 1) / blockDim.x;
    const std::int64_t position = low + static_cast<std::int64_t>(threadIdx.x) * stride;
    const std::int64_t below = __syncthreads_count(position < high && sorted[position] < target);
    if (below == 0) break;
    const std::int64_t first_not_below = low + below * stride;
    low += (below - 1) * stride + 1;
    high = first_not_below < high ? first_not_below : high;
  }
  if (threadIdx.x == 0) boundaries[blockIdx.x] = low;
}

// Signed integers: [negatives ascending][non-negatives] from [non-negatives][negatives].
// Floats: [negatives reversed][+0 .. +inf, +NaN][-NaN] from [+0 .. +NaN][-0 .. -inf][-NaN].
template <class Bits, bool floating>
__global__ void order_kernel(const Bits* sorted, Bits* out, std::int64_t count, const std::int64_t* boundaries) {
  const std::int64_t negatives_begin = boundaries[0];
  const std::int64_t negatives_end = floating ? boundaries[1] : count;
  const std::int64_t negatives = negatives_end - negatives_begin;
  GA_GRID_STRIDE_LOOP(i, count) {
    if (i < negatives) {
      out[i] = floating ? sorted[negatives_end - 1 - i] : sorted[negatives_begin + i];
    } else {
      out[i] = sorted[i < negatives_end ? i - negatives : i];
    }
  }
}

template <class Bits, bool floating>
void order(const void* sorted_bits, void* destination, std::int64_t count, Bits sign, Bits first_negative_nan,
           std::int64_t* boundaries, cudaStream_t stream) {
  const auto* sorted = static_cast<const Bits*>(sorted_bits);
  lower_bounds_kernel<Bits><<<floating ? 2 : 1, kSearchThreads, 0, stream>>>(sorted, count, sign, first_negative_nan,
                                                                              boundaries);
  check_launch("lower_bounds_kernel");
  order_kernel<Bits, floating><<<blocks_for(count), kThreads, 0, stream>>>(sorted, static_cast<Bits*>(destination),
                                                                           count, boundaries);
  check_launch("order_raw_sorted_bits");
}

}  // namespace

bool sorts_by_raw_bits(ga_dtype_t dtype) {
  switch (dtype) {
    case GA_INT32:
    case GA_INT64:
    case GA_UINT32:
    case GA_UINT64:
    case GA_FLOAT32:
    case GA_FLOAT64: return true;
    default: return false;
  }
}

bool raw_order_needs_fixing(ga_dtype_t dtype) { return sorts_by_raw_bits(dtype) && dtype != GA_UINT32 && dtype != GA_UINT64; }

void order_raw_sorted_bits(ga_dtype_t dtype, const void* sorted_bits, void* destination, std::int64_t count,
                           std::int64_t* boundaries, cudaStream_t stream) {
  if (count == 0) return;
  constexpr std::uint32_t sign32 = FloatLayout<std::uint32_t>::sign;
  constexpr std::uint64_t sign64 = FloatLayout<std::uint64_t>::sign;
  switch (dtype) {
    case GA_INT32: return order<std::uint32_t, false>(sorted_bits, destination, count, sign32, 0, boundaries, stream);
    case GA_INT64: return order<std::uint64_t, false>(sorted_bits, destination, count, sign64, 0, boundaries, stream);
    case GA_FLOAT32:
      return order<std::uint32_t, true>(sorted_bits, destination, count, sign32, sign32 | 0x7F800001u, boundaries,
                                        stream);
    case GA_FLOAT64:
      return order<std::uint64_t, true>(sorted_bits, destination, count, sign64, sign64 | 0x7FF0000000000001ull,
                                        boundaries, stream);
    default: throw Error(GA_ERROR_INTERNAL, "no raw-bits order for dtype " + std::to_string(static_cast<int>(dtype)));
  }
}

}  // namespace garray::sort_primitives
