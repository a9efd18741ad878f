//! Errors: the status a garray call returned and the message it left in `ga_last_error()`.

use garray_sys as sys;
use std::ffi::CStr;
use std::fmt;

/// The result of every fallible garray operation.
pub type Result<T> = std::result::Result<T, Error>;

/// What kind of failure an [`Error`] is: one per `ga_status_t` value of the C API.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    InvalidArgument,
    InvalidHandle,
    OutOfMemory,
    NoDevice,
    Cuda,
    Compile,
    ShapeMismatch,
    DType,
    Index,
    Unsupported,
    LinearAlgebra,
    HostOutOfMemory,
    BufferTooSmall,
    VersionMismatch,
    Internal,
    /// A status this version of the crate does not know; [`Error::status`] has its value.
    Other,
}

/// A failed garray call: its status and the message that names the function and the offending
/// argument (`ga_dtype_parse: unknown dtype 'nope'`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    status: sys::ga_status_t,
    message: String,
}

impl Error {
    /// An error of `status` with the message of the last failed call on this thread, which must
    /// be the call that returned `status` (the message is valid until the next garray call).
    pub(crate) fn last(status: sys::ga_status_t) -> Error {
        // SAFETY: ga_last_error never returns NULL; the string lives until the next garray call
        // on this thread, and is copied at once.
        let message = unsafe { CStr::from_ptr(sys::ga_last_error()) };
        Error { status, message: message.to_string_lossy().into_owned() }
    }

    /// An error found by this crate before calling the library (a slice that does not fill the
    /// shape, a Rust type that is not the array's dtype), reported as the C API would.
    pub(crate) fn new(status: sys::ga_status_t, message: impl Into<String>) -> Error {
        Error { status, message: message.into() }
    }

    pub fn kind(&self) -> ErrorKind {
        match self.status {
            sys::GA_ERROR_INVALID_ARGUMENT => ErrorKind::InvalidArgument,
            sys::GA_ERROR_INVALID_HANDLE => ErrorKind::InvalidHandle,
            sys::GA_ERROR_OUT_OF_MEMORY => ErrorKind::OutOfMemory,
            sys::GA_ERROR_NO_DEVICE => ErrorKind::NoDevice,
            sys::GA_ERROR_CUDA => ErrorKind::Cuda,
            sys::GA_ERROR_COMPILE => ErrorKind::Compile,
            sys::GA_ERROR_SHAPE_MISMATCH => ErrorKind::ShapeMismatch,
            sys::GA_ERROR_DTYPE => ErrorKind::DType,
            sys::GA_ERROR_INDEX => ErrorKind::Index,
            sys::GA_ERROR_UNSUPPORTED => ErrorKind::Unsupported,
            sys::GA_ERROR_LINALG => ErrorKind::LinearAlgebra,
            sys::GA_ERROR_HOST_OUT_OF_MEMORY => ErrorKind::HostOutOfMemory,
            sys::GA_ERROR_BUFFER_TOO_SMALL => ErrorKind::BufferTooSmall,
            sys::GA_ERROR_VERSION_MISMATCH => ErrorKind::VersionMismatch,
            sys::GA_ERROR_INTERNAL => ErrorKind::Internal,
            _ => ErrorKind::Other,
        }
    }

    /// The `ga_status_t` value, as the C API returned it.
    pub fn status(&self) -> i32 {
        self.status
    }

    /// The status's name, `GA_ERROR_NO_DEVICE` for instance.
    pub fn status_name(&self) -> &'static str {
        // SAFETY: ga_status_string returns a static string for any value, never NULL.
        let name = unsafe { CStr::from_ptr(sys::ga_status_string(self.status)) };
        name.to_str().unwrap_or("unknown status")
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}: {}", self.status_name(), self.message)
    }
}

impl std::error::Error for Error {}

/// `Ok(())` for GA_OK, else the error with this thread's last message. Call it on the status at
/// once, before any other garray call on the thread.
pub(crate) fn check(status: sys::ga_status_t) -> Result<()> {
    if status == sys::GA_OK { Ok(()) } else { Err(Error::last(status)) }
}
