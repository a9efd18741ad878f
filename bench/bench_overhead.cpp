// Host time of small operations through the C API, where the device work is negligible and what is
// measured is garray's own cost per call: a fill, a copy (allocation, kernel choice, launch, handle),
// a cached RawKernel launch, cached ElementwiseKernel and ReductionKernel calls and a ufunc add
// (argument checks, type resolution, broadcasting, loop collapse, variant lookup, launch). The CUDA
// runtime's own launch costs roughly 2-3.5 µs of these, depending on the host. The device is
// synchronised every 256 calls so that the launch queue never fills. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <cstdio>

using bench::check;
using bench::median_microseconds;

const char* const bench::kProgram = "bench_overhead";

namespace {

constexpr const char* kIncrement =
    "extern \"C\" __global__ void increment(float* x, int n) {\n"
    "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) x[i] += 1.0f;\n"
    "}\n";

// `body` with a device synchronisation every 256 calls, counted in.
template <class Body>
double per_call(Body&& body) {
  int calls = 0;
  return median_microseconds(20000, [&] {
    body();
    if (++calls % 256 == 0) check(ga_device_synchronize(), "ga_device_synchronize");
  });
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  const int64_t shape[1] = {1};
  ga_array_t tiny = nullptr;
  check(ga_array_zeros(1, shape, GA_FLOAT32, GA_ORDER_C, nullptr, &tiny), "ga_array_zeros");
  const ga_scalar_t value = {GA_FLOAT32, 0, 0, 1.5, 0.0};

  const double fill = per_call([&] { check(ga_array_fill(tiny, value, nullptr), "ga_array_fill"); });
  const double copy = per_call([&] {
    ga_array_t copied = nullptr;
    check(ga_array_copy(tiny, GA_ORDER_C, nullptr, &copied), "ga_array_copy");
    check(ga_array_release(copied), "ga_array_release");
  });

  ga_kernel_t increment = nullptr;
  check(ga_raw_kernel_create(kIncrement, "increment", nullptr, 0, &increment), "ga_raw_kernel_create");
  ga_kernel_arg_t args[2] = {};
  args[0].kind = GA_KERNEL_ARG_ARRAY;
  args[0].array = tiny;
  args[1].kind = GA_KERNEL_ARG_SCALAR;
  args[1].scalar.dtype = GA_INT32;
  args[1].scalar.as_int = 1;
  const uint32_t one[3] = {1, 1, 1};
  const double raw_launch = per_call([&] {
    check(ga_kernel_launch(increment, one, one, 0, args, 2, nullptr), "ga_kernel_launch");
  });

  ga_elementwise_kernel_t axpb = nullptr;
  check(ga_elementwise_kernel_create("T x, T a, T b", "T y", "y = a * x + b", "axpb", nullptr, nullptr, 0, &axpb),
        "ga_elementwise_kernel_create");
  ga_kernel_arg_t axpb_inputs[3] = {args[0], {}, {}};
  for (int k = 1; k < 3; ++k) {
    axpb_inputs[k].kind = GA_KERNEL_ARG_SCALAR;
    axpb_inputs[k].scalar = value;
  }
  // A given destination comes back in results[0] as the same handle with one more reference, which
  // the caller releases: that release is part of the call's cost, as the new array's is below.
  const ga_array_t given[1] = {tiny};
  const double elementwise_in_place = per_call([&] {
    ga_array_t results[1] = {nullptr};
    check(ga_elementwise_kernel_call(axpb, axpb_inputs, 3, given, 1, -1, nullptr, results),
          "ga_elementwise_kernel_call");
    check(ga_array_release(results[0]), "ga_array_release");
  });
  const double elementwise_allocating = per_call([&] {
    ga_array_t outputs[1] = {nullptr};
    check(ga_elementwise_kernel_call(axpb, axpb_inputs, 3, outputs, 1, -1, nullptr, outputs), "ga_elementwise_kernel_call");
    check(ga_array_release(outputs[0]), "ga_array_release");
  });

  ga_ufunc_t add = nullptr;
  check(ga_ufunc_find("add", &add), "ga_ufunc_find");
  ga_operand_t add_operands[2] = {};
  add_operands[0].kind = add_operands[1].kind = GA_OPERAND_ARRAY;
  add_operands[0].array = add_operands[1].array = tiny;
  const double add_in_place = per_call([&] {
    ga_array_t results[1] = {nullptr};
    check(ga_ufunc_call(add, add_operands, 2, nullptr, given, 1, nullptr, results), "ga_ufunc_call");
    check(ga_array_release(results[0]), "ga_array_release");
  });
  const double add_allocating = per_call([&] {
    ga_array_t outputs[1] = {nullptr};
    check(ga_ufunc_call(add, add_operands, 2, nullptr, outputs, 1, nullptr, outputs), "ga_ufunc_call");
    check(ga_array_release(outputs[0]), "ga_array_release");
  });

  ga_reduction_kernel_t sum = nullptr;
  check(ga_reduction_kernel_create("T x", "T y", "x", "a + b", nullptr, "0", "sum", nullptr, nullptr, nullptr, 0, &sum),
        "ga_reduction_kernel_create");
  const double reduction = per_call([&] {
    ga_array_t outputs[1] = {nullptr};
    check(ga_reduction_kernel_call(sum, args, 1, outputs, 1, nullptr, -1, 0, nullptr, outputs), "ga_reduction_kernel_call");
    check(ga_array_release(outputs[0]), "ga_array_release");
  });

  std::printf("bench_overhead: %s; host microseconds per call, median of %d runs\n\n", properties.name,
              bench::kRepetitions);
  std::printf("%-40s %10.2f\n", "ga_array_fill, 1 element", fill);
  std::printf("%-40s %10.2f\n", "ga_array_copy + release, 1 element", copy);
  std::printf("%-40s %10.2f\n", "ga_kernel_launch (cached RawKernel)", raw_launch);
  std::printf("%-40s %10.2f   (goal <= 3)\n", "ElementwiseKernel axpb, output given", elementwise_in_place);
  std::printf("%-40s %10.2f\n", "ElementwiseKernel axpb, output allocated", elementwise_allocating);
  std::printf("%-40s %10.2f   (goal <= 3)\n", "ufunc add, 1 element, out given", add_in_place);
  std::printf("%-40s %10.2f\n", "ufunc add, 1 element, output allocated", add_allocating);
  std::printf("%-40s %10.2f\n", "ReductionKernel sum, 1 element", reduction);

  check(ga_reduction_kernel_release(sum), "ga_reduction_kernel_release");
  check(ga_elementwise_kernel_release(axpb), "ga_elementwise_kernel_release");
  check(ga_kernel_release(increment), "ga_kernel_release");
  check(ga_array_release(tiny), "ga_array_release");
  return 0;
}
