//! Arithmetic: garray's ufuncs (NumPy's, with NumPy 2 type promotion) on arrays and scalars,
//! the `std::ops` operators on top of them, and reductions.

use crate::array::Array;
use crate::dtype::{Complex, DType};
use crate::ensure_compatible_library;
use crate::error::{Error, Result, check};
use garray_sys as sys;
use std::ffi::{CString, c_int};
use std::ops::{Add, Div, Mul, Neg, Sub};
use std::ptr;

/// A scalar operand of a ufunc: a value with a dtype, either *weak* or *typed* (NEP 50).
///
/// - A weak scalar behaves as a Python `int`, `float` or `complex`: only its kind takes part in
///   type promotion, so `float32 array * 2.0` stays float32 and `int8 array + 1` stays int8 (the
///   value must then fit: `uint8 array + 300` is an error of kind [`DType`](crate::ErrorKind::DType)).
///   Alone with other weak scalars it is int64, float64 or complex128.
/// - A typed scalar is a NumPy scalar of its dtype (`np.float64(2.0)`): it promotes as an array
///   of that dtype would, so `float32 array * Scalar::typed(2.0f64)` is float64.
///
/// Plain Rust numbers given as operands (`&a * 2.0`, `&a + 1u8`, `Array::ufunc("add", &[..,
/// 3.into()])`) are weak, whatever their Rust type, as Python's numbers are; `bool` is typed, as
/// Python's `bool` is to NumPy.
#[derive(Debug, Clone, Copy)]
pub struct Scalar {
    raw: sys::ga_scalar_t,
    weak: bool,
}

mod sealed {
    pub trait Sealed {}
}

/// The Rust numbers a [`Scalar`] is made of: the integers, `f32`, `f64`, [`Complex`] of both,
/// and `bool`.
pub trait ScalarValue: Copy + sealed::Sealed {
    /// The value as a typed scalar of its own dtype.
    fn typed(self) -> sys::ga_scalar_t;
    /// The value as a weak scalar (a Python number of its kind).
    fn weak(self) -> sys::ga_scalar_t;
}

fn raw_scalar(dtype: DType) -> sys::ga_scalar_t {
    sys::ga_scalar_t { dtype: dtype.to_raw(), as_int: 0, as_uint: 0, as_real: 0.0, as_imag: 0.0 }
}

macro_rules! signed_values {
    ($($type:ty => $dtype:ident),*) => {$(
        impl sealed::Sealed for $type {}
        impl ScalarValue for $type {
            fn typed(self) -> sys::ga_scalar_t {
                sys::ga_scalar_t { as_int: self as i64, ..raw_scalar(DType::$dtype) }
            }
            fn weak(self) -> sys::ga_scalar_t {
                sys::ga_scalar_t { as_int: self as i64, ..raw_scalar(DType::Int64) }
            }
        }
    )*};
}

macro_rules! unsigned_values {
    ($($type:ty => $dtype:ident),*) => {$(
        impl sealed::Sealed for $type {}
        impl ScalarValue for $type {
            fn typed(self) -> sys::ga_scalar_t {
                sys::ga_scalar_t { as_uint: self as u64, ..raw_scalar(DType::$dtype) }
            }
            fn weak(self) -> sys::ga_scalar_t {
                // A Python int: int64 when it fits, else uint64 (as garray's Python binding).
                match i64::try_from(self) {
                    Ok(value) => sys::ga_scalar_t { as_int: value, ..raw_scalar(DType::Int64) },
                    Err(_) => sys::ga_scalar_t { as_uint: self as u64, ..raw_scalar(DType::UInt64) },
                }
            }
        }
    )*};
}

signed_values!(i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64);
unsigned_values!(u8 => UInt8, u16 => UInt16, u32 => UInt32, u64 => UInt64);

macro_rules! float_values {
    ($($type:ty => $dtype:ident, $complex:ident),*) => {$(
        impl sealed::Sealed for $type {}
        impl ScalarValue for $type {
            fn typed(self) -> sys::ga_scalar_t {
                sys::ga_scalar_t { as_real: self as f64, ..raw_scalar(DType::$dtype) }
            }
            fn weak(self) -> sys::ga_scalar_t {
                sys::ga_scalar_t { as_real: self as f64, ..raw_scalar(DType::Float64) }
            }
        }
        impl sealed::Sealed for Complex<$type> {}
        impl ScalarValue for Complex<$type> {
            fn typed(self) -> sys::ga_scalar_t {
                sys::ga_scalar_t { as_real: self.re as f64, as_imag: self.im as f64, ..raw_scalar(DType::$complex) }
            }
            fn weak(self) -> sys::ga_scalar_t {
                sys::ga_scalar_t {
                    as_real: self.re as f64,
                    as_imag: self.im as f64,
                    ..raw_scalar(DType::Complex128)
                }
            }
        }
    )*};
}

