// The products of garray/products.h through the C API on the GPU: results against host references
// (float32/float64 on cuBLAS, transposed and sliced views, broadcast batches, 1-d promotion, exact
// integer and bool products, complex vdot with its conjugate, zero-size contractions, out arrays,
// dot/inner/outer/tensordot/kron/einsum), and every refusal with its status.
// tests/python/test_products.py compares every function with NumPy over dtypes and layouts.
#include "destination_support.hpp"
#include "ops/user_kernel_support.hpp"

#include <garray/products.h>

#include <complex>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace {

using ProductsTest = GpuTest;

// C-order reference of a (batch, m, k) · (batch, k, n) product in double.
std::vector<double> reference_matmul(const std::vector<double>& a, const std::vector<double>& b, int batch, int m,
                                     int k, int n) {
  std::vector<double> c(static_cast<size_t>(batch * m * n), 0.0);
  for (int s = 0; s < batch; ++s)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        for (int p = 0; p < k; ++p)
          c[static_cast<size_t>((s * m + i) * n + j)] +=
              a[static_cast<size_t>((s * m + i) * k + p)] * b[static_cast<size_t>((s * k + p) * n + j)];
  return c;
}

template <class T>
std::vector<double> as_doubles(const std::vector<T>& values) {
  return {values.begin(), values.end()};
}

template <class T>
void expect_near_all(const std::vector<T>& got, const std::vector<double>& expected, double tolerance) {
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(static_cast<double>(got[i]), expected[i], tolerance) << i;
}

using Binary = ga_status_t (*)(ga_array_t, ga_array_t, ga_array_t, ga_stream_t, ga_array_t*);

ga_array_t call(Binary function, ga_array_t a, ga_array_t b) {
  ga_array_t result = nullptr;
  EXPECT_EQ(function(a, b, nullptr, nullptr, &result), GA_OK) << ga_last_error();
  return result;
}

ga_array_t transposed(ga_array_t array) {
  ga_array_t view = nullptr;
  EXPECT_EQ(ga_array_transpose(array, nullptr, 0, &view), GA_OK) << ga_last_error();
  return view;
}

}  // namespace

TEST_F(ProductsTest, MatmulMatchesHostReferenceInFloat32AndFloat64) {
  Handles owned;
  const std::vector<float> a = test_values<float>(7 * 9);
  const std::vector<float> b = test_values<float>(9 * 5);
  const std::vector<double> expected = reference_matmul(as_doubles(a), as_doubles(b), 1, 7, 9, 5);
  ga_array_t c = owned(call(ga_array_matmul, make(owned, a, {7, 9}), make(owned, b, {9, 5})));
  EXPECT_EQ(shape_of(c), (std::vector<int64_t>{7, 5}));
  EXPECT_EQ(dtype_of_array(c), GA_FLOAT32);
  expect_near_all(fetch<float>(c), expected, 1e-4);

  const std::vector<double> a64 = as_doubles(a);
  const std::vector<double> b64 = as_doubles(b);
  ga_array_t c64 = owned(call(ga_array_matmul, make(owned, a64, {7, 9}), make(owned, b64, {9, 5})));
  EXPECT_EQ(dtype_of_array(c64), GA_FLOAT64);
  expect_near_all(fetch<double>(c64), expected, 1e-12);

  // float32 @ float64 promotes to float64.
  ga_array_t mixed = owned(call(ga_array_matmul, make(owned, a, {7, 9}), make(owned, b64, {9, 5})));
  EXPECT_EQ(dtype_of_array(mixed), GA_FLOAT64);
  expect_near_all(fetch<double>(mixed), expected, 1e-12);
}

