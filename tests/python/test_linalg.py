"""garray.linalg (garray/linalg.h on cuSOLVER) against NumPy float64/complex128 references: every
dtype, batched and broadcast stacks, non-contiguous views, ill-conditioned and rank-deficient
input, reconstruction checks (Q R, U S Vh, L Lᴴ, A x - b, A v - v w) with tolerances scaled by size
and dtype, inputs left intact, and the error policy (deferred reports, errstate(linalg='raise')).
References avoid NumPy-2-only arguments, so the file holds under NumPy 1.x and 2.x alike."""

import numpy
import pytest

import garray as ga
from conftest import gpu
from ufunc_support import standard_normal_host

DTYPES = (numpy.float32, numpy.float64, numpy.complex64, numpy.complex128)

pytestmark = gpu


def _eps(dtype):
    single = numpy.dtype(dtype) in (numpy.float16, numpy.float32, numpy.complex64)
    return float(numpy.finfo(numpy.float32 if single else numpy.float64).eps)


def _tol(dtype, n):
    """An absolute tolerance for quantities of order one from an n-sized factorization."""
    return float(_eps(dtype)) * max(n, 1) * 200


def _well_conditioned(shape, dtype, seed=0):
    a = standard_normal_host(shape, dtype, seed)
    n = shape[-1]
    return (a + n * numpy.eye(n)).astype(dtype)


def _hermitian_pd(shape, dtype, seed=0):
    b = standard_normal_host(shape, dtype, seed).astype(numpy.complex128)
    n = shape[-1]
    a = b @ numpy.conj(numpy.swapaxes(b, -1, -2)) + n * numpy.eye(n)
    return (a if numpy.dtype(dtype).kind == "c" else a.real).astype(dtype)


def _wide(x):
    return numpy.asarray(x).astype(numpy.complex128 if numpy.asarray(x).dtype.kind == "c" else numpy.float64)


def _h(x):
    return numpy.conj(numpy.swapaxes(x, -1, -2))


def _clear_pending():
    try:
        ga.linalg.check_errors()
    except ga.linalg.LinAlgError:
        pass


def _assert_close(actual, expected, atol):
    numpy.testing.assert_allclose(_wide(actual), _wide(expected), rtol=atol, atol=atol)


# ----- solve, inv, det, slogdet --------------------------------------------------------------------

def _solve_checked(a, b):
    """ga.linalg.solve(a, b) with the result's dtype and NumPy's shape checked and the inputs left
    intact; returns the solution widened to float64/complex128 and A x - b."""
    ga_a, ga_b = ga.asarray(a), ga.asarray(b)
    x = ga.linalg.solve(ga_a, ga_b)
    assert x.dtype == a.dtype
    host = _wide(ga.asnumpy(x))
    if b.ndim == 1:
        assert x.shape == a.shape[:-1]
        residual = (_wide(a) @ host[..., None])[..., 0] - _wide(b)
    else:
        assert x.shape == numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + b.shape[-2:]
        residual = _wide(a) @ host - _wide(b)
    numpy.testing.assert_array_equal(ga.asnumpy(ga_a), a)
    numpy.testing.assert_array_equal(ga.asnumpy(ga_b), b)
    return host, residual


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("a_shape,b_shape", [((5, 5), (5,)), ((5, 5), (5, 3)), ((3, 4, 4), (4, 2)),
                                             ((2, 3, 4, 4), (3, 4, 1)), ((1, 1), (1,)), ((0, 0), (0,))])
def test_solve(dtype, a_shape, b_shape):
    _, residual = _solve_checked(_well_conditioned(a_shape, dtype, 1), standard_normal_host(b_shape, dtype, 2))
    assert numpy.abs(residual).max(initial=0) <= _tol(dtype, a_shape[-1]) * 10


@pytest.mark.parametrize("dtype", (numpy.float32, numpy.float64))
def test_solve_1024_residual(dtype):
    n = 1024
    a = standard_normal_host((n, n), dtype, 3)
    b = standard_normal_host((n,), dtype, 4)
    x = _wide(ga.asnumpy(ga.linalg.solve(ga.asarray(a), ga.asarray(b))))
    relative = numpy.linalg.norm(_wide(a) @ x - _wide(b)) / (numpy.linalg.norm(_wide(a)) * numpy.linalg.norm(x))
    assert relative < _eps(dtype) * n


@pytest.mark.parametrize("dtype,shape,b_shape", [(numpy.float32, (512, 512), (512,)),
                                                 (numpy.float64, (3, 600, 600), (600, 2)),
                                                 (numpy.float32, (1100, 1100), (1100, 4)),
                                                 (numpy.float32, (2, 1030, 1030), (1030, 1)),
                                                 (numpy.float32, (700, 700), (700, 6)),
                                                 (numpy.float32, (2048, 2048), (2048, 3)),
                                                 (numpy.float64, (2048, 2048), (2048,)),
                                                 (numpy.float32, (2, 2049, 2049), (2049,)),
                                                 (numpy.float64, (2, 2049, 2049), (2, 2049, 2)),
                                                 (numpy.float32, (2, 3073, 3073), (3073,)),
                                                 (numpy.float32, (4096, 4096), (4096,)),
                                                 (numpy.float32, (4096, 4096), (4096, 2)),
                                                 (numpy.float32, (4100, 4100), (4100,)),
                                                 (numpy.float64, (4096, 4096), (4096, 2))])
