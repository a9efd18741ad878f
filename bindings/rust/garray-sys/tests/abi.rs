//! The raw declarations against the loaded library, on any machine (no GPU needed): names and
//! values of constants, strings both ways, out-parameters, and structs passed by value.

use garray_sys::*;
use garray_test::{TestResult, run, tests};
use std::ffi::{CStr, c_int};
use std::process::ExitCode;

fn main() -> ExitCode {
    run(
        "garray-sys",
        tests![
            version_matches_the_header,
            status_names_match_the_constants,
            dtype_sizes,
            parse_reports_errors_through_last_error,
            scalar_passes_by_value,
            out_parameters_are_output_only
        ],
        None,
    )
}

fn version_matches_the_header() -> TestResult {
    let version = unsafe { CStr::from_ptr(ga_version()) };
    assert_eq!(version, GA_VERSION_STRING);
    let (mut major, mut minor, mut patch, mut abi) = (-1, -1, -1, -1);
    let status = unsafe { ga_version_numbers(&mut major, &mut minor, &mut patch, &mut abi) };
    assert_eq!(status, GA_OK);
    assert_eq!(
        (major, minor, patch, abi),
        (GA_VERSION_MAJOR, GA_VERSION_MINOR, GA_VERSION_PATCH, GA_ABI_VERSION)
    );
    Ok(())
}

fn status_names_match_the_constants() -> TestResult {
    let statuses = [
        (GA_OK, "GA_OK"),
        (GA_ERROR_INVALID_ARGUMENT, "GA_ERROR_INVALID_ARGUMENT"),
        (GA_ERROR_INVALID_HANDLE, "GA_ERROR_INVALID_HANDLE"),
        (GA_ERROR_OUT_OF_MEMORY, "GA_ERROR_OUT_OF_MEMORY"),
        (GA_ERROR_NO_DEVICE, "GA_ERROR_NO_DEVICE"),
        (GA_ERROR_CUDA, "GA_ERROR_CUDA"),
        (GA_ERROR_COMPILE, "GA_ERROR_COMPILE"),
        (GA_ERROR_SHAPE_MISMATCH, "GA_ERROR_SHAPE_MISMATCH"),
        (GA_ERROR_DTYPE, "GA_ERROR_DTYPE"),
        (GA_ERROR_INDEX, "GA_ERROR_INDEX"),
        (GA_ERROR_UNSUPPORTED, "GA_ERROR_UNSUPPORTED"),
        (GA_ERROR_LINALG, "GA_ERROR_LINALG"),
        (GA_ERROR_HOST_OUT_OF_MEMORY, "GA_ERROR_HOST_OUT_OF_MEMORY"),
        (GA_ERROR_BUFFER_TOO_SMALL, "GA_ERROR_BUFFER_TOO_SMALL"),
        (GA_ERROR_VERSION_MISMATCH, "GA_ERROR_VERSION_MISMATCH"),
        (GA_ERROR_INTERNAL, "GA_ERROR_INTERNAL"),
    ];
    for (status, name) in statuses {
        let library_name = unsafe { CStr::from_ptr(ga_status_string(status)) };
        assert_eq!(library_name.to_str()?, name);
    }
    Ok(())
}

fn dtype_sizes() -> TestResult {
    let sizes = [
        (GA_BOOL, 1),
        (GA_INT8, 1),
        (GA_INT16, 2),
        (GA_INT32, 4),
        (GA_INT64, 8),
        (GA_UINT8, 1),
        (GA_UINT16, 2),
        (GA_UINT32, 4),
        (GA_UINT64, 8),
        (GA_FLOAT16, 2),
        (GA_BFLOAT16, 2),
        (GA_FLOAT32, 4),
        (GA_FLOAT64, 8),
        (GA_COMPLEX64, 8),
        (GA_COMPLEX128, 16),
    ];
    assert_eq!(sizes.len(), GA_DTYPE_COUNT as usize);
    for (dtype, expected) in sizes {
        let mut itemsize = 0usize;
        assert_eq!(unsafe { ga_dtype_itemsize(dtype, &mut itemsize) }, GA_OK);
        assert_eq!(itemsize, expected, "itemsize of dtype {dtype}");
    }
    Ok(())
}

fn parse_reports_errors_through_last_error() -> TestResult {
    let mut dtype: ga_dtype_t = GA_BOOL;
    assert_eq!(unsafe { ga_dtype_parse(c"<f8".as_ptr(), &mut dtype) }, GA_OK);
    assert_eq!(dtype, GA_FLOAT64);
    assert_eq!(unsafe { CStr::from_ptr(ga_last_error()) }, c"");

    let status = unsafe { ga_dtype_parse(c"nope".as_ptr(), &mut dtype) };
    assert_eq!(status, GA_ERROR_DTYPE);
    assert_eq!(dtype, GA_FLOAT64, "a failed call leaves its out-parameter as it was");
    let message = unsafe { CStr::from_ptr(ga_last_error()) }.to_str()?;
    assert!(message.contains("nope"), "the message names the offending text: {message}");
    Ok(())
}

