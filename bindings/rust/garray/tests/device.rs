//! The safe API on a GPU: transfers of every element type, views, copies and casts, errors,
//! streams and events, DLPack, and arrays moved between threads. Every test skips, saying why,
//! on a machine without a CUDA device.

use garray::sys;
use garray::{Array, Complex, DLPackTensor, DType, Element, ErrorKind, Event, Operand, Scalar, Stream};
use garray_test::{TestResult, run, tests};
use std::ffi::CStr;
use std::fmt::Debug;
use std::process::ExitCode;
use std::ptr::{null, null_mut};

fn main() -> ExitCode {
    let skip_all = match garray::device_count() {
        Ok(0) => Some("no CUDA device: garray::device_count() is 0".to_string()),
        Ok(_) => None,
        Err(error) => Some(format!("garray::device_count() failed: {error}")),
    };
    run(
        "garray-device",
        tests![
            lib_documentation_example,
            device_properties_name_the_device,
            every_element_type_round_trips,
            zero_dimensional_and_empty_arrays,
            queries_of_views,
            reshape_and_its_errors,
            creation_and_casts,
            to_vec_refuses_another_type,
            clone_shares_and_copy_does_not,
            streams_and_events,
            dlpack_export_and_import,
            arrays_move_between_threads,
            arithmetic_operators,
            operators_broadcast,
            rust_numbers_promote_as_python_numbers,
            operators_panic_and_try_methods_return_errors,
            ufunc_by_name,
            sums_and_reductions,
            destinations_through_the_raw_api
        ],
        skip_all,
    )
}

