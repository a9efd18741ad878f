// Host time of small operations through the C API, where the device work is negligible and what is
// measured is garray's own cost per call: a fill, a copy (allocation, kernel choice, launch, handle)
// and a cached RawKernel launch. The CUDA runtime's own launch costs roughly 2 µs of these. The
// device is synchronised every 256 calls so that the launch queue never fills. Exits 1 without a GPU.
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
  check(ga_array_zeros(1, shape, GA_FLOAT32, GA_ORDER_C, &tiny), "ga_array_zeros");
  const ga_scalar_t value = {GA_FLOAT32, 0, 0, 1.5, 0.0};

  const double fill = per_call([&] { check(ga_array_fill(tiny, value), "ga_array_fill"); });
  const double copy = per_call([&] {
    ga_array_t copied = nullptr;
    check(ga_array_copy(tiny, GA_ORDER_C, &copied), "ga_array_copy");
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
    check(ga_kernel_launch(increment, one, one, 0, nullptr, args, 2), "ga_kernel_launch");
  });

  std::printf("bench_overhead: %s; host microseconds per call, median of %d runs\n\n", properties.name,
              bench::kRepetitions);
  std::printf("%-40s %10.2f\n", "ga_array_fill, 1 element", fill);
  std::printf("%-40s %10.2f\n", "ga_array_copy + release, 1 element", copy);
  std::printf("%-40s %10.2f\n", "ga_kernel_launch (cached RawKernel)", raw_launch);

  check(ga_kernel_release(increment), "ga_kernel_release");
  check(ga_array_release(tiny), "ga_array_release");
  return 0;
}
