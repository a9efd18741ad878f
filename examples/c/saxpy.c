/* SAXPY, y = a x + y, with a user kernel as CuPy's RawKernel: CUDA C++ compiled at run time by
 * NVRTC (and cached, in memory and on disk), launched on two device arrays made from host data.
 * On a machine without a GPU it says so and exits 0.
 *
 * Build against an installed garray:  cc saxpy.c $(pkg-config --cflags --libs garray) -o saxpy */
#include <garray/garray.h>

#include <stdio.h>
#include <stdlib.h>

static const char *const saxpy_source =
    "extern \"C\" __global__ void saxpy(float a, const float *x, float *y, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) y[i] = a * x[i] + y[i];\n"
    "}\n";

static int failed(ga_status_t status) {
  if (status != GA_OK) fprintf(stderr, "%s: %s\n", ga_status_string(status), ga_last_error());
  return status != GA_OK;
}

int main(void) {
  enum { n = 1000003 }; /* not a multiple of the block size: the kernel checks its bound */
  const float a = 2.0f;
  int count = 0, result = 1;
  if (failed(ga_device_count(&count))) return 1;
  if (count == 0) {
    printf("No CUDA GPU or driver on this machine: device calls return GA_ERROR_NO_DEVICE.\n");
    return 0;
  }

  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  ga_array_t device_x = NULL, device_y = NULL;
  ga_kernel_t saxpy = NULL;
  const int64_t shape[1] = {n};
  if (x == NULL || y == NULL) goto cleanup;
  for (int i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  if (failed(ga_array_from_host(x, 1, shape, NULL, GA_FLOAT32, GA_ORDER_C, NULL, &device_x)) ||
      failed(ga_array_from_host(y, 1, shape, NULL, GA_FLOAT32, GA_ORDER_C, NULL, &device_y)) ||
      failed(ga_raw_kernel_create(saxpy_source, "saxpy", NULL, 0, &saxpy)))
    goto cleanup;

  /* Arguments in the kernel's order: scalars by value as their dtype, arrays as device pointers. */
  const ga_kernel_arg_t args[4] = {
      {.kind = GA_KERNEL_ARG_SCALAR, .scalar = {.dtype = GA_FLOAT32, .as_real = a}},
      {.kind = GA_KERNEL_ARG_ARRAY, .array = device_x},
      {.kind = GA_KERNEL_ARG_ARRAY, .array = device_y},
      {.kind = GA_KERNEL_ARG_SCALAR, .scalar = {.dtype = GA_INT32, .as_int = n}},
  };
  const uint32_t grid[3] = {(n + 255) / 256, 1, 1}, block[3] = {256, 1, 1};
  if (failed(ga_kernel_launch(saxpy, grid, block, 0, args, 4, NULL)) ||
      failed(ga_array_to_host(device_y, y, n * sizeof *y, NULL))) /* waits for the kernel */
    goto cleanup;

  result = 0;
  for (int i = 0; i < n; ++i) {
    if (y[i] != a * (float)i + 1.0f) {
      fprintf(stderr, "y[%d] is %g, not %g\n", i, (double)y[i], (double)(a * (float)i + 1.0f));
      result = 1;
      break;
    }
  }
  if (result == 0) printf("saxpy: y = %g x + y on %d elements, all exact\n", (double)a, n);

cleanup: /* handles that were made, and only those */
  if (saxpy) ga_kernel_release(saxpy);
  if (device_x) ga_array_release(device_x);
  if (device_y) ga_array_release(device_y);
  free(x);
  free(y);
  return result;
}
