#include "core/fft/fft_steps.hpp"

#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/fft/device_plan_cache.hpp"
#include "core/fft/plan_key.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/fill.hpp"

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <vector>

namespace garray {

namespace {

bool is_double(ga_dtype_t dtype) { return dtype == GA_FLOAT64 || dtype == GA_COMPLEX128; }

// The axes of `array` from the outermost (largest stride) to the innermost; ties keep axis order.
std::vector<int> stride_order(const Array& array) {
  std::vector<int> order(static_cast<std::size_t>(array.ndim()));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return array.strides()[a] > array.strides()[b]; });
  return order;
}

// Strides of a compact array of `shape` whose axes nest as `order` lists them (outermost first).
Dims compact_strides(const Dims& shape, const std::vector<int>& order) {
  Dims strides = Dims::filled(shape.size(), 0);
  std::int64_t stride = 1;
  for (auto axis = order.rbegin(); axis != order.rend(); ++axis) {
    strides[*axis] = stride;
    stride *= std::max<std::int64_t>(shape[*axis], 1);
  }
  return strides;
}

// A new compact array of `shape` and `dtype` laid out as `reference` is (its stride order).
Array empty_like_layout(const Dims& shape, ga_dtype_t dtype, const Array& reference, const StreamRef& stream) {
  return Array::empty_strided(shape, dtype, compact_strides(shape, stride_order(reference)), stream);
}

// A compact copy of `array` with `inner` innermost (in that order), the other axes outside it in
// the array's stride order: a layout every step over `inner` can use.
Array relayout(const Array& array, std::span<const int> inner, const StreamRef& stream) {
  std::vector<int> order;
  for (const int axis : stride_order(array)) {
    if (std::find(inner.begin(), inner.end(), axis) == inner.end()) order.push_back(axis);
  }
  order.insert(order.end(), inner.begin(), inner.end());
  Array copy = Array::empty_strided(array.shape(), array.dtype(), compact_strides(array.shape(), order), stream);
  copy_into(array, copy, stream);
  return copy;
}

// One cuFFT execution from `input` to `output` over `axes` (outermost first), when both layouts
// can be described: false, doing nothing, when one cannot.
bool try_execute(const Array& input, const Array& output, std::span<const int> axes, FftType type, const Dims& lengths,
                 bool inverse, const StreamRef& stream) {
  std::int64_t input_batch = 0;
  std::int64_t output_batch = 0;
  const std::optional<FftLayout> input_layout = fft_layout(input.shape(), input.strides(), axes, input_batch);
  if (!input_layout) return false;
  const std::optional<FftLayout> output_layout = fft_layout(output.shape(), output.strides(), axes, output_batch);
  if (!output_layout) return false;
  // The batch index must walk the same axes in the same order on both sides.
  if (batch_axes(input.shape(), input.strides(), axes) != batch_axes(output.shape(), output.strides(), axes)) {
    return false;
  }
  if (input.size() == 0 || output.size() == 0) return true;
  PlanKey key;
  key.type = type;
  key.double_precision = is_double(input.dtype()) ? 1 : 0;
  key.rank = static_cast<std::int64_t>(axes.size());
  for (std::size_t j = 0; j < axes.size(); ++j) key.n[j] = lengths[axes[j]];
  key.batch = input_batch;
  key.input = *input_layout;
  key.output = *output_layout;
  std::shared_ptr<FftPlan> plan;
  try {
    plan = cached_plan(key, stream);
  } catch (const Error& error) {
    // A strided layout cuFFT declines to plan is copied into a packed one by the caller; a packed
    // layout's refusal is the caller's error (a size cuFFT cannot do).
    const bool packed = input_layout->stride == 1 && output_layout->stride == 1;
    if (error.status() != GA_ERROR_INVALID_ARGUMENT || packed) throw;
    return false;
  }
  plan->execute(input.data(), output.data(), inverse, stream);
  return true;
}

// The real-to-complex or complex-to-real step over `axis` into `destination` or a new array of
// `shape` and `dtype`.
void real_step(FftWorking& working, int axis, const Dims& shape, ga_dtype_t dtype, FftType type,
               const Array* destination, const StreamRef& stream) {
  const int axes[1] = {axis};
  // The real side's shape gives the transform's length.
  const Dims lengths = type == FftType::r2c ? working.array.shape() : shape;
  if (lengths[axis] == 1) {
    // A one-point transform is its input (the real part of it, for C2R): a cast, no plan.
    const Array output = destination ? *destination : empty_like_layout(shape, dtype, working.array, stream);
    copy_into(working.array, output, stream);
    working = {output, true};
    return;
  }
  if (destination && try_execute(working.array, *destination, axes, type, lengths, false, stream)) {
    working = {*destination, true};
    return;
  }
  for (int attempt = 0; attempt < 2; ++attempt) {
    const Array output = empty_like_layout(shape, dtype, working.array, stream);
    if (try_execute(working.array, output, axes, type, lengths, false, stream)) {
      working = {output, true};
      return;
    }
    working = {relayout(working.array, axes, stream), true};
  }
  throw Error(GA_ERROR_INTERNAL, "no cuFFT layout for a compact array with the transformed axis innermost");
}

