//! `Array`: an owned reference to a garray device array (or view).

use crate::dlpack::DLPackTensor;
use crate::dtype::{DType, Element};
use crate::ensure_compatible_library;
use crate::error::{Error, Result, check};
use garray_sys as sys;
use std::ffi::{c_int, c_uint};
use std::fmt;
use std::ptr::{self, NonNull};

/// An n-dimensional array on a GPU, with NumPy's semantics: a dtype, a shape, strides, and a
/// device buffer it may share with other arrays (views).
///
/// An `Array` owns one reference to its garray handle: dropping it releases the reference, and
/// [`Clone`] adds one to the *same* array (as `Arc::clone` does), so the clone sees the same
/// elements; [`Array::copy`] makes a new array with its own buffer.
///
/// Device work is queued on the calling thread's current stream and current device (see
/// [`Stream::make_current`](crate::Stream::make_current)); only calls that return host data, such
/// as [`Array::to_vec`], wait for it.
pub struct Array {
    handle: NonNull<sys::ga_array_s>,
}

// SAFETY: every garray function may be called from any thread, and the handle's reference count
// is atomic. Two threads may read one array at once; writes to the same elements must be ordered
// by the caller, as the C API says. That ordering is about device memory, which Rust never
// dereferences, so no host data race can follow: the array is Send and Sync. An array used on a
// thread whose current device is not the array's gets an error, not undefined behaviour.
unsafe impl Send for Array {}
unsafe impl Sync for Array {}

fn extents(function: &str, shape: &[usize]) -> Result<Vec<i64>> {
    shape
        .iter()
        .map(|&extent| {
            i64::try_from(extent).map_err(|_| {
                Error::new(
                    sys::GA_ERROR_INVALID_ARGUMENT,
                    format!("{function}: extent {extent} is too large"),
                )
            })
        })
        .collect()
}

fn rank(function: &str, ndim: usize) -> Result<c_int> {
    c_int::try_from(ndim).map_err(|_| {
        Error::new(sys::GA_ERROR_INVALID_ARGUMENT, format!("{function}: {ndim} dimensions are too many"))
    })
}

type Creation = unsafe extern "C" fn(
    c_int,
    *const i64,
    sys::ga_dtype_t,
    sys::ga_order_t,
    sys::ga_stream_t,
    *mut sys::ga_array_t,
) -> sys::ga_status_t;

impl Array {
    /// A new array of `shape` holding a copy of `data`, read in C (row-major) order. The copy is
    /// finished when the call returns.
    pub fn from_slice<T: Element>(data: &[T], shape: &[usize]) -> Result<Array> {
        ensure_compatible_library()?;
        let count = shape.iter().try_fold(1usize, |count, &extent| count.checked_mul(extent));
        if count != Some(data.len()) {
            return Err(Error::new(
                sys::GA_ERROR_SHAPE_MISMATCH,
                format!("Array::from_slice: {} elements do not fill the shape {shape:?}", data.len()),
            ));
        }
        if data.is_empty() {
            // An empty slice has no address to copy from.
            return Array::empty(shape, T::DTYPE);
        }
        let extents = extents("Array::from_slice", shape)?;
        let mut result = ptr::null_mut();
        // SAFETY: data holds the product of the extents elements of T's dtype, compact in C
        // order; the call copies them (on the current stream) before it returns.
        check(unsafe {
            sys::ga_array_from_host(
                data.as_ptr().cast(),
                rank("Array::from_slice", shape.len())?,
                extents.as_ptr(),
                ptr::null(),
                T::DTYPE.to_raw(),
                sys::GA_ORDER_C,
                ptr::null_mut(),
                &mut result,
            )
        })?;
        // SAFETY: a new handle the caller owns.
        Ok(unsafe { Array::from_raw(result) })
    }

    fn create(function: &str, creation: Creation, shape: &[usize], dtype: DType) -> Result<Array> {
        ensure_compatible_library()?;
        let extents = extents(function, shape)?;
        let mut result = ptr::null_mut();
        // SAFETY: ndim extents, the current stream (NULL) and a valid out-pointer.
        check(unsafe {
            creation(
                rank(function, shape.len())?,
                extents.as_ptr(),
                dtype.to_raw(),
                sys::GA_ORDER_C,
                ptr::null_mut(),
                &mut result,
            )
        })?;
        // SAFETY: a new handle the caller owns.
        Ok(unsafe { Array::from_raw(result) })
    }

    /// A new C-contiguous array of zeros.
    pub fn zeros(shape: &[usize], dtype: DType) -> Result<Array> {
        Array::create("Array::zeros", sys::ga_array_zeros, shape, dtype)
    }

    /// A new C-contiguous array of ones.
    pub fn ones(shape: &[usize], dtype: DType) -> Result<Array> {
        Array::create("Array::ones", sys::ga_array_ones, shape, dtype)
    }

