// numpy.linalg timings through the C API beside cuSOLVER (and cuBLAS's batched LU) called directly in the same program,
// on the workloads and goals (H100, CuPy's figures from the issue): solve 4096 f32 with one right-hand side
// (goal <= 4.6 ms; CuPy 13.8), thin svd of 1000 x 1000 f64 (<= 46 ms; CuPy's gesvd 138), qr of 4096 x 4096 f32 (<= 15
// ms; CuPy 29.6), eigvalsh 2048 f32 (<= CuPy's 30.0 ms), cholesky 2048 f32 (<= CuPy's 2.18 ms) and batched inv of 1000
// x 64 x 64 f32 (<= CuPy's 0.60 ms). The direct calls factor a fresh copy each time, as garray must (inputs are never
// modified). CUDA events around batches of calls after a warm-up, median of the batches. bench/bench_linalg_cupy.py
// times CuPy on the same workloads. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <cublas_v2.h>
#include <cusolverDn.h>

#include <chrono>
#include <cstdio>
#include <vector>

using bench::check;
using bench::check_library;
using bench::data_of;
using bench::median_milliseconds;

const char* const bench::kProgram = "bench_linalg";

namespace {

// Values in [-1, 1) plus `diagonal` on the diagonal of each n x n matrix (well conditioned, and positive definite once
// symmetrised when `diagonal` is large enough).
std::vector<double> random_matrices(int64_t count, int64_t n, double diagonal, bool symmetric) {
  bench::RandomValues random;
  std::vector<double> values(static_cast<size_t>(count * n * n));
  for (double& value : values) value = random.symmetric_double();
  for (int64_t m = 0; m < count; ++m) {
    double* a = values.data() + m * n * n;
    for (int64_t i = 0; i < n; ++i) {
      a[i * n + i] += diagonal;
      if (symmetric)
        for (int64_t j = 0; j < i; ++j) a[j * n + i] = a[i * n + j];
    }
  }
  return values;
}

ga_array_t device_matrices(const std::vector<double>& values, std::vector<int64_t> shape, ga_dtype_t dtype) {
  ga_array_t wide = bench::upload(values, GA_FLOAT64, shape);
  ga_array_t cast = nullptr;
  check(ga_array_astype(wide, dtype, GA_ORDER_C, nullptr, &cast), "ga_array_astype");
  check(ga_array_release(wide), "ga_array_release");
  return cast;
}

// Device scratch of `bytes`, owned by a garray array so that it goes back to the pool.
struct Scratch {
  ga_array_t array = nullptr;
  explicit Scratch(size_t bytes) {
    const int64_t extent = static_cast<int64_t>(bytes > 0 ? bytes : 1);
    check(ga_array_empty(1, &extent, GA_UINT8, GA_ORDER_C, nullptr, &array), "ga_array_empty");
  }
  ~Scratch() { ga_array_release(array); }
  void* data() const { return data_of(array); }
  // Queues a copy of `source`'s first `bytes` into the scratch: the input a direct call overwrites.
  void copy_from(ga_array_t source, size_t bytes) const {
    check(cudaMemcpyAsync(data(), data_of(source), bytes, cudaMemcpyDeviceToDevice, nullptr), "cudaMemcpyAsync");
  }
};

// Releases every array a timed garray call returned.
void release_all(std::vector<ga_array_t>& arrays) {
  for (ga_array_t& array : arrays) {
    if (array) check(ga_array_release(array), "ga_array_release");
    array = nullptr;
  }
}

void print_row(const char* name, double garray_ms, double direct_ms, const char* direct, const char* goal) {
  std::printf("%-30s %10.3f %10.3f  %-28s %s\n", name, garray_ms, direct_ms, direct, goal);
}

bench::Batches slow() { return {5, 2, 1}; }

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  cusolverDnHandle_t solver = nullptr;
  check_library(cusolverDnCreate(&solver), "cusolverDnCreate");
  cusolverDnParams_t params = nullptr;
  check_library(cusolverDnCreateParams(&params), "cusolverDnCreateParams");
  cublasHandle_t blas = nullptr;
  check_library(cublasCreate(&blas), "cublasCreate");
  std::printf("bench_linalg: %s\n\n", properties.name);
  std::printf("%-30s %10s %10s  %-28s %s\n", "workload", "garray ms", "direct ms", "direct call", "goal (H100)");
  std::vector<ga_array_t> results(4, nullptr);
  size_t device_bytes = 0;
  size_t host_bytes = 0;
  int* info = nullptr;
  check(cudaMalloc(reinterpret_cast<void**>(&info), 1000 * sizeof(int)), "cudaMalloc");

