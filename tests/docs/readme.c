/* The C snippets of README.md: ufuncs and user kernels, and the C ABI's error handling. */
// [snippet:includes]
#include <garray/garray.h>
#include <stdio.h>
// [snippet-end]

#include "doc_snippets.h"

void doc_readme_ufuncs(ga_array_t x, ga_array_t *sum_out, ga_array_t *total_out, ga_elementwise_kernel_t *kernel_out) {
  // [snippet:ufuncs-and-kernels]
  ga_ufunc_t add;
  ga_ufunc_find("add", &add);                                  /* NumPy's names and aliases */
  ga_operand_t in[2] = {{GA_OPERAND_ARRAY, x}, {GA_OPERAND_WEAK_SCALAR}};
  in[1].scalar = (ga_scalar_t){GA_FLOAT64, 0, 0, 0.5, 0};      /* a Python-like 0.5: x's dtype wins */
  const ga_array_t out[1] = {NULL};                            /* NumPy's out=: NULL allocates; x is x += 0.5 */
  ga_array_t sum[1];                                           /* a result: written, never read */
  ga_ufunc_call(add, in, 2, NULL, out, 1, NULL, sum);          /* given x, sum[0] is x with one more reference */
  ga_array_t total = NULL;
  ga_ufunc_reduce(add, x, NULL, -1, 0, GA_DTYPE_SAME, NULL, NULL, NULL, &total);  /* x.sum() as a 0-d array */

  ga_elementwise_kernel_t squared_diff;                        /* CuPy's ElementwiseKernel */
  ga_elementwise_kernel_create("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_diff", NULL, NULL, 0, &squared_diff);
  // [snippet-end]
  *sum_out = sum[0];
  *total_out = total;
  *kernel_out = squared_diff;
}

ga_status_t doc_readme_c_abi(void) {
  // [snippet:the-c-abi]
  ga_stream_t stream = NULL;
  ga_status_t status = ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream);
  if (status != GA_OK) {
    fprintf(stderr, "%s: %s\n", ga_status_string(status), ga_last_error());
  } else {
    ga_stream_synchronize(stream);
    ga_stream_release(stream);
  }
  // [snippet-end]
  return status;
}
