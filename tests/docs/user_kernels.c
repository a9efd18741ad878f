/* The C snippets of docs/user-kernels.md: an ElementwiseKernel called into a new array and into the
 * caller's, and a ReductionKernel over one axis. */
#include "doc_snippets.h"

void doc_elementwise_kernel(ga_array_t x, ga_array_t y, ga_array_t z, ga_array_t *d_out) {
  // [snippet:elementwise-kernel]
  ga_elementwise_kernel_t squared_diff;
  ga_elementwise_kernel_create("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)", "squared_diff", NULL, NULL,
                               0, &squared_diff);

  ga_kernel_arg_t inputs[2] = {{GA_KERNEL_ARG_ARRAY, x}, {GA_KERNEL_ARG_ARRAY, y}};
  const ga_array_t out[1] = {NULL};           /* NULL: allocate it */
  ga_array_t results[1];                      /* output-only: need not be initialised */
  ga_elementwise_kernel_call(squared_diff, inputs, 2, out, 1, /*size=*/-1, /*stream=*/NULL, results);
  ga_array_t d = results[0];                  /* a new array of the broadcast shape, for the caller to release */
  const ga_array_t into[1] = {z};             /* a destination: written in place */
  ga_elementwise_kernel_call(squared_diff, inputs, 2, into, 1, -1, NULL, results);
  ga_array_release(results[0]);               /* results[0] == z: drop the extra reference */
  ga_elementwise_kernel_release(squared_diff);
  // [snippet-end]
  *d_out = d;
}

void doc_reduction_kernel(ga_array_t x, ga_array_t *norms_out, ga_reduction_kernel_t *kernel_out) {
  ga_kernel_arg_t inputs[1] = {{GA_KERNEL_ARG_ARRAY, x}};
  // [snippet:reduction-kernel]
  ga_reduction_kernel_t l2norm;
  ga_reduction_kernel_create("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm",
                             NULL /* reduce type: the output's */, NULL, NULL, 0, &l2norm);
  int axis = 1;
  ga_array_t norms[1] = {NULL};   /* `results` may be the same C array as `out` */
  ga_reduction_kernel_call(l2norm, inputs, 1, norms, 1, &axis, 1, /*keepdims=*/0, /*stream=*/NULL, norms);
  // [snippet-end]
  *norms_out = norms[0];
  *kernel_out = l2norm;
}
