"""The Python snippets of README.md and docs/*.md: each test holds a region, between the markers
`# [snippet:NAME]` and `# [snippet-end]`, that a page shows (scripts/snippets.py, the ctest
docs_snippets, keeps the two equal), runs it, and checks what the page says of it against NumPy.
Edit the region here, then run scripts/snippets.py --update."""

import numpy
import pytest

import garray as ga
from conftest import gpu


def _forget_linalg_reports():
    """Drops the deferred linalg reports that earlier tests of this process left on the stream."""
    try:
        ga.linalg.check_errors()
    except ga.linalg.LinAlgError:
        pass


@gpu
def test_readme(capsys):
    # [snippet:readme] (README.md)
    import garray as ga                       # mirrors cupy

    x = ga.arange(12, dtype=ga.float32).reshape(3, 4)
    print(x.T[1:, ::2])                       # views, printed like CuPy
    y = ga.from_dlpack(x)                     # zero-copy DLPack, both ways (also PyTorch, CuPy, Numba)
    # [snippet-end]
    assert capsys.readouterr().out == str(numpy.array([[1, 9], [2, 10], [3, 11]], numpy.float32)) + "\n"
    assert y.data.ptr == x.data.ptr and y.shape == (3, 4)


@gpu
def test_python_arrays(capsys):
    # [snippet:arrays] (docs/python.md)
    import numpy
    import garray as ga

    x = ga.arange(12, dtype=ga.float32).reshape(3, 4)   # on the current device
    y = x.T[1:, ::2]                                      # a view: no copy
    print(y)                                              # values fetched for printing, as CuPy
    host = ga.asnumpy(y.copy(order="F"))                  # a generated, cached transpose kernel
    # [snippet-end]
    expected = numpy.arange(12, dtype=numpy.float32).reshape(3, 4).T[1:, ::2]
    assert capsys.readouterr().out == str(expected) + "\n"
    numpy.testing.assert_array_equal(host, expected)


@gpu
def test_python_ufuncs_and_kernels():
    # [snippet:ufuncs-and-kernels] (docs/python.md)
    import numpy
    import garray as ga

    x = ga.asarray(numpy.random.default_rng(0).standard_normal((2, 5), dtype=numpy.float32))
    y = ga.arange(5, dtype=ga.float32)
    z = ga.sqrt(abs(x - y) * 2)        # 2 is a Python scalar, weak as in NumPy 2: z stays float32
    assert z.dtype == numpy.float32
    row_sums = z.sum(axis=1)           # ga.add.reduce(z, axis=1)
    table = ga.maximum.outer(y, y)     # shape (5, 5)
    x += 1                             # in place, into x

    squared_diff = ga.ElementwiseKernel("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_diff")
    d = squared_diff(x, y)             # (2, 5) broadcast with (5,); compiled for float32 at this call
    l2norm = ga.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
    norms = l2norm(x, axis=1)
    numpy.testing.assert_allclose(norms.get(), numpy.linalg.norm(x.get(), axis=1), rtol=1e-5)
    # [snippet-end]
    numpy.testing.assert_allclose(row_sums.get(), z.get().sum(axis=1), rtol=1e-5)
    assert table.shape == (5, 5)
    assert d.shape == (2, 5) and d.dtype == numpy.float32
    numpy.testing.assert_allclose(d.get(), (x.get() - y.get()) ** 2, rtol=1e-6)


@gpu
def test_fft():
    import garray

    # The snippet imports garray as `ga` itself, which makes `ga` local to this function.
    previous_size = garray.fft.config.get_plan_cache().get_size()
    # [snippet:fft] (docs/fft.md)
    import numpy
    import garray as ga

    x = ga.asarray(numpy.random.default_rng(0).standard_normal((4, 1000)).astype(numpy.float32))
    spectrum = ga.fft.rfft(x, axis=-1, norm="ortho")        # (4, 501) complex64
    back = ga.fft.irfft(spectrum, n=1000, norm="ortho")      # (4, 1000) float32
    image = ga.fft.fft2(ga.asarray(numpy.ones((64, 64), numpy.complex128)), s=(128, 128))  # zero-padded
    centred = ga.fft.fftshift(ga.fft.fftfreq(8, d=0.1))
    cache = ga.fft.config.get_plan_cache()
    cache.set_size(32)
    print(cache.get_curr_size(), cache.hits, cache.misses)
    # [snippet-end]
    cache.set_size(previous_size)
    assert spectrum.shape == (4, 501) and spectrum.dtype == numpy.complex64
    assert back.shape == (4, 1000) and back.dtype == numpy.float32
    numpy.testing.assert_allclose(back.get(), x.get(), atol=1e-4)
    assert image.shape == (128, 128)
    assert image.get()[0, 0] == pytest.approx(64 * 64)  # the zero frequency sums the ones
    numpy.testing.assert_allclose(centred.get(), numpy.fft.fftshift(numpy.fft.fftfreq(8, d=0.1)))


