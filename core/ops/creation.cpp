#include "core/ops/creation.hpp"

#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/fill.hpp"
#include "core/ops/fill_kernels.hpp"
#include "core/ops/launch.hpp"

#include <cmath>
#include <limits>
#include <string>

namespace garray {

namespace {

constexpr int kThreads = 256;

bool is_integer_kind(ga_dtype_kind_t kind) { return kind == GA_KIND_SIGNED || kind == GA_KIND_UNSIGNED; }

bool is_integral_scalar(const ga_scalar_t& scalar) {
  const ga_dtype_kind_t kind = dtype_info(scalar.dtype).kind;
  return kind == GA_KIND_BOOL || is_integer_kind(kind);
}

void require_real_dtype(ga_dtype_t dtype, const char* routine) {
  GA_REQUIRE(dtype_info(dtype).kind != GA_KIND_COMPLEX, GA_ERROR_UNSUPPORTED,
          std::string(routine) + " does not support complex dtypes");
}

std::int64_t require_length(double length, const char* what) {
  GA_REQUIRE(std::isfinite(length) && length < static_cast<double>(std::numeric_limits<std::int64_t>::max()),
          GA_ERROR_INVALID_ARGUMENT, std::string(what) + " gives no finite length");
  return length > 0 ? static_cast<std::int64_t>(length) : 0;
}

struct SequenceArguments {
  double start = 0;
  double step = 0;
  double stop = 0;
  double base = 0;
  long long integer_start = 0;
  long long integer_step = 0;
  int pin_last = 0;
};

void launch_sequence(SequenceKind kind, const Array& destination, SequenceArguments arguments,
                     const StreamRef& stream) {
  if (destination.size() == 0) return;
  const bool wide = destination.size() > std::numeric_limits<std::int32_t>::max();
  void* dst = destination.data();
  std::int64_t n64 = destination.size();
  auto n32 = static_cast<std::uint32_t>(destination.size());
  void* launch_arguments[] = {&dst,
                              wide ? static_cast<void*>(&n64) : static_cast<void*>(&n32),
                              &arguments.start,
                              &arguments.step,
                              &arguments.stop,
                              &arguments.base,
                              &arguments.integer_start,
                              &arguments.integer_step,
                              &arguments.pin_last};
  launch_generated(sequence_kernel(kind, destination.dtype(), wide),
                   grid_stride_blocks(destination.size(), kThreads), kThreads, stream,
                   launch_arguments);
}

// An integral scalar's value; unsigned values past INT64_MAX wrap, as the 64-bit kernel arithmetic does.
long long integer_value(const ga_scalar_t& scalar) {
  return dtype_info(scalar.dtype).kind == GA_KIND_UNSIGNED ? static_cast<long long>(scalar.as_uint)
                                                            : static_cast<long long>(scalar.as_int);
}

// The number of values of arange, exactly for integer arguments.
std::int64_t arange_length(const ga_scalar_t& start, const ga_scalar_t& stop, const ga_scalar_t& step) {
  if (is_integral_scalar(start) && is_integral_scalar(stop) && is_integral_scalar(step)) {
    // 128-bit arithmetic: the span of two 64-bit values (signed or not) always fits.
    const auto as_int = [](const ga_scalar_t& s) {
      return dtype_info(s.dtype).kind == GA_KIND_UNSIGNED ? static_cast<__int128>(s.as_uint)
                                                           : static_cast<__int128>(s.as_int);
    };
    const __int128 first = as_int(start), last = as_int(stop), delta = as_int(step);
    GA_REQUIRE_ARGUMENT(delta != 0, "step must not be zero");
    const __int128 span = last - first;
    __int128 length = span / delta;
    if (span % delta != 0 && ((span < 0) == (delta < 0))) ++length;
    GA_REQUIRE_ARGUMENT(length <= std::numeric_limits<std::int64_t>::max(), "arange is too long");
    return length > 0 ? static_cast<std::int64_t>(length) : 0;
  }
  const double delta = scalar_as_double(step);
  GA_REQUIRE_ARGUMENT(delta != 0, "step must not be zero");
  return require_length(std::ceil((scalar_as_double(stop) - scalar_as_double(start)) / delta), "arange");
}

}  // namespace

Array full(const Dims& shape, const ga_scalar_t& value, ga_dtype_t dtype, ga_order_t order,
           const StreamRef& stream) {
  validate_scalar(value, "value");
  Array result = Array::empty(shape, dtype, order, stream);
  fill(result, value, stream);
  return result;
}

Array empty_like(const Array& prototype, ga_dtype_t dtype, ga_order_t order, const StreamRef& stream) {
  const Dims strides = strides_for_order(prototype.shape(), prototype.strides(),
                                         prototype.is_c_contiguous(), prototype.is_f_contiguous(), order);
  return Array::empty_strided(prototype.shape(), dtype, strides, stream);
}

Array full_like(const Array& prototype, const ga_scalar_t& value, std::optional<ga_dtype_t> dtype,
                ga_order_t order, const StreamRef& stream) {
  validate_scalar(value, "value");
  Array result = empty_like(prototype, dtype.value_or(prototype.dtype()), order, stream);
  fill(result, value, stream);
  return result;
}

Array arange(const ga_scalar_t& start, const ga_scalar_t& stop, const ga_scalar_t& step,
             ga_dtype_t dtype, const StreamRef& stream) {
  validate_scalar(start, "start");
  validate_scalar(stop, "stop");
  validate_scalar(step, "step");
  const DTypeInfo& info = dtype_info(dtype);
  require_real_dtype(dtype, "arange");
  const std::int64_t length = arange_length(start, stop, step);
  GA_REQUIRE(info.kind != GA_KIND_BOOL || length <= 2, GA_ERROR_DTYPE,
          "arange of more than 2 elements cannot have dtype bool (" + std::to_string(length) + " asked)");
  Array result = Array::empty(Dims{length}, dtype, GA_ORDER_C, stream);
  SequenceArguments arguments;
  arguments.start = scalar_as_double(start);
  arguments.step = scalar_as_double(step);
  const bool integral = is_integral_scalar(start) && is_integral_scalar(step);
  if (is_integer_kind(info.kind) || info.kind == GA_KIND_BOOL) {
    arguments.integer_start = integral ? integer_value(start) : static_cast<long long>(arguments.start);
    arguments.integer_step = integral ? integer_value(step) : static_cast<long long>(arguments.step);
    launch_sequence(SequenceKind::arange_integer, result, arguments, stream);
  } else {
    launch_sequence(SequenceKind::arange_float, result, arguments, stream);
  }
  return result;
}

Linspace linspace(double start, double stop, std::int64_t num, bool endpoint, ga_dtype_t dtype,
                  const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(num >= 0, "num must be non-negative, not " + std::to_string(num));
  require_real_dtype(dtype, "linspace");
  const std::int64_t divisions = endpoint ? num - 1 : num;
  const double step = divisions > 0 ? (stop - start) / static_cast<double>(divisions)
                                    : std::numeric_limits<double>::quiet_NaN();
  Array values = Array::empty(Dims{num}, dtype, GA_ORDER_C, stream);
  SequenceArguments arguments;
  arguments.start = start;
  arguments.step = divisions > 0 ? step : 0.0;
  arguments.stop = stop;
  arguments.pin_last = endpoint && num > 1;
  launch_sequence(SequenceKind::linspace, values, arguments, stream);
  return {values, step};
}

Array logspace(double start, double stop, std::int64_t num, bool endpoint, double base,
               ga_dtype_t dtype, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(num >= 0, "num must be non-negative, not " + std::to_string(num));
  require_real_dtype(dtype, "logspace");
  const std::int64_t divisions = endpoint ? num - 1 : num;
  Array values = Array::empty(Dims{num}, dtype, GA_ORDER_C, stream);
  SequenceArguments arguments;
  arguments.start = start;
  arguments.step = divisions > 0 ? (stop - start) / static_cast<double>(divisions) : 0.0;
  arguments.stop = stop;
  arguments.base = base;
  arguments.pin_last = endpoint && num > 1;
  launch_sequence(SequenceKind::logspace, values, arguments, stream);
  return values;
}

Array eye(std::int64_t rows, std::int64_t columns, std::int64_t k, ga_dtype_t dtype, ga_order_t order,
          const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(rows >= 0 && columns >= 0, "eye needs non-negative rows and columns");
  Array result = full(Dims{rows, columns}, make_int_scalar(0, GA_INT64), dtype, order, stream);
  const std::int64_t length = k >= 0 ? std::max<std::int64_t>(0, std::min(rows, columns - k))
                                     : std::max<std::int64_t>(0, std::min(rows + k, columns));
  if (length == 0) return result;
  const std::int64_t first_row = k >= 0 ? 0 : -k;
  const std::int64_t first_column = k >= 0 ? k : 0;
  const std::int64_t first = first_row * result.strides()[0] + first_column * result.strides()[1];
  const Array diagonal = result.view(Dims{length}, Dims{result.strides()[0] + result.strides()[1]},
                                     first * static_cast<std::int64_t>(result.itemsize()));
  fill(diagonal, make_int_scalar(1, GA_INT64), stream);
  return result;
}

Array tri(std::int64_t rows, std::int64_t columns, std::int64_t k, ga_dtype_t dtype,
          const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(rows >= 0 && columns >= 0, "tri needs non-negative rows and columns");
  Array result = Array::empty(Dims{rows, columns}, dtype, GA_ORDER_C, stream);
  if (result.size() == 0) return result;
  const bool wide = result.size() > std::numeric_limits<std::int32_t>::max();
  void* dst = result.data();
  std::int64_t n64 = result.size();
  auto n32 = static_cast<std::uint32_t>(result.size());
  long long column_count = columns;
  long long diagonal = k;
  void* arguments[] = {&dst, wide ? static_cast<void*>(&n64) : static_cast<void*>(&n32),
                       &column_count, &diagonal};
  launch_generated(tri_kernel(dtype, wide), grid_stride_blocks(result.size(), kThreads),
                   kThreads, stream, arguments);
  return result;
}

std::vector<Array> meshgrid(std::span<const Array> vectors, ga_meshgrid_indexing_t indexing,
                            const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(indexing == GA_MESHGRID_XY || indexing == GA_MESHGRID_IJ,
                   "indexing must be GA_MESHGRID_XY or GA_MESHGRID_IJ");
  const int count = static_cast<int>(vectors.size());
  GA_REQUIRE_ARGUMENT(count <= kMaxDims, "meshgrid takes at most " + std::to_string(kMaxDims) + " vectors");
  Dims shape;
  for (const Array& vector : vectors) shape.push_back(vector.size());
  const bool swap = indexing == GA_MESHGRID_XY && count >= 2;
  if (swap) std::swap(shape[0], shape[1]);
  std::vector<Array> grids;
  grids.reserve(vectors.size());
  for (int i = 0; i < count; ++i) {
    const Array flat = vectors[i].is_c_contiguous() ? vectors[i] : copy_as(vectors[i], vectors[i].dtype(), GA_ORDER_C, stream);
    int axis = i;
    if (swap && i < 2) axis = 1 - i;
    Dims strides = Dims::filled(count, 0);
    strides[axis] = 1;
    const Array broadcast = flat.view(shape, strides, flat.byte_offset());
    grids.push_back(copy_as(broadcast, flat.dtype(), GA_ORDER_C, stream));
  }
  return grids;
}

}  // namespace garray