def test_solve_large_by_row_major_lu(dtype, shape, b_shape):
    """From order 512, float32 and float64 systems are factored in C order. float32 up to 4096
    takes the cluster-panel LU: one row a thread to 2048 rows, two past it (2049, 3073, 4096),
    and 2049 and 3073 leave a last panel narrower than 64 columns and rows that are not 16-byte
    aligned. Up to 4 right-hand sides take the substitution kernels (a broadcast b too), more
    cuBLAS's triangular solves; at 4096 two right-hand sides take the panel LU's factorization,
    whose first panels (past 3584 rows) wait for the bulk before by an event and whose tiles move
    rows left of the panels too. float64 and float32 past 4096 take the tournament-pivoted LU: at
    2048 its tournament needs two rounds per panel; from 4096 (float32 4100) the next panel's
    pivots are chosen on a second stream beside the trailing update."""
    a = standard_normal_host(shape, dtype, 9)
    host, residual = _solve_checked(a, standard_normal_host(b_shape, dtype, 10))
    for index in numpy.ndindex(shape[:-2]):
        relative = numpy.linalg.norm(residual[index]) / (numpy.linalg.norm(_wide(a[index])) *
                                                         numpy.linalg.norm(host[index]))
        assert relative < _eps(dtype) * shape[-1]


def test_solve_large_transposed_view():
    a = standard_normal_host((2048, 2048), numpy.float64, 11)
    b = standard_normal_host((2048,), numpy.float64, 12)
    x = ga.linalg.solve(ga.swapaxes(ga.asarray(a), 0, 1), ga.asarray(b))
    _assert_close(ga.asnumpy(x), numpy.linalg.solve(a.T, b), 1e-8)


def test_solve_float32_views_by_panels():
    """The panel LU's solve reads a C-contiguous float32 A in place while it copies it; a transposed
    view is copied first. Either way A is left as it was."""
    a = standard_normal_host((1030, 1030), numpy.float32, 14)
    b = standard_normal_host((1030,), numpy.float32, 15)
    for view, matrix in ((ga.swapaxes(ga.asarray(a), 0, 1), a.T), (ga.asarray(a), a)):
        x = _wide(ga.asnumpy(ga.linalg.solve(view, ga.asarray(b))))
        residual = numpy.linalg.norm(_wide(matrix) @ x - _wide(b))
        assert residual / (numpy.linalg.norm(_wide(matrix)) * numpy.linalg.norm(x)) < _eps(numpy.float32) * 1030
        numpy.testing.assert_array_equal(ga.asnumpy(view), matrix)


@pytest.mark.parametrize("dtype", (numpy.float32, numpy.float64))
@pytest.mark.parametrize("n", (2048, 4096))
@pytest.mark.parametrize("zero_column,b_columns", [(100, None), (-1, None), (100, 2)])
def test_solve_large_singular_reports(dtype, n, zero_column, b_columns):
    """An exactly zero pivot is reported, by either row-major LU (float32 up to 4096 reports it from
    the panels: one right-hand side through the panel LU's solve, two through its factorization),
    in an early panel or the last."""
    _clear_pending()
    a = standard_normal_host((n, n), dtype, 13)
    a[:, zero_column] = 0  # a zero column: an exactly zero pivot
    b = numpy.ones(n if b_columns is None else (n, b_columns), dtype)
    with ga.errstate(linalg="raise"):
        with pytest.raises(ga.linalg.LinAlgError, match=rf"singular \(U\[{zero_column % n}, "):
            ga.linalg.solve(ga.asarray(a), ga.asarray(b))
    ga.linalg.check_errors()


def test_solve_non_contiguous_and_promotion():
    a = _well_conditioned((6, 6), numpy.float64, 5)
    b = standard_normal_host((6, 4), numpy.float32, 6)
    ga_a = ga.swapaxes(ga.asarray(a), 0, 1)  # aᵀ, F-ordered
    ga_b = ga.asarray(b)[:, ::2]
    x = ga.linalg.solve(ga_a, ga_b)
    assert x.dtype == numpy.float64
    _assert_close(ga.asnumpy(x), numpy.linalg.solve(a.T, _wide(b)[:, ::2]), 1e-10)
    integers = ga.asarray(numpy.array([[2, 1], [1, 3]], dtype=numpy.int32))
    y = ga.linalg.solve(integers, ga.asarray(numpy.array([3, 5], dtype=numpy.int64)))
    assert y.dtype == numpy.float64
    _assert_close(ga.asnumpy(y), [0.8, 1.4], 1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (3, 2, 5, 5), (1, 1), (0, 0), (2, 0, 0), (3, 70, 70), (80, 80)])
def test_inv(dtype, shape):
    a = _well_conditioned(shape, dtype, 7)
    ga_a = ga.asarray(a)
    inverse = ga.linalg.inv(ga_a)
    assert inverse.shape == shape and inverse.dtype == dtype
    n = shape[-1]
    if n:
        _assert_close(_wide(a) @ _wide(ga.asnumpy(inverse)), numpy.broadcast_to(numpy.eye(n), shape),
                      _tol(dtype, n))
    numpy.testing.assert_array_equal(ga.asnumpy(ga_a), a)


def test_inv_batched_100x64x64():
    a = _well_conditioned((100, 64, 64), numpy.float32, 8)
    inverse = ga.asnumpy(ga.linalg.inv(ga.asarray(a)))
    _assert_close(_wide(a) @ _wide(inverse), numpy.broadcast_to(numpy.eye(64), a.shape), _tol(numpy.float32, 64))
    _assert_close(inverse, numpy.linalg.inv(_wide(a)), 1e-3)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [2, 17, 32, 33, 50, 64])
