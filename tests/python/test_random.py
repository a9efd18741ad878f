"""garray.random on a GPU: every distribution and dtype against SciPy's (Kolmogorov-Smirnov for
continuous ones, chi-square for discrete ones, on 2^20 samples with a p-value threshold of 1e-4;
the seeds are fixed, so a pass is deterministic), integers without modulo bias, independence of
streams, seeds and calls, reproducibility, choice/permutation/shuffle, the legacy API and the
error types. The statistical part skips, saying why, without SciPy."""

import numpy
import pytest

import garray as ga
from conftest import gpu

try:
    from scipy import stats
except ImportError:  # Debian's build machines may lack SciPy; the GPU machine has it.
    stats = None

needs_scipy = pytest.mark.skipif(stats is None,
                                 reason="SciPy is not installed: the distribution tests need scipy.stats")

N = 1 << 20
P_THRESHOLD = 1e-4
BIT_GENERATORS = [ga.random.XORWOW, ga.random.Philox4x3210, ga.random.MRG32k3a]
FLOATS = ["float32", "float64"]


def generator(bit_generator=ga.random.XORWOW, seed=12345):
    return ga.random.Generator(bit_generator(seed))


def host(array):
    return ga.asnumpy(array)


def ks_pvalue(sample, cdf):
    return stats.kstest(numpy.asarray(sample, dtype=numpy.float64), cdf).pvalue


def chisquare_pvalue(sample, pmf, support):
    """Chi-square of the counts of the consecutive integers `support` against pmf, the bins with an
    expected count below 20 merged into one."""
    sample = numpy.asarray(sample)
    first, last = int(support[0]), int(support[-1])
    inside = sample[(sample >= first) & (sample <= last)] - first
    observed = numpy.bincount(inside, minlength=len(support)).astype(numpy.float64)
    expected = pmf(support) * sample.size
    keep = expected >= 20
    merged_observed = sample.size - observed[keep].sum()
    merged_expected = sample.size - expected[keep].sum()
    observed, expected = observed[keep], expected[keep]
    if merged_expected >= 20:
        observed = numpy.append(observed, merged_observed)
        expected = numpy.append(expected, merged_expected)
    expected *= observed.sum() / expected.sum()
    return stats.chisquare(observed, expected).pvalue


# ----- reproducibility and independence -------------------------------------------------------------


@gpu
@pytest.mark.parametrize("bit_generator", BIT_GENERATORS)
def test_same_seed_same_numbers(bit_generator):
    a, b = generator(bit_generator, 7), generator(bit_generator, 7)
    for call in (lambda g: g.random(1000), lambda g: g.standard_normal((30, 7), dtype="float32"),
                 lambda g: g.integers(0, 10, 999), lambda g: g.gamma(0.5, size=100), lambda g: g.permutation(50)):
        numpy.testing.assert_array_equal(host(call(a)), host(call(b)))
    assert not numpy.array_equal(host(a.random(1000)), host(generator(bit_generator, 8).random(1000)))


@gpu
def test_numbers_do_not_depend_on_the_stream():
    a, b = generator(ga.random.MRG32k3a, 3), generator(ga.random.MRG32k3a, 3)
    side = ga.cuda.Stream()
    with side:
        first = host(a.random(5000))
    numpy.testing.assert_array_equal(first, host(b.random(5000)))
    with side:
        numpy.testing.assert_array_equal(host(b.standard_normal(77)), host(a.standard_normal(77)))


@gpu
@pytest.mark.parametrize("bit_generator", BIT_GENERATORS)
def test_streams_seeds_and_calls_are_uncorrelated(bit_generator):
    g = generator(bit_generator, 1)
    x = host(g.standard_normal(N))
    y = host(g.standard_normal(N))
    z = host(generator(bit_generator, 2).standard_normal(N))
    bound = 5 / numpy.sqrt(N)
    assert abs(numpy.corrcoef(x, y)[0, 1]) < bound  # consecutive calls
    assert abs(numpy.corrcoef(x, z)[0, 1]) < bound  # neighbouring seeds
    assert abs(numpy.corrcoef(x[:-1], x[1:])[0, 1]) < bound  # neighbouring streams
    streams = 1 << 17
    assert abs(numpy.corrcoef(x[:-streams], x[streams:])[0, 1]) < 5 / numpy.sqrt(N - streams)  # one stream


