/* The C snippets of README.md and of the pages in docs/: each is the body of a function of
 * tests/docs/<page>.c, between the markers of the region the page shows (scripts/snippets.py keeps
 * the two equal). A function takes the arrays the snippet's text assumes ("given x") and hands back
 * what the snippet makes, for test_doc_snippets.cpp to check and release. */
#ifndef GARRAY_TESTS_DOC_SNIPPETS_H
#define GARRAY_TESTS_DOC_SNIPPETS_H

#include <garray/garray.h>

#ifdef __cplusplus
extern "C" {
#endif

struct DLManagedTensorVersioned;

/* README.md */
void doc_readme_ufuncs(ga_array_t x, ga_array_t *sum, ga_array_t *total, ga_elementwise_kernel_t *squared_diff);
ga_status_t doc_readme_c_abi(void);

/* docs/dlpack.md */
ga_status_t doc_dlpack_import(struct DLManagedTensorVersioned *theirs, ga_array_t *array);

/* docs/fft.md */
ga_status_t doc_fft_rfft2(ga_array_t image, ga_array_t *spectrum, ga_fft_plan_cache_info_t *info);

/* docs/indexing.md */
void doc_indexing(ga_array_t image, ga_array_t rows, ga_array_t histogram, ga_array_t *picked);

/* docs/kernels.md */
void doc_kernels_launch(ga_kernel_t saxpy, ga_array_t x, ga_array_t y, ga_array_t out, uint64_t n);
void doc_kernels_name_expressions(ga_module_t *module, ga_kernel_t *as_float, ga_kernel_t *as_double);

/* docs/linalg.md */
void doc_linalg(ga_array_t a, ga_array_t b, ga_array_t *c, ga_array_t *trace);

/* docs/manipulation.md */
void doc_manipulation(ga_array_t a, ga_array_t b, ga_array_t pair, ga_array_t image, ga_array_t parts[3],
                      ga_array_t *joined, ga_array_t *padded, ga_array_t *window);

/* docs/random.md */
void doc_random(ga_array_t *x, ga_array_t *k);

/* docs/reductions.md */
void doc_reductions(ga_array_t x, ga_array_t totals, ga_array_t *deviations, ga_array_t *where);

/* docs/scans-and-masks.md */
void doc_scans_and_masks(ga_array_t *x, ga_array_t *sums, ga_array_t *running, ga_array_t *positive,
                         ga_array_t *mask);

/* docs/sorting.md */
void doc_sorting(ga_array_t x, ga_array_t *sorted, ga_array_t *order, ga_array_t *quartiles);

/* docs/user-kernels.md */
void doc_elementwise_kernel(ga_array_t x, ga_array_t y, ga_array_t z, ga_array_t *d);
void doc_reduction_kernel(ga_array_t x, ga_array_t *norms, ga_reduction_kernel_t *l2norm);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_TESTS_DOC_SNIPPETS_H */
