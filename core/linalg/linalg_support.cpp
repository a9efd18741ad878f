#include "core/linalg/linalg_support.hpp"

#include "core/array/broadcast.hpp"
#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/fill.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"

#include <limits>
#include <optional>
#include <vector>

namespace garray {

ga_dtype_t linalg_dtype(ga_dtype_t dtype, const char* function) {
  switch (dtype) {
    case GA_FLOAT32:
    case GA_FLOAT64:
    case GA_COMPLEX64:
    case GA_COMPLEX128:
      return dtype;
    case GA_FLOAT16:
    case GA_BFLOAT16:
      return GA_FLOAT32;
    case GA_BOOL:
    case GA_INT8:
    case GA_INT16:
    case GA_INT32:
    case GA_INT64:
    case GA_UINT8:
    case GA_UINT16:
    case GA_UINT32:
    case GA_UINT64:
      return GA_FLOAT64;
  }
  throw Error(GA_ERROR_DTYPE, std::string(function) + ": dtype " + std::to_string(static_cast<int>(dtype)) +
                                  " is not supported in linalg");
}

ga_dtype_t linalg_dtype(ga_dtype_t a, ga_dtype_t b, const char* function) {
  return linalg_dtype(linalg_dtype(promote_types(linalg_dtype(a, function), linalg_dtype(b, function)), function),
                      function);
}

ga_dtype_t real_dtype(ga_dtype_t dtype) {
  return dtype == GA_COMPLEX64 || dtype == GA_FLOAT32 ? GA_FLOAT32 : GA_FLOAT64;
}

bool is_complex_dtype(ga_dtype_t dtype) { return dtype == GA_COMPLEX64 || dtype == GA_COMPLEX128; }

cudaDataType cuda_data_type(ga_dtype_t dtype) {
  switch (dtype) {
    case GA_FLOAT32:
      return CUDA_R_32F;
    case GA_FLOAT64:
      return CUDA_R_64F;
    case GA_COMPLEX64:
      return CUDA_C_32F;
    case GA_COMPLEX128:
      return CUDA_C_64F;
    default:
      throw Error(GA_ERROR_INTERNAL, "linalg: no cuSOLVER type for " + std::string(dtype_info(dtype).name));
  }
}

void require_matrices(const Array& a, const char* function, const char* name, bool square) {
  GA_REQUIRE(a.ndim() >= 2, GA_ERROR_SHAPE_MISMATCH,
             std::string(function) + ": " + name + " has " + std::to_string(a.ndim()) +
                 " dimensions; it must have at least two");
  GA_REQUIRE(!square || a.shape()[a.ndim() - 1] == a.shape()[a.ndim() - 2], GA_ERROR_SHAPE_MISMATCH,
             std::string(function) + ": the last two dimensions of " + name + " " + format_shape(a.shape()) +
                 " must be square");
}

Dims batch_shape(const Array& a) {
  Dims batch = a.shape();
  batch.resize(a.ndim() - 2);
  return batch;
}

std::int64_t count_of(const Dims& shape) {
  std::int64_t count = 1;
  for (std::int64_t extent : shape) count *= extent;
  return count;
}

Dims joined(const Dims& shape, std::initializer_list<std::int64_t> more) {
  Dims result = shape;
  for (std::int64_t extent : more) result.push_back(extent);
  return result;
}

Array swap_last_axes(const Array& a) {
  Dims shape = a.shape();
  Dims strides = a.strides();
  const int last = a.ndim() - 1;
  std::swap(shape[last], shape[last - 1]);
  std::swap(strides[last], strides[last - 1]);
  return a.view(shape, strides, a.byte_offset());
}

Array column_major_copy(const Array& a, ga_dtype_t dtype, const StreamRef& stream) {
  return copy_as(swap_last_axes(a), dtype, GA_ORDER_C, stream);
}

Array from_column_major(const Array& column_major, const StreamRef& stream) {
  Array logical = swap_last_axes(column_major);
  if (logical.is_c_contiguous()) return logical;
  return copy_as(logical, logical.dtype(), GA_ORDER_C, stream);
}

char* matrix_at(const Array& stack, std::int64_t index) {
  const int n = stack.ndim();
  const std::int64_t elements = stack.shape()[n - 1] * stack.shape()[n - 2];
  return stack.data() + index * elements * static_cast<std::int64_t>(stack.itemsize());
}

Array device_workspace(std::size_t bytes, const StreamRef& stream) {
  return Array::empty({static_cast<std::int64_t>(bytes)}, GA_UINT8, GA_ORDER_C, stream);
}

Array info_words(std::int64_t count, const StreamRef& stream) {
  Array info = Array::empty({count}, GA_INT32, GA_ORDER_C, stream);
  fill(info, make_int_scalar(0, GA_INT32), stream);
  return info;
}

int* info_at(const Array& info, std::int64_t index) {
  return elements<int>(info) + index;
}

SolverWorkspace solver_workspace(std::size_t device_bytes, std::size_t host_bytes, const StreamRef& stream) {
  return {device_workspace(device_bytes, stream), std::vector<char>(host_bytes)};
}

namespace {

Array call(const char* name, std::span<const UfuncOperand> operands, const StreamRef& stream) {
  const Ufunc& ufunc = find_ufunc(name);
  const std::vector<std::optional<Array>> outputs(ufunc.nout);
  return call_ufunc(ufunc, operands, outputs, UfuncOptions{}, stream).front();
}

}  // namespace

Array ufunc1(const char* name, const Array& a, const StreamRef& stream) {
  const UfuncOperand operands[] = {{&a, {}, false}};
  return call(name, operands, stream);
}

Array ufunc2(const char* name, const Array& a, const Array& b, const StreamRef& stream) {
  const UfuncOperand operands[] = {{&a, {}, false}, {&b, {}, false}};
  return call(name, operands, stream);
}

Array ufunc2(const char* name, const Array& a, double scalar, const StreamRef& stream) {
  const UfuncOperand operands[] = {{&a, {}, false}, {nullptr, make_real_scalar(scalar, GA_FLOAT64), true}};
  return call(name, operands, stream);
}

Array select(const Array& condition, const Array& a, double otherwise, const StreamRef& stream) {
  const UfuncOperand operands[] = {
      {&condition, {}, false}, {&a, {}, false}, {nullptr, make_real_scalar(otherwise, GA_FLOAT64), true}};
  return call("where", operands, stream);
}

double machine_epsilon(ga_dtype_t dtype) {
  return real_dtype(dtype) == GA_FLOAT32 ? static_cast<double>(std::numeric_limits<float>::epsilon())
                                         : std::numeric_limits<double>::epsilon();
}

Array reduce_last(Reduction reduction, const Array& a, int axes, const StreamRef& stream) {
  ReduceRequest request;
  request.axes = axes == 1 ? std::vector<int>{-1} : std::vector<int>{-2, -1};
  return reduce(reduction, a, request, std::nullopt, stream);
}

Array as_dtype(const Array& a, ga_dtype_t dtype, const StreamRef& stream) {
  return a.dtype() == dtype ? a : copy_as(a, dtype, GA_ORDER_K, stream);
}

}  // namespace garray
