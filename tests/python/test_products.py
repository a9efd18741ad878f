"""garray's products (garray/products.h) against NumPy: matmul, dot, vdot, inner, outer, tensordot,
kron and einsum over every dtype they take (integers and bool exactly, float16/bfloat16 loosely),
1-d promotion, broadcast batches, transposed, sliced and reversed views, 0-size operands, out=,
the @ operators and ndarray.dot, and the errors NumPy raises. References of float products are
computed in float64/complex128 and cast to NumPy's result dtype."""

import numpy
import pytest

import garray as ga
from conftest import gpu
from ufunc_support import ALL_DTYPES, assert_matches, random_host

NUMERIC = ALL_DTYPES  # bool, every integer, float16/32/64, complex64/128


def _wide(x):
    return x.astype("complex128" if x.dtype.kind == "c" else "float64")


def _reference(function, *hosts, **kwargs):
    """NumPy's `function`: as is for bool and integers (exact, wrapping alike), else at full precision
    cast to the dtype NumPy gives."""
    dtype = numpy.result_type(*hosts)
    if dtype.kind in "biu":
        return numpy.asarray(function(*hosts, **kwargs))
    return numpy.asarray(function(*[_wide(h) for h in hosts], **kwargs)).astype(dtype)


def _scale(dtype, k):
    """Tolerance multiplier for a sum of k products: float16 rounds its result, the rest accumulate
    wider than their inputs' precision."""
    return max(k, 1) * (4 if numpy.dtype(dtype) == numpy.float16 else 2)


def _host(shape, dtype, seed=0):
    # Small integers keep int8 products inside their range often enough to be meaningful, and
    # wrapping (checked too) is the same in NumPy.
    if numpy.dtype(dtype).kind in "iu":
        return random_host(shape, dtype, seed, low=0 if numpy.dtype(dtype).kind == "u" else -4, high=4)
    return random_host(shape, dtype, seed)


# ----- Without a GPU --------------------------------------------------------------------------------


