/* A matrix from host data to the GPU and back: a 3 x 4 float64 matrix uploaded, transposed and cast
 * to float32 on the device (a transpose and a cast kernel, generated for these dtypes and cached),
 * and read back. Then two errors handled while the program goes on, each reported with its status
 * and the message naming the function and the offending argument: a reshape to a shape of another
 * size, and a user kernel that does not compile. On a machine without a GPU it says so and exits 0.
 *
 * Build against an installed garray:  cc matrix.c $(pkg-config --cflags --libs garray) -o matrix */
#include <garray/garray.h>

#include <stdio.h>
#include <string.h>

static int failed(ga_status_t status) {
  if (status != GA_OK) fprintf(stderr, "%s: %s\n", ga_status_string(status), ga_last_error());
  return status != GA_OK;
}

/* Runs the matrix's round trip; 0 when every value came back as expected. */
static int round_trip(void) {
  const double matrix[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  const int64_t shape[2] = {3, 4};
  const int64_t wrong_shape[2] = {5, 5};
  float transposed[4][3];
  ga_array_t device_matrix = NULL, view = NULL, result = NULL, reshaped = NULL;
  ga_kernel_t kernel = NULL;
  ga_status_t error;
  int status = 1;
  if (failed(ga_array_from_host(matrix, 2, shape, NULL, GA_FLOAT64, GA_ORDER_C, NULL, &device_matrix)) ||
      failed(ga_array_transpose(device_matrix, NULL, 0, &view)) /* a view: no copy */ ||
      failed(ga_array_astype(view, GA_FLOAT32, GA_ORDER_C, NULL, &result)) ||
      failed(ga_array_to_host(result, transposed, sizeof transposed, NULL)))
    goto cleanup;
  status = 0;
  for (int row = 0; row < 4; ++row)
    for (int column = 0; column < 3; ++column)
      if (transposed[row][column] != (float)matrix[column][row]) status = 1;
  printf("matrix: 3 x 4 float64 -> transposed 4 x 3 float32 on the GPU -> host: %s\n",
         status == 0 ? "as expected" : "WRONG");

  /* Errors: the library stays usable and the caller's variables are left as they were. */
  error = ga_array_reshape(device_matrix, 2, wrong_shape, GA_ORDER_C, NULL, &reshaped);
  printf("reshape 3 x 4 to 5 x 5: %s: %s (out-parameter still %s)\n", ga_status_string(error),
         ga_last_error(), reshaped == NULL ? "NULL" : "set");
  if (error != GA_ERROR_SHAPE_MISMATCH || reshaped != NULL) status = 1;

  error = ga_raw_kernel_create("extern \"C\" __global__ void broken() { undeclared = 1; }", "broken",
                               NULL, 0, &kernel);
  /* The message carries NVRTC's whole log; its first line is enough here. */
  printf("a kernel that does not compile: %s: %.*s ...\n", ga_status_string(error),
         (int)strcspn(ga_last_error(), "\n"), ga_last_error());
  if (error != GA_ERROR_COMPILE || kernel != NULL) status = 1;

cleanup: /* handles that were made, and only those */
  if (device_matrix) ga_array_release(device_matrix);
  if (view) ga_array_release(view);
  if (result) ga_array_release(result);
  return status;
}

int main(void) {
  int count = 0;
  if (failed(ga_device_count(&count))) return 1;
  if (count == 0) {
    printf("No CUDA GPU or driver on this machine: device calls return GA_ERROR_NO_DEVICE.\n");
    return 0;
  }
  return round_trip();
}
