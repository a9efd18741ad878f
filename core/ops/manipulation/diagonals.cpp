#include "core/ops/manipulation/diagonals.hpp"

#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/fill.hpp"
#include "core/ops/manipulation/axis_views.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace garray {

namespace {

// The diagonal as a view that keeps `array`'s writeable flag.
Array diagonal_view(const Array& array, std::int64_t offset, int axis1, int axis2) {
  GA_REQUIRE_ARGUMENT(array.ndim() >= 2, "diag requires an array of at least two dimensions, not " +
                                             std::to_string(array.ndim()));
  const int first = normalize_axis(axis1, array.ndim(), "axis1");
  const int second = normalize_axis(axis2, array.ndim(), "axis2");
  GA_REQUIRE_ARGUMENT(first != second, "axis1 and axis2 cannot be the same");
  const std::int64_t rows = array.shape()[first];
  const std::int64_t columns = array.shape()[second];
  const std::int64_t start_row = offset < 0 ? (offset < -rows ? rows : -offset) : 0;
  const std::int64_t start_column = offset > 0 ? std::min(offset, columns) : 0;
  const std::int64_t length = std::max<std::int64_t>(0, std::min(rows - start_row, columns - start_column));
  Dims shape;
  Dims strides;
  for (int d = 0; d < array.ndim(); ++d) {
    if (d == first || d == second) continue;
    shape.push_back(array.shape()[d]);
    strides.push_back(array.strides()[d]);
  }
  shape.push_back(length);
  strides.push_back(array.strides()[first] + array.strides()[second]);
  const std::int64_t start =
      length > 0 ? (start_row * array.strides()[first] + start_column * array.strides()[second]) *
                       static_cast<std::int64_t>(array.itemsize())
                 : 0;
  return array.view(shape, strides, array.byte_offset() + start);
}

}  // namespace

Array diagonal(const Array& array, std::int64_t offset, int axis1, int axis2) {
  return read_only(diagonal_view(array, offset, axis1, axis2));
}

Array diag(const Array& array, std::int64_t k, const StreamRef& stream) {
  if (array.ndim() == 2) return diagonal(array, k, 0, 1);
  GA_REQUIRE_ARGUMENT(array.ndim() == 1, "Input must be 1- or 2-d. (it has " + std::to_string(array.ndim()) +
                                             " dimensions)");
  require_on_stream_device(array, stream, "array");
  const std::int64_t n = array.size() + (k < 0 ? -k : k);
  Array result = Array::empty(Dims{n, n}, array.dtype(), GA_ORDER_C, stream);
  fill(result, make_int_scalar(0, array.dtype()), stream);
  copy_into(array, diagonal_view(result, k, 0, 1), stream);
  return result;
}

Array trace(const Array& array, std::int64_t offset, int axis1, int axis2, std::optional<ga_dtype_t> dtype,
            const std::optional<Array>& out, const StreamRef& stream) {
  const Array diagonals = diagonal_view(array, offset, axis1, axis2);
  return reduce_ufunc(find_ufunc("add"), diagonals, std::vector<int>{-1}, false, dtype, std::nullopt, out, stream);
}

Array triangle(const Array& array, std::int64_t k, bool upper, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(array.ndim() >= 1, std::string(upper ? "triu" : "tril") +
                                             " needs an array of at least one dimension");
  require_on_stream_device(array, stream, "array");
  const std::int64_t columns = array.shape()[array.ndim() - 1];
  const std::int64_t rows = array.ndim() >= 2 ? array.shape()[array.ndim() - 2] : columns;
  // tril keeps where column <= row + k; triu keeps the complement of tri(k - 1).
  const Array mask = tri(rows, columns, upper ? k - 1 : k, GA_BOOL, stream);
  UfuncOperand condition{&mask, {}, false};
  UfuncOperand values{&array, {}, false};
  UfuncOperand zero{nullptr, make_int_scalar(0, array.dtype()), false};
  const UfuncOperand operands[] = {condition, upper ? zero : values, upper ? values : zero};
  const std::optional<Array> outputs[] = {std::nullopt};
  return std::move(call_ufunc(find_ufunc("where"), operands, outputs, UfuncOptions{}, stream)[0]);
}

}  // namespace garray