float_values!(f32 => Float32, Complex64, f64 => Float64, Complex128);

impl sealed::Sealed for bool {}
impl ScalarValue for bool {
    fn typed(self) -> sys::ga_scalar_t {
        sys::ga_scalar_t { as_int: self as i64, ..raw_scalar(DType::Bool) }
    }
    /// NumPy has no weak bool: a Python `bool` is `np.bool_`, so this is the typed scalar.
    fn weak(self) -> sys::ga_scalar_t {
        self.typed()
    }
}

impl Scalar {
    /// A weak scalar: a Python number of the value's kind (int, float or complex); a `bool` is
    /// typed all the same, as in NumPy.
    pub fn weak<T: ScalarValue>(value: T) -> Scalar {
        let raw = value.weak();
        Scalar { raw, weak: raw.dtype != sys::GA_BOOL }
    }

    /// A typed scalar of the value's own dtype (`Scalar::typed(2.0f32)` is `np.float32(2.0)`).
    pub fn typed<T: ScalarValue>(value: T) -> Scalar {
        Scalar { raw: value.typed(), weak: false }
    }

    /// The dtype it carries: its own for a typed scalar; int64 (uint64 past `i64::MAX`),
    /// float64 or complex128 for a weak one.
    pub fn dtype(&self) -> DType {
        DType::from_raw(self.raw.dtype).expect("a dtype this crate made")
    }

    pub fn is_weak(&self) -> bool {
        self.weak
    }

    /// The `ga_scalar_t` value.
    pub fn to_raw(&self) -> sys::ga_scalar_t {
        self.raw
    }
}

impl<T: ScalarValue> From<T> for Scalar {
    /// The weak scalar of `value` ([`Scalar::weak`]).
    fn from(value: T) -> Scalar {
        Scalar::weak(value)
    }
}

/// One input of [`Array::ufunc`]: an array, borrowed or owned, or a [`Scalar`]. Everything the
/// arithmetic operators take converts into one: `&Array`, `Array`, `Scalar`, and the Rust
/// numbers of [`ScalarValue`] (weak).
#[derive(Debug, Clone)]
pub enum Operand<'a> {
    Array(&'a Array),
    OwnedArray(Array),
    Scalar(Scalar),
}

impl Operand<'_> {
    /// The `ga_operand_t`, valid while this operand lives.
    pub fn to_raw(&self) -> sys::ga_operand_t {
        let (kind, array, scalar) = match self {
            Operand::Array(array) => (sys::GA_OPERAND_ARRAY, array.as_raw(), raw_scalar(DType::Bool)),
            Operand::OwnedArray(array) => (sys::GA_OPERAND_ARRAY, array.as_raw(), raw_scalar(DType::Bool)),
            Operand::Scalar(scalar) => (
                if scalar.weak { sys::GA_OPERAND_WEAK_SCALAR } else { sys::GA_OPERAND_SCALAR },
                ptr::null_mut(),
                scalar.raw,
            ),
        };
        sys::ga_operand_t { kind, array, scalar }
    }
}

impl<'a> From<&'a Array> for Operand<'a> {
    fn from(array: &'a Array) -> Operand<'a> {
        Operand::Array(array)
    }
}

impl From<Array> for Operand<'_> {
    fn from(array: Array) -> Self {
        Operand::OwnedArray(array)
    }
}

impl From<Scalar> for Operand<'_> {
    fn from(scalar: Scalar) -> Self {
        Operand::Scalar(scalar)
    }
}

impl<T: ScalarValue> From<T> for Operand<'_> {
    /// A weak scalar ([`Scalar::weak`]).
    fn from(value: T) -> Self {
        Operand::Scalar(Scalar::weak(value))
    }
}

