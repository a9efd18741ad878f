#include "core/linalg/batched_lu.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/linalg/blas_handle.hpp"
#include "core/linalg/linalg_support.hpp"
#include "core/memory/pinned_staging.hpp"
#include "core/runtime/device.hpp"

#include <cuComplex.h>

#include <climits>
#include <cstring>
#include <string>
#include <vector>

namespace garray {

namespace {

// cuBLAS's batched LU routines for one element type.
template <class T>
struct BatchedRoutines {
  cublasStatus_t (*factor)(cublasHandle_t, int, T* const[], int, int*, int*, int);
  cublasStatus_t (*solve)(cublasHandle_t, cublasOperation_t, int, int, const T* const[], int, const int*, T* const[],
                          int, int*, int);
  cublasStatus_t (*invert)(cublasHandle_t, int, const T* const[], int, const int*, T* const[], int, int*, int);
};

const BatchedRoutines<float> kFloat{cublasSgetrfBatched, cublasSgetrsBatched, cublasSgetriBatched};
const BatchedRoutines<double> kDouble{cublasDgetrfBatched, cublasDgetrsBatched, cublasDgetriBatched};
const BatchedRoutines<cuComplex> kComplex{cublasCgetrfBatched, cublasCgetrsBatched, cublasCgetriBatched};
const BatchedRoutines<cuDoubleComplex> kDoubleComplex{cublasZgetrfBatched, cublasZgetrsBatched, cublasZgetriBatched};

// Calls `body` with the routines of `dtype`'s element type.
template <class Body>
void with_routines(ga_dtype_t dtype, Body&& body) {
  with_dtype_routines(dtype, kFloat, kDouble, kComplex, kDoubleComplex, "batched LU", body);
}

int extent_of(const Array& stack, int from_end) { return static_cast<int>(stack.shape()[stack.ndim() - from_end]); }

}  // namespace

bool prefers_batched_lu(std::int64_t count, std::int64_t n) { return count > 1 && n <= 128 && count <= INT_MAX; }

Array matrix_addresses(const Array& stack, const StreamRef& stream) {
  const std::int64_t count = count_of(batch_shape(stack));
  Array addresses = Array::empty({count}, GA_UINT64, GA_ORDER_C, stream);
  const std::size_t bytes = static_cast<std::size_t>(count) * sizeof(void*);
  PinnedStaging staging(bytes, stream);
  auto* host = static_cast<char**>(staging.data());
  for (std::int64_t index = 0; index < count; ++index) host[index] = matrix_at(stack, index);
  DeviceGuard guard(stream->device());
  check_cuda(cudaMemcpyAsync(addresses.data(), staging.data(), bytes, cudaMemcpyHostToDevice, stream->native()),
             "cudaMemcpyAsync");
  return addresses;
}

void batched_lu_factor(const Array& stack, const Array& addresses, const Array& pivots, const Array& info,
                       const StreamRef& stream) {
  DeviceGuard guard(stream->device());
  BlasCall call(stream);
  const int n = extent_of(stack, 1);
  const int count = static_cast<int>(addresses.size());
  with_routines(stack.dtype(), [&]<class T>(const BatchedRoutines<T>& routines) {
    check_cublas(routines.factor(call.handle(), n, elements<T* const>(addresses), n, elements<int>(pivots),
                                 elements<int>(info), count),
                 "cublas<t>getrfBatched");
  });
}

void batched_lu_solve(const Array& stack, const Array& addresses, const Array& pivots, const Array& rhs,
                      cublasOperation_t operation, const StreamRef& stream) {
  DeviceGuard guard(stream->device());
  BlasCall call(stream);
  const int n = extent_of(stack, 1);
  const int k = extent_of(rhs, 2);
  const int count = static_cast<int>(addresses.size());
  const Array rhs_addresses = matrix_addresses(rhs, stream);
  // getrsBatched's info is a host word that reports only bad arguments.
  int argument_info = 0;
  with_routines(stack.dtype(), [&]<class T>(const BatchedRoutines<T>& routines) {
    check_cublas(routines.solve(call.handle(), operation, n, k, elements<T* const>(addresses), n, elements<int>(pivots),
                                elements<T* const>(rhs_addresses), n, &argument_info, count),
                 "cublas<t>getrsBatched");
  });
  GA_REQUIRE(argument_info == 0, GA_ERROR_INTERNAL,
             "cublas<t>getrsBatched rejected argument " + std::to_string(-argument_info));
}

void batched_lu_invert(const Array& stack, const Array& addresses, const Array& pivots, const Array& inverse,
                       const Array& info, const StreamRef& stream) {
  DeviceGuard guard(stream->device());
  BlasCall call(stream);
  const int n = extent_of(stack, 1);
  const int count = static_cast<int>(addresses.size());
  const Array inverse_addresses = matrix_addresses(inverse, stream);
  with_routines(stack.dtype(), [&]<class T>(const BatchedRoutines<T>& routines) {
    check_cublas(routines.invert(call.handle(), n, elements<T* const>(addresses), n, elements<int>(pivots),
                                 elements<T* const>(inverse_addresses), n, elements<int>(info), count),
                 "cublas<t>getriBatched");
  });
}

}  // namespace garray