    /// A new C-contiguous array whose elements are whatever the memory held.
    pub fn empty(shape: &[usize], dtype: DType) -> Result<Array> {
        Array::create("Array::empty", sys::ga_array_empty, shape, dtype)
    }

    /// The elements in C order. Waits for the current stream. An error of kind
    /// [`DType`](crate::ErrorKind::DType) when `T` is not the array's element type.
    pub fn to_vec<T: Element>(&self) -> Result<Vec<T>> {
        let dtype = self.dtype()?;
        if dtype != T::DTYPE {
            return Err(Error::new(
                sys::GA_ERROR_DTYPE,
                format!("Array::to_vec: the array holds {dtype}, not {}", T::DTYPE),
            ));
        }
        let count = self.size();
        if count == 0 {
            return Ok(Vec::new());
        }
        let mut elements: Vec<T> = Vec::with_capacity(count);
        // SAFETY: room for count elements of T, which is the array's element type; the copy is
        // queued on the current stream (NULL), which the call waits for.
        check(unsafe {
            sys::ga_array_to_host(
                self.as_raw(),
                elements.as_mut_ptr().cast(),
                count * size_of::<T>(),
                ptr::null_mut(),
            )
        })?;
        // SAFETY: the library wrote all count elements, and any bit pattern is a valid T.
        unsafe { elements.set_len(count) };
        Ok(elements)
    }

    /// Runs one of the C API's queries of a live array, which cannot fail.
    fn query<T: Default>(
        &self,
        function: unsafe extern "C" fn(sys::ga_array_t, *mut T) -> sys::ga_status_t,
    ) -> T {
        let mut value = T::default();
        // SAFETY: a live handle and a valid out-pointer.
        check(unsafe { function(self.as_raw(), &mut value) }).expect("a query of a live array");
        value
    }

    pub fn ndim(&self) -> usize {
        self.query(sys::ga_array_ndim) as usize
    }

    /// The extents.
    pub fn shape(&self) -> Vec<usize> {
        let mut shape = vec![0i64; self.ndim()];
        // SAFETY: room for ndim extents.
        check(unsafe { sys::ga_array_shape(self.as_raw(), shape.as_mut_ptr()) })
            .expect("a query of a live array");
        shape.into_iter().map(|extent| extent as usize).collect()
    }

    /// The strides, in elements (negative for reversed views).
    pub fn strides(&self) -> Vec<isize> {
        let mut strides = vec![0i64; self.ndim()];
        // SAFETY: room for ndim strides.
        check(unsafe { sys::ga_array_strides(self.as_raw(), strides.as_mut_ptr()) })
            .expect("a query of a live array");
        strides.into_iter().map(|stride| stride as isize).collect()
    }

    /// The number of elements.
    pub fn size(&self) -> usize {
        self.query(sys::ga_array_size) as usize
    }

    /// The element type; an error for a dtype newer than this crate.
    pub fn dtype(&self) -> Result<DType> {
        DType::from_raw(self.query(sys::ga_array_dtype))
    }

    pub fn itemsize(&self) -> usize {
        self.query(sys::ga_array_itemsize)
    }

    pub fn nbytes(&self) -> usize {
        self.query(sys::ga_array_nbytes)
    }

    /// The ordinal of the device holding the elements.
    pub fn device(&self) -> i32 {
        self.query(sys::ga_array_device)
    }

    fn has_flag(&self, flag: sys::ga_array_flag_t) -> bool {
        let flags: c_uint = self.query(sys::ga_array_flags);
        flags & flag as c_uint != 0
    }

    pub fn is_c_contiguous(&self) -> bool {
        self.has_flag(sys::GA_ARRAY_C_CONTIGUOUS)
    }

    pub fn is_f_contiguous(&self) -> bool {
        self.has_flag(sys::GA_ARRAY_F_CONTIGUOUS)
    }

    pub fn is_writeable(&self) -> bool {
        self.has_flag(sys::GA_ARRAY_WRITEABLE)
    }

    fn derive(&self, make: impl FnOnce(*mut sys::ga_array_t) -> sys::ga_status_t) -> Result<Array> {
        let mut result = ptr::null_mut();
        check(make(&mut result))?;
        // SAFETY: a new handle the caller owns.
        Ok(unsafe { Array::from_raw(result) })
    }

    /// The elements with a new shape, read in C order; one extent may be -1. A view when the
    /// strides allow it, else a copy (NumPy's rules).
    pub fn reshape(&self, shape: &[i64]) -> Result<Array> {
        let ndim = rank("Array::reshape", shape.len())?;
        // SAFETY: a live handle and ndim extents; a copy goes to the current stream (NULL).
        self.derive(|result| unsafe {
            sys::ga_array_reshape(
                self.as_raw(),
                ndim,
                shape.as_ptr(),
                sys::GA_ORDER_C,
                ptr::null_mut(),
                result,
            )
        })
    }