/// The example of the crate's documentation (src/lib.rs), which is not compiled as a doctest, and
/// of README.md and docs/bindings.md: the regions below, which scripts/snippets.py keeps equal to
/// the pages.
fn lib_documentation_example() -> TestResult {
    // [snippet:transpose] (README.md, docs/bindings.md)
    use garray::{Array, DType};

    let matrix = Array::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?;
    let transposed = matrix.transpose()?.copy()?; // a view, then a C-contiguous copy on the GPU
    assert_eq!(transposed.shape(), [3, 2]);
    assert_eq!(transposed.to_vec::<f32>()?, [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    assert_eq!(transposed.dtype()?, DType::Float32);
    // [snippet-end]

    // The arithmetic example.
    let x = Array::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?;
    let row = Array::from_slice(&[10.0f32, 20.0, 30.0], &[3])?;
    // [snippet:arithmetic] (docs/bindings.md)
    let y = &x * 2.0 + &row;   // x: float32 (2, 3), row: float32 (3,) -> float32 (2, 3)
    let total = y.sum()?;      // a 0-d float32 array: total.to_vec::<f32>()?[0]
    // [snippet-end]
    assert_eq!(y.dtype()?, DType::Float32);
    assert_eq!(y.to_vec::<f32>()?, [12.0, 24.0, 36.0, 18.0, 30.0, 42.0]);
    assert!(total.shape().is_empty());
    assert_eq!(total.to_vec::<f32>()?, [162.0]);
    Ok(())
}

fn device_properties_name_the_device() -> TestResult {
    let properties = garray::device_properties(garray::current_device()?)?;
    assert!(!properties.name.is_empty());
    assert!(properties.compute_capability.0 >= 5, "{properties:?}");
    assert!(properties.total_memory > 0);
    println!(
        "    {} (sm_{}{})",
        properties.name, properties.compute_capability.0, properties.compute_capability.1
    );
    Ok(())
}

fn round_trip<T: Element + PartialEq + Debug>(values: Vec<T>) -> TestResult {
    let array = Array::try_from(values.as_slice())?;
    assert_eq!(array.dtype()?, T::DTYPE);
    assert_eq!(
        (array.shape(), array.size(), array.itemsize()),
        (vec![values.len()], values.len(), size_of::<T>())
    );
    assert_eq!(array.to_vec::<T>()?, values, "{} elements of {}", values.len(), T::DTYPE);
    Ok(())
}

fn every_element_type_round_trips() -> TestResult {
    // Awkward lengths: not a multiple of any vector width or block size.
    round_trip((0..1_000_003).map(|i| i as f32 * 0.5).collect())?;
    round_trip((0..4099).map(|i| (i as f64).sqrt()).collect())?;
    round_trip((-300..301).map(|i| i as i8).collect())?;
    round_trip((0..777).map(|i| (i * 37) as i16).collect())?;
    round_trip((0..777).map(|i| i * -1_000_003).collect::<Vec<i32>>())?;
    round_trip((0..777).map(|i| i * 1_000_000_007i64).collect())?;
    round_trip((0..777).map(|i| i as u8).collect())?;
    round_trip((0..777).map(|i| i as u16 * 80).collect())?;
    round_trip((0..777).map(|i| u32::MAX - i).collect())?;
    round_trip((0..777).map(|i| u64::MAX - i).collect())?;
    round_trip((0..333).map(|i| Complex::new(i as f32, -(i as f32))).collect())?;
    round_trip((0..333).map(|i| Complex::new(i as f64 / 3.0, 1.0)).collect())?;
    Ok(())
}

fn zero_dimensional_and_empty_arrays() -> TestResult {
    let scalar = Array::from_slice(&[42i64], &[])?;
    assert_eq!((scalar.ndim(), scalar.size()), (0, 1));
    assert_eq!(scalar.to_vec::<i64>()?, [42]);
    let empty = Array::from_slice::<f64>(&[], &[3, 0])?;
    assert_eq!((empty.shape(), empty.size()), (vec![3, 0], 0));
    assert!(empty.to_vec::<f64>()?.is_empty());
    Ok(())
}

fn queries_of_views() -> TestResult {
    let matrix = Array::from_slice(&(0..6).collect::<Vec<i32>>(), &[2, 3])?;
    assert_eq!((matrix.shape(), matrix.strides()), (vec![2, 3], vec![3, 1]));
    assert!(matrix.is_c_contiguous() && !matrix.is_f_contiguous() && matrix.is_writeable());
    assert_eq!((matrix.nbytes(), matrix.device()), (24, garray::current_device()?));
    let transposed = matrix.transpose()?;
    assert_eq!((transposed.shape(), transposed.strides()), (vec![3, 2], vec![1, 3]));
    assert!(transposed.is_f_contiguous() && !transposed.is_c_contiguous());
    assert_eq!(transposed.to_vec::<i32>()?, [0, 3, 1, 4, 2, 5]);
    Ok(())
}

fn reshape_and_its_errors() -> TestResult {
    let values: Vec<f64> = (0..24).map(f64::from).collect();
    let array = Array::try_from(values.clone())?;
    let cube = array.reshape(&[2, -1, 4])?;
    assert_eq!(cube.shape(), [2, 3, 4]);
    assert_eq!(cube.to_vec::<f64>()?, values);
    let error = array.reshape(&[5, 5]).expect_err("24 elements into 25");
    assert_eq!(error.kind(), ErrorKind::ShapeMismatch);
    assert!(error.message().contains("reshape"), "the message names the function: {error}");
    assert_eq!(array.reshape(&[-1, -1]).expect_err("two -1").kind(), ErrorKind::InvalidArgument);
    Ok(())
}

fn creation_and_casts() -> TestResult {
    assert_eq!(Array::zeros(&[2, 2], DType::Int16)?.to_vec::<i16>()?, [0; 4]);
    assert_eq!(Array::ones(&[3], DType::Complex64)?.to_vec::<Complex<f32>>()?, [Complex::new(1.0, 0.0); 3]);
    assert_eq!(Array::empty(&[5, 7], DType::UInt8)?.size(), 35);
    let floats = Array::from_slice(&[-2.75f64, 2.75, 1e12, f64::NAN], &[4])?;
    // CuPy's casting: truncate toward zero, saturate, NaN to 0.
    assert_eq!(floats.astype(DType::Int32)?.to_vec::<i32>()?, [-2, 2, i32::MAX, 0]);
    Ok(())
}

fn to_vec_refuses_another_type() -> TestResult {
    let array = Array::from_slice(&[1.0f32, 2.0], &[2])?;
    let error = array.to_vec::<f64>().expect_err("float32 read as f64");
    assert_eq!(error.kind(), ErrorKind::DType);
    assert!(error.message().contains("float32"), "{error}");
    Ok(())
}

fn clone_shares_and_copy_does_not() -> TestResult {
    let array = Array::from_slice(&[1u32, 2, 3], &[3])?;
    let shared = array.clone();
    assert_eq!(shared.as_raw(), array.as_raw(), "a clone is another reference to the same handle");
    let copied = array.copy()?;
    assert_ne!(copied.as_raw(), array.as_raw());
    drop(array);
    assert_eq!(shared.to_vec::<u32>()?, [1, 2, 3], "the clone keeps the array alive");
    assert_eq!(copied.to_vec::<u32>()?, [1, 2, 3]);
    Ok(())
}

fn streams_and_events() -> TestResult {
    let stream = Stream::new(true)?;
    assert_eq!(stream.device()?, garray::current_device()?);
    let (start, end) = (Event::new(true)?, Event::new(true)?);
    stream.make_current()?;
    start.record(None)?;
    let copy = Array::from_slice(&vec![1.5f32; 1 << 20], &[1 << 20])?.copy()?;
    end.record(None)?;
    stream.synchronize()?;
    assert!(stream.is_done()? && end.is_done()?);
    assert!(start.elapsed_ms(&end)? >= 0.0);
    let other = Stream::new(false)?;
    other.wait_event(&end)?;
    other.synchronize()?;
    Stream::reset_current()?;
    assert_ne!(Stream::current()?.as_raw(), stream.as_raw());
    assert_eq!(copy.to_vec::<f32>()?.iter().filter(|&&value| value == 1.5).count(), 1 << 20);
    let untimed = Event::new(false)?;
    untimed.record(Some(&other))?;
    untimed.synchronize()?;
    assert_eq!(untimed.elapsed_ms(&end).expect_err("no timing").kind(), ErrorKind::InvalidArgument);
    Ok(())
}

fn dlpack_export_and_import() -> TestResult {
    let matrix = Array::from_slice(&(0..12).map(|i| i as f64).collect::<Vec<_>>(), &[3, 4])?;
    let view = matrix.transpose()?;
    let tensor: DLPackTensor = view.to_dlpack(-1)?;
    assert_eq!(tensor.version().0, garray::sys::GA_DLPACK_MAJOR_VERSION as u32);
    assert_eq!((tensor.shape(), tensor.strides()), (&[4i64, 3][..], Some(&[1i64, 4][..])));
    let (device, dtype) = (tensor.device(), tensor.dtype());
    assert_eq!((device.device_type, device.device_id), (garray::sys::GA_DLPACK_CUDA, matrix.device()));
    assert_eq!((dtype.code as i32, dtype.bits, dtype.lanes), (garray::sys::GA_DLPACK_FLOAT, 64, 1));
    assert!(!tensor.is_read_only());
    drop(view);
    drop(matrix);
    // The tensor keeps the memory alive; importing it wraps the same memory.
    let address = tensor.data();
    let imported = Array::from_dlpack(tensor)?;
    let mut data = std::ptr::null_mut();
    assert_eq!(unsafe { garray::sys::ga_array_data(imported.as_raw(), &mut data) }, garray::sys::GA_OK);
    assert_eq!(data, address, "imported without a copy");
    let expected: Vec<f64> =
        (0..4).flat_map(|column| (0..3).map(move |row| (row * 4 + column) as f64)).collect();
    assert_eq!(imported.to_vec::<f64>()?, expected);
    // A dropped export calls its deleter: nothing leaks, and the array stays usable.
    drop(imported.to_dlpack(-1)?);
    assert_eq!(imported.size(), 12);
    Ok(())
}

fn arrays_move_between_threads() -> TestResult {
    let array = Array::from_slice(&[7i64, 8, 9], &[3])?;
    let shared = array.clone();
    let from_thread = std::thread::spawn(move || -> garray::Result<Vec<i64>> {
        let doubled = Array::try_from(shared.to_vec::<i64>()?.iter().map(|v| v * 2).collect::<Vec<_>>())?;
        doubled.to_vec()
    })
    .join()
    .expect("the thread finishes")?;
    assert_eq!(from_thread, [14, 16, 18]);
    assert_eq!(array.to_vec::<i64>()?, [7, 8, 9]);
    Ok(())
}

fn arithmetic_operators() -> TestResult {
    let a = Array::from_slice(&[1.0f64, 2.0, 4.0, -8.0], &[4])?;
    let b = Array::from_slice(&[0.5f64, 4.0, -2.0, 2.0], &[4])?;
    assert_eq!((&a + &b).to_vec::<f64>()?, [1.5, 6.0, 2.0, -6.0]);
    assert_eq!((&a - &b).to_vec::<f64>()?, [0.5, -2.0, 6.0, -10.0]);
    assert_eq!((&a * &b).to_vec::<f64>()?, [0.5, 8.0, -8.0, -16.0]);
    assert_eq!((&a / &b).to_vec::<f64>()?, [2.0, 0.5, -2.0, -4.0]);
    assert_eq!((-&a).to_vec::<f64>()?, [-1.0, -2.0, -4.0, 8.0]);
    // Owned operands, and scalars on either side (the scalar stays the first operand).
    assert_eq!((a.clone() + b.clone()).to_vec::<f64>()?, [1.5, 6.0, 2.0, -6.0]);
    assert_eq!((10.0 - &a).to_vec::<f64>()?, [9.0, 8.0, 6.0, 18.0]);
    assert_eq!((8.0 / &a).to_vec::<f64>()?, [8.0, 4.0, 2.0, -1.0]);
    assert_eq!((2 * -a.clone() + 1).to_vec::<f64>()?, [-1.0, -3.0, -7.0, 17.0]);
    assert_eq!(a.to_vec::<f64>()?, [1.0, 2.0, 4.0, -8.0], "operators leave their operands alone");
    // Integers: `/` is true division (float64), as NumPy's; negative wraps unsigned integers.
    let i = Array::from_slice(&[7i32, -7, 1], &[3])?;
    let quotient = &i / &Array::from_slice(&[2i32, 2, 4], &[3])?;
    assert_eq!(quotient.dtype()?, DType::Float64);
    assert_eq!(quotient.to_vec::<f64>()?, [3.5, -3.5, 0.25]);
    assert_eq!((-Array::from_slice(&[1u8, 0, 255], &[3])?).to_vec::<u8>()?, [255, 0, 1]);
    let z = Array::from_slice(&[Complex::new(1.0f32, 2.0)], &[1])?;
    let rotated = &z * Complex::new(0.0f64, 1.0);
    assert_eq!(rotated.dtype()?, DType::Complex64);
    assert_eq!(rotated.to_vec::<Complex<f32>>()?, [Complex::new(-2.0, 1.0)]);
    Ok(())
}

fn operators_broadcast() -> TestResult {
    let matrix = Array::from_slice(&(0..6).collect::<Vec<i64>>(), &[2, 3])?;
    let row = Array::from_slice(&[10i64, 20, 30], &[3])?;
    let column = Array::from_slice(&[100i64, 200], &[2, 1])?;
    let sum = &matrix + &row;
    assert_eq!(sum.shape(), [2, 3]);
    assert_eq!(sum.to_vec::<i64>()?, [10, 21, 32, 13, 24, 35]);
    let outer = &column * &row;
    assert_eq!(outer.shape(), [2, 3]);
    assert_eq!(outer.to_vec::<i64>()?, [1000, 2000, 3000, 2000, 4000, 6000]);
    // A transposed (strided) view broadcasts as well.
    let transposed = matrix.transpose()?;
    assert_eq!(
        (&transposed - &column.reshape(&[1, 2])?).to_vec::<i64>()?,
        [-100, -197, -99, -196, -98, -195]
    );
    let error = matrix.try_add(&Array::from_slice(&[1i64, 2], &[2])?).expect_err("(2, 3) with (2,)");
    assert_eq!(error.kind(), ErrorKind::ShapeMismatch);
    Ok(())
}

fn rust_numbers_promote_as_python_numbers() -> TestResult {
    let floats = Array::from_slice(&[1.5f32, -2.0], &[2])?;
    // NEP 50: Rust numbers are weak, as Python's: float32 * 2.0 stays float32.
    for doubled in [&floats * 2.0, &floats * 2.0f32, 2.0 * &floats, &floats * 2, floats.try_mul(2.0)?] {
        assert_eq!(doubled.dtype()?, DType::Float32);
        assert_eq!(doubled.to_vec::<f32>()?, [3.0, -4.0]);
    }
    // A typed scalar is a NumPy scalar of its dtype: float64 wins.
    let typed = &floats * Scalar::typed(2.0f64);
    assert_eq!(typed.dtype()?, DType::Float64);
    assert_eq!(typed.to_vec::<f64>()?, [3.0, -4.0]);
    assert_eq!((&floats * Scalar::typed(2.0f32)).dtype()?, DType::Float32);
    assert_eq!((&floats.astype(DType::Float16)? * 2.0).dtype()?, DType::Float16);
    // Integers: a weak int keeps the array's dtype; a weak float makes it float64.
    let bytes = Array::from_slice(&[100i8, -100], &[2])?;
    let plus_one = &bytes + 1;
    assert_eq!((plus_one.dtype()?, plus_one.to_vec::<i8>()?), (DType::Int8, vec![101, -99]));
    let halves = &bytes * 0.5;
    assert_eq!((halves.dtype()?, halves.to_vec::<f64>()?), (DType::Float64, vec![50.0, -50.0]));
    assert_eq!((&bytes + Scalar::typed(1i32)).dtype()?, DType::Int32);
    // A weak integer must fit the array's dtype, as in NumPy 2.
    let error = Array::from_slice(&[1u8], &[1])?.try_add(300).expect_err("300 is no uint8");
    assert_eq!(error.kind(), ErrorKind::DType);
    assert!(error.message().contains("300"), "{error}");
    Ok(())
}

fn operators_panic_and_try_methods_return_errors() -> TestResult {
    let (flags, zeros) = (Array::ones(&[2], DType::Bool)?, Array::zeros(&[2], DType::Bool)?);
    let error = flags.try_sub(&zeros).expect_err("NumPy refuses bool - bool");
    assert_eq!(error.kind(), ErrorKind::DType);
    assert_eq!(flags.try_neg().expect_err("NumPy refuses -bool").kind(), ErrorKind::DType);
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {})); // the panic below is expected: keep the log clean
    let panic = std::panic::catch_unwind(|| &flags - &zeros);
    std::panic::set_hook(previous_hook);
    let payload = panic.expect_err("`-` panics on bool arrays");
    let message = payload.downcast_ref::<String>().ok_or("a formatted panic message")?;
    assert!(message.contains("`-`") && message.contains("GA_ERROR_DTYPE"), "{message}");
    assert!(message.contains(error.message()), "the panic carries the error's message: {message}");
    Ok(())
}

