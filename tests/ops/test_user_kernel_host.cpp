// Host-side pieces of the user kernels, no GPU needed: parameter parsing, placeholder binding, the
// C API's refusals at creation, and NVRTC compiling the generated sources of representative
// signatures for sm_90.
#include <garray/garray.h>

#include "jit/expect_compiles.hpp"

#include "core/common/error.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/elementwise_source.hpp"
#include "core/ops/kernel_param_types.hpp"
#include "core/ops/kernel_params.hpp"
#include "core/ops/reduction_source.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using garray::ArgumentDtype;
using garray::ArgumentKind;
using garray::ElementwiseOperand;
using garray::KernelParam;

ga_status_t status_of(const auto& action) {
  try {
    action();
    return GA_OK;
  } catch (const garray::Error& error) {
    return error.status();
  }
}

}  // namespace

TEST(KernelParams, ParsesTypesPlaceholdersAndRaw) {
  const std::vector<KernelParam> params = garray::parse_kernel_params(" float32 x,T y , raw  U z ", "in_params");
  ASSERT_EQ(params.size(), 3u);
  EXPECT_EQ(params[0].name, "x");
  EXPECT_EQ(params[0].dtype, GA_FLOAT32);
  EXPECT_TRUE(params[1].is_placeholder());
  EXPECT_EQ(params[1].type_name, "T");
  EXPECT_TRUE(params[2].raw);
  EXPECT_TRUE(garray::parse_kernel_params("  ", "in_params").empty());
}

TEST(KernelParams, RefusesMalformedEntries) {
  for (const char* bad : {"float32", "float32 x y z", "float32 1x", "float32 x, float32 x", "float32 i",
                          "float32 _x", "shared float32 x", "float32 x,"}) {
    EXPECT_EQ(status_of([&] { garray::parse_kernel_params(bad, "in_params"); }), GA_ERROR_INVALID_ARGUMENT) << bad;
  }
  for (const char* bad : {"float x", "f4 x", "int x", "Tx y"}) {
    EXPECT_EQ(status_of([&] { garray::parse_kernel_params(bad, "in_params"); }), GA_ERROR_DTYPE) << bad;
  }
}

