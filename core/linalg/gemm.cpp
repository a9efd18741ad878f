#include "core/linalg/gemm.hpp"

#include "core/common/error.hpp"
#include "core/linalg/blas_handle.hpp"

#include <cuComplex.h>

#include <climits>
#include <string>

namespace garray {

namespace {

// The scalars alpha = 1 and beta = 0 in the compute type.
union GemmScalar {
  float real32;
  double real64;
  cuComplex complex64;
  cuDoubleComplex complex128;
};

struct GemmTypes {
  cudaDataType_t data;
  cublasComputeType_t compute;
  GemmScalar one;
  GemmScalar zero;
};

GemmTypes gemm_types(ga_dtype_t dtype) {
  GemmTypes types{};
  switch (dtype) {
    case GA_FLOAT16: types.data = CUDA_R_16F; break;
    case GA_BFLOAT16: types.data = CUDA_R_16BF; break;
    case GA_FLOAT32: types.data = CUDA_R_32F; break;
    case GA_FLOAT64: types.data = CUDA_R_64F; break;
    case GA_COMPLEX64: types.data = CUDA_C_32F; break;
    case GA_COMPLEX128: types.data = CUDA_C_64F; break;
    default: throw Error(GA_ERROR_INTERNAL, "run_gemm: dtype without a GEMM");
  }
  switch (dtype) {
    case GA_FLOAT64:
      types.compute = CUBLAS_COMPUTE_64F;
      types.one.real64 = 1.0;
      types.zero.real64 = 0.0;
      break;
    case GA_COMPLEX128:
      types.compute = CUBLAS_COMPUTE_64F;
      types.one.complex128 = make_cuDoubleComplex(1.0, 0.0);
      types.zero.complex128 = make_cuDoubleComplex(0.0, 0.0);
      break;
    case GA_COMPLEX64:
      types.compute = CUBLAS_COMPUTE_32F;
      types.one.complex64 = make_cuComplex(1.0F, 0.0F);
      types.zero.complex64 = make_cuComplex(0.0F, 0.0F);
      break;
    default:
      types.compute = dtype == GA_FLOAT32 && allow_tf32() ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
      types.one.real32 = 1.0F;
      types.zero.real32 = 0.0F;
      break;
  }
  return types;
}

int as_int(std::int64_t value, const char* what) {
  GA_REQUIRE(value >= 0 && value <= INT_MAX, GA_ERROR_UNSUPPORTED,
             std::string("matmul: ") + what + " " + std::to_string(value) + " exceeds cuBLAS's 32-bit int");
  return static_cast<int>(value);
}

GemmOp operation(const GemmOperand& operand, bool conjugate) {
  if (operand.row_major) return GemmOp::none;
  return conjugate ? GemmOp::conjugate_transpose : GemmOp::transpose;
}

cublasOperation_t cublas_operation(GemmOp op) {
  switch (op) {
    case GemmOp::none: return CUBLAS_OP_N;
    case GemmOp::transpose: return CUBLAS_OP_T;
    default: return CUBLAS_OP_C;
  }
}

}  // namespace

ColumnMajorGemm column_major_gemm(const GemmProblem& problem) {
  GA_REQUIRE(!problem.conjugate_a || !problem.a.row_major, GA_ERROR_INTERNAL,
             "run_gemm: a conjugated operand must be column-major");
  ColumnMajorGemm call;
  call.first_op = operation(problem.b, false);
  call.second_op = operation(problem.a, problem.conjugate_a);
  call.rows = problem.n;
  call.cols = problem.m;
  call.depth = problem.k;
  call.first_leading = problem.b.leading;
  call.second_leading = problem.a.leading;
  call.result_leading = problem.n;
  call.first_batch_stride = problem.b.batch_stride;
  call.second_batch_stride = problem.a.batch_stride;
  call.result_batch_stride = problem.m * problem.n;
  return call;
}

bool gemm_supports(ga_dtype_t dtype) noexcept {
  switch (dtype) {
    case GA_FLOAT16:
    case GA_BFLOAT16:
    case GA_FLOAT32:
    case GA_FLOAT64:
    case GA_COMPLEX64:
    case GA_COMPLEX128: return true;
    default: return false;
  }
}

void run_gemm(const GemmProblem& problem, const StreamRef& stream) {
  const ColumnMajorGemm call = column_major_gemm(problem);
  const GemmTypes types = gemm_types(problem.dtype);
  const int m = as_int(call.rows, "n");
  const int n = as_int(call.cols, "m");
  const int k = as_int(call.depth, "k");
  const int lda = as_int(call.first_leading, "the leading dimension of operand 1");
  const int ldb = as_int(call.second_leading, "the leading dimension of operand 0");
  const int ldc = as_int(call.result_leading, "n");
  const int batch = as_int(problem.batch, "the batch count");
  const cublasOperation_t transa = cublas_operation(call.first_op);
  const cublasOperation_t transb = cublas_operation(call.second_op);
  const BlasCall blas(stream);
  if (batch == 1) {
    check_cublas(cublasGemmEx(blas.handle(), transa, transb, m, n, k, &types.one, problem.b_data, types.data, lda,
                              problem.a_data, types.data, ldb, &types.zero, problem.c_data, types.data, ldc,
                              types.compute, CUBLAS_GEMM_DEFAULT),
                 "cublasGemmEx");
    return;
  }
  check_cublas(cublasGemmStridedBatchedEx(blas.handle(), transa, transb, m, n, k, &types.one, problem.b_data,
                                          types.data, lda, call.first_batch_stride, problem.a_data, types.data, ldb,
                                          call.second_batch_stride, &types.zero, problem.c_data, types.data, ldc,
                                          call.result_batch_stride, batch, types.compute, CUBLAS_GEMM_DEFAULT),
               "cublasGemmStridedBatchedEx");
}

}  // namespace garray
