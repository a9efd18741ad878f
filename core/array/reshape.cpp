#include "core/array/reshape.hpp"

#include "core/array/layout.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"
#include "core/runtime/stream.hpp"

#include <string>

namespace garray {

namespace {

// The axes of extent other than 1: those are the only ones whose strides say anything.
struct SteppingAxes {
  Dims shape;
  Dims strides;
};

SteppingAxes stepping_axes(const Dims& shape, const Dims& strides) {
  SteppingAxes axes;
  for (int i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    axes.shape.push_back(shape[i]);
    axes.strides.push_back(strides[i]);
  }
  return axes;
}

// Whether old axes first..last-1 are evenly spaced when read in `order`: each slower axis steps
// exactly over the whole of its faster neighbour, so together they act as one axis.
bool merges_into_one_axis(const SteppingAxes& old, int first, int last, ga_order_t order) {
  for (int k = first; k + 1 < last; ++k) {
    const bool even = order == GA_ORDER_F ? old.strides[k + 1] == old.shape[k] * old.strides[k]
                                          : old.strides[k] == old.shape[k + 1] * old.strides[k + 1];
    if (!even) return false;
  }
  return true;
}

std::string cannot_reshape(std::int64_t size, const Dims& requested) {
  return "cannot reshape array of size " + std::to_string(size) + " into shape " +
         format_shape(requested);
}

}  // namespace

ga_order_t resolve_reshape_order(const Array& array, ga_order_t order) {
  switch (order) {
    case GA_ORDER_C:
    case GA_ORDER_F: return order;
    case GA_ORDER_A:
      return array.is_f_contiguous() && !array.is_c_contiguous() ? GA_ORDER_F : GA_ORDER_C;
    case GA_ORDER_K:
      throw Error(GA_ERROR_INVALID_ARGUMENT, "order K is not permitted for reshaping");
  }
  throw Error(GA_ERROR_INVALID_ARGUMENT,
              "order " + std::to_string(static_cast<int>(order)) + " is not a ga_order_t value");
}

Dims resolve_requested_shape(const Dims& requested, std::int64_t size) {
  int unknown_axis = -1;
  // As in checked_element_count, the non-zero extents must multiply without overflow even when an
  // extent is 0 (contiguous strides are their products), whatever their order.
  std::int64_t nonzero_size = 1;
  bool has_zero = false;
  bool overflow = false;
  for (int i = 0; i < requested.size(); ++i) {
    const std::int64_t extent = requested[i];
    if (extent == -1) {
      GA_REQUIRE_ARGUMENT(unknown_axis < 0, "can only specify one unknown dimension (-1) in shape " +
                                             format_shape(requested));
      unknown_axis = i;
      continue;
    }
    GA_REQUIRE_ARGUMENT(extent >= 0,
                     "negative dimensions other than a single -1 are not allowed: shape " +
                         format_shape(requested));
    if (extent == 0) {
      has_zero = true;
    } else {
      overflow = overflow || __builtin_mul_overflow(nonzero_size, extent, &nonzero_size);
    }
  }
  const std::int64_t known_size = has_zero ? 0 : nonzero_size;
  Dims resolved = requested;
  if (unknown_axis >= 0) {
    GA_REQUIRE(!overflow && known_size != 0 && size % known_size == 0, GA_ERROR_SHAPE_MISMATCH,
            cannot_reshape(size, requested));
    resolved[unknown_axis] = size / known_size;
  } else {
    GA_REQUIRE(!overflow && known_size == size, GA_ERROR_SHAPE_MISMATCH,
            cannot_reshape(size, requested));
  }
  return resolved;
}

std::optional<Dims> reshaped_strides(const Dims& old_shape, const Dims& old_strides,
                                     const Dims& new_shape, ga_order_t order) {
  const std::int64_t size = checked_element_count(old_shape, 1);
  GA_REQUIRE_ARGUMENT(size > 0 && checked_element_count(new_shape, 1) == size,
                   "reshaped_strides needs equal, non-zero sizes, not " + format_shape(old_shape) +
                       " and " + format_shape(new_shape));
  const SteppingAxes old = stepping_axes(old_shape, old_strides);
  Dims strides = Dims::filled(new_shape.size(), 0);
  // Walk both shapes from the first axis, pairing runs of old and new axes of equal element count;
  // a new axis of extent 1 joins the run after it.
  int old_first = 0;
  int new_first = 0;
  while (old_first < old.shape.size() && new_first < new_shape.size()) {
    int old_last = old_first + 1;
    int new_last = new_first + 1;
    std::int64_t old_count = old.shape[old_first];
    std::int64_t new_count = new_shape[new_first];
    while (old_count != new_count) {
      if (new_count < old_count) {
        new_count *= new_shape[new_last++];
      } else {
        old_count *= old.shape[old_last++];
      }
    }
    if (!merges_into_one_axis(old, old_first, old_last, order)) return std::nullopt;
    // The run's fastest new axis steps as its fastest old axis; each slower one over the faster.
    if (order == GA_ORDER_F) {
      strides[new_first] = old.strides[old_first];
      for (int k = new_first + 1; k < new_last; ++k) strides[k] = strides[k - 1] * new_shape[k - 1];
    } else {
      strides[new_last - 1] = old.strides[old_last - 1];
      for (int k = new_last - 1; k > new_first; --k) strides[k - 1] = strides[k] * new_shape[k];
    }
    old_first = old_last;
    new_first = new_last;
  }
  // What is left of the new shape are axes of extent 1; they step as the slowest axis placed would
  // be continued. A shape of only 1s places nothing and gets unit strides.
  std::int64_t trailing_stride = 1;
  if (new_first > 0) {
    trailing_stride = strides[new_first - 1];
    if (order == GA_ORDER_F) trailing_stride *= new_shape[new_first - 1];
  }
  for (int k = new_first; k < new_shape.size(); ++k) strides[k] = trailing_stride;
  return strides;
}

std::optional<Array> reshape_view(const Array& array, const Dims& requested, ga_order_t order) {
  const ga_order_t resolved_order = resolve_reshape_order(array, order);
  if (requested == array.shape()) {
    return array.view(array.shape(), array.strides(), array.byte_offset());
  }
  const Dims shape = resolve_requested_shape(requested, array.size());
  const bool contiguous_in_order =
      resolved_order == GA_ORDER_F ? array.is_f_contiguous() : array.is_c_contiguous();
  if (contiguous_in_order) {
    return array.view(shape, contiguous_strides(shape, resolved_order), array.byte_offset());
  }
  const std::optional<Dims> strides =
      reshaped_strides(array.shape(), array.strides(), shape, resolved_order);
  if (!strides) return std::nullopt;
  return array.view(shape, *strides, array.byte_offset());
}

Array reshape(const Array& array, const Dims& requested, ga_order_t order, DeferredStream stream) {
  if (std::optional<Array> view = reshape_view(array, requested, order)) return *view;
  const ga_order_t resolved_order = resolve_reshape_order(array, order);
  const Dims shape = resolve_requested_shape(requested, array.size());
  const Array copy = copy_in_order(array, resolved_order, stream.get());
  return as_owner(copy, shape, contiguous_strides(shape, resolved_order));
}

Array copy_in_order(const Array& source, ga_order_t order, const StreamRef& stream) {
  require_on_stream_device(source, stream, "array");
  return copy_as(source, source.dtype(), order, stream);
}

Array as_owner(const Array& fresh, const Dims& shape, const Dims& strides) {
  return Array(fresh.buffer(), fresh.dtype(), shape, strides, fresh.byte_offset(), true, false);
}

}  // namespace garray
