#include "core/array/indexing.hpp"

#include "core/array/layout.hpp"
#include "core/common/error.hpp"

#include <limits>
#include <string>

namespace garray {

namespace {

std::string item_name(std::size_t position) { return "items[" + std::to_string(position) + "]"; }

// Moves a possibly negative slice bound into lowest..highest as Python does.
std::int64_t clamp_bound(std::int64_t bound, std::int64_t extent, std::int64_t lowest,
                         std::int64_t highest) {
  if (bound < 0) {
    bound += extent;
    return bound < lowest ? lowest : bound;
  }
  return bound > highest ? highest : bound;
}

// The number of integers and slices (the items that consume an axis), after checking every kind
// and that at most one ellipsis is present.
int count_axis_consuming_items(std::span<const ga_index_t> items) {
  int consuming = 0;
  bool ellipsis_seen = false;
  for (std::size_t i = 0; i < items.size(); ++i) {
    switch (items[i].kind) {
      case GA_INDEX_SLICE:
      case GA_INDEX_INTEGER: ++consuming; break;
      case GA_INDEX_NEWAXIS: break;
      case GA_INDEX_ELLIPSIS:
        GA_REQUIRE(!ellipsis_seen, GA_ERROR_INDEX,
                item_name(i) + ": an index can only have a single ellipsis ('...')");
        ellipsis_seen = true;
        break;
      default:
        throw Error(GA_ERROR_INVALID_ARGUMENT, item_name(i) + ".kind " +
                                                   std::to_string(static_cast<int>(items[i].kind)) +
                                                   " is not a ga_index_kind_t value");
    }
  }
  return consuming;
}

// Accumulates the result's axes and the element offset of its first element while the items are
// walked from left to right.
class ViewBuilder {
 public:
  explicit ViewBuilder(const Array& source)
      : source_(source), offset_reachable_(source.size() > 0) {}

  void keep_axes(int count) {
    for (int i = 0; i < count; ++i, ++axis_) {
      shape_.push_back(source_.shape()[axis_]);
      strides_.push_back(source_.strides()[axis_]);
    }
  }

  void new_axis() {
    shape_.push_back(1);
    strides_.push_back(0);
  }

  void integer(std::int64_t index, const std::string& what) {
    const std::int64_t extent = source_.shape()[axis_];
    const std::int64_t resolved = index < 0 ? index + extent : index;
    GA_REQUIRE(resolved >= 0 && resolved < extent, GA_ERROR_INDEX,
            what + ": index " + std::to_string(index) + " is out of bounds for axis " +
                std::to_string(axis_) + " with size " + std::to_string(extent));
    move_to(resolved);
    ++axis_;
  }

  void slice(const ga_index_t& item, const std::string& what) {
    const SliceBounds bounds = resolve_slice(item, source_.shape()[axis_], what.c_str());
    shape_.push_back(bounds.length);
    if (bounds.length == 0) {
      // As NumPy: an empty slice's start may lie outside the axis, so it neither moves the view nor
      // scales the stride.
      strides_.push_back(source_.strides()[axis_]);
    } else {
      move_to(bounds.start);
      strides_.push_back(scaled_stride(source_.strides()[axis_], bounds.step));
    }
    ++axis_;
  }

  int axis() const noexcept { return axis_; }

  Array build() const {
    const auto itemsize = static_cast<std::int64_t>(source_.itemsize());
    return source_.view(shape_, strides_, source_.byte_offset() + element_offset_ * itemsize);
  }

 private:
  // Only the elements of a non-empty array have addresses. An empty array's strides are
  // unconstrained, so offsets into it could overflow or leave the buffer: its views keep its
  // offset.
  void move_to(std::int64_t index) {
    if (offset_reachable_) element_offset_ += index * source_.strides()[axis_];
  }

  const Array& source_;
  bool offset_reachable_;
  Dims shape_;
  Dims strides_;
  std::int64_t element_offset_ = 0;
  int axis_ = 0;
};

}  // namespace

SliceBounds resolve_slice(const ga_index_t& slice, std::int64_t extent, const char* what) {
  GA_REQUIRE_ARGUMENT(slice.step != 0, std::string(what) + ": slice step cannot be zero");
  // Python clamps the step the same way, so that -step cannot overflow.
  constexpr std::int64_t kMostNegativeStep = -std::numeric_limits<std::int64_t>::max();
  const std::int64_t step = slice.step < kMostNegativeStep ? kMostNegativeStep : slice.step;
  const bool backwards = step < 0;
  const std::int64_t lowest = backwards ? -1 : 0;
  const std::int64_t highest = backwards ? extent - 1 : extent;
  const std::int64_t start = slice.has_start ? clamp_bound(slice.start, extent, lowest, highest)
                                             : (backwards ? highest : lowest);
  const std::int64_t stop = slice.has_stop ? clamp_bound(slice.stop, extent, lowest, highest)
                                           : (backwards ? lowest : highest);
  std::int64_t length = 0;
  if (backwards && stop < start) length = (start - stop - 1) / -step + 1;
  if (!backwards && start < stop) length = (stop - start - 1) / step + 1;
  return {start, step, length};
}

Array index(const Array& array, std::span<const ga_index_t> items) {
  const int consuming = count_axis_consuming_items(items);
  GA_REQUIRE(consuming <= array.ndim(), GA_ERROR_INDEX,
          "too many indices for array: array is " + std::to_string(array.ndim()) +
              "-dimensional, but " + std::to_string(consuming) + " were indexed");
  ViewBuilder builder(array);
  for (std::size_t i = 0; i < items.size(); ++i) {
    switch (items[i].kind) {
      case GA_INDEX_SLICE: builder.slice(items[i], item_name(i)); break;
      case GA_INDEX_INTEGER: builder.integer(items[i].start, item_name(i)); break;
      case GA_INDEX_NEWAXIS: builder.new_axis(); break;
      case GA_INDEX_ELLIPSIS: builder.keep_axes(array.ndim() - consuming); break;
    }
  }
  builder.keep_axes(array.ndim() - builder.axis());
  return builder.build();
}

}  // namespace garray