def test_functions_exist_with_numpys_names():
    for name in ("matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "einsum"):
        assert callable(getattr(ga, name)), name
    for method in ("__matmul__", "__rmatmul__", "__imatmul__", "dot"):
        assert callable(getattr(ga.ndarray, method)), method


def test_tf32_setting_round_trips():
    initial = ga.get_allow_tf32()
    try:
        ga.set_allow_tf32(True)
        assert ga.get_allow_tf32() is True
        ga.set_allow_tf32(False)
        assert ga.get_allow_tf32() is False
    finally:
        ga.set_allow_tf32(initial)


def test_einsum_refuses_the_interleaved_form():
    with pytest.raises(TypeError):
        ga.einsum(None, [0, 1])


def test_bindings_take_the_destination_as_one_argument():
    # The C (out, stream, result) is one Python argument, None or the destination. A NULL array
    # reaching the C API's own check shows the arity.
    lib = ga._lib
    for call in (lambda: lib.ga_array_matmul(None, None, None), lambda: lib.ga_array_dot(None, None, None),
                 lambda: lib.ga_array_kron(None, None, None), lambda: lib.ga_array_tensordot(None, None, 2, None),
                 lambda: lib.ga_array_tensordot(None, None, ((0,), (1,)), None)):
        with pytest.raises(ValueError, match="argument 'a' is NULL"):
            call()
    with pytest.raises(TypeError, match="out must be a garray.ndarray"):
        lib.ga_array_matmul(None, None, 0)


# ----- matmul ----------------------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("dtype", NUMERIC)
def test_matmul_every_dtype(dtype):
    a = _host((5, 7), dtype, 1)
    b = _host((7, 3), dtype, 2)
    assert_matches(ga.matmul(ga.asarray(a), ga.asarray(b)), _reference(numpy.matmul, a, b), _scale(dtype, 7))


@gpu
@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16"])
def test_matmul_integers_wrap_as_numpy(dtype):
    a = random_host((4, 40), dtype, 3)
    b = random_host((40, 3), dtype, 4)
    assert_matches(ga.matmul(ga.asarray(a), ga.asarray(b)), numpy.matmul(a, b))


@gpu
@pytest.mark.parametrize("pair", [("int8", "uint8"), ("int32", "float32"), ("float16", "float32"),
                                  ("bool", "int8"), ("complex64", "float64"), ("uint64", "int64"),
                                  ("float16", "int8")])
def test_matmul_promotes_as_numpy(pair):
    a = _host((3, 4), pair[0], 5)
    b = _host((4, 2), pair[1], 6)
    result = ga.matmul(ga.asarray(a), ga.asarray(b))
    assert result.dtype == numpy.result_type(a, b)
    assert_matches(result, _reference(numpy.matmul, a, b), _scale(result.dtype, 4))


@gpu
@pytest.mark.parametrize("shapes", [((3,), (3,)), ((3,), (3, 4)), ((2, 3), (3,)), ((4,), (2, 4, 3)),
                                    ((2, 3, 4), (4,)), ((2, 5, 3, 4), (4, 2)), ((3, 4), (2, 5, 4, 2)),
                                    ((5, 1, 3, 4), (1, 6, 4, 2)), ((1, 1), (1, 1)), ((0, 3), (3, 4)),
                                    ((3, 0), (0, 4)), ((2, 0, 3, 4), (4, 5)), ((0,), (0,)), ((2, 3, 0), (2, 0, 5)),
                                    ((6, 1, 4), (4, 1)), ((1, 9), (9, 1))])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int32"])
def test_matmul_shapes(shapes, dtype):
    a = _host(shapes[0], dtype, 7)
    b = _host(shapes[1], dtype, 8)
    assert_matches(ga.matmul(ga.asarray(a), ga.asarray(b)), _reference(numpy.matmul, a, b), _scale(dtype, 9))


def _views():
    """(name, host transform) pairs: strided views that must give NumPy's product."""
    return [
        ("transposed", lambda x: x.T),
        ("columns", lambda x: x[:, ::2]),
        ("rows_reversed", lambda x: x[::-1]),
        ("both_reversed", lambda x: x[::-1, ::-1]),
        ("sliced", lambda x: x[1:, 2:]),
    ]


@gpu
@pytest.mark.parametrize("view", _views(), ids=lambda v: v[0])
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "int64", "bool"])
def test_matmul_strided_views(view, dtype):
    transform = view[1]
    a_base = _host((8, 8), dtype, 9)
    b_base = _host((8, 8), dtype, 10)
    a = transform(a_base)
    b = transform(b_base)[: a.shape[1]]
    da = transform(ga.asarray(a_base))
    db = transform(ga.asarray(b_base))[: a.shape[1]]
    assert_matches(ga.matmul(da, db), _reference(numpy.matmul, a, b), _scale(dtype, 8))
    # One operand strided, the other contiguous.
    assert_matches(ga.matmul(da, ga.asarray(numpy.ascontiguousarray(b))), _reference(numpy.matmul, a, b),
                   _scale(dtype, 8))


@gpu
@pytest.mark.parametrize("dtype", ["float32", "complex128", "int16"])
def test_matmul_strided_batches(dtype):
    """Batches whose strides do not collapse into one (copied first) and ones that do."""
    a = _host((3, 4, 5, 6), dtype, 11)
    b = _host((4, 6, 5), dtype, 12)
    da, db = ga.asarray(a), ga.asarray(b)
    cases = [
        (lambda x: x.transpose(1, 0, 2, 3), lambda y: y[:, None, :, ::-1]),
        (lambda x: x[:, ::2], lambda y: y[::2]),
        (lambda x: x.swapaxes(-1, -2), lambda y: y.swapaxes(-1, -2)),
        (lambda x: x[::-1, :, ::2], lambda y: y[:, ::-1, :]),
    ]
    for left, right in cases:
        assert_matches(ga.matmul(left(da), right(db)), _reference(numpy.matmul, left(a), right(b)), _scale(dtype, 6))


