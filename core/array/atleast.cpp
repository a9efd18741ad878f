#include "core/array/atleast.hpp"

#include "core/array/indexing.hpp"
#include "core/array/reshape.hpp"

#include <initializer_list>
#include <span>

namespace garray {

namespace {

// NumPy builds these from the same steps, which fixes the strides of the new axes: a 0-d array is
// reshaped (compact strides), others are indexed with np.newaxis (stride 0).
Array reshaped_scalar(const Array& array, int ndim) {
  // A 0-d array is contiguous, so reshaping it is always a view.
  return *reshape_view(array, Dims::filled(ndim, 1), GA_ORDER_C);
}

Array unchanged(const Array& array) {
  return array.view(array.shape(), array.strides(), array.byte_offset());
}

Array with_items(const Array& array, std::initializer_list<ga_index_kind_t> kinds) {
  ga_index_t items[3] = {};
  int count = 0;
  for (ga_index_kind_t kind : kinds) {
    items[count].kind = kind;
    items[count].step = 1;
    ++count;
  }
  return index(array, std::span<const ga_index_t>(items, static_cast<std::size_t>(count)));
}

}  // namespace

Array atleast_1d(const Array& array) {
  if (array.ndim() == 0) return reshaped_scalar(array, 1);
  return unchanged(array);
}

Array atleast_2d(const Array& array) {
  if (array.ndim() == 0) return reshaped_scalar(array, 2);
  if (array.ndim() == 1) return with_items(array, {GA_INDEX_NEWAXIS, GA_INDEX_SLICE});
  return unchanged(array);
}

Array atleast_3d(const Array& array) {
  if (array.ndim() == 0) return reshaped_scalar(array, 3);
  if (array.ndim() == 1) {
    return with_items(array, {GA_INDEX_NEWAXIS, GA_INDEX_SLICE, GA_INDEX_NEWAXIS});
  }
  if (array.ndim() == 2) {
    return with_items(array, {GA_INDEX_SLICE, GA_INDEX_SLICE, GA_INDEX_NEWAXIS});
  }
  return unchanged(array);
}

}  // namespace garray
