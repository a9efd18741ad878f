// Every loop of every ufunc compiles with NVRTC to CUBIN for sm_90, on the host (no GPU needed).
// A ufunc's loops go into one source, one minimal kernel per loop, so that CI compiles about 90
// sources rather than about 1200. Each loop's kernel sits in a namespace of its own together
// with only the device helpers the loop lists, so a loop that forgets a helper fails here even
// when another loop of its ufunc brings that helper.
#include "jit/memory_only_engine_fixture.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/ops/ufunc/ufunc.hpp"

#include "core/array/dtype.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

const garray::jit::Target kTarget{90, garray::jit::BinaryKind::cubin};

std::string kernel_name(const garray::Ufunc& ufunc, std::size_t index) {
  return "ga_ufunc_" + std::string(ufunc.name) + "_" + std::to_string(index);
}

// As the elementwise engine presents a loop to its operation: inputs as const values of the
// loop's types, outputs as references.
std::string loop_kernel(const garray::Ufunc& ufunc, std::size_t index) {
  const garray::UfuncLoop& loop = ufunc.loops[index];
  std::string parameters;
  std::string body;
  for (int i = 0; i < ufunc.nargs(); ++i) {
    const bool input = i < ufunc.nin;
    const std::string type = garray::dtype_info(loop.dtypes[i]).kernel_type;
    const std::string name = input ? "in" + std::to_string(i) : "out" + std::to_string(i - ufunc.nin);
    parameters += (input ? "const " : "") + type + "* __restrict__ " + name + "_array, ";
    body += "  " + std::string(input ? "const " : "") + type + (input ? " " : "& ") + name + " = " + name + "_array[i];\n";
  }
  return "namespace loop_" + std::to_string(index) + " {\n" + garray::device_helper_source(loop.helpers) +
         "extern \"C\" __global__ void " + kernel_name(ufunc, index) + "(" + parameters + "int n) {\n" +
         "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i >= n) return;\n" + body + "  " +
         loop.operation + "\n}\n}  // namespace\n";
}

std::string ufunc_source(const garray::Ufunc& ufunc) {
  std::string source;
  for (std::size_t index = 0; index < ufunc.loops.size(); ++index) source += loop_kernel(ufunc, index);
  return garray::jit::with_preamble(source, std::string(ufunc.name) + ".cu");
}

using UfuncLoopSources = MemoryOnlyEngineTest;

}  // namespace

TEST_F(UfuncLoopSources, EveryLoopOfEveryUfuncCompilesForSm90) {
  const std::span<const garray::Ufunc> ufuncs = garray::all_ufuncs();
  const auto started = std::chrono::steady_clock::now();
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> loop_count{0};
  std::mutex mutex;
  std::vector<std::string> failures;
  const auto work = [&] {
    for (std::size_t u = next++; u < ufuncs.size(); u = next++) {
      const garray::Ufunc& ufunc = ufuncs[u];
      std::string failure;
      try {
        const garray::jit::BinaryRef binary = garray::jit::compile(
            ufunc_source(ufunc), garray::jit::generated_source_options(), kTarget);
        const std::vector<char>& bytes = binary->bytes;
        for (std::size_t index = 0; index < ufunc.loops.size(); ++index) {
          const std::string name = kernel_name(ufunc, index);
          if (std::search(bytes.begin(), bytes.end(), name.begin(), name.end()) == bytes.end()) {
            failure += "the CUBIN has no symbol " + name + "; ";
          }
        }
        loop_count += ufunc.loops.size();
      } catch (const std::exception& error) {
        failure = error.what();
      }
      if (!failure.empty()) {
        std::lock_guard lock(mutex);
        failures.push_back(std::string(ufunc.name) + ": " + failure);
      }
    }
  };
  const unsigned thread_count = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < thread_count; ++t) threads.emplace_back(work);
  for (std::thread& thread : threads) thread.join();
  for (const std::string& failure : failures) ADD_FAILURE() << failure;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("compiled %zu loops of %zu ufuncs in %.1f s on %u threads\n", loop_count.load(), ufuncs.size(), seconds,
              thread_count);
}

TEST_F(UfuncLoopSources, HelperSourcesNeedNoHeaders) {
  garray::DeviceHelpers every;
  for (unsigned h = 0; h < static_cast<unsigned>(garray::DeviceHelper::count); ++h) {
    every |= garray::DeviceHelpers{static_cast<garray::DeviceHelper>(h)};
  }
  const std::string source = garray::device_helper_source(every);
  EXPECT_EQ(source.find("#include"), std::string::npos);
  EXPECT_TRUE(garray::device_helper_source({}).empty());
  // All helpers together form one valid translation unit, as a fused kernel may need.
  EXPECT_NO_THROW(garray::jit::compile(garray::jit::with_preamble(source + "extern \"C\" __global__ void k() {}\n"),
                                       garray::jit::generated_source_options(), kTarget));
}