@gpu
def test_seed_matmul_64x64_with_the_operator():
    a = random_host((64, 64), "float32", 13)
    b = random_host((64, 64), "float32", 14)
    da, db = ga.asarray(a), ga.asarray(b)
    assert_matches(da @ db, _reference(numpy.matmul, a, b), 64)
    assert_matches(da.dot(db), _reference(numpy.dot, a, b), 64)
    product = da @ db
    da @= db
    numpy.testing.assert_allclose(da.get(), product.get(), rtol=1e-5, atol=1e-5)


@gpu
def test_matmul_with_host_or_scalar_operands_is_refused():
    da = ga.asarray(random_host((3, 3), "float32", 15))
    with pytest.raises(TypeError):
        da @ numpy.ones((3, 3), numpy.float32)
    with pytest.raises(TypeError):
        numpy.ones((3, 3), numpy.float32) @ da
    with pytest.raises(TypeError):
        da @ 2


@gpu
def test_matmul_out():
    a = random_host((4, 6), "float32", 16)
    b = random_host((6, 3), "float32", 17)
    expected = _reference(numpy.matmul, a, b)
    for out in (ga.zeros((4, 3), "float32"), ga.zeros((4, 3), "float64"), ga.zeros((3, 4), "float32").T,
                ga.zeros((4, 6), "complex64")[:, ::2]):
        result = ga.matmul(ga.asarray(a), ga.asarray(b), out=out)
        assert result is out
        numpy.testing.assert_allclose(out.get(), expected, rtol=1e-4, atol=1e-4)
    # An out that is also an operand: the product is computed before it is written.
    square = random_host((5, 5), "float64", 18)
    ds = ga.asarray(square)
    ga.matmul(ds, ds, out=ds)
    numpy.testing.assert_allclose(ds.get(), square @ square, rtol=1e-12)


@gpu
def test_matmul_errors():
    a = ga.asarray(random_host((3, 4), "float32", 19))
    b = ga.asarray(random_host((5, 2), "float32", 20))
    with pytest.raises(ValueError, match="size 5 is different from 4"):
        ga.matmul(a, b)
    with pytest.raises(ValueError):
        ga.matmul(ga.asarray(numpy.float32(2)), a)
    with pytest.raises(ValueError):
        ga.matmul(ga.zeros((2, 3, 4)), ga.zeros((3, 4, 2)))
    with pytest.raises(ValueError):
        ga.matmul(a, ga.zeros((4, 2)), out=ga.zeros((2, 3)))
    with pytest.raises(TypeError):
        ga.matmul(a, ga.zeros((4, 2), "float32"), out=ga.zeros((3, 2), "int32"))
    with pytest.raises(ValueError):
        square = ga.zeros((3, 3))
        square @= ga.zeros((3, 4))


@gpu
@pytest.mark.parametrize("name", ["matmul", "dot", "einsum"])
def test_refused_destinations_are_not_written(name):
    # docs/design.md, "Destinations": a wrong shape, a dtype the result does not cast to (float32 ->
    # int32 is not same_kind) and a read-only out are refused before any work, each message naming
    # out, and out keeps its contents; a right one is written and returned as passed.
    a = random_host((4, 6), "float32", 23)
    b = random_host((6, 3), "float32", 24)
    operands = (ga.asarray(a), ga.asarray(b))
    call = {"matmul": lambda out: ga.matmul(*operands, out=out), "dot": lambda out: ga.dot(*operands, out=out),
            "einsum": lambda out: ga.einsum("ij,jk->ik", *operands, out=out)}[name]
    base = ga.full((1, 3), 7, "float32")
    cases = [(ga.full((3, 4), 7, "float32"), ValueError, r"out has shape \(3, 4\) but the result has shape \(4, 3\)"),
             (ga.full((4, 3), 7, "int32"), TypeError, "from float32 to out's int32"),
             (ga.broadcast_to(base, (4, 3)), ValueError, "argument 'out' is read-only")]
    for out, error, message in cases:
        with pytest.raises(error, match=message):
            call(out)
        assert (out.get() == 7).all()
    assert (base.get() == 7).all()
    out = ga.full((4, 3), 7, "float64")
    assert call(out) is out
    numpy.testing.assert_allclose(out.get(), _reference(numpy.matmul, a, b), rtol=1e-5, atol=1e-5)


