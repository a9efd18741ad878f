// Matrix product timings through the C API beside cuBLAS called directly in the same program:
// matmul of two 8192 x 8192 matrices in float32 (full FP32), float64 and float16 (float32
// accumulation) in TFLOP/s (goal: at least 97% of direct cuBLAS; CuPy reaches 51 / 56 / 771 on an
// H100), a batched 1000 x 64 x 64 float32 matmul (goal: at least CuPy's 8.4 TFLOP/s), and the host
// cost of a small matmul. CUDA events around batches of calls after a warm-up, median of several
// batches; garray's results are checked against cuBLAS's. bench/bench_products_cupy.py times CuPy
// on the same workloads. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <garray/products.h>

#include <cublas_v2.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

using bench::check;
using bench::check_library;
using bench::data_of;
using bench::median_milliseconds;
using bench::require;

const char* const bench::kProgram = "bench_products";

namespace {

ga_array_t random_array(std::vector<int64_t> shape, ga_dtype_t dtype) {
  size_t count = 1;
  for (int64_t extent : shape) count *= static_cast<size_t>(extent);
  bench::RandomValues random;
  std::vector<float> host(count);
  for (float& value : host) value = random.symmetric();
  ga_array_t values = bench::upload(host, GA_FLOAT32, shape);
  if (dtype == GA_FLOAT32) return values;
  ga_array_t cast = nullptr;
  check(ga_array_astype(values, dtype, GA_ORDER_C, nullptr, &cast), "ga_array_astype");
  check(ga_array_release(values), "ga_array_release");
  return cast;
}

struct GemmTypes {
  cudaDataType_t data;
  cublasComputeType_t compute;
};

GemmTypes types_of(ga_dtype_t dtype) {
  switch (dtype) {
    case GA_FLOAT64: return {CUDA_R_64F, CUBLAS_COMPUTE_64F};
    case GA_FLOAT16: return {CUDA_R_16F, CUBLAS_COMPUTE_32F};
    default: return {CUDA_R_32F, CUBLAS_COMPUTE_32F};
  }
}

// C (batch x m x n, C order) = A (batch x m x k) · B (batch x k x n) on cuBLAS directly, as
// column-major Cᵀ = Bᵀ·Aᵀ: what any C-order caller of cuBLAS does.
void direct_gemm(cublasHandle_t handle, ga_dtype_t dtype, int batch, int m, int n, int k, const void* a,
                 const void* b, void* c) {
  const GemmTypes types = types_of(dtype);
  const double one64 = 1.0, zero64 = 0.0;
  const float one32 = 1.0f, zero32 = 0.0f;
  const void* one = dtype == GA_FLOAT64 ? static_cast<const void*>(&one64) : &one32;
  const void* zero = dtype == GA_FLOAT64 ? static_cast<const void*>(&zero64) : &zero32;
  if (batch == 1) {
    check_library(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, one, b, types.data, n, a, types.data, k,
                               zero, c, types.data, n, types.compute, CUBLAS_GEMM_DEFAULT),
                  "cublasGemmEx");
    return;
  }
  check_library(cublasGemmStridedBatchedEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, one, b, types.data, n,
                                           static_cast<long long>(k) * n, a, types.data, k,
                                           static_cast<long long>(m) * k, zero, c, types.data, n,
                                           static_cast<long long>(m) * n, batch, types.compute, CUBLAS_GEMM_DEFAULT),
                "cublasGemmStridedBatchedEx");
}

// The largest difference between two results, relative to the largest value of the second.
double relative_difference(ga_array_t result, ga_array_t reference) {
  ga_array_t wide_result = nullptr;
  ga_array_t wide_reference = nullptr;
  check(ga_array_astype(result, GA_FLOAT64, GA_ORDER_C, nullptr, &wide_result), "ga_array_astype");
  check(ga_array_astype(reference, GA_FLOAT64, GA_ORDER_C, nullptr, &wide_reference), "ga_array_astype");
  const std::vector<double> got = bench::download<double>(wide_result);
  const std::vector<double> expected = bench::download<double>(wide_reference);
  double difference = 0, largest = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    difference = std::max(difference, std::abs(got[i] - expected[i]));
    largest = std::max(largest, std::abs(expected[i]));
  }
  check(ga_array_release(wide_result), "ga_array_release");
  check(ga_array_release(wide_reference), "ga_array_release");
  return difference / largest;
}

struct Row {
  double garray_ms;
  double garray_out_ms;
  double cublas_ms;
  double difference;
};

