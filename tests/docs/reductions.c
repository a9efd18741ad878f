/* The C snippet of docs/reductions.md: options for one axis and ddof, a flattened argmax, and a sum
 * into the caller's array. */
#include "doc_snippets.h"

void doc_reductions(ga_array_t x, ga_array_t totals, ga_array_t *deviations_out, ga_array_t *where_out) {
  // [snippet:std-argmax-sum-out]
  int axis = 0;
  ga_reduce_options_t options = {sizeof options, &axis, 1, 0, GA_DTYPE_SAME, 1.0};
  ga_array_t deviations;                                /* output-only: need not be initialised */
  ga_array_std(x, &options, NULL, NULL, &deviations);   /* x.std(axis=0, ddof=1), a new array */
  ga_array_t where;
  ga_array_argmax(x, NULL, NULL, NULL, &where);         /* the flattened argmax, a 0-d int64 array */
  ga_reduce_options_t columns = {sizeof columns, &axis, 1, 0, GA_DTYPE_SAME, 0.0};
  ga_array_t sums;
  ga_array_sum(x, &columns, totals, NULL, &sums);       /* np.sum(x, axis=0, out=totals) */
  ga_array_release(sums);                               /* sums == totals: drop the extra reference */
  // [snippet-end]
  *deviations_out = deviations;
  *where_out = where;
}
