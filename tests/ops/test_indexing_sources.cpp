// Every kind of generated indexing kernel compiles with NVRTC to CUBIN for sm_90 on the host (no
// GPU needed): gathers and scatters for every dtype pair with casts, both modes, several ranks,
// index widths and numbers of index arrays, the raise-mode check, and ufunc.at's update for every
// dtype of every ufunc it serves. Variants of one family share a translation unit, each in a
// namespace of its own with its kernel renamed, so that CI compiles a few dozen sources.
#include "jit/memory_only_engine_fixture.hpp"

#include "core/array/promotion.hpp"
#include "core/common/error.hpp"
#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/ops/indexing/atomic_update.hpp"
#include "core/ops/indexing/indexed_loop.hpp"
#include "core/ops/ufunc/loop_resolution.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace {

const garray::jit::Target kTarget{90, garray::jit::BinaryKind::cubin};

constexpr ga_dtype_t kAllDtypes[] = {GA_BOOL,    GA_INT8,     GA_INT16,   GA_INT32,   GA_INT64,
                                     GA_UINT8,   GA_UINT16,   GA_UINT32,  GA_UINT64,  GA_FLOAT16,
                                     GA_BFLOAT16, GA_FLOAT32, GA_FLOAT64, GA_COMPLEX64, GA_COMPLEX128};

// Gathers source text of many variants into one translation unit and checks every kernel is in
// the CUBIN.
class Batch {
 public:
  void add(const std::string& source) {
    const std::string name = std::string(garray::kIndexedLoopKernelName) + "_" + std::to_string(names_.size());
    std::string renamed = source;
    const std::string original = std::string(garray::kIndexedLoopKernelName) + "(";
    const std::size_t at = renamed.find(original);
    ASSERT_NE(at, std::string::npos);
    renamed.replace(at, original.size() - 1, name);
    source_ += "namespace variant_" + std::to_string(names_.size()) + " {\n" + renamed + "}\n";
    names_.push_back(name);
  }

  void compile_and_check(const std::string& what) const {
    ASSERT_FALSE(names_.empty());
    EXPECT_EQ(source_.find("#include"), std::string::npos);
    try {
      const garray::jit::BinaryRef binary = garray::jit::compile(
          garray::jit::with_preamble(source_, what + ".cu"), garray::jit::generated_source_options(), kTarget);
      for (const std::string& name : names_) {
        EXPECT_NE(std::search(binary->bytes.begin(), binary->bytes.end(), name.begin(), name.end()),
                  binary->bytes.end())
            << what << ": no symbol " << name;
      }
    } catch (const std::exception& error) {
      ADD_FAILURE() << what << ": " << error.what();
    }
  }

 private:
  std::string source_;
  std::vector<std::string> names_;
};

using IndexingSources = MemoryOnlyEngineTest;

TEST_F(IndexingSources, GathersAndScattersCompileForEveryDtype) {
  for (garray::IndexedAction action : {garray::IndexedAction::gather, garray::IndexedAction::scatter}) {
    Batch batch;
    for (ga_dtype_t array_dtype : kAllDtypes) {
      // The same dtype (take), and a cast from or to each other dtype (out= and values of another
      // dtype), with every index dtype in turn.
      for (std::size_t k = 0; k < std::size(kAllDtypes); ++k) {
        garray::IndexedLoopSignature signature;
        signature.action = action;
        signature.mode = k % 2 == 0 ? GA_INDEX_MODE_WRAP : GA_INDEX_MODE_CLIP;
        signature.array_dtype = array_dtype;
        signature.other_dtype = kAllDtypes[k];
        signature.rank = static_cast<int>(k % 4);
        signature.wide = k % 3 == 0;
        const ga_dtype_t index_dtypes[] = {GA_INT64, GA_INT32, GA_UINT8, GA_INT16, GA_UINT64, GA_UINT32, GA_INT8};
        signature.index_dtypes.assign(index_dtypes, index_dtypes + k % 4 + (k == 7 ? 0 : 1));
        batch.add(garray::indexed_loop_source(signature));
      }
    }
    batch.compile_and_check(action == garray::IndexedAction::gather ? "gathers" : "scatters");
  }
}

TEST_F(IndexingSources, ChecksAndWideLoopsCompile) {
  Batch batch;
  for (int count : {0, 1, 3, garray::kMaxIndexArrays}) {
    for (bool wide : {false, true}) {
      garray::IndexedLoopSignature signature;
      signature.action = garray::IndexedAction::check;
      signature.mode = GA_INDEX_MODE_RAISE;
      signature.rank = count % 5;
      signature.wide = wide;
      signature.index_dtypes.assign(static_cast<std::size_t>(count), GA_INT64);
      batch.add(garray::indexed_loop_source(signature));
      signature.action = garray::IndexedAction::gather;
      signature.mode = GA_INDEX_MODE_WRAP;
      batch.add(garray::indexed_loop_source(signature));
    }
  }
  batch.compile_and_check("checks");
}

