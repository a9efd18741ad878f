#include "core/ops/manipulation/padding.hpp"

#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/fill.hpp"
#include "core/ops/manipulation/axis_views.hpp"

#include <algorithm>
#include <string>

namespace garray {

namespace {

// One axis to pad: its index, the widths still to fill and the extent of the original data.
struct AxisPad {
  int axis;
  std::int64_t before;
  std::int64_t after;
  std::int64_t extent;
};

// Copies `source` positions [from, from + length) of the axis into [to, to + length), reversed
// when `reversed`. Source and destination are slices of the same array and never overlap.
void copy_along(const Array& roi, int axis, std::int64_t from, std::int64_t to, std::int64_t length, bool reversed,
                const StreamRef& stream) {
  const Array source = slice_axis(roi, axis, from, from + length);
  copy_into(reversed ? reverse_axis(source, axis) : source, slice_axis(roi, axis, to, to + length), stream);
}

void pad_edge(const Array& roi, const AxisPad& pad, const StreamRef& stream) {
  const int axis = pad.axis;
  if (pad.before > 0) {
    copy_into(slice_axis(roi, axis, pad.before, pad.before + 1), slice_axis(roi, axis, 0, pad.before), stream);
  }
  if (pad.after > 0) {
    const std::int64_t end = pad.before + pad.extent;
    copy_into(slice_axis(roi, axis, end - 1, end), slice_axis(roi, axis, end, end + pad.after), stream);
  }
}

// NumPy 2's reflection, one chunk per side per pass: a chunk mirrors at most the data (original and
// already padded) between the pads still to fill, cut to whole half-periods of the original (n
// values for symmetric, n - 1 for reflect; NumPy 1.x mirrored all of it), so wide pads take several
// passes and the result repeats with period 2n (symmetric) or 2(n - 1) (reflect). n >= 2 here.
void pad_reflect(const Array& roi, AxisPad pad, bool include_edge, const StreamRef& stream) {
  const std::int64_t total = roi.shape()[pad.axis];
  const std::int64_t edge_offset = include_edge ? 1 : 0;
  const std::int64_t half_period = include_edge ? pad.extent : pad.extent - 1;
  while (pad.before > 0 || pad.after > 0) {
    // The filled values, less the edge that reflect mirrors about, in whole half-periods.
    const std::int64_t mirrored = (total - pad.before - pad.after - (1 - edge_offset)) / half_period * half_period;
    if (pad.before > 0) {
      const std::int64_t chunk = std::min(mirrored, pad.before);
      const std::int64_t first = pad.before - edge_offset + 1;
      copy_along(roi, pad.axis, first, pad.before - chunk, chunk, true, stream);
      pad.before -= chunk;
    }
    if (pad.after > 0) {
      const std::int64_t chunk = std::min(mirrored, pad.after);
      const std::int64_t last = total - pad.after + edge_offset - 2;  // the first mirrored position, read backwards
      copy_along(roi, pad.axis, last - chunk + 1, total - pad.after, chunk, true, stream);
      pad.after -= chunk;
    }
  }
}

// NumPy 2's wrap: each pass copies whole periods of the original length from the filled middle.
void pad_wrap(const Array& roi, AxisPad pad, const StreamRef& stream) {
  const std::int64_t total = roi.shape()[pad.axis];
  while (pad.before > 0 || pad.after > 0) {
    const std::int64_t period = (total - pad.before - pad.after) / pad.extent * pad.extent;
    std::int64_t next_before = 0;
    std::int64_t next_after = 0;
    if (pad.before > 0) {
      const std::int64_t chunk = std::min(period, pad.before);
      const std::int64_t end = pad.before + period;
      copy_along(roi, pad.axis, end - chunk, pad.before - chunk, chunk, false, stream);
      next_before = pad.before - chunk;
    }
    if (pad.after > 0) {
      const std::int64_t chunk = std::min(period, pad.after);
      copy_along(roi, pad.axis, total - pad.after - period, total - pad.after, chunk, false, stream);
      next_after = pad.after - chunk;
    }
    pad.before = next_before;
    pad.after = next_after;
  }
}

ga_scalar_t constant_for(std::span<const ga_scalar_t> constants, std::size_t index, ga_dtype_t dtype) {
  if (constants.empty()) return make_int_scalar(0, dtype);
  return constants[constants.size() == 1 ? 0 : index];
}

void require_pad_arguments(const Array& array, std::span<const std::int64_t> widths, ga_pad_mode_t mode,
                           std::span<const ga_scalar_t> constants) {
  const std::size_t pairs = static_cast<std::size_t>(array.ndim());
  GA_REQUIRE_ARGUMENT(widths.size() == 2 * pairs,
                      "pad_width has " + std::to_string(widths.size()) + " entries; an array of " +
                          std::to_string(pairs) + " dimensions needs " + std::to_string(2 * pairs) +
                          " (before and after each axis)");
  for (std::size_t i = 0; i < widths.size(); ++i) {
    GA_REQUIRE_ARGUMENT(widths[i] >= 0, "index can't contain negative values (pad_width[" + std::to_string(i) +
                                            "] is " + std::to_string(widths[i]) + ")");
  }
  GA_REQUIRE_ARGUMENT(mode >= GA_PAD_CONSTANT && mode <= GA_PAD_WRAP,
                      "mode " + std::to_string(static_cast<int>(mode)) + " is not a ga_pad_mode_t value");
  if (mode == GA_PAD_CONSTANT) {
    GA_REQUIRE_ARGUMENT(constants.size() <= 1 || constants.size() == 2 * pairs,
                        "constant_values has " + std::to_string(constants.size()) + " entries; give 0, 1 or " +
                            std::to_string(2 * pairs));
    for (const ga_scalar_t& constant : constants) validate_scalar(constant, "constant_values");
    return;
  }
  for (int axis = 0; axis < array.ndim(); ++axis) {
    const bool padded = widths[2 * static_cast<std::size_t>(axis)] > 0 || widths[2 * static_cast<std::size_t>(axis) + 1] > 0;
    GA_REQUIRE_ARGUMENT(array.shape()[axis] > 0 || !padded,
                        "can't extend empty axis " + std::to_string(axis) +
                            " using modes other than 'constant' or 'empty'");
  }
}

}  // namespace

Array pad(const Array& array, std::span<const std::int64_t> widths, ga_pad_mode_t mode,
          std::span<const ga_scalar_t> constants, const StreamRef& stream) {
  require_pad_arguments(array, widths, mode, constants);
  const int ndim = array.ndim();
  Dims shape = array.shape();
  for (int d = 0; d < ndim; ++d) shape[d] += widths[2 * static_cast<std::size_t>(d)] + widths[2 * static_cast<std::size_t>(d) + 1];
  Array result = Array::empty(shape, array.dtype(), GA_ORDER_C, stream);
  Array middle = result;
  for (int d = 0; d < ndim; ++d) {
    const std::int64_t before = widths[2 * static_cast<std::size_t>(d)];
    middle = slice_axis(middle, d, before, before + array.shape()[d]);
  }
  copy_into(array, middle, stream);
  for (int d = 0; d < ndim; ++d) {
    const AxisPad pad{d, widths[2 * static_cast<std::size_t>(d)], widths[2 * static_cast<std::size_t>(d) + 1],
                      array.shape()[d]};
    if (pad.before == 0 && pad.after == 0) continue;
    // NumPy's region of interest: every axis up to this one whole, the later ones unpadded.
    Array roi = result;
    for (int later = d + 1; later < ndim; ++later) {
      const std::int64_t before = widths[2 * static_cast<std::size_t>(later)];
      roi = slice_axis(roi, later, before, before + array.shape()[later]);
    }
    const bool single = pad.extent == 1;
    switch (mode) {
      case GA_PAD_CONSTANT: {
        const std::int64_t end = pad.before + pad.extent;
        fill(slice_axis(roi, d, 0, pad.before), constant_for(constants, 2 * static_cast<std::size_t>(d), array.dtype()), stream);
        fill(slice_axis(roi, d, end, end + pad.after),
             constant_for(constants, 2 * static_cast<std::size_t>(d) + 1, array.dtype()), stream);
        break;
      }
      case GA_PAD_EDGE: pad_edge(roi, pad, stream); break;
      // NumPy extends an axis of one element by its edge for both mirrored modes.
      case GA_PAD_REFLECT:
      case GA_PAD_SYMMETRIC:
        if (single) {
          pad_edge(roi, pad, stream);
        } else {
          pad_reflect(roi, pad, mode == GA_PAD_SYMMETRIC, stream);
        }
        break;
      case GA_PAD_WRAP: pad_wrap(roi, pad, stream); break;
    }
  }
  return result;
}

}  // namespace garray
