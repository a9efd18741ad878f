/* The C snippet of docs/random.md: a seeded Generator's normal floats and inclusive integers. */
#include "doc_snippets.h"

void doc_random(ga_array_t *x_out, ga_array_t *k_out) {
  // [snippet:generator]
  ga_rng_t rng = NULL;
  ga_rng_create(GA_BITGEN_PHILOX4_32_10, 42, &rng);         /* on the current device */
  const int64_t shape[] = {1 << 20};
  ga_array_t x = NULL;
  ga_rng_standard_normal(rng, 1, shape, GA_FLOAT32, NULL, NULL, &x); /* NULL: the current stream */
  ga_array_t k = NULL;
  ga_rng_integers(rng, 0, 6, /*endpoint=*/1, 1, shape, GA_INT8, NULL, NULL, &k);
  ga_rng_release(rng);                                      /* x and k do not need it */
  // [snippet-end]
  *x_out = x;
  *k_out = k;
}
