"""numpy.linalg on the GPU: garray.linalg mirrors cupy.linalg (and NumPy 2's signatures and result
types) over the C library's garray/linalg.h.

Inputs are never modified. float32, float64, complex64 and complex128 are computed as given; bool
and integers as float64; float16 as float32 (the result stays float32: NumPy refuses float16).
Arrays of fewer than two dimensions, or not square where square matrices are needed, raise LinAlgError
(as NumPy and CuPy). Factorizations with several results return NumPy 2's named tuples (SVDResult, EighResult, QRResult,
SlogdetResult, EigResult, LstsqResult), which unpack as plain tuples.

Failures only the device sees (singular, not positive definite, no convergence) are not waited for
by default, as in CuPy: the failing entry holds NaN/inf, and `check_errors()` raises LinAlgError
for the first failure since the last check. Inside `garray.errstate(linalg='raise')` each call waits
for its own result and raises LinAlgError at once.
"""

import collections
import contextlib
import functools
import math
import operator

import numpy

from garray import _joining, _statistics
from garray._array_api import cross, matrix_transpose, vecdot
from garray._library import lib
from garray._products import matmul, tensordot
from garray._joining import outer
from garray._ufunc import UFUNCS

__all__ = ["LinAlgError", "check_errors", "cholesky", "cond", "det", "eig", "eigh", "eigvals", "eigvalsh", "inv",
           "lstsq", "matrix_power", "matrix_rank", "multi_dot", "norm", "pinv", "qr", "slogdet", "solve", "svd",
           "tensorinv", "tensorsolve", "cross", "diagonal", "matmul", "matrix_norm", "matrix_transpose", "outer",
           "svdvals", "tensordot", "trace", "vecdot", "vector_norm", "EigResult", "EighResult", "LstsqResult", "QRResult", "SVDResult",
           "SlogdetResult"]


class LinAlgError(numpy.linalg.LinAlgError):
    """A linear-algebra failure: a singular matrix, a matrix that is not positive definite, an
    iteration that did not converge. A subclass of numpy.linalg.LinAlgError (itself a ValueError)."""


SVDResult = collections.namedtuple("SVDResult", ["U", "S", "Vh"])
EighResult = collections.namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
EigResult = collections.namedtuple("EigResult", ["eigenvalues", "eigenvectors"])
QRResult = collections.namedtuple("QRResult", ["Q", "R"])
SlogdetResult = collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
LstsqResult = collections.namedtuple("LstsqResult", ["x", "residuals", "rank", "s"])

_QR_MODES = {"reduced": lib.GA_LINALG_QR_REDUCED, "complete": lib.GA_LINALG_QR_COMPLETE, "r": lib.GA_LINALG_QR_R,
             "raw": lib.GA_LINALG_QR_RAW}
_UPLO = {"L": lib.GA_LINALG_LOWER, "U": lib.GA_LINALG_UPPER}
_CHECK_MODES = {"ignore": lib.GA_LINALG_CHECK_DEFERRED, "raise": lib.GA_LINALG_CHECK_RAISE}