def test_inv_small_stacks_pivot(dtype, n):
    """Gauss-Jordan of matrices up to 64 x 64: random normal entries (no dominant diagonal, so rows
    are chosen by pivoting), a stack read through a transposed view, against NumPy's inverse."""
    a = standard_normal_host((5, n, n), dtype, 11 + n)
    view = ga.swapaxes(ga.asarray(numpy.ascontiguousarray(numpy.swapaxes(a, -1, -2))), -1, -2)
    inverse = ga.asnumpy(ga.linalg.inv(view))
    assert inverse.dtype == dtype
    expected = numpy.linalg.inv(_wide(a))
    scale = numpy.linalg.norm(_wide(a), axis=(-2, -1))[:, None, None] * numpy.linalg.norm(
        expected, axis=(-2, -1))[:, None, None]
    residual = numpy.abs(_wide(a) @ _wide(inverse) - numpy.eye(n)) / scale
    assert residual.max() < _tol(dtype, n)
    numpy.testing.assert_allclose(_wide(inverse), expected, rtol=0,
                                  atol=float(_tol(dtype, n) * numpy.abs(expected).max() * scale.max()))


def test_inv_small_permutation_exact():
    """Every step must pivot: the inverse of a permutation matrix is its transpose, exactly."""
    order = numpy.random.default_rng(3).permutation(40)
    p = numpy.eye(40)[order]
    numpy.testing.assert_array_equal(ga.asnumpy(ga.linalg.inv(ga.asarray(p))), p.T)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n, zero_column", [(8, 0), (40, 39), (64, 20)])
def test_inv_small_singular_entry_named(dtype, n, zero_column):
    _clear_pending()
    a = _well_conditioned((4, n, n), dtype, 5)
    a[2, :, zero_column] = 0
    matrices = ga.asarray(a)
    with ga.errstate(linalg="raise"):
        with pytest.raises(ga.linalg.LinAlgError, match=r"\(2,\)"):
            ga.linalg.inv(matrices)
    numpy.testing.assert_array_equal(ga.asnumpy(matrices), a)
    result = ga.asnumpy(ga.linalg.inv(matrices))  # deferred: the other entries are still inverses
    _assert_close(_wide(a[3]) @ _wide(result[3]), numpy.eye(n), _tol(dtype, n))
    with pytest.raises(ga.linalg.LinAlgError, match=r"\(2,\)"):
        ga.linalg.check_errors()


def test_inv_small_empty_stack():
    result = ga.linalg.inv(ga.asarray(numpy.zeros((0, 3, 3), dtype=numpy.float32)))
    assert result.shape == (0, 3, 3) and result.dtype == numpy.float32


def test_inv_small_not_finite_is_not_an_error():
    a = numpy.full((3, 3), numpy.nan, dtype=numpy.float32)
    with ga.errstate(linalg="raise"):
        assert numpy.isnan(ga.asnumpy(ga.linalg.inv(ga.asarray(a)))).all()


def test_inv_float16_and_integers():
    half = ga.linalg.inv(ga.asarray(numpy.array([[2, 0], [0, 4]], dtype=numpy.float16)))
    assert half.dtype == numpy.float32
    _assert_close(ga.asnumpy(half), [[0.5, 0], [0, 0.25]], 1e-7)
    assert ga.linalg.inv(ga.asarray(numpy.eye(3, dtype=numpy.int8))).dtype == numpy.float64


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 5), (3, 4, 4), (1, 1), (0, 0)])
def test_det_and_slogdet(dtype, shape):
    a = standard_normal_host(shape, dtype, 9)
    det = ga.linalg.det(ga.asarray(a))
    assert det.shape == shape[:-2] and det.dtype == dtype
    expected = numpy.linalg.det(_wide(a))
    _assert_close(ga.asnumpy(det), expected, _tol(dtype, shape[-1]) * 10)
    sign, logabsdet = ga.linalg.slogdet(ga.asarray(a))
    result = ga.linalg.slogdet(ga.asarray(a))
    assert result.sign.shape == shape[:-2]
    expected_sign, expected_log = numpy.linalg.slogdet(_wide(a))
    assert sign.dtype == dtype and logabsdet.dtype.kind == "f"
    _assert_close(ga.asnumpy(sign), expected_sign, _tol(dtype, shape[-1]) * 10)
    _assert_close(ga.asnumpy(logabsdet), expected_log, _tol(dtype, shape[-1]) * 10)


