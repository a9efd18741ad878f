// ElementwiseKernel through the C API: the seeds' kernels (axpb, squared_diff with broadcasting
// and with a scalar, the type-generic version, leaky_relu), placeholders, raw arrays and `i`,
// strided views, conversions, and every refusal.
#include "destination_support.hpp"
#include "user_kernel_support.hpp"

#include <cmath>
#include <complex>
#include <string>
#include <thread>

namespace {

using ElementwiseKernelTest = GpuTest;

ga_elementwise_kernel_t make_kernel(const char* in, const char* out, const char* operation, const char* name) {
  ga_elementwise_kernel_t kernel = nullptr;
  EXPECT_EQ(ga_elementwise_kernel_create(in, out, operation, name, nullptr, nullptr, 0, &kernel), GA_OK)
      << ga_last_error();
  return kernel;
}

}  // namespace

TEST_F(ElementwiseKernelTest, AxpbMatchesTheHost) {
  Handles owned;
  const size_t n = 100003;
  const std::vector<float> x = test_values<float>(n);
  ga_array_t dx = owned(upload(x));
  ga_elementwise_kernel_t axpb =
      make_kernel("float32 x, float32 a, float32 b", "float32 y", "y = a * x + b", "axpb");
  const ga_kernel_arg_t inputs[] = {array_arg(dx), scalar_arg(GA_FLOAT32, 3.0, 0), scalar_arg(GA_FLOAT32, -1.5, 0)};
  ga_array_t outputs[1] = {nullptr};
  GA_ASSERT_OK(ga_elementwise_kernel_call(axpb, inputs, 3, outputs, 1, -1, nullptr, outputs));
  owned(outputs[0]);
  const std::vector<float> y = download<float>(outputs[0], n);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], 3.0f * x[i] - 1.5f) << "at " << i;
  size_t ins = 0, outs = 0;
  GA_ASSERT_OK(ga_elementwise_kernel_arity(axpb, &ins, &outs));
  EXPECT_EQ(ins, 3u);
  EXPECT_EQ(outs, 1u);
  GA_ASSERT_OK(ga_elementwise_kernel_release(axpb));
}

TEST_F(ElementwiseKernelTest, SquaredDiffBroadcastsArraysAndScalars) {
  Handles owned;
  const std::vector<float> x = test_values<float>(10);
  const std::vector<float> y = {0.f, 1.f, 2.f, 3.f, 4.f};
  ga_array_t dx = owned(upload_shaped(x, {2, 5}));
  ga_array_t dy = owned(upload_shaped(y, {5}));
  ga_elementwise_kernel_t squared_diff =
      make_kernel("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)", "squared_diff");
  const ga_kernel_arg_t with_array[] = {array_arg(dx), array_arg(dy)};
  ga_array_t z[1] = {nullptr};
  GA_ASSERT_OK(ga_elementwise_kernel_call(squared_diff, with_array, 2, z, 1, -1, nullptr, z));
  owned(z[0]);
  EXPECT_EQ(shape_of(z[0]), (std::vector<int64_t>{2, 5}));
  std::vector<float> got = download<float>(z[0], 10);
  for (size_t i = 0; i < 10; ++i) EXPECT_EQ(got[i], (x[i] - y[i % 5]) * (x[i] - y[i % 5]));

  // CuPy's squared_diff(x, 5): the int64 scalar is converted to the parameter's float32.
  const ga_kernel_arg_t with_scalar[] = {array_arg(dx), scalar_arg(GA_INT64, 0, 5)};
  ga_array_t w[1] = {nullptr};
  GA_ASSERT_OK(ga_elementwise_kernel_call(squared_diff, with_scalar, 2, w, 1, -1, nullptr, w));
  owned(w[0]);
  got = download<float>(w[0], 10);
  for (size_t i = 0; i < 10; ++i) EXPECT_EQ(got[i], (x[i] - 5.f) * (x[i] - 5.f));
  ga_elementwise_kernel_release(squared_diff);
}

