#include "core/linalg/integer_matmul.hpp"

#include "core/array/scalar.hpp"
#include "core/ops/elementwise_kernel.hpp"

#include <string>
#include <vector>

namespace garray {

const std::string_view kIntegerMatmulInParams =
    "raw A a, raw B b, int64 m, int64 k, int64 n, int64 a_batch_stride, int64 b_batch_stride";
const std::string_view kIntegerMatmulOutParams = "C c";
// `i` walks the C-contiguous product. For bool, `+=` of a product converts the sum back to bool:
// the or of ands.
const std::string_view kIntegerMatmulOperation =
    "const long long column = i % n;\n"
    "const long long row = (i / n) % m;\n"
    "const long long batch = i / (n * m);\n"
    "const long long a_start = batch * a_batch_stride + row * k;\n"
    "const long long b_start = batch * b_batch_stride + column;\n"
    "C sum = C(0);\n"
    "for (long long p = 0; p < k; ++p) sum += C(a[a_start + p]) * C(b[b_start + p * n]);\n"
    "c = sum;";

namespace {

const ElementwiseKernel& integer_matmul_kernel() {
  static const auto* kernel =
      new ElementwiseKernel(kIntegerMatmulInParams, kIntegerMatmulOutParams, std::string(kIntegerMatmulOperation),
                            "ga_integer_matmul", "", {});  // outlives static teardown
  return *kernel;
}

}  // namespace

void integer_matmul(const IntegerMatmulOperand& a, const IntegerMatmulOperand& b, std::int64_t k,
                    const Array& product, const StreamRef& stream) {
  const int ndim = product.ndim();
  std::vector<KernelArgument> inputs(7);
  inputs[0].array = &a.matrices;
  inputs[1].array = &b.matrices;
  inputs[2].scalar = make_int_scalar(product.shape()[ndim - 2], GA_INT64);
  inputs[3].scalar = make_int_scalar(k, GA_INT64);
  inputs[4].scalar = make_int_scalar(product.shape()[ndim - 1], GA_INT64);
  inputs[5].scalar = make_int_scalar(a.batch_stride, GA_INT64);
  inputs[6].scalar = make_int_scalar(b.batch_stride, GA_INT64);
  const std::optional<Array> outputs[] = {product};
  integer_matmul_kernel()(inputs, outputs, -1, stream);
}

}  // namespace garray