def test_det_of_singular_and_ill_conditioned():
    singular = numpy.array([[[1.0, 2.0], [2.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]])
    _assert_close(ga.asnumpy(ga.linalg.det(ga.asarray(singular))), [0.0, -1.0], 1e-15)
    sign, logabsdet = ga.linalg.slogdet(ga.asarray(singular))
    numpy.testing.assert_array_equal(ga.asnumpy(sign), [0.0, -1.0])
    assert ga.asnumpy(logabsdet)[0] == -numpy.inf
    hilbert = 1.0 / (numpy.arange(8)[:, None] + numpy.arange(8)[None, :] + 1.0)
    _, expected_log = numpy.linalg.slogdet(hilbert)
    _assert_close(ga.asnumpy(ga.linalg.slogdet(ga.asarray(hilbert))[1]), expected_log, 1e-6)


# ----- cholesky, qr --------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 6), (2, 3, 4, 4), (1, 1), (0, 0)])
def test_cholesky(dtype, shape):
    a = _hermitian_pd(shape, dtype, 10)
    ga_a = ga.asarray(a)
    lower = ga.asnumpy(ga.linalg.cholesky(ga_a))
    assert lower.dtype == dtype and lower.shape == shape
    numpy.testing.assert_array_equal(numpy.triu(lower, 1), 0)
    n = shape[-1]
    scale = n + 1.0
    _assert_close(_wide(lower) @ _h(_wide(lower)) / scale, _wide(a) / scale, _tol(dtype, n))
    upper = ga.asnumpy(ga.linalg.cholesky(ga_a, upper=True))
    numpy.testing.assert_array_equal(numpy.tril(upper, -1), 0)
    _assert_close(upper, _h(lower), _tol(dtype, n) * scale)
    numpy.testing.assert_array_equal(ga.asnumpy(ga_a), a)


def test_cholesky_reads_one_triangle():
    a = _hermitian_pd((5, 5), numpy.float64, 11)
    garbage = a + numpy.triu(numpy.full((5, 5), 100.0), 1)
    _assert_close(ga.asnumpy(ga.linalg.cholesky(ga.asarray(garbage))), numpy.linalg.cholesky(a), 1e-10)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (5, 5), (2, 7, 3), (3, 1), (0, 3)])
def test_qr(dtype, shape):
    a = standard_normal_host(shape, dtype, 12)
    ga_a = ga.asarray(a)
    m, n = shape[-2:]
    k = min(m, n)
    tol = _tol(dtype, max(m, n))
    for mode, q_columns, r_rows in (("reduced", k, k), ("complete", m, m)):
        q, r = ga.linalg.qr(ga_a, mode=mode)
        assert q.shape == shape[:-2] + (m, q_columns) and r.shape == shape[:-2] + (r_rows, n)
        assert q.dtype == dtype and r.dtype == dtype
        q, r = _wide(ga.asnumpy(q)), _wide(ga.asnumpy(r))
        numpy.testing.assert_array_equal(numpy.tril(r, -1), 0)
        _assert_close(q @ r, a, tol * 10)
        _assert_close(_h(q) @ q, numpy.broadcast_to(numpy.eye(q_columns), q.shape[:-2] + (q_columns,) * 2), tol)
    r_only = ga.linalg.qr(ga_a, mode="r")
    _assert_close(ga.asnumpy(r_only), ga.asnumpy(ga.linalg.qr(ga_a).R), tol)
    h, tau = ga.linalg.qr(ga_a, mode="raw")
    assert h.shape == shape[:-2] + (n, m) and tau.shape == shape[:-2] + (k,)
    # r is the upper triangle of hᵀ.
    _assert_close(numpy.triu(numpy.swapaxes(ga.asnumpy(h), -1, -2))[..., :k, :], ga.asnumpy(r_only), tol)
    numpy.testing.assert_array_equal(ga.asnumpy(ga_a), a)


def test_qr_bad_mode():
    with pytest.raises(ValueError):
        ga.linalg.qr(ga.asarray(numpy.eye(2)), mode="economic")


# float32 from min(m, n) = 1024 takes the library's own blocked Householder factorization: LAPACK's results (geqrf's
# reflectors and scalars, R's signs, orgqr's Q), compared with NumPy's. From min(m, n) = 2048 the next block is
# factored on a side stream beside the trailing update (a last block of 12 columns; columns past k).
@pytest.mark.parametrize("shape", [(1100, 1030), (1030, 1100), (2, 1024, 1024), (2100, 1024), (2100, 2060),
                                   (2060, 2200)])
def test_qr_float32_panels_match_lapack(shape):
    a = standard_normal_host(shape, numpy.float32, 21)
    ga_a = ga.asarray(a)
    m, n = shape[-2:]
    k = min(m, n)
    tol = _tol(numpy.float32, max(m, n))
    h, tau = (ga.asnumpy(x) for x in ga.linalg.qr(ga_a, mode="raw"))
    r_only = ga.asnumpy(ga.linalg.qr(ga_a, mode="r"))
    for index in numpy.ndindex(shape[:-2]):
        expected_h, expected_tau = numpy.linalg.qr(_wide(a[index]), mode="raw")
        _assert_close(tau[index], expected_tau, tol)
        _assert_close(h[index], expected_h, tol)
        _assert_close(r_only[index], numpy.linalg.qr(_wide(a[index]), mode="r"), tol)
    for mode, q_columns in (("reduced", k), ("complete", m)):
        q, r = ga.linalg.qr(ga_a, mode=mode)
        assert q.shape == shape[:-2] + (m, q_columns) and q.dtype == numpy.float32
        q, r = _wide(ga.asnumpy(q)), _wide(ga.asnumpy(r))
        numpy.testing.assert_array_equal(numpy.tril(r, -1), 0)
        _assert_close(r[..., :k, :], r_only, tol)
        _assert_close(q @ r, a, tol)
        _assert_close(_h(q) @ q, numpy.broadcast_to(numpy.eye(q_columns), q.shape[:-2] + (q_columns,) * 2), tol)
    numpy.testing.assert_array_equal(ga.asnumpy(ga_a), a)


