"""garray.random: cupy.random's API on cuRAND.

    import garray as ga
    rng = ga.random.default_rng(42)
    x = rng.standard_normal((1000, 3), dtype=ga.float32)
    ga.random.seed(0); y = ga.random.rand(4, 4)

A Generator's numbers depend only on its bit generator, seed and calls (docs/random.md).
"""

from garray.random._bit_generator import MRG32k3a, BitGenerator, Philox4x3210, XORWOW
from garray.random._generator import Generator, default_rng
from garray.random._legacy import (RandomState, beta, binomial, bytes, chisquare, choice, exponential, gamma,
                                   geometric, get_random_state, lognormal, normal, permutation, poisson, rand,
                                   randint, randn, random, random_sample, ranf, sample, seed, shuffle,
                                   standard_exponential, standard_gamma, standard_normal, uniform)
