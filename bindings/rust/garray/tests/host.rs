//! The safe API on any machine, GPU or not: versions, dtypes, errors, and what device calls do
//! without a device.

use garray::{Array, Complex, DType, DTypeKind, ErrorKind, Operand, Scalar, Stream};
use garray_test::{TestResult, run, skip, tests};
use std::process::ExitCode;

fn main() -> ExitCode {
    run(
        "garray-host",
        tests![
            version_is_the_headers,
            library_is_compatible,
            dtype_names_sizes_and_kinds,
            dtype_parsing,
            dtype_parse_error_carries_status_and_message,
            device_calls_without_a_device,
            unknown_ufunc_names_need_no_device,
            rust_numbers_are_weak_scalars,
            ufunc_calls_without_a_device
        ],
        None,
    )
}

fn version_is_the_headers() -> TestResult {
    assert_eq!(garray::version(), garray::sys::GA_VERSION_STRING.to_str()?);
    let numbers = garray::version_numbers();
    assert_eq!(format!("{}.{}.{}", numbers.major, numbers.minor, numbers.patch), garray::version());
    Ok(())
}

fn library_is_compatible() -> TestResult {
    garray::ensure_compatible_library()?;
    assert_eq!(garray::version_numbers().abi, garray::sys::GA_ABI_VERSION);
    Ok(())
}

fn dtype_names_sizes_and_kinds() -> TestResult {
    let expected = [
        (DType::Bool, "bool", 1, DTypeKind::Bool),
        (DType::Int8, "int8", 1, DTypeKind::Signed),
        (DType::Int16, "int16", 2, DTypeKind::Signed),
        (DType::Int32, "int32", 4, DTypeKind::Signed),
        (DType::Int64, "int64", 8, DTypeKind::Signed),
        (DType::UInt8, "uint8", 1, DTypeKind::Unsigned),
        (DType::UInt16, "uint16", 2, DTypeKind::Unsigned),
        (DType::UInt32, "uint32", 4, DTypeKind::Unsigned),
        (DType::UInt64, "uint64", 8, DTypeKind::Unsigned),
        (DType::Float16, "float16", 2, DTypeKind::Float),
        (DType::BFloat16, "bfloat16", 2, DTypeKind::Float),
        (DType::Float32, "float32", 4, DTypeKind::Float),
        (DType::Float64, "float64", 8, DTypeKind::Float),
        (DType::Complex64, "complex64", 8, DTypeKind::Complex),
        (DType::Complex128, "complex128", 16, DTypeKind::Complex),
    ];
    assert_eq!(DType::ALL.len(), expected.len());
    for (dtype, name, itemsize, kind) in expected {
        assert_eq!((dtype.name(), dtype.itemsize(), dtype.kind()), (name, itemsize, kind));
        assert_eq!(dtype.to_string(), name);
        assert_eq!(DType::from_raw(dtype.to_raw())?, dtype);
    }
    Ok(())
}

fn dtype_parsing() -> TestResult {
    for (text, dtype) in [
        ("float32", DType::Float32),
        ("<f8", DType::Float64),
        ("c16", DType::Complex128),
        ("?", DType::Bool),
        ("int", DType::Int64),
        ("half", DType::Float16),
    ] {
        assert_eq!(text.parse::<DType>()?, dtype, "parsing {text:?}");
    }
    Ok(())
}

fn dtype_parse_error_carries_status_and_message() -> TestResult {
    let error = "nope".parse::<DType>().expect_err("no such dtype");
    assert_eq!(error.kind(), ErrorKind::DType);
    assert_eq!(error.status(), garray::sys::GA_ERROR_DTYPE);
    assert_eq!(error.status_name(), "GA_ERROR_DTYPE");
    assert!(error.message().contains("nope"), "the message names the text: {}", error.message());
    assert_eq!(error.to_string(), format!("GA_ERROR_DTYPE: {}", error.message()));

    let error = "f\0".parse::<DType>().expect_err("a NUL byte");
    assert_eq!(error.kind(), ErrorKind::DType);
    Ok(())
}

