// Kernels over sorted data: binary search (searchsorted), and the runs of equal elements that
// unique() reports.
#include "core/ops/sort/sort_launch.cuh"
#include "core/ops/sort/sort_primitives.hpp"

namespace garray::sort_primitives {

using namespace detail;

namespace {

inline constexpr int kMaxComponents = 3;

template <class Key>
struct Components {
  const Key* arrays[kMaxComponents];
};

template <class Key>
__device__ __forceinline__ int compare(const Components<Key>& a, std::int64_t i, const Components<Key>& b,
                                       std::int64_t j, int components) {
  for (int c = 0; c < components; ++c) {
    const Key left = a.arrays[c][i];
    const Key right = b.arrays[c][j];
    if (left != right) return left < right ? -1 : 1;
  }
  return 0;
}

template <class Key>
__global__ void search_kernel(Components<Key> sorted, std::int64_t sorted_count, Components<Key> values,
                              std::int64_t value_count, int components, bool right, std::int64_t* out) {
  GA_GRID_STRIDE_LOOP(v, value_count) {
    std::int64_t low = 0;
    std::int64_t high = sorted_count;
    while (low < high) {
      const std::int64_t middle = low + (high - low) / 2;
      const int order = compare(sorted, middle, values, v, components);
      if (order < 0 || (right && order == 0)) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    out[v] = low;
  }
}

// The search of one-component keys (every real dtype): the value's key held in a register and the
// halving loop without a branch on the comparison (a select), so that a warp's lanes stay together.
// 2^26 float32 values into 2^24 on an H100: bench/NOTES.md.
template <class Key>
__global__ void search_one_key_kernel(const Key* __restrict__ sorted, std::int64_t sorted_count,
                                      const Key* __restrict__ values, std::int64_t value_count, bool right,
                                      std::int64_t* out) {
  GA_GRID_STRIDE_LOOP(v, value_count) {
    const Key value = values[v];
    std::int64_t base = 0;
    std::int64_t length = sorted_count;
    while (length > 0) {
      const std::int64_t half = length / 2;
      const Key probe = sorted[base + half];
      const bool after = right ? !(value < probe) : probe < value;
      base = after ? base + half + 1 : base;
      length = after ? length - half - 1 : half;
    }
    out[v] = base;
  }
}

template <class Key>
Components<Key> components_of(const void* const* arrays, int count) {
  Components<Key> components{};
  for (int c = 0; c < count; ++c) components.arrays[c] = static_cast<const Key*>(arrays[c]);
  return components;
}

template <class Key>
__global__ void run_start_flags_kernel(const Key* keys, std::int64_t* flags, std::int64_t count) {
  GA_GRID_STRIDE_LOOP(i, count) { flags[i] = (i == 0 || keys[i] != keys[i - 1]) ? 1 : 0; }
}

template <class Real>
__global__ void run_start_flags_complex_kernel(const Real* values, std::int64_t* flags, std::int64_t count) {
  GA_GRID_STRIDE_LOOP(i, count) {
    bool starts = i == 0;
    if (!starts) {
      const Real real = values[2 * i], imag = values[2 * i + 1];
      const Real previous_real = values[2 * i - 2], previous_imag = values[2 * i - 1];
      const bool has_nan = real != real || imag != imag;
      const bool previous_has_nan = previous_real != previous_real || previous_imag != previous_imag;
      starts = has_nan ? !previous_has_nan : (previous_has_nan || real != previous_real || imag != previous_imag);
    }
    flags[i] = starts ? 1 : 0;
  }
}

__global__ void run_starts_kernel(const std::int64_t* run_numbers, std::int64_t count, std::int64_t* starts) {
  GA_GRID_STRIDE_LOOP(i, count) {
    if (i == 0 || run_numbers[i] != run_numbers[i - 1]) starts[run_numbers[i] - 1] = i;
  }
}

template <class Key>
void launch_search(const void* const* sorted_keys, std::int64_t sorted_count, const void* const* value_keys,
                   std::int64_t value_count, int components, bool right, std::int64_t* out, cudaStream_t stream) {
  if (components == 1) {
    search_one_key_kernel<<<blocks_for(value_count), kThreads, 0, stream>>>(
        static_cast<const Key*>(sorted_keys[0]), sorted_count, static_cast<const Key*>(value_keys[0]), value_count,
        right, out);
  } else {
    search_kernel<<<blocks_for(value_count), kThreads, 0, stream>>>(components_of<Key>(sorted_keys, components),
                                                                    sorted_count,
                                                                    components_of<Key>(value_keys, components),
                                                                    value_count, components, right, out);
  }
}

__global__ void run_firsts_and_counts_kernel(const std::int64_t* starts, std::int64_t runs, std::int64_t total,
                                             const std::int64_t* permutation, std::int64_t* first,
                                             std::int64_t* counts) {
  GA_GRID_STRIDE_LOOP(r, runs) {
    if (first != nullptr) first[r] = permutation[starts[r]];
    if (counts != nullptr) counts[r] = (r + 1 < runs ? starts[r + 1] : total) - starts[r];
  }
}

__global__ void scatter_inverse_kernel(const std::int64_t* run_numbers, const std::int64_t* permutation,
                                       std::int64_t* inverse, std::int64_t count) {
  GA_GRID_STRIDE_LOOP(i, count) { inverse[permutation[i]] = run_numbers[i] - 1; }
}

}  // namespace

void search_sorted(int key_bytes, int components, const void* const* sorted_keys, std::int64_t sorted_count,
                   const void* const* value_keys, std::int64_t value_count, bool right, std::int64_t* out,
                   cudaStream_t stream) {
  GA_REQUIRE(components >= 1 && components <= kMaxComponents, GA_ERROR_INTERNAL, "search keys have 1 to 3 components");
  if (value_count == 0) return;
  if (key_bytes == 4) {
    launch_search<std::uint32_t>(sorted_keys, sorted_count, value_keys, value_count, components, right, out, stream);
  } else {
    launch_search<std::uint64_t>(sorted_keys, sorted_count, value_keys, value_count, components, right, out, stream);
  }
  check_launch("search_sorted");
}

void run_start_flags_from_keys(const void* sorted_keys, int key_bytes, std::int64_t* flags, std::int64_t count,
                               cudaStream_t stream) {
  if (count == 0) return;
  if (key_bytes == 4) {
    run_start_flags_kernel<<<blocks_for(count), kThreads, 0, stream>>>(static_cast<const std::uint32_t*>(sorted_keys),
                                                                       flags, count);
  } else {
    run_start_flags_kernel<<<blocks_for(count), kThreads, 0, stream>>>(static_cast<const std::uint64_t*>(sorted_keys),
                                                                       flags, count);
  }
  check_launch("run_start_flags");
}

void run_start_flags_complex(ga_dtype_t dtype, const void* sorted_values, std::int64_t* flags, std::int64_t count,
                             cudaStream_t stream) {
  if (count == 0) return;
  if (dtype == GA_COMPLEX64) {
    run_start_flags_complex_kernel<<<blocks_for(count), kThreads, 0, stream>>>(static_cast<const float*>(sorted_values),
                                                                               flags, count);
  } else {
    run_start_flags_complex_kernel<<<blocks_for(count), kThreads, 0, stream>>>(
        static_cast<const double*>(sorted_values), flags, count);
  }
  check_launch("run_start_flags_complex");
}

void run_starts(const std::int64_t* run_numbers, std::int64_t count, std::int64_t* starts, cudaStream_t stream) {
  if (count == 0) return;
  run_starts_kernel<<<blocks_for(count), kThreads, 0, stream>>>(run_numbers, count, starts);
  check_launch("run_starts");
}

void run_firsts_and_counts(const std::int64_t* starts, std::int64_t runs, std::int64_t total,
                           const std::int64_t* permutation, std::int64_t* first, std::int64_t* counts,
                           cudaStream_t stream) {
  if (runs == 0) return;
  run_firsts_and_counts_kernel<<<blocks_for(runs), kThreads, 0, stream>>>(starts, runs, total, permutation, first,
                                                                          counts);
  check_launch("run_firsts_and_counts");
}

void scatter_inverse(const std::int64_t* run_numbers, const std::int64_t* permutation, std::int64_t* inverse,
                     std::int64_t count, cudaStream_t stream) {
  if (count == 0) return;
  scatter_inverse_kernel<<<blocks_for(count), kThreads, 0, stream>>>(run_numbers, permutation, inverse, count);
  check_launch("scatter_inverse");
}

}  // namespace garray::sort_primitives
