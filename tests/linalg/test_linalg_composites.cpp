// norm, cond, matrix_rank, pinv, lstsq, matrix_power, multi_dot, tensorsolve and tensorinv through the C API, against
// host references.
#include "gpu_test.hpp"
#include "linalg/linalg_test_support.hpp"

#include <cmath>
#include <limits>

namespace {

class LinalgComposites : public GpuTest {};

double scalar_of(ga_array_t array) { return download(array)[0]; }

TEST_F(LinalgComposites, VectorAndMatrixNorms) {
  // [[1, -2], [3, 4]]: fro sqrt(30), 1-norm max column sum 6, inf-norm max row sum 7.
  OwnedArray matrix(upload({1, -2, 3, 4}, {2, 2}));
  struct Case {
    ga_linalg_norm_ord_t kind;
    double p;
    double expected;
  };
  const double infinity = std::numeric_limits<double>::infinity();
  for (const Case& c : {Case{GA_LINALG_NORM_DEFAULT, 0, std::sqrt(30.0)}, Case{GA_LINALG_NORM_FRO, 0, std::sqrt(30.0)},
                        Case{GA_LINALG_NORM_VALUE, 1, 6}, Case{GA_LINALG_NORM_VALUE, -1, 4},
                        Case{GA_LINALG_NORM_VALUE, infinity, 7}, Case{GA_LINALG_NORM_VALUE, -infinity, 3}}) {
    OwnedArray result;
    GA_ASSERT_OK(ga_linalg_norm(matrix.handle, c.kind, c.p, nullptr, -1, 0, nullptr, nullptr, result.out()));
    EXPECT_NEAR(scalar_of(result.handle), c.expected, 1e-12) << c.kind << " " << c.p;
  }
  // 2-norm and nuclear norm from the singular values of [[3, 0], [0, -4]].
  OwnedArray diagonal(upload({3, 0, 0, -4}, {2, 2}));
  OwnedArray spectral;
  GA_ASSERT_OK(ga_linalg_norm(diagonal.handle, GA_LINALG_NORM_VALUE, 2, nullptr, -1, 0, nullptr, nullptr,
                              spectral.out()));
  EXPECT_NEAR(scalar_of(spectral.handle), 4, 1e-12);
  OwnedArray nuclear;
  GA_ASSERT_OK(ga_linalg_norm(diagonal.handle, GA_LINALG_NORM_NUC, 0, nullptr, -1, 0, nullptr, nullptr, nuclear.out()));
  EXPECT_NEAR(scalar_of(nuclear.handle), 7, 1e-12);
  // Vector norms along axis 1, with keepdims.
  const int axis = 1;
  OwnedArray rows;
  GA_ASSERT_OK(ga_linalg_norm(matrix.handle, GA_LINALG_NORM_VALUE, 1, &axis, 1, 1, nullptr, nullptr, rows.out()));
  EXPECT_EQ(shape_of(rows.handle), (std::vector<int64_t>{2, 1}));
  expect_near_all(download(rows.handle), {3, 7}, 1e-12);
  OwnedArray cubes;
  GA_ASSERT_OK(ga_linalg_norm(matrix.handle, GA_LINALG_NORM_VALUE, 3, &axis, 1, 0, nullptr, nullptr, cubes.out()));
  expect_near_all(download(cubes.handle), {std::cbrt(9.0), std::cbrt(91.0)}, 1e-12);
  // Errors: 'nuc' of a vector, three axes.
  OwnedArray bad;
  GA_EXPECT_STATUS(ga_linalg_norm(matrix.handle, GA_LINALG_NORM_NUC, 0, &axis, 1, 0, nullptr, nullptr, bad.out()),
                   GA_ERROR_INVALID_ARGUMENT);
  const int three[] = {0, 1, 0};
  GA_EXPECT_STATUS(ga_linalg_norm(matrix.handle, GA_LINALG_NORM_DEFAULT, 0, three, 3, 0, nullptr, nullptr, bad.out()),
                   GA_ERROR_INVALID_ARGUMENT);
  const int outside = 4;
  GA_EXPECT_STATUS(ga_linalg_norm(matrix.handle, GA_LINALG_NORM_DEFAULT, 0, &outside, 1, 0, nullptr, nullptr,
                                  bad.out()),
                   GA_ERROR_INDEX);
}

TEST_F(LinalgComposites, ConditionNumberAndRank) {
  OwnedArray diagonal(upload({3, 0, 0, -4}, {2, 2}));
  OwnedArray cond;
  GA_ASSERT_OK(ga_linalg_cond(diagonal.handle, GA_LINALG_NORM_DEFAULT, 0, nullptr, nullptr, cond.out()));
  EXPECT_NEAR(scalar_of(cond.handle), 4.0 / 3.0, 1e-12);
  OwnedArray cond_one;
  GA_ASSERT_OK(ga_linalg_cond(diagonal.handle, GA_LINALG_NORM_VALUE, 1, nullptr, nullptr, cond_one.out()));
  EXPECT_NEAR(scalar_of(cond_one.handle), 4.0 / 3.0, 1e-12);

  // Rank 2 of a 4x3 matrix whose third column is the sum of the first two.
  std::vector<double> a = random_values(12, 3);
  for (int i = 0; i < 4; ++i) a[i * 3 + 2] = a[i * 3] + a[i * 3 + 1];
  OwnedArray deficient(upload(a, {4, 3}));
  OwnedArray rank;
  GA_ASSERT_OK(ga_linalg_matrix_rank(deficient.handle, std::nan(""), 0, nullptr, nullptr, rank.out()));
  ga_dtype_t dtype;
  GA_ASSERT_OK(ga_array_dtype(rank.handle, &dtype));
  EXPECT_EQ(dtype, GA_INT64);
  EXPECT_EQ(scalar_of(rank.handle), 2);
  OwnedArray loose;
  GA_ASSERT_OK(ga_linalg_matrix_rank(deficient.handle, 1e3, 0, nullptr, nullptr, loose.out()));
  EXPECT_EQ(scalar_of(loose.handle), 0);
}

TEST_F(LinalgComposites, PseudoInverseAndLeastSquares) {
  const int64_t m = 6;
  const int64_t n = 3;
  const std::vector<double> a = random_values(m * n, 4);
  OwnedArray matrix(upload(a, {m, n}));
  OwnedArray pinv;
  GA_ASSERT_OK(ga_linalg_pinv(matrix.handle, 1e-15, nullptr, nullptr, pinv.out()));
  EXPECT_EQ(shape_of(pinv.handle), (std::vector<int64_t>{n, m}));
  const std::vector<double> p = download(pinv.handle);
  // a⁺ a = I for a full-column-rank a.
  expect_near_all(host_matmul(p, a, n, m, n), identity_values(n), 1e-10);

  const std::vector<double> b = random_values(m, 5);
  OwnedArray right(upload(b, {m}));
  OwnedArray x;
  OwnedArray residuals;
  OwnedArray rank;
  OwnedArray s;
  GA_ASSERT_OK(ga_linalg_lstsq(matrix.handle, right.handle, std::nan(""), nullptr, x.out(), residuals.out(),
                               rank.out(), s.out()));
  EXPECT_EQ(shape_of(x.handle), (std::vector<int64_t>{n}));
  EXPECT_EQ(shape_of(residuals.handle), (std::vector<int64_t>{1}));
  EXPECT_EQ(shape_of(rank.handle).size(), 0u);
  EXPECT_EQ(scalar_of(rank.handle), n);
  const std::vector<double> solution = download(x.handle);
  expect_near_all(solution, host_matmul(p, b, n, m, 1), 1e-10);
  const std::vector<double> fitted = host_matmul(a, solution, m, n, 1);
  double squares = 0;
  for (int64_t i = 0; i < m; ++i) squares += (b[i] - fitted[i]) * (b[i] - fitted[i]);
  EXPECT_NEAR(download(residuals.handle)[0], squares, 1e-10);
}

TEST_F(LinalgComposites, MatrixPowerAndMultiDot) {
  OwnedArray matrix(upload({1, 1, 0, 1}, {2, 2}));
  OwnedArray cube;
  GA_ASSERT_OK(ga_linalg_matrix_power(matrix.handle, 3, nullptr, nullptr, cube.out()));
  expect_near_all(download(cube.handle), {1, 3, 0, 1}, 1e-12);
  OwnedArray inverse_square;
  GA_ASSERT_OK(ga_linalg_matrix_power(matrix.handle, -2, nullptr, nullptr, inverse_square.out()));
  expect_near_all(download(inverse_square.handle), {1, -2, 0, 1}, 1e-12);
  OwnedArray identity;
  GA_ASSERT_OK(ga_linalg_matrix_power(matrix.handle, 0, nullptr, nullptr, identity.out()));
  expect_near_all(download(identity.handle), identity_values(2), 0.0);

  OwnedArray first(upload({1, 2}, {2}));
  OwnedArray middle(upload({1, 0, 0, 2, 1, 1}, {2, 3}));
  OwnedArray last(upload({1, 1, 1}, {3}));
  const ga_array_t chain[] = {first.handle, middle.handle, last.handle};
  OwnedArray product;
  GA_ASSERT_OK(ga_linalg_multi_dot(chain, 3, nullptr, nullptr, product.out()));
  EXPECT_EQ(shape_of(product.handle).size(), 0u);
  // [1, 2] @ [[1, 0, 0], [2, 1, 1]] = [5, 2, 2]; sum = 9.
  EXPECT_NEAR(scalar_of(product.handle), 9, 1e-12);
  GA_EXPECT_STATUS(ga_linalg_multi_dot(chain, 1, nullptr, nullptr, product.out()), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(LinalgComposites, TensorSolveAndInverse) {
  // a of shape (2, 3, 6) reshapes to a 6x6 system.
  const std::vector<double> square = well_conditioned(6, 6);
  OwnedArray tensor(upload(square, {2, 3, 6}));
  OwnedArray inverse;
  GA_ASSERT_OK(ga_linalg_tensorinv(tensor.handle, 2, nullptr, nullptr, inverse.out()));
  EXPECT_EQ(shape_of(inverse.handle), (std::vector<int64_t>{6, 2, 3}));
  expect_near_all(host_matmul(square, download(inverse.handle), 6, 6, 6), identity_values(6), 1e-10);

  const std::vector<double> b = random_values(6, 7);
  OwnedArray right(upload(b, {2, 3}));
  OwnedArray x;
  GA_ASSERT_OK(ga_linalg_tensorsolve(tensor.handle, right.handle, nullptr, -1, nullptr, nullptr, x.out()));
  EXPECT_EQ(shape_of(x.handle), (std::vector<int64_t>{6}));
  expect_near_all(host_matmul(square, download(x.handle), 6, 6, 1), b, 1e-10);
  OwnedArray bad;
  GA_EXPECT_STATUS(ga_linalg_tensorinv(tensor.handle, 1, nullptr, nullptr, bad.out()), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_linalg_tensorinv(tensor.handle, 0, nullptr, nullptr, bad.out()), GA_ERROR_INVALID_ARGUMENT);
}

}  // namespace
