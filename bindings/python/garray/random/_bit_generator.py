"""cuRAND's bit generators, named as cupy.random names them. Each owns a generator on the device
that was current when it was made; Generators built on one bit generator share its numbers."""

from garray._library import lib
from garray.random._common import seed_value


class BitGenerator:
    """A cuRAND bit generator seeded with a 64-bit integer (None: fresh entropy)."""

    _kind = None

    def __init__(self, seed=None):
        if self._kind is None:
            raise NotImplementedError("BitGenerator is abstract: use XORWOW, Philox4x3210 or MRG32k3a")
        self._seed = seed_value(seed)
        self._rng = lib.ga_rng_create(self._kind, self._seed)

    @property
    def seed(self):
        return self._seed

    def __repr__(self):
        return f"{type(self).__name__}(seed={self._seed})"


class XORWOW(BitGenerator):
    """cuRAND's XORWOW (CuPy's default bit generator)."""

    _kind = lib.GA_BITGEN_XORWOW


class Philox4x3210(BitGenerator):
    """cuRAND's counter-based Philox4x32-10."""

    _kind = lib.GA_BITGEN_PHILOX4_32_10


class MRG32k3a(BitGenerator):
    """cuRAND's MRG32k3a."""

    _kind = lib.GA_BITGEN_MRG32K3A
