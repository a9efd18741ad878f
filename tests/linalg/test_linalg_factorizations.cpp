// The cuSOLVER factorizations through the C API: results checked by reconstruction against host products, batched and
// broadcast shapes, inputs left intact.
#include "gpu_test.hpp"
#include "linalg/linalg_test_support.hpp"

#include <cmath>

namespace {

class LinalgFactorizations : public GpuTest {};

// The m x n `matrix` (values `a`) factored by ga_linalg_qr in `mode` into Q with `columns` orthonormal columns and R
// with Q R == a; R's values go to `r_values`.
void expect_qr_factors(const OwnedArray& matrix, const std::vector<double>& a, int64_t m, int64_t n,
                       ga_linalg_qr_mode_t mode, int64_t columns, std::vector<double>& r_values) {
  OwnedArray q;
  OwnedArray r;
  GA_ASSERT_OK(ga_linalg_qr(matrix.handle, mode, nullptr, q.out(), r.out()));
  EXPECT_EQ(shape_of(q.handle), (std::vector<int64_t>{m, columns}));
  EXPECT_EQ(shape_of(r.handle), (std::vector<int64_t>{columns, n}));
  const std::vector<double> q_values = download(q.handle);
  r_values = download(r.handle);
  expect_near_all(host_matmul(q_values, r_values, m, columns, n), a, 1e-10);
  expect_near_all(host_matmul(host_transpose(q_values, m, columns), q_values, columns, m, columns),
                  identity_values(columns), 1e-10);
}

TEST_F(LinalgFactorizations, SolveMatrixAndVectorRightHandSides) {
  const int64_t n = 7;
  const std::vector<double> a = well_conditioned(n, 1);
  const std::vector<double> b = random_values(n * 3, 2);
  OwnedArray matrix(upload(a, {n, n}));
  OwnedArray right(upload(b, {n, 3}));
  OwnedArray x;
  GA_ASSERT_OK(ga_linalg_solve(matrix.handle, right.handle, nullptr, nullptr, x.out()));
  EXPECT_EQ(shape_of(x.handle), (std::vector<int64_t>{n, 3}));
  expect_near_all(host_matmul(a, download(x.handle), n, n, 3), b, 1e-10);
  expect_near_all(download(matrix.handle), a, 0.0);  // the input is not modified

  OwnedArray vector(upload(std::vector<double>(b.begin(), b.begin() + n), {n}));
  OwnedArray y;
  GA_ASSERT_OK(ga_linalg_solve(matrix.handle, vector.handle, nullptr, nullptr, y.out()));
  EXPECT_EQ(shape_of(y.handle), (std::vector<int64_t>{n}));
  expect_near_all(host_matmul(a, download(y.handle), n, n, 1), std::vector<double>(b.begin(), b.begin() + n), 1e-10);
}

TEST_F(LinalgFactorizations, SolveBroadcastsBatches) {
  const int64_t n = 4;
  std::vector<double> stacked;
  for (unsigned entry = 0; entry < 3; ++entry) {
    const std::vector<double> a = well_conditioned(n, 10 + entry);
    stacked.insert(stacked.end(), a.begin(), a.end());
  }
  const std::vector<double> b = random_values(n, 3);
  OwnedArray matrices(upload(stacked, {3, n, n}));
  OwnedArray right(upload(b, {n}));
  OwnedArray x;
  GA_ASSERT_OK(ga_linalg_solve(matrices.handle, right.handle, nullptr, nullptr, x.out()));
  EXPECT_EQ(shape_of(x.handle), (std::vector<int64_t>{3, n}));
  const std::vector<double> solutions = download(x.handle);
  for (int entry = 0; entry < 3; ++entry) {
    const std::vector<double> a(stacked.begin() + entry * n * n, stacked.begin() + (entry + 1) * n * n);
    const std::vector<double> xi(solutions.begin() + entry * n, solutions.begin() + (entry + 1) * n);
    expect_near_all(host_matmul(a, xi, n, n, 1), b, 1e-10);
  }
}

TEST_F(LinalgFactorizations, InverseOfEveryDtype) {
  const int64_t n = 6;
  const std::vector<double> a = well_conditioned(n, 4);
  for (ga_dtype_t dtype : {GA_FLOAT32, GA_FLOAT64, GA_COMPLEX64, GA_COMPLEX128, GA_INT64}) {
    std::vector<double> values = a;
    if (dtype == GA_INT64) {
      for (double& value : values) value = std::round(value * 4);
    }
    OwnedArray matrix(upload(values, {n, n}, dtype));
    OwnedArray inverse;
    GA_ASSERT_OK(ga_linalg_inv(matrix.handle, nullptr, nullptr, inverse.out()));
    ga_dtype_t result_dtype;
    GA_ASSERT_OK(ga_array_dtype(inverse.handle, &result_dtype));
    EXPECT_EQ(result_dtype, dtype == GA_INT64 ? GA_FLOAT64 : dtype);
    const double tolerance = dtype == GA_FLOAT32 || dtype == GA_COMPLEX64 ? 1e-4 : 1e-10;
    expect_near_all(host_matmul(values, download(inverse.handle), n, n, n), identity_values(n), tolerance);
  }
}

TEST_F(LinalgFactorizations, DeterminantAndSlogdet) {
  // det of [[0, 2], [3, 4]] is -6 (one row interchange); of a triangular matrix the diagonal product.
  OwnedArray swapped(upload({0, 2, 3, 4}, {2, 2}));
  OwnedArray det;
  GA_ASSERT_OK(ga_linalg_det(swapped.handle, nullptr, nullptr, det.out()));
  EXPECT_EQ(shape_of(det.handle).size(), 0u);
  EXPECT_NEAR(download(det.handle)[0], -6.0, 1e-12);
  OwnedArray sign;
  OwnedArray logabsdet;
  GA_ASSERT_OK(ga_linalg_slogdet(swapped.handle, nullptr, sign.out(), logabsdet.out()));
  EXPECT_NEAR(download(sign.handle)[0], -1.0, 1e-12);
  EXPECT_NEAR(download(logabsdet.handle)[0], std::log(6.0), 1e-12);

  OwnedArray singular(upload({1, 2, 2, 4}, {2, 2}));
  OwnedArray zero;
  GA_ASSERT_OK(ga_linalg_det(singular.handle, nullptr, nullptr, zero.out()));
  EXPECT_EQ(download(zero.handle)[0], 0.0);
  OwnedArray singular_sign;
  OwnedArray singular_log;
  GA_ASSERT_OK(ga_linalg_slogdet(singular.handle, nullptr, singular_sign.out(), singular_log.out()));
  EXPECT_EQ(download(singular_sign.handle)[0], 0.0);
  EXPECT_TRUE(std::isinf(download(singular_log.handle)[0]));
}

TEST_F(LinalgFactorizations, CholeskyLowerAndUpper) {
  const int64_t n = 5;
  const std::vector<double> a = positive_definite(n, 5);
  OwnedArray matrix(upload(a, {n, n}));
  OwnedArray lower;
  GA_ASSERT_OK(ga_linalg_cholesky(matrix.handle, 0, nullptr, nullptr, lower.out()));
  const std::vector<double> l = download(lower.handle);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i + 1; j < n; ++j) EXPECT_EQ(l[i * n + j], 0.0);
  expect_near_all(host_matmul(l, host_transpose(l, n, n), n, n, n), a, 1e-10);
  OwnedArray upper;
  GA_ASSERT_OK(ga_linalg_cholesky(matrix.handle, 1, nullptr, nullptr, upper.out()));
  expect_near_all(download(upper.handle), host_transpose(l, n, n), 1e-10);
}

