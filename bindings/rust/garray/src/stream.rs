//! `Stream` and `Event`: owned references to garray's CUDA streams and events.

use crate::ensure_compatible_library;
use crate::error::{Result, check};
use garray_sys as sys;
use std::ptr::{self, NonNull};

/// A CUDA stream. All of garray's device work goes to the calling thread's current stream:
/// [`Stream::make_current`] chooses it. Dropping the value releases its reference; [`Clone`]
/// adds one to the same stream.
#[derive(Debug)]
pub struct Stream {
    handle: NonNull<sys::ga_stream_s>,
}

/// A CUDA event, to order streams and to time work. Dropping releases its reference; [`Clone`]
/// adds one to the same event.
#[derive(Debug)]
pub struct Event {
    handle: NonNull<sys::ga_event_s>,
}

// SAFETY: garray's streams and events may be used from any thread (their reference counts are
// atomic, and CUDA streams and events are thread-safe); no host memory is shared through them.
unsafe impl Send for Stream {}
unsafe impl Sync for Stream {}
unsafe impl Send for Event {}
unsafe impl Sync for Event {}

fn finished(status: sys::ga_status_t, finished: i32) -> Result<bool> {
    check(status)?;
    Ok(finished != 0)
}

impl Stream {
    /// A new stream on the calling thread's current device; a `non_blocking` one does not
    /// synchronise with the legacy default stream.
    pub fn new(non_blocking: bool) -> Result<Stream> {
        ensure_compatible_library()?;
        let flags = if non_blocking { sys::GA_STREAM_NON_BLOCKING } else { sys::GA_STREAM_DEFAULT };
        let mut handle = ptr::null_mut();
        // SAFETY: valid flags and out-pointer.
        check(unsafe { sys::ga_stream_create(flags as u32, 0, &mut handle) })?;
        Ok(Stream { handle: NonNull::new(handle).expect("a new stream handle") })
    }

    /// The calling thread's current stream (the legacy default stream unless another was made
    /// current).
    pub fn current() -> Result<Stream> {
        ensure_compatible_library()?;
        let mut handle = ptr::null_mut();
        // SAFETY: a valid out-pointer.
        check(unsafe { sys::ga_stream_get_current(&mut handle) })?;
        Ok(Stream { handle: NonNull::new(handle).expect("a stream handle") })
    }

    /// Makes this the calling thread's current stream for its device; the thread keeps a
    /// reference until another stream is made current.
    pub fn make_current(&self) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { sys::ga_stream_set_current(self.as_raw()) })
    }

    /// Makes the legacy default stream current again on the calling thread.
    pub fn reset_current() -> Result<()> {
        // SAFETY: NULL restores the legacy default stream.
        check(unsafe { sys::ga_stream_set_current(ptr::null_mut()) })
    }

    /// Waits until the work queued on the stream has finished.
    pub fn synchronize(&self) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { sys::ga_stream_synchronize(self.as_raw()) })
    }

    /// Whether the work queued on the stream has finished, without waiting.
    pub fn is_done(&self) -> Result<bool> {
        let mut done = 0;
        // SAFETY: a live handle and a valid out-pointer.
        finished(unsafe { sys::ga_stream_query(self.as_raw(), &mut done) }, done)
    }

    /// Makes work queued later on this stream wait for `event`, without blocking the host.
    pub fn wait_event(&self, event: &Event) -> Result<()> {
        // SAFETY: live handles.
        check(unsafe { sys::ga_stream_wait_event(self.as_raw(), event.as_raw()) })
    }

    /// The ordinal of the stream's device.
    pub fn device(&self) -> Result<i32> {
        let mut device = -1;
        // SAFETY: a live handle and a valid out-pointer.
        check(unsafe { sys::ga_stream_device(self.as_raw(), &mut device) })?;
        Ok(device)
    }

    /// The garray handle, still owned by this value.
    pub fn as_raw(&self) -> sys::ga_stream_t {
        self.handle.as_ptr()
    }
}

impl Event {
    /// A new event on the current device; `timing` lets [`Event::elapsed_ms`] measure it.
    pub fn new(timing: bool) -> Result<Event> {
        ensure_compatible_library()?;
        let flags = if timing { sys::GA_EVENT_DEFAULT } else { sys::GA_EVENT_DISABLE_TIMING };
        let mut handle = ptr::null_mut();
        // SAFETY: valid flags and out-pointer.
        check(unsafe { sys::ga_event_create(flags as u32, &mut handle) })?;
        Ok(Event { handle: NonNull::new(handle).expect("a new event handle") })
    }

    /// Records the event on `stream`, or on the calling thread's current stream.
    pub fn record(&self, stream: Option<&Stream>) -> Result<()> {
        let stream = stream.map_or(ptr::null_mut(), Stream::as_raw);
        // SAFETY: a live event and a live stream or NULL.
        check(unsafe { sys::ga_event_record(self.as_raw(), stream) })
    }

    /// Waits on the host until the work before the last record has finished.
    pub fn synchronize(&self) -> Result<()> {
        // SAFETY: a live handle.
        check(unsafe { sys::ga_event_synchronize(self.as_raw()) })
    }

    /// Whether the work before the last record has finished, without waiting.
    pub fn is_done(&self) -> Result<bool> {
        let mut done = 0;
        // SAFETY: a live handle and a valid out-pointer.
        finished(unsafe { sys::ga_event_query(self.as_raw(), &mut done) }, done)
    }

    /// Milliseconds from this event to `end`, both recorded and complete.
    pub fn elapsed_ms(&self, end: &Event) -> Result<f32> {
        let mut milliseconds = 0.0;
        // SAFETY: live handles and a valid out-pointer.
        check(unsafe { sys::ga_event_elapsed_ms(self.as_raw(), end.as_raw(), &mut milliseconds) })?;
        Ok(milliseconds)
    }

    /// The garray handle, still owned by this value.
    pub fn as_raw(&self) -> sys::ga_event_t {
        self.handle.as_ptr()
    }
}

impl Clone for Stream {
    fn clone(&self) -> Stream {
        // SAFETY: a live handle; retain cannot fail for one.
        check(unsafe { sys::ga_stream_retain(self.as_raw()) }).expect("retaining a live stream");
        Stream { handle: self.handle }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // SAFETY: this value owns one reference.
        unsafe { sys::ga_stream_release(self.as_raw()) };
    }
}

impl Clone for Event {
    fn clone(&self) -> Event {
        // SAFETY: a live handle; retain cannot fail for one.
        check(unsafe { sys::ga_event_retain(self.as_raw()) }).expect("retaining a live event");
        Event { handle: self.handle }
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        // SAFETY: this value owns one reference.
        unsafe { sys::ga_event_release(self.as_raw()) };
    }
}