TEST_F(ProductsTest, TransposedOperandsGiveTheProductOfTheTransposes) {
  Handles owned;
  const std::vector<double> a = as_doubles(test_values<float>(9 * 7));  // stored (9, 7), used as (7, 9)
  const std::vector<double> b = as_doubles(test_values<float>(5 * 9));  // stored (5, 9), used as (9, 5)
  std::vector<double> at(a.size());
  std::vector<double> bt(b.size());
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 7; ++j) at[static_cast<size_t>(j * 9 + i)] = a[static_cast<size_t>(i * 7 + j)];
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 9; ++j) bt[static_cast<size_t>(j * 5 + i)] = b[static_cast<size_t>(i * 9 + j)];
  const std::vector<double> expected = reference_matmul(at, bt, 1, 7, 9, 5);
  ga_array_t a_t = owned(transposed(make(owned, a, {9, 7})));
  ga_array_t b_t = owned(transposed(make(owned, b, {5, 9})));
  expect_near_all(fetch<double>(owned(call(ga_array_matmul, a_t, b_t))), expected, 1e-12);
  expect_near_all(fetch<double>(owned(call(ga_array_matmul, a_t, make(owned, bt, {9, 5})))), expected, 1e-12);
  expect_near_all(fetch<double>(owned(call(ga_array_matmul, make(owned, at, {7, 9}), b_t))), expected, 1e-12);
}

TEST_F(ProductsTest, BatchDimensionsBroadcastAndVectorsArePromoted) {
  Handles owned;
  const std::vector<double> a = as_doubles(test_values<float>(2 * 3 * 4));
  const std::vector<double> b = as_doubles(test_values<float>(4 * 5));
  // (2, 1, 3, 4) @ (4, 5) → (2, 1, 3, 5): b is shared by every batch entry.
  ga_array_t c = owned(call(ga_array_matmul, make(owned, a, {2, 1, 3, 4}), make(owned, b, {4, 5})));
  EXPECT_EQ(shape_of(c), (std::vector<int64_t>{2, 1, 3, 5}));
  std::vector<double> tiled_b;
  for (int s = 0; s < 2; ++s) tiled_b.insert(tiled_b.end(), b.begin(), b.end());
  expect_near_all(fetch<double>(c), reference_matmul(a, tiled_b, 2, 3, 4, 5), 1e-12);

  // (4,) @ (4, 5) → (5,) and (2, 3, 4) @ (4,) → (2, 3).
  const std::vector<double> v = as_doubles(test_values<float>(4));
  ga_array_t row = owned(call(ga_array_matmul, make(owned, v, {4}), make(owned, b, {4, 5})));
  EXPECT_EQ(shape_of(row), (std::vector<int64_t>{5}));
  expect_near_all(fetch<double>(row), reference_matmul(v, b, 1, 1, 4, 5), 1e-12);
  ga_array_t column = owned(call(ga_array_matmul, make(owned, a, {2, 3, 4}), make(owned, v, {4})));
  EXPECT_EQ(shape_of(column), (std::vector<int64_t>{2, 3}));
  expect_near_all(fetch<double>(column), reference_matmul(a, v, 1, 6, 4, 1), 1e-12);
  ga_array_t scalar = owned(call(ga_array_matmul, make(owned, v, {4}), make(owned, v, {4})));
  EXPECT_TRUE(shape_of(scalar).empty());
  expect_near_all(fetch<double>(scalar), reference_matmul(v, v, 1, 1, 4, 1), 1e-12);
}

TEST_F(ProductsTest, IntegerAndBoolProductsAreExact) {
  Handles owned;
  std::vector<int32_t> a(4 * 6);
  std::vector<int32_t> b(6 * 3);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<int32_t>(i * 37 % 11) - 5;
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<int32_t>(i * 13 % 7) - 3;
  ga_array_t c = owned(call(ga_array_matmul, make(owned, a, {4, 6}), make(owned, b, {6, 3})));
  EXPECT_EQ(dtype_of_array(c), GA_INT32);
  const std::vector<double> expected = reference_matmul(as_doubles(a), as_doubles(b), 1, 4, 6, 3);
  const std::vector<int32_t> got = fetch<int32_t>(c);
  for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], static_cast<int32_t>(expected[i])) << i;

  // bool: the logical or of ands.
  const std::vector<uint8_t> p{1, 0, 0, 0, 0, 1};  // (2, 3)
  const std::vector<uint8_t> q{0, 1, 0, 0, 1, 0};  // (3, 2)
  ga_array_t logical =
      owned(call(ga_array_matmul, make(owned, p, {2, 3}, GA_BOOL), make(owned, q, {3, 2}, GA_BOOL)));
  EXPECT_EQ(dtype_of_array(logical), GA_BOOL);
  EXPECT_EQ(fetch<uint8_t>(logical), (std::vector<uint8_t>{0, 1, 1, 0}));
}