TEST_F(LinalgFactorizations, QrModes) {
  for (auto [m, n] : {std::pair<int64_t, int64_t>{6, 4}, {4, 6}}) {
    const int64_t k = std::min(m, n);
    const std::vector<double> a = random_values(m * n, 6);
    OwnedArray matrix(upload(a, {m, n}));
    std::vector<double> reduced_r;
    expect_qr_factors(matrix, a, m, n, GA_LINALG_QR_REDUCED, k, reduced_r);
    std::vector<double> complete_r;
    expect_qr_factors(matrix, a, m, n, GA_LINALG_QR_COMPLETE, m, complete_r);

    OwnedArray none;
    OwnedArray r_only;
    GA_ASSERT_OK(ga_linalg_qr(matrix.handle, GA_LINALG_QR_R, nullptr, none.out(), r_only.out()));
    EXPECT_EQ(none.handle, nullptr);
    expect_near_all(download(r_only.handle), reduced_r, 1e-12);

    OwnedArray h;
    OwnedArray tau;
    GA_ASSERT_OK(ga_linalg_qr(matrix.handle, GA_LINALG_QR_RAW, nullptr, h.out(), tau.out()));
    EXPECT_EQ(shape_of(h.handle), (std::vector<int64_t>{n, m}));
    EXPECT_EQ(shape_of(tau.handle), (std::vector<int64_t>{k}));
  }
}