# Zero, repeated and dependent columns, and magnitudes whose squares leave float32's range: each panel is scaled by a
# power of two before its sums of squares.
@pytest.mark.parametrize("scale", [1.0, 2.0**-100, 2.0**100])
def test_qr_float32_panels_rank_deficient_and_extreme_scales(scale):
    base = standard_normal_host((1200, 1100), numpy.float32, 22)
    base[:, 5] = 0
    base[:, 7] = base[:, 3]
    base[:, 1000:] = 2 * base[:, :100]
    a = (base * numpy.float32(scale)).astype(numpy.float32)
    q, r = ga.linalg.qr(ga.asarray(a))
    q, r = _wide(ga.asnumpy(q)), _wide(ga.asnumpy(r))
    assert numpy.isfinite(q).all() and numpy.isfinite(r).all()
    tol = _tol(numpy.float32, 1200)
    _assert_close(_h(q) @ q, numpy.eye(1100), tol)
    _assert_close(q @ r / scale, _wide(a) / scale, tol)


# ----- svd -----------------------------------------------------------------------------------------

def _check_svd(a, dtype, full_matrices):
    ga_a = ga.asarray(a)
    u, s, vh = ga.linalg.svd(ga_a, full_matrices=full_matrices)
    m, n = a.shape[-2:]
    k = min(m, n)
    batch = a.shape[:-2]
    assert u.shape == batch + (m, m if full_matrices else k) and s.shape == batch + (k,)
    assert vh.shape == batch + (n if full_matrices else k, n)
    assert u.dtype == dtype and vh.dtype == dtype and s.dtype.kind == "f"
    u, s, vh = _wide(ga.asnumpy(u)), ga.asnumpy(s).astype(numpy.float64), _wide(ga.asnumpy(vh))
    tol = _tol(dtype, max(m, n))
    scale = max(1.0, float(numpy.abs(s).max(initial=0)))
    _assert_close(s, numpy.linalg.svd(_wide(a), compute_uv=False), tol * scale)
    _assert_close((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :] / scale, _wide(a) / scale, tol * 10)
    _assert_close(_h(u) @ u, numpy.broadcast_to(numpy.eye(u.shape[-1]), batch + (u.shape[-1],) * 2), tol * 10)
    _assert_close(vh @ _h(vh), numpy.broadcast_to(numpy.eye(vh.shape[-2]), batch + (vh.shape[-2],) * 2), tol * 10)
    numpy.testing.assert_array_equal(ga.asnumpy(ga_a), a)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(64, 64), (9, 5), (5, 9), (3, 6, 4), (1, 1), (1, 4)])
@pytest.mark.parametrize("full_matrices", [False, True])
def test_svd(dtype, shape, full_matrices):
    _check_svd(standard_normal_host(shape, dtype, 13), dtype, full_matrices)


@pytest.mark.parametrize("dtype", DTYPES)
def test_svd_values_only(dtype):
    a = standard_normal_host((4, 7, 5), dtype, 14)
    s = ga.linalg.svd(ga.asarray(a), compute_uv=False)
    assert s.shape == (4, 5)
    _assert_close(ga.asnumpy(s), numpy.linalg.svd(_wide(a), compute_uv=False), _tol(dtype, 7) * 10)


def test_svd_of_standardised_data():
    x = standard_normal_host((300, 40), numpy.float64, 15) * 3 + 1
    gx = ga.asarray(x)
    z = (gx - gx.mean(axis=0)) / gx.std(axis=0)
    u, s, vh = ga.linalg.svd(z, full_matrices=False)
    zh = (x - x.mean(axis=0)) / x.std(axis=0)
    _assert_close(ga.asnumpy(s), numpy.linalg.svd(zh, compute_uv=False), 1e-10)
    _assert_close((ga.asnumpy(u) * ga.asnumpy(s)) @ ga.asnumpy(vh), zh, 1e-10)


def test_svd_non_contiguous_and_empty():
    a = standard_normal_host((8, 12), numpy.float64, 16)
    view = ga.asarray(a)[::2, 1::2]
    _assert_close(ga.asnumpy(ga.linalg.svd(view, compute_uv=False)), numpy.linalg.svd(a[::2, 1::2], compute_uv=False),
                  1e-12)
    u, s, vh = ga.linalg.svd(ga.asarray(numpy.zeros((0, 3))))
    assert u.shape == (0, 0) and s.shape == (0,) and vh.shape == (3, 3)


# ----- eigh, eigvalsh, eig, eigvals ----------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 6), (3, 5, 5), (1, 1), (40, 40)])
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh(dtype, shape, uplo):
    a = _hermitian_pd(shape, dtype, 17)
    # The triangle eigh does not read holds garbage.
    n = shape[-1]
    garbage = numpy.triu(numpy.ones((n, n)), 1) if uplo == "L" else numpy.tril(numpy.ones((n, n)), -1)
    given = (a + 1000 * garbage).astype(dtype)
    w, v = ga.linalg.eigh(ga.asarray(given), UPLO=uplo)
    assert w.dtype.kind == "f" and v.dtype == dtype and w.shape == shape[:-1] and v.shape == shape
    w, v = ga.asnumpy(w).astype(numpy.float64), _wide(ga.asnumpy(v))
    scale = float(numpy.abs(w).max())
    tol = _tol(dtype, n)
    _assert_close(w / scale, numpy.linalg.eigvalsh(_wide(a)) / scale, tol)
    _assert_close(_wide(a) @ v / scale, v * w[..., None, :] / scale, tol * 10)
    _assert_close(ga.asnumpy(ga.linalg.eigvalsh(ga.asarray(given), UPLO=uplo)) / scale, w / scale, tol)