# ----- continuous distributions ------------------------------------------------------------------------

CONTINUOUS = [
    ("random", (), lambda: stats.uniform().cdf),
    ("uniform", (-2.0, 5.0), lambda: stats.uniform(-2, 7).cdf),
    ("standard_normal", (), lambda: stats.norm().cdf),
    ("normal", (3.0, 0.5), lambda: stats.norm(3, 0.5).cdf),
    ("lognormal", (0.2, 0.7), lambda: stats.lognorm(0.7, scale=numpy.exp(0.2)).cdf),
    ("exponential", (2.5,), lambda: stats.expon(scale=2.5).cdf),
    ("standard_exponential", (), lambda: stats.expon().cdf),
    ("standard_gamma", (0.35,), lambda: stats.gamma(0.35).cdf),
    ("standard_gamma", (4.0,), lambda: stats.gamma(4.0).cdf),
    ("gamma", (1.0, 3.0), lambda: stats.gamma(1.0, scale=3.0).cdf),
    ("gamma", (30.0, 0.1), lambda: stats.gamma(30.0, scale=0.1).cdf),
    ("beta", (0.3, 0.6), lambda: stats.beta(0.3, 0.6).cdf),
    ("beta", (2.0, 5.0), lambda: stats.beta(2.0, 5.0).cdf),
    ("beta", (0.5, 3.0), lambda: stats.beta(0.5, 3.0).cdf),
    ("chisquare", (3.0,), lambda: stats.chi2(3.0).cdf),
    ("chisquare", (0.7,), lambda: stats.chi2(0.7).cdf),
]


@gpu
@needs_scipy
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("bit_generator", BIT_GENERATORS)
@pytest.mark.parametrize("name, args, cdf", CONTINUOUS, ids=[f"{c[0]}{c[1]}" for c in CONTINUOUS])
def test_continuous_distribution_matches_scipy(name, args, cdf, bit_generator, dtype):
    sample = getattr(generator(bit_generator, 2024), name)(*args, size=N, dtype=dtype)
    assert sample.dtype == numpy.dtype(dtype)
    assert sample.shape == (N,)
    values = host(sample)
    assert numpy.all(numpy.isfinite(values))
    assert ks_pvalue(values, cdf()) > P_THRESHOLD


@gpu
@pytest.mark.parametrize("dtype", FLOATS)
def test_random_is_in_the_half_open_unit_interval(dtype):
    values = host(generator().random(N, dtype=dtype))
    assert values.min() >= 0 and values.max() < 1
    values = host(generator().uniform(-1.5, -0.5, N, dtype=dtype))
    assert values.min() >= -1.5 and values.max() <= -0.5


@gpu
def test_float16_samples_are_float32_samples_rounded():
    half = host(generator(seed=5).standard_normal(4096, dtype="float16"))
    single = host(generator(seed=5).standard_normal(4096, dtype="float32"))
    assert half.dtype == numpy.float16
    numpy.testing.assert_array_equal(half, single.astype(numpy.float16))


@gpu
def test_moments_of_the_continuous_distributions():
    g = generator(ga.random.Philox4x3210, 99)
    cases = [(g.normal(1.0, 2.0, N), 1.0, 4.0), (g.exponential(3.0, N), 3.0, 9.0), (g.gamma(2.0, 2.0, N), 4.0, 8.0),
             (g.beta(2.0, 3.0, N), 0.4, 0.04), (g.chisquare(4.0, N), 4.0, 8.0)]
    for sample, mean, variance in cases:
        values = host(sample)
        assert abs(values.mean() - mean) < 6 * numpy.sqrt(variance / N)
        assert abs(values.var() / variance - 1) < 0.02


# ----- discrete distributions --------------------------------------------------------------------------


