//! `DLPackTensor`: an owned DLPack 1.x managed tensor, for zero-copy exchange with other
//! libraries (PyTorch, CuPy, JAX, ...).

use garray_sys as sys;
use std::ffi::c_void;
use std::fmt;
use std::ptr::NonNull;

/// A DLPack 1.x managed tensor (`DLManagedTensorVersioned`) that this value owns: dropping it
/// calls the tensor's deleter, exactly once. Hand it to a consumer with [`DLPackTensor::into_raw`].
pub struct DLPackTensor {
    tensor: NonNull<sys::ga_dlpack_managed_tensor_versioned_t>,
}

// SAFETY: DLPack lets the deleter run on any thread (garray's exports say so explicitly, and
// `from_raw` requires it of other producers); the fields are only read, never written.
unsafe impl Send for DLPackTensor {}
unsafe impl Sync for DLPackTensor {}

impl DLPackTensor {
    fn managed(&self) -> &sys::ga_dlpack_managed_tensor_versioned_t {
        // SAFETY: the tensor is live until this value is dropped or given away.
        unsafe { self.tensor.as_ref() }
    }

    fn view(&self) -> &sys::ga_dlpack_tensor_t {
        &self.managed().dl_tensor
    }

    /// The DLPack version the producer wrote, (major, minor).
    pub fn version(&self) -> (u32, u32) {
        (self.managed().version.major, self.managed().version.minor)
    }

    pub fn shape(&self) -> &[i64] {
        let view = self.view();
        if view.ndim == 0 {
            return &[];
        }
        // SAFETY: DLPack gives ndim extents.
        unsafe { std::slice::from_raw_parts(view.shape, view.ndim as usize) }
    }

    /// The strides in elements; None for a compact row-major tensor of a producer that predates
    /// DLPack 1.2 and left them out.
    pub fn strides(&self) -> Option<&[i64]> {
        let view = self.view();
        if view.strides.is_null() {
            return None;
        }
        if view.ndim == 0 {
            return Some(&[]);
        }
        // SAFETY: DLPack gives ndim strides when the pointer is not NULL.
        Some(unsafe { std::slice::from_raw_parts(view.strides, view.ndim as usize) })
    }

    /// Where the memory lives: a `GA_DLPACK_*` device type and the device ordinal.
    pub fn device(&self) -> sys::ga_dlpack_device_t {
        self.view().device
    }

    /// The element type: a `GA_DLPACK_*` type code, bits and lanes.
    pub fn dtype(&self) -> sys::ga_dlpack_dtype_t {
        self.view().dtype
    }

    /// The address of the first element (data + byte_offset).
    pub fn data(&self) -> *mut c_void {
        let view = self.view();
        view.data.wrapping_byte_add(view.byte_offset as usize)
    }

    pub fn is_read_only(&self) -> bool {
        self.managed().flags & sys::GA_DLPACK_FLAG_READ_ONLY != 0
    }

    /// The managed tensor, still owned by this value.
    pub fn as_raw(&self) -> *mut sys::ga_dlpack_managed_tensor_versioned_t {
        self.tensor.as_ptr()
    }

    /// The managed tensor, which the caller now owns: its deleter must be called once.
    pub fn into_raw(self) -> *mut sys::ga_dlpack_managed_tensor_versioned_t {
        let tensor = self.as_raw();
        std::mem::forget(self);
        tensor
    }

    /// Takes ownership of a managed tensor.
    ///
    /// # Safety
    /// `tensor` must point to a live DLPack 1.x managed tensor whose ownership the caller gives up,
    /// with a deleter (or none) that may be called from any thread.
    pub unsafe fn from_raw(tensor: *mut sys::ga_dlpack_managed_tensor_versioned_t) -> DLPackTensor {
        DLPackTensor { tensor: NonNull::new(tensor).expect("a DLPack managed tensor is never NULL") }
    }
}

impl Drop for DLPackTensor {
    fn drop(&mut self) {
        if let Some(deleter) = self.managed().deleter {
            // SAFETY: this value owns the tensor; the deleter frees it, once.
            unsafe { deleter(self.as_raw()) };
        }
    }
}

impl fmt::Debug for DLPackTensor {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (device, dtype) = (self.device(), self.dtype());
        formatter
            .debug_struct("DLPackTensor")
            .field("version", &self.version())
            .field("shape", &self.shape())
            .field("strides", &self.strides())
            .field("device", &(device.device_type, device.device_id))
            .field("dtype", &(dtype.code, dtype.bits, dtype.lanes))
            .field("read_only", &self.is_read_only())
            .finish()
    }
}
