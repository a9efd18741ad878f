/* The C snippet of docs/linalg.md: a product into a new array and into the caller's, and einsum. */
#include "doc_snippets.h"

void doc_linalg(ga_array_t a, ga_array_t b, ga_array_t *c_out, ga_array_t *trace_out) {
  // [snippet:matmul-einsum-out]
  ga_array_t c, trace, again;                          /* out-parameters: never read */
  ga_array_matmul(a, b, NULL, NULL, &c);               /* c = a @ b, a new array */
  const ga_array_t operands[1] = {c};
  ga_array_einsum("ii->", operands, 1, NULL, NULL, &trace);  /* np.trace(c) as a 0-d array */
  ga_array_matmul(a, b, c, NULL, &again);              /* np.matmul(a, b, out=c): again == c */
  ga_array_release(again);                             /* the extra reference; c stays */
  // [snippet-end]
  *c_out = c;
  *trace_out = trace;
}