@gpu
@needs_scipy
@pytest.mark.parametrize("bit_generator", BIT_GENERATORS)
@pytest.mark.parametrize("lam", [0.0, 0.3, 5.0, 63.5, 1000.0, 20000.0])
def test_poisson_matches_scipy(bit_generator, lam):
    sample = generator(bit_generator, 31).poisson(lam, N)
    assert sample.dtype == numpy.int64
    values = host(sample)
    if lam == 0:
        assert not values.any()
        return
    support = numpy.arange(max(0, int(lam - 12 * numpy.sqrt(lam))), int(lam + 12 * numpy.sqrt(lam) + 12))
    assert chisquare_pvalue(values, stats.poisson(lam).pmf, support) > P_THRESHOLD


@gpu
@needs_scipy
@pytest.mark.parametrize("bit_generator", BIT_GENERATORS)
@pytest.mark.parametrize("n, p", [(1, 0.5), (10, 0.05), (20, 0.97), (1000, 0.5), (10 ** 6, 0.3), (10 ** 9, 1e-6),
                                  (7, 0.0), (7, 1.0), (0, 0.4)])
def test_binomial_matches_scipy(bit_generator, n, p):
    sample = generator(bit_generator, 17).binomial(n, p, N)
    assert sample.dtype == numpy.int64
    values = host(sample)
    assert values.min() >= 0 and values.max() <= n
    if p in (0.0, 1.0) or n == 0:
        assert numpy.all(values == n * p)
        return
    sd = numpy.sqrt(n * p * (1 - p))
    support = numpy.arange(max(0, int(n * p - 12 * sd - 2)), min(n, int(n * p + 12 * sd + 2)) + 1)
    assert chisquare_pvalue(values, stats.binom(n, p).pmf, support) > P_THRESHOLD


@gpu
@needs_scipy
@pytest.mark.parametrize("bit_generator", BIT_GENERATORS)
@pytest.mark.parametrize("p", [0.02, 0.3, 0.9, 1.0])
def test_geometric_matches_scipy(bit_generator, p):
    values = host(generator(bit_generator, 5).geometric(p, N))
    assert values.min() >= 1
    if p == 1.0:
        assert numpy.all(values == 1)
        return
    support = numpy.arange(1, int(30 / p) + 2)
    assert chisquare_pvalue(values, stats.geom(p).pmf, support) > P_THRESHOLD


INTEGER_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool"]


@gpu
@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
def test_integers_cover_the_range_of_each_dtype(dtype):
    info = numpy.iinfo(dtype) if dtype != "bool" else None
    low, high = (0, 1) if info is None else (max(info.min, -(1 << 62)), min(info.max, (1 << 62)))
    sample = generator().integers(low, high, size=N, dtype=dtype, endpoint=True)
    assert sample.dtype == numpy.dtype(dtype)
    values = host(sample).astype(numpy.float64)
    assert values.min() >= low and values.max() <= high
    if dtype in ("int8", "uint8", "bool"):
        assert numpy.unique(values).size == high - low + 1
    span = float(high) - float(low)
    assert abs((values.mean() - low) / span - 0.5) < 0.005


