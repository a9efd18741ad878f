/* Statistics, sorting, selection and joining from C: column means and standard deviations of a
 * matrix, each row's largest element, a running sum, a sorted copy, the elements above the mean,
 * a gather by index and a concatenation. Every result stays on the GPU until copied back at the
 * end; on a machine without a GPU the program says so and exits 0.
 *
 * Build against an installed garray:  cc statistics.c $(pkg-config --cflags --libs garray) -o statistics */
#include <garray/garray.h>

#include <stdio.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    const ga_status_t status_ = (call);                                          \
    if (status_ != GA_OK) {                                                      \
      fprintf(stderr, "%s: %s\n", ga_status_string(status_), ga_last_error());  \
      goto cleanup;                                                              \
    }                                                                            \
  } while (0)

static void print_row(const char *what, const double *values, int count) {
  printf("%-24s", what);
  for (int i = 0; i < count; ++i) printf(" %8.3f", values[i]);
  printf("\n");
}

int main(void) {
  enum { rows = 4, columns = 3 };
  const double data[rows * columns] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
  const int64_t shape[2] = {rows, columns};
  const int64_t picks[3] = {11, 0, 5};
  const int64_t pick_count = 3;
  int count = 0, result = 1;
  ga_array_t x = NULL, mean = NULL, std = NULL, argmax = NULL, running = NULL, sorted = NULL;
  ga_array_t overall = NULL, above = NULL, selected = NULL, indices = NULL, taken = NULL, joined = NULL;
  double host[2 * rows * columns];
  int64_t host_indices[rows];

  if (ga_device_count(&count) != GA_OK || count == 0) {
    printf("No CUDA GPU or driver on this machine: device calls return GA_ERROR_NO_DEVICE.\n");
    return 0;
  }
  CHECK(ga_array_from_host(data, 2, shape, NULL, GA_FLOAT64, GA_ORDER_C, NULL, &x));

  // [snippet:reductions-sorting-joining] (README.md)
  /* x.mean(axis=0), x.std(axis=0), x.argmax(axis=1): reductions over any axes. */
  const int axis0 = 0, axis1 = 1;
  ga_reduce_options_t along = {sizeof(ga_reduce_options_t), &axis0, 1, 0, GA_DTYPE_SAME, 0.0};
  CHECK(ga_array_mean(x, &along, NULL, NULL, &mean));
  CHECK(ga_array_std(x, &along, NULL, NULL, &std));
  along.axes = &axis1;
  CHECK(ga_array_argmax(x, &along, NULL, NULL, &argmax));

  /* cumsum and sort of the flattened matrix (GA_AXIS_NONE is NumPy's axis=None). */
  CHECK(ga_array_cumsum(x, GA_AXIS_NONE, GA_DTYPE_SAME, NULL, NULL, &running));
  CHECK(ga_array_sort(x, GA_AXIS_NONE, 1, NULL, &sorted));

  /* x[x > x.mean()]: a ufunc builds the mask, compaction keeps the selected elements. */
  CHECK(ga_array_mean(x, NULL, NULL, NULL, &overall));
  ga_ufunc_t greater;
  CHECK(ga_ufunc_find("greater", &greater));
  const ga_operand_t compared[2] = {{GA_OPERAND_ARRAY, x, {0}}, {GA_OPERAND_ARRAY, overall, {0}}};
  const ga_array_t no_destination[1] = {NULL}; /* out=None: the mask is a new array */
  CHECK(ga_ufunc_call(greater, compared, 2, NULL, no_destination, 1, NULL, &above));
  CHECK(ga_array_get_mask(x, above, NULL, &selected));

  /* take of flat indices, then both results joined end to end. */
  CHECK(ga_array_from_host(picks, 1, &pick_count, NULL, GA_INT64, GA_ORDER_C, NULL, &indices));
  CHECK(ga_array_take(x, indices, GA_AXIS_NONE, GA_INDEX_MODE_WRAP, NULL, NULL, &taken));
  const ga_array_t parts[2] = {selected, taken};
  CHECK(ga_array_concatenate(parts, 2, 0, GA_DTYPE_SAME, GA_CASTING_SAME_KIND, NULL, NULL, &joined));
  // [snippet-end]

  CHECK(ga_array_to_host(mean, host, columns * sizeof(double), NULL));
  print_row("mean(axis=0)", host, columns);
  CHECK(ga_array_to_host(std, host, columns * sizeof(double), NULL));
  print_row("std(axis=0)", host, columns);
  CHECK(ga_array_to_host(argmax, host_indices, sizeof host_indices, NULL));
  printf("%-24s", "argmax(axis=1)");
  for (int i = 0; i < rows; ++i) printf(" %8lld", (long long)host_indices[i]);
  printf("\n");
  CHECK(ga_array_to_host(running, host, rows * columns * sizeof(double), NULL));
  print_row("cumsum", host, rows * columns);
  CHECK(ga_array_to_host(sorted, host, rows * columns * sizeof(double), NULL));
  print_row("sort", host, rows * columns);
  int64_t joined_count = 0;
  CHECK(ga_array_size(joined, &joined_count));
  CHECK(ga_array_to_host(joined, host, (size_t)joined_count * sizeof(double), NULL));
  print_row("x[x > mean], x.take", host, (int)joined_count);
  result = 0;

cleanup:
  {
    ga_array_t arrays[] = {x, mean, std, argmax, running, sorted, overall, above, selected, indices, taken, joined};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i) {
      if (arrays[i]) ga_array_release(arrays[i]);
    }
  }
  return result;
}