fn find_ufunc(name: &str) -> Result<sys::ga_ufunc_t> {
    let c_name = CString::new(name).map_err(|_| {
        Error::new(sys::GA_ERROR_INVALID_ARGUMENT, format!("a ufunc name with a NUL byte: {name:?}"))
    })?;
    let mut ufunc = ptr::null_mut();
    // SAFETY: a NUL-terminated string and a valid out-pointer; ufuncs are static, never released.
    check(unsafe { sys::ga_ufunc_find(c_name.as_ptr(), &mut ufunc) })?;
    Ok(ufunc)
}

impl Array {
    /// Applies the ufunc NumPy calls `name` ("add", "true_divide", "arctan2", "divmod", ...; see
    /// docs/ufuncs.md) to `inputs`, broadcasting them and promoting their dtypes as NumPy 2 does,
    /// on the current stream. Returns the ufunc's outputs, new C-contiguous arrays of the broadcast
    /// shape (0-d when every input is a scalar). An unknown name is an error of kind
    /// [`InvalidArgument`](crate::ErrorKind::InvalidArgument), found without a device.
    ///
    /// ```no_run
    /// use garray::{Array, Operand};
    /// let x = Array::from_slice(&[7i32, -7], &[2])?;
    /// let [quotient, remainder]: [Array; 2] =
    ///     Array::ufunc("divmod", &[Operand::from(&x), 2.into()])?.try_into().unwrap();
    /// assert_eq!(quotient.to_vec::<i32>()?, [3, -4]);
    /// assert_eq!(remainder.to_vec::<i32>()?, [1, 1]);
    /// # Ok::<(), garray::Error>(())
    /// ```
    pub fn ufunc(name: &str, inputs: &[Operand<'_>]) -> Result<Vec<Array>> {
        ensure_compatible_library()?;
        let ufunc = find_ufunc(name)?;
        let (mut nin, mut nout): (c_int, c_int) = (0, 0);
        // SAFETY: a ufunc handle and valid out-pointers.
        check(unsafe { sys::ga_ufunc_arity(ufunc, &mut nin, &mut nout) })?;
        let operands: Vec<sys::ga_operand_t> = inputs.iter().map(Operand::to_raw).collect();
        // One NULL destination per output: every output is a new array.
        let destinations: Vec<sys::ga_array_t> = vec![ptr::null_mut(); nout as usize];
        let mut results: Vec<sys::ga_array_t> = vec![ptr::null_mut(); nout as usize];
        // SAFETY: the operands' arrays live as long as `inputs`; nout destinations and room for
        // nout results, which the call writes only when it succeeds; NULL options and stream are
        // the defaults and the current stream.
        check(unsafe {
            sys::ga_ufunc_call(
                ufunc,
                operands.as_ptr(),
                operands.len(),
                ptr::null(),
                destinations.as_ptr(),
                destinations.len(),
                ptr::null_mut(),
                results.as_mut_ptr(),
            )
        })?;
        // SAFETY: new handles the caller owns.
        Ok(results.into_iter().map(|handle| unsafe { Array::from_raw(handle) }).collect())
    }

    /// NumPy's `ufunc.reduce` of the binary ufunc `name` over `axes` (negative from the end;
    /// `None` for every axis), keeping the reduced axes as extents 1 when `keepdims`. The loop
    /// dtype is NumPy's default: add and multiply widen bool and integers narrower than 64 bits
    /// to int64 / uint64.
    pub fn reduce(&self, name: &str, axes: Option<&[i32]>, keepdims: bool) -> Result<Array> {
        let ufunc = find_ufunc(name)?;
        let (axes_pointer, axis_count) = match axes {
            Some(axes) => (
                axes.as_ptr(),
                c_int::try_from(axes.len()).map_err(|_| {
                    Error::new(sys::GA_ERROR_INVALID_ARGUMENT, "Array::reduce: too many axes")
                })?,
            ),
            None => (ptr::null(), -1),
        };
        let mut result = ptr::null_mut();
        // SAFETY: a live handle, axis_count axes (or NULL with -1), NULL initial (the identity),
        // no destination (a new array), the current stream, a valid out-pointer.
        check(unsafe {
            sys::ga_ufunc_reduce(
                ufunc,
                self.as_raw(),
                axes_pointer,
                axis_count,
                keepdims as c_int,
                sys::GA_DTYPE_SAME,
                ptr::null(),
                ptr::null_mut(),
                ptr::null_mut(),
                &mut result,
            )
        })?;
        // SAFETY: a new handle the caller owns.
        Ok(unsafe { Array::from_raw(result) })
    }

    /// The sum of every element, as a 0-d array (`to_vec()` reads it), of NumPy's dtype:
    /// int64 / uint64 for bool and narrower integers, else the array's.
    pub fn sum(&self) -> Result<Array> {
        self.reduce("add", None, false)
    }

    fn binary<'b>(&self, name: &str, other: impl Into<Operand<'b>>) -> Result<Array> {
        Ok(Array::ufunc(name, &[Operand::Array(self), other.into()])?.remove(0))
    }