fn ufunc_by_name() -> TestResult {
    let x = Array::from_slice(&[7i32, -7], &[2])?;
    let [quotient, remainder]: [Array; 2] =
        Array::ufunc("divmod", &[Operand::from(&x), 2.into()])?.try_into().map_err(|_| "two outputs")?;
    assert_eq!(quotient.to_vec::<i32>()?, [3, -4]);
    assert_eq!(remainder.to_vec::<i32>()?, [1, 1]);
    let angles = Array::ufunc("arctan2", &[Operand::from(&Array::from_slice(&[1.0f32], &[1])?), 1.0.into()])?;
    assert_eq!(angles[0].dtype()?, DType::Float32);
    assert!((angles[0].to_vec::<f32>()?[0] - std::f32::consts::FRAC_PI_4).abs() < 1e-6);
    // Only weak scalars: their own dtypes, a 0-d output.
    let three = Array::ufunc("add", &[1.into(), 2.into()])?.remove(0);
    assert_eq!((three.ndim(), three.dtype()?, three.to_vec::<i64>()?), (0, DType::Int64, vec![3]));
    let error = Array::ufunc("add", &[Operand::from(&x)]).expect_err("add takes two inputs");
    assert_eq!(error.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        Array::ufunc("nope", &[Operand::from(&x)]).expect_err("unknown").kind(),
        ErrorKind::InvalidArgument
    );
    Ok(())
}

