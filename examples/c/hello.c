/* The main example: report the library and the GPU, build and transpose a small array, and
 * round-trip a block of memory through the pool. On a machine without a GPU it says so and exits 0.
 * ctest runs it (test_example_hello), and the README's array example is the region marked below
 * (scripts/snippets.py keeps the two equal), so the README stays true. */
// [snippet:include] (README.md)
#include <garray/garray.h>
// [snippet-end]

#include <stdio.h>

static int check(ga_status_t status) {
  if (status != GA_OK) {
    fprintf(stderr, "%s: %s\n", ga_status_string(status), ga_last_error());
    return 1;
  }
  return 0;
}

int main(void) {
  int count = 0;
  printf("garray %s\n", ga_version());
  if (check(ga_device_count(&count))) return 1;
  if (count == 0) {
    printf("No CUDA GPU or driver on this machine: device calls return GA_ERROR_NO_DEVICE.\n");
    return 0;
  }

  ga_device_properties_t properties = {sizeof(ga_device_properties_t)};
  if (check(ga_device_get_properties(0, &properties))) return 1;
  printf("device 0: %s, compute capability %d.%d, %d SMs, %.1f GiB\n", properties.name,
         properties.major, properties.minor, properties.multiprocessor_count,
         (double)properties.total_memory / (1024.0 * 1024.0 * 1024.0));

  /* The array example of the README: arange, a reshaped view, a transposed view, a copy. */
  // [snippet:arrays-in-ten-lines] (README.md)
  int64_t shape[2] = {3, 4};
  float host[12];
  ga_array_t a = NULL, m = NULL, t = NULL, c = NULL;
  if (check(ga_array_arange((ga_scalar_t){.dtype = GA_INT64, .as_int = 0},
                            (ga_scalar_t){.dtype = GA_INT64, .as_int = 12},
                            (ga_scalar_t){.dtype = GA_INT64, .as_int = 1}, GA_FLOAT32, NULL, &a)))
    return 1;                                                               /* 0 .. 11 on the GPU */
  if (check(ga_array_reshape(a, 2, shape, GA_ORDER_C, NULL, &m))) return 1; /* a view: no copy */
  if (check(ga_array_transpose(m, NULL, 0, &t))) return 1;                  /* a view, strides swapped */
  if (check(ga_array_copy(t, GA_ORDER_C, NULL, &c))) return 1;              /* a transpose kernel, cached */
  if (check(ga_array_to_host(c, host, sizeof host, NULL))) return 1;        /* waits; host = 0 4 8 1 ... */
  // [snippet-end]
  printf("arange(12).reshape(3, 4).T:");
  for (int i = 0; i < 12; ++i) {
    const int row = i / 3, column = i % 3;
    if (host[i] != (float)(column * 4 + row)) {
      fprintf(stderr, "\nwrong value %g at %d\n", (double)host[i], i);
      return 1;
    }
    printf(" %g", (double)host[i]);
  }
  printf("\n");
  ga_array_release(a);
  ga_array_release(m);
  ga_array_release(t);
  ga_array_release(c);

  void *block = NULL;
  ga_memory_stats_t stats = {sizeof(ga_memory_stats_t)};
  if (check(ga_memory_allocate(1 << 20, NULL, &block))) return 1;
  if (check(ga_memory_pool_stats(0, &stats))) return 1;
  printf("pool: %zu bytes in use, %zu held\n", stats.used_bytes, stats.total_bytes);
  if (check(ga_memory_free(block, NULL))) return 1;
  return check(ga_device_synchronize());
}