fn scalar_passes_by_value() -> TestResult {
    let value = ga_scalar_t { dtype: GA_FLOAT64, as_int: 0, as_uint: 0, as_real: -2.75, as_imag: 0.0 };
    let mut result = ga_scalar_t { dtype: GA_BOOL, as_int: 0, as_uint: 0, as_real: 0.0, as_imag: 0.0 };
    assert_eq!(unsafe { ga_scalar_cast(value, GA_INT32, &mut result) }, GA_OK);
    assert_eq!((result.dtype, result.as_int), (GA_INT32, -2), "float to int truncates toward zero");
    assert_eq!(unsafe { ga_scalar_cast(value, GA_UINT8, &mut result) }, GA_OK);
    assert_eq!(
        (result.dtype, result.as_uint),
        (GA_UINT8, 0),
        "a negative float saturates at 0 in unsigned types"
    );
    let unknown: c_int = 99;
    assert_eq!(unsafe { ga_scalar_cast(value, unknown, &mut result) }, GA_ERROR_DTYPE);
    assert_eq!((result.dtype, result.as_uint), (GA_UINT8, 0), "a failed call leaves its result alone");
    Ok(())
}

/// ABI 1.0: an out-parameter is never read, whatever the caller's variable holds, and is written
/// only on success. No device needed: the failures below are found before any device work.
fn out_parameters_are_output_only() -> TestResult {
    let garbage_ufunc: ga_ufunc_t = std::ptr::without_provenance_mut(0x1234);
    let garbage: ga_array_t = std::ptr::without_provenance_mut(0x1234);

    // Garbage in the result is overwritten by a successful call...
    let mut ufunc = garbage_ufunc;
    assert_eq!(unsafe { ga_ufunc_find(c"add".as_ptr(), &mut ufunc) }, GA_OK);
    assert!(ufunc != garbage_ufunc && !ufunc.is_null());
    let (mut nin, mut nout) = (0, 0);
    assert_eq!(unsafe { ga_ufunc_arity(ufunc, &mut nin, &mut nout) }, GA_OK, "the result is a valid ufunc");
    assert_eq!((nin, nout), (2, 1));
    // ... and left as it was by a failing one.
    let mut missing = garbage_ufunc;
    assert_eq!(unsafe { ga_ufunc_find(c"no_such_ufunc".as_ptr(), &mut missing) }, GA_ERROR_INVALID_ARGUMENT);
    assert_eq!(missing, garbage_ufunc);

    // An array result: a NULL array fails before the result is touched.
    let shape = [4i64];
    let mut result = garbage;
    let status = unsafe {
        ga_array_reshape(
            std::ptr::null_mut(),
            1,
            shape.as_ptr(),
            GA_ORDER_C,
            std::ptr::null_mut(),
            &mut result,
        )
    };
    assert_eq!(status, GA_ERROR_INVALID_HANDLE);
    assert_eq!(result, garbage, "a failed call leaves garbage in its result");
    let status = unsafe {
        ga_ufunc_reduce(
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null(),
            -1,
            0,
            GA_DTYPE_SAME,
            std::ptr::null(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            &mut result,
        )
    };
    assert_eq!(status, GA_ERROR_INVALID_HANDLE);
    assert_eq!(result, garbage);

    // A list of results, which may be the same C array as the destinations: a failure (a NULL
    // ufunc) writes none of them.
    let operand = ga_operand_t {
        kind: GA_OPERAND_WEAK_SCALAR,
        array: std::ptr::null_mut(),
        scalar: ga_scalar_t { dtype: GA_INT64, as_int: 1, as_uint: 0, as_real: 0.0, as_imag: 0.0 },
    };
    let operands = [operand, operand];
    let mut results = [garbage];
    let destinations = [std::ptr::null_mut::<ga_array_s>()];
    let status = unsafe {
        ga_ufunc_call(
            std::ptr::null_mut(),
            operands.as_ptr(),
            operands.len(),
            std::ptr::null(),
            destinations.as_ptr(),
            1,
            std::ptr::null_mut(),
            results.as_mut_ptr(),
        )
    };
    assert_eq!(status, GA_ERROR_INVALID_HANDLE);
    assert_eq!(results, [garbage]);
    // A NULL out-pointer is refused.
    assert_eq!(unsafe { ga_ufunc_find(c"add".as_ptr(), std::ptr::null_mut()) }, GA_ERROR_INVALID_ARGUMENT);
    Ok(())
}