@gpu
def test_indexing():
    # [snippet:indexing] (docs/indexing.md)
    import garray as ga
    import numpy as np

    a = ga.arange(30, dtype=ga.float32).reshape(5, 6)
    a[[4, 0, -1]]                  # rows 4, 0, 4: shape (3, 6)
    a[[1, 2], [0, -1]]             # two elements: shape (2,)
    a[1:3, [5, 0]]                 # shape (2, 2)
    a[[[0], [1]], :, None][..., 0] # integer arrays, slices, None and ... mix freely
    a[a > 10]                      # boolean mask: 1-D result
    a[[7, -8]]                     # wraps: rows 2 and 2 (NumPy would raise)

    diracs = ga.zeros((2048, 2048), dtype=ga.float32)
    diracs[::512, ::512] = 1.0     # assignment through any key; scalars, arrays, lists, NumPy data
    a[[0, 4], 1:3] = ga.asarray([[1, 2]])   # values broadcast to the selection and are cast

    ga.take(a, [0, 5], axis=1)             # mode='wrap' (default), 'clip' or 'raise'
    ga.put(a, [0, 7], [9, 8], mode='clip') # flat C-order positions; short values repeat
    ga.take_along_axis(a, np.argsort(a.get(), axis=1), axis=1)
    ga.put_along_axis(a, ga.asarray([[0]] * 5), -1.0, axis=1)
    ga.choose(ga.asarray([0, 1, 1]), [ga.zeros(3), ga.ones(3)])   # mode='raise' by default

    counts = ga.zeros(4, dtype=ga.int64)
    ga.add.at(counts, [0, 1, 1, 3, 3, 3], 1)   # counts == [1, 2, 0, 3]: repeats accumulate
    ga.maximum.at(a, ([0, 0], [1, 1]), ga.asarray([5.0, 7.0]))
    ga.negative.at(a, [2])                     # unary ufuncs take no b
    # [snippet-end]
    original = numpy.arange(30, dtype=numpy.float32).reshape(5, 6)
    assert ga.asarray(original)[[4, 0, -1]].shape == (3, 6)
    numpy.testing.assert_array_equal(ga.asarray(original)[[7, -8]].get(), original[[2, 2]])
    assert ga.asarray(original)[[[0], [1]], :, None][..., 0].shape == (2, 1, 6)
    assert diracs.get().sum() == 16
    expected = original.copy()
    expected[[0, 4], 1:3] = [[1, 2]]
    numpy.put(expected, [0, 7], [9, 8], mode="clip")
    numpy.put_along_axis(expected, numpy.array([[0]] * 5), -1.0, axis=1)
    numpy.maximum.at(expected, ([0, 0], [1, 1]), [5.0, 7.0])
    numpy.negative.at(expected, [2])
    numpy.testing.assert_array_equal(a.get(), expected)
    assert counts.get().tolist() == [1, 2, 0, 3]


@gpu
def test_linalg_products():
    # [snippet:products] (docs/linalg.md)
    import numpy
    import garray as ga
    a = ga.asarray(numpy.random.rand(64, 64).astype(numpy.float32))
    b = ga.asarray(numpy.random.rand(64, 64).astype(numpy.float32))
    c = a @ b.T                                       # b.T reaches cuBLAS as a transpose
    batched = ga.einsum("bij,bjk->bik", ga.ones((8, 3, 4)), ga.ones((8, 4, 5)))
    # [snippet-end]
    numpy.testing.assert_allclose(c.get(), a.get() @ b.get().T, rtol=1e-4)
    assert batched.shape == (8, 3, 5) and (batched.get() == 4).all()


@gpu
def test_linalg_factorizations():
    # [snippet:factorizations] (docs/linalg.md)
    import numpy, garray as ga
    a = ga.asarray(numpy.random.rand(100, 64, 64).astype(numpy.float32) + 8 * numpy.eye(64, dtype=numpy.float32))
    inverse = ga.linalg.inv(a)                      # batched over the leading dimension
    u, s, vh = ga.linalg.svd(a[0], full_matrices=False)
    w, v = ga.linalg.eigh(a[0] @ a[0].T)
    # [snippet-end]
    identity = numpy.broadcast_to(numpy.eye(64, dtype=numpy.float32), (100, 64, 64))
    numpy.testing.assert_allclose((inverse @ a).get(), identity, atol=1e-3)
    assert (u.shape, s.shape, vh.shape) == ((64, 64), (64,), (64, 64))
    numpy.testing.assert_allclose(s.get(), numpy.linalg.svd(a[0].get(), compute_uv=False), rtol=1e-4)
    assert w.shape == (64,) and v.shape == (64, 64)


