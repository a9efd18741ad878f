/* The main example: report the library, the GPU, and round-trip a block of memory through the
 * pool. On a machine without a GPU it says so and exits 0. */
#include <garray/garray.h>

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

  void *block = NULL;
  ga_memory_stats_t stats = {sizeof(ga_memory_stats_t)};
  if (check(ga_memory_allocate(1 << 20, NULL, &block))) return 1;
  if (check(ga_memory_pool_stats(0, &stats))) return 1;
  printf("pool: %zu bytes in use, %zu held\n", stats.used_bytes, stats.total_bytes);
  if (check(ga_memory_free(block, NULL))) return 1;
  return check(ga_device_synchronize());
}
