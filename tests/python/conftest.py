"""Shared fixtures: device tests skip, saying why, on a machine without a CUDA device."""

import pytest

import garray as ga


def _device_count():
    try:
        return ga.cuda.runtime.getDeviceCount()
    except ga.cuda.runtime.CUDARuntimeError:
        return 0


HAS_DEVICE = _device_count() > 0
NO_DEVICE_REASON = "no CUDA device: garray.cuda.runtime.getDeviceCount() is 0"

gpu = pytest.mark.skipif(not HAS_DEVICE, reason=NO_DEVICE_REASON)


def pytest_report_header(config):
    return f"garray {ga.__version__}; " + ("CUDA devices: %d" % _device_count() if HAS_DEVICE else NO_DEVICE_REASON)


@pytest.fixture
def memory_pool():
    """The default pool, synchronised and with its cache emptied, so tests can count bytes in use."""
    ga.cuda.runtime.deviceSynchronize()
    pool = ga.get_default_memory_pool()
    pool.free_all_blocks()
    return pool