def test_eigvalsh_of_gram_matrix():
    a = ga.asarray(standard_normal_host((50, 30), numpy.float64, 18))
    gram = a @ a.T
    w = ga.asnumpy(ga.linalg.eigvalsh(gram))
    host = ga.asnumpy(a)
    _assert_close(w, numpy.linalg.eigvalsh(host @ host.T), 1e-9)


def _match_eigenvalues(actual, expected):
    """Pairs each expected eigenvalue with the nearest unused actual one."""
    actual = list(actual)
    matched = []
    for value in expected:
        index = int(numpy.argmin([abs(candidate - value) for candidate in actual]))
        matched.append(actual.pop(index))
    return numpy.array(matched)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 6), (2, 4, 4), (1, 1)])
def test_eig(dtype, shape):
    a = standard_normal_host(shape, dtype, 19)
    w, v = ga.linalg.eig(ga.asarray(a))
    complex_dtype = numpy.complex64 if dtype in (numpy.float32, numpy.complex64) else numpy.complex128
    assert w.dtype == complex_dtype and v.dtype == complex_dtype
    w, v = ga.asnumpy(w).astype(numpy.complex128), ga.asnumpy(v).astype(numpy.complex128)
    n = shape[-1]
    tol = _tol(dtype, n) * 10
    _assert_close(_wide(a) @ v, v * w[..., None, :], tol * n)
    expected = numpy.linalg.eigvals(_wide(a)).reshape(-1, n)
    for got, want in zip(w.reshape(-1, n), expected):
        _assert_close(_match_eigenvalues(got, want), want, tol * n)
    values = ga.asnumpy(ga.linalg.eigvals(ga.asarray(a))).astype(numpy.complex128)
    for got, want in zip(values.reshape(-1, n), expected):
        _assert_close(_match_eigenvalues(got, want), want, tol * n)


# ----- norm, cond, matrix_rank ---------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES + (numpy.int32,))
@pytest.mark.parametrize("ord,axis", [(None, None), (None, 0), (2, 1), (1, -1), (numpy.inf, 0), (-numpy.inf, 1),
                                      (0, 1), (3, 0), (0.5, 1), (None, (0, 1)), ("fro", (1, 0)), ("nuc", None),
                                      (1, None), (-1, (0, 1)), (2, (0, 1)), (-2, None), (numpy.inf, None),
                                      (-numpy.inf, (1, 0))])
@pytest.mark.parametrize("keepdims", [False, True])
def test_norm(dtype, ord, axis, keepdims):
    x = (standard_normal_host((5, 4), dtype, 20) * 3).astype(dtype) if numpy.dtype(dtype).kind != "i" else \
        numpy.arange(-10, 10, dtype=dtype).reshape(5, 4)
    result = ga.linalg.norm(ga.asarray(x), ord=ord, axis=axis, keepdims=keepdims)
    expected = numpy.linalg.norm(_wide(x), ord=ord, axis=axis, keepdims=keepdims)
    assert result.shape == numpy.shape(expected)
    assert result.dtype.kind == "f"
    _assert_close(ga.asnumpy(result), expected, _tol(dtype, 20) * 10 if numpy.dtype(dtype).kind != "i" else 1e-12)


def test_norm_of_stacks_and_errors():
    x = standard_normal_host((2, 3, 4), numpy.float64, 21)
    _assert_close(ga.asnumpy(ga.linalg.norm(ga.asarray(x))), numpy.linalg.norm(x), 1e-12)
    _assert_close(ga.asnumpy(ga.linalg.norm(ga.asarray(x), ord=2, axis=(2, 0))),
                  numpy.linalg.norm(x, ord=2, axis=(2, 0)), 1e-12)
    with pytest.raises(ValueError):
        ga.linalg.norm(ga.asarray(x), ord=1)  # an order needs 1-D or 2-D input or axes
    with pytest.raises(ValueError):
        ga.linalg.norm(ga.asarray(x), ord="nuc", axis=1)
    with pytest.raises(ValueError):
        ga.linalg.norm(ga.asarray(x), ord=3, axis=(0, 1))
    with pytest.raises(IndexError):
        ga.linalg.norm(ga.asarray(x), axis=5)


@pytest.mark.parametrize("p", [None, 2, -2, 1, -1, numpy.inf, -numpy.inf, "fro", "nuc"])
def test_cond(p):
    a = standard_normal_host((3, 5, 5), numpy.float64, 22)
    _assert_close(ga.asnumpy(ga.linalg.cond(ga.asarray(a), p)), numpy.linalg.cond(a, p), 1e-8)


def test_cond_of_singular_matrix_is_huge():
    value = float(ga.asnumpy(ga.linalg.cond(ga.asarray(numpy.array([[1.0, 2.0], [2.0, 4.0]])))))
    assert value > 1e15


@pytest.mark.parametrize("dtype", DTYPES)
def test_matrix_rank(dtype):
    base = standard_normal_host((6, 3), dtype, 23)
    deficient = numpy.concatenate([base, base[:, :2] + base[:, 1:]], axis=1)  # rank 3 of 6 x 5
    assert int(ga.asnumpy(ga.linalg.matrix_rank(ga.asarray(deficient)))) == 3
    assert int(ga.asnumpy(ga.linalg.matrix_rank(ga.asarray(base)))) == 3
    stack = numpy.stack([deficient, numpy.zeros_like(deficient)])
    numpy.testing.assert_array_equal(ga.asnumpy(ga.linalg.matrix_rank(ga.asarray(stack))), [3, 0])
    assert int(ga.asnumpy(ga.linalg.matrix_rank(ga.asarray(deficient), tol=1e6))) == 0
    if _eps(dtype) < 1e-10:  # float32's rounding makes the Gram matrix's null space too noisy
        gram = deficient @ _h(deficient)
        assert int(ga.asnumpy(ga.linalg.matrix_rank(ga.asarray(gram), hermitian=True))) == 3
    assert int(ga.asnumpy(ga.linalg.matrix_rank(ga.asarray(numpy.zeros(4))))) == 0
    assert int(ga.asnumpy(ga.linalg.matrix_rank(ga.asarray(numpy.arange(4.0))))) == 1