@gpu
def test_bfloat16_accumulates_in_float32():
    a = random_host((16, 32), "float32", 21)
    b = random_host((32, 8), "float32", 22)
    da = ga.asarray(a).astype("bfloat16")
    db = ga.asarray(b).astype("bfloat16")
    result = ga.matmul(da, db)
    assert result.dtype == da.dtype
    rounded_a = da.astype("float32").get().astype("float64")
    rounded_b = db.astype("float32").get().astype("float64")
    numpy.testing.assert_allclose(result.astype("float32").get(), rounded_a @ rounded_b, rtol=2e-2, atol=5e-2)
    mixed = ga.matmul(da, ga.asarray(b.astype(numpy.float16)))
    assert mixed.dtype == numpy.float32


@gpu
def test_tf32_float32_stays_close():
    a = random_host((128, 256), "float32", 23)
    b = random_host((256, 64), "float32", 24)
    initial = ga.get_allow_tf32()
    try:
        ga.set_allow_tf32(True)
        result = ga.matmul(ga.asarray(a), ga.asarray(b))
    finally:
        ga.set_allow_tf32(initial)
    numpy.testing.assert_allclose(result.get(), _wide(a) @ _wide(b), rtol=5e-2, atol=5e-1)


# ----- dot, vdot, inner, outer --------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("shapes", [((), (3,)), ((3,), ()), ((3,), (3,)), ((2, 3), (3,)), ((2, 3), (3, 4)),
                                    ((2, 3, 4), (5, 4, 6)), ((4,), (2, 4, 3)), ((0,), (0,)), ((2, 0), (0, 3)),
                                    ((3, 1), (1, 3))])
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint32", "float16", "float32", "float64", "complex64"])
def test_dot(shapes, dtype):
    a = _host(shapes[0], dtype, 25)
    b = _host(shapes[1], dtype, 26)
    assert_matches(ga.dot(ga.asarray(a), ga.asarray(b)), _reference(numpy.dot, a, b), _scale(dtype, 4))


@gpu
def test_dot_out_and_errors():
    a = random_host((2, 3), "float64", 27)
    b = random_host((3, 4), "float64", 28)
    out = ga.empty((2, 4))
    assert ga.dot(ga.asarray(a), ga.asarray(b), out=out) is out
    numpy.testing.assert_allclose(out.get(), a @ b, rtol=1e-12)
    with pytest.raises(ValueError, match="not aligned"):
        ga.dot(ga.asarray(a), ga.asarray(a))


@gpu
@pytest.mark.parametrize("dtype", ["complex64", "complex128", "float32", "int64", "bool"])
@pytest.mark.parametrize("shape", [(7,), (3, 4), (0,), (1,)])
def test_vdot_conjugates_and_flattens(dtype, shape):
    a = _host(shape, dtype, 29)
    b = _host(shape, dtype, 30)
    assert_matches(ga.vdot(ga.asarray(a), ga.asarray(b)), _reference(numpy.vdot, a, b), _scale(dtype, 12))
    da = ga.asarray(_host((4, 6), dtype, 31))
    host = da.get()
    assert_matches(ga.vdot(da.T, da[::-1]), _reference(numpy.vdot, host.T, host[::-1]), _scale(dtype, 24))


@gpu
def test_vdot_sizes_must_match():
    with pytest.raises(ValueError):
        ga.vdot(ga.zeros(3), ga.zeros(4))


@gpu
@pytest.mark.parametrize("shapes", [((3,), (3,)), ((2, 3), (4, 3)), ((2, 3, 4), (5, 4)), ((), (2, 2)),
                                    ((0, 3), (2, 3))])
