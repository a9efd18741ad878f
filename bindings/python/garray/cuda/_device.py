"""garray.cuda.Device, as cupy.cuda.Device."""

import threading

from garray._library import lib
from garray.cuda._attributes import DEVICE_ATTRIBUTES

_previous_devices = threading.local()


class Device:
    """A CUDA device. `with Device(1):` makes it the calling thread's current device for the block."""

    __slots__ = ("id", "_properties")

    def __init__(self, device=None):
        if device is None:
            device = lib.ga_device_get_current()
        elif isinstance(device, Device):
            device = device.id
        elif not isinstance(device, int) or isinstance(device, bool):
            raise TypeError(f"device must be an int, a Device or None, not {type(device).__name__}")
        self.id = device
        self._properties = None

    def use(self):
        lib.ga_device_set_current(self.id)
        return self

    def synchronize(self):
        """Wait for all work on the device (it is made current for the call)."""
        with self:
            lib.ga_device_synchronize()

    def __enter__(self):
        stack = getattr(_previous_devices, "stack", None)
        if stack is None:
            stack = _previous_devices.stack = []
        stack.append(lib.ga_device_get_current())
        lib.ga_device_set_current(self.id)
        return self

    def __exit__(self, *exception):
        lib.ga_device_set_current(_previous_devices.stack.pop())

    def _static_properties(self):
        if self._properties is None:
            self._properties = lib.ga_device_get_properties(self.id)
        return self._properties

    @property
    def compute_capability(self):
        """'90' for sm_90, as CuPy spells it."""
        properties = self._static_properties()
        return f"{properties['major']}{properties['minor']}"

    @property
    def name(self):
        return self._static_properties()["name"].decode()

    @property
    def mem_info(self):
        """(free, total) bytes of device memory now."""
        properties = lib.ga_device_get_properties(self.id)
        return properties["free_memory"], properties["total_memory"]

    @property
    def attributes(self):
        """Every attribute CUDA reports, by CuPy's names ('MaxThreadsPerBlock': 1024, ...)."""
        attributes = {}
        for name, number in DEVICE_ATTRIBUTES.items():
            try:
                attributes[name] = lib.ga_device_get_attribute(self.id, number)
            except ValueError:
                pass  # an attribute this driver does not know (newer than it), as CuPy skips them
        return attributes

    def __int__(self):
        return self.id

    __index__ = __int__

    def __eq__(self, other):
        return isinstance(other, Device) and other.id == self.id

    def __hash__(self):
        return hash(self.id)

    def __repr__(self):
        return f"<CUDA Device {self.id}>"
