// Templated kernels of a RawModule, named by name expressions, through the C API: two
// instantiations launched against host references, their symbols read back from the disk cache by
// a fresh engine, and every refusal.
#include "raw_kernel_support.hpp"

#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

namespace {

using NameExpressionTest = GpuTest;

// x = a * x + 1 for any T; the source instantiates nothing itself.
constexpr const char* kTemplates = R"(
template <class T>
__global__ void my_func(T* x, T a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = a * x[i] + T(1);
}
extern "C" __global__ void plain(float* x) { x[0] = 42.0f; }
)";

const char* const kFloatAndDouble[] = {"my_func<float>", "my_func<double>"};

// kTemplates under a comment no earlier run has seen: the disk cache directory outlives test runs.
std::string never_seen_templates() {
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return "// run " + std::to_string(getpid()) + "-" + std::to_string(now) + "\n" + kTemplates;
}

ga_kernel_cache_stats_t stats_now() {
  ga_kernel_cache_stats_t stats = {sizeof(stats)};
  EXPECT_EQ(ga_kernel_cache_stats(&stats), GA_OK) << ga_last_error();
  return stats;
}

// Launches my_func<T> (already taken from a module) on 1000 values and checks a * x + 1; the
// values are small integers and a a power of two's multiple, so every result is exact in T.
template <class T>
void expect_my_func_computes(ga_kernel_t kernel, double a) {
  const int n = 1000;
  std::vector<T> values(n);
  for (int i = 0; i < n; ++i) values[i] = static_cast<T>(i % 97 - 48);
  ga_array_t data = upload(values);
  const ga_kernel_arg_t args[] = {array_arg(data), scalar_arg(dtype_of<T>(), a, 0), scalar_arg(GA_INT32, 0, n)};
  const uint32_t grid[3] = {(n + 255) / 256, 1, 1};
  const uint32_t block[3] = {256, 1, 1};
  GA_ASSERT_OK(ga_kernel_launch(kernel, grid, block, 0, args, 3, nullptr));
  const std::vector<T> result = download<T>(data, n);
  for (int i = 0; i < n; ++i) ASSERT_EQ(result[i], static_cast<T>(a) * values[i] + T(1)) << i;
  GA_ASSERT_OK(ga_array_release(data));
}

}  // namespace

TEST_F(NameExpressionTest, EachInstantiationRunsAndPlainKernelsStayReachable) {
  ga_module_t module = nullptr;
  GA_ASSERT_OK(ga_module_create_with_name_expressions(kTemplates, nullptr, 0, kFloatAndDouble, 2, &module));
  ga_kernel_t as_float = nullptr, as_double = nullptr, plain = nullptr;
  GA_ASSERT_OK(ga_module_get_function(module, "my_func<float>", &as_float));
  GA_ASSERT_OK(ga_module_get_function(module, "my_func<double>", &as_double));
  GA_ASSERT_OK(ga_module_get_function(module, "plain", &plain));
  GA_ASSERT_OK(ga_module_release(module));

  expect_my_func_computes<float>(as_float, 2.5);
  // 2^-30 is lost in float but not in double: the double instantiation really computes in double.
  expect_my_func_computes<double>(as_double, 1.0 + 1.0 / (1 << 30));

  ga_array_t one = upload(std::vector<float>{0.0f});
  const ga_kernel_arg_t args[] = {array_arg(one)};
  const uint32_t single[3] = {1, 1, 1};
  GA_ASSERT_OK(ga_kernel_launch(plain, single, single, 0, args, 1, nullptr));
  EXPECT_EQ(download<float>(one, 1)[0], 42.0f);
  GA_ASSERT_OK(ga_array_release(one));
  for (ga_kernel_t kernel : {as_float, as_double, plain}) GA_ASSERT_OK(ga_kernel_release(kernel));
}

TEST_F(NameExpressionTest, AFreshEngineFindsTheSymbolsInTheDiskCache) {
  const std::string source = never_seen_templates();
  const ga_kernel_cache_stats_t start = stats_now();
  ga_module_t module = nullptr;
  GA_ASSERT_OK(ga_module_create_with_name_expressions(source.c_str(), nullptr, 0, kFloatAndDouble, 2, &module));
  GA_ASSERT_OK(ga_module_release(module));
  EXPECT_EQ(stats_now().compiles - start.compiles, 1u);

  GA_ASSERT_OK(ga_kernel_cache_clear_memory());  // no NVRTC program left to ask for the symbols
  GA_ASSERT_OK(ga_module_create_with_name_expressions(source.c_str(), nullptr, 0, kFloatAndDouble, 2, &module));
  const ga_kernel_cache_stats_t now = stats_now();
  EXPECT_EQ(now.compiles - start.compiles, 1u) << "no second compile";
  EXPECT_EQ(now.disk_hits - start.disk_hits, 1u);
  ga_kernel_t as_double = nullptr;
  GA_ASSERT_OK(ga_module_get_function(module, "my_func<double>", &as_double));
  GA_ASSERT_OK(ga_module_release(module));
  expect_my_func_computes<double>(as_double, -0.75);
  GA_ASSERT_OK(ga_kernel_release(as_double));
}

