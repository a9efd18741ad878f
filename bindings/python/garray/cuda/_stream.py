"""garray.cuda.Stream, ExternalStream and Event, as CuPy's.

garray keeps the current stream per thread in the C library (ga_stream_set_current); these classes
wrap its handles, so a stream made current here is the one every garray call of the thread uses,
whichever language made the call.
"""

import threading

from garray._library import lib

_previous_streams = threading.local()


class Stream:
    """A CUDA stream. `with stream:` makes it the thread's current stream for the block.

    Stream() creates a stream (non_blocking: it does not synchronise with the legacy default
    stream); Stream(null=True) is the legacy default stream and Stream(ptds=True) the per-thread
    default stream of the current device; `Stream.null` is the former.
    """

    __slots__ = ("_handle",)

    def __init__(self, null=False, non_blocking=False, ptds=False, priority=0):
        if null and ptds:
            raise ValueError("a stream cannot be both the null stream and the per-thread default stream")
        device = lib.ga_device_get_current()
        if null:
            self._handle = lib.ga_stream_wrap(None, device)
        elif ptds:
            self._handle = lib.ga_stream_wrap(_PER_THREAD_DEFAULT_STREAM, device)
        else:
            flags = lib.GA_STREAM_NON_BLOCKING if non_blocking else lib.GA_STREAM_DEFAULT
            self._handle = lib.ga_stream_create(flags, priority)

    @classmethod
    def _from_handle(cls, handle):
        stream = cls.__new__(cls)
        stream._handle = handle
        return stream

    @property
    def ptr(self):
        """The cudaStream_t, as an int (0 for the legacy default stream)."""
        return lib.ga_stream_native(self._handle)

    @property
    def device_id(self):
        return lib.ga_stream_device(self._handle)

    @property
    def done(self):
        """Whether all work queued on the stream has finished."""
        return lib.ga_stream_query(self._handle)

    def synchronize(self):
        lib.ga_stream_synchronize(self._handle)

    def record(self, event=None):
        """Record `event` (a new one when None) on this stream and return it."""
        if event is None:
            event = Event()
        event.record(self)
        return event

    def wait_event(self, event):
        """Make later work on this stream wait for `event`, without blocking the host."""
        lib.ga_stream_wait_event(self._handle, event._handle)

    def use(self):
        lib.ga_stream_set_current(self._handle)
        return self

    def __enter__(self):
        stack = getattr(_previous_streams, "stack", None)
        if stack is None:
            stack = _previous_streams.stack = []
        stack.append(lib.ga_stream_get_current())
        lib.ga_stream_set_current(self._handle)
        return self

    def __exit__(self, *exception):
        lib.ga_stream_set_current(_previous_streams.stack.pop())

    def __eq__(self, other):
        return isinstance(other, Stream) and (self.ptr, self.device_id) == (other.ptr, other.device_id)

    def __hash__(self):
        return hash((self.ptr, self.device_id))

    def __repr__(self):
        return f"<garray.cuda.Stream {self.ptr:#x} (device {self.device_id})>"


# cudaStreamPerThread, as the CUDA headers define it.
_PER_THREAD_DEFAULT_STREAM = 2


class _NullStream:
    """Stream.null: the legacy default stream of the current device, as CuPy's class attribute."""

    def __get__(self, instance, owner):
        return owner(null=True)


Stream.null = _NullStream()


class ExternalStream(Stream):
    """A stream created elsewhere (PyTorch, CuPy, ...), by its cudaStream_t; it is never destroyed here."""

    __slots__ = ()

    def __init__(self, ptr, device_id=-1):
        if device_id < 0:
            device_id = lib.ga_device_get_current()
        self._handle = lib.ga_stream_wrap(ptr, device_id)


def get_current_stream():
    """The calling thread's current stream of its current device."""
    return Stream._from_handle(lib.ga_stream_get_current())


def protocol_stream_value():
    """The current stream as DLPack and __cuda_array_interface__ number streams: 1 for the legacy
    default stream, 2 for the per-thread default stream, else the cudaStream_t."""
    pointer = lib.ga_stream_native(lib.ga_stream_get_current())
    return 1 if pointer == 0 else pointer


def wait_for_producer_stream(stream_value, device):
    """Make the current stream wait for the work queued so far on a producer's stream, numbered as in
    protocol_stream_value(), without blocking the host; nothing when it is the current stream."""
    if stream_value is None or stream_value == protocol_stream_value():
        return
    if stream_value in (0, -1) or not isinstance(stream_value, int):
        raise ValueError(f"invalid producer stream {stream_value!r}")
    producer = lib.ga_stream_wrap(None if stream_value == 1 else stream_value, device)
    event = lib.ga_event_create(lib.GA_EVENT_DISABLE_TIMING)
    lib.ga_event_record(event, producer)
    lib.ga_stream_wait_event(None, event)


class Event:
    """A CUDA event: block makes synchronize() sleep instead of spinning; disable_timing makes it
    cheaper but refused by get_elapsed_time."""

    __slots__ = ("_handle",)

    def __init__(self, block=False, disable_timing=False):
        flags = (lib.GA_EVENT_BLOCKING_SYNC if block else 0) | (lib.GA_EVENT_DISABLE_TIMING if disable_timing else 0)
        self._handle = lib.ga_event_create(flags)

    def record(self, stream=None):
        """Record on `stream` (None: the current stream)."""
        lib.ga_event_record(self._handle, None if stream is None else stream._handle)

    def synchronize(self):
        lib.ga_event_synchronize(self._handle)

    @property
    def done(self):
        return lib.ga_event_query(self._handle)

    @property
    def ptr(self):
        return lib.ga_event_native(self._handle)


def get_elapsed_time(start_event, end_event):
    """Milliseconds between two recorded events."""
    return lib.ga_event_elapsed_ms(start_event._handle, end_event._handle)