def _linalg_errors(function):
    """Raises garray.linalg.LinAlgError for the library's GA_ERROR_LINALG."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except numpy.linalg.LinAlgError as error:
            if isinstance(error, LinAlgError):
                raise
            raise LinAlgError(str(error)) from None

    return wrapper


def _stacked_matrices(a):
    """NumPy's and CuPy's LinAlgError for fewer than two dimensions (the C API says
    GA_ERROR_SHAPE_MISMATCH, which would be a ValueError)."""
    ndim = getattr(a, "ndim", 2)
    if ndim < 2:
        raise LinAlgError(f"{ndim}-dimensional array given. Array must be at least two-dimensional")


def _stacked_square(a):
    _stacked_matrices(a)
    shape = getattr(a, "shape", (0, 0))
    if shape[-1] != shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")


@_linalg_errors
def check_errors():
    """Waits for the linalg calls queued on the current stream and raises LinAlgError for the first
    failure since the last check (naming the function and the failing batch entry)."""
    lib.ga_linalg_check_errors(None)


@contextlib.contextmanager
def _errstate(linalg=None):
    if linalg is None:
        yield
        return
    if linalg not in _CHECK_MODES:
        raise ValueError(f"linalg must be 'ignore' or 'raise', not {linalg!r}")
    previous = lib.ga_linalg_get_check_mode(1)
    lib.ga_linalg_set_check_mode(_CHECK_MODES[linalg], 1)
    try:
        yield
    finally:
        lib.ga_linalg_set_check_mode(previous, 1)


def errstate(*, linalg=None):
    """Context manager (as cupyx.errstate): linalg='raise' makes linalg calls on this thread wait
    for their result and raise LinAlgError; 'ignore' is the default deferred mode."""
    return _errstate(linalg)


@_linalg_errors
def solve(a, b):
    """x with a @ x = b; b is (M,) or (..., M, K) (NumPy 2), batch dimensions broadcast."""
    _stacked_square(a)
    return lib.ga_linalg_solve(a, b, None)


@_linalg_errors
def inv(a):
    _stacked_square(a)
    return lib.ga_linalg_inv(a, None)


@_linalg_errors
def det(a):
    _stacked_square(a)
    return lib.ga_linalg_det(a, None)


@_linalg_errors
def slogdet(a):
    _stacked_square(a)
    return SlogdetResult(*lib.ga_linalg_slogdet(a))


@_linalg_errors
def cholesky(a, /, *, upper=False):
    _stacked_square(a)
    return lib.ga_linalg_cholesky(a, int(bool(upper)), None)


@_linalg_errors
def qr(a, mode="reduced"):
    if mode not in _QR_MODES:
        raise ValueError(f"Unrecognized mode '{mode}'")
    _stacked_matrices(a)
    q, r = lib.ga_linalg_qr(a, _QR_MODES[mode])
    if mode == "r":
        return r
    if mode == "raw":
        return q, r
    return QRResult(q, r)


@_linalg_errors
def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """U, S, Vh with a = U @ (S[..., None] * Vh), or S alone without compute_uv. `hermitian` is
    accepted for NumPy's signature; the general SVD is used either way."""
    _stacked_matrices(a)
    u, s, vh = lib.ga_linalg_svd(a, int(bool(full_matrices)), int(bool(compute_uv)))
    if not compute_uv:
        return s
    return SVDResult(u, s, vh)


def _uplo(UPLO):
    if UPLO not in _UPLO:
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return _UPLO[UPLO]


@_linalg_errors
def eigh(a, UPLO="L"):
    _stacked_square(a)
    return EighResult(*lib.ga_linalg_eigh(a, _uplo(UPLO)))


@_linalg_errors
def eigvalsh(a, UPLO="L"):
    _stacked_square(a)
    return lib.ga_linalg_eigvalsh(a, _uplo(UPLO), None)


@_linalg_errors
def eig(a):
    """Eigenvalues and right eigenvectors of general matrices, always complex (as CuPy's)."""
    _stacked_square(a)
    return EigResult(*lib.ga_linalg_eig(a))


@_linalg_errors
def eigvals(a):
    _stacked_square(a)
    return lib.ga_linalg_eigvals(a, None)


def _order(ord):
    if ord is None:
        return lib.GA_LINALG_NORM_DEFAULT, 0.0
    if isinstance(ord, str):
        kinds = {"fro": lib.GA_LINALG_NORM_FRO, "nuc": lib.GA_LINALG_NORM_NUC}
        if ord not in kinds:
            raise ValueError(f"Invalid norm order '{ord}'")
        return kinds[ord], 0.0
    return lib.GA_LINALG_NORM_VALUE, float(ord)


@_linalg_errors
def norm(x, ord=None, axis=None, keepdims=False):
    if axis is not None and not isinstance(axis, tuple):
        axis = (operator.index(axis),)
    kind, p = _order(ord)
    return lib.ga_linalg_norm(x, kind, p, axis, int(bool(keepdims)), None)


@_linalg_errors
def cond(x, p=None):
    _stacked_matrices(x)
    kind, value = _order(p)
    return lib.ga_linalg_cond(x, kind, value, None)