TEST_F(ElementwiseKernelTest, TypeGenericVersionTakesTheArgumentsDtype) {
  Handles owned;
  const std::vector<double> x = test_values<double>(12);
  const std::vector<double> y = test_values<double>(4);
  ga_array_t dx = owned(upload_shaped(x, {3, 4}));
  ga_array_t dy = owned(upload_shaped(y, {4}));
  ga_elementwise_kernel_t squared_diff =
      make_kernel("T x, T y", "T z", "z = (x - y) * (x - y);", "squared_diff_generic");
  const ga_kernel_arg_t inputs[] = {array_arg(dx), array_arg(dy)};
  ga_array_t z[1] = {nullptr};
  GA_ASSERT_OK(ga_elementwise_kernel_call(squared_diff, inputs, 2, z, 1, -1, nullptr, z));
  owned(z[0]);
  EXPECT_EQ(dtype_of_array(z[0]), GA_FLOAT64);
  const std::vector<double> got = download<double>(z[0], 12);
  for (size_t i = 0; i < 12; ++i) EXPECT_EQ(got[i], (x[i] - y[i % 4]) * (x[i] - y[i % 4]));
  ga_elementwise_kernel_release(squared_diff);
}

TEST_F(ElementwiseKernelTest, LeakyReluWritesIntoAGivenOutputInPlace) {
  Handles owned;
  const std::vector<float> x = test_values<float>(1000);
  ga_array_t dx = owned(upload(x));
  ga_elementwise_kernel_t leaky_relu = make_kernel("T x, T alpha", "T y", "y = x > 0 ? x : x * alpha;", "leaky_relu");
  const ga_kernel_arg_t inputs[] = {array_arg(dx), scalar_arg(GA_FLOAT32, 0.125, 0)};
  const ga_array_t into[1] = {dx};
  ga_array_t results[1];
  GA_ASSERT_OK(ga_elementwise_kernel_call(leaky_relu, inputs, 2, into, 1, -1, nullptr, results));
  EXPECT_EQ(results[0], dx) << "a given output is returned as itself";
  owned(results[0]);  // with one more reference
  const std::vector<float> got = download<float>(dx, x.size());
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(got[i], x[i] > 0 ? x[i] : x[i] * 0.125f);
  ga_elementwise_kernel_release(leaky_relu);
}

TEST_F(ElementwiseKernelTest, StridedViewsAndLinearIndexKeepCOrder) {
  Handles owned;
  const std::vector<float> x = test_values<float>(6 * 7);
  ga_array_t dx = owned(upload_shaped(x, {6, 7}));
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(dx, nullptr, 0, &transposed));
  owned(transposed);
  // `i` is the C-order index of the (7, 6) loop even though the input is a transposed view.
  ga_elementwise_kernel_t tagged = make_kernel("float32 x", "float64 y", "y = x + 1000.0 * i;", "tagged");
  const ga_kernel_arg_t inputs[] = {array_arg(transposed)};
  ga_array_t y[1] = {nullptr};
  GA_ASSERT_OK(ga_elementwise_kernel_call(tagged, inputs, 1, y, 1, -1, nullptr, y));
  owned(y[0]);
  const std::vector<double> got = download<double>(y[0], x.size());
  for (int r = 0; r < 7; ++r) {
    for (int c = 0; c < 6; ++c) {
      const int i = r * 6 + c;
      EXPECT_EQ(got[static_cast<size_t>(i)], static_cast<double>(x[static_cast<size_t>(c * 7 + r)]) + 1000.0 * i);
    }
  }
  ga_elementwise_kernel_release(tagged);
}

TEST_F(ElementwiseKernelTest, RawArrayReversedWithSize) {
  Handles owned;
  const std::vector<float> x = test_values<float>(777);
  ga_array_t dx = owned(upload(x));
  ga_array_t out = owned(upload(std::vector<float>(777, 0.f)));
  ga_elementwise_kernel_t reverse =
      make_kernel("raw T source", "raw T destination", "destination[i] = source[_ind.size() - 1 - i];", "reverse");
  const ga_kernel_arg_t inputs[] = {array_arg(dx)};
  ga_array_t outputs[1] = {out};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(reverse, inputs, 1, outputs, 1, -1, nullptr, outputs), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outputs[0], out);
  GA_ASSERT_OK(ga_elementwise_kernel_call(reverse, inputs, 1, outputs, 1, 777, nullptr, outputs));
  EXPECT_EQ(outputs[0], out);
  owned(outputs[0]);  // the destination's extra reference
  const std::vector<float> got = download<float>(out, 777);
  for (size_t i = 0; i < 777; ++i) EXPECT_EQ(got[i], x[776 - i]);
  ga_elementwise_kernel_release(reverse);
}