fn sums_and_reductions() -> TestResult {
    let values: Vec<f32> = (0..100_003).map(|i| (i % 7) as f32).collect();
    let expected: f32 = values.iter().sum();
    let sum = Array::try_from(values)?.sum()?;
    assert_eq!((sum.ndim(), sum.dtype()?), (0, DType::Float32));
    assert_eq!(sum.to_vec::<f32>()?, [expected]);
    // NumPy's widening: int8 sums to int64, u16 to uint64.
    let bytes = Array::from_slice(&[100i8; 10], &[10])?.sum()?;
    assert_eq!((bytes.dtype()?, bytes.to_vec::<i64>()?), (DType::Int64, vec![1000]));
    assert_eq!(Array::from_slice(&[u16::MAX; 3], &[3])?.sum()?.to_vec::<u64>()?, [3 * u16::MAX as u64]);
    assert_eq!(Array::zeros(&[0], DType::Float64)?.sum()?.to_vec::<f64>()?, [0.0]);
    let matrix = Array::from_slice(&(1..=6).collect::<Vec<i64>>(), &[2, 3])?;
    let columns = matrix.reduce("add", Some(&[0]), false)?;
    assert_eq!((columns.shape(), columns.to_vec::<i64>()?), (vec![3], vec![5, 7, 9]));
    let rows = matrix.reduce("maximum", Some(&[-1]), true)?;
    assert_eq!((rows.shape(), rows.to_vec::<i64>()?), (vec![2, 1], vec![3, 6]));
    assert_eq!(matrix.reduce("add", Some(&[2]), false).expect_err("no axis 2").kind(), ErrorKind::Index);
    Ok(())
}