// NumPy's C2R reads only the real part of the zero-frequency term and, for an even length, of the
// Nyquist term; cuFFT's result depends on their imaginary parts too, so they are zeroed first.
void drop_imaginary_edges(const Array& spectrum, int axis, std::int64_t length, const StreamRef& stream) {
  const ga_dtype_t real = is_double(spectrum.dtype()) ? GA_FLOAT64 : GA_FLOAT32;
  const std::int64_t itemsize = static_cast<std::int64_t>(spectrum.itemsize());
  Dims shape = spectrum.shape();
  shape[axis] = 1;
  Dims strides = spectrum.strides();
  for (int d = 0; d < strides.size(); ++d) strides[d] *= 2;  // in real elements
  const ga_scalar_t zero = make_real_scalar(0.0, real);
  for (const std::int64_t position : {std::int64_t{0}, length % 2 == 0 ? length / 2 : std::int64_t{-1}}) {
    if (position < 0 || position >= spectrum.shape()[axis]) continue;
    const std::int64_t imaginary =
        spectrum.byte_offset() + position * spectrum.strides()[axis] * itemsize + itemsize / 2;
    fill(spectrum.view_as(real, shape, strides, imaginary), zero, stream);
  }
}

}  // namespace

void complex_pass(FftWorking& working, std::span<const int> axes, bool inverse, const Array* destination,
                  const StreamRef& stream) {
  // A transform of length 1 is the identity.
  std::vector<int> remaining;
  for (const int axis : axes) {
    if (working.array.shape()[axis] != 1) remaining.push_back(axis);
  }
  bool relaid = false;
  while (!remaining.empty()) {
    const Array& current = working.array;
    std::stable_sort(remaining.begin(), remaining.end(),
                     [&](int a, int b) { return current.strides()[a] > current.strides()[b]; });
    bool done = false;
    // The innermost axes, as many as one plan takes that the layout allows.
    for (int take = std::min<int>(kMaxFftRank, static_cast<int>(remaining.size())); take >= 1 && !done; --take) {
      const std::span<const int> step(remaining.data() + remaining.size() - take, static_cast<std::size_t>(take));
      const bool last = static_cast<std::size_t>(take) == remaining.size();
      if (!working.owned && last && destination &&
          try_execute(current, *destination, step, FftType::c2c, current.shape(), inverse, stream)) {
        working = {*destination, true};
        remaining.clear();
        done = true;
        break;
      }
      const Array output =
          working.owned ? current : empty_like_layout(current.shape(), current.dtype(), current, stream);
      if (try_execute(current, output, step, FftType::c2c, current.shape(), inverse, stream)) {
        working = {output, true};
        remaining.resize(remaining.size() - static_cast<std::size_t>(take));
        done = true;
        relaid = false;
      }
    }
    if (done) continue;
    GA_REQUIRE(!relaid, GA_ERROR_INTERNAL, "no cuFFT layout for a compact array with the transformed axes innermost");
    working = {relayout(current, remaining, stream), true};
    relaid = true;
  }
  if (!working.owned) working = {copy_as(working.array, working.array.dtype(), GA_ORDER_K, stream), true};
}

void real_to_complex_step(FftWorking& working, int axis, const Array* destination, const StreamRef& stream) {
  Dims shape = working.array.shape();
  shape[axis] = shape[axis] / 2 + 1;
  const ga_dtype_t complex = is_double(working.array.dtype()) ? GA_COMPLEX128 : GA_COMPLEX64;
  real_step(working, axis, shape, complex, FftType::r2c, destination, stream);
}

void complex_to_real_step(FftWorking& working, int axis, std::int64_t length, const Array* destination,
                          const StreamRef& stream) {
  if (!working.owned) {
    const int axes[1] = {axis};
    working = {relayout(working.array, axes, stream), true};
  }
  if (working.array.size() > 0) drop_imaginary_edges(working.array, axis, length, stream);
  Dims shape = working.array.shape();
  shape[axis] = length;
  const ga_dtype_t real = is_double(working.array.dtype()) ? GA_FLOAT64 : GA_FLOAT32;
  real_step(working, axis, shape, real, FftType::c2r, destination, stream);
}

}  // namespace garray