TEST_F(NameExpressionTest, AnUnknownNameIsRefusedListingTheModulesExpressions) {
  ga_module_t module = nullptr;
  GA_ASSERT_OK(ga_module_create_with_name_expressions(kTemplates, nullptr, 0, kFloatAndDouble, 2, &module));
  ga_kernel_t kernel = nullptr;
  for (const char* unknown : {"my_func<int>", "my_func< float >", "my_func"}) {
    GA_EXPECT_STATUS(ga_module_get_function(module, unknown, &kernel), GA_ERROR_INVALID_ARGUMENT);
    const std::string message = ga_last_error();
    EXPECT_NE(message.find("no kernel '" + std::string(unknown) + "'"), std::string::npos) << message;
    EXPECT_NE(message.find("('my_func<float>', 'my_func<double>')"), std::string::npos) << message;
  }
  EXPECT_EQ(kernel, nullptr);
  GA_ASSERT_OK(ga_module_release(module));

  GA_ASSERT_OK(ga_module_create(kTemplates, nullptr, 0, &module));
  GA_EXPECT_STATUS(ga_module_get_function(module, "my_func<float>", &kernel), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("name expressions (none)"), std::string::npos) << ga_last_error();
  GA_ASSERT_OK(ga_module_release(module));
}

TEST_F(NameExpressionTest, AnExpressionThatInstantiatesNothingIsACompileErrorWithTheLog) {
  const char* const wrong_arity[] = {"my_func<float>", "my_func<float, 4>"};
  ga_module_t module = nullptr;
  GA_EXPECT_STATUS(ga_module_create_with_name_expressions(kTemplates, nullptr, 0, wrong_arity, 2, &module),
                   GA_ERROR_COMPILE);
  const std::string message = ga_last_error();
  EXPECT_NE(message.find("name expressions: my_func<float>, my_func<float, 4>"), std::string::npos) << message;
  EXPECT_NE(message.find("error"), std::string::npos) << "NVRTC's log: " << message;
  EXPECT_EQ(module, nullptr);
}

TEST_F(NameExpressionTest, NoExpressionsIsAPlainModule) {
  ga_module_t module = nullptr;
  GA_ASSERT_OK(ga_module_create_with_name_expressions(kTemplates, nullptr, 0, nullptr, 0, &module));
  ga_kernel_t plain = nullptr;
  GA_ASSERT_OK(ga_module_get_function(module, "plain", &plain));
  GA_ASSERT_OK(ga_kernel_release(plain));
  GA_ASSERT_OK(ga_module_release(module));
}

// Checked before the device is looked for, so these hold on any machine.
TEST(NameExpressionArguments, AreCheckedBeforeAnythingIsCompiled) {
  ga_module_t module = nullptr;
  GA_EXPECT_STATUS(ga_module_create_with_name_expressions(kTemplates, nullptr, 0, kFloatAndDouble, 2, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_module_create_with_name_expressions(nullptr, nullptr, 0, kFloatAndDouble, 2, &module),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("'source'"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_module_create_with_name_expressions(kTemplates, nullptr, 1, kFloatAndDouble, 2, &module),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("'options'"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_module_create_with_name_expressions(kTemplates, nullptr, 0, nullptr, 2, &module),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("'name_expressions' is NULL"), std::string::npos) << ga_last_error();
  const char* const with_null[] = {"my_func<float>", nullptr};
  GA_EXPECT_STATUS(ga_module_create_with_name_expressions(kTemplates, nullptr, 0, with_null, 2, &module),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("name_expressions[1] is NULL"), std::string::npos) << ga_last_error();
  const char* const with_empty[] = {"", "my_func<float>"};
  GA_EXPECT_STATUS(ga_module_create_with_name_expressions(kTemplates, nullptr, 0, with_empty, 2, &module),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("name_expressions[0] is empty"), std::string::npos) << ga_last_error();
  EXPECT_EQ(module, nullptr);
}