TEST_F(ProductsTest, EmptyContractionsGiveZerosAndEmptyShapesStayEmpty) {
  Handles owned;
  const std::vector<float> none;
  ga_array_t zeros = owned(call(ga_array_matmul, make(owned, none, {3, 0}), make(owned, none, {0, 2})));
  EXPECT_EQ(shape_of(zeros), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(fetch<float>(zeros), std::vector<float>(6, 0.0F));
  ga_array_t empty = owned(call(ga_array_matmul, make(owned, none, {0, 4}), make(owned, test_values<float>(8), {4, 2})));
  EXPECT_EQ(shape_of(empty), (std::vector<int64_t>{0, 2}));
}

TEST_F(ProductsTest, OutReceivesTheProductWithSameKindCasting) {
  Handles owned;
  const std::vector<float> a = test_values<float>(3 * 4);
  const std::vector<float> b = test_values<float>(4 * 2);
  const int64_t shape[] = {3, 2};
  ga_array_t out = nullptr;
  GA_ASSERT_OK(ga_array_zeros(2, shape, GA_FLOAT64, GA_ORDER_F, nullptr, &out));
  owned(out);
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_matmul(make(owned, a, {3, 4}), make(owned, b, {4, 2}), out, nullptr, &result));
  EXPECT_EQ(result, out);  // the destination itself, with one more reference
  owned(result);
  expect_near_all(fetch<double>(out), reference_matmul(as_doubles(a), as_doubles(b), 1, 3, 4, 2), 1e-5);
}

TEST_F(ProductsTest, VdotConjugatesItsFirstOperand) {
  Handles owned;
  const std::vector<std::complex<float>> a{{1, 2}, {3, -1}, {0, 1}};
  const std::vector<std::complex<float>> b{{2, 0}, {1, 1}, {-1, 3}};
  std::complex<double> expected = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    expected += std::conj(std::complex<double>(a[i])) * std::complex<double>(b[i]);
  }
  ga_array_t c = owned(call(ga_array_vdot, make(owned, a, {3}, GA_COMPLEX64), make(owned, b, {3}, GA_COMPLEX64)));
  EXPECT_TRUE(shape_of(c).empty());
  const std::complex<float> got = fetch<std::complex<float>>(c)[0];
  EXPECT_NEAR(got.real(), expected.real(), 1e-5);
  EXPECT_NEAR(got.imag(), expected.imag(), 1e-5);
}