# ----- pinv, lstsq ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (2, 5, 5), (0, 3)])
def test_pinv(dtype, shape):
    a = standard_normal_host(shape, dtype, 24)
    deficient = shape[-1] == 5
    if deficient:
        a[..., :, 4] = a[..., :, 0]
    # A rank-deficient matrix needs a cutoff above the rounding of its zero singular value.
    rcond = (1e-4 if _eps(dtype) > 1e-10 else 1e-10) if deficient else 1e-15
    result = ga.linalg.pinv(ga.asarray(a), rcond=rcond) if deficient else ga.linalg.pinv(ga.asarray(a))
    assert result.shape == shape[:-2] + (shape[-1], shape[-2]) and result.dtype == dtype
    expected = numpy.linalg.pinv(_wide(a), rcond=rcond)
    _assert_close(ga.asnumpy(result), expected, _tol(dtype, max(shape)) * 100)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("a_shape,b_shape", [((8, 3), (8,)), ((8, 3), (8, 2)), ((3, 8), (3,)), ((5, 5), (5, 2))])
def test_lstsq(dtype, a_shape, b_shape):
    a = standard_normal_host(a_shape, dtype, 25)
    b = standard_normal_host(b_shape, dtype, 26)
    x, residuals, rank, s = ga.linalg.lstsq(ga.asarray(a), ga.asarray(b))
    ex, eresiduals, erank, es = numpy.linalg.lstsq(_wide(a), _wide(b), rcond=None)
    tol = _tol(dtype, max(a_shape)) * 100
    assert x.shape == ex.shape and residuals.shape == eresiduals.shape and rank.shape == ()
    assert int(ga.asnumpy(rank)) == erank
    _assert_close(ga.asnumpy(x), ex, tol)
    _assert_close(ga.asnumpy(residuals), eresiduals, tol)
    _assert_close(ga.asnumpy(s), es, tol)


def test_lstsq_rank_deficient():
    a = standard_normal_host((7, 3), numpy.float64, 27)
    a[:, 2] = a[:, 0] + a[:, 1]
    b = standard_normal_host((7,), numpy.float64, 28)
    x, residuals, rank, s = ga.linalg.lstsq(ga.asarray(a), ga.asarray(b))
    ex, eresiduals, erank, _ = numpy.linalg.lstsq(a, b, rcond=None)
    assert int(ga.asnumpy(rank)) == erank == 2
    assert residuals.shape == eresiduals.shape == (0,)
    _assert_close(ga.asnumpy(x), ex, 1e-10)


# ----- matrix_power, multi_dot, tensorsolve, tensorinv ---------------------------------------------

@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 5])
def test_matrix_power(n):
    a = _well_conditioned((2, 4, 4), numpy.float64, 29) / 4
    result = ga.linalg.matrix_power(ga.asarray(a), n)
    _assert_close(ga.asnumpy(result), numpy.linalg.matrix_power(a, n), 1e-10)
    integers = numpy.array([[1, 1], [1, 0]], dtype=numpy.int64)
    if n >= 0:
        power = ga.linalg.matrix_power(ga.asarray(integers), n)
        assert power.dtype == numpy.int64
        numpy.testing.assert_array_equal(ga.asnumpy(power), numpy.linalg.matrix_power(integers, n))


@pytest.mark.parametrize("shapes", [[(3,), (3, 5), (5, 2)], [(4, 3), (3, 6), (6, 2), (2,)],
                                    [(10, 2), (2, 30), (30, 3), (3, 4)], [(3,), (3,)]])
def test_multi_dot(shapes):
    arrays = [standard_normal_host(shape, numpy.float64, 30 + i) for i, shape in enumerate(shapes)]
    result = ga.linalg.multi_dot([ga.asarray(x) for x in arrays])
    expected = numpy.linalg.multi_dot(arrays)
    assert result.shape == numpy.shape(expected)
    _assert_close(ga.asnumpy(result), expected, 1e-10)


def test_multi_dot_refused_destinations_are_not_written():
    # docs/design.md, "Destinations": a wrong shape, a dtype the result does not cast to (float64 ->
    # int32 is not same_kind) and a read-only out are refused, each message naming out, and out
    # keeps its contents; a right one is written and returned as passed.
    arrays = [standard_normal_host(shape, numpy.float64, 34 + i) for i, shape in enumerate([(4, 3), (3, 5), (5, 2)])]
    matrices = [ga.asarray(x) for x in arrays]
    base = ga.full((1, 2), 7, "float64")
    cases = [(ga.full((2, 4), 7, "float64"), ValueError, r"out has shape \(2, 4\) but the result has shape \(4, 2\)"),
             (ga.full((4, 2), 7, "int32"), TypeError, "from float64 to out's int32"),
             (ga.broadcast_to(base, (4, 2)), ValueError, "argument 'out' is read-only")]
    for out, error, message in cases:
        with pytest.raises(error, match=message):
            ga.linalg.multi_dot(matrices, out=out)
        assert (ga.asnumpy(out) == 7).all()
    assert (ga.asnumpy(base) == 7).all()
    out = ga.full((4, 2), 7, "complex128")
    assert ga.linalg.multi_dot(matrices, out=out) is out
    _assert_close(ga.asnumpy(out), numpy.linalg.multi_dot(arrays), 1e-10)


