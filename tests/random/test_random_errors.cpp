// Every error status of garray/random.h: NULL and released handles and bad arguments (the host
// cases run without a device), parameters outside their domains with NumPy's messages, dtypes,
// shapes and destinations (on the GPU). A failed call leaves the caller's out and result untouched.
#include "destination_support.hpp"
#include "random/random_test_support.hpp"

#include <cmath>
#include <complex>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace {

const int64_t kShape[] = {16};

// The call fails with `status` and a message holding `fragment`.
#define EXPECT_RANDOM_ERROR(call, status, fragment)                                               \
  do {                                                                                            \
    GA_EXPECT_STATUS(call, status);                                                               \
    EXPECT_NE(std::string(ga_last_error()).find(fragment), std::string::npos) << ga_last_error(); \
  } while (0)

TEST(RandomHost, NullHandlesAndArgumentsAreRefusedWithoutADevice) {
  ga_array_t result = garbage_handle();
  GA_EXPECT_STATUS(ga_rng_uniform(nullptr, 0, 1, 1, kShape, GA_FLOAT32, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_rng_integers(nullptr, 0, 5, 0, 1, kShape, GA_INT32, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_rng_permutation(nullptr, 5, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_rng_shuffle(nullptr, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_rng_bytes(nullptr, 4, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_rng_retain(nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_rng_release(nullptr), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, garbage_handle());
  EXPECT_RANDOM_ERROR(ga_rng_create(static_cast<ga_bitgen_t>(3), 1, nullptr), GA_ERROR_INVALID_ARGUMENT, "rng");
  ga_rng_t rng = nullptr;
  EXPECT_RANDOM_ERROR(ga_rng_create(static_cast<ga_bitgen_t>(3), 1, &rng), GA_ERROR_INVALID_ARGUMENT, "bitgen");
  EXPECT_EQ(rng, nullptr);
  GA_EXPECT_STATUS(ga_random_get_rng(nullptr), GA_ERROR_INVALID_ARGUMENT);
}

class RandomErrorTest : public GpuTest {
 protected:
  Generators generators;
  Handles owned;
  ga_rng_t rng = nullptr;

  void SetUp() override {
    GpuTest::SetUp();
    if (!IsSkipped()) rng = generators.make(GA_BITGEN_PHILOX4_32_10, 1);
  }
};

TEST_F(RandomErrorTest, ReleasedGeneratorIsAnInvalidHandle) {
  ga_rng_t released = nullptr;
  GA_ASSERT_OK(ga_rng_create(GA_BITGEN_XORWOW, 1, &released));
  GA_ASSERT_OK(ga_rng_retain(released));
  GA_ASSERT_OK(ga_rng_release(released));
  GA_ASSERT_OK(ga_rng_release(released));
  ga_array_t result = garbage_handle();
  EXPECT_RANDOM_ERROR(ga_rng_random(released, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_HANDLE, "rng");
  GA_EXPECT_STATUS(ga_rng_release(released), GA_ERROR_INVALID_HANDLE);
}

TEST_F(RandomErrorTest, ShapeAndOutArguments) {
  GA_EXPECT_STATUS(ga_rng_random(rng, 1, kShape, GA_FLOAT64, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_array_t result = garbage_handle();
  GA_EXPECT_STATUS(ga_rng_random(rng, 1, nullptr, GA_FLOAT64, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_rng_random(rng, -1, kShape, GA_FLOAT64, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  const int64_t negative[] = {3, -1};
  EXPECT_RANDOM_ERROR(ga_rng_random(rng, 2, negative, GA_FLOAT64, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "negative dimensions are not allowed");
  EXPECT_RANDOM_ERROR(ga_rng_permutation(rng, -1, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT, "negative");
  EXPECT_RANDOM_ERROR(ga_rng_bytes(rng, -1, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT, "negative");
  EXPECT_EQ(result, garbage_handle());

  const std::vector<double> before(16, 7.0);
  ga_array_t given = owned(upload(before));
  const int64_t other[] = {4, 4};
  GA_EXPECT_STATUS(ga_rng_random(rng, 2, other, GA_FLOAT64, given, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_rng_permutation(rng, 15, given, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(fetch<double>(given), before);
  ga_array_t integers = owned(upload(std::vector<int32_t>(16, 0)));
  GA_EXPECT_STATUS(ga_rng_random(rng, 1, kShape, GA_FLOAT64, integers, nullptr, &result), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_rng_gamma(rng, 1, 1, 1, kShape, GA_FLOAT32, integers, nullptr, &result), GA_ERROR_DTYPE);
  EXPECT_EQ(fetch<int32_t>(integers), std::vector<int32_t>(16, 0));
  EXPECT_EQ(result, garbage_handle());
  // int64 into float64 and uint8 into int32 cast under same_kind: out comes back, one more reference.
  GA_EXPECT_STATUS(ga_rng_integers(rng, 0, 3, 0, 1, kShape, GA_INT64, given, nullptr, &result), GA_OK);
  EXPECT_EQ(result, given);
  GA_ASSERT_OK(ga_array_release(result));
  result = garbage_handle();
  GA_EXPECT_STATUS(ga_rng_bytes(rng, 16, integers, nullptr, &result), GA_OK);
  EXPECT_EQ(result, integers);
  GA_ASSERT_OK(ga_array_release(result));
  result = garbage_handle();
  const std::vector<double> unchanged = {7.0};
  ga_array_t scalar = owned(upload(unchanged));
  ga_array_t read_only = nullptr;
  GA_ASSERT_OK(ga_array_broadcast_to(scalar, 1, kShape, &read_only));
  owned(read_only);
  GA_EXPECT_STATUS(ga_rng_random(rng, 1, kShape, GA_FLOAT64, read_only, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fetch<double>(scalar), unchanged);
  EXPECT_EQ(result, garbage_handle());
  GA_EXPECT_STATUS(ga_rng_shuffle(rng, read_only, nullptr), GA_ERROR_INVALID_ARGUMENT);
}

// NumPy's out= under the ABI 1.0 convention (docs/design.md, "Destinations"), for a distribution (normal), integers
// and permuted alike, by the shared rules (destination_support.hpp): garbage in the result pointer is never read; a
// destination of the sample's shape and a dtype the sample casts to (same_kind) gets the numbers a twin generator
// returns in a new array, cast, and comes back as the same handle with one more reference; a wrong shape, an
// uncastable dtype or a read-only view is refused with require_destination()'s message naming `out` (before anything
// is drawn), the destination unchanged and the result pointer as it was.
TEST_F(RandomErrorTest, DestinationsFollowTheCallingConvention) {
  ga_array_t x = owned(upload_shaped(std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {16}));
  using Draw = std::function<ga_status_t(ga_rng_t rng, ga_array_t out, ga_array_t* result)>;
  // Each case draws with two generators of the same seed: a call without destination (the allocated sample) from the
  // twin, every call with one from the first, so that the destination gets the twin's numbers.
  const auto drawing = [&](const char* name, Draw draw, ga_dtype_t castable, ga_dtype_t uncastable) {
    ga_rng_t first = generators.make(GA_BITGEN_PHILOX4_32_10, 42);
    ga_rng_t twin = generators.make(GA_BITGEN_PHILOX4_32_10, 42);
    return DestinationCase{
        .name = name,
        .call = [first, twin, draw](ga_array_t out, ga_array_t* result) {
          return draw(out ? first : twin, out, result);
        },
        .shape = {16},
        .dtype = castable,
        .uncastable = uncastable,
        .checked_messages = true};
  };
  const DestinationCase cases[] = {
      drawing(
          "normal",
          [](ga_rng_t rng, ga_array_t out, ga_array_t* result) {
            return ga_rng_normal(rng, 3, 2, 1, kShape, GA_FLOAT64, out, nullptr, result);
          },
          GA_FLOAT32, GA_INT32),
      drawing(
          "integers",
          [](ga_rng_t rng, ga_array_t out, ga_array_t* result) {
            return ga_rng_integers(rng, -50, 50, 0, 1, kShape, GA_INT64, out, nullptr, result);
          },
          GA_FLOAT64, GA_BOOL),
      drawing(
          "permuted",
          [x](ga_rng_t rng, ga_array_t out, ga_array_t* result) {
            return ga_rng_permuted(rng, x, out, nullptr, result);
          },
          GA_FLOAT32, GA_INT32),
  };
  for (const DestinationCase& c : cases) expect_destination_rules(c);
}

TEST_F(RandomErrorTest, DtypesTheDistributionsDoNotProduce) {
  ga_array_t result = garbage_handle();
  EXPECT_RANDOM_ERROR(ga_rng_uniform(rng, 0, 1, 1, kShape, GA_INT32, nullptr, nullptr, &result), GA_ERROR_DTYPE,
                      "int32");
  GA_EXPECT_STATUS(ga_rng_normal(rng, 0, 1, 1, kShape, GA_COMPLEX64, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_rng_beta(rng, 1, 1, 1, kShape, GA_BFLOAT16, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_rng_random(rng, 1, kShape, static_cast<ga_dtype_t>(999), nullptr, nullptr, &result),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_rng_integers(rng, 0, 3, 0, 1, kShape, GA_FLOAT32, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_random_randint(0, 3, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  EXPECT_EQ(result, garbage_handle());
}

TEST_F(RandomErrorTest, ParametersOutsideTheirDomains) {
  ga_array_t result = garbage_handle();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_RANDOM_ERROR(ga_rng_uniform(rng, -inf, inf, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "Range exceeds valid bounds");
  EXPECT_RANDOM_ERROR(ga_rng_normal(rng, 0, -1, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "scale < 0");
  EXPECT_RANDOM_ERROR(ga_random_normal(0, -1, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "scale < 0");
  EXPECT_RANDOM_ERROR(ga_rng_lognormal(rng, 0, -1, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "sigma < 0");
  EXPECT_RANDOM_ERROR(ga_rng_exponential(rng, -2, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "scale < 0");
  EXPECT_RANDOM_ERROR(ga_rng_standard_gamma(rng, -1, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "shape < 0");
  EXPECT_RANDOM_ERROR(ga_rng_gamma(rng, 1, -1, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "scale < 0");
  EXPECT_RANDOM_ERROR(ga_rng_beta(rng, 0, 1, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "a <= 0");
  EXPECT_RANDOM_ERROR(ga_rng_beta(rng, 1, nan, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "b <= 0");
  EXPECT_RANDOM_ERROR(ga_rng_chisquare(rng, 0, 1, kShape, GA_FLOAT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "df <= 0");
  EXPECT_RANDOM_ERROR(ga_rng_poisson(rng, -1, 1, kShape, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "lam < 0");
  EXPECT_RANDOM_ERROR(ga_rng_poisson(rng, 1e19, 1, kShape, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "lam value too large");
  EXPECT_RANDOM_ERROR(ga_rng_binomial(rng, -1, 0.5, 1, kShape, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "n < 0");
  EXPECT_RANDOM_ERROR(ga_rng_binomial(rng, 5, -0.5, 1, kShape, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "p < 0");
  EXPECT_RANDOM_ERROR(ga_rng_binomial(rng, 5, 1.5, 1, kShape, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "p > 1");
  EXPECT_RANDOM_ERROR(ga_rng_binomial(rng, 5, nan, 1, kShape, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "p is nan");
  EXPECT_RANDOM_ERROR(ga_rng_geometric(rng, 0, 1, kShape, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "p <= 0");
  EXPECT_RANDOM_ERROR(ga_rng_geometric(rng, 1.5, 1, kShape, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "p > 1");
  EXPECT_EQ(result, garbage_handle());
}

TEST_F(RandomErrorTest, IntegerBounds) {
  ga_array_t result = garbage_handle();
  EXPECT_RANDOM_ERROR(ga_rng_integers(rng, 5, 5, 0, 1, kShape, GA_INT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "low >= high");
  EXPECT_RANDOM_ERROR(ga_rng_integers(rng, 6, 5, 1, 1, kShape, GA_INT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "low > high");
  EXPECT_RANDOM_ERROR(ga_random_randint(3, 3, 1, kShape, GA_INT64, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "low >= high");
  EXPECT_RANDOM_ERROR(ga_rng_integers(rng, -129, 0, 0, 1, kShape, GA_INT8, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "low is out of bounds for int8");
  EXPECT_RANDOM_ERROR(ga_rng_integers(rng, 0, 129, 0, 1, kShape, GA_INT8, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "high is out of bounds for int8");
  EXPECT_RANDOM_ERROR(ga_rng_integers(rng, 0, 128, 1, 1, kShape, GA_INT8, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "high is out of bounds for int8");
  EXPECT_RANDOM_ERROR(ga_rng_integers(rng, -1, 3, 0, 1, kShape, GA_UINT16, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "low is out of bounds for uint16");
  EXPECT_RANDOM_ERROR(ga_rng_integers(rng, 0, 3, 0, 1, kShape, GA_BOOL, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "high is out of bounds for bool");
  EXPECT_EQ(result, garbage_handle());
  // An exclusive high one past the largest value is allowed.
  GA_ASSERT_OK(ga_rng_integers(rng, -128, 128, 0, 1, kShape, GA_INT8, nullptr, nullptr, &result));
  ga_array_release(result);
}

TEST_F(RandomErrorTest, SelectionArguments) {
  ga_array_t result = garbage_handle();
  const int64_t five[] = {5};
  EXPECT_RANDOM_ERROR(ga_rng_choice(rng, nullptr, 3, 0, nullptr, 1, five, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "Cannot take a larger sample than population when replace is False");
  EXPECT_RANDOM_ERROR(ga_rng_choice(rng, nullptr, 0, 1, nullptr, 1, five, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "a cannot be empty");
  ga_array_t matrix = owned(upload_shaped(std::vector<double>(6, 1.0), {2, 3}));
  EXPECT_RANDOM_ERROR(ga_rng_choice(rng, matrix, 0, 1, nullptr, 1, five, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "a must be 1-dimensional");
  ga_array_t p = owned(upload(std::vector<double>{0.5, 0.5}));
  EXPECT_RANDOM_ERROR(ga_rng_choice(rng, nullptr, 3, 1, p, 1, five, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "a and p must have same size");
  EXPECT_RANDOM_ERROR(ga_rng_choice(rng, nullptr, 6, 1, matrix, 1, five, nullptr, nullptr, &result),
                      GA_ERROR_INVALID_ARGUMENT, "p must be 1-dimensional");
  ga_array_t complex_p = owned(upload(std::vector<std::complex<double>>{{0.5, 0}, {0.5, 0}}));
  GA_EXPECT_STATUS(ga_rng_choice(rng, nullptr, 2, 1, complex_p, 1, five, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  ga_array_t scalar = nullptr;
  GA_ASSERT_OK(ga_array_from_host(std::vector<double>{1.0}.data(), 0, nullptr, nullptr, GA_FLOAT64, GA_ORDER_C, nullptr,
                                  &scalar));
  owned(scalar);
  EXPECT_RANDOM_ERROR(ga_rng_permuted(rng, scalar, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT,
                      "at least 1-dimensional");
  GA_EXPECT_STATUS(ga_rng_shuffle(rng, scalar, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_rng_permuted(rng, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, garbage_handle());
}

}  // namespace
