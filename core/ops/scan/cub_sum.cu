#include "core/ops/scan/cub_sum.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"

#include <cub/device/device_scan.cuh>

#include <string>

namespace garray::cub_sum {

namespace {

// Calls `run(T{})` with the C++ type of `dtype`.
template <class Run>
cudaError_t visit(ga_dtype_t dtype, Run&& run) {
  switch (dtype) {
    case GA_INT32: return run(std::int32_t{});
    case GA_UINT32: return run(std::uint32_t{});
    case GA_INT64: return run(std::int64_t{});
    case GA_UINT64: return run(std::uint64_t{});
    case GA_FLOAT32: return run(float{});
    case GA_FLOAT64: return run(double{});
    default: break;
  }
  throw Error(GA_ERROR_INTERNAL, "CUB's inclusive sum takes no dtype " + std::to_string(static_cast<int>(dtype)));
}

}  // namespace

bool supports(ga_dtype_t dtype) {
  return dtype == GA_INT32 || dtype == GA_UINT32 || dtype == GA_INT64 || dtype == GA_UINT64 || dtype == GA_FLOAT32 ||
         dtype == GA_FLOAT64;
}

std::size_t temp_bytes(ga_dtype_t dtype, std::int64_t count) {
  std::size_t bytes = 0;
  check_cuda(visit(dtype,
                   [&](auto value) {
                     using T = decltype(value);
                     return cub::DeviceScan::InclusiveSum(nullptr, bytes, static_cast<const T*>(nullptr),
                                                          static_cast<T*>(nullptr), count);
                   }),
             "cub::DeviceScan::InclusiveSum (scratch size)");
  return bytes;
}

void inclusive_sum(ga_dtype_t dtype, const void* in, void* out, std::int64_t count, void* temp, std::size_t temp_bytes,
                   cudaStream_t stream) {
  check_cuda(visit(dtype,
                   [&](auto value) {
                     using T = decltype(value);
                     return cub::DeviceScan::InclusiveSum(temp, temp_bytes, static_cast<const T*>(in),
                                                          static_cast<T*>(out), count, stream);
                   }),
             "cub::DeviceScan::InclusiveSum");
}

}  // namespace garray::cub_sum