Row time_workload(cublasHandle_t handle, ga_dtype_t dtype, int batch, int m, int n, int k) {
  std::vector<int64_t> a_shape{m, k};
  std::vector<int64_t> b_shape{k, n};
  if (batch > 1) {
    a_shape.insert(a_shape.begin(), batch);
    b_shape.insert(b_shape.begin(), batch);
  }
  ga_array_t a = random_array(a_shape, dtype);
  ga_array_t b = random_array(b_shape, dtype);
  ga_array_t result = nullptr;
  Row row{};
  row.garray_ms = median_milliseconds([&] {
    if (result) check(ga_array_release(result), "ga_array_release");
    result = nullptr;
    check(ga_array_matmul(a, b, nullptr, nullptr, &result), "ga_array_matmul");
  });
  row.garray_out_ms = median_milliseconds([&] {  // into the last result: out given
    ga_array_t given = nullptr;
    check(ga_array_matmul(a, b, result, nullptr, &given), "ga_array_matmul");
    check(ga_array_release(given), "ga_array_release");  // the destination's extra reference
  });
  ga_array_t reference = nullptr;
  check(ga_array_empty_like(result, GA_DTYPE_SAME, GA_ORDER_C, nullptr, &reference), "ga_array_empty_like");
  row.cublas_ms = median_milliseconds(
      [&] { direct_gemm(handle, dtype, batch, m, n, k, data_of(a), data_of(b), data_of(reference)); });
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  row.difference = relative_difference(result, reference);
  for (ga_array_t array : {a, b, result, reference}) check(ga_array_release(array), "ga_array_release");
  return row;
}

double tflops(double flops, double milliseconds) { return flops / (milliseconds * 1e9); }

void print_row(const char* name, const Row& row, double flops, const char* goal) {
  std::printf("%-28s %10.1f %10.1f %10.1f %9.1f%%   (goal %s)\n", name, tflops(flops, row.garray_ms),
              tflops(flops, row.garray_out_ms), tflops(flops, row.cublas_ms),
              100.0 * row.cublas_ms / row.garray_out_ms, goal);
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  check(ga_linalg_set_allow_tf32(0), "ga_linalg_set_allow_tf32");
  cublasHandle_t handle = nullptr;
  check_library(cublasCreate(&handle), "cublasCreate");
  const int side = 8192;
  const double square_flops = 2.0 * side * side * static_cast<double>(side);
  const Row f32 = time_workload(handle, GA_FLOAT32, 1, side, side, side);
  const Row f64 = time_workload(handle, GA_FLOAT64, 1, side, side, side);
  const Row f16 = time_workload(handle, GA_FLOAT16, 1, side, side, side);
  const Row batched = time_workload(handle, GA_FLOAT32, 1000, 64, 64, 64);
  require(f32.difference < 1e-5, "the float32 product");
  require(f64.difference < 1e-12, "the float64 product");
  require(f16.difference < 1e-2, "the float16 product");
  require(batched.difference < 1e-5, "the batched product");

  // Host cost per call of a 16 x 16 float32 matmul: the device is synchronised every 256 calls so
  // that the launch queue never fills; cuBLAS's own call beside it.
  ga_array_t small_a = random_array({16, 16}, GA_FLOAT32);
  ga_array_t small_b = random_array({16, 16}, GA_FLOAT32);
  ga_array_t small_out = nullptr;
  check(ga_array_matmul(small_a, small_b, nullptr, nullptr, &small_out), "ga_array_matmul");
  // host_cost's pointer holds NULL (allocate) or small_out (the destination): pass it as out.
  const bench::HostCost host = bench::host_cost(small_out, [&](ga_array_t* result) {
    const ga_array_t out = *result;
    check(ga_array_matmul(small_a, small_b, out, nullptr, result), "ga_array_matmul");
    if (out) check(ga_array_release(*result), "ga_array_release");  // the destination's extra reference
  });
  const double host_cublas = bench::paced_microseconds(20000, [&] {
    direct_gemm(handle, GA_FLOAT32, 1, 16, 16, 16, data_of(small_a), data_of(small_b), data_of(small_out));
  });

  std::printf("bench_products: %s; TF32 off, float16 accumulating in float32\n\n", properties.name);
  std::printf("%-28s %10s %10s %10s %10s\n", "workload (TFLOP/s)", "garray", "out given", "cuBLAS", "% cuBLAS");
  print_row("matmul 8192^2 float32", f32, square_flops, ">= 97% of cuBLAS; CuPy 51");
  print_row("matmul 8192^2 float64", f64, square_flops, ">= 97% of cuBLAS; CuPy 56");
  print_row("matmul 8192^2 float16", f16, square_flops, ">= 97% of cuBLAS; CuPy 771");
  print_row("matmul 1000 x 64^3 float32", batched, 2.0 * 1000 * 64 * 64 * 64, ">= CuPy's 8.4");
  std::printf("\n%-28s %10s\n", "host cost per call (16^2)", "us");
  std::printf("%-28s %10.2f\n", "ga_array_matmul, result allocated", host.allocating);
  std::printf("%-28s %10.2f\n", "ga_array_matmul, out given", host.given);
  std::printf("%-28s %10.2f\n", "cublasGemmEx alone", host_cublas);
  std::printf("\ndifferences from cuBLAS: %.1e %.1e %.1e %.1e\n", f32.difference, f64.difference, f16.difference,
              batched.difference);
  cublasDestroy(handle);
  for (ga_array_t array : {small_a, small_b, small_out}) check(ga_array_release(array), "ga_array_release");
  return 0;
}
