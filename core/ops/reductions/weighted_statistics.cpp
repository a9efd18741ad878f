#include "core/ops/reductions/weighted_statistics.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/reduction_layout.hpp"
#include "core/ops/reductions/statistic_kernels.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"

#include <string>
#include <vector>

namespace garray {

namespace {

Array binary_ufunc(const char* name, const Array& left, const Array& right, std::optional<ga_dtype_t> dtype,
                   const std::optional<Array>& out, const StreamRef& stream) {
  const UfuncOperand operands[2] = {{&left, {}, false}, {&right, {}, false}};
  const std::optional<Array> slots[1] = {out};
  UfuncOptions options;
  options.dtype = dtype;
  return call_ufunc(find_ufunc(name), operands, slots, options, stream)[0];
}

// `weights` as a view that broadcasts against `a`: itself when the shapes agree, else the 1-D
// weights laid along the one reduced axis.
Array broadcastable_weights(const Array& a, const Array& weights, const ReduceRequest& request) {
  if (weights.shape() == a.shape()) return weights;
  GA_REQUIRE(request.axes && request.axes->size() == 1, GA_ERROR_SHAPE_MISMATCH,
             "average: axis must be specified (one axis) when shapes of a and weights differ");
  GA_REQUIRE(weights.ndim() == 1, GA_ERROR_SHAPE_MISMATCH,
             "average: 1D weights expected when shapes of a and weights differ");
  const int axis = normalize_axis((*request.axes)[0], a.ndim(), "axis");
  GA_REQUIRE(weights.shape()[0] == a.shape()[axis], GA_ERROR_SHAPE_MISMATCH,
             "average: length of weights not compatible with specified axis");
  Dims shape = Dims::filled(a.ndim(), 1);
  Dims strides = Dims::filled(a.ndim(), 0);
  shape[axis] = weights.shape()[0];
  strides[axis] = weights.strides()[0];
  return weights.view(shape, strides, weights.byte_offset());
}

// m as the (variables, observations) matrix NumPy's cov forms: 1-D as one row, columns as
// variables when !rowvar (unless there is a single row).
Array as_variables(const Array& m, bool rowvar, const char* name) {
  GA_REQUIRE_ARGUMENT(m.ndim() <= 2, std::string(name) + " has more than 2 dimensions");
  Array rows = m;
  if (m.ndim() < 2) {
    const std::int64_t count = m.ndim() == 1 ? m.shape()[0] : 1;
    const std::int64_t stride = m.ndim() == 1 ? m.strides()[0] : 0;
    rows = m.view(Dims{1, count}, Dims{0, stride}, m.byte_offset());
  }
  if (!rowvar && rows.shape()[0] != 1) {
    rows = rows.view(Dims{rows.shape()[1], rows.shape()[0]}, Dims{rows.strides()[1], rows.strides()[0]},
                     rows.byte_offset());
  }
  return rows;
}

}  // namespace

Array average(const Array& a, const Array* weights, const ReduceRequest& request, const std::optional<Array>& out,
              const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(!request.dtype && request.ddof == 0, "average takes no dtype and no ddof");
  if (!weights) return reduce(Reduction::mean, a, request, out, stream);
  const Array spread = broadcastable_weights(a, *weights, request);
  ga_dtype_t result = promote_types(a.dtype(), weights->dtype());
  if (dtype_info(a.dtype()).kind == GA_KIND_BOOL || dtype_info(a.dtype()).kind == GA_KIND_SIGNED ||
      dtype_info(a.dtype()).kind == GA_KIND_UNSIGNED) {
    result = promote_types(result, GA_FLOAT64);
  }
  const ReductionShape shape = reduction_shape({&a, 1}, request.axes, request.keepdims);
  require_destination(out, {shape.output_shape, result}, stream);
  const ReduceRequest summing{request.axes, request.keepdims, result, 0};
  const Array weighted = binary_ufunc("multiply", a, spread, result, std::nullopt, stream);
  const Array numerator = reduce(Reduction::sum, weighted, summing, std::nullopt, stream);
  const Array scale = reduce(Reduction::sum, spread, summing, std::nullopt, stream);
  return binary_ufunc("true_divide", numerator, scale, std::nullopt, out, stream);
}

Array covariance(const Array& m, const Array* y, bool rowvar, int divisor_offset, const StreamRef& stream) {
  const Array first = as_variables(m, rowvar, "m");
  ga_dtype_t dtype = promote_types(m.dtype(), GA_FLOAT64);
  std::int64_t variables = first.shape()[0];
  std::optional<Array> second;
  if (y) {
    second = as_variables(*y, rowvar, "y");
    GA_REQUIRE(second->shape()[1] == first.shape()[1], GA_ERROR_SHAPE_MISMATCH,
               "cov: m has " + std::to_string(first.shape()[1]) + " observations but y has " +
                   std::to_string(second->shape()[1]));
    dtype = promote_types(dtype, y->dtype());
    variables += second->shape()[0];
  }
  const std::int64_t observations = first.shape()[1];
  Array rows = Array::empty(Dims{variables, observations}, dtype, GA_ORDER_C, stream);
  copy_into(first, rows.view(first.shape(), rows.strides(), rows.byte_offset()), stream);
  if (second) {
    const std::int64_t offset = first.shape()[0] * observations * static_cast<std::int64_t>(dtype_info(dtype).itemsize);
    copy_into(*second, rows.view(second->shape(), rows.strides(), rows.byte_offset() + offset), stream);
  }
  const ReduceRequest along_observations{std::vector<int>{1}, true, std::nullopt, 0};
  const Array means = reduce(Reduction::mean, rows, along_observations, std::nullopt, stream);
  const Array centred = binary_ufunc("subtract", rows, means, std::nullopt, std::nullopt, stream);
  // (n, 1, N) against (1, n, N), folded over N.
  const Array left = centred.view(Dims{variables, 1, observations}, Dims{observations, 0, 1}, centred.byte_offset());
  const Array right = centred.view(Dims{1, variables, observations}, Dims{0, observations, 1}, centred.byte_offset());
  const double divisor = std::max(0.0, static_cast<double>(observations - divisor_offset));
  KernelArgument arguments[3];
  arguments[0].array = &left;
  arguments[1].array = &right;
  arguments[2].scalar = make_real_scalar(divisor, GA_FLOAT64);
  const std::optional<Array> slots[1] = {std::nullopt};
  const Array matrix = covariance_kernel(dtype)(arguments, slots, std::vector<int>{2}, false, stream)[0];
  if (variables == 1) return matrix.view(Dims{}, Dims{}, matrix.byte_offset());
  return matrix;
}

Array correlation(const Array& x, const Array* y, bool rowvar, const StreamRef& stream) {
  const Array matrix = covariance(x, y, rowvar, 1, stream);
  const bool single = matrix.ndim() == 0;
  const std::int64_t n = single ? 1 : matrix.shape()[0];
  const Array square = matrix.view(Dims{n, n}, Dims{n, 1}, matrix.byte_offset());
  const Array row_scale = square.view(Dims{n, 1}, Dims{n + 1, 0}, square.byte_offset());
  const Array column_scale = square.view(Dims{1, n}, Dims{0, n + 1}, square.byte_offset());
  KernelArgument arguments[3];
  arguments[0].array = &square;
  arguments[1].array = &row_scale;
  arguments[2].array = &column_scale;
  const std::optional<Array> slots[1] = {std::nullopt};
  const Array result = correlation_kernel(matrix.dtype())(arguments, slots, -1, stream)[0];
  return single ? result.view(Dims{}, Dims{}, result.byte_offset()) : result;
}

}  // namespace garray
