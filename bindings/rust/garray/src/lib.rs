//! garray from Rust: NumPy/CuPy semantics on NVIDIA GPUs through libgarray's C API.
//!
//! ```no_run
//! use garray::{Array, DType};
//!
//! let matrix = Array::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?;
//! let transposed = matrix.transpose()?.copy()?; // a view, then a C-contiguous copy on the GPU
//! assert_eq!(transposed.shape(), [3, 2]);
//! assert_eq!(transposed.to_vec::<f32>()?, [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
//! assert_eq!(transposed.dtype()?, DType::Float32);
//! # Ok::<(), garray::Error>(())
//! ```
//!
//! Every fallible call returns [`Result`], whose [`Error`] carries the C API's status and the
//! message naming the function and the offending argument. Arrays, streams and events own a
//! reference to their garray handle: `Drop` releases it and `Clone` adds one to the same object.
//!
//! # Threads
//! [`Array`], [`Stream`], [`Event`] and [`DLPackTensor`] are `Send` and `Sync`: every garray
//! function may be called from any thread, and handles are reference-counted atomically. The
//! current device and the current stream are per thread, as in the C API, so an array moved to
//! another thread is worked on there on that thread's current stream. Writes to the same
//! elements from several threads must be ordered by the caller (with streams and events); that
//! concerns device memory, which Rust code never dereferences, so it is not a Rust data race.
//!
//! # Arithmetic
//! `+`, `-`, `*`, `/` and unary `-` work on `&Array` and `Array`, with arrays, [`Scalar`]s or
//! plain Rust numbers on either side, and return a new `Array`: NumPy's add, subtract, multiply,
//! true divide and negative, elementwise, broadcasting, with NumPy 2's type promotion.
//!
//! ```no_run
//! use garray::{Array, DType};
//!
//! let x = Array::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?;
//! let row = Array::from_slice(&[10.0f32, 20.0, 30.0], &[3])?;
//! let y = &x * 2.0 + &row; // 2.0 is weak, as a Python float: y stays float32
//! assert_eq!(y.dtype()?, DType::Float32);
//! assert_eq!(y.to_vec::<f32>()?, [12.0, 24.0, 36.0, 18.0, 30.0, 42.0]);
//! assert_eq!(y.sum()?.to_vec::<f32>()?, [162.0]);
//! # Ok::<(), garray::Error>(())
//! ```
//!
//! Rust numbers are *weak* scalars whatever their Rust type (`2.0`, `2.0f32`, `1u8`): only
//! their kind counts, as for Python's numbers in NumPy 2, so `int8 array + 1` is int8 and
//! `float16 array * 2.0` float16. [`Scalar::typed`] makes a NumPy scalar of the value's dtype
//! instead (`&x * Scalar::typed(2.0f64)` is float64). `/` is true division (`int32 / int32` is
//! float64), as in NumPy.
//!
//! # Panics
//! An operator cannot return an error, so it panics with the error's status and message where
//! the C API fails: shapes that do not broadcast, dtypes no loop takes (`bool - bool`), a weak
//! integer out of the array's range (`uint8 array + 300`), a missing device, device memory
//! exhausted. [`Array::try_add`], [`try_sub`](Array::try_sub), [`try_mul`](Array::try_mul),
//! [`try_div`](Array::try_div) and [`try_neg`](Array::try_neg) return those as [`Result`].
//! [`Array::ufunc`] calls any of garray's ufuncs by NumPy's name, [`Array::reduce`] and
//! [`Array::sum`] reduce.
//!
//! The raw declarations are the `garray-sys` crate, re-exported as [`sys`].

mod array;
mod dlpack;
mod dtype;
mod error;
mod stream;
mod ufunc;

pub use array::Array;
pub use dlpack::DLPackTensor;
pub use dtype::{Complex, DType, DTypeKind, Element};
pub use error::{Error, ErrorKind, Result};
pub use garray_sys as sys;
pub use stream::{Event, Stream};
pub use ufunc::{Operand, Scalar, ScalarValue};