TEST_F(LinalgFactorizations, SvdThinFullAndValues) {
  for (auto [m, n] : {std::pair<int64_t, int64_t>{7, 4}, {4, 7}, {5, 5}}) {
    const int64_t k = std::min(m, n);
    const std::vector<double> a = random_values(m * n, 7);
    OwnedArray matrix(upload(a, {m, n}));
    for (int full : {0, 1}) {
      OwnedArray u;
      OwnedArray s;
      OwnedArray vh;
      GA_ASSERT_OK(ga_linalg_svd(matrix.handle, full, 1, nullptr, u.out(), s.out(), vh.out()));
      const int64_t ucols = full ? m : k;
      const int64_t vrows = full ? n : k;
      EXPECT_EQ(shape_of(u.handle), (std::vector<int64_t>{m, ucols}));
      EXPECT_EQ(shape_of(s.handle), (std::vector<int64_t>{k}));
      EXPECT_EQ(shape_of(vh.handle), (std::vector<int64_t>{vrows, n}));
      const std::vector<double> uv = download(u.handle);
      const std::vector<double> sv = download(s.handle);
      const std::vector<double> vhv = download(vh.handle);
      for (int64_t i = 1; i < k; ++i) EXPECT_GE(sv[i - 1], sv[i]);
      // U[:, :k] diag(s) Vh[:k, :] = a.
      std::vector<double> scaled(static_cast<size_t>(m * k));
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < k; ++j) scaled[i * k + j] = uv[i * ucols + j] * sv[j];
      const std::vector<double> vh_top(vhv.begin(), vhv.begin() + k * n);
      expect_near_all(host_matmul(scaled, vh_top, m, k, n), a, 1e-10);
      expect_near_all(host_matmul(host_transpose(uv, m, ucols), uv, ucols, m, ucols), identity_values(ucols), 1e-10);
    }
    OwnedArray no_u;
    OwnedArray values;
    OwnedArray no_vh;
    GA_ASSERT_OK(ga_linalg_svd(matrix.handle, 1, 0, nullptr, no_u.out(), values.out(), no_vh.out()));
    EXPECT_EQ(no_u.handle, nullptr);
    EXPECT_EQ(no_vh.handle, nullptr);
    EXPECT_EQ(shape_of(values.handle), (std::vector<int64_t>{k}));
  }
}

TEST_F(LinalgFactorizations, EighAndEigvalsh) {
  const int64_t n = 6;
  const std::vector<double> a = positive_definite(n, 8);
  OwnedArray matrix(upload(a, {n, n}));
  OwnedArray w;
  OwnedArray v;
  GA_ASSERT_OK(ga_linalg_eigh(matrix.handle, GA_LINALG_LOWER, nullptr, w.out(), v.out()));
  const std::vector<double> values = download(w.handle);
  const std::vector<double> vectors = download(v.handle);
  for (int64_t i = 1; i < n; ++i) EXPECT_LE(values[i - 1], values[i]);
  const std::vector<double> av = host_matmul(a, vectors, n, n, n);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) EXPECT_NEAR(av[i * n + j], vectors[i * n + j] * values[j], 1e-9);
  OwnedArray only;
  GA_ASSERT_OK(ga_linalg_eigvalsh(matrix.handle, GA_LINALG_UPPER, nullptr, nullptr, only.out()));
  expect_near_all(download(only.handle), values, 1e-9);
}

TEST_F(LinalgFactorizations, EigOfGeneralMatrix) {
  // A rotation by 90 degrees has eigenvalues ±i.
  const int64_t n = 5;
  const std::vector<double> a = random_values(n * n, 9);
  OwnedArray matrix(upload(a, {n, n}));
  OwnedArray w;
  OwnedArray v;
  GA_ASSERT_OK(ga_linalg_eig(matrix.handle, nullptr, w.out(), v.out()));
  const std::vector<std::complex<double>> values = download_complex(w.handle);
  const std::vector<std::complex<double>> vectors = download_complex(v.handle);
  std::vector<std::complex<double>> complex_a(a.begin(), a.end());
  const std::vector<std::complex<double>> av = host_matmul(complex_a, vectors, n, n, n);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) EXPECT_NEAR(std::abs(av[i * n + j] - vectors[i * n + j] * values[j]), 0.0, 1e-9);
  OwnedArray only;
  GA_ASSERT_OK(ga_linalg_eigvals(matrix.handle, nullptr, nullptr, only.out()));
  expect_near_all(download_complex(only.handle), values, 1e-9);
}

}  // namespace