TEST_F(ElementwiseKernelTest, ConvertsInputsAndOutputsOfOtherDtypes) {
  Handles owned;
  const std::vector<double> x = test_values<double>(64);
  ga_array_t dx = owned(upload(x));
  ga_array_t out = owned(upload(std::vector<double>(64, 0.0)));
  // float64 in, float32 code, float64 out: each side converted on the device.
  ga_elementwise_kernel_t halve = make_kernel("float32 x", "float32 y", "y = x * 0.5f;", "halve");
  const ga_kernel_arg_t inputs[] = {array_arg(dx)};
  ga_array_t outputs[1] = {out};
  GA_ASSERT_OK(ga_elementwise_kernel_call(halve, inputs, 1, outputs, 1, -1, nullptr, outputs));
  owned(outputs[0]);  // out, with one more reference
  const std::vector<double> got = download<double>(out, 64);
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(got[i], static_cast<double>(static_cast<float>(x[i]) * 0.5f));
  ga_elementwise_kernel_release(halve);
}

TEST_F(ElementwiseKernelTest, ComplexPlaceholders) {
  Handles owned;
  const std::vector<std::complex<float>> x = {{1, 2}, {-3, 0.5f}, {0, -1}};
  const int64_t shape[1] = {3};
  ga_array_t dx = nullptr;
  GA_ASSERT_OK(ga_array_from_host(x.data(), 1, shape, nullptr, GA_COMPLEX64, GA_ORDER_C, nullptr, &dx));
  owned(dx);
  ga_elementwise_kernel_t square = make_kernel("T x", "T y", "y = x * x;", "complex_square");
  const ga_kernel_arg_t inputs[] = {array_arg(dx)};
  ga_array_t y[1] = {nullptr};
  GA_ASSERT_OK(ga_elementwise_kernel_call(square, inputs, 1, y, 1, -1, nullptr, y));
  owned(y[0]);
  EXPECT_EQ(dtype_of_array(y[0]), GA_COMPLEX64);
  std::vector<std::complex<float>> got(3);
  GA_ASSERT_OK(ga_array_to_host(y[0], got.data(), sizeof(std::complex<float>) * 3, nullptr));
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(got[i], x[i] * x[i]);
  ga_elementwise_kernel_release(square);
}

TEST_F(ElementwiseKernelTest, UndecidablePlaceholderAsksForTheOutput) {
  Handles owned;
  ga_array_t dx = owned(upload(test_values<float>(8)));
  ga_elementwise_kernel_t widen = make_kernel("T x", "U y", "y = x;", "widen");
  const ga_kernel_arg_t inputs[] = {array_arg(dx)};
  ga_array_t y[1] = {nullptr};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(widen, inputs, 1, y, 1, -1, nullptr, y), GA_ERROR_DTYPE);
  EXPECT_NE(std::string(ga_last_error()).find("pass the output array 'y'"), std::string::npos) << ga_last_error();
  EXPECT_EQ(y[0], nullptr);
  y[0] = owned(upload(std::vector<double>(8, 0.0)));
  GA_ASSERT_OK(ga_elementwise_kernel_call(widen, inputs, 1, y, 1, -1, nullptr, y));
  owned(y[0]);  // the given output, with one more reference
  EXPECT_EQ(dtype_of_array(y[0]), GA_FLOAT64);
  ga_elementwise_kernel_release(widen);
}

TEST_F(ElementwiseKernelTest, CompileErrorNamesTheOperationLineAndAllocatesNothing) {
  Handles owned;
  ga_array_t dx = owned(upload(test_values<float>(8)));
  ga_elementwise_kernel_t broken = make_kernel("T x", "T y", "y = x;\ny = undefined_thing;", "broken");
  const ga_kernel_arg_t inputs[] = {array_arg(dx)};
  ga_array_t y[1] = {nullptr};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(broken, inputs, 1, y, 1, -1, nullptr, y), GA_ERROR_COMPILE);
  EXPECT_NE(std::string(ga_last_error()).find("operation(2)"), std::string::npos) << ga_last_error();
  EXPECT_EQ(y[0], nullptr);
  ga_elementwise_kernel_release(broken);
}