// ufunc.at for every dtype a ufunc resolves to with an operand of the array's own dtype, and with
// a float64 value where the loop allows it.
TEST_F(IndexingSources, UfuncAtUpdatesCompileForEveryDtype) {
  const char* ufuncs[] = {"add",         "subtract",   "multiply",    "maximum",  "minimum", "bitwise_and",
                          "bitwise_or",  "bitwise_xor", "true_divide", "power",    "fmax",    "logaddexp",
                          "negative",    "absolute",   "left_shift",  "remainder", "arctan2"};
  std::size_t updates = 0;
  for (const char* name : ufuncs) {
    const garray::Ufunc& ufunc = garray::find_ufunc(name);
    Batch batch;
    std::vector<garray::UpdateOperation> kept;  // signatures point at them until the batch is built
    kept.reserve(2 * std::size(kAllDtypes));
    for (ga_dtype_t dtype : kAllDtypes) {
      for (ga_dtype_t value_dtype : {dtype, GA_FLOAT64}) {
        std::vector<garray::Operand> operands{garray::Operand::strong(dtype)};
        if (ufunc.nin == 2) operands.push_back(garray::Operand::strong(value_dtype));
        const std::optional<ga_dtype_t> output = dtype;
        garray::LoopRequest request;
        request.inputs = operands;
        request.outputs = std::span(&output, 1);
        try {
          const garray::ResolvedLoop loop = garray::resolve_loop(ufunc, request);
          kept.push_back(garray::atomic_update(loop, dtype, value_dtype));
        } catch (const garray::Error&) {
          continue;  // no loop, a refused cast, or a 16-byte update: the call refuses these too
        }
        garray::IndexedLoopSignature signature;
        signature.action = garray::IndexedAction::update;
        signature.array_dtype = dtype;
        signature.other_dtype = value_dtype;
        signature.rank = 1;
        signature.index_dtypes = {GA_INT64};
        signature.update = &kept.back();
        batch.add(garray::indexed_loop_source(signature));
        ++updates;
      }
    }
    batch.compile_and_check(std::string("ufunc_at_") + name);
  }
  EXPECT_GT(updates, 150u);
}

TEST_F(IndexingSources, UpdatesPickNativeAtomicsWhereTheyExist) {
  const auto update_of = [](const char* name, ga_dtype_t dtype) {
    const garray::Ufunc& ufunc = garray::find_ufunc(name);
    const garray::Operand operands[] = {garray::Operand::strong(dtype), garray::Operand::strong(dtype)};
    const std::optional<ga_dtype_t> output = dtype;
    garray::LoopRequest request;
    request.inputs = operands;
    request.outputs = std::span(&output, 1);
    return garray::atomic_update(garray::resolve_loop(ufunc, request), dtype, dtype).source;
  };
  EXPECT_NE(update_of("add", GA_FLOAT32).find("atomicAdd(address, in1)"), std::string::npos);
  EXPECT_NE(update_of("add", GA_INT64).find("atomicAdd((unsigned long long*)address"), std::string::npos);
  EXPECT_NE(update_of("add", GA_COMPLEX128).find("atomicAdd(&address->im"), std::string::npos);
  EXPECT_NE(update_of("maximum", GA_INT32).find("atomicMax(address, in1)"), std::string::npos);
  EXPECT_NE(update_of("bitwise_xor", GA_UINT64).find("atomicXor("), std::string::npos);
  EXPECT_NE(update_of("maximum", GA_FLOAT32).find("atomicCAS"), std::string::npos);  // NaN propagates
  EXPECT_NE(update_of("add", GA_FLOAT16).find("& ~3ull"), std::string::npos);        // a sub-word CAS
  EXPECT_THROW(update_of("multiply", GA_COMPLEX128), garray::Error);
}

TEST_F(IndexingSources, SignatureKeysTellVariantsApart) {
  garray::IndexedLoopSignature a;
  a.index_dtypes = {GA_INT64};
  garray::IndexedLoopSignature b = a;
  b.mode = GA_INDEX_MODE_CLIP;
  garray::IndexedLoopSignature c = a;
  c.index_dtypes = {GA_INT32};
  garray::IndexedLoopSignature d = a;
  d.wide = true;
  EXPECT_NE(a.key(), b.key());
  EXPECT_NE(a.key(), c.key());
  EXPECT_NE(a.key(), d.key());
  EXPECT_EQ(a.key(), garray::IndexedLoopSignature(a).key());
}

}  // namespace
