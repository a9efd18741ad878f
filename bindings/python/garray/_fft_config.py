"""garray.fft.config: the cuFFT plan cache of each device, as cupy.fft.config shows it.

    cache = garray.fft.config.get_plan_cache()
    cache.set_size(32)
    cache.show_info()
"""

from garray._library import lib

__all__ = ["PlanCache", "get_plan_cache", "get_plan_cache_size", "set_plan_cache_size", "get_plan_cache_max_memsize",
           "set_plan_cache_max_memsize", "clear_plan_cache", "show_plan_cache_info"]


class PlanCache:
    """The plan cache of one device: a least-recently-used cache bounded by `size` plans (-1: no
    bound, 0: disabled) and `memsize` bytes of work area (-1: no bound)."""

    def __init__(self, device):
        self._device = int(device)

    @property
    def device(self):
        return self._device

    def _info(self):
        return lib.ga_fft_plan_cache_get_info(self._device)

    @property
    def size(self):
        return self._info()["max_size"]

    @size.setter
    def size(self, size):
        self.set_size(size)

    @property
    def memsize(self):
        return self._info()["memory_limit"]

    @memsize.setter
    def memsize(self, size):
        self.set_memsize(size)

    def get_size(self):
        return self.size

    def set_size(self, size):
        if size < -1:
            raise ValueError(f"size must be -1 (no bound) or at least 0, not {size}")
        lib.ga_fft_plan_cache_set_size(self._device, int(size))

    def get_curr_size(self):
        """The number of plans held."""
        return self._info()["size"]

    def get_memsize(self):
        return self.memsize

    def set_memsize(self, size):
        if size < -1:
            raise ValueError(f"memsize must be -1 (no bound) or at least 0, not {size}")
        lib.ga_fft_plan_cache_set_memory_limit(self._device, int(size))

    def get_curr_memsize(self):
        """The work-area bytes the held plans need per execution, summed."""
        return self._info()["memory"]

    @property
    def hits(self):
        return self._info()["hits"]

    @property
    def misses(self):
        return self._info()["misses"]

    def get_info(self):
        """A dict: size, max_size, memory, memory_limit, hits and misses."""
        return dict(self._info())

    def clear(self):
        """Drops every plan; the bounds and the hit and miss counts stay."""
        lib.ga_fft_plan_cache_clear(self._device)

    def show_info(self):
        print(repr(self))

    def __repr__(self):
        info = self._info()
        return (f"------------------- cuFFT plan cache (device {self._device}) -------------------\n"
                f"cache enabled? {info['max_size'] != 0}\n"
                f"current / max size   : {info['size']} / {info['max_size'] if info['max_size'] >= 0 else '(unlimited)'} (counts)\n"
                f"current / max memsize: {info['memory']} / {info['memory_limit'] if info['memory_limit'] >= 0 else '(unlimited)'} (bytes)\n"
                f"hits / misses: {info['hits']} / {info['misses']} (counts)")


def get_plan_cache(device=None):
    """The plan cache of `device` (None: the current device)."""
    return PlanCache(lib.ga_device_get_current() if device is None else device)


def get_plan_cache_size():
    return get_plan_cache().get_size()


def set_plan_cache_size(size):
    get_plan_cache().set_size(size)


def get_plan_cache_max_memsize():
    return get_plan_cache().get_memsize()


def set_plan_cache_max_memsize(size):
    get_plan_cache().set_memsize(size)


def clear_plan_cache():
    get_plan_cache().clear()


def show_plan_cache_info():
    """Prints the cache of every device."""
    for device in range(lib.ga_device_count()):
        PlanCache(device).show_info()
