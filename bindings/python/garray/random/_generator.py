"""numpy.random.Generator on cuRAND (cupy.random.Generator's names and signatures)."""

import operator

import numpy

from garray import _dtypes
from garray._creation import asarray, asnumpy
from garray._library import lib
from garray._ndarray import ndarray
from garray.random._bit_generator import BitGenerator, Philox4x3210
from garray.random._common import checked_probabilities, integer, real, shape_of


def _float_code(dtype):
    code = _dtypes.code_of(dtype)
    if code not in (lib.GA_FLOAT16, lib.GA_FLOAT32, lib.GA_FLOAT64):
        raise TypeError(f"Unsupported dtype {numpy.dtype(dtype).name!r} for this distribution")
    return code


def _size_of(size, out, dtype):
    """The shape of a sample with NumPy's `out`: of out's shape and of exactly the dtype asked for."""
    if out is None:
        return shape_of(size)
    if not isinstance(out, ndarray):
        raise TypeError("out must be a garray.ndarray")
    if out.dtype != numpy.dtype(dtype):
        raise TypeError(f"Supplied output array has the wrong type. Expected {numpy.dtype(dtype)}, got {out.dtype}")
    if size is not None and shape_of(size) != out.shape:
        raise ValueError("size must match out.shape when used together")
    return out.shape


class _Sampler:
    """The distributions, on the generator handle `self._rng`."""

    _rng = None

    # ----- continuous ------------------------------------------------------------------------------

    def random(self, size=None, dtype=numpy.float64, out=None):
        return lib.ga_rng_random(self._rng, _size_of(size, out, dtype), _float_code(dtype), out)

    def uniform(self, low=0.0, high=1.0, size=None, dtype=numpy.float64):
        return lib.ga_rng_uniform(self._rng, real(low, "low"), real(high, "high"), shape_of(size),
                                  _float_code(dtype), None)

    def standard_normal(self, size=None, dtype=numpy.float64, out=None):
        return lib.ga_rng_standard_normal(self._rng, _size_of(size, out, dtype), _float_code(dtype), out)

    def normal(self, loc=0.0, scale=1.0, size=None, dtype=numpy.float64):
        return lib.ga_rng_normal(self._rng, real(loc, "loc"), real(scale, "scale"), shape_of(size),
                                 _float_code(dtype), None)

    def lognormal(self, mean=0.0, sigma=1.0, size=None, dtype=numpy.float64):
        return lib.ga_rng_lognormal(self._rng, real(mean, "mean"), real(sigma, "sigma"), shape_of(size),
                                    _float_code(dtype), None)

    def exponential(self, scale=1.0, size=None, dtype=numpy.float64):
        return lib.ga_rng_exponential(self._rng, real(scale, "scale"), shape_of(size), _float_code(dtype), None)

    def standard_exponential(self, size=None, dtype=numpy.float64, method="inv", out=None):
        if method not in ("inv", "zig"):
            raise ValueError(f"method must be 'inv' or 'zig', not {method!r}")
        return lib.ga_rng_exponential(self._rng, 1.0, _size_of(size, out, dtype), _float_code(dtype), out)

    def standard_gamma(self, shape, size=None, dtype=numpy.float64, out=None):
        return lib.ga_rng_standard_gamma(self._rng, real(shape, "shape"), _size_of(size, out, dtype),
                                         _float_code(dtype), out)

    def gamma(self, shape, scale=1.0, size=None, dtype=numpy.float64):
        return lib.ga_rng_gamma(self._rng, real(shape, "shape"), real(scale, "scale"), shape_of(size),
                                _float_code(dtype), None)

    def beta(self, a, b, size=None, dtype=numpy.float64):
        return lib.ga_rng_beta(self._rng, real(a, "a"), real(b, "b"), shape_of(size), _float_code(dtype), None)

    def chisquare(self, df, size=None, dtype=numpy.float64):
        return lib.ga_rng_chisquare(self._rng, real(df, "df"), shape_of(size), _float_code(dtype), None)

    # ----- discrete --------------------------------------------------------------------------------

    def poisson(self, lam=1.0, size=None):
        return lib.ga_rng_poisson(self._rng, real(lam, "lam"), shape_of(size), None)

    def binomial(self, n, p, size=None):
        return lib.ga_rng_binomial(self._rng, integer(n, "n"), real(p, "p"), shape_of(size), None)

    def geometric(self, p, size=None):
        return lib.ga_rng_geometric(self._rng, real(p, "p"), shape_of(size), None)

    def integers(self, low, high=None, size=None, dtype=numpy.int64, endpoint=False):
        if high is None:
            low, high = 0, low
        return lib.ga_rng_integers(self._rng, integer(low, "low"), integer(high, "high"), int(bool(endpoint)),
                                   shape_of(size), _dtypes.code_of(dtype), None)

    # ----- orderings and selections ----------------------------------------------------------------

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if axis != 0:
            raise NotImplementedError("choice supports axis=0 only")
        if isinstance(a, (ndarray, numpy.ndarray, list, tuple)):
            population = asarray(a)
            if population.ndim == 0:
                raise ValueError("a must be a sequence or an integer, not a 0-d array")
            count = population.shape[0]
        else:
            population, count = None, integer(a, "a")
            if count < 0:
                raise ValueError("a must be a positive integer unless no samples are taken")
        shape = shape_of(size)
        probabilities = None
        if p is not None:
            probabilities, nonzero = checked_probabilities(p, count)
            if not replace and int(numpy.prod(shape)) > nonzero:
                raise ValueError("Fewer non-zero entries in p than size")
        return lib.ga_rng_choice(self._rng, population, count, int(bool(replace)), probabilities, shape, None)

    def permutation(self, x, axis=0):
        if axis != 0:
            raise NotImplementedError("permutation supports axis=0 only")
        if isinstance(x, (ndarray, numpy.ndarray, list, tuple)):
            return lib.ga_rng_permuted(self._rng, asarray(x), None)
        return lib.ga_rng_permutation(self._rng, operator.index(x), None)

    def shuffle(self, x, axis=0):
        if axis != 0:
            raise NotImplementedError("shuffle supports axis=0 only")
        if not isinstance(x, ndarray):
            raise TypeError("The array to shuffle must be a garray.ndarray")
        lib.ga_rng_shuffle(self._rng, x, None)

    def bytes(self, length):
        return asnumpy(lib.ga_rng_bytes(self._rng, operator.index(length), None)).tobytes()


class Generator(_Sampler):
    """Random numbers from a cuRAND bit generator (XORWOW, Philox4x3210 or MRG32k3a)."""

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError("bit_generator must be a garray.random bit generator (XORWOW, Philox4x3210, MRG32k3a)")
        self.bit_generator = bit_generator
        self._rng = bit_generator._rng

    def __repr__(self):
        return f"Generator({self.bit_generator!r})"


def default_rng(seed=None):
    """A Generator on Philox4x3210 seeded with `seed` (None: fresh entropy); a Generator or bit
    generator is used as is. Philox rather than CuPy's XORWOW: counter-based, so it keeps no
    state on the device and fills arrays at the write bandwidth (docs/random.md)."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(Philox4x3210(seed))