TEST_F(ProductsTest, DotInnerOuterTensordotKronAndEinsum) {
  Handles owned;
  const std::vector<double> a = as_doubles(test_values<float>(2 * 3));
  const std::vector<double> b = as_doubles(test_values<float>(3 * 4));
  ga_array_t da = make(owned, a, {2, 3});
  ga_array_t db = make(owned, b, {3, 4});
  const std::vector<double> ab = reference_matmul(a, b, 1, 2, 3, 4);
  expect_near_all(fetch<double>(owned(call(ga_array_dot, da, db))), ab, 1e-12);

  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_tensordot(da, db, nullptr, nullptr, 1, nullptr, nullptr, &result));
  expect_near_all(fetch<double>(owned(result)), ab, 1e-12);
  const int a_axes[] = {1};
  const int b_axes[] = {0};
  result = nullptr;
  GA_ASSERT_OK(ga_array_tensordot(da, db, a_axes, b_axes, 1, nullptr, nullptr, &result));
  expect_near_all(fetch<double>(owned(result)), ab, 1e-12);

  const ga_array_t pair[] = {da, db};
  result = nullptr;
  GA_ASSERT_OK(ga_array_einsum("ij,jk->ik", pair, 2, nullptr, nullptr, &result));
  expect_near_all(fetch<double>(owned(result)), ab, 1e-12);
  result = nullptr;
  GA_ASSERT_OK(ga_array_einsum("ij,jk", pair, 2, nullptr, nullptr, &result));
  expect_near_all(fetch<double>(owned(result)), ab, 1e-12);

  // inner of (2, 3) with itself: a · aᵀ.
  std::vector<double> at(a.size());
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) at[static_cast<size_t>(j * 2 + i)] = a[static_cast<size_t>(i * 3 + j)];
  expect_near_all(fetch<double>(owned(call(ga_array_inner, da, da))), reference_matmul(a, at, 1, 2, 3, 2), 1e-12);

  // outer of the flattened operands, and kron of (2, 3) with (3, 4).
  ga_array_t outer = owned(call(ga_array_outer, da, db));
  EXPECT_EQ(shape_of(outer), (std::vector<int64_t>{6, 12}));
  ga_array_t kron = owned(call(ga_array_kron, da, db));
  EXPECT_EQ(shape_of(kron), (std::vector<int64_t>{6, 12}));
  const std::vector<double> outer_values = fetch<double>(outer);
  const std::vector<double> kron_values = fetch<double>(kron);
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 12; ++j) {
      const double product = a[static_cast<size_t>(i)] * b[static_cast<size_t>(j)];
      EXPECT_DOUBLE_EQ(outer_values[static_cast<size_t>(i * 12 + j)], product);
      const double k = a[static_cast<size_t>((i / 3) * 3 + j / 4)] * b[static_cast<size_t>((i % 3) * 4 + j % 4)];
      EXPECT_DOUBLE_EQ(kron_values[static_cast<size_t>(i * 12 + j)], k);
    }
  }

  // einsum traces and diagonals.
  const std::vector<double> square = as_doubles(test_values<float>(9));
  const ga_array_t one[] = {make(owned, square, {3, 3})};
  result = nullptr;
  GA_ASSERT_OK(ga_array_einsum("ii->", one, 1, nullptr, nullptr, &result));
  expect_near_all(fetch<double>(owned(result)), {square[0] + square[4] + square[8]}, 1e-12);
  result = nullptr;
  GA_ASSERT_OK(ga_array_einsum("ii->i", one, 1, nullptr, nullptr, &result));
  expect_near_all(fetch<double>(owned(result)), {square[0], square[4], square[8]}, 1e-12);
  result = nullptr;
  GA_ASSERT_OK(ga_array_einsum("ij->ji", one, 1, nullptr, nullptr, &result));
  expect_near_all(fetch<double>(owned(result)),
                  {square[0], square[3], square[6], square[1], square[4], square[7], square[2], square[5], square[8]},
                  1e-12);
}

