/* The C snippet of docs/sorting.md: a sort, a flattened argsort and quartiles. */
#include "doc_snippets.h"

#include <stdio.h>

void doc_sorting(ga_array_t x, ga_array_t *sorted_out, ga_array_t *order_out, ga_array_t *quartiles_out) {
  // [snippet:sort-argsort-quantile]
  ga_array_t sorted, order;                                   /* output-only: need not be initialised */
  if (ga_array_sort(x, -1, 1, NULL, &sorted) != GA_OK) fprintf(stderr, "%s\n", ga_last_error());
  ga_array_argsort(x, GA_AXIS_NONE, 1, NULL, &order);          /* indices into the flattened x */
  double q[] = {0.25, 0.5, 0.75};
  int64_t q_shape[] = {3};
  ga_array_t quartiles;
  ga_array_quantile(x, q, 1, q_shape, 0, 0, NULL, &quartiles); /* shape (3,) + x.shape[1:] */
  // [snippet-end]
  *sorted_out = sorted;
  *order_out = order;
  *quartiles_out = quartiles;
}
