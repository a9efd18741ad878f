/* The C snippet of docs/fft.md: a padded, orthonormal rfft2, again into its own result, and the plan
 * cache's figures. */
#include "doc_snippets.h"

ga_status_t doc_fft_rfft2(ga_array_t image, ga_array_t *spectrum_out, ga_fft_plan_cache_info_t *info_out) {
  // [snippet:rfft2]
  /* rfft2 of a (rows, columns) float32 array, zero-padded to (rows, 256) columns, orthonormal. */
  const int64_t s[2] = {-1, 256};
  const int axes[2] = {-2, -1};
  ga_array_t spectrum;  /* an out-parameter: never read */
  ga_status_t status = ga_fft_execute(GA_FFT_REAL_FORWARD, image, s, axes, 2, GA_FFT_NORM_ORTHO, NULL, NULL, &spectrum);

  /* The same transform again, into spectrum (NumPy's out=): again == spectrum, one more reference. */
  ga_array_t again;
  status = ga_fft_execute(GA_FFT_REAL_FORWARD, image, s, axes, 2, GA_FFT_NORM_ORTHO, spectrum, NULL, &again);
  ga_array_release(again);

  ga_fft_plan_cache_info_t info = {sizeof(info)};
  ga_fft_plan_cache_get_info(-1, &info); /* info.size, info.hits, info.misses, ... */
  // [snippet-end]
  *spectrum_out = spectrum;
  *info_out = info;
  return status;
}
