/* The seeds' signal-processing case study from C: a 4096 x 4096 Dirac comb (a 1 every 64 pixels)
 * blurred by a 31 x 31 Hanning kernel (the outer product of numpy.hanning(31), normalised to sum 1)
 * with scipy.signal.convolve2d(..., mode='same', boundary='wrap'), timed with CUDA events and checked
 * against a CPU sum on a few pixels. On a machine without a GPU the program says so and exits 0.
 *
 * Build against an installed garray:  cc signal_case_study.c $(pkg-config --cflags --libs garray) -lm */
#include <garray/garray.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    const ga_status_t status_ = (call);                                          \
    if (status_ != GA_OK) {                                                      \
      fprintf(stderr, "%s: %s\n", ga_status_string(status_), ga_last_error());  \
      goto cleanup;                                                              \
    }                                                                            \
  } while (0)

enum { side = 4096, spacing = 64, taps = 31, repeats = 10 };

/* The blurred comb at (row, col), summed on the CPU: out[m] = sum_k w[k] x[(m + 15 - k) mod side]. */
static double cpu_pixel(const float *kernel, int64_t row, int64_t col) {
  double sum = 0;
  for (int i = 0; i < taps; ++i) {
    for (int j = 0; j < taps; ++j) {
      const int64_t y = ((row + (taps - 1) / 2 - i) % side + side) % side;
      const int64_t x = ((col + (taps - 1) / 2 - j) % side + side) % side;
      if (y % spacing == 0 && x % spacing == 0) sum += kernel[i * taps + j];
    }
  }
  return sum;
}

int main(void) {
  int count = 0, result = 1;
  float *comb = NULL, *kernel = NULL, *blurred = NULL;
  ga_array_t image = NULL, window = NULL, window2d = NULL, weights = NULL, out = NULL;
  ga_event_t start = NULL, stop = NULL;

  if (ga_device_count(&count) != GA_OK || count == 0) {
    printf("No CUDA GPU or driver on this machine: device calls return GA_ERROR_NO_DEVICE.\n");
    return 0;
  }
  comb = calloc((size_t)side * side, sizeof *comb);
  kernel = malloc(sizeof *kernel * taps * taps);
  blurred = malloc(sizeof *blurred * side * side);
  if (!comb || !kernel || !blurred) goto cleanup;
  for (int64_t r = 0; r < side; r += spacing) {
    for (int64_t c = 0; c < side; c += spacing) comb[r * side + c] = 1.0f;
  }
  const int64_t shape[2] = {side, side};
  CHECK(ga_array_from_host(comb, 2, shape, NULL, GA_FLOAT32, GA_ORDER_C, NULL, &image));

  // [snippet:signal-case-study] (docs/signal.md)
  /* The kernel: outer(hanning(31), hanning(31)) / its sum, as float32. */
  CHECK(ga_signal_window(GA_WINDOW_HANNING, taps, 0.0, NULL, &window));
  CHECK(ga_array_outer(window, window, NULL, NULL, &window2d));
  double host_window[taps * taps], total = 0;
  CHECK(ga_array_to_host(window2d, host_window, sizeof host_window, NULL));
  for (int i = 0; i < taps * taps; ++i) total += host_window[i];
  for (int i = 0; i < taps * taps; ++i) kernel[i] = (float)(host_window[i] / total);
  const int64_t kernel_shape[2] = {taps, taps};
  CHECK(ga_array_from_host(kernel, 2, kernel_shape, NULL, GA_FLOAT32, GA_ORDER_C, NULL, &weights));

  /* convolve2d(image, weights, mode='same', boundary='wrap'), timed with events. */
  const ga_scalar_t no_fill = {GA_FLOAT32, 0, 0, 0.0, 0.0};
  CHECK(ga_signal_convolve2d(image, weights, GA_CONVOLVE_SAME, GA_BOUNDARY_WRAP, no_fill, NULL, &out)); /* warm-up */
  CHECK(ga_array_release(out));
  out = NULL;
  CHECK(ga_event_create(0, &start));
  CHECK(ga_event_create(0, &stop));
  CHECK(ga_event_record(start, NULL));
  for (int i = 0; i < repeats; ++i) {
    if (out) CHECK(ga_array_release(out));
    out = NULL;
    CHECK(ga_signal_convolve2d(image, weights, GA_CONVOLVE_SAME, GA_BOUNDARY_WRAP, no_fill, NULL, &out));
  }
  CHECK(ga_event_record(stop, NULL));
  CHECK(ga_event_synchronize(stop));
  float milliseconds = 0;
  CHECK(ga_event_elapsed_ms(start, stop, &milliseconds));
  // [snippet-end]

  CHECK(ga_array_to_host(out, blurred, sizeof *blurred * side * side, NULL));
  const int64_t pixels[][2] = {{0, 0}, {1, 2}, {15, 15}, {63, 64}, {4095, 4095}, {2048, 2050}, {100, 4090}};
  double worst = 0;
  for (size_t p = 0; p < sizeof pixels / sizeof pixels[0]; ++p) {
    const double expected = cpu_pixel(kernel, pixels[p][0], pixels[p][1]);
    const double error = fabs(blurred[pixels[p][0] * side + pixels[p][1]] - expected);
    if (error > worst) worst = error;
  }
  result = worst < 1e-5 ? 0 : 1;
  printf("convolve2d 4096x4096 f32 (*) 31x31 hanning, same, wrap: %.3f ms per call; max error %.2e on %d pixels: %s\n",
         milliseconds / repeats, worst, (int)(sizeof pixels / sizeof pixels[0]),
         result ? "DIFFERS from the CPU sum" : "matches the CPU sum");

cleanup:
  if (start) ga_event_release(start);
  if (stop) ga_event_release(stop);
  {
    ga_array_t arrays[] = {image, window, window2d, weights, out};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i) {
      if (arrays[i]) ga_array_release(arrays[i]);
    }
  }
  free(comb);
  free(kernel);
  free(blurred);
  return result;
}
