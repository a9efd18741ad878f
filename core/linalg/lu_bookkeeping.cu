#include "core/linalg/lu_bookkeeping.hpp"

#include "core/common/cuda_check.hpp"

#include <algorithm>

namespace garray::lu_bookkeeping {

namespace {

constexpr int kNoZeroPivot = 0x7fffffff;
constexpr int kThreads = 256;

int blocks_for(std::int64_t n) { return static_cast<int>((n + kThreads - 1) / kThreads); }

// The identity permutation, *info = `no_zero_pivot`, `count` words from `words` zero.
__global__ void start_factorization(int* permutation, std::int64_t n, int* info, int no_zero_pivot, unsigned* words,
                                    std::int64_t count) {
  const std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < n) permutation[k] = static_cast<int>(k);
  if (k < count) words[k] = 0;
  if (k == 0) *info = no_zero_pivot;
}

// *info: the lowest 1 + k with U[k][k] == 0 (atomicMin from kNoZeroPivot).
template <class T>
__global__ void find_zero_pivot(const T* a, std::int64_t n, int* info) {
  const std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < n && a[k * n + k] == T(0)) atomicMin(info, static_cast<int>(k + 1));
}

__global__ void finish_info(int* info) {
  if (*info == kNoZeroPivot) *info = 0;
}

}  // namespace

void start(int* permutation, std::int64_t n, int* info, cudaStream_t stream) {
  start_factorization<<<blocks_for(n), kThreads, 0, stream>>>(permutation, n, info, kNoZeroPivot, nullptr, 0);
  check_cuda(cudaGetLastError(), "LU: start_factorization");
}

void start_reporting(int* permutation, std::int64_t n, int* info, unsigned* words, std::int64_t count,
                     cudaStream_t stream) {
  start_factorization<<<blocks_for(std::max(n, count)), kThreads, 0, stream>>>(permutation, n, info, 0, words, count);
  check_cuda(cudaGetLastError(), "LU: start_factorization");
}

void finish(ga_dtype_t dtype, const void* a, std::int64_t n, int* info, cudaStream_t stream) {
  if (dtype == GA_FLOAT64)
    find_zero_pivot<<<blocks_for(n), kThreads, 0, stream>>>(static_cast<const double*>(a), n, info);
  else
    find_zero_pivot<<<blocks_for(n), kThreads, 0, stream>>>(static_cast<const float*>(a), n, info);
  finish_info<<<1, 1, 0, stream>>>(info);
  check_cuda(cudaGetLastError(), "LU: find_zero_pivot");
}

}  // namespace garray::lu_bookkeeping