  {  // solve 4096 f32, one right-hand side: Xgetrf + Xgetrs.
    const int64_t n = 4096;
    ga_array_t a = device_matrices(random_matrices(1, n, 64.0, false), {n, n}, GA_FLOAT32);
    ga_array_t b = device_matrices(std::vector<double>(n, 1.0), {n}, GA_FLOAT32);
    const double garray_ms = median_milliseconds(
        [&] {
          release_all(results);
          check(ga_linalg_solve(a, b, nullptr, nullptr, &results[0]), "ga_linalg_solve");
        },
        slow());
    Scratch lu(n * n * 4), x(n * 4), pivots(n * 8);
    check_library(cusolverDnXgetrf_bufferSize(solver, params, n, n, CUDA_R_32F, lu.data(), n, CUDA_R_32F, &device_bytes,
                                              &host_bytes),
                  "cusolverDnXgetrf_bufferSize");
    Scratch work(device_bytes);
    std::vector<char> host_work(host_bytes);
    const double direct_ms = median_milliseconds(
        [&] {
          lu.copy_from(a, n * n * 4);
          x.copy_from(b, n * 4);
          auto* ipiv = static_cast<int64_t*>(pivots.data());
          check_library(cusolverDnXgetrf(solver, params, n, n, CUDA_R_32F, lu.data(), n, ipiv, CUDA_R_32F, work.data(),
                                         device_bytes, host_work.data(), host_bytes, info),
                        "cusolverDnXgetrf");
          check_library(cusolverDnXgetrs(solver, params, CUBLAS_OP_T, n, 1, CUDA_R_32F, lu.data(), n, ipiv, CUDA_R_32F,
                                         x.data(), n, info),
                        "cusolverDnXgetrs");
        },
        slow());
    print_row("solve 4096 f32, 1 rhs", garray_ms, direct_ms, "Xgetrf + Xgetrs", "<= 4.6 ms (CuPy 13.8)");
    release_all(results);
    check(ga_array_release(a), "ga_array_release");
    check(ga_array_release(b), "ga_array_release");
  }

  {  // svd 1000 x 1000 f64, thin: Xgesvdp (garray's choice) and Xgesvd (CuPy's).
    const int64_t n = 1000;
    ga_array_t a = device_matrices(random_matrices(1, n, 0.0, false), {n, n}, GA_FLOAT64);
    const double garray_ms = median_milliseconds(
        [&] {
          release_all(results);
          check(ga_linalg_svd(a, 0, 1, nullptr, &results[0], &results[1], &results[2]), "ga_linalg_svd");
        },
        slow());
    Scratch copy(n * n * 8), s(n * 8), u(n * n * 8), v(n * n * 8);
    check_library(cusolverDnXgesvdp_bufferSize(solver, params, CUSOLVER_EIG_MODE_VECTOR, 1, n, n, CUDA_R_64F,
                                               copy.data(), n, CUDA_R_64F, s.data(), CUDA_R_64F, u.data(), n,
                                               CUDA_R_64F, v.data(), n, CUDA_R_64F, &device_bytes, &host_bytes),
                  "cusolverDnXgesvdp_bufferSize");
    Scratch work(device_bytes);
    std::vector<char> host_work(host_bytes);
    double error = 0;
    const double gesvdp_ms = median_milliseconds(
        [&] {
          copy.copy_from(a, n * n * 8);
          check_library(
               cusolverDnXgesvdp(solver, params, CUSOLVER_EIG_MODE_VECTOR, 1, n, n, CUDA_R_64F, copy.data(), n,
                                 CUDA_R_64F, s.data(), CUDA_R_64F, u.data(), n, CUDA_R_64F, v.data(), n, CUDA_R_64F,
                                 work.data(), device_bytes, host_work.data(), host_bytes, info, &error),
               "cusolverDnXgesvdp");
        },
        slow());
    print_row("svd 1000^2 f64, thin", garray_ms, gesvdp_ms, "Xgesvdp", "<= 46 ms (CuPy gesvd 138)");
    check_library(cusolverDnXgesvd_bufferSize(solver, params, 'S', 'S', n, n, CUDA_R_64F, copy.data(), n, CUDA_R_64F,
                                              s.data(), CUDA_R_64F, u.data(), n, CUDA_R_64F, v.data(), n, CUDA_R_64F,
                                              &device_bytes, &host_bytes),
                  "cusolverDnXgesvd_bufferSize");
    Scratch gesvd_work(device_bytes);
    std::vector<char> gesvd_host(host_bytes);
    const double gesvd_ms = median_milliseconds(
        [&] {
          copy.copy_from(a, n * n * 8);
          check_library(cusolverDnXgesvd(solver, params, 'S', 'S', n, n, CUDA_R_64F, copy.data(), n, CUDA_R_64F,
                                         s.data(), CUDA_R_64F, u.data(), n, CUDA_R_64F, v.data(), n, CUDA_R_64F,
                                         gesvd_work.data(), device_bytes, gesvd_host.data(), host_bytes, info),
                        "cusolverDnXgesvd");
        },
        slow());
    print_row("", garray_ms, gesvd_ms, "Xgesvd (QR iteration)", "");
    release_all(results);
    check(ga_array_release(a), "ga_array_release");
  }

