/* The C snippets of docs/kernels.md: a launch with its arguments, and the kernels of a templated
 * module found through name expressions. */
#include "doc_snippets.h"

void doc_kernels_launch(ga_kernel_t saxpy, ga_array_t x, ga_array_t y, ga_array_t out, uint64_t n) {
  // [snippet:launch]
  const ga_kernel_arg_t args[] = {
    {.kind = GA_KERNEL_ARG_SCALAR, .scalar = {.dtype = GA_FLOAT32, .as_real = 2.5}},
    {.kind = GA_KERNEL_ARG_ARRAY, .array = x},   /* the device address of x's first element */
    {.kind = GA_KERNEL_ARG_ARRAY, .array = y},
    {.kind = GA_KERNEL_ARG_ARRAY, .array = out},
    {.kind = GA_KERNEL_ARG_SCALAR, .scalar = {.dtype = GA_UINT64, .as_uint = n}},
  };
  const uint32_t grid[3] = {(uint32_t)((n + 255) / 256), 1, 1}, block[3] = {256, 1, 1};
  ga_kernel_launch(saxpy, grid, block, 0 /* dynamic shared bytes */, args, 5, NULL /* the current stream */);
  // [snippet-end]
}

void doc_kernels_name_expressions(ga_module_t *module_out, ga_kernel_t *as_float_out, ga_kernel_t *as_double_out) {
  // [snippet:name-expressions]
  const char *source =
      "template <class T>\n"
      "__global__ void my_func(T* x, T a, int n) {\n"
      "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) x[i] = a * x[i] + T(1);\n"
      "}\n";
  const char *const name_expressions[] = {"my_func<float>", "my_func<double>"};
  ga_module_t module;
  ga_module_create_with_name_expressions(source, NULL, 0, name_expressions, 2, &module);
  ga_kernel_t as_float, as_double;
  ga_module_get_function(module, "my_func<float>", &as_float);   /* symbol _Z7my_funcIfEvPT_S0_i */
  ga_module_get_function(module, "my_func<double>", &as_double);
  // [snippet-end]
  *module_out = module;
  *as_float_out = as_float;
  *as_double_out = as_double;
}
