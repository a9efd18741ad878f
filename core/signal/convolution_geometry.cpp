#include "core/signal/convolution_geometry.hpp"

#include "core/array/dtype.hpp"
#include "core/array/promotion.hpp"
#include "core/common/error.hpp"

#include <string>

namespace garray::convolution_geometry {

void require_mode(ga_convolve_mode_t mode, const char* function) {
  GA_REQUIRE_ARGUMENT(mode == GA_CONVOLVE_FULL || mode == GA_CONVOLVE_SAME || mode == GA_CONVOLVE_VALID,
                      std::string(function) + ": mode " + std::to_string(static_cast<int>(mode)) +
                          " is not a ga_convolve_mode_t value (full, same, valid)");
}

void require_same_ndim_and_nonempty(const Array& in1, const Array& in2, const char* function) {
  GA_REQUIRE(in1.ndim() == in2.ndim(), GA_ERROR_SHAPE_MISMATCH,
             std::string(function) + ": in1 and in2 should have the same dimensionality (" +
                 std::to_string(in1.ndim()) + " and " + std::to_string(in2.ndim()) + ")");
  GA_REQUIRE_ARGUMENT(in1.size() > 0 && in2.size() > 0,
                      std::string(function) + ": in1 and in2 must not be empty");
}

bool swap_for_valid(const Dims& in1, const Dims& in2, ga_convolve_mode_t mode, const char* function) {
  if (mode != GA_CONVOLVE_VALID) return false;
  bool in1_larger = true, in2_larger = true;
  for (int d = 0; d < in1.size(); ++d) {
    in1_larger = in1_larger && in1[d] >= in2[d];
    in2_larger = in2_larger && in2[d] >= in1[d];
  }
  GA_REQUIRE_ARGUMENT(in1_larger || in2_larger,
                      std::string(function) +
                          ": for 'valid' mode, one must be at least as large as the other in every dimension");
  return !in1_larger;
}

Array at_least_1d(const Array& array) { return array.ndim() == 0 ? array.view(Dims{1}, Dims{0}, 0) : array; }

ga_dtype_t result_dtype(const Array& in1, const Array& in2) { return promote_types(in1.dtype(), in2.dtype()); }

ga_dtype_t direct_compute_dtype(ga_dtype_t result) {
  switch (dtype_info(result).kind) {
    case GA_KIND_BOOL:
    case GA_KIND_SIGNED:
    case GA_KIND_UNSIGNED: return GA_UINT64;
    case GA_KIND_FLOAT: return result == GA_FLOAT64 ? GA_FLOAT64 : GA_FLOAT32;
    case GA_KIND_COMPLEX: return result;
  }
  throw Error(GA_ERROR_DTYPE, std::string("convolution: no compute dtype for ") + dtype_info(result).name);
}

convolution_kernels::Geometry geometry_of(const Dims& input, const Dims& kernel, ga_convolve_mode_t mode,
                                          ga_boundary_t boundary, bool same_start_rounds_up) {
  convolution_kernels::Geometry g;
  GA_REQUIRE_ARGUMENT(input.size() <= convolution_kernels::kMaxDims,
                      "convolution: at most " + std::to_string(convolution_kernels::kMaxDims) + " dimensions");
  g.ndim = input.size();
  g.boundary = boundary;
  for (int d = 0; d < g.ndim; ++d) {
    const std::int64_t n = input[d], k = kernel[d];
    g.input_shape[d] = n;
    g.kernel_shape[d] = k;
    switch (mode) {
      case GA_CONVOLVE_FULL: g.output_shape[d] = n + k - 1, g.start[d] = 0; break;
      case GA_CONVOLVE_SAME: g.output_shape[d] = n, g.start[d] = same_start_rounds_up ? k / 2 : (k - 1) / 2; break;
      case GA_CONVOLVE_VALID: g.output_shape[d] = n - k + 1, g.start[d] = k - 1; break;
    }
  }
  return g;
}

}  // namespace garray::convolution_geometry
