"""garray.scipy: SciPy's namespaces on garray arrays, as cupyx.scipy is CuPy's (so far: signal)."""

from garray.scipy import signal

__all__ = ["signal"]
