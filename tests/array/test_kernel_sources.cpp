// Every generated copy, cast, fill, sequence and triangle kernel compiles with NVRTC to CUBIN for
// sm_90, on the host (no GPU needed), and defines the kernel name the launcher will look up.
// The contiguous copy is compiled for every dtype pair; the ranked variants (strided copy, tiled
// transpose) for a set of pairs in which every dtype is a source and a destination.
#include "jit/memory_only_engine_fixture.hpp"
#include "core/array/dtype.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/ops/copy_kernels.hpp"
#include "core/ops/fill_kernels.hpp"

#include "array_test_support.hpp"

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

using array_test::kAllDtypes;
using garray::GeneratedKernel;

const garray::jit::Target kTarget{90, garray::jit::BinaryKind::cubin};

class KernelSources : public MemoryOnlyEngineTest {
 protected:
  // Compiles every kernel on as many threads as the machine has and reports each failure with
  // the kernel's name and the compiler's message.
  static void expect_all_compile(const std::vector<const GeneratedKernel*>& kernels) {
    const auto started = std::chrono::steady_clock::now();
    std::atomic<std::size_t> next{0};
    std::mutex mutex;
    std::vector<std::string> failures;
    const auto work = [&] {
      for (std::size_t i = next++; i < kernels.size(); i = next++) {
        const GeneratedKernel& kernel = *kernels[i];
        std::string failure;
        try {
          const std::string source = garray::jit::with_preamble(kernel.source, kernel.name + ".cu");
          const garray::jit::BinaryRef binary = garray::jit::compile(
              source, garray::jit::generated_source_options(), kTarget);
          const std::vector<char>& bytes = binary->bytes;
          if (bytes.size() < 4 || std::string(bytes.data(), 4) !=
                                      "\x7f"
                                      "ELF") {
            failure = "did not produce an ELF image";
          } else if (std::search(bytes.begin(), bytes.end(), kernel.name.begin(), kernel.name.end()) ==
                     bytes.end()) {
            failure = "the CUBIN has no symbol named " + kernel.name;
          }
        } catch (const std::exception& error) {
          failure = error.what();
        }
        if (!failure.empty()) {
          std::lock_guard lock(mutex);
          failures.push_back(kernel.name + ": " + failure);
        }
      }
    };
    const unsigned thread_count = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < thread_count; ++t) threads.emplace_back(work);
    for (std::thread& thread : threads) thread.join();
    for (const std::string& failure : failures) ADD_FAILURE() << failure;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("compiled %zu kernels in %.1f s on %u threads\n", kernels.size(), seconds, thread_count);
  }

};

// Pairs for the ranked variants: each dtype to the next one in a cycle (so each is a source and a
// destination once), and the conversions with their own code paths: 16-bit floats, complex
// narrowing and widening, saturating float -> integer, bool, 64-bit integers, and a plain copy.
std::vector<std::pair<ga_dtype_t, ga_dtype_t>> representative_pairs() {
  std::vector<std::pair<ga_dtype_t, ga_dtype_t>> pairs;
  const std::size_t count = std::size(kAllDtypes);
  for (std::size_t i = 0; i < count; ++i) pairs.emplace_back(kAllDtypes[i], kAllDtypes[(i + 1) % count]);
  const std::pair<ga_dtype_t, ga_dtype_t> special[] = {
      {GA_FLOAT32, GA_FLOAT16},      {GA_FLOAT64, GA_BFLOAT16}, {GA_BFLOAT16, GA_FLOAT16},
      {GA_COMPLEX128, GA_COMPLEX64}, {GA_COMPLEX64, GA_INT32},  {GA_FLOAT64, GA_UINT64},
      {GA_BOOL, GA_COMPLEX128},      {GA_INT64, GA_BFLOAT16},   {GA_UINT64, GA_FLOAT32},
      {GA_FLOAT16, GA_BOOL},         {GA_FLOAT32, GA_FLOAT32},  {GA_INT32, GA_FLOAT64},
  };
  pairs.insert(pairs.end(), std::begin(special), std::end(special));
  return pairs;
}

bool is_real(ga_dtype_t dtype) { return garray::dtype_info(dtype).kind != GA_KIND_COMPLEX; }

}  // namespace

TEST_F(KernelSources, ContiguousCopyCompilesForEveryDtypePair) {
  std::vector<const GeneratedKernel*> kernels;
  for (ga_dtype_t source : kAllDtypes) {
    for (ga_dtype_t destination : kAllDtypes) {
      // Both index widths, alternating over the pairs.
      const bool wide = (static_cast<int>(source) + static_cast<int>(destination)) % 2 == 1;
      kernels.push_back(&garray::contiguous_copy_kernel(source, destination, wide));
    }
  }
  EXPECT_EQ(kernels.size(), 225u);
  expect_all_compile(kernels);
}

TEST_F(KernelSources, StridedCopyCompilesForRanksOneToFour) {
  std::vector<const GeneratedKernel*> kernels;
  for (const auto& [source, destination] : representative_pairs()) {
    for (int rank = 1; rank <= 4; ++rank) {
      kernels.push_back(&garray::strided_copy_kernel(source, destination, rank, rank % 2 == 0));
    }
  }
  expect_all_compile(kernels);
}