fn device_calls_without_a_device() -> TestResult {
    if garray::device_count()? > 0 {
        return skip("a GPU is present; the device tests cover it");
    }
    let error = Array::zeros(&[2, 3], DType::Float32).expect_err("no device");
    assert_eq!(error.kind(), ErrorKind::NoDevice);
    assert!(!error.message().is_empty());
    let error = Array::from_slice(&[1i32, 2, 3], &[3]).expect_err("no device");
    assert_eq!(error.kind(), ErrorKind::NoDevice);
    assert_eq!(Stream::new(true).expect_err("no device").kind(), ErrorKind::NoDevice);
    assert_eq!(garray::device_properties(0).expect_err("no device").kind(), ErrorKind::NoDevice);
    // Checks made before any device call hold without a device too.
    let error = Array::from_slice(&[1.0f64, 2.0], &[3]).expect_err("2 elements for 3");
    assert_eq!(error.kind(), ErrorKind::ShapeMismatch);
    Ok(())
}

fn unknown_ufunc_names_need_no_device() -> TestResult {
    let error = Array::ufunc("no_such_ufunc", &[1.into(), 2.into()]).expect_err("no such ufunc");
    assert_eq!(error.kind(), ErrorKind::InvalidArgument);
    assert!(error.message().contains("no_such_ufunc"), "the message names the ufunc: {error}");
    let error = Array::ufunc("add\0", &[]).expect_err("a NUL byte");
    assert_eq!(error.kind(), ErrorKind::InvalidArgument);
    Ok(())
}

fn rust_numbers_are_weak_scalars() -> TestResult {
    // Plain numbers are Python numbers of their kind: int64 (uint64 past i64::MAX), float64,
    // complex128, whatever their Rust type.
    for (scalar, dtype) in [
        (Scalar::from(3u8), DType::Int64),
        (Scalar::from(-3i16), DType::Int64),
        (Scalar::from(u64::MAX), DType::UInt64),
        (Scalar::from(2.0f32), DType::Float64),
        (Scalar::from(2.0f64), DType::Float64),
        (Scalar::from(Complex::new(1.0f32, 2.0)), DType::Complex128),
    ] {
        assert!(scalar.is_weak(), "{scalar:?}");
        assert_eq!(scalar.dtype(), dtype, "{scalar:?}");
    }
    assert_eq!(
        (Scalar::from(u64::MAX).to_raw().as_uint, Scalar::from(-3i16).to_raw().as_int),
        (u64::MAX, -3)
    );
    assert_eq!(Scalar::from(Complex::new(1.0f32, 2.0)).to_raw().as_imag, 2.0);
    // Typed scalars keep the Rust type's dtype; bool is never weak, as in NumPy.
    for (scalar, dtype) in [
        (Scalar::typed(2.0f32), DType::Float32),
        (Scalar::typed(7u16), DType::UInt16),
        (Scalar::typed(-1i8), DType::Int8),
        (Scalar::typed(Complex::new(0.0f64, 1.0)), DType::Complex128),
        (Scalar::from(true), DType::Bool),
    ] {
        assert!(!scalar.is_weak(), "{scalar:?}");
        assert_eq!(scalar.dtype(), dtype, "{scalar:?}");
    }
    assert_eq!(Operand::from(2.0).to_raw().kind, garray::sys::GA_OPERAND_WEAK_SCALAR);
    assert_eq!(Operand::from(Scalar::typed(2.0)).to_raw().kind, garray::sys::GA_OPERAND_SCALAR);
    Ok(())
}

fn ufunc_calls_without_a_device() -> TestResult {
    if garray::device_count()? > 0 {
        return skip("a GPU is present; the device tests cover it");
    }
    // Even an all-scalar call makes a 0-d array on the device.
    let error = Array::ufunc("add", &[1.into(), 2.5.into()]).expect_err("no device");
    assert_eq!(error.kind(), ErrorKind::NoDevice);
    Ok(())
}
