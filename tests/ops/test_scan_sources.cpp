// Every generated scan and compaction source compiles with NVRTC to CUBIN for sm_90 on the host
// (no GPU needed): the tile and line scans for every dtype, layout variant and the operations the
// library builds (cumsum, cumprod, the nan forms, and every binary ufunc's accumulate), the mask
// count and compaction kernels for every mask and payload dtype, the row moves and the unravel.
#include "jit/memory_only_engine_fixture.hpp"
#include "core/array/dtype.hpp"
#include "core/common/error.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/ops/mask/compaction.hpp"
#include "core/ops/mask/compaction_source.hpp"
#include "core/ops/scan/cumulative.hpp"
#include "core/ops/scan/scan_kernels.hpp"
#include "core/ops/ufunc/ufunc.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

const garray::jit::Target kTarget{90, garray::jit::BinaryKind::cubin};

std::vector<ga_dtype_t> every_dtype() {
  std::vector<ga_dtype_t> dtypes;
  for (int d = 0; d < GA_DTYPE_COUNT; ++d) dtypes.push_back(static_cast<ga_dtype_t>(d));
  return dtypes;
}

// Compiles every kernel on all cores and reports each failure with the kernel's name.
void expect_all_compile(const std::vector<const garray::GeneratedKernel*>& kernels) {
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::vector<std::string> failures;
  const auto work = [&] {
    for (std::size_t k = next++; k < kernels.size(); k = next++) {
      const garray::GeneratedKernel& kernel = *kernels[k];
      std::string failure;
      try {
        const garray::jit::BinaryRef binary =
            garray::jit::compile(garray::jit::with_preamble(kernel.source, kernel.name + ".cu"),
                                 garray::jit::generated_source_options(), kTarget);
        const std::vector<char>& bytes = binary->bytes;
        if (std::search(bytes.begin(), bytes.end(), kernel.name.begin(), kernel.name.end()) == bytes.end()) {
          failure = "the CUBIN has no symbol " + kernel.name;
        }
        EXPECT_EQ(kernel.source.find("#include"), std::string::npos) << kernel.name;
      } catch (const std::exception& error) {
        failure = error.what();
      }
      if (!failure.empty()) {
        std::lock_guard lock(mutex);
        failures.push_back(kernel.name + ": " + failure);
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::max(1u, std::thread::hardware_concurrency()); ++t) threads.emplace_back(work);
  for (std::thread& thread : threads) thread.join();
  for (const std::string& failure : failures) ADD_FAILURE() << failure;
}

garray::ScanOperation sum_operation(ga_dtype_t dtype) {
  return garray::loop_scan_operation(garray::fold_loop(garray::find_ufunc("add"), dtype), "", "x");
}

const garray::GeneratedKernel* tile_kernel(const garray::ScanTypes& types, const garray::ScanOperation& operation,
                                           bool aligned, bool segmented, bool wide = false) {
  return &garray::tile_scan_kernel(types, operation, garray::tile_scan_shape(types, aligned, segmented, wide));
}

using ScanSources = MemoryOnlyEngineTest;

TEST_F(ScanSources, TileScanCompilesForEveryDtypeAndVariant) {
  std::vector<const garray::GeneratedKernel*> kernels;
  for (ga_dtype_t dtype : every_dtype()) {
    const garray::ScanOperation operation = sum_operation(dtype);
    const ga_dtype_t scan = garray::fold_loop(garray::find_ufunc("add"), dtype).outputs()[0];
    const garray::ScanTypes types{dtype, scan, scan};
    for (bool aligned : {true, false}) {
      for (bool segmented : {true, false}) {
        kernels.push_back(tile_kernel(types, operation, aligned, segmented));
      }
    }
  }
  // 64-bit indices; narrow inputs widened (cumsum of bool and int8 into int64, of uint8 into
  // uint64) and an output cast.
  const garray::ScanTypes floats{GA_FLOAT32, GA_FLOAT32, GA_FLOAT32};
  kernels.push_back(tile_kernel(floats, sum_operation(GA_FLOAT32), true, false, true));
  for (ga_dtype_t input : {GA_BOOL, GA_INT8, GA_INT16, GA_UINT8}) {
    const ga_dtype_t scan = input == GA_UINT8 ? GA_UINT64 : GA_INT64;
    const garray::ScanTypes widened{input, scan, GA_FLOAT64};
    kernels.push_back(tile_kernel(widened, sum_operation(scan), true, true));
  }
  expect_all_compile(kernels);
}

TEST_F(ScanSources, LineScanCompilesForEveryDtypeAndRank) {
  std::vector<const garray::GeneratedKernel*> kernels;
  for (ga_dtype_t dtype : every_dtype()) {
    const ga_dtype_t scan = garray::fold_loop(garray::find_ufunc("add"), dtype).outputs()[0];
    kernels.push_back(&garray::line_scan_kernel({dtype, scan, scan}, sum_operation(dtype), 2, false));
  }
  for (int rank : {0, 1, 3}) {
    const garray::ScanTypes floats{GA_FLOAT32, GA_FLOAT32, GA_FLOAT32};
    kernels.push_back(&garray::line_scan_kernel(floats, sum_operation(GA_FLOAT32), rank, rank == 3));
  }
  expect_all_compile(kernels);
}

// cumsum/cumprod/nancumsum/nancumprod as the library builds them, for every input dtype.
TEST_F(ScanSources, CumulativeOperationsCompile) {
  std::vector<const garray::GeneratedKernel*> kernels;
  for (ga_dtype_t dtype : every_dtype()) {
    for (garray::Cumulative kind : {garray::Cumulative::sum, garray::Cumulative::product, garray::Cumulative::nan_sum,
                                    garray::Cumulative::nan_product}) {
      const garray::CumulativeScan scan = garray::cumulative_scan(kind, dtype, std::nullopt);
      kernels.push_back(tile_kernel({dtype, scan.scan_dtype, scan.scan_dtype}, scan.operation, true, true));
    }
  }
  expect_all_compile(kernels);
}

// Every binary one-output ufunc's accumulate, over one loop of each dtype kind it has (the kinds
// bring different device helpers; compiling every loop would take minutes).
TEST_F(ScanSources, EveryBinaryUfuncAccumulates) {
  std::vector<const garray::GeneratedKernel*> kernels;
  for (const garray::Ufunc& ufunc : garray::all_ufuncs()) {
    if (ufunc.nin != 2 || ufunc.nout != 1) continue;
    std::vector<ga_dtype_kind_t> seen;
    for (const garray::UfuncLoop& candidate : ufunc.loops) {
      const ga_dtype_t dtype = ufunc.inputs(candidate)[0];
      const ga_dtype_kind_t kind = garray::dtype_info(dtype).kind;
      if (std::find(seen.begin(), seen.end(), kind) != seen.end()) continue;
      seen.push_back(kind);
      try {
        const garray::ResolvedLoop loop = garray::fold_loop(ufunc, dtype);
        const ga_dtype_t scan = loop.outputs()[0];
        const garray::ScanTypes types{scan, scan, scan};
        const garray::ScanOperation operation = garray::loop_scan_operation(loop, "", "x");
        // Operations that may not be regrouped only ever run as line scans.
        kernels.push_back(operation.associative ? tile_kernel(types, operation, true, false)
                                                : &garray::line_scan_kernel(types, operation, 0, false));
      } catch (const garray::Error&) {
        // A loop whose output type has no uniform loop of its own (NumPy refuses those too).
      }
    }
  }
  EXPECT_GT(kernels.size(), 60u);
  expect_all_compile(kernels);
}

TEST_F(ScanSources, CompactionKernelsCompileForEveryDtype) {
  std::vector<const garray::GeneratedKernel*> kernels;
  for (ga_dtype_t dtype : every_dtype()) {
    const int items = garray::compaction_items(garray::dtype_info(dtype).itemsize);
    kernels.push_back(&garray::mask_count_kernel(dtype, 16, true, false));
    kernels.push_back(&garray::compact_kernel(GA_BOOL, dtype, false, items, true, false));
    kernels.push_back(&garray::compact_kernel(GA_BOOL, dtype, false, items, false, false));
    kernels.push_back(&garray::compact_kernel(dtype, GA_INT64, true, 16, true, false));
    kernels.push_back(&garray::row_move_kernel(dtype, false));
    kernels.push_back(&garray::row_move_kernel(dtype, true));
  }
  for (int items : {8, 16}) {
    for (bool aligned : {true, false}) {
      for (bool wide : {true, false}) kernels.push_back(&garray::mask_count_kernel(GA_BOOL, items, aligned, wide));
    }
  }
  kernels.push_back(&garray::compact_kernel(GA_BOOL, GA_FLOAT32, false, 16, true, true));
  for (int rank = 1; rank <= 4; ++rank) kernels.push_back(&garray::unravel_kernel(rank));
  expect_all_compile(kernels);
}

TEST(ScanShapes, TilesStayWithinOneWarpOfSegmentsAndSixteenBytes) {
  for (ga_dtype_t input : every_dtype()) {
    for (ga_dtype_t scan : every_dtype()) {
      for (bool aligned : {true, false}) {
        const garray::TileScanShape shape = garray::tile_scan_shape({input, scan, scan}, aligned, false, false);
        EXPECT_LE(shape.vectors * garray::kScanThreads / 32, 32);
        EXPECT_GE(shape.vectors, 1);
        EXPECT_LE(shape.width * garray::dtype_info(input).itemsize, 16u);
        EXPECT_EQ(shape.width * shape.vectors <= 16, true);
      }
    }
  }
  EXPECT_EQ(garray::tile_scan_shape({GA_FLOAT32, GA_FLOAT32, GA_FLOAT32}, true, false, false).tile(), 4096);
  EXPECT_EQ(garray::tile_status_bytes(4), 8u);
  // Wider values: the state and separate slots for the aggregate and the inclusive prefix.
  EXPECT_EQ(garray::tile_status_bytes(8), 20u);
  EXPECT_EQ(garray::tile_status_bytes(16), 36u);
  // The tile counter after the status words.
  EXPECT_EQ(garray::look_back_scratch_bytes(3, 4), 3 * 8 + 8);
}

}  // namespace