TEST_F(KernelSources, TransposeCopyCompilesForBatchRanksZeroToTwo) {
  std::vector<const GeneratedKernel*> kernels;
  for (const auto& [source, destination] : representative_pairs()) {
    for (int batch_rank = 0; batch_rank <= 2; ++batch_rank) {
      kernels.push_back(&garray::transpose_copy_kernel(source, destination, batch_rank, batch_rank == 1));
    }
  }
  expect_all_compile(kernels);
}

TEST_F(KernelSources, FillsCompileForEveryDtype) {
  std::vector<const GeneratedKernel*> kernels;
  for (ga_dtype_t dtype : kAllDtypes) {
    for (bool wide : {false, true}) {
      kernels.push_back(&garray::contiguous_fill_kernel(dtype, wide));
      kernels.push_back(&garray::strided_fill_kernel(dtype, wide ? 3 : 1, wide));
    }
  }
  expect_all_compile(kernels);
}

TEST_F(KernelSources, SequencesCompileForEveryDtypeTheyServe) {
  std::vector<const GeneratedKernel*> kernels;
  for (ga_dtype_t dtype : kAllDtypes) {
    const ga_dtype_kind_t kind = garray::dtype_info(dtype).kind;
    for (bool wide : {false, true}) {
      if (kind == GA_KIND_BOOL || kind == GA_KIND_SIGNED || kind == GA_KIND_UNSIGNED) {
        kernels.push_back(&garray::sequence_kernel(garray::SequenceKind::arange_integer, dtype, wide));
      }
      if (kind == GA_KIND_FLOAT) {
        kernels.push_back(&garray::sequence_kernel(garray::SequenceKind::arange_float, dtype, wide));
      }
      if (is_real(dtype)) {
        kernels.push_back(&garray::sequence_kernel(garray::SequenceKind::linspace, dtype, wide));
        kernels.push_back(&garray::sequence_kernel(garray::SequenceKind::logspace, dtype, wide));
      }
    }
  }
  EXPECT_EQ(kernels.size(), 2u * (9 + 4 + 13 + 13));
  expect_all_compile(kernels);
}

TEST_F(KernelSources, TriCompilesForEveryDtype) {
  std::vector<const GeneratedKernel*> kernels;
  for (ga_dtype_t dtype : kAllDtypes) {
    for (bool wide : {false, true}) kernels.push_back(&garray::tri_kernel(dtype, wide));
  }
  expect_all_compile(kernels);
}

TEST_F(KernelSources, NamesAreDistinctForDistinctParameters) {
  // The engine finds kernels by source and name; a launcher must never get another variant's code.
  std::vector<std::string> names;
  for (ga_dtype_t source : kAllDtypes) {
    for (ga_dtype_t destination : kAllDtypes) {
      for (bool wide : {false, true}) {
        names.push_back(garray::contiguous_copy_kernel(source, destination, wide).name);
        for (int rank = 0; rank <= 3; ++rank) {
          names.push_back(garray::strided_copy_kernel(source, destination, rank, wide).name);
          names.push_back(garray::transpose_copy_kernel(source, destination, rank, wide).name);
        }
      }
    }
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end()) << "duplicate kernel name";
  // Generated sources carry no #include: the preamble provides everything.
  for (ga_dtype_t dtype : kAllDtypes) {
    EXPECT_EQ(garray::contiguous_copy_kernel(dtype, GA_FLOAT16, false).source.find("#include"),
              std::string::npos);
    EXPECT_EQ(garray::sequence_kernel(garray::SequenceKind::linspace, dtype, true).source.find("#include"),
              std::string::npos);
  }
}

TEST_F(KernelSources, SequencesRoundTheMultiplyAndTheAddSeparatelyAsNumPy) {
  // NumPy computes arange's first + i * delta and linspace's i * step + start with two roundings;
  // NVRTC would fuse a plain `a + i * b` into one FMA (--fmad=true is its default), which differs
  // from NumPy in the last bit for many i. The generated code must spell out the roundings.
  const std::string linspace =
      garray::sequence_kernel(garray::SequenceKind::linspace, GA_FLOAT64, false).source;
  EXPECT_NE(linspace.find("__dadd_rn(start, __dmul_rn((double)i, step))"), std::string::npos) << linspace;
  const std::string logspace =
      garray::sequence_kernel(garray::SequenceKind::logspace, GA_FLOAT32, false).source;
  EXPECT_NE(logspace.find("__dmul_rn((double)i, step)"), std::string::npos) << logspace;
  const std::string arange64 =
      garray::sequence_kernel(garray::SequenceKind::arange_float, GA_FLOAT64, false).source;
  EXPECT_NE(arange64.find("__dadd_rn(first, __dmul_rn((double)i, delta))"), std::string::npos) << arange64;
  for (ga_dtype_t dtype : {GA_FLOAT32, GA_FLOAT16, GA_BFLOAT16}) {
    const std::string arange =
        garray::sequence_kernel(garray::SequenceKind::arange_float, dtype, true).source;
    EXPECT_NE(arange.find("__fadd_rn(first, __fmul_rn((float)i, delta))"), std::string::npos) << arange;
    // The second value is start + step rounded once to the dtype, as NumPy stores it.
    EXPECT_NE(arange.find("i == 1 ? second"), std::string::npos) << arange;
  }
}