@gpu
@needs_scipy
@pytest.mark.parametrize("bit_generator", BIT_GENERATORS)
@pytest.mark.parametrize("low, high", [(0, 6), (-3, 4), (10, 1010), (0, 1 << 33), (-(1 << 40), 1 << 41)])
def test_integers_are_uniform(bit_generator, low, high):
    values = host(generator(bit_generator, 77).integers(low, high, N))
    assert values.min() >= low and values.max() < high
    width = high - low
    if width <= 1000:
        counts = numpy.bincount(values - low, minlength=width)
    else:
        # Bins of 2^shift values each, a whole number of them.
        shift = (width // 64).bit_length() - 1
        assert width % (1 << shift) == 0
        counts = numpy.bincount((values - low) >> shift, minlength=width >> shift)
    assert stats.chisquare(counts).pvalue > P_THRESHOLD


@gpu
@needs_scipy
@pytest.mark.parametrize("bit_generator", BIT_GENERATORS)
def test_integers_have_no_modulo_bias(bit_generator):
    # [0, 3 * 2^30) on uint32: a modulo reduction of 32 random bits would make the first quarter of
    # the range twice as likely; the top bits of an unbiased sample fill 12 bins evenly.
    values = host(generator(bit_generator, 3).integers(0, 3 << 30, N, dtype="uint32"))
    counts = numpy.bincount((values >> 28).astype(numpy.int64), minlength=12)
    assert counts.size == 12
    assert stats.chisquare(counts).pvalue > P_THRESHOLD


# ----- orderings and selections -------------------------------------------------------------------------


@gpu
@pytest.mark.parametrize("n", [0, 1, 2, 1000, 300001])
def test_permutation_of_a_length(n):
    order = host(generator().permutation(n))
    assert order.dtype == numpy.int64
    numpy.testing.assert_array_equal(numpy.sort(order), numpy.arange(n))


@gpu
def test_permutation_and_shuffle_move_whole_rows():
    g = generator(ga.random.Philox4x3210, 4)
    base = numpy.arange(3000, dtype=numpy.float32).reshape(1000, 3)
    permuted = host(g.permutation(ga.asarray(base)))
    assert permuted.shape == base.shape
    numpy.testing.assert_array_equal(permuted[:, 1] - permuted[:, 0], 1)
    numpy.testing.assert_array_equal(numpy.sort(permuted[:, 0]), base[:, 0])
    assert not numpy.array_equal(permuted, base)
    x = ga.asarray(base)
    g.shuffle(x)
    shuffled = host(x)
    numpy.testing.assert_array_equal(numpy.sort(shuffled[:, 2]), base[:, 2])
    numpy.testing.assert_array_equal(shuffled[:, 2] - shuffled[:, 0], 2)
    column = ga.asarray(base)[:, 1]  # a strided view is shuffled in place
    g.shuffle(column)
    numpy.testing.assert_array_equal(numpy.sort(host(column)), base[:, 1])
    with pytest.raises(TypeError):
        g.shuffle(base)


@gpu
@needs_scipy
def test_permutations_are_uniform():
    # Every ordering of 4 items is equally likely.
    g = generator(ga.random.XORWOW, 6)
    codes = numpy.array([int("".join(map(str, host(g.permutation(4))))) for _ in range(2400)])
    counts = numpy.unique(codes, return_counts=True)[1]
    assert counts.size == 24
    assert stats.chisquare(counts).pvalue > P_THRESHOLD


@gpu
def test_choice_with_and_without_replacement():
    g = generator(ga.random.MRG32k3a, 8)
    picked = host(g.choice(1000, 500, replace=False))
    assert numpy.unique(picked).size == 500 and picked.min() >= 0 and picked.max() < 1000
    items = numpy.array([1.5, -2.0, 7.25])
    grid = host(g.choice(ga.asarray(items), (4, 5)))
    assert grid.shape == (4, 5) and numpy.isin(grid, items).all()
    whole = host(g.choice([3, 1, 2], 3, replace=False))
    numpy.testing.assert_array_equal(numpy.sort(whole), [1, 2, 3])
    assert g.choice(5).shape == ()
    assert host(g.choice(5, 0)).shape == (0,)


@gpu
@needs_scipy
def test_choice_with_probabilities():
    g = generator(ga.random.Philox4x3210, 9)
    p = numpy.array([0.1, 0.0, 0.2, 0.3, 0.4])
    values = host(g.choice(5, N, p=p))
    counts = numpy.bincount(values, minlength=5)
    assert counts[1] == 0
    assert stats.chisquare(counts[p > 0], p[p > 0] * N).pvalue > P_THRESHOLD
    # Without replacement every non-zero item is taken exactly once.
    numpy.testing.assert_array_equal(numpy.sort(host(g.choice(5, 4, replace=False, p=p))), [0, 2, 3, 4])
    # The first of two draws without replacement follows p.
    firsts = numpy.array([int(host(g.choice(3, 2, replace=False, p=[0.6, 0.3, 0.1]))[0]) for _ in range(3000)])
    expected = numpy.array([0.6, 0.3, 0.1]) * 3000
    assert stats.chisquare(numpy.bincount(firsts, minlength=3), expected).pvalue > P_THRESHOLD


@gpu
def test_bytes():
    data = generator().bytes(1001)
    assert isinstance(data, bytes) and len(data) == 1001
    assert data != generator(seed=1).bytes(1001)


# ----- out, dtypes and shapes ---------------------------------------------------------------------------


@gpu
def test_out_is_filled():
    out = ga.empty((40, 30), dtype=numpy.float32)
    result = generator(seed=2).random(dtype=numpy.float32, out=out)
    assert result is out
    numpy.testing.assert_array_equal(host(out), host(generator(seed=2).random((40, 30), dtype="float32")))
    out64 = ga.zeros((6,), dtype=numpy.float64)
    generator(seed=3).standard_exponential(size=6, out=out64)
    numpy.testing.assert_array_equal(host(out64), host(generator(seed=3).standard_exponential(6)))
    with pytest.raises(ValueError):
        generator().random(size=5, dtype=numpy.float32, out=out)
    with pytest.raises(TypeError, match="wrong type"):  # NumPy's rule: out has the dtype asked for
        generator().standard_normal(dtype="float32", out=out64)
    with pytest.raises(TypeError):
        generator().random(out=numpy.empty(3))


@gpu
@pytest.mark.parametrize("name", ["random", "standard_normal", "standard_exponential", "standard_gamma"])
def test_read_only_out_is_refused_and_left_alone(name):
    # A read-only out (NumPy's shape and dtype rules are checked above, in Python) is refused by the
    # library's destination check, naming out, before anything is written; a writeable one of the
    # same layout is filled and returned as passed.
    sample = getattr(generator(seed=4), name)
    arguments = (2.0,) if name == "standard_gamma" else ()
    base = ga.full((1, 5), 7, "float32")
    with pytest.raises(ValueError, match="argument 'out' is read-only"):
        sample(*arguments, dtype="float32", out=ga.broadcast_to(base, (3, 5)))
    assert (host(base) == 7).all()
    out = ga.full((3, 5), 7, "float32")
    assert sample(*arguments, dtype="float32", out=out) is out
    numpy.testing.assert_array_equal(host(out), host(getattr(generator(seed=4), name)(*arguments, (3, 5),
                                                                                        dtype="float32")))


@gpu
def test_sizes():
    g = generator()
    assert g.random().shape == ()
    assert g.normal(size=(2, 0, 3)).shape == (2, 0, 3)
    assert g.integers(5, size=7).shape == (7,)
    assert g.poisson(2.0, (3, 4)).shape == (3, 4)
    with pytest.raises(ValueError, match="negative dimensions"):
        g.random((2, -1))


# ----- errors -------------------------------------------------------------------------------------------


@gpu
def test_parameter_domains_raise_numpy_messages():
    g = generator()
    cases = [(lambda: g.normal(0, -1), "scale < 0"), (lambda: g.exponential(-1), "scale < 0"),
             (lambda: g.lognormal(0, -1), "sigma < 0"), (lambda: g.standard_gamma(-1), "shape < 0"),
             (lambda: g.gamma(1, -1), "scale < 0"), (lambda: g.beta(0, 1), "a <= 0"), (lambda: g.beta(1, -1), "b <= 0"),
             (lambda: g.chisquare(0), "df <= 0"), (lambda: g.poisson(-1), "lam < 0"),
             (lambda: g.poisson(1e20), "lam value too large"), (lambda: g.binomial(-1, 0.5), "n < 0"),
             (lambda: g.binomial(3, 1.5), "p > 1"), (lambda: g.binomial(3, -0.5), "p < 0"),
             (lambda: g.geometric(0), "p <= 0"), (lambda: g.geometric(2), "p > 1"),
             (lambda: g.integers(5, 5), "low >= high"),
             (lambda: g.integers(0, 300, dtype="uint8"), "high is out of bounds"),
             (lambda: g.integers(-1, 3, dtype="uint8"), "low is out of bounds"),
             (lambda: g.choice(3, 5, replace=False), "larger sample than population"),
             (lambda: g.choice(3, p=[0.5, 0.5]), "a and p must have same size"),
             (lambda: g.choice(2, p=[0.7, 0.7]), "do not sum to 1"),
             (lambda: g.choice(2, p=[1.5, -0.5]), "non-negative"),
             (lambda: g.choice(3, 2, replace=False, p=[1.0, 0, 0]), "Fewer non-zero entries"),
             (lambda: g.permutation(ga.asarray(numpy.float64(1.0))), "at least 1-dimensional")]
    for call, message in cases:
        with pytest.raises(ValueError, match=message):
            call()


@gpu
def test_dtype_errors():
    g = generator()
    with pytest.raises(TypeError):
        g.random(3, dtype="int32")
    with pytest.raises(TypeError):
        g.standard_normal(3, dtype="complex64")
    with pytest.raises(TypeError):
        g.integers(0, 3, dtype="float32")
    with pytest.raises(TypeError):
        ga.random.rand(2, dtype="int64")


def test_seeds_and_constructors_are_checked_without_a_device():
    with pytest.raises(ValueError):
        ga.random.XORWOW(-1)
    with pytest.raises(ValueError):
        ga.random.Philox4x3210(1 << 64)
    with pytest.raises(TypeError):
        ga.random.MRG32k3a(1.5)
    with pytest.raises(TypeError):
        ga.random.Generator(object())
    with pytest.raises(NotImplementedError):
        ga.random.BitGenerator(1)


def test_bindings_take_the_destination_as_one_argument():
    # The C (out, stream, result) is one Python argument, None or the destination; shuffle's
    # trailing stream may be left out. A NULL generator reaching the C API's own check shows the arity.
    lib = ga._lib
    for call in (lambda: lib.ga_rng_random(None, (2,), lib.GA_FLOAT32, None),
                 lambda: lib.ga_rng_integers(None, 0, 5, 0, (2,), lib.GA_INT64, None),
                 lambda: lib.ga_rng_choice(None, None, 3, 1, None, (2,), None),
                 lambda: lib.ga_rng_permutation(None, 3, None), lambda: lib.ga_rng_bytes(None, 3, None),
                 lambda: lib.ga_rng_shuffle(None, None), lambda: lib.ga_rng_shuffle(None, None, None)):
        with pytest.raises(ValueError, match="argument 'rng' is NULL"):
            call()


# ----- legacy API ----------------------------------------------------------------------------------------


@gpu
def test_legacy_functions_follow_the_seed():
    ga.random.seed(42)
    first = host(ga.random.rand(3, 4))
    assert first.shape == (3, 4) and first.dtype == numpy.float64
    ga.random.seed(42)
    numpy.testing.assert_array_equal(first, host(ga.random.random_sample((3, 4))))
    ga.random.seed(42)
    numpy.testing.assert_array_equal(first.ravel(), host(ga.random.RandomState(42).random_sample(12)))
    numpy.testing.assert_array_equal(first.ravel(), host(ga.random.default_rng(42).random(12)))
    assert ga.random.randn(5).shape == (5,)
    assert ga.random.rand().shape == ()
    ints = host(ga.random.randint(3, 9, size=N))
    assert ints.min() == 3 and ints.max() == 8
    assert host(ga.random.randint(4, size=100)).max() < 4
    assert ga.random.uniform(1, 2, 10, dtype=numpy.float32).dtype == numpy.float32
    normals = host(ga.random.normal(5, 0.1, N))
    assert abs(normals.mean() - 5) < 0.001
    assert ga.random.standard_normal(4).shape == (4,)
    assert ga.random.poisson(3.0, 4).dtype == numpy.int64
    numpy.testing.assert_array_equal(numpy.sort(host(ga.random.permutation(10))), numpy.arange(10))
    state = ga.random.get_random_state()
    assert isinstance(state, ga.random.RandomState)
    assert state.randint(0, 2, 100).dtype == numpy.int64


@gpu
def test_default_rng_and_generators_share_a_bit_generator():
    assert ga.random.default_rng(1).bit_generator.seed == 1
    g = ga.random.default_rng()
    assert ga.random.default_rng(g) is g
    bits = ga.random.Philox4x3210(5)
    a, b = ga.random.Generator(bits), ga.random.default_rng(bits)
    first, second = host(a.random(10)), host(b.random(10))
    assert not numpy.array_equal(first, second)  # one stream of numbers, shared
    numpy.testing.assert_array_equal(first, host(ga.random.Generator(ga.random.Philox4x3210(5)).random(10)))
