"""garray.profiler.benchmark: CPU and GPU time of a function, as cupyx.profiler.benchmark."""

import math
import time

import numpy

from garray.cuda._device import Device
from garray.cuda._stream import Event, get_current_stream, get_elapsed_time


class _PerfCaseResult:
    """Times of each run, in seconds: cpu_times (n,) and gpu_times (devices, n)."""

    def __init__(self, name, cpu_times, gpu_times, devices):
        self.name = name
        self.cpu_times = cpu_times
        self.gpu_times = gpu_times
        self.devices = devices

    @staticmethod
    def _summary(label, times):
        micro = times * 1e6
        return (f"{label}:{micro.mean():9.3f} us   +/- {micro.std():7.3f} "
                f"(min:{micro.min():9.3f} / max:{micro.max():9.3f}) us")

    def to_str(self, show_gpu=True):
        parts = [f"{self.name:<20s}:", self._summary("    CPU", self.cpu_times)]
        if show_gpu:
            parts += [self._summary(f"    GPU-{device}", times) for device, times in zip(self.devices, self.gpu_times)]
        return "".join(parts)

    def __str__(self):
        return self.to_str()


def benchmark(func, args=(), kwargs=None, n_repeat=10000, *, name=None, n_warmup=10, max_duration=math.inf,
              devices=None):
    """Run func(*args, **kwargs) n_warmup times, then up to n_repeat times (stopping once
    max_duration seconds have passed), timing each run on the host (CPU time: until func returns)
    and, with events on each device's current stream, on the devices (GPU time)."""
    kwargs = {} if kwargs is None else kwargs
    if n_repeat < 1 or n_warmup < 0:
        raise ValueError("n_repeat must be at least 1 and n_warmup at least 0")
    devices = (Device().id,) if devices is None else tuple(devices)
    name = getattr(func, "__name__", "function") if name is None else name
    for _ in range(n_warmup):
        func(*args, **kwargs)
    events = []
    for device in devices:
        with Device(device):
            events.append(([Event() for _ in range(n_repeat)], [Event() for _ in range(n_repeat)],
                           get_current_stream()))
    cpu_times = []
    duration = 0.0
    for run in range(n_repeat):
        for starts, _, stream in events:
            starts[run].record(stream)
        started = time.perf_counter()
        func(*args, **kwargs)
        elapsed = time.perf_counter() - started
        for _, stops, stream in events:
            stops[run].record(stream)
        cpu_times.append(elapsed)
        duration += elapsed
        if duration > max_duration:
            break
    runs = len(cpu_times)
    gpu_times = numpy.empty((len(devices), runs))
    for index, (starts, stops, _) in enumerate(events):
        stops[runs - 1].synchronize()
        gpu_times[index] = [get_elapsed_time(starts[run], stops[run]) * 1e-3 for run in range(runs)]
    return _PerfCaseResult(name, numpy.asarray(cpu_times), gpu_times, devices)