    /// The view with the axes reversed.
    pub fn transpose(&self) -> Result<Array> {
        // SAFETY: a live handle; NULL axes with 0 count reverse the axes.
        self.derive(|result| unsafe { sys::ga_array_transpose(self.as_raw(), ptr::null(), 0, result) })
    }

    /// A new C-contiguous array with a copy of the elements.
    pub fn copy(&self) -> Result<Array> {
        // SAFETY: a live handle; the copy goes to the current stream (NULL).
        self.derive(|result| unsafe {
            sys::ga_array_copy(self.as_raw(), sys::GA_ORDER_C, ptr::null_mut(), result)
        })
    }

    /// A new C-contiguous array of the elements cast to `dtype` (CuPy's casting rules).
    pub fn astype(&self, dtype: DType) -> Result<Array> {
        // SAFETY: a live handle; the cast goes to the current stream (NULL).
        self.derive(|result| unsafe {
            sys::ga_array_astype(self.as_raw(), dtype.to_raw(), sys::GA_ORDER_C, ptr::null_mut(), result)
        })
    }

    /// Exports the array as a DLPack 1.x tensor without copying. `consumer_stream` is the stream
    /// the consumer will read on, numbered as DLPack does: -1 for no synchronisation, 1 for the
    /// legacy default stream, 2 for the per-thread default stream, else a `cudaStream_t`.
    pub fn to_dlpack(&self, consumer_stream: i64) -> Result<DLPackTensor> {
        let mut tensor = ptr::null_mut();
        // SAFETY: a live handle and a valid out-pointer.
        check(unsafe { sys::ga_array_to_dlpack_versioned(self.as_raw(), consumer_stream, &mut tensor) })?;
        // SAFETY: a new managed tensor the caller owns.
        Ok(unsafe { DLPackTensor::from_raw(tensor) })
    }

    /// Makes an array of a DLPack tensor: CUDA memory is wrapped without copying, host memory
    /// copied. On success garray owns the tensor; on failure it is dropped, which calls its
    /// deleter, as DLPack asks of a consumer that does not take it.
    pub fn from_dlpack(tensor: DLPackTensor) -> Result<Array> {
        ensure_compatible_library()?;
        let mut result = ptr::null_mut();
        // SAFETY: a live managed tensor; garray takes it only when the call succeeds. A host
        // tensor is copied on the current stream (NULL); whether it was is not asked (NULL).
        check(unsafe {
            sys::ga_array_from_dlpack_versioned(
                tensor.as_raw(),
                ptr::null_mut(),
                ptr::null_mut(),
                &mut result,
            )
        })?;
        // garray owns the tensor now and calls its deleter when the last array using it goes.
        std::mem::forget(tensor);
        // SAFETY: a new handle the caller owns.
        Ok(unsafe { Array::from_raw(result) })
    }

    /// The garray handle, still owned by this `Array`.
    pub fn as_raw(&self) -> sys::ga_array_t {
        self.handle.as_ptr()
    }

    /// The garray handle, whose reference the caller now owns (release it with
    /// `ga_array_release`).
    pub fn into_raw(self) -> sys::ga_array_t {
        let handle = self.as_raw();
        std::mem::forget(self);
        handle
    }

    /// Takes ownership of one reference to a garray array handle.
    ///
    /// # Safety
    /// `handle` must be a live array handle whose reference the caller owns and gives up.
    pub unsafe fn from_raw(handle: sys::ga_array_t) -> Array {
        Array { handle: NonNull::new(handle).expect("a garray array handle is never NULL") }
    }
}

impl Clone for Array {
    /// Another reference to the same array (`ga_array_retain`); see [`Array::copy`] for a copy.
    fn clone(&self) -> Array {
        // SAFETY: a live handle; retain cannot fail for one.
        check(unsafe { sys::ga_array_retain(self.as_raw()) }).expect("retaining a live array");
        Array { handle: self.handle }
    }
}

impl Drop for Array {
    fn drop(&mut self) {
        // SAFETY: this Array owns one reference. Release cannot fail for a live handle.
        unsafe { sys::ga_array_release(self.as_raw()) };
    }
}

impl fmt::Debug for Array {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Array")
            .field("shape", &self.shape())
            .field("dtype", &self.dtype().map(|dtype| dtype.name()).unwrap_or("unknown"))
            .field("device", &self.device())
            .finish()
    }
}

impl<T: Element> TryFrom<&[T]> for Array {
    type Error = Error;

    /// A one-dimensional array with a copy of the slice.
    fn try_from(data: &[T]) -> Result<Array> {
        Array::from_slice(data, &[data.len()])
    }
}

impl<T: Element> TryFrom<Vec<T>> for Array {
    type Error = Error;

    /// A one-dimensional array with a copy of the vector's elements.
    fn try_from(data: Vec<T>) -> Result<Array> {
        Array::from_slice(&data, &[data.len()])
    }
}