def test_several_results_come_back_as_a_tuple_with_none_where_not_computed():
    # (inputs..., stream, results...): no Python argument for the stream (the current one) or the
    # results; a result the C call did not compute (written NULL) is None.
    a = ga.asarray(_well_conditioned((3, 3), numpy.float64, 36))
    q, r = ga._lib.ga_linalg_qr(a, ga._lib.GA_LINALG_QR_R)
    assert q is None and isinstance(r, ga.ndarray) and r.shape == (3, 3)
    u, s, vh = ga._lib.ga_linalg_svd(a, 1, 0)
    assert u is None and vh is None and s.shape == (3,)
    results = ga._lib.ga_linalg_slogdet(a)
    assert isinstance(results, tuple) and len(results) == 2
    assert all(isinstance(result, ga.ndarray) for result in ga._lib.ga_linalg_eigh(a, ga._lib.GA_LINALG_LOWER))


def test_tensorsolve_and_tensorinv():
    a = _well_conditioned((24, 24), numpy.float64, 40).reshape(6, 4, 2, 3, 4)
    b = standard_normal_host((6, 4), numpy.float64, 41)
    _assert_close(ga.asnumpy(ga.linalg.tensorsolve(ga.asarray(a), ga.asarray(b))), numpy.linalg.tensorsolve(a, b),
                  1e-10)
    a2 = numpy.moveaxis(a, 2, 0)  # (2, 6, 4, 3, 4): axes=(0,) moves the 2 back to the end
    _assert_close(ga.asnumpy(ga.linalg.tensorsolve(ga.asarray(a2), ga.asarray(b), axes=(0,))),
                  numpy.linalg.tensorsolve(a2, b, axes=(0,)), 1e-10)
    inverse = ga.linalg.tensorinv(ga.asarray(a), ind=2)
    _assert_close(ga.asnumpy(inverse), numpy.linalg.tensorinv(a, ind=2), 1e-10)
    with pytest.raises(ValueError):
        ga.linalg.tensorinv(ga.asarray(a), ind=0)


# ----- errors --------------------------------------------------------------------------------------

SINGULAR = numpy.array([[[2.0, 0.0], [0.0, 2.0]], [[1.0, 2.0], [2.0, 4.0]]])


def test_linalg_error_type():
    assert issubclass(ga.linalg.LinAlgError, numpy.linalg.LinAlgError)


def test_raise_mode():
    _clear_pending()
    singular = ga.asarray(SINGULAR)
    with ga.errstate(linalg="raise"):
        with pytest.raises(ga.linalg.LinAlgError, match=r"\(1,\)"):
            ga.linalg.inv(singular)
        with pytest.raises(ga.linalg.LinAlgError):
            ga.linalg.solve(singular, ga.asarray(numpy.ones(2)))
        with pytest.raises(ga.linalg.LinAlgError, match="positive definite"):
            ga.linalg.cholesky(ga.asarray(numpy.array([[1.0, 2.0], [2.0, 1.0]])))
        with pytest.raises(numpy.linalg.LinAlgError):
            ga.linalg.cholesky(ga.asarray(-numpy.eye(3)))
        ga.linalg.det(singular)  # never an error
    numpy.testing.assert_array_equal(ga.asnumpy(singular), SINGULAR)
    ga.linalg.check_errors()  # the raise mode left nothing behind


def test_deferred_mode():
    _clear_pending()
    result = ga.linalg.inv(ga.asarray(SINGULAR))  # no error yet: nothing waits
    assert result.shape == (2, 2, 2)
    _assert_close(ga.asnumpy(result)[0], numpy.eye(2) / 2, 1e-15)
    with pytest.raises(ga.linalg.LinAlgError, match="inv"):
        ga.linalg.check_errors()
    ga.linalg.check_errors()  # cleared
    with ga.errstate(linalg="raise"):
        with ga.errstate(linalg="ignore"):
            ga.linalg.inv(ga.asarray(SINGULAR))
    with pytest.raises(ga.linalg.LinAlgError):
        ga.linalg.check_errors()


def test_errstate_rejects_unknown_mode():
    with pytest.raises(ValueError):
        with ga.errstate(linalg="warn"):
            pass


def test_shape_errors():
    with pytest.raises(numpy.linalg.LinAlgError):
        ga.linalg.inv(ga.asarray(numpy.ones((2, 3))))
    with pytest.raises(ga.linalg.LinAlgError):
        ga.linalg.det(ga.asarray(numpy.ones(3)))
    with pytest.raises(ga.linalg.LinAlgError):
        ga.linalg.svd(ga.asarray(numpy.ones(3)))
    with pytest.raises(ValueError):
        ga.linalg.solve(ga.asarray(numpy.eye(3)), ga.asarray(numpy.ones(4)))
    with pytest.raises(ValueError):
        ga.linalg.eigh(ga.asarray(numpy.eye(3)), UPLO="X")
    with pytest.raises(ValueError):
        ga.linalg.lstsq(ga.asarray(numpy.ones((2, 2, 2))), ga.asarray(numpy.ones(2)))
