/* The C snippet of docs/manipulation.md: joining into a new array and into the caller's, splitting,
 * padding and a window. */
#include "doc_snippets.h"

void doc_manipulation(ga_array_t a, ga_array_t b, ga_array_t pair, ga_array_t image, ga_array_t parts_out[3],
                      ga_array_t *joined_out, ga_array_t *padded_out, ga_array_t *window_out) {
  // [snippet:join-split-pad-window]
  ga_array_t parts[3], joined, stacked, padded, window;   /* output-only: need not be initialised */
  const ga_array_t inputs[] = {a, b};
  ga_array_concatenate(inputs, 2, /*axis=*/0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, /*out=*/NULL, /*stream=*/NULL,
                       &joined);
  ga_array_stack(inputs, 2, /*axis=*/0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, /*out=*/pair, NULL, &stacked);
  ga_array_release(stacked);                            /* stacked == pair: drop the extra reference */
  const int64_t at[] = {2, 5};
  ga_array_split(joined, at, 2, 0, parts);              /* 3 views */
  const int64_t widths[] = {16, 16, 16, 16};            /* (before, after) per axis */
  ga_array_pad(image, widths, 4, GA_PAD_REFLECT, NULL, 0, NULL, &padded);
  ga_signal_window(GA_WINDOW_KAISER, 64, 8.6, NULL, &window);
  // [snippet-end]
  for (int i = 0; i < 3; ++i) parts_out[i] = parts[i];
  *joined_out = joined;
  *padded_out = padded;
  *window_out = window;
}