@pytest.mark.parametrize("dtype", ["int16", "float32", "complex128"])
def test_inner(shapes, dtype):
    a = _host(shapes[0], dtype, 32)
    b = _host(shapes[1], dtype, 33)
    assert_matches(ga.inner(ga.asarray(a), ga.asarray(b)), _reference(numpy.inner, a, b), _scale(dtype, 4))
    if a.ndim and b.ndim:
        with pytest.raises(ValueError, match="not aligned"):
            ga.inner(ga.asarray(a), ga.asarray(_host(b.shape[:-1] + (b.shape[-1] + 1,), dtype)))


@gpu
@pytest.mark.parametrize("shapes", [((3,), (4,)), ((2, 2), (3,)), ((0,), (3,)), ((), (2,))])
@pytest.mark.parametrize("dtype", ["bool", "uint8", "float32", "complex64"])
def test_outer(shapes, dtype):
    a = _host(shapes[0], dtype, 34)
    b = _host(shapes[1], dtype, 35)
    assert_matches(ga.outer(ga.asarray(a), ga.asarray(b)), numpy.outer(a, b))
    da = ga.asarray(_host((3, 4), dtype, 36))
    host = da.get()
    assert_matches(ga.outer(da.T, da[:, ::-2]), numpy.outer(host.T, host[:, ::-2]))


# ----- tensordot, kron ----------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("axes", [0, 1, 2, ([1, 0], [0, 1]), ((2,), (0,)), (2, 0), ([0, 2], [1, 0]), ([-1], [0])])
@pytest.mark.parametrize("dtype", ["int32", "float32", "float64", "complex64"])
def test_tensordot(axes, dtype):
    a = _host((3, 4, 5), dtype, 37)
    b_shape = {0: (2, 3), 1: (5, 2), 2: (4, 5, 2)}.get(axes) if isinstance(axes, int) else None
    if b_shape is None:
        b_shape = {str(([1, 0], [0, 1])): (4, 3, 2), str(((2,), (0,))): (5, 2), str((2, 0)): (5, 6),
                   str(([0, 2], [1, 0])): (5, 3, 2), str(([-1], [0])): (5, 2)}[str(axes)]
    b = _host(b_shape, dtype, 38)
    expected = _reference(numpy.tensordot, a, b, axes=axes)
    assert_matches(ga.tensordot(ga.asarray(a), ga.asarray(b), axes=axes), expected, _scale(dtype, 20))


@gpu
def test_tensordot_of_transposed_views_and_errors():
    a = random_host((6, 5, 4), "float64", 39)
    b = random_host((4, 5, 3), "float64", 40)
    da, db = ga.asarray(a), ga.asarray(b)
    expected = numpy.tensordot(a.transpose(2, 1, 0), b, axes=([0, 1], [0, 1]))
    assert_matches(ga.tensordot(da.transpose(2, 1, 0), db, axes=([0, 1], [0, 1])), expected)
    with pytest.raises(ValueError):
        ga.tensordot(da, db, axes=([0], [0]))
    with pytest.raises(ValueError):
        ga.tensordot(da, db, axes=([0, 1], [0]))
    with pytest.raises(IndexError):
        ga.tensordot(da, db, axes=([3], [0]))
    with pytest.raises(IndexError):
        ga.tensordot(da, db, axes=4)


@gpu
@pytest.mark.parametrize("shapes", [((2, 3), (4, 5)), ((3,), (2, 2)), ((2, 1, 3), (3,)), ((), (2, 3)),
                                    ((2, 2), ()), ((0, 2), (3, 1)), ((1,), (1,))])
@pytest.mark.parametrize("dtype", ["bool", "int8", "float32", "complex128"])
def test_kron(shapes, dtype):
    a = _host(shapes[0], dtype, 41)
    b = _host(shapes[1], dtype, 42)
    assert_matches(ga.kron(ga.asarray(a), ga.asarray(b)), numpy.kron(a, b))
    if a.ndim == 2:
        assert_matches(ga.kron(ga.asarray(a).T, ga.asarray(b)), numpy.kron(a.T, b))


