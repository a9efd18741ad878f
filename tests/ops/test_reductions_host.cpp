// Every kernel the named reductions generate (garray/reductions.h) compiles with NVRTC to CUBIN for
// sm_90 on the host (no GPU needed): accumulations, moments, arg reductions, cov and corrcoef, for
// every key the dispatcher can ask for, through the same source generators as at run time.
#include "jit/memory_only_engine_fixture.hpp"

#include "core/array/dtype.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/ops/elementwise_source.hpp"
#include "core/ops/kernel_params.hpp"
#include "core/ops/reduction_source.hpp"
#include "core/ops/reductions/reductions.hpp"
#include "core/ops/reductions/statistic_kernels.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace {

using garray::ArgumentKind;
using garray::ElementwiseOperand;
using garray::KernelParam;
using garray::StatisticKernelDefinition;

const garray::jit::Target kTarget{90, garray::jit::BinaryKind::cubin};

std::vector<ElementwiseOperand> operands_of(const std::vector<KernelParam>& in, const std::vector<KernelParam>& out,
                                            ga_dtype_t output_storage, std::optional<ga_dtype_t> input_storage = {}) {
  std::vector<ElementwiseOperand> operands;
  for (std::size_t k = 0; k < in.size(); ++k) {
    // The first input is the array; later ones (ddof, fact) are scalars, except cov's second array.
    const bool array = k == 0 || in[k].name == "in1";
    operands.push_back({&in[k], false, array ? ArgumentKind::array : ArgumentKind::scalar, *in[k].dtype,
                        k == 0 && input_storage ? *input_storage : *in[k].dtype});
  }
  for (const KernelParam& param : out) {
    operands.push_back({&param, true, ArgumentKind::array, *param.dtype, output_storage});
  }
  return operands;
}