  {  // qr 4096 x 4096 f32, reduced: Xgeqrf + Sorgqr.
    const int n = 4096;
    ga_array_t a = device_matrices(random_matrices(1, n, 0.0, false), {n, n}, GA_FLOAT32);
    const double garray_ms = median_milliseconds(
        [&] {
          release_all(results);
          check(ga_linalg_qr(a, GA_LINALG_QR_REDUCED, nullptr, &results[0], &results[1]), "ga_linalg_qr");
        },
        slow());
    Scratch copy(size_t(n) * n * 4), tau(n * 4);
    check_library(cusolverDnXgeqrf_bufferSize(solver, params, n, n, CUDA_R_32F, copy.data(), n, CUDA_R_32F, tau.data(),
                                              CUDA_R_32F, &device_bytes, &host_bytes),
                  "cusolverDnXgeqrf_bufferSize");
    int orgqr_count = 0;
    check_library(cusolverDnSorgqr_bufferSize(solver, n, n, n, static_cast<float*>(copy.data()), n,
                                              static_cast<float*>(tau.data()), &orgqr_count),
                  "cusolverDnSorgqr_bufferSize");
    Scratch work(device_bytes), orgqr_work(size_t(orgqr_count) * 4);
    std::vector<char> host_work(host_bytes);
    const double direct_ms = median_milliseconds(
        [&] {
          copy.copy_from(a, size_t(n) * n * 4);
          check_library(cusolverDnXgeqrf(solver, params, n, n, CUDA_R_32F, copy.data(), n, CUDA_R_32F, tau.data(),
                                         CUDA_R_32F, work.data(), device_bytes, host_work.data(), host_bytes, info),
                        "cusolverDnXgeqrf");
          check_library(
               cusolverDnSorgqr(solver, n, n, n, static_cast<float*>(copy.data()), n, static_cast<float*>(tau.data()),
                                static_cast<float*>(orgqr_work.data()), orgqr_count, info),
               "cusolverDnSorgqr");
        },
        slow());
    print_row("qr 4096^2 f32, reduced", garray_ms, direct_ms, "Xgeqrf + Sorgqr", "<= 15 ms (CuPy 29.6)");
    release_all(results);
    check(ga_array_release(a), "ga_array_release");
  }

