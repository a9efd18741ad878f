/* The C snippet of docs/scans-and-masks.md: an accumulate, a cumsum into a new array and in place,
 * and a boolean mask made by a ufunc, read and filled through. */
#include "doc_snippets.h"

void doc_scans_and_masks(ga_array_t *x_out, ga_array_t *sums_out, ga_array_t *running_out, ga_array_t *positive_out,
                         ga_array_t *mask_out) {
  // [snippet:scan-and-mask]
  ga_array_t x, sums, running, returned, positive, mask;
  ga_array_linspace(-3, 3, 7, 1, GA_FLOAT64, NULL, &x, NULL);
  ga_ufunc_t add, greater;
  ga_ufunc_find("add", &add);
  ga_ufunc_accumulate(add, x, 0, GA_DTYPE_SAME, NULL, NULL, &sums);   /* [-3, -5, -6, -6, -5, -3, 0] */
  ga_array_cumsum(x, GA_AXIS_NONE, GA_FLOAT32, NULL, NULL, &running); /* float32 running sum */
  ga_ufunc_find("greater", &greater);
  ga_operand_t compared[2] = {{GA_OPERAND_ARRAY, x}, {GA_OPERAND_WEAK_SCALAR}};
  compared[1].scalar.dtype = GA_FLOAT64;                              /* 0.0, as Python's */
  const ga_array_t no_out[1] = {NULL};
  ga_ufunc_call(greater, compared, 2, NULL, no_out, 1, NULL, &mask);  /* mask = x > 0 */
  ga_array_get_mask(x, mask, NULL, &positive);                        /* [1, 2, 3] */
  ga_scalar_t zero = {GA_FLOAT64, 0, 0, 0.0, 0.0};
  ga_array_fill_mask(x, mask, zero, NULL);                            /* x[mask] = 0 */
  ga_array_cumsum(x, 0, GA_DTYPE_SAME, x, NULL, &returned);           /* in place: np.cumsum(x, out=x) */
  ga_array_release(returned);                                         /* returned == x: the extra reference */
  // [snippet-end]
  *x_out = x;
  *sums_out = sums;
  *running_out = running;
  *positive_out = positive;
  *mask_out = mask;
}