TEST(KernelParams, PlaceholdersBindOutputsFirstThenArraysThenScalars) {
  const std::vector<KernelParam> in = garray::parse_kernel_params("T a, T b, U c", "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params("T y", "out");
  const ArgumentDtype scalar_f64{true, false, GA_FLOAT64};
  const ArgumentDtype array_f32{true, true, GA_FLOAT32};
  const ArgumentDtype array_i8{true, true, GA_INT8};
  const ArgumentDtype allocated{false, true, GA_FLOAT32};
  const std::vector<ArgumentDtype> inputs{scalar_f64, array_f32, array_i8};
  garray::ParamTypes types = garray::resolve_param_types(in, inputs, out, std::vector<ArgumentDtype>{allocated});
  EXPECT_EQ(types.inputs, (std::vector<ga_dtype_t>{GA_FLOAT32, GA_FLOAT32, GA_INT8}));
  EXPECT_EQ(types.outputs, (std::vector<ga_dtype_t>{GA_FLOAT32}));
  const ArgumentDtype given_f64{true, true, GA_FLOAT64};
  types = garray::resolve_param_types(in, inputs, out, std::vector<ArgumentDtype>{given_f64});
  EXPECT_EQ(types.inputs[1], GA_FLOAT64);

  const std::vector<KernelParam> only_output = garray::parse_kernel_params("V y", "out");
  EXPECT_EQ(status_of([&] {
              garray::resolve_param_types(in, inputs, only_output, std::vector<ArgumentDtype>{allocated});
            }),
            GA_ERROR_DTYPE);
}

TEST(KernelParams, MentionsIdentifierMatchesWholeTokensOnly) {
  EXPECT_TRUE(garray::mentions_identifier("y = x[i];", "i"));
  EXPECT_TRUE(garray::mentions_identifier("i", "i"));
  EXPECT_FALSE(garray::mentions_identifier("y = min(x, pi) + i_2;", "i"));
  EXPECT_TRUE(garray::mentions_identifier("y = _ind.size();", "_ind"));
}

TEST(UserKernelCapi, CreationRefusesBadDeclarations) {
  ga_elementwise_kernel_t kernel = nullptr;
  EXPECT_EQ(ga_elementwise_kernel_create("T x", "T y", nullptr, "k", nullptr, nullptr, 0, &kernel),
            GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_elementwise_kernel_create("T x", "", "y = x;", "k", nullptr, nullptr, 0, &kernel),
            GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_elementwise_kernel_create("T x", "T x", "x = x;", "k", nullptr, nullptr, 0, &kernel),
            GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_elementwise_kernel_create("T x", "T y", "y = x;", "not a name", nullptr, nullptr, 0, &kernel),
            GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_elementwise_kernel_create("T x", "T y", "   ", "k", nullptr, nullptr, 0, &kernel),
            GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_elementwise_kernel_create("double x", "T y", "y = x;", "k", nullptr, nullptr, 0, &kernel),
            GA_ERROR_DTYPE);
  EXPECT_EQ(kernel, nullptr);
  ga_reduction_kernel_t reduction = nullptr;
  EXPECT_EQ(ga_reduction_kernel_create("raw T x", "T y", "x[0]", "a + b", nullptr, "0", "r", nullptr, nullptr,
                                       nullptr, 0, &reduction),
            GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_reduction_kernel_create("T x", "T y", "x", nullptr, nullptr, "0", "r", nullptr, nullptr, nullptr, 0,
                                       &reduction),
            GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ga_reduction_kernel_create("T x", "T y", "x", "a + b", nullptr, "0", "r", "float", nullptr, nullptr, 0,
                                       &reduction),
            GA_ERROR_DTYPE);
  EXPECT_EQ(reduction, nullptr);
  ASSERT_EQ(ga_reduction_kernel_create("T x", "T y", "x", "a + b", nullptr, "0", "r", "T", nullptr, nullptr, 0,
                                       &reduction),
            GA_OK)
      << ga_last_error();
  EXPECT_EQ(ga_reduction_kernel_release(reduction), GA_OK);
}

TEST(UserKernelSources, ElementwiseSignaturesCompile) {
  const std::vector<KernelParam> in = garray::parse_kernel_params("T x, float32 s, raw T r", "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params("T y, float64 z", "out");
  const std::vector<std::pair<std::string, ga_dtype_t>> placeholders{{"T", GA_FLOAT16}};
  for (const bool contiguous : {true, false}) {
    for (const bool wide : {false, true}) {
      const std::vector<ElementwiseOperand> operands{
          {&in[0], false, ArgumentKind::array, GA_FLOAT16, GA_FLOAT16},
          {&in[1], false, ArgumentKind::scalar, GA_FLOAT32, GA_FLOAT32},
          {&in[2], false, ArgumentKind::raw, GA_FLOAT16, GA_FLOAT16, 2, contiguous},
          {&out[0], true, ArgumentKind::array, GA_FLOAT16, GA_FLOAT16},
          {&out[1], true, ArgumentKind::array, GA_FLOAT64, GA_INT32}};
      const std::string name = std::string("ew_") + (contiguous ? "c" : "s") + (wide ? "64" : "32");
      expect_compiles(garray::elementwise_kernel_source(garray::ElementwiseSignature{
                          name, "y = T(float(x) * s + float(r[i % r.size()])); z += double(y)",
                          "__device__ float twice(float v) { return 2 * v; }", operands, placeholders,
                          contiguous ? 1 : 3, contiguous, wide}),
                      name);
    }
  }
}

TEST(UserKernelSources, TiledElementwiseSignaturesCompile) {
  const std::vector<KernelParam> in = garray::parse_kernel_params("T x, float32 s, T w", "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params("T y, float64 z", "out");
  for (const ga_dtype_t type : {GA_FLOAT16, GA_COMPLEX128, GA_INT8}) {
    const std::vector<std::pair<std::string, ga_dtype_t>> placeholders{{"T", type}};
    for (const bool wide : {false, true}) {
      const std::vector<ElementwiseOperand> operands{{&in[0], false, ArgumentKind::array, type, GA_BOOL},
                                                     {&in[1], false, ArgumentKind::scalar, GA_FLOAT32, GA_FLOAT32},
                                                     {&in[2], false, ArgumentKind::array, type, type},
                                                     {&out[0], true, ArgumentKind::array, type, type},
                                                     {&out[1], true, ArgumentKind::array, GA_FLOAT64, GA_INT32}};
      for (const std::uint32_t staged : {0u, 1u, 2u, 3u}) {
        const std::string name = "tiled_" + std::to_string(type) + (wide ? "_64_" : "_32_") + std::to_string(staged);
        expect_compiles(garray::elementwise_kernel_source(garray::ElementwiseSignature{
                            name, "(void)x; y = w; z = (double)i + (double)s", "", operands, placeholders, 2, false, wide, true,
                            staged}),
                        name);
      }
    }
  }
}

TEST(UserKernelSources, ReductionSignaturesCompile) {
  const std::vector<KernelParam> in = garray::parse_kernel_params("T x, T w", "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params("T y, int32 n", "out");
  for (const ga_dtype_t type : {GA_FLOAT32, GA_FLOAT16, GA_COMPLEX128, GA_INT64}) {
    const std::vector<std::pair<std::string, ga_dtype_t>> placeholders{{"T", type}};
    const std::vector<ElementwiseOperand> operands{{&in[0], false, ArgumentKind::array, type, type},
                                                   {&in[1], false, ArgumentKind::scalar, type, type},
                                                   {&out[0], true, ArgumentKind::array, type, type},
                                                   {&out[1], true, ArgumentKind::array, GA_INT32, GA_INT64}};
    for (const bool with_identity : {true, false}) {
      const std::string name = std::string("reduce_") + std::to_string(type) + (with_identity ? "_id" : "_noid");
      expect_compiles(garray::reduction_kernel_source(garray::ReductionSignature{
                          name, "x * w", "a + b", "y = a; n = 1",
                          with_identity ? std::optional<std::string_view>("0") : std::nullopt, type, "", operands,
                          placeholders, 2, 1, type == GA_INT64}),
                      name);
      expect_compiles(garray::reduction_kernel_source(garray::ReductionSignature{
                          name, "x * w", "a + b", "y = a; n = 1",
                          with_identity ? std::optional<std::string_view>("0") : std::nullopt, type, "", operands,
                          placeholders, 2, 1, type == GA_INT64}),
                      garray::combine_kernel_name(name));
      // Contiguous rows loaded 16 bytes at a time.
      const int itemsize = garray::dtype_info(type).itemsize;
      if (itemsize > 8) continue;
      garray::ReductionSignature vectors{name, "x * w", "a + b", "y = a; n = 1",
                                         with_identity ? std::optional<std::string_view>("0") : std::nullopt, type, "",
                                         operands, placeholders, 2, 1, type == GA_INT64};
      vectors.vector_width = 16 / itemsize;
      expect_compiles(garray::reduction_kernel_source(vectors), name);
    }
  }
}