@_linalg_errors
def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    if rtol is not None:
        s = eigvalsh(A) if hermitian else svd(A, compute_uv=False)
        s = abs(s)
        threshold = s.max(axis=-1, keepdims=True) * rtol
        return (s > threshold).sum(axis=-1)
    return lib.ga_linalg_matrix_rank(A, math.nan if tol is None else float(tol), int(bool(hermitian)), None)


_NO_VALUE = object()


@_linalg_errors
def pinv(a, rcond=None, hermitian=False, *, rtol=_NO_VALUE):
    """The pseudo-inverse through the SVD; NumPy 2's rcond/rtol defaults (1e-15 without either;
    rtol=None: max(M, N) * eps). `hermitian` is accepted; the general SVD is used either way."""
    if rcond is not None and rtol is not _NO_VALUE:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    if rcond is None:
        if rtol is _NO_VALUE:
            rcond = 1e-15
        elif rtol is None:
            eps = numpy.finfo(numpy.float32 if a.dtype in (numpy.float32, numpy.complex64, numpy.float16)
                              else numpy.float64).eps
            rcond = max(a.shape[-2:]) * eps
        else:
            rcond = rtol
    return lib.ga_linalg_pinv(a, float(rcond), None)


@_linalg_errors
def lstsq(a, b, rcond=None):
    """x, residuals, rank (a 0-d int64 array, as CuPy's) and s; waits for the rank, as NumPy's
    residuals depend on it."""
    return LstsqResult(*lib.ga_linalg_lstsq(a, b, math.nan if rcond is None else float(rcond)))


@_linalg_errors
def matrix_power(a, n):
    _stacked_square(a)
    return lib.ga_linalg_matrix_power(a, operator.index(n), None)


@_linalg_errors
def multi_dot(arrays, *, out=None):
    return lib.ga_linalg_multi_dot(list(arrays), out)


@_linalg_errors
def tensorsolve(a, b, axes=None):
    return lib.ga_linalg_tensorsolve(a, b, None if axes is None else tuple(axes), None)


@_linalg_errors
def tensorinv(a, ind=2):
    return lib.ga_linalg_tensorinv(a, operator.index(ind), None)


# The Array API's linalg extension: the functions NumPy's linalg lacks, as NumPy 2 has them ----------

def svdvals(x, /):
    """The singular values of each matrix of x, descending."""
    return svd(x, compute_uv=False)


def diagonal(x, /, *, offset=0):
    """The diagonal of each matrix of x (its last two axes)."""
    return _joining.diagonal(x, offset, axis1=-2, axis2=-1)


def trace(x, /, *, offset=0, dtype=None):
    """The sum of each matrix's diagonal (its last two axes)."""
    return _joining.trace(x, offset, axis1=-2, axis2=-1, dtype=dtype)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """The norm of each matrix of x (its last two axes): 'fro', 'nuc', ±1, ±2 or ±inf."""
    _stacked_matrices(x)
    return norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """The vector p-norm over `axis` (None: every element; a tuple: those axes as one vector)."""
    magnitude = UFUNCS["absolute"](x)
    if ord == math.inf:
        return _statistics_reduce("maximum", magnitude, axis, keepdims)
    if ord == -math.inf:
        return _statistics_reduce("minimum", magnitude, axis, keepdims)
    if ord == 0:
        nonzero = UFUNCS["not_equal"](magnitude, 0).astype(magnitude.dtype)
        return _statistics.sum(nonzero, axis=axis, keepdims=keepdims)
    if ord == 1:
        return _statistics.sum(magnitude, axis=axis, keepdims=keepdims)
    if ord == 2:
        return UFUNCS["sqrt"](_statistics.sum(UFUNCS["multiply"](magnitude, magnitude), axis=axis,
                                              keepdims=keepdims))
    powered = _statistics.sum(UFUNCS["power"](magnitude, float(ord)), axis=axis, keepdims=keepdims)
    return UFUNCS["power"](powered, 1.0 / float(ord))


def _statistics_reduce(name, magnitude, axis, keepdims):
    # maximum/minimum have no identity: an empty vector's inf-norm is refused, as NumPy does.
    return UFUNCS[name].reduce(magnitude, axis=axis, keepdims=keepdims)
