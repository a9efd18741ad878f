"""Matrix and tensor products over the C library's garray/products.h, with NumPy's signatures:
matmul, dot, vdot, inner, tensordot, kron and einsum (ga.outer, a ufunc outer, is _joining's).
Operands are garray arrays (a host array is a TypeError, as in CuPy); results are device arrays,
0-d where NumPy returns a scalar.

float32 products run in full FP32 unless set_allow_tf32(True) (or GA_TF32=1 in the environment)
lets cuBLAS use TF32 tensor cores; float16 and bfloat16 accumulate in float32; integer products are
exact (wrapping on overflow as NumPy's).
"""

import operator

from garray._library import lib


def matmul(a, b, out=None):
    """a @ b with NumPy's rules: 1-d operands are promoted to matrices and the added axis dropped,
    batch dimensions broadcast; a 0-d operand is a ValueError."""
    return lib.ga_array_matmul(a, b, out)


def dot(a, b, out=None):
    """np.dot: a product with a 0-d operand multiplies; otherwise the sum over a's last axis and b's
    second-to-last (its only axis when 1-d)."""
    return lib.ga_array_dot(a, b, out)


def vdot(a, b):
    """np.vdot: sum(conj(a) * b) over the flattened operands, a 0-d array."""
    return lib.ga_array_vdot(a, b, None)


def inner(a, b):
    """np.inner: the sum over both last axes."""
    return lib.ga_array_inner(a, b, None)


def tensordot(a, b, axes=2):
    """np.tensordot: `axes` is an int N (a's last N axes with b's first N) or a pair
    (a_axes, b_axes) of ints or sequences of ints."""
    try:
        count = operator.index(axes)
    except TypeError:
        a_axes, b_axes = axes
        return lib.ga_array_tensordot(a, b, (a_axes, b_axes), None)
    return lib.ga_array_tensordot(a, b, count, None)


def kron(a, b):
    """np.kron: the Kronecker product."""
    return lib.ga_array_kron(a, b, None)


def einsum(subscripts, *operands, out=None, optimize=False):
    """np.einsum(subscripts, *operands, out=None): explicit ('ij,jk->ik') or implicit ('ij,jk')
    output, '...' broadcasting, repeated letters for traces and diagonals. Operands are contracted
    pairwise from left to right, each pair as one batched GEMM; `optimize` is accepted for NumPy's
    signature and changes nothing. The interleaved form einsum(op, sublist, ...) is not supported."""
    del optimize
    if not isinstance(subscripts, str):
        raise TypeError("einsum: the first argument must be the subscripts string; the interleaved "
                        "(operand, sublist) form is not supported")
    return lib.ga_array_einsum(subscripts, operands, out)


def set_allow_tf32(allow):
    """Allows (True) or forbids (False, the default) TF32 tensor cores in float32 products,
    process-wide."""
    lib.ga_linalg_set_allow_tf32(1 if allow else 0)


def get_allow_tf32():
    """Whether float32 products may use TF32 tensor cores."""
    return bool(lib.ga_linalg_get_allow_tf32())
