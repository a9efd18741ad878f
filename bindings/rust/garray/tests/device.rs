//! The safe API on a GPU: transfers of every element type, views, copies and casts, errors,
//! streams and events, DLPack, and arrays moved between threads. Every test skips, saying why,
//! on a machine without a CUDA device.

use garray::{Array, Complex, DLPackTensor, DType, Element, ErrorKind, Event, Stream};
use garray_test::{TestResult, run, tests};
use std::fmt::Debug;
use std::process::ExitCode;

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
            arrays_move_between_threads
        ],
        skip_all,
    )
}

/// The example of the crate's documentation (src/lib.rs), which is not compiled as a doctest.
fn lib_documentation_example() -> TestResult {
    let matrix = Array::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3])?;
    let transposed = matrix.transpose()?.copy()?;
    assert_eq!(transposed.shape(), [3, 2]);
    assert_eq!(transposed.to_vec::<f32>()?, [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    assert_eq!(transposed.dtype()?, DType::Float32);
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
