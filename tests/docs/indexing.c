/* The C snippet of docs/indexing.md: integer-array indexing, and ufunc.at through the same items. */
#include "doc_snippets.h"

void doc_indexing(ga_array_t image, ga_array_t rows, ga_array_t histogram, ga_array_t *picked_out) {
  // [snippet:advanced-index-and-at]
  ga_advanced_index_t items[2] = {0};
  items[0].array = rows;                         /* an int64 (or any integer) array */
  items[1].basic.kind = GA_INDEX_SLICE;          /* : */
  items[1].basic.step = 1;
  ga_array_t picked;                             /* output-only: need not be initialised */
  ga_array_advanced_index(image, items, 2, GA_INDEX_MODE_WRAP, NULL, &picked);   /* image[rows, :] */

  ga_ufunc_t add = NULL;
  ga_ufunc_find("add", &add);
  ga_operand_t one = {GA_OPERAND_WEAK_SCALAR};
  one.scalar.dtype = GA_INT64;
  one.scalar.as_int = 1;
  ga_ufunc_at(add, histogram, items, 1, &one, NULL);                       /* np.add.at(h, rows, 1) */
  // [snippet-end]
  *picked_out = picked;
}