    /// `self + other` (NumPy's add), or the error that `+` panics with.
    pub fn try_add<'b>(&self, other: impl Into<Operand<'b>>) -> Result<Array> {
        self.binary("add", other)
    }

    /// `self - other` (NumPy's subtract; bool arrays are refused, as NumPy refuses them).
    pub fn try_sub<'b>(&self, other: impl Into<Operand<'b>>) -> Result<Array> {
        self.binary("subtract", other)
    }

    /// `self * other` (NumPy's multiply, elementwise).
    pub fn try_mul<'b>(&self, other: impl Into<Operand<'b>>) -> Result<Array> {
        self.binary("multiply", other)
    }

    /// `self / other`: NumPy's true division, so integers divide to float64 as in Python 3.
    pub fn try_div<'b>(&self, other: impl Into<Operand<'b>>) -> Result<Array> {
        self.binary("divide", other)
    }

    /// `-self` (NumPy's negative; unsigned integers wrap, bool is refused).
    pub fn try_neg(&self) -> Result<Array> {
        Ok(Array::ufunc("negative", &[Operand::Array(self)])?.remove(0))
    }
}

/// Unwraps the result of an operator, panicking with the error as `std::ops` cannot return one.
fn or_panic(operator: &str, result: Result<Array>) -> Array {
    result.unwrap_or_else(|error| panic!("garray: `{operator}` failed: {error}"))
}

// `&a + b` and `a + b` for every operand `b` (arrays borrowed or owned, scalars, Rust numbers).
macro_rules! array_operators {
    ($($trait:ident $method:ident $try_method:ident $symbol:literal),*) => {$(
        impl<'b, R: Into<Operand<'b>>> $trait<R> for &Array {
            type Output = Array;
            fn $method(self, other: R) -> Array {
                or_panic($symbol, self.$try_method(other))
            }
        }
        impl<'b, R: Into<Operand<'b>>> $trait<R> for Array {
            type Output = Array;
            fn $method(self, other: R) -> Array {
                or_panic($symbol, self.$try_method(other))
            }
        }
    )*};
}

array_operators!(Add add try_add "+", Sub sub try_sub "-", Mul mul try_mul "*", Div div try_div "/");

// `2.0 * &a`: a scalar on the left (the orphan rule forbids one generic implementation). The
// scalar stays the first operand, which matters for `-` and `/`. Only f64, i64 and Complex<f64>
// take these, so that an unsuffixed literal on the left finds its one implementation (`2 * &a`
// would be ambiguous among ten integer types); a Rust number is weak whatever its type, so no
// result differs for it. `Scalar` covers typed scalars.
macro_rules! scalar_operators {
    ($($scalar:ty),*) => {$(
        scalar_operators!(@one $scalar, Add add "add" "+", Sub sub "subtract" "-",
                          Mul mul "multiply" "*", Div div "divide" "/");
    )*};
    (@one $scalar:ty, $($trait:ident $method:ident $ufunc:literal $symbol:literal),*) => {$(
        impl $trait<&Array> for $scalar {
            type Output = Array;
            fn $method(self, array: &Array) -> Array {
                let result = Array::ufunc($ufunc, &[Operand::from(self), Operand::Array(array)]);
                or_panic($symbol, result.map(|mut outputs| outputs.remove(0)))
            }
        }
        impl $trait<Array> for $scalar {
            type Output = Array;
            fn $method(self, array: Array) -> Array {
                $trait::$method(self, &array)
            }
        }
    )*};
}

scalar_operators!(i64, f64, Complex<f64>, Scalar);

impl Neg for &Array {
    type Output = Array;
    fn neg(self) -> Array {
        or_panic("-", self.try_neg())
    }
}

impl Neg for Array {
    type Output = Array;
    fn neg(self) -> Array {
        or_panic("-", self.try_neg())
    }
}
