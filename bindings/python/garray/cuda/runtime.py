"""Device queries in the style of cupy.cuda.runtime."""

from garray._errors import CUDARuntimeError
from garray._library import lib

__all__ = ["CUDARuntimeError", "getDeviceCount", "getDevice", "setDevice", "deviceSynchronize",
           "getDeviceProperties"]

# garray's field names to CuPy's (the CUDA runtime's cudaDeviceProp names).
_PROPERTY_NAMES = {
    "name": "name", "major": "major", "minor": "minor", "multiprocessor_count": "multiProcessorCount",
    "total_memory": "totalGlobalMem", "free_memory": "freeGlobalMem",
    "max_threads_per_block": "maxThreadsPerBlock",
    "max_threads_per_multiprocessor": "maxThreadsPerMultiProcessor", "warp_size": "warpSize",
    "l2_cache_size": "l2CacheSize", "shared_memory_per_block": "sharedMemPerBlock",
    "shared_memory_per_block_optin": "sharedMemPerBlockOptin",
    "shared_memory_per_multiprocessor": "sharedMemPerMultiprocessor", "registers_per_block": "regsPerBlock",
    "clock_rate_khz": "clockRate", "memory_clock_rate_khz": "memoryClockRate",
    "memory_bus_width_bits": "memoryBusWidth", "pci_bus_id": "pciBusID", "pci_device_id": "pciDeviceID",
    "pci_domain_id": "pciDomainID", "integrated": "integrated",
    "concurrent_managed_access": "concurrentManagedAccess",
}


def getDeviceCount():
    """The number of CUDA devices; 0 (not an error) on a machine without a GPU or driver."""
    return lib.ga_device_count()


def getDevice():
    return lib.ga_device_get_current()


def setDevice(device):
    lib.ga_device_set_current(device)


def deviceSynchronize():
    lib.ga_device_synchronize()


def getDeviceProperties(device):
    """The device's properties under CuPy's keys ('name' is bytes, as in CuPy)."""
    properties = lib.ga_device_get_properties(device)
    return {_PROPERTY_NAMES[key]: value for key, value in properties.items()}