@gpu
def test_linalg_check_modes(capsys):
    x = ga.asarray(-numpy.eye(3))     # not positive definite
    y = ga.asarray(2 * numpy.eye(3))  # not singular
    _forget_linalg_reports()
    # [snippet:check-modes] (docs/linalg.md)
    with ga.errstate(linalg="raise"):               # this thread only, restored on exit
        try:
            ga.linalg.cholesky(x)
        except ga.linalg.LinAlgError as error:      # a subclass of numpy.linalg.LinAlgError
            print(error)
    ga.linalg.inv(y)                                # deferred: no wait
    ga.linalg.check_errors()                        # raises LinAlgError if any entry was singular
    # [snippet-end]
    assert "positive definite" in capsys.readouterr().out
    ga.linalg.inv(ga.asarray(numpy.zeros((3, 3))))  # singular, deferred
    with pytest.raises(ga.linalg.LinAlgError):
        ga.linalg.check_errors()


@gpu
def test_manipulation():
    # [snippet:manipulation] (docs/manipulation.md)
    import garray as ga
    w = ga.outer(ga.hanning(31), ga.hanning(31))      # a 31 x 31 float64 window
    x = ga.arange(12.0).reshape(3, 4)
    ga.concatenate([x, x[:, ::2]], axis=1)           # (3, 6)
    ga.pad(x, ((1, 0), (2, 2)), "symmetric")
    ga.roll(x, (1, -1), axis=(0, 1))
    left, right = ga.split(x, 2, axis=1)             # views
    ga.copyto(x, 0.0, where=x > 5)
    # [snippet-end]
    assert w.shape == (31, 31) and w.dtype == numpy.float64
    numpy.testing.assert_allclose(w.get(), numpy.outer(numpy.hanning(31), numpy.hanning(31)), atol=1e-12)
    expected = numpy.arange(12.0).reshape(3, 4)
    numpy.copyto(expected, 0.0, where=expected > 5)
    numpy.testing.assert_array_equal(x.get(), expected)
    numpy.testing.assert_array_equal(left.get(), expected[:, :2])  # views of x, written through
    numpy.testing.assert_array_equal(right.get(), expected[:, 2:])


@gpu
def test_random():
    # [snippet:random] (docs/random.md)
    import garray as ga

    rng = ga.random.default_rng(42)                  # Philox4x32-10, seeded
    x = rng.standard_normal((1000, 3), dtype=ga.float32)
    k = rng.integers(0, 10, size=100, dtype=ga.uint8)
    order = rng.permutation(52)
    hand = rng.choice(52, 5, replace=False)
    rng2 = ga.random.Generator(ga.random.Philox4x3210(7))

    ga.random.seed(0)                                # the legacy API
    y = ga.random.rand(4, 4)
    # [snippet-end]
    assert x.shape == (1000, 3) and x.dtype == numpy.float32
    assert k.dtype == numpy.uint8 and k.get().max() < 10
    assert sorted(order.get().tolist()) == list(range(52))
    assert len(set(hand.get().tolist())) == 5
    assert rng2.standard_normal(3).shape == (3,)
    assert y.shape == (4, 4) and ((0 <= y.get()) & (y.get() < 1)).all()
    numpy.testing.assert_array_equal(ga.random.default_rng(42).standard_normal((1000, 3), dtype=ga.float32).get(),
                                     x.get())  # reproducible per seed


@gpu
def test_reductions():
    # [snippet:reductions] (docs/reductions.md)
    import numpy
    import garray as ga
    x = ga.asarray(numpy.random.rand(4096, 4096).astype("float32"))
    w = ga.asarray(numpy.random.rand(4096))
    x.mean(axis=0); x.std(axis=0, ddof=1); ga.nanvar(x, axis=(0, 1), keepdims=True)
    ga.argmax(x); x.argmax(axis=1, keepdims=True); ga.nanargmax(x, axis=0)
    ga.average(x, axis=1, weights=w, returned=True); ga.cov(x[:8]); ga.corrcoef(x[:8], rowvar=True)
    # [snippet-end]
    host = x.get()
    numpy.testing.assert_allclose(x.std(axis=0, ddof=1).get(), host.std(axis=0, ddof=1), rtol=1e-4)
    assert x.argmax(axis=1, keepdims=True).shape == (4096, 1)
    average, weights = ga.average(x, axis=1, weights=w, returned=True)
    numpy.testing.assert_allclose(average.get(), numpy.average(host, axis=1, weights=w.get()), rtol=1e-4)
    assert ga.cov(x[:8]).shape == (8, 8)