# ----- einsum ------------------------------------------------------------------------------------


EINSUM_CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij->ji", [(3, 4)]),
    ("ii->", [(4, 4)]),
    ("ii->i", [(4, 4)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("i,i->", [(6,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("...ij,...jk->...ik", [(2, 3, 3, 4), (3, 4, 2)]),
    ("ij,jk", [(3, 4), (4, 5)]),
    ("ij", [(3, 4)]),
    ("ji", [(3, 4)]),
    ("ij->", [(3, 4)]),
    ("ijk->kji", [(2, 3, 4)]),
    ("ij,ij->ij", [(3, 4), (3, 4)]),
    ("ij,kj->ik", [(3, 4), (5, 4)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    ("bij,bkj->bik", [(2, 3, 4), (2, 5, 4)]),
    ("iij->j", [(3, 3, 4)]),
    ("ij,j->i", [(3, 4), (4,)]),
    ("i,i", [(5,)]),
    ("...i,...i->...", [(2, 3, 4), (3, 4)]),
    ("ij,ik->jk", [(0, 3), (0, 2)]),
    ("a,b,c->abc", [(2,), (3,), (2,)]),
    ("ijk,jl->ikl", [(2, 3, 4), (3, 5)]),
]


def _einsum_operands(shapes, dtype, subscripts):
    if subscripts == "i,i->":
        return [_host(shapes[0], dtype, 43), _host(shapes[0], dtype, 44)]
    if subscripts == "i,i":
        return [_host(shapes[0], dtype, 45), _host(shapes[0], dtype, 46)]
    return [_host(shape, dtype, 47 + i) for i, shape in enumerate(shapes)]


@gpu
@pytest.mark.parametrize("case", EINSUM_CASES, ids=lambda c: c[0])
@pytest.mark.parametrize("dtype", ["int32", "float32", "float64", "complex64", "bool"])
def test_einsum(case, dtype):
    subscripts, shapes = case
    hosts = _einsum_operands(shapes, dtype, subscripts)
    expected = _reference(lambda *xs: numpy.einsum(subscripts, *xs), *hosts)
    result = ga.einsum(subscripts, *[ga.asarray(h) for h in hosts])
    assert_matches(result, expected, _scale(dtype, 20))


@gpu
def test_einsum_views_out_broadcasting_and_errors():
    a = random_host((5, 4), "float64", 60)
    b = random_host((5, 3), "float64", 61)
    da, db = ga.asarray(a), ga.asarray(b)
    assert_matches(ga.einsum("ji,jk->ik", da, db), numpy.einsum("ji,jk->ik", a, b))
    assert_matches(ga.einsum("ij,jk->ik", da.T, db), numpy.einsum("ij,jk->ik", a.T, b))
    assert_matches(ga.einsum("ij->i", da[::-1, ::2]), numpy.einsum("ij->i", a[::-1, ::2]))
    out = ga.zeros((4, 3))
    assert ga.einsum("ji,jk->ik", da, db, out=out) is out
    numpy.testing.assert_allclose(out.get(), a.T @ b, rtol=1e-12)
    # Extent 1 broadcasts against any extent, as NumPy's einsum allows.
    c = random_host((1, 3), "float64", 62)
    assert_matches(ga.einsum("ij,ij->ij", da[:, :3], ga.asarray(c)), numpy.einsum("ij,ij->ij", a[:, :3], c))
    with pytest.raises(ValueError):
        ga.einsum("ij,jk->ik", da, da)
    with pytest.raises(ValueError):
        ga.einsum("ij->iq", da)
    with pytest.raises(ValueError):
        ga.einsum("ij,jk", da)
    with pytest.raises(ValueError):
        ga.einsum("ii", da)
    with pytest.raises(ValueError):
        ga.einsum("i1", da)
