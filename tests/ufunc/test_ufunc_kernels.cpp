// Every loop of every ufunc on the GPU against NumPy's outputs for the same inputs
// (numpy_references.txt): the loop is forced with a signature, the inputs are uploaded in the
// loop's dtypes, and each output element is compared, NaN equal to NaN, floating results within
// a few units in the last place (transcendental functions are not correctly rounded on either
// side), integers and bools exactly.
#include "core/array/dtype.hpp"
#include "core/array/half_float.hpp"
#include "ufunc_references.hpp"

#include "gpu_test.hpp"

#include <garray/ufunc.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

using UfuncKernels = GpuTest;
using ufunc_test::Column;

double epsilon_of(ga_dtype_t dtype) {
  switch (dtype) {
    case GA_FLOAT16: return 9.77e-4;
    case GA_BFLOAT16: return 7.82e-3;
    case GA_FLOAT32:
    case GA_COMPLEX64: return static_cast<double>(std::numeric_limits<float>::epsilon());
    default: return std::numeric_limits<double>::epsilon();
  }
}

// Element `i` of a column as (real, imaginary) doubles; integers as exact doubles are enough to
// compare (they were produced from the same bits and compare exactly below 2^53, and the bit
// patterns are compared for the rest).
std::complex<double> element(const Column& column, std::size_t i) {
  const unsigned char* bytes = column.bytes.data() + i * garray::dtype_info(column.dtype).itemsize;
  const auto load = [&](auto value) {
    std::memcpy(&value, bytes, sizeof(value));
    return value;
  };
  switch (column.dtype) {
    case GA_FLOAT16: return garray::half_bits_to_float(load(std::uint16_t{}));
    case GA_BFLOAT16: return garray::bfloat16_bits_to_float(load(std::uint16_t{}));
    case GA_FLOAT32: return load(float{});
    case GA_FLOAT64: return load(double{});
    case GA_COMPLEX64: return std::complex<double>(load(std::complex<float>{}));
    case GA_COMPLEX128: return load(std::complex<double>{});
    default: return 0.0;
  }
}

bool close_enough(double got, double expected, double epsilon) {
  if (std::isnan(expected)) return std::isnan(got);
  if (std::isinf(expected) || std::isinf(got)) return got == expected;
  const double difference = std::fabs(got - expected);
  return difference <= 16 * epsilon * std::fabs(expected) || difference <= 16 * epsilon * 1e-2 ||
         difference == 0;
}

// The mismatching elements of one output column, described for the failure message.
std::string mismatches(const Column& got, const Column& expected) {
  std::ostringstream report;
  const std::size_t itemsize = garray::dtype_info(expected.dtype).itemsize;
  const ga_dtype_kind_t kind = garray::dtype_info(expected.dtype).kind;
  int shown = 0;
  for (std::size_t i = 0; i < expected.count() && shown < 5; ++i) {
    bool same = true;
    if (kind == GA_KIND_FLOAT || kind == GA_KIND_COMPLEX) {
      const std::complex<double> g = element(got, i);
      const std::complex<double> e = element(expected, i);
      const double epsilon = epsilon_of(expected.dtype);
      same = close_enough(g.real(), e.real(), epsilon) && close_enough(g.imag(), e.imag(), epsilon);
      if (!same) report << " [" << i << "] got " << g << " expected " << e << ";";
    } else {
      same = std::memcmp(got.bytes.data() + i * itemsize, expected.bytes.data() + i * itemsize, itemsize) == 0;
      if (!same) report << " [" << i << "] bytes differ;";
    }
    shown += same ? 0 : 1;
  }
  return report.str();
}

}  // namespace

TEST_F(UfuncKernels, EveryLoopMatchesNumPy) {
  const auto& cases = ufunc_test::References::instance().cases();
  ASSERT_FALSE(cases.empty());
  int checked = 0;
  for (const ufunc_test::ReferenceCase& reference : cases) {
    ga_ufunc_t ufunc = nullptr;
    ASSERT_EQ(ga_ufunc_find(reference.ufunc.c_str(), &ufunc), GA_OK) << ga_last_error();
    std::vector<ga_array_t> arrays;
    std::vector<ga_operand_t> operands;
    std::vector<ga_dtype_t> signature;
    for (const Column& column : reference.inputs) {
      const int64_t shape[1] = {static_cast<int64_t>(column.count())};
      ga_array_t array = nullptr;
      ASSERT_EQ(ga_array_from_host(column.bytes.data(), 1, shape, nullptr, column.dtype, GA_ORDER_C, nullptr, &array), GA_OK)
          << ga_last_error();
      arrays.push_back(array);
      ga_operand_t operand{};
      operand.kind = GA_OPERAND_ARRAY;
      operand.array = array;
      operands.push_back(operand);
      signature.push_back(column.dtype);
    }
    for (const Column& column : reference.outputs) signature.push_back(column.dtype);
    std::vector<ga_array_t> outputs(reference.outputs.size(), nullptr);
    const ga_ufunc_options_t options{sizeof(options), GA_CASTING_UNSAFE, GA_DTYPE_SAME, signature.data()};
    const ga_status_t status =
        ga_ufunc_call(ufunc, operands.data(), operands.size(), &options, outputs.data(), outputs.size(), nullptr,
                      outputs.data());
    EXPECT_EQ(status, GA_OK) << reference.ufunc << " " << reference.loop << ": " << ga_last_error();
    for (std::size_t k = 0; status == GA_OK && k < outputs.size(); ++k) {
      Column got{reference.outputs[k].dtype, std::vector<unsigned char>(reference.outputs[k].bytes.size())};
      ASSERT_EQ(ga_array_to_host(outputs[k], got.bytes.data(), got.bytes.size(), nullptr), GA_OK) << ga_last_error();
      const std::string report = mismatches(got, reference.outputs[k]);
      EXPECT_TRUE(report.empty()) << reference.ufunc << " " << reference.loop << " output " << k << ":" << report;
    }
    for (ga_array_t array : outputs) ga_array_release(array);
    for (ga_array_t array : arrays) ga_array_release(array);
    ++checked;
  }
  std::printf("checked %d loops against NumPy\n", checked);
}