@gpu
def test_scans_and_masks():
    # [snippet:scans-and-masks] (docs/scans-and-masks.md)
    import numpy
    import garray as ga
    from garray._masks import _get_mask, _set_mask   # what a[mask] and a[mask] = v call

    x = ga.linspace(-3, 3, 7)
    assert ga.add.accumulate(x).get().tolist() == [-3, -5, -6, -6, -5, -3, 0]
    m = ga.arange(12, dtype=ga.int8).reshape(3, 4)
    ga.cumsum(m, axis=1)                 # int64, as NumPy: narrow integers and bool accumulate in 64 bits
    m.cumprod(axis=0, dtype="float32")
    ga.nancumsum(ga.asarray([1.0, numpy.nan, 2.0]))   # [1, 1, 3]
    ga.diff(x, n=2, prepend=0)
    ga.subtract.accumulate(m, axis=1)    # order kept: ((m0 - m1) - m2) - m3
    rows, columns = ga.nonzero(m > 5)
    ga.compress([True, False, True], m, axis=0)
    positive = _get_mask(x, x > 0)       # x[x > 0]
    _set_mask(x, x > 0, 0.0)             # x[x > 0] = 0: one elementwise pass, no wait
    # [snippet-end]
    assert ga.cumsum(m, axis=1).dtype == numpy.int64
    assert ga.nancumsum(ga.asarray([1.0, numpy.nan, 2.0])).get().tolist() == [1, 1, 3]
    numpy.testing.assert_array_equal(ga.subtract.accumulate(m, axis=1).get(),
                                     numpy.subtract.accumulate(m.get(), axis=1))
    assert rows.get().tolist() == [1, 1, 2, 2, 2, 2] and columns.get().tolist() == [2, 3, 0, 1, 2, 3]
    assert positive.get().tolist() == [1, 2, 3]
    assert x.get().tolist() == [-3, -2, -1, 0, 0, 0, 0]


@gpu
def test_sorting():
    # [snippet:sorting] (docs/sorting.md)
    import numpy
    import garray as ga

    x = ga.asarray(numpy.array([[3.0, numpy.nan, -0.0], [2.0, 0.0, -1.0]]))
    ga.sort(x)                         # [[-0., 3., nan], [-1., 0., 2.]]
    ga.argsort(x, axis=None)           # NumPy's kind='stable' indices
    x.sort(axis=0)                     # in place
    ga.searchsorted(ga.arange(10), ga.asarray(numpy.array([2.5, 9])), side="right")
    values, inverse, counts = ga.unique(x, return_inverse=True, return_counts=True)
    hist, edges = ga.histogram(x[~ga.isnan(x)], bins=4)
    ga.percentile(x, [25, 75], axis=1, keepdims=True)
    # [snippet-end]
    original = numpy.array([[3.0, numpy.nan, -0.0], [2.0, 0.0, -1.0]])
    numpy.testing.assert_array_equal(ga.sort(ga.asarray(original)).get(), numpy.sort(original))
    numpy.testing.assert_array_equal(ga.argsort(ga.asarray(original), axis=None).get(),
                                     numpy.argsort(original, axis=None, kind="stable"))
    numpy.testing.assert_array_equal(x.get(), numpy.sort(original, axis=0))
    expected = numpy.unique(numpy.sort(original, axis=0), return_counts=True)
    numpy.testing.assert_array_equal(values.get(), expected[0])
    numpy.testing.assert_array_equal(counts.get(), expected[1])
    assert hist.get().sum() == 5 and edges.shape == (5,)


@gpu
def test_array_api_and_protocols():
    # [snippet:array-api] (README.md, docs/python.md)
    import numpy
    import garray as ga

    def standardize(x):                      # array-API code: no import of garray in it
        xp = x.__array_namespace__()         # garray itself
        return (x - xp.mean(x, axis=0)) / xp.std(x, axis=0, correction=1)

    x = ga.asarray(numpy.random.default_rng(0).standard_normal((100, 3)))
    z = standardize(x)                       # on the GPU, a garray array
    s = numpy.linalg.svd(z, compute_uv=False)  # NumPy's function, garray's work (NEP 18)
    w = numpy.exp(z)                         # NumPy's ufunc, garray's kernel (NEP 13)
    # [snippet-end]
    host = ga.asnumpy(x)
    expected = (host - host.mean(axis=0)) / host.std(axis=0, ddof=1)
    numpy.testing.assert_allclose(ga.asnumpy(z), expected)
    assert isinstance(s, ga.ndarray) and isinstance(w, ga.ndarray)
    numpy.testing.assert_allclose(ga.asnumpy(s), numpy.linalg.svd(expected, compute_uv=False))