/// ABI 1.0's destinations through the raw declarations, for a call with a list of destinations
/// (ga_ufunc_call) and one with a single `out` (ga_ufunc_reduce): a destination of another shape,
/// of a dtype the result does not cast to (same_kind for the ufunc; a reduction casts unsafely,
/// so it has no such case) or read-only is refused with the message naming `out`, leaving the
/// destination and the result pointer as they were; garbage in the result pointer is never read;
/// a given destination comes back as the same handle with one more reference.
fn destinations_through_the_raw_api() -> TestResult {
    let garbage: sys::ga_array_t = std::ptr::without_provenance_mut(0x1234);
    let a = Array::from_slice(&[1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?;
    let b = Array::from_slice(&[10.0f64, 20.0, 30.0], &[3])?;
    let mut add = null_mut();
    assert_eq!(unsafe { sys::ga_ufunc_find(c"add".as_ptr(), &mut add) }, sys::GA_OK);
    let operands = [Operand::from(&a).to_raw(), Operand::from(&b).to_raw()];
    let columns = [0];
    // a + b into `out` (shape (2, 3)), or add.reduce(a, axis=0) into `out` (shape (3,)).
    let call = |reduce: bool, out: &Array, result: &mut sys::ga_array_t| unsafe {
        if reduce {
            sys::ga_ufunc_reduce(
                add,
                a.as_raw(),
                columns.as_ptr(),
                1,
                0,
                sys::GA_DTYPE_SAME,
                null(),
                out.as_raw(),
                null_mut(),
                result,
            )
        } else {
            let destinations = [out.as_raw()];
            sys::ga_ufunc_call(
                add,
                operands.as_ptr(),
                2,
                null(),
                destinations.as_ptr(),
                1,
                null_mut(),
                result,
            )
        }
    };
    let read_only = |extents: &[i64]| -> garray::Result<Array> {
        let one = Array::from_slice(&[-1.0f64], &[1])?;
        let mut view = null_mut();
        let status = unsafe {
            sys::ga_array_broadcast_to(one.as_raw(), extents.len() as i32, extents.as_ptr(), &mut view)
        };
        assert_eq!(status, sys::GA_OK);
        let view = unsafe { Array::from_raw(view) };
        assert!(!view.is_writeable(), "a broadcast view is read-only");
        Ok(view)
    };
    let refused = [
        ("ga_ufunc_call", false, Array::from_slice(&[-1.0f64; 3], &[3])?, sys::GA_ERROR_SHAPE_MISMATCH),
        ("ga_ufunc_call", false, Array::from_slice(&[-1i32; 6], &[2, 3])?, sys::GA_ERROR_DTYPE),
        ("ga_ufunc_call", false, read_only(&[2, 3])?, sys::GA_ERROR_INVALID_ARGUMENT),
        ("ga_ufunc_reduce", true, Array::from_slice(&[-1.0f64; 2], &[2])?, sys::GA_ERROR_SHAPE_MISMATCH),
        ("ga_ufunc_reduce", true, read_only(&[3])?, sys::GA_ERROR_INVALID_ARGUMENT),
    ];
    for (function, reduce, out, expected) in refused {
        let before = out.astype(DType::Float64)?.to_vec::<f64>()?;
        let mut result = garbage;
        let status = call(reduce, &out, &mut result);
        let message = unsafe { CStr::from_ptr(sys::ga_last_error()) }.to_string_lossy().into_owned();
        let case = format!("{function} into {:?} {:?}", out.dtype()?, out.shape());
        assert_eq!(status, expected, "{case}: {message}");
        assert!(message.contains("out"), "{case}: the message names out: {message}");
        assert_eq!(result, garbage, "{case}: a failed call leaves the result pointer alone");
        assert_eq!(out.astype(DType::Float64)?.to_vec::<f64>()?, before, "{case}: out is not written");
    }

    for (reduce, out, expected) in [
        (false, Array::zeros(&[2, 3], DType::Float64)?, vec![11.0, 22.0, 33.0, 14.0, 25.0, 36.0]),
        (true, Array::zeros(&[3], DType::Float64)?, vec![5.0, 7.0, 9.0]),
    ] {
        let mut result = garbage;
        assert_eq!(call(reduce, &out, &mut result), sys::GA_OK, "reduce: {reduce}");
        assert_eq!(result, out.as_raw(), "the destination comes back as the same handle");
        // The extra reference is the caller's; releasing it leaves `out` alive.
        unsafe { sys::ga_array_release(result) };
        assert_eq!(out.to_vec::<f64>()?, expected, "reduce: {reduce}");
    }
    Ok(())
}
