// One strided-batched GEMM on cuBLAS for matmul's row-major view of the world: C (m × n per batch
// entry, C-contiguous) = A (m × k) · B (k × n), computed as the column-major Cᵀ = Bᵀ·Aᵀ so that no
// operand is copied. float16 and bfloat16 accumulate in float32, float32 in full FP32 unless TF32
// is allowed (blas_handle.hpp), complex64 in FP32, float64 and complex128 in FP64.
#pragma once

#include "core/linalg/matmul_plan.hpp"
#include "core/runtime/stream.hpp"

#include <garray/base.h>

#include <cstdint>

namespace garray {

struct GemmProblem {
  ga_dtype_t dtype = GA_FLOAT32;  // of A, B and C: float16, bfloat16, float32/64, complex64/128
  std::int64_t m = 0;
  std::int64_t n = 0;
  std::int64_t k = 0;
  std::int64_t batch = 1;
  GemmOperand a;
  GemmOperand b;
  const void* a_data = nullptr;
  const void* b_data = nullptr;
  void* c_data = nullptr;
  bool conjugate_a = false;  // conj(A) · B; A must then be column-major
};

// How cuBLAS reads one column-major operand.
enum class GemmOp { none, transpose, conjugate_transpose };

// The column-major call that computes the problem, Cᵀ = op(Bᵀ) · op(Aᵀ): its first operand is B
// (n × k after its op), its second A (k × m after its op), C is n × m with leading dimension n.
struct ColumnMajorGemm {
  GemmOp first_op = GemmOp::none;
  GemmOp second_op = GemmOp::none;
  std::int64_t rows = 0;  // cuBLAS's m: our n
  std::int64_t cols = 0;  // cuBLAS's n: our m
  std::int64_t depth = 0;
  std::int64_t first_leading = 0;
  std::int64_t second_leading = 0;
  std::int64_t result_leading = 0;
  std::int64_t first_batch_stride = 0;
  std::int64_t second_batch_stride = 0;
  std::int64_t result_batch_stride = 0;
};

// The call for `problem`, without the device (what run_gemm() passes to cuBLAS).
ColumnMajorGemm column_major_gemm(const GemmProblem& problem);

// Whether `dtype` is one the GEMM takes.
bool gemm_supports(ga_dtype_t dtype) noexcept;

// Queues the product on `stream` (whose device must be current). Throws GA_ERROR_UNSUPPORTED when
// m, n, k, a leading dimension or the batch count exceed cuBLAS's int, and as check_cublas().
void run_gemm(const GemmProblem& problem, const StreamRef& stream);

}  // namespace garray
