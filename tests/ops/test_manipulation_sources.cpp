// The generated kernels of the manipulation routines (the window functions and repeat with one
// count per position) compile with NVRTC to CUBIN for sm_90, on the host (no GPU needed), exactly
// as the elementwise engine presents them: the operations and preamble are the ones the routines run.
#include "jit/expect_compiles.hpp"
#include "jit/memory_only_engine_fixture.hpp"

#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/ops/elementwise_source.hpp"
#include "core/ops/kernel_params.hpp"
#include "core/ops/manipulation/tiling.hpp"
#include "core/signal/windows.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using garray::ArgumentKind;
using garray::ElementwiseOperand;
using garray::KernelParam;
using ManipulationSources = MemoryOnlyEngineTest;

}  // namespace

TEST_F(ManipulationSources, EveryWindowCompilesForSm90) {
  const std::vector<KernelParam> in = garray::parse_kernel_params(garray::kWindowInParams, "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params(garray::kWindowOutParams, "out");
  const std::vector<ElementwiseOperand> operands{{&in[0], false, ArgumentKind::scalar, GA_FLOAT64, GA_FLOAT64},
                                                 {&in[1], false, ArgumentKind::scalar, GA_FLOAT64, GA_FLOAT64},
                                                 {&out[0], true, ArgumentKind::array, GA_FLOAT64, GA_FLOAT64}};
  for (const ga_window_t kind :
       {GA_WINDOW_BARTLETT, GA_WINDOW_BLACKMAN, GA_WINDOW_HAMMING, GA_WINDOW_HANNING, GA_WINDOW_KAISER}) {
    for (const bool wide : {false, true}) {
      const std::string name = "ga_window_" + std::to_string(kind) + (wide ? "_i64" : "_i32");
      const std::string preamble = kind == GA_WINDOW_KAISER ? std::string(garray::kBesselI0Preamble) : "";
      expect_compiles(garray::elementwise_kernel_source(garray::ElementwiseSignature{
                          name, garray::window_operation(kind), preamble, operands, {}, 1, true, wide}),
                      name);
    }
  }
}

TEST_F(ManipulationSources, RepeatPerPositionCompilesForEveryKindOfDtype) {
  const std::vector<KernelParam> in = garray::parse_kernel_params(garray::kRepeatInParams, "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params(garray::kRepeatOutParams, "out");
  for (const ga_dtype_t type : {GA_BOOL, GA_INT8, GA_UINT64, GA_FLOAT16, GA_BFLOAT16, GA_FLOAT32, GA_COMPLEX128}) {
    for (const bool contiguous : {true, false}) {
      const std::vector<std::pair<std::string, ga_dtype_t>> placeholders{{"T", type}};
      const std::vector<ElementwiseOperand> operands{
          {&in[0], false, ArgumentKind::raw, type, type, 3, contiguous},
          {&in[1], false, ArgumentKind::raw, GA_INT64, GA_INT64, 1, true},
          {&in[2], false, ArgumentKind::scalar, GA_INT64, GA_INT64},
          {&in[3], false, ArgumentKind::scalar, GA_INT64, GA_INT64},
          {&in[4], false, ArgumentKind::scalar, GA_INT64, GA_INT64},
          {&out[0], true, ArgumentKind::array, type, type}};
      const std::string name = "ga_repeat_" + std::to_string(type) + (contiguous ? "_c" : "_s");
      expect_compiles(garray::elementwise_kernel_source(garray::ElementwiseSignature{
                          name, garray::kRepeatOperation, "", operands, placeholders, 1, true, false}),
                      name);
    }
  }
}
