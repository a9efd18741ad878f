#include "core/ops/reductions/statistic_kernels.hpp"

#include "core/array/dtype.hpp"
#include "core/common/error.hpp"
#include "core/ops/kernel_table.hpp"
#include "core/ops/reduction_source.hpp"

#include <memory>
#include <vector>

namespace garray {

namespace {

const char* type_of(ga_dtype_t dtype) { return dtype_info(dtype).kernel_type; }
std::string name_of(ga_dtype_t dtype) { return dtype_info(dtype).name; }

bool is_complex(ga_dtype_t dtype) { return dtype_info(dtype).kind == GA_KIND_COMPLEX; }

std::size_t round_up(std::size_t value, std::size_t multiple) { return (value + multiple - 1) / multiple * multiple; }

// `bool ga_is_nan(T)` for the type `dtype`: NaN in either part of a complex value, as NumPy's isnan.
std::string is_nan_function(ga_dtype_t dtype) {
  const std::string head = "__device__ __forceinline__ bool ga_is_nan(const " + std::string(type_of(dtype)) + " x) { ";
  switch (dtype_info(dtype).kind) {
    case GA_KIND_COMPLEX: return head + "return x.re != x.re || x.im != x.im; }\n";
    case GA_KIND_FLOAT:
      return head + (dtype_info(dtype).itemsize == 2 ? "return (float)x != (float)x; }\n" : "return x != x; }\n");
    default: return head + "return false; }\n";
  }
}

std::string size_check(const char* type, std::size_t size) {
  return "static_assert(sizeof(" + std::string(type) + ") == " + std::to_string(size) +
         ", \"the host's size of the reduce type\");\n";
}

const char* map_name(ElementMap map) {
  switch (map) {
    case ElementMap::value: return "value";
    case ElementMap::nan_as_zero: return "nan0";
    case ElementMap::nan_as_one: return "nan1";
    case ElementMap::nonzero: return "nonzero";
    case ElementMap::not_nan: return "notnan";
  }
  throw Error(GA_ERROR_INTERNAL, "unknown element map");
}

std::string nonzero_function(ga_dtype_t dtype) {
  const std::string head = "__device__ __forceinline__ bool ga_nonzero(const " + std::string(type_of(dtype)) + " x) { ";
  switch (dtype_info(dtype).kind) {
    case GA_KIND_COMPLEX: return head + "return x.re != 0 || x.im != 0; }\n";
    case GA_KIND_FLOAT:
      return head + (dtype_info(dtype).itemsize == 2 ? "return (float)x != 0.0f; }\n" : "return x != 0; }\n");
    default: return head + "return x != 0; }\n";
  }
}

// Chan's merge of two (count, mean, M2) triples; the map gives (1, x, 0), so that the per-element
// fold is Welford's update (the mapped side's constant count folds away once inlined: one
// reciprocal, a few FMAs). The count is of the accumulation's real type: exact up to 2^24 in
// float32 (2^53 in float64), and beyond that its rounding is far below float32's own. An identity
// on the left needs no test: f is then 1 and (d * a.n) exactly 0, so the update yields the right
// side itself (d * d is never formed, so a large finite mean cannot overflow into inf * 0).
std::string moments_preamble(const MomentsKey& key, std::size_t size) {
  const std::string real = type_of(key.real);
  const bool complex = is_complex(key.input);
  const std::string input = type_of(key.input);
  std::string source = "struct ga_moments {\n  " + real + " n;\n  " + real + " mean;\n" +
                       (complex ? "  " + real + " mean_imag;\n" : std::string()) + "  " + real + " m2;\n};\n" +
                       size_check("ga_moments", size) + is_nan_function(key.input);
  source += "__device__ __forceinline__ ga_moments ga_moments_empty() {\n  ga_moments m;\n  m.n = 0;\n  m.mean = 0;\n" +
            std::string(complex ? "  m.mean_imag = 0;\n" : "") + "  m.m2 = 0;\n  return m;\n}\n";
  source += "__device__ __forceinline__ ga_moments ga_moments_of(const " + input +
            " x) {\n  ga_moments m;\n  m.n = 1;\n" +
            (complex ? "  m.mean = x.re;\n  m.mean_imag = x.im;\n" : "  m.mean = x;\n") +
            "  m.m2 = 0;\n  return m;\n}\n";
  // A pass's moments in two passes over its values (exact mean, then squared deviations from it):
  // one merge per pass instead of one division per element.
  const std::string per_pass = std::to_string(kReducedPerPass);
  const std::string valid = "k < count && !(skip_nan && ga_is_nan(x[k]))";
  source += "__device__ __forceinline__ ga_moments ga_moments_of_pass(const " + input + "* x, const int count, "
            "const bool skip_nan) {\n  " + real + " n = 0;\n  ga_moments m = ga_moments_empty();\n"
            "#pragma unroll\n  for (int k = 0; k < " + per_pass + "; ++k) {\n    if (" + valid + ") {\n"
            "      const ga_moments e = ga_moments_of(x[k]);\n      n += 1;\n      m.mean += e.mean;\n" +
            (complex ? "      m.mean_imag += e.mean_imag;\n" : "") + "    }\n  }\n  if (n == 0) return m;\n"
            "  m.n = n;\n  m.mean /= n;\n" + (complex ? "  m.mean_imag /= n;\n" : "") +
            "#pragma unroll\n  for (int k = 0; k < " + per_pass + "; ++k) {\n    if (" + valid + ") {\n"
            "      const ga_moments e = ga_moments_of(x[k]);\n      const " + real + " d = e.mean - m.mean;\n"
            "      m.m2 += d * d;\n" +
            (complex ? "      const " + real + " d_imag = e.mean_imag - m.mean_imag;\n      m.m2 += d_imag * d_imag;\n"
                     : "") +
            "    }\n  }\n  return m;\n}\n";
  source += "__device__ __forceinline__ ga_moments ga_moments_merge(const ga_moments& a, const ga_moments& b) {\n"
            "  if (b.n == 0) return a;\n  ga_moments m;\n  m.n = a.n + b.n;\n"
            "  const " + real + " f = b.n / m.n;\n"
            "  const " + real + " d = b.mean - a.mean;\n  m.mean = a.mean + d * f;\n";
  if (complex) {
    source += "  const " + real + " d_imag = b.mean_imag - a.mean_imag;\n  m.mean_imag = a.mean_imag + d_imag * f;\n"
              "  m.m2 = a.m2 + b.m2 + (d * a.n) * (d * f) + (d_imag * a.n) * (d_imag * f);\n";
  } else {
    source += "  m.m2 = a.m2 + b.m2 + (d * a.n) * (d * f);\n";
  }
  source += "  return m;\n}\n";
  // NumPy divides M2 by max(n - ddof, 0): an empty slice gives NaN, too large a ddof infinity.
  source += "__device__ __forceinline__ " + real + " ga_variance(const ga_moments& a, const " + real +
            " ddof) {\n  const " + real + " divisor = a.n - ddof;\n  return a.m2 / (divisor > (" + real +
            ")0 ? divisor : (" + real + ")0);\n}\n";
  return source;
}

std::string moments_post_map(const MomentsKey& key) {
  if (key.moment == Moment::var) return "out0 = ga_variance(a, ddof)";
  return std::string("out0 = ") + (key.real == GA_FLOAT32 ? "sqrtf" : "sqrt") + "(ga_variance(a, ddof))";
}

const char* moment_name(Moment moment) {
  switch (moment) {
    case Moment::var: return "var";
    case Moment::std: return "std";
  }
  throw Error(GA_ERROR_INTERNAL, "unknown moment");
}

// The winner of two (value, index) pairs, whatever their order: an absent pair (index -1) loses,
// NaN wins, a strictly better value wins, and ties go to the smaller index — so the fold's order
// is free and the result is NumPy's first extreme.
std::string arg_preamble(const ArgKey& key, std::size_t size) {
  const std::string value = type_of(key.value);
  const char* order = key.maximum ? ">" : "<";
  std::string before;
  if (is_complex(key.value)) {
    before = std::string("x.re ") + order + " y.re || (x.re == y.re && x.im " + order + " y.im)";
  } else {
    before = std::string("x ") + order + " y";
  }
  // A typedef, so that `ga_arg_value()` value-initialises even multi-word types ("unsigned char").
  return "typedef " + value + " ga_arg_value;\nstruct ga_arg {\n  ga_arg_value value;\n  long long index;\n};\n" +
         size_check("ga_arg", size) +
         is_nan_function(key.value) +
         "__device__ __forceinline__ ga_arg ga_arg_of(const " + value + " value, const long long index) {\n"
         "  ga_arg r;\n  r.value = value;\n  r.index = index;\n  return r;\n}\n"
         "__device__ __forceinline__ ga_arg ga_arg_none() { return ga_arg_of(ga_arg_value(), -1LL); }\n"
         "__device__ __forceinline__ bool ga_arg_before(const " + value + " x, const " + value + " y) { return " +
         before + "; }\n"
         "__device__ __forceinline__ ga_arg ga_arg_pick(const ga_arg& a, const ga_arg& b) {\n"
         "  if (b.index < 0) return a;\n"
         "  const bool a_nan = ga_is_nan(a.value);\n"
         "  const bool b_nan = ga_is_nan(b.value);\n"
         "  const bool earlier = b.index < a.index;\n"
         "  const bool b_wins = a.index < 0 || (a_nan ? b_nan && earlier\n"
         "                                          : b_nan || ga_arg_before(b.value, a.value) ||\n"
         "                                                (!ga_arg_before(a.value, b.value) && earlier));\n"
         "  return b_wins ? b : a;\n}\n";
}

std::uint64_t packed(std::initializer_list<unsigned> fields) {
  std::uint64_t key = 0;
  for (unsigned field : fields) key = (key << 8) | (field & 0xffu);
  return key;
}

const ReductionKernel& cached(std::uint64_t key, StatisticKernelDefinition (*define)(const void*), const void* what) {
  static auto* table = new KernelTable<std::uint64_t, ReductionKernel>;  // outlives static teardown
  return table->get(key, [&] {
    StatisticKernelDefinition definition = define(what);
    return std::make_unique<const ReductionKernel>(definition.in_params, definition.out_params,
                                                   std::move(definition.expressions), std::move(definition.name),
                                                   std::move(definition.preamble), std::vector<std::string>{});
  });
}

}  // namespace

StatisticKernelDefinition accumulate_definition(const AccumulateKey& key) {
  const std::string accumulator = name_of(key.accumulator);
  std::string map = "in0";
  std::string preamble;
  switch (key.map) {
    case ElementMap::value: break;
    case ElementMap::nan_as_zero:
    case ElementMap::nan_as_one:
      preamble = is_nan_function(key.input);
      map = std::string("ga_is_nan(in0) ? _type_reduce(") + (key.map == ElementMap::nan_as_zero ? "0" : "1") +
            ") : _type_reduce(in0)";
      break;
    case ElementMap::nonzero:
      preamble = nonzero_function(key.input);
      map = "ga_nonzero(in0) ? 1 : 0";
      break;
    case ElementMap::not_nan:
      preamble = is_nan_function(key.input);
      map = "ga_is_nan(in0) ? 0 : 1";
      break;
  }
  const bool adds = key.fold == Fold::add;
  ReductionExpressions expressions{map, adds ? "a + b" : "a * b",
                                   key.finish == Finish::mean ? "out0 = a / _type_reduce(_reduce_count)" : "out0 = a",
                                   adds ? "0" : "1", accumulator};
  const std::string name = std::string("ga_") + (key.finish == Finish::mean ? "mean" : adds ? "sum" : "prod") + "_" +
                           map_name(key.map) + "_" + name_of(key.input) + "_" + accumulator;
  return {name_of(key.input) + " in0", accumulator + " out0", std::move(expressions), name, std::move(preamble)};
}

StatisticKernelDefinition moments_definition(const MomentsKey& key) {
  GA_REQUIRE(key.real == GA_FLOAT32 || key.real == GA_FLOAT64, GA_ERROR_INTERNAL, "moments accumulate in float32/64");
  const std::size_t size = (is_complex(key.input) ? 4 : 3) * dtype_info(key.real).itemsize;
  ReductionExpressions expressions{key.skip_nan ? "ga_is_nan(in0) ? ga_moments_empty() : ga_moments_of(in0)"
                                                : "ga_moments_of(in0)",
                                   "ga_moments_merge(a, b)", moments_post_map(key), "ga_moments_empty()", "ga_moments",
                                   size};
  expressions.pass_map = std::string("ga_moments_of_pass(_pass_in0, _pass_count, ") +
                         (key.skip_nan ? "true" : "false") + ")";
  const std::string name = std::string("ga_") + (key.skip_nan ? "nan" : "") + moment_name(key.moment) + "_" +
                           name_of(key.input) + "_" + name_of(key.real);
  return {name_of(key.input) + " in0, " + name_of(key.real) + " ddof", name_of(key.real) + " out0",
          std::move(expressions), name,
          moments_preamble(key, size)};
}

StatisticKernelDefinition arg_definition(const ArgKey& key) {
  const std::size_t itemsize = dtype_info(key.value).itemsize;
  const std::size_t size = round_up(round_up(itemsize, 8) + 8, std::max<std::size_t>(itemsize, 8));
  ReductionExpressions expressions{key.skip_nan ? "ga_arg_of(in0, ga_is_nan(in0) ? -1LL : (long long)_J)"
                                                : "ga_arg_of(in0, (long long)_J)",
                                   "ga_arg_pick(a, b)", "out0 = a.index", "ga_arg_none()", "ga_arg", size};
  const std::string name = std::string("ga_") + (key.skip_nan ? "nan" : "") + (key.maximum ? "argmax_" : "argmin_") +
                           name_of(key.value);
  return {name_of(key.value) + " in0", "int64 out0", std::move(expressions), name, arg_preamble(key, size)};
}

StatisticKernelDefinition covariance_definition(ga_dtype_t dtype) {
  const std::string name = name_of(dtype);
  ReductionExpressions expressions{is_complex(dtype) ? "in0 * conj(in1)" : "in0 * in1", "a + b",
                                   "out0 = a / _type_reduce(fact)", "0", ""};
  return {name + " in0, " + name + " in1, float64 fact", name + " out0", std::move(expressions), "ga_cov_" + name, ""};
}

ElementwiseDefinition correlation_definition(ga_dtype_t dtype) {
  const std::string name = name_of(dtype);
  const std::string operation =
      is_complex(dtype) ? "const double s_i = sqrt(di.re);\nconst double s_j = sqrt(dj.re);\n"
                          "out = ga_complex128(ga_clip_unit(c.re / s_i / s_j), ga_clip_unit(c.im / s_i / s_j))"
                        : "out = ga_clip_unit(c / sqrt(di) / sqrt(dj))";
  return {name + " c, " + name + " di, " + name + " dj", name + " out", operation, "ga_corrcoef_" + name,
          "__device__ __forceinline__ double ga_clip_unit(const double x) {\n"
          "  return x < -1.0 ? -1.0 : (x > 1.0 ? 1.0 : x);\n}\n"};
}

const ReductionKernel& accumulate_kernel(const AccumulateKey& key) {
  return cached(packed({1, static_cast<unsigned>(key.map), static_cast<unsigned>(key.fold),
                        static_cast<unsigned>(key.finish), static_cast<unsigned>(key.input),
                        static_cast<unsigned>(key.accumulator)}),
                [](const void* what) { return accumulate_definition(*static_cast<const AccumulateKey*>(what)); }, &key);
}

const ReductionKernel& moments_kernel(const MomentsKey& key) {
  return cached(packed({2, static_cast<unsigned>(key.moment), static_cast<unsigned>(key.skip_nan),
                        static_cast<unsigned>(key.input), static_cast<unsigned>(key.real)}),
                [](const void* what) { return moments_definition(*static_cast<const MomentsKey*>(what)); }, &key);
}

const ReductionKernel& arg_kernel(const ArgKey& key) {
  return cached(packed({3, static_cast<unsigned>(key.maximum), static_cast<unsigned>(key.skip_nan),
                        static_cast<unsigned>(key.value)}),
                [](const void* what) { return arg_definition(*static_cast<const ArgKey*>(what)); }, &key);
}

const ReductionKernel& covariance_kernel(ga_dtype_t dtype) {
  return cached(packed({4, static_cast<unsigned>(dtype)}),
                [](const void* what) { return covariance_definition(*static_cast<const ga_dtype_t*>(what)); }, &dtype);
}

const ElementwiseKernel& correlation_kernel(ga_dtype_t dtype) {
  static auto* table = new KernelTable<int, ElementwiseKernel>;  // outlives static teardown
  return table->get(static_cast<int>(dtype), [&] {
    ElementwiseDefinition definition = correlation_definition(dtype);
    return std::make_unique<const ElementwiseKernel>(definition.in_params, definition.out_params,
                                                     std::move(definition.operation), std::move(definition.name),
                                                     std::move(definition.preamble), std::vector<std::string>{});
  });
}

}  // namespace garray
