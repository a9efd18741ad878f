/* A program outside the garray tree, built against an installed garray by the install test. */
#include <garray/garray.h>

#include <stdio.h>
#include <string.h>

int main(void) {
  ga_dtype_t dtype = GA_BOOL;
  if (strcmp(ga_version(), GA_VERSION_STRING) != 0) {
    fprintf(stderr, "library version %s differs from header version %s\n", ga_version(),
            GA_VERSION_STRING);
    return 1;
  }
  if (ga_dtype_parse("float32", &dtype) != GA_OK || dtype != GA_FLOAT32) {
    fprintf(stderr, "ga_dtype_parse(\"float32\") failed: %s\n", ga_last_error());
    return 1;
  }
  printf("consumer: garray %s, float32 parsed\n", ga_version());
  return 0;
}