TEST_F(ElementwiseKernelTest, RefusesBadCallsWithoutTouchingOutputs) {
  Handles owned;
  ga_array_t a = owned(upload_shaped(test_values<float>(6), {2, 3}));
  ga_array_t b = owned(upload_shaped(test_values<float>(4), {4}));
  ga_array_t wrong_shape = owned(upload_shaped(test_values<float>(3), {3}));
  ga_elementwise_kernel_t add = make_kernel("T x, T y", "T z", "z = x + y;", "add_for_errors");
  const ga_kernel_arg_t mismatched[] = {array_arg(a), array_arg(b)};
  ga_array_t z[1] = {nullptr};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(add, mismatched, 2, z, 1, -1, nullptr, z), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(add, mismatched, 1, z, 1, -1, nullptr, z), GA_ERROR_INVALID_ARGUMENT);
  ga_array_t two[2] = {nullptr, nullptr};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(add, mismatched, 2, two, 2, -1, nullptr, two), GA_ERROR_INVALID_ARGUMENT);
  ga_kernel_arg_t pointer{};
  pointer.kind = GA_KERNEL_ARG_POINTER;
  const ga_kernel_arg_t with_pointer[] = {array_arg(a), pointer};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(add, with_pointer, 2, z, 1, -1, nullptr, z), GA_ERROR_INVALID_ARGUMENT);
  const ga_kernel_arg_t same[] = {array_arg(a), array_arg(a)};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(add, same, 2, z, 1, 6, nullptr, z), GA_ERROR_INVALID_ARGUMENT);
  ga_array_t given[1] = {wrong_shape};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(add, same, 2, given, 1, -1, nullptr, given), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(given[0], wrong_shape);
  EXPECT_EQ(z[0], nullptr);
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(nullptr, same, 2, z, 1, -1, nullptr, z), GA_ERROR_INVALID_HANDLE);
  ga_elementwise_kernel_release(add);
}

// The launch goes through the driver, which needs the thread bound to the device's context: a
// thread that never called CUDA before must work as well.
TEST_F(ElementwiseKernelTest, RunsFromAThreadThatNeverUsedCuda) {
  Handles owned;
  const std::vector<float> x = test_values<float>(257);
  ga_array_t dx = owned(upload(x));
  ga_elementwise_kernel_t twice = make_kernel("T x", "T y", "y = x + x", "twice_from_thread");
  ga_array_t y[1] = {nullptr};
  ga_status_t status = GA_ERROR_INTERNAL;
  std::thread([&] {
    const ga_kernel_arg_t inputs[] = {array_arg(dx)};
    status = ga_elementwise_kernel_call(twice, inputs, 1, y, 1, -1, nullptr, y);
    if (status == GA_OK) status = ga_device_synchronize();
  }).join();
  ASSERT_EQ(status, GA_OK) << ga_last_error();
  owned(y[0]);
  const std::vector<float> got = download<float>(y[0], x.size());
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(got[i], x[i] + x[i]);
  ga_elementwise_kernel_release(twice);
}

// The convention's destination rules: a destination that broadcasts with the inputs but is not
// their shape, or a read-only one, is refused naming `out[0] (y)`, is not written and leaves
// `results` alone; garbage in `results` is never read; a given destination comes back as itself
// with one more reference. Any dtype is taken (the values are converted), so none is refused.
TEST_F(ElementwiseKernelTest, DestinationsFollowTheConvention) {
  Handles owned;
  ga_array_t dx = owned(upload_shaped(test_values<float>(12), {3, 4}));
  ga_elementwise_kernel_t twice = make_kernel("T x", "T y", "y = x + x", "twice_for_destinations");
  const DestinationCall call = [dx, twice](ga_array_t out, ga_array_t* results) {
    const ga_kernel_arg_t inputs[] = {array_arg(dx)};
    const ga_array_t destinations[1] = {out};
    return ga_elementwise_kernel_call(twice, inputs, 1, destinations, 1, -1, nullptr, results);
  };
  // The wrong shape broadcasts with the inputs' (a (3, 5) out would be operands that do not broadcast).
  expect_destination_rules({"elementwise kernel", call, {3, 4}, GA_FLOAT32, std::nullopt, true,
                            std::vector<int64_t>{1, 4}});
  ga_elementwise_kernel_release(twice);
}

// Handle checks come first, so they answer without a device; a failed call leaves the garbage in
// `results`.
TEST(UserKernelHost, NullKernelsLeaveTheResultsAlone) {
  const ga_array_t out[1] = {nullptr};
  ga_array_t results[1] = {garbage_handle()};
  GA_EXPECT_STATUS(ga_elementwise_kernel_call(nullptr, nullptr, 0, out, 1, -1, nullptr, results),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_reduction_kernel_call(nullptr, nullptr, 0, out, 1, nullptr, -1, 0, nullptr, results),
                   GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(results[0], garbage_handle());
}