// The reduction's source for a strided 2-D reduction into outputs of `output_storage` (so that the
// engine's cast on write is compiled too), in 32- or 64-bit indexing; with a `vector_width`, a
// reduction of contiguous rows of `input_storage` loaded a vector at a time.
std::string reduction_source(const StatisticKernelDefinition& definition, ga_dtype_t output_storage, bool wide,
                             int vector_width = 1, std::optional<ga_dtype_t> input_storage = {}) {
  const std::vector<KernelParam> in = garray::parse_kernel_params(definition.in_params, "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params(definition.out_params, "out");
  const std::vector<ElementwiseOperand> operands = operands_of(in, out, output_storage, input_storage);
  const garray::ReductionExpressions& e = definition.expressions;
  const std::string reduce_type = e.reduce_type_size != 0 ? e.reduce_type : std::string();
  const ga_dtype_t reduce_dtype = e.reduce_type_size != 0 ? GA_UINT8
                                  : e.reduce_type.empty()   ? *out[0].dtype
                                                            : garray::parse_dtype(e.reduce_type);
  return garray::reduction_kernel_source(garray::ReductionSignature{
      definition.name, e.map, e.reduce, e.post_map, std::optional<std::string_view>(*e.identity), reduce_dtype,
      definition.preamble, operands, {}, 1, vector_width > 1 ? 1 : 2, wide, reduce_type,
      garray::mentions_identifier(e.map, "_J"), e.pass_map, vector_width});
}

struct Job {
  std::string name;
  std::string source;
};

void compile_all(const std::vector<Job>& jobs) {
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::vector<std::string> failures;
  const auto work = [&] {
    for (std::size_t j = next++; j < jobs.size(); j = next++) {
      try {
        const garray::jit::BinaryRef binary = garray::jit::compile(
            garray::jit::with_preamble(jobs[j].source, jobs[j].name + ".cu"), garray::jit::generated_source_options(),
            kTarget);
        const std::vector<char>& bytes = binary->bytes;
        if (std::search(bytes.begin(), bytes.end(), jobs[j].name.begin(), jobs[j].name.end()) == bytes.end()) {
          std::lock_guard lock(mutex);
          failures.push_back(jobs[j].name + ": no such symbol in the CUBIN");
        }
      } catch (const std::exception& error) {
        std::lock_guard lock(mutex);
        failures.push_back(jobs[j].name + ": " + error.what() + "\n" + jobs[j].source);
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::max(1u, std::thread::hardware_concurrency()); ++t) threads.emplace_back(work);
  for (std::thread& thread : threads) thread.join();
  for (const std::string& failure : failures) ADD_FAILURE() << failure;
}

// Both index widths; and, for folds of single elements, contiguous rows loaded as 16-byte vectors.
void add_reduction(std::vector<Job>& jobs, const StatisticKernelDefinition& definition, ga_dtype_t output_storage,
                   std::optional<ga_dtype_t> input_storage = {}) {
  const std::vector<KernelParam> in = garray::parse_kernel_params(definition.in_params, "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params(definition.out_params, "out");
  const std::vector<ElementwiseOperand> operands = operands_of(in, out, output_storage, input_storage);
  const int itemsize = garray::dtype_info(operands.front().storage).itemsize;
  const bool folds_elements =
      definition.expressions.pass_map.empty() && !garray::mentions_identifier(definition.expressions.map, "_J") &&
      std::count_if(operands.begin(), operands.end(), [](const ElementwiseOperand& operand) {
        return !operand.is_output && operand.kind == ArgumentKind::array;
      }) == 1;
  for (const bool wide : {false, true}) {
    jobs.push_back({definition.name, reduction_source(definition, output_storage, wide, 1, input_storage)});
    if (folds_elements && itemsize <= 8) {
      jobs.push_back(
          {definition.name, reduction_source(definition, output_storage, wide, 16 / itemsize, input_storage)});
    }
  }
}

constexpr ga_dtype_t kAll[] = {GA_BOOL,    GA_INT8,     GA_INT16,   GA_INT32,   GA_INT64,
                               GA_UINT8,   GA_UINT16,   GA_UINT32,  GA_UINT64,  GA_FLOAT16,
                               GA_BFLOAT16, GA_FLOAT32, GA_FLOAT64, GA_COMPLEX64, GA_COMPLEX128};
constexpr ga_dtype_t kInexact[] = {GA_FLOAT32, GA_FLOAT64, GA_COMPLEX64, GA_COMPLEX128};

using ReductionSources = MemoryOnlyEngineTest;

}  // namespace

TEST_F(ReductionSources, AccumulationsCompile) {
  std::vector<Job> jobs;
  using garray::ElementMap;
  using garray::Finish;
  using garray::Fold;
  for (const Fold fold : {Fold::add, Fold::multiply}) {
    // float16 sums and products (accumulated in float32, written as float16).
    add_reduction(jobs, garray::accumulate_definition({ElementMap::value, fold, Finish::none, GA_FLOAT32, GA_FLOAT32}),
                  GA_FLOAT16, GA_FLOAT16);
    const ElementMap nan_map = fold == Fold::add ? ElementMap::nan_as_zero : ElementMap::nan_as_one;
    for (const ga_dtype_t type : kInexact) {
      add_reduction(jobs, garray::accumulate_definition({nan_map, fold, Finish::none, type, type}), type);
    }
    // nansum(x, dtype=int64): the NaN test reads float64.
    add_reduction(jobs, garray::accumulate_definition({nan_map, fold, Finish::none, GA_FLOAT64, GA_INT64}), GA_INT64);
  }
  for (const ga_dtype_t type : {GA_FLOAT32, GA_FLOAT64, GA_COMPLEX64, GA_COMPLEX128, GA_INT64, GA_UINT8}) {
    add_reduction(jobs, garray::accumulate_definition({ElementMap::value, Fold::add, Finish::mean, type, type}),
                  type == GA_FLOAT32 ? GA_FLOAT16 : type);
  }
  for (const ga_dtype_t type : kAll) {
    for (const ElementMap count : {ElementMap::nonzero, ElementMap::not_nan}) {
      add_reduction(jobs, garray::accumulate_definition({count, Fold::add, Finish::none, type, GA_INT64}), GA_INT64);
    }
  }
  compile_all(jobs);
}

TEST_F(ReductionSources, MomentsCompile) {
  std::vector<Job> jobs;
  for (const garray::Moment moment : {garray::Moment::var, garray::Moment::std}) {
    for (const bool skip_nan : {false, true}) {
      for (const ga_dtype_t input : kInexact) {
        const ga_dtype_t real = input == GA_FLOAT32 || input == GA_COMPLEX64 ? GA_FLOAT32 : GA_FLOAT64;
        add_reduction(jobs, garray::moments_definition({moment, skip_nan, input, real}), real);
      }
    }
  }
  // float16 input is read as float32 and the result written back as float16.
  add_reduction(jobs, garray::moments_definition({garray::Moment::std, false, GA_FLOAT32, GA_FLOAT32}), GA_FLOAT16);
  compile_all(jobs);
}

TEST_F(ReductionSources, ArgReductionsCompile) {
  std::vector<Job> jobs;
  for (const bool maximum : {false, true}) {
    for (const bool skip_nan : {false, true}) {
      for (const ga_dtype_t value : kAll) {
        if (value == GA_FLOAT16 || value == GA_BFLOAT16) continue;  // compared as float32
        add_reduction(jobs, garray::arg_definition({maximum, skip_nan, value}), GA_INT64);
      }
    }
  }
  compile_all(jobs);
}

TEST_F(ReductionSources, CovarianceAndCorrelationCompile) {
  std::vector<Job> jobs;
  for (const ga_dtype_t type : {GA_FLOAT64, GA_COMPLEX128}) {
    add_reduction(jobs, garray::covariance_definition(type), type);
    const garray::ElementwiseDefinition definition = garray::correlation_definition(type);
    const std::vector<KernelParam> in = garray::parse_kernel_params(definition.in_params, "in");
    const std::vector<KernelParam> out = garray::parse_kernel_params(definition.out_params, "out");
    std::vector<ElementwiseOperand> operands;
    for (const KernelParam& param : in) operands.push_back({&param, false, ArgumentKind::array, type, type});
    operands.push_back({&out[0], true, ArgumentKind::array, type, type});
    jobs.push_back({definition.name, garray::elementwise_kernel_source(garray::ElementwiseSignature{
                                         definition.name, definition.operation, definition.preamble, operands, {}, 2,
                                         false, false})});
  }
  compile_all(jobs);
}

TEST(ReductionTable, ResultDtypesFollowNumPy) {
  using garray::Reduction;
  using garray::reduction_result_dtype;
  EXPECT_EQ(reduction_result_dtype(Reduction::sum, GA_INT8, std::nullopt), GA_INT64);
  EXPECT_EQ(reduction_result_dtype(Reduction::sum, GA_UINT16, std::nullopt), GA_UINT64);
  EXPECT_EQ(reduction_result_dtype(Reduction::sum, GA_BOOL, std::nullopt), GA_INT64);
  EXPECT_EQ(reduction_result_dtype(Reduction::sum, GA_FLOAT16, std::nullopt), GA_FLOAT16);
  EXPECT_EQ(reduction_result_dtype(Reduction::max, GA_INT8, std::nullopt), GA_INT8);
  EXPECT_EQ(reduction_result_dtype(Reduction::any, GA_FLOAT32, std::nullopt), GA_BOOL);
  EXPECT_EQ(reduction_result_dtype(Reduction::mean, GA_INT32, std::nullopt), GA_FLOAT64);
  EXPECT_EQ(reduction_result_dtype(Reduction::mean, GA_FLOAT16, std::nullopt), GA_FLOAT16);
  EXPECT_EQ(reduction_result_dtype(Reduction::mean, GA_INT32, GA_FLOAT32), GA_FLOAT32);
  EXPECT_EQ(reduction_result_dtype(Reduction::var, GA_COMPLEX64, std::nullopt), GA_FLOAT32);
  EXPECT_EQ(reduction_result_dtype(Reduction::std, GA_UINT8, std::nullopt), GA_FLOAT64);
  EXPECT_EQ(reduction_result_dtype(Reduction::nanmean, GA_COMPLEX128, std::nullopt), GA_COMPLEX128);
  EXPECT_EQ(reduction_result_dtype(Reduction::argmax, GA_COMPLEX64, std::nullopt), GA_INT64);
  EXPECT_EQ(reduction_result_dtype(Reduction::count_nonzero, GA_FLOAT64, std::nullopt), GA_INT64);
  EXPECT_EQ(reduction_result_dtype(Reduction::ptp, GA_UINT8, std::nullopt), GA_UINT8);
  // The table is indexed by the enumeration: every entry sits at its own enumerator.
  const char* const names[] = {"sum",    "prod",    "max",     "min",       "any",       "all",
                               "argmax", "argmin",  "mean",    "var",       "std",       "count_nonzero",
                               "ptp",    "nansum",  "nanprod", "nanmin",    "nanmax",    "nanargmin",
                               "nanargmax", "nanmean", "nanvar", "nanstd"};
  for (std::size_t k = 0; k < std::size(names); ++k) {
    EXPECT_STREQ(garray::reduction_name(static_cast<Reduction>(k)), names[k]);
  }
}
