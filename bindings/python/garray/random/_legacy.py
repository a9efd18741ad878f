"""The legacy API: RandomState and the module-level functions (numpy.random.seed, rand, randn, ...)
on the current device's global generator (XORWOW, as CuPy's)."""

import numpy

from garray import _dtypes
from garray._library import lib
from garray.random._common import integer, real, seed_value, shape_of
from garray.random._generator import _Sampler, _float_code


class RandomState(_Sampler):
    """numpy.random.RandomState on a Philox4x32-10 generator of its own (the current device's)."""

    def __init__(self, seed=None):
        self._rng = lib.ga_rng_create(lib.GA_BITGEN_PHILOX4_32_10, seed_value(seed))

    @classmethod
    def _global(cls):
        state = cls.__new__(cls)
        state._rng = lib.ga_random_get_rng()
        return state

    def seed(self, seed=None):
        self._rng = lib.ga_rng_create(lib.GA_BITGEN_PHILOX4_32_10, seed_value(seed))

    def rand(self, *size, dtype=float):
        return self.random_sample(size or None, dtype)

    def randn(self, *size, dtype=float):
        return self.standard_normal(size or None, dtype)

    def random_sample(self, size=None, dtype=float):
        return self.random(size, dtype)

    def randint(self, low, high=None, size=None, dtype=int):
        return self.integers(low, high, size, dtype)

    def tomaxint(self, size=None):
        return self.integers(0, numpy.iinfo(numpy.int64).max, size)


def get_random_state():
    """The current device's global generator, as a RandomState."""
    return RandomState._global()


def seed(seed=None):
    """Reseeds the current device's global generator (None: fresh entropy)."""
    lib.ga_random_seed(seed_value(seed))


def rand(*size, dtype=float):
    return lib.ga_random_rand(size, _float_code(dtype), None)


def randn(*size, dtype=float):
    return lib.ga_random_randn(size, _float_code(dtype), None)


def random_sample(size=None, dtype=float):
    return lib.ga_random_rand(shape_of(size), _float_code(dtype), None)


random = random_sample
ranf = random_sample
sample = random_sample


def uniform(low=0.0, high=1.0, size=None, dtype=float):
    return lib.ga_random_uniform(real(low, "low"), real(high, "high"), shape_of(size), _float_code(dtype), None)


def normal(loc=0.0, scale=1.0, size=None, dtype=float):
    return lib.ga_random_normal(real(loc, "loc"), real(scale, "scale"), shape_of(size), _float_code(dtype), None)


def randint(low, high=None, size=None, dtype=int):
    if high is None:
        low, high = 0, low
    return lib.ga_random_randint(integer(low, "low"), integer(high, "high"), shape_of(size), _dtypes.code_of(dtype),
                                 None)


def _on_global_state(name):
    def function(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)

    function.__name__ = name
    function.__doc__ = f"RandomState.{name} on the current device's global generator."
    return function


standard_normal = _on_global_state("standard_normal")
lognormal = _on_global_state("lognormal")
exponential = _on_global_state("exponential")
standard_exponential = _on_global_state("standard_exponential")
standard_gamma = _on_global_state("standard_gamma")
gamma = _on_global_state("gamma")
beta = _on_global_state("beta")
chisquare = _on_global_state("chisquare")
poisson = _on_global_state("poisson")
binomial = _on_global_state("binomial")
geometric = _on_global_state("geometric")
choice = _on_global_state("choice")
permutation = _on_global_state("permutation")
shuffle = _on_global_state("shuffle")
bytes = _on_global_state("bytes")