  {  // eigvalsh and cholesky of 2048 x 2048 f32: Xsyevd (values only) and Xpotrf.
    const int64_t n = 2048;
    ga_array_t a = device_matrices(random_matrices(1, n, 2.0 * n, true), {n, n}, GA_FLOAT32);
    Scratch copy(n * n * 4), w(n * 4);
    const double eig_ms = median_milliseconds(
        [&] {
          release_all(results);
          check(ga_linalg_eigvalsh(a, GA_LINALG_LOWER, nullptr, nullptr, &results[0]), "ga_linalg_eigvalsh");
        },
        slow());
    check_library(
         cusolverDnXsyevd_bufferSize(solver, params, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_32F,
                                     copy.data(), n, CUDA_R_32F, w.data(), CUDA_R_32F, &device_bytes, &host_bytes),
         "cusolverDnXsyevd_bufferSize");
    Scratch eig_work(device_bytes);
    std::vector<char> eig_host(host_bytes);
    const double eig_direct_ms = median_milliseconds(
        [&] {
          copy.copy_from(a, n * n * 4);
          check_library(cusolverDnXsyevd(solver, params, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER, n,
                                         CUDA_R_32F, copy.data(), n, CUDA_R_32F, w.data(), CUDA_R_32F, eig_work.data(),
                                         device_bytes, eig_host.data(), host_bytes, info),
                        "cusolverDnXsyevd");
        },
        slow());
    print_row("eigvalsh 2048^2 f32", eig_ms, eig_direct_ms, "Xsyevd, values only", "<= CuPy's 30.0 ms");
    const double chol_ms = median_milliseconds([&] {
      release_all(results);
      check(ga_linalg_cholesky(a, 0, nullptr, nullptr, &results[0]), "ga_linalg_cholesky");
    });
    check_library(cusolverDnXpotrf_bufferSize(solver, params, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_32F, copy.data(), n,
                                              CUDA_R_32F, &device_bytes, &host_bytes),
                  "cusolverDnXpotrf_bufferSize");
    Scratch chol_work(device_bytes);
    std::vector<char> chol_host(host_bytes);
    const double chol_direct_ms = median_milliseconds([&] {
      copy.copy_from(a, n * n * 4);
      check_library(cusolverDnXpotrf(solver, params, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_32F, copy.data(), n, CUDA_R_32F,
                                     chol_work.data(), device_bytes, chol_host.data(), host_bytes, info),
                    "cusolverDnXpotrf");
    });
    print_row("cholesky 2048^2 f32", chol_ms, chol_direct_ms, "Xpotrf", "<= CuPy's 2.18 ms");
    release_all(results);
    check(ga_array_release(a), "ga_array_release");
  }

  {  // batched inv of 1000 x 64 x 64 f32: cuBLAS getrfBatched + getriBatched.
    const int n = 64;
    const int count = 1000;
    ga_array_t a = device_matrices(random_matrices(count, n, 8.0, false), {count, n, n}, GA_FLOAT32);
    const double garray_ms = median_milliseconds([&] {
      release_all(results);
      check(ga_linalg_inv(a, nullptr, nullptr, &results[0]), "ga_linalg_inv");
    });
    Scratch copy(size_t(count) * n * n * 4), inverse(size_t(count) * n * n * 4), pivots(size_t(count) * n * 4);
    std::vector<float*> host_a(count), host_c(count);
    for (int i = 0; i < count; ++i) {
      host_a[i] = static_cast<float*>(copy.data()) + size_t(i) * n * n;
      host_c[i] = static_cast<float*>(inverse.data()) + size_t(i) * n * n;
    }
    Scratch pointers_a(count * sizeof(float*)), pointers_c(count * sizeof(float*));
    check(cudaMemcpy(pointers_a.data(), host_a.data(), count * sizeof(float*), cudaMemcpyHostToDevice), "cudaMemcpy");
    check(cudaMemcpy(pointers_c.data(), host_c.data(), count * sizeof(float*), cudaMemcpyHostToDevice), "cudaMemcpy");
    const double direct_ms = median_milliseconds([&] {
      copy.copy_from(a, size_t(count) * n * n * 4);
      check_library(cublasSgetrfBatched(blas, n, static_cast<float**>(pointers_a.data()), n,
                                        static_cast<int*>(pivots.data()), info, count),
                    "cublasSgetrfBatched");
      check_library(cublasSgetriBatched(blas, n, static_cast<float* const*>(pointers_a.data()), n,
                                        static_cast<int*>(pivots.data()), static_cast<float**>(pointers_c.data()), n,
                                        info, count),
                    "cublasSgetriBatched");
    });
    print_row("inv 1000 x 64^2 f32", garray_ms, direct_ms, "cublasSgetrf/getriBatched", "<= CuPy's 0.60 ms");
    release_all(results);
    check(ga_array_release(a), "ga_array_release");
  }
  check(cudaFree(info), "cudaFree");
  cublasDestroy(blas);
  cusolverDnDestroyParams(params);
  cusolverDnDestroy(solver);
  return 0;
}
