/* Compiled as strict C99: proves the public header is C, and calls the API from C. Prints
 * GoogleTest-like lines and writes no XML; ctest counts it as one test. */
#include <garray/garray.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(condition)                                                     \
  do {                                                                       \
    if (!(condition)) {                                                      \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      ++failures;                                                            \
    }                                                                        \
  } while (0)

int main(void) {
  size_t itemsize = 0;
  ga_dtype_t dtype = GA_BOOL;
  int count = -1;
  int abi = 0;
  ga_stream_t stream = NULL;

  CHECK(ga_version_numbers(NULL, NULL, NULL, &abi) == GA_OK && abi == GA_ABI_VERSION);
  CHECK(ga_dtype_itemsize(GA_COMPLEX128, &itemsize) == GA_OK && itemsize == 16);
  CHECK(ga_dtype_parse("<f8", &dtype) == GA_OK && dtype == GA_FLOAT64);
  CHECK(ga_dtype_parse("nope", &dtype) == GA_ERROR_DTYPE && dtype == GA_FLOAT64);
  CHECK(strstr(ga_last_error(), "nope") != NULL);
  CHECK(ga_device_count(&count) == GA_OK && count >= 0);
  CHECK(ga_stream_release(NULL) == GA_ERROR_INVALID_HANDLE);
  if (count == 0) {
    CHECK(ga_stream_create(GA_STREAM_DEFAULT, 0, &stream) == GA_ERROR_NO_DEVICE && stream == NULL);
  } else {
    CHECK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream) == GA_OK);
    CHECK(ga_stream_synchronize(stream) == GA_OK);
    CHECK(ga_stream_release(stream) == GA_OK);
  }
  /* The ABI 1.0 convention from C: a destination-free creation call with its stream before the
   * result, and a result that is output-only (a failing call leaves whatever it held). */
  {
    const int64_t shape[2] = {2, 3};
    ga_array_t const garbage = (ga_array_t)(uintptr_t)0x1234;
    ga_array_t result = garbage;
    CHECK(ga_array_zeros(-1, shape, GA_FLOAT32, GA_ORDER_C, NULL, &result) == GA_ERROR_INVALID_ARGUMENT);
    CHECK(result == garbage);
    CHECK(ga_array_zeros(2, shape, GA_FLOAT32, GA_ORDER_C, NULL, NULL) == GA_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ga_last_error(), "'result'") != NULL);
    if (count > 0) {
      CHECK(ga_array_zeros(2, shape, GA_FLOAT32, GA_ORDER_C, NULL, &result) == GA_OK && result != garbage);
      CHECK(ga_array_release(result) == GA_OK);
    }
  }
  printf("%s\n", failures == 0 ? "c99 API test passed" : "c99 API test FAILED");
  return failures == 0 ? 0 : 1;
}
