//! Element types: garray's dtypes, the Rust types that hold their elements, and a complex type.

use crate::error::{Error, Result, check};
use garray_sys as sys;
use std::ffi::{CStr, CString};
use std::fmt;
use std::str::FromStr;

/// An element type, as NumPy's dtypes.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DType {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float16,
    BFloat16,
    Float32,
    Float64,
    Complex64,
    Complex128,
}

/// The kind of a dtype, as NumPy's `dtype.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DTypeKind {
    Bool,
    Signed,
    Unsigned,
    /// Floating point, bfloat16 included.
    Float,
    Complex,
}

const DTYPES: [(DType, sys::ga_dtype_t); 15] = [
    (DType::Bool, sys::GA_BOOL),
    (DType::Int8, sys::GA_INT8),
    (DType::Int16, sys::GA_INT16),
    (DType::Int32, sys::GA_INT32),
    (DType::Int64, sys::GA_INT64),
    (DType::UInt8, sys::GA_UINT8),
    (DType::UInt16, sys::GA_UINT16),
    (DType::UInt32, sys::GA_UINT32),
    (DType::UInt64, sys::GA_UINT64),
    (DType::Float16, sys::GA_FLOAT16),
    (DType::BFloat16, sys::GA_BFLOAT16),
    (DType::Float32, sys::GA_FLOAT32),
    (DType::Float64, sys::GA_FLOAT64),
    (DType::Complex64, sys::GA_COMPLEX64),
    (DType::Complex128, sys::GA_COMPLEX128),
];

impl DType {
    /// Every dtype, in the order of their C values.
    pub const ALL: [DType; 15] = {
        let mut all = [DType::Bool; 15];
        let mut index = 0;
        while index < DTYPES.len() {
            all[index] = DTYPES[index].0;
            index += 1;
        }
        all
    };

    /// The `ga_dtype_t` value.
    pub fn to_raw(self) -> sys::ga_dtype_t {
        DTYPES.iter().find(|(dtype, _)| *dtype == self).map(|(_, raw)| *raw).expect("every DType is listed")
    }

    /// The dtype of a `ga_dtype_t` value; an error for a value this crate does not know.
    pub fn from_raw(raw: sys::ga_dtype_t) -> Result<DType> {
        DTYPES.iter().find(|(_, value)| *value == raw).map(|(dtype, _)| *dtype).ok_or_else(|| {
            Error::new(
                sys::GA_ERROR_DTYPE,
                format!("dtype {raw} is unknown to this version of the garray crate"),
            )
        })
    }

    /// Bytes of one element.
    pub fn itemsize(self) -> usize {
        let mut itemsize = 0;
        // SAFETY: a valid dtype and out-pointer; the call needs no device.
        check(unsafe { sys::ga_dtype_itemsize(self.to_raw(), &mut itemsize) }).expect("a defined dtype");
        itemsize
    }

    /// NumPy's name: "float32", "complex128", "bool", "bfloat16", ...
    pub fn name(self) -> &'static str {
        let mut name = std::ptr::null();
        // SAFETY: a valid dtype and out-pointer; the name is a static string of the library.
        check(unsafe { sys::ga_dtype_name(self.to_raw(), &mut name) }).expect("a defined dtype");
        unsafe { CStr::from_ptr(name) }.to_str().expect("dtype names are ASCII")
    }

    pub fn kind(self) -> DTypeKind {
        let mut kind = 0;
        // SAFETY: a valid dtype and out-pointer.
        check(unsafe { sys::ga_dtype_kind(self.to_raw(), &mut kind) }).expect("a defined dtype");
        match kind {
            sys::GA_KIND_BOOL => DTypeKind::Bool,
            sys::GA_KIND_SIGNED => DTypeKind::Signed,
            sys::GA_KIND_UNSIGNED => DTypeKind::Unsigned,
            sys::GA_KIND_FLOAT => DTypeKind::Float,
            sys::GA_KIND_COMPLEX => DTypeKind::Complex,
            other => unreachable!("ga_dtype_kind gave the unknown kind {other}"),
        }
    }
}

impl FromStr for DType {
    type Err = Error;

    /// NumPy's spellings: "float32", "int", "double", "<f4", "c16", "?", ...
    fn from_str(text: &str) -> Result<DType> {
        let text = CString::new(text).map_err(|_| {
            Error::new(sys::GA_ERROR_DTYPE, format!("a dtype name with a NUL byte: {text:?}"))
        })?;
        let mut raw = sys::GA_BOOL;
        // SAFETY: a NUL-terminated string and a valid out-pointer.
        check(unsafe { sys::ga_dtype_parse(text.as_ptr(), &mut raw) })?;
        DType::from_raw(raw)
    }
}

impl fmt::Display for DType {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// A complex number laid out as C's `float _Complex` / `double _Complex` and garray's complex64 /
/// complex128: the real part, then the imaginary part.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Complex<T> {
    pub re: T,
    pub im: T,
}

impl<T> Complex<T> {
    pub const fn new(re: T, im: T) -> Complex<T> {
        Complex { re, im }
    }
}

/// A Rust type whose values are the elements of one dtype, bit for bit.
///
/// `bool` is left out on purpose: a bool array garray did not fill itself (imported through
/// DLPack, say) may hold bytes other than 0 and 1, which a Rust `bool` must never hold. Read such
/// an array with `astype(DType::UInt8)`.
///
/// # Safety
/// The type must have the size and alignment of the dtype's element, and every bit pattern of
/// that size must be a valid value of it.
pub unsafe trait Element: Copy + 'static {
    const DTYPE: DType;
}

macro_rules! elements {
    ($($type:ty => $dtype:ident),* $(,)?) => {
        // SAFETY: each is the C type of its dtype, valid for every bit pattern.
        $(unsafe impl Element for $type { const DTYPE: DType = DType::$dtype; })*
    };
}

elements! {
    i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64,
    u8 => UInt8, u16 => UInt16, u32 => UInt32, u64 => UInt64,
    f32 => Float32, f64 => Float64,
    Complex<f32> => Complex64, Complex<f64> => Complex128,
}