TEST_F(ProductsTest, RefusalsCarryTheirStatus) {
  Handles owned;
  ga_array_t m34 = make(owned, test_values<float>(12), {3, 4});
  ga_array_t m52 = make(owned, test_values<float>(10), {5, 2});
  const std::vector<float> one_value{1.0F};
  ga_array_t scalar = make(owned, one_value, {});
  // Garbage in the result pointer is never read, and no failing call writes it.
  ga_array_t result = garbage_handle();
  GA_EXPECT_STATUS(ga_array_matmul(nullptr, m34, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_matmul(m34, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_matmul(m34, m52, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_matmul(m34, m52, nullptr, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_NE(std::string(ga_last_error()).find("size 5 is different from 4"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_matmul(scalar, m34, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_dot(m34, m52, nullptr, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_inner(m34, m52, nullptr, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_vdot(m34, m52, nullptr, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(result, garbage_handle());

  ga_array_t m44 = make(owned, test_values<float>(16), {4, 4});

  // tensordot's axes.
  const int a_axes[] = {1};
  const int b_axes[] = {0};
  const int out_of_range[] = {5};
  const int repeated[] = {1, 1};
  GA_EXPECT_STATUS(ga_array_tensordot(m34, m44, a_axes, nullptr, 1, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_tensordot(m34, m44, nullptr, nullptr, -1, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_tensordot(m34, m44, nullptr, nullptr, 3, nullptr, nullptr, &result), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_tensordot(m34, m44, out_of_range, b_axes, 1, nullptr, nullptr, &result), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_tensordot(m34, m44, repeated, repeated, 2, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_tensordot(m34, m52, a_axes, b_axes, 1, nullptr, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);

  // einsum's subscripts and operands.
  const ga_array_t operands[] = {m34, m44};
  GA_EXPECT_STATUS(ga_array_einsum(nullptr, operands, 2, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_einsum("ij,jk", nullptr, 2, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_einsum("ij", operands, 0, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_einsum("ij,jk->iq", operands, 2, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_einsum("ij,ik->jk", operands, 2, nullptr, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  const ga_array_t with_null[] = {m34, nullptr};
  GA_EXPECT_STATUS(ga_array_einsum("ij,jk", with_null, 2, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, garbage_handle());
}

// NumPy's out= under the ABI 1.0 convention (docs/design.md, "Destinations"), for matmul, dot and einsum alike, by the
// shared rules (destination_support.hpp): garbage in the result pointer is never read; the allocated result is the
// host reference's; a float64 destination (a dtype the float32 result casts to under same_kind) is written and comes
// back as the same handle with one more reference; a wrong shape, an uncastable dtype or a read-only view is refused
// with require_destination()'s message naming `out`, the destination unchanged and the result pointer as it was.
TEST_F(ProductsTest, DestinationsFollowTheCallingConvention) {
  Handles owned;
  const std::vector<float> a = test_values<float>(3 * 4);
  const std::vector<float> b = test_values<float>(4 * 4);
  ga_array_t m34 = make(owned, a, {3, 4});
  ga_array_t m44 = make(owned, b, {4, 4});
  const ga_array_t operands[] = {m34, m44};
  const std::vector<double> expected = reference_matmul(as_doubles(a), as_doubles(b), 1, 3, 4, 4);
  const auto against_the_reference = [&](ga_array_t result) { expect_near_all(fetch<float>(result), expected, 1e-4); };
  const auto product = [&](const char* name, DestinationCall call) {
    return DestinationCase{.name = name,
                           .call = std::move(call),
                           .shape = {3, 4},
                           .dtype = GA_FLOAT64,
                           .uncastable = GA_INT32,
                           .checked_messages = true,
                           .tolerance = 1e-5,
                           .check_result = against_the_reference};
  };
  const DestinationCase cases[] = {
      product("matmul",
              [&](ga_array_t out, ga_array_t* result) { return ga_array_matmul(m34, m44, out, nullptr, result); }),
      product("dot", [&](ga_array_t out, ga_array_t* result) { return ga_array_dot(m34, m44, out, nullptr, result); }),
      product("einsum",
              [&](ga_array_t out, ga_array_t* result) {
                return ga_array_einsum("ij,jk->ik", operands, 2, out, nullptr, result);
              }),
  };
  for (const DestinationCase& c : cases) expect_destination_rules(c);
}

TEST(ProductsHost, Tf32SettingRoundTripsWithoutADevice) {
  int allow = -1;
  GA_EXPECT_STATUS(ga_linalg_get_allow_tf32(nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_ASSERT_OK(ga_linalg_get_allow_tf32(&allow));
  const int initial = allow;
  GA_ASSERT_OK(ga_linalg_set_allow_tf32(1));
  GA_ASSERT_OK(ga_linalg_get_allow_tf32(&allow));
  EXPECT_EQ(allow, 1);
  GA_ASSERT_OK(ga_linalg_set_allow_tf32(0));
  GA_ASSERT_OK(ga_linalg_get_allow_tf32(&allow));
  EXPECT_EQ(allow, 0);
  GA_ASSERT_OK(ga_linalg_set_allow_tf32(initial));
}

TEST(ProductsHost, NullHandlesAreRefusedWithoutADevice) {
  ga_array_t result = garbage_handle();
  GA_EXPECT_STATUS(ga_array_matmul(nullptr, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_kron(nullptr, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_einsum("i", nullptr, 1, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, garbage_handle());  // never read, never written on failure
}
