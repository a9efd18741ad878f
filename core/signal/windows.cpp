#include "core/signal/windows.hpp"

#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/creation.hpp"
#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/kernel_argument.hpp"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace garray {

namespace {

// NumPy's symmetric position n = 1 - M + 2i, over arange(1 - M, M, 2).
#define GA_WINDOW_POSITION "const double n = 1.0 - m + 2.0 * (double)i;\n"

const char* window_name(ga_window_t kind) {
  switch (kind) {
    case GA_WINDOW_BARTLETT: return "bartlett";
    case GA_WINDOW_BLACKMAN: return "blackman";
    case GA_WINDOW_HAMMING: return "hamming";
    case GA_WINDOW_HANNING: return "hanning";
    case GA_WINDOW_KAISER: return "kaiser";
  }
  throw Error(GA_ERROR_INVALID_ARGUMENT, "kind " + std::to_string(static_cast<int>(kind)) + " is not a ga_window_t value");
}

const ElementwiseKernel& window_kernel(ga_window_t kind) {
  static const auto* kernels = [] {
    auto* made = new std::array<std::unique_ptr<const ElementwiseKernel>, GA_WINDOW_KAISER + 1>;  // outlives static teardown
    for (int k = GA_WINDOW_BARTLETT; k <= GA_WINDOW_KAISER; ++k) {
      const auto window = static_cast<ga_window_t>(k);
      (*made)[static_cast<std::size_t>(k)] = std::make_unique<const ElementwiseKernel>(
          kWindowInParams, kWindowOutParams, std::string(window_operation(window)),
          std::string("ga_window_") + window_name(window),
          window == GA_WINDOW_KAISER ? std::string(kBesselI0Preamble) : std::string(), std::vector<std::string>{});
    }
    return made;
  }();
  return *(*kernels)[static_cast<std::size_t>(kind)];
}

}  // namespace

std::string_view window_operation(ga_window_t kind) {
  switch (kind) {
    case GA_WINDOW_BARTLETT:
      return GA_WINDOW_POSITION "w = n <= 0.0 ? 1.0 + n / (m - 1.0) : 1.0 - n / (m - 1.0);";
    case GA_WINDOW_BLACKMAN:
      return GA_WINDOW_POSITION
          "w = 0.42 + 0.5 * cos(3.141592653589793 * n / (m - 1.0)) + 0.08 * cos(2.0 * 3.141592653589793 * n / (m - 1.0));";
    case GA_WINDOW_HAMMING:
      return GA_WINDOW_POSITION "w = 0.54 + 0.46 * cos(3.141592653589793 * n / (m - 1.0));";
    case GA_WINDOW_HANNING:
      return GA_WINDOW_POSITION "w = 0.5 + 0.5 * cos(3.141592653589793 * n / (m - 1.0));";
    case GA_WINDOW_KAISER:
      return "const double alpha = (m - 1.0) / 2.0;\n"
             "const double x = ((double)i - alpha) / alpha;\n"
             "w = ga_bessel_i0(beta * sqrt(1.0 - x * x)) / ga_bessel_i0(beta);";
  }
  throw Error(GA_ERROR_INVALID_ARGUMENT, "kind " + std::to_string(static_cast<int>(kind)) + " is not a ga_window_t value");
}

Array window(ga_window_t kind, std::int64_t m, double beta, const StreamRef& stream) {
  window_name(kind);  // refuses an unknown kind before anything is allocated
  if (m < 1) return Array::empty(Dims{0}, GA_FLOAT64, GA_ORDER_C, stream);
  if (m == 1) return full(Dims{1}, make_real_scalar(1.0, GA_FLOAT64), GA_FLOAT64, GA_ORDER_C, stream);
  const std::optional<Array> outputs[] = {Array::empty(Dims{m}, GA_FLOAT64, GA_ORDER_C, stream)};
  std::array<KernelArgument, 2> inputs;
  inputs[0].scalar = make_real_scalar(static_cast<double>(m), GA_FLOAT64);
  inputs[1].scalar = make_real_scalar(beta, GA_FLOAT64);
  window_kernel(kind)(inputs, outputs, -1, stream);
  return *outputs[0];
}

}  // namespace garray