use error::check;
use std::ffi::CStr;
use std::sync::OnceLock;

/// The version of the loaded library, "0.1.0" for instance.
pub fn version() -> &'static str {
    // SAFETY: ga_version returns a static string, never NULL.
    unsafe { CStr::from_ptr(sys::ga_version()) }.to_str().expect("the version is ASCII")
}

/// The version numbers of the loaded library and the ABI version it implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Version {
    pub major: i32,
    pub minor: i32,
    pub patch: i32,
    pub abi: i32,
}

pub fn version_numbers() -> Version {
    let mut version = Version { major: 0, minor: 0, patch: 0, abi: 0 };
    // SAFETY: valid out-pointers; the call cannot fail.
    unsafe {
        sys::ga_version_numbers(&mut version.major, &mut version.minor, &mut version.patch, &mut version.abi)
    };
    version
}

/// `Ok` when the loaded library implements the ABI garray-sys was generated for. Checked once,
/// by every constructor of this crate; a mismatch is an error of kind
/// [`VersionMismatch`](ErrorKind::VersionMismatch).
pub fn ensure_compatible_library() -> Result<()> {
    static CHECK: OnceLock<Result<()>> = OnceLock::new();
    CHECK
        .get_or_init(|| {
            let loaded = version_numbers();
            if loaded.abi == sys::GA_ABI_VERSION {
                return Ok(());
            }
            Err(Error::new(
                sys::GA_ERROR_VERSION_MISMATCH,
                format!(
                    "the loaded libgarray {} implements ABI {}, but the garray crate was built for ABI {}",
                    version(),
                    loaded.abi,
                    sys::GA_ABI_VERSION
                ),
            ))
        })
        .clone()
}

/// The number of CUDA devices; 0, not an error, on a machine without a GPU or driver.
pub fn device_count() -> Result<usize> {
    ensure_compatible_library()?;
    let mut count = 0;
    // SAFETY: a valid out-pointer.
    check(unsafe { sys::ga_device_count(&mut count) })?;
    Ok(count as usize)
}

/// The calling thread's current device.
pub fn current_device() -> Result<i32> {
    let mut device = -1;
    // SAFETY: a valid out-pointer.
    check(unsafe { sys::ga_device_get_current(&mut device) })?;
    Ok(device)
}

/// Makes `device` current for the calling thread.
pub fn set_current_device(device: i32) -> Result<()> {
    // SAFETY: any ordinal; a bad one is reported.
    check(unsafe { sys::ga_device_set_current(device) })
}

/// Waits until all work on the calling thread's current device has finished.
pub fn synchronize() -> Result<()> {
    // SAFETY: no arguments.
    check(unsafe { sys::ga_device_synchronize() })
}

/// What [`device_properties`] reports of a device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceProperties {
    pub name: String,
    /// (major, minor)
    pub compute_capability: (i32, i32),
    pub multiprocessor_count: i32,
    pub total_memory: usize,
}

pub fn device_properties(device: i32) -> Result<DeviceProperties> {
    ensure_compatible_library()?;
    // SAFETY: all fields are integers or bytes, for which zero is a valid value.
    let mut properties: sys::ga_device_properties_t = unsafe { std::mem::zeroed() };
    properties.struct_size = size_of::<sys::ga_device_properties_t>();
    // SAFETY: struct_size says how much may be written.
    check(unsafe { sys::ga_device_get_properties(device, &mut properties) })?;
    let name: Vec<u8> =
        properties.name.iter().take_while(|&&byte| byte != 0).map(|&byte| byte as u8).collect();
    Ok(DeviceProperties {
        name: String::from_utf8_lossy(&name).into_owned(),
        compute_capability: (properties.major, properties.minor),
        multiprocessor_count: properties.multiprocessor_count,
        total_memory: properties.total_memory,
    })
}
