// Kernels of the counting functions and order statistics: min/max partials (the automatic range
// of histogram(), the length of bincount()), bincount, histogram, and quantiles of sorted rows.
#include "core/ops/sort/sort_launch.cuh"
#include "core/ops/sort/sort_primitives.hpp"

namespace garray::sort_primitives {

using namespace detail;

namespace {

inline constexpr int kMaxMinMaxBlocks = 1024;

__device__ __forceinline__ bool is_nan(double value) { return value != value; }
__device__ __forceinline__ bool is_nan(std::int64_t) { return false; }

// min and max in which a NaN wins, as NumPy's min and max.
template <class T>
__device__ __forceinline__ T lower(T a, T b) {
  return is_nan(a) ? a : (is_nan(b) || b < a) ? b : a;
}
template <class T>
__device__ __forceinline__ T higher(T a, T b) {
  return is_nan(a) ? a : (is_nan(b) || b > a) ? b : a;
}

template <class T>
__global__ void min_max_kernel(const T* data, std::int64_t count, T* partials) {
  __shared__ T minima[kThreads];
  __shared__ T maxima[kThreads];
  T low = data[0];
  T high = data[0];
  GA_GRID_STRIDE_LOOP(i, count) {
    low = lower(low, data[i]);
    high = higher(high, data[i]);
  }
  minima[threadIdx.x] = low;
  maxima[threadIdx.x] = high;
  __syncthreads();
  for (int half = kThreads / 2; half > 0; half /= 2) {
    if (static_cast<int>(threadIdx.x) < half) {
      minima[threadIdx.x] = lower(minima[threadIdx.x], minima[threadIdx.x + half]);
      maxima[threadIdx.x] = higher(maxima[threadIdx.x], maxima[threadIdx.x + half]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partials[2 * blockIdx.x] = minima[0];
    partials[2 * blockIdx.x + 1] = maxima[0];
  }
}

__global__ void bincount_kernel(const std::int64_t* x, const double* weights, std::int64_t count, void* out) {
  GA_GRID_STRIDE_LOOP(i, count) {
    if (weights != nullptr) {
      atomicAdd(static_cast<double*>(out) + x[i], weights[i]);
    } else {
      atomicAdd(static_cast<unsigned long long*>(out) + x[i], 1ull);
    }
  }
}

__global__ void histogram_kernel(const double* x, std::int64_t count, const double* edges, std::int64_t bins,
                                 std::int64_t* counts) {
  GA_GRID_STRIDE_LOOP(i, count) {
    const double value = x[i];
    if (!(value >= edges[0] && value <= edges[bins])) continue;  // outside, or NaN
    std::int64_t low = 0;
    std::int64_t high = bins + 1;
    while (low < high) {  // the first edge greater than the value
      const std::int64_t middle = low + (high - low) / 2;
      if (edges[middle] <= value) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    const std::int64_t bin = low - 1 < bins ? low - 1 : bins - 1;  // the last bin includes its right edge
    atomicAdd(reinterpret_cast<unsigned long long*>(counts + bin), 1ull);
  }
}

// NumPy's _lerp: a + (b - a) t, computed from b for t >= 0.5 so that t = 1 gives b exactly.
__device__ __forceinline__ double lerp(double a, double b, double t) {
  const double difference = b - a;
  return t >= 0.5 ? b - difference * (1 - t) : a + difference * t;
}

__global__ void quantile_kernel(const double* sorted, std::int64_t rows, std::int64_t row_length, const double* q,
                                std::int64_t q_count, bool median, double* out) {
  GA_GRID_STRIDE_LOOP(k, rows * q_count) {
    const std::int64_t r = k % rows;
    const double* row = sorted + r * row_length;
    double result;
    if (row_length == 0 || is_nan(row[row_length - 1])) {
      result = __longlong_as_double(0x7FF8000000000000ll);
    } else if (median) {
      const double a = row[(row_length - 1) / 2];
      const double b = row[row_length / 2];
      result = (a + b) / 2;
    } else {
      const double virtual_index = static_cast<double>(row_length - 1) * q[k / rows];
      std::int64_t previous = static_cast<std::int64_t>(floor(virtual_index));
      std::int64_t next = previous + 1;
      if (virtual_index >= static_cast<double>(row_length - 1)) previous = next = row_length - 1;
      if (virtual_index < 0) previous = next = 0;
      result = lerp(row[previous], row[next], virtual_index - static_cast<double>(previous));
    }
    out[k] = result;
  }
}

}  // namespace

int min_max_blocks(std::int64_t count) {
  return static_cast<int>(std::min<std::int64_t>(blocks_for(count), kMaxMinMaxBlocks));
}

void min_max_partials(ga_dtype_t dtype, const void* data, std::int64_t count, void* partials, cudaStream_t stream) {
  const int blocks = min_max_blocks(count);
  if (dtype == GA_INT64) {
    min_max_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const std::int64_t*>(data), count,
                                                    static_cast<std::int64_t*>(partials));
  } else {
    min_max_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const double*>(data), count,
                                                    static_cast<double*>(partials));
  }
  check_launch("min_max_partials");
}

void bincount(const std::int64_t* x, const double* weights, std::int64_t count, void* out, cudaStream_t stream) {
  if (count == 0) return;
  bincount_kernel<<<blocks_for(count), kThreads, 0, stream>>>(x, weights, count, out);
  check_launch("bincount");
}

void histogram(const double* x, std::int64_t count, const double* edges, std::int64_t bins, std::int64_t* counts,
               cudaStream_t stream) {
  if (count == 0) return;
  histogram_kernel<<<blocks_for(count), kThreads, 0, stream>>>(x, count, edges, bins, counts);
  check_launch("histogram");
}

void quantiles_of_sorted_rows(const double* sorted, std::int64_t rows, std::int64_t row_length, const double* q,
                              std::int64_t q_count, bool median, double* out, cudaStream_t stream) {
  if (rows * q_count == 0) return;
  quantile_kernel<<<blocks_for(rows * q_count), kThreads, 0, stream>>>(sorted, rows, row_length, q, q_count, median,
                                                                       out);
  check_launch("quantiles_of_sorted_rows");
}

}  // namespace garray::sort_primitives
