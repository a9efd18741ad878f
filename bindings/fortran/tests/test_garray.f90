!> The Fortran bindings against the library. The host tests run anywhere; the device tests skip,
!> saying why, on a machine without a CUDA device.
!>
!> usage: garray_fortran_test [--junit REPORT]

!> The tests: module procedures, so that passing them to `run` needs no trampoline (and no
!> executable stack).
module garray_fortran_tests
  use, intrinsic :: iso_c_binding, only: c_associated, c_double, c_double_complex, c_float, &
      c_float_complex, c_int, c_int32_t, c_int64_t, c_intptr_t, c_loc, c_null_char, c_null_ptr, c_ptr, &
      c_size_t, c_sizeof
  use garray
  use garray_c_struct_sizes, only: struct_size_mismatches
  use test_harness, only: check
  implicit none

contains

  ! --- host ---------------------------------------------------------------------------------------

  subroutine test_version(failure)
    character(len=:), allocatable, intent(inout) :: failure
    integer(c_int) :: major, minor, patch, abi
    call check(ga_library_version() == GA_VERSION_STRING, "library version " // ga_library_version() // &
        " is not the header's " // GA_VERSION_STRING, failure)
    call check(ga_version_numbers(major, minor, patch, abi) == GA_OK, "ga_version_numbers failed", failure)
    call check(abi == GA_ABI_VERSION, "ABI version differs", failure)
    call check(all([major, minor, patch] == [GA_VERSION_MAJOR, GA_VERSION_MINOR, GA_VERSION_PATCH]), &
        "version numbers differ", failure)
  end subroutine test_version

  subroutine test_struct_sizes(failure)
    character(len=:), allocatable, intent(inout) :: failure
    character(len=:), allocatable :: mismatches
    mismatches = struct_size_mismatches()
    call check(len(mismatches) == 0, mismatches, failure)
  end subroutine test_struct_sizes

  subroutine test_strings_and_errors(failure)
    character(len=:), allocatable, intent(inout) :: failure
    integer(c_int) :: dtype, status
    type(c_ptr) :: name
    call check(ga_dtype_parse(ga_c_string("<f8"), dtype) == GA_OK, "parsing <f8", failure)
    call check(dtype == GA_FLOAT64, "<f8 is float64", failure)
    call check(ga_dtype_name(GA_COMPLEX64, name) == GA_OK, "ga_dtype_name", failure)
    call check(ga_fortran_string(name) == "complex64", "the name of complex64", failure)
    status = ga_dtype_parse("nope" // c_null_char, dtype)
    call check(status == GA_ERROR_DTYPE, "parsing nope gives GA_ERROR_DTYPE", failure)
    call check(dtype == GA_FLOAT64, "a failed call leaves its out-argument alone", failure)
    call check(index(ga_fortran_string(ga_last_error()), "nope") > 0, "the message names the text", failure)
    call check(ga_status_name(GA_ERROR_NO_DEVICE) == "GA_ERROR_NO_DEVICE", "status names", failure)
  end subroutine test_strings_and_errors

  subroutine test_scalar_by_value(failure)
    character(len=:), allocatable, intent(inout) :: failure
    type(ga_scalar_t) :: value, cast
    value = ga_scalar_t(GA_FLOAT64, 0_c_int64_t, 0_c_int64_t, -2.75_c_double, 0.0_c_double)
    call check(ga_scalar_cast(value, GA_INT32, cast) == GA_OK, "ga_scalar_cast", failure)
    call check(cast%dtype == GA_INT32 .and. cast%as_int == -2, "float64 -2.75 to int32 is -2", failure)
    call check(ga_scalar_cast(value, 99_c_int, cast) == GA_ERROR_DTYPE, "an unknown dtype", failure)
  end subroutine test_scalar_by_value

  !> ABI 1.0: an out-parameter is never read, whatever the variable holds, and is written only on
  !> success. No device needed: the failures are found before any device work.
  subroutine test_out_parameters(failure)
    character(len=:), allocatable, intent(inout) :: failure
    type(c_ptr) :: garbage, ufunc, result
    integer(c_int) :: nin, nout
    garbage = transfer(int(z'1234', c_intptr_t), garbage)
    ufunc = garbage
    call check(ga_ufunc_find(ga_c_string("add"), ufunc) == GA_OK, "ga_ufunc_find(add)", failure)
    call check(c_associated(ufunc) .and. .not. c_associated(ufunc, garbage), &
        "a successful call overwrites garbage in its result", failure)
    call check(ga_ufunc_arity(ufunc, nin, nout) == GA_OK, "the result is a valid ufunc", failure)
    call check(nin == 2 .and. nout == 1, "add takes 2 inputs, gives 1 output", failure)
    result = garbage
    call check(ga_ufunc_find(ga_c_string("no_such_ufunc"), result) == GA_ERROR_INVALID_ARGUMENT, &
        "an unknown ufunc", failure)
    call check(c_associated(result, garbage), "a failed ga_ufunc_find leaves its result alone", failure)
    call check(ga_array_reshape(c_null_ptr, 1_c_int, [4_c_int64_t], GA_ORDER_C, c_null_ptr, result) &
        == GA_ERROR_INVALID_HANDLE, "reshaping a NULL array", failure)
    call check(c_associated(result, garbage), "a failed ga_array_reshape leaves its result alone", failure)
    call check(ga_ufunc_reduce(ufunc, c_null_ptr, axis_count=-1_c_int, keepdims=0_c_int, &
        dtype=GA_DTYPE_SAME, out=c_null_ptr, stream=c_null_ptr, result=result) == GA_ERROR_INVALID_HANDLE, &
        "reducing a NULL array", failure)
    call check(c_associated(result, garbage), "a failed ga_ufunc_reduce leaves its result alone", failure)
  end subroutine test_out_parameters

  subroutine test_without_device(failure)
    character(len=:), allocatable, intent(inout) :: failure
    type(ga_array) :: array
    type(ga_kernel) :: kernel
    integer :: stat
    character(len=1000) :: message
    message = ""
    call ga_upload(array, [1.0_c_float, 2.0_c_float], stat=stat, errmsg=message)
    call check(stat == GA_ERROR_NO_DEVICE, "ga_upload without a device", failure)
    call check(len_trim(message) > 0, "a message says why", failure)
    call ga_raw_kernel(kernel, "extern ""C"" __global__ void k() {}", "k", stat=stat)
    call check(stat == GA_ERROR_NO_DEVICE, "ga_raw_kernel without a device", failure)
  end subroutine test_without_device

  ! --- device -------------------------------------------------------------------------------------

  !> Element (i1, ..., ik) of the Fortran array is element (i1-1, ..., ik-1) of the device array.
  !> For arrays of a floating-point dtype.
  real(c_double) function item(array, index)
    type(ga_array), intent(in) :: array
    integer(c_int64_t), intent(in) :: index(:)
    type(ga_scalar_t) :: value
    if (ga_array_item(array%handle, index - 1, c_null_ptr, value) /= GA_OK) &
        error stop ga_fortran_string(ga_last_error())
    item = value%as_real
  end function item

  !> The example of README.md and docs/bindings.md: the regions below, which scripts/snippets.py
  !> keeps equal to the pages (joined there by an empty line).
  subroutine test_documentation_example(failure)
    ! [snippet:round-trip-declarations] (README.md, docs/bindings.md)
    use garray
    type(ga_array) :: device_matrix
    real(c_double) :: host(3, 4), back(3, 4)
    ! [snippet-end]
    character(len=:), allocatable, intent(inout) :: failure
    integer :: i
    host = reshape([(real(i, c_double), i = 1, 12)], [3, 4])
    back = 0
    ! [snippet:round-trip-calls] (README.md, docs/bindings.md)
    call ga_upload(device_matrix, host)     ! shape (3, 4), F order: no transpose
    call ga_download(device_matrix, back)   ! waits for the stream
    ! [snippet-end]
    call check(all(device_matrix%shape() == [3, 4]), "the device array has the Fortran shape", failure)
    call check(device_matrix%is_f_contiguous(), "the device array is in F order", failure)
    call check(all(back == host), "the matrix came back", failure)
  end subroutine test_documentation_example

  subroutine test_real32_ranks(failure)
    character(len=:), allocatable, intent(inout) :: failure
    real(c_float), allocatable :: vector(:), vector_back(:)
    real(c_float) :: matrix(37, 53), cube(5, 7, 3)
    real(c_float), allocatable :: matrix_back(:, :), cube_back(:, :, :)
    type(ga_array) :: array
    integer :: i
    allocate(vector(100003), vector_back(100003))
    vector = [(real(i, c_float), i = 1, size(vector))]
    matrix = reshape([(real(i, c_float) * 0.5, i = 1, size(matrix))], shape(matrix))
    cube = reshape([(real(-i, c_float), i = 1, size(cube))], shape(cube))

    call ga_upload(array, vector)
    call check(all(array%shape() == [100003]), "vector shape", failure)
    call ga_download(array, vector_back)
    call check(all(vector_back == vector), "vector round trip", failure)

    call ga_upload(array, matrix)
    call check(all(array%shape() == [37, 53]), "matrix shape in Fortran order", failure)
    call check(array%is_f_contiguous(), "an uploaded matrix is F-contiguous", failure)
    call check(item(array, [2_c_int64_t, 5_c_int64_t]) == matrix(2, 5), "matrix(2, 5) on the device", failure)
    call check(item(array, [37_c_int64_t, 1_c_int64_t]) == matrix(37, 1), "matrix(37, 1) on the device", &
        failure)
    allocate(matrix_back(37, 53))
    call ga_download(array, matrix_back)
    call check(all(matrix_back == matrix), "matrix round trip", failure)

    call ga_upload(array, cube)
    call check(all(array%shape() == [5, 7, 3]), "cube shape", failure)
    call check(item(array, [4_c_int64_t, 6_c_int64_t, 2_c_int64_t]) == cube(4, 6, 2), "cube(4, 6, 2)", &
        failure)
    allocate(cube_back(5, 7, 3))
    call ga_download(array, cube_back)
    call check(all(cube_back == cube), "cube round trip", failure)
  end subroutine test_real32_ranks

  subroutine test_every_type(failure)
    character(len=:), allocatable, intent(inout) :: failure
    real(c_double) :: real64(3, 4), real64_back(3, 4)
    integer(c_int32_t) :: int32(3, 4), int32_back(3, 4)
    integer(c_int64_t) :: int64(3, 4), int64_back(3, 4)
    complex(c_float_complex) :: complex64(3, 4), complex64_back(3, 4)
    complex(c_double_complex) :: complex128(3, 4), complex128_back(3, 4)
    type(ga_array) :: array
    type(ga_scalar_t) :: value
    integer :: i
    real64 = reshape([(sqrt(real(i, c_double)), i = 1, 12)], [3, 4])
    int32 = reshape([(-i * 1000003, i = 1, 12)], [3, 4])
    int64 = reshape([(int(i, c_int64_t) * 1000000007_c_int64_t, i = 1, 12)], [3, 4])
    complex64 = cmplx(real64, -real64, c_float_complex)
    complex128 = cmplx(real64, 2 * real64, c_double_complex)

    call ga_upload(array, real64)
    call check(array%dtype() == GA_FLOAT64, "real64 is float64", failure)
    call ga_download(array, real64_back)
    call check(all(real64_back == real64), "real64 round trip", failure)
    call ga_upload(array, int32)
    call check(array%dtype() == GA_INT32, "int32", failure)
    call ga_download(array, int32_back)
    call check(all(int32_back == int32), "int32 round trip", failure)
    call ga_upload(array, int64)
    call check(array%dtype() == GA_INT64, "int64", failure)
    call ga_download(array, int64_back)
    call check(all(int64_back == int64), "int64 round trip", failure)
    call ga_upload(array, complex64)
    call check(array%dtype() == GA_COMPLEX64, "complex64", failure)
    call ga_download(array, complex64_back)
    call check(all(complex64_back == complex64), "complex64 round trip", failure)
    call ga_upload(array, complex128)
    call check(array%dtype() == GA_COMPLEX128, "complex128", failure)
    call check(ga_array_item(array%handle, [1_c_int64_t, 2_c_int64_t], c_null_ptr, value) == GA_OK, "item", &
        failure)
    call check(value%as_real == real(complex128(2, 3)) .and. value%as_imag == aimag(complex128(2, 3)), &
        "complex128(2, 3) on the device", failure)
    call ga_download(array, complex128_back)
    call check(all(complex128_back == complex128), "complex128 round trip", failure)
  end subroutine test_every_type

  subroutine test_scalars_and_empty(failure)
    character(len=:), allocatable, intent(inout) :: failure
    real(c_double) :: scalar, scalar_back, empty(4, 0), empty_back(4, 0)
    type(ga_array) :: array
    scalar = 2.5_c_double
    call ga_upload(array, scalar)
    call check(array%ndim() == 0, "a scalar is a 0-d array", failure)
    call check(array%size() == 1, "a 0-d array has one element", failure)
    call ga_download(array, scalar_back)
    call check(scalar_back == scalar, "scalar round trip", failure)
    call ga_upload(array, empty)
    call check(all(array%shape() == [4, 0]), "an empty array keeps its shape", failure)
    call ga_download(array, empty_back)
  end subroutine test_scalars_and_empty

  subroutine test_sections(failure)
    character(len=:), allocatable, intent(inout) :: failure
    real(c_double) :: matrix(6, 5), back(6, 5)
    type(ga_array) :: array
    integer :: i
    matrix = reshape([(real(i, c_double), i = 1, 30)], [6, 5])
    ! Sections are not contiguous: the compiler passes contiguous copies in (and back out).
    call ga_upload(array, matrix(2:6:2, 2:4))
    call check(all(array%shape() == [3, 3]), "a section's shape", failure)
    call check(item(array, [1_c_int64_t, 3_c_int64_t]) == matrix(2, 4), "section(1, 3)", failure)
    back = 0
    call ga_download(array, back(1:5:2, 3:5))
    call check(all(back(1:5:2, 3:5) == matrix(2:6:2, 2:4)), "download into a section", failure)
    call check(all(back(2:6:2, :) == 0) .and. all(back(:, 1:2) == 0), "the rest is untouched", failure)
  end subroutine test_sections

  subroutine test_download_mismatches(failure)
    character(len=:), allocatable, intent(inout) :: failure
    real(c_float) :: matrix(3, 4), transposed(4, 3), vector(12)
    real(c_double) :: doubles(3, 4)
    type(ga_array) :: array
    integer :: stat
    character(len=1000) :: message
    matrix = 1
    call ga_upload(array, matrix)
    call ga_download(array, transposed, stat=stat, errmsg=message)
    call check(stat == GA_ERROR_SHAPE_MISMATCH, "(3, 4) into (4, 3)", failure)
    call check(index(message, "(3, 4)") > 0 .and. index(message, "(4, 3)") > 0, &
        "the message names both shapes: " // trim(message), failure)
    call ga_download(array, vector, stat=stat)
    call check(stat == GA_ERROR_SHAPE_MISMATCH, "(3, 4) into (12)", failure)
    call ga_download(array, doubles, stat=stat, errmsg=message)
    call check(stat == GA_ERROR_DTYPE, "float32 into real64", failure)
    call check(index(message, "float32") > 0, "the message names the dtype: " // trim(message), failure)
    call ga_download(array, matrix, stat=stat)
    call check(stat == GA_OK, "a matching download after the errors", failure)
  end subroutine test_download_mismatches

  subroutine test_saxpy(failure)
    character(len=:), allocatable, intent(inout) :: failure
    character(len=*), parameter :: source = &
        'extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {' // new_line("a") // &
        '  int i = blockIdx.x * blockDim.x + threadIdx.x;' // new_line("a") // &
        '  if (i < n) y[i] = a * x[i] + y[i];' // new_line("a") // &
        '}'
    integer(c_int32_t), parameter :: n = 100003
    real(c_float), allocatable :: x(:), y(:), result(:)
    type(ga_array) :: x_array, y_array
    type(ga_kernel) :: kernel
    integer :: i
    allocate(x(n), y(n), result(n))
    x = [(real(i, c_float), i = 1, n)]
    y = 1
    call ga_upload(x_array, x)
    call ga_upload(y_array, y)
    call ga_raw_kernel(kernel, source, "saxpy")
    call kernel%launch([(n + 255) / 256], [256], &
        [ga_arg(2.0_c_float), ga_arg(x_array), ga_arg(y_array), ga_arg(n)])
    call ga_download(y_array, result)
    call check(all(result == 2 * x + y), "y = 2 x + y", failure)
  end subroutine test_saxpy

  subroutine test_compile_error(failure)
    character(len=:), allocatable, intent(inout) :: failure
    type(ga_kernel) :: kernel
    integer :: stat
    character(len=1000) :: message
    call ga_raw_kernel(kernel, 'extern "C" __global__ void broken() { undeclared = 1; }', "broken", &
        stat=stat, errmsg=message)
    call check(stat == GA_ERROR_COMPILE, "a compile error is GA_ERROR_COMPILE", failure)
    call check(index(message, "undeclared") > 0, &
        "the message carries the compiler's log: " // trim(message), failure)
  end subroutine test_compile_error

  !> The elements of array, cast to float64, in C order: to compare a destination before and after.
  subroutine contents(array, values)
    type(ga_array), intent(in) :: array
    real(c_double), allocatable, target, intent(out) :: values(:)
    type(c_ptr) :: converted
    integer(c_size_t) :: bytes
    integer(c_int) :: status, release_status
    allocate(values(array%size()))
    if (ga_array_astype(array%handle, GA_FLOAT64, GA_ORDER_C, c_null_ptr, converted) /= GA_OK) &
        error stop ga_fortran_string(ga_last_error())
    bytes = size(values, kind=c_size_t) * c_sizeof(0.0_c_double)
    status = ga_array_to_host(converted, c_loc(values), bytes, c_null_ptr)
    release_status = ga_array_release(converted)
    if (status /= GA_OK) error stop "contents: " // ga_fortran_string(ga_last_error())
  end subroutine contents

  !> ABI 1.0's destinations through the raw interfaces, for a call with a list of destinations
  !> (ga_ufunc_call) and one with a single out (ga_ufunc_reduce): a destination of another shape,
  !> of a dtype the result does not cast to (same_kind for the ufunc; a reduction casts unsafely,
  !> so it has no such case) or read-only is refused with the message naming out, leaving the
  !> destination and the result as they were; a given destination comes back as the same handle
  !> with one more reference, which the caller releases.
  subroutine test_destinations(failure)
    character(len=:), allocatable, intent(inout) :: failure
    real(c_double) :: matrix(2, 3), row(3), sums(2, 3), column_sums(3)
    type(ga_array) :: a, b, one, wrong_shape, wrong_dtype, read_only, short, read_only_row, into, into_row
    type(ga_operand_t) :: operands(2)
    type(ga_scalar_t) :: no_scalar
    type(c_ptr) :: add, garbage, result
    integer :: i
    garbage = transfer(int(z'1234', c_intptr_t), garbage)
    matrix = reshape([(real(i, c_double), i = 1, 6)], [2, 3])
    row = [10.0_c_double, 20.0_c_double, 30.0_c_double]
    call ga_upload(a, matrix)
    call ga_upload(b, row)
    call ga_upload(one, [-1.0_c_double])
    call ga_upload(wrong_shape, [(-1.0_c_double, i = 1, 3)])
    call ga_upload(wrong_dtype, reshape([(-1_c_int32_t, i = 1, 6)], [2, 3]))
    call ga_upload(short, [(-1.0_c_double, i = 1, 2)])
    call check(ga_array_broadcast_to(one%handle, 2_c_int, [2_c_int64_t, 3_c_int64_t], read_only%handle) &
        == GA_OK, "a read-only (2, 3) view", failure)
    call check(ga_array_broadcast_to(one%handle, 1_c_int, [3_c_int64_t], read_only_row%handle) == GA_OK, &
        "a read-only (3,) view", failure)
    call check(ga_ufunc_find(ga_c_string("add"), add) == GA_OK, "ga_ufunc_find(add)", failure)
    no_scalar = ga_scalar_t(GA_BOOL, 0_c_int64_t, 0_c_int64_t, 0.0_c_double, 0.0_c_double)
    operands(1) = ga_operand_t(GA_OPERAND_ARRAY, a%handle, no_scalar)
    operands(2) = ga_operand_t(GA_OPERAND_ARRAY, b%handle, no_scalar)

    call expect_refused("ga_ufunc_call into a (3,) float64 array", .false., wrong_shape, &
        GA_ERROR_SHAPE_MISMATCH)
    call expect_refused("ga_ufunc_call into a (2, 3) int32 array", .false., wrong_dtype, GA_ERROR_DTYPE)
    call expect_refused("ga_ufunc_call into a read-only view", .false., read_only, GA_ERROR_INVALID_ARGUMENT)
    call expect_refused("ga_ufunc_reduce into a (2,) float64 array", .true., short, GA_ERROR_SHAPE_MISMATCH)
    call expect_refused("ga_ufunc_reduce into a read-only view", .true., read_only_row, &
        GA_ERROR_INVALID_ARGUMENT)

    ! a + b into a destination: a(i, j) + b(j).
    call ga_zeros(into, [2_c_int64_t, 3_c_int64_t], GA_FLOAT64)
    result = garbage
    call check(attempt(.false., into, result) == GA_OK, "ga_ufunc_call into a destination", failure)
    call check(c_associated(result, into%handle), "ga_ufunc_call gives back the destination", failure)
    call check(ga_array_release(result) == GA_OK, "releasing the extra reference", failure)
    call ga_download(into, sums)
    call check(all(sums == matrix + spread(row, 1, 2)), "the destination holds a + b", failure)
    ! add.reduce over axis 0 (Fortran's first dimension) into a destination.
    call ga_zeros(into_row, [3_c_int64_t], GA_FLOAT64)
    result = garbage
    call check(attempt(.true., into_row, result) == GA_OK, "ga_ufunc_reduce into a destination", failure)
    call check(c_associated(result, into_row%handle), "ga_ufunc_reduce gives back the destination", failure)
    call check(ga_array_release(result) == GA_OK, "releasing the extra reference", failure)
    call ga_download(into_row, column_sums)
    call check(all(column_sums == sum(matrix, dim=1)), "the destination holds the column sums", failure)

  contains

    integer(c_int) function attempt(reduce, out, result)
      logical, intent(in) :: reduce
      type(ga_array), intent(in) :: out
      type(c_ptr), intent(inout) :: result
      if (reduce) then
        attempt = ga_ufunc_reduce(add, a%handle, [0_c_int], 1_c_int, 0_c_int, GA_DTYPE_SAME, out=out%handle, &
            stream=c_null_ptr, result=result)
      else
        attempt = ga_ufunc_call(add, operands, 2_c_size_t, out=[out%handle], out_count=1_c_size_t, &
            stream=c_null_ptr, results=result)
      end if
    end function attempt

    subroutine expect_refused(label, reduce, out, expected)
      character(len=*), intent(in) :: label
      logical, intent(in) :: reduce
      type(ga_array), intent(in) :: out
      integer(c_int), intent(in) :: expected
      real(c_double), allocatable :: before(:), after(:)
      character(len=:), allocatable :: message
      type(c_ptr) :: result
      integer(c_int) :: status
      call contents(out, before)
      result = garbage
      status = attempt(reduce, out, result)
      message = ga_fortran_string(ga_last_error())
      call check(status == expected, label // ": " // ga_status_name(status) // ": " // message, failure)
      call check(index(message, "out") > 0, label // ": the message names out: " // message, failure)
      call check(c_associated(result, garbage), label // ": the result is left alone", failure)
      call contents(out, after)
      call check(all(after == before), label // ": the destination is not written", failure)
    end subroutine expect_refused
  end subroutine test_destinations

  subroutine test_finalizers(failure)
    character(len=:), allocatable, intent(inout) :: failure
    type(ga_memory_stats_t) :: before, after
    integer(c_int) :: device
    call check(ga_device_get_current(device) == GA_OK, "ga_device_get_current", failure)
    before%struct_size = c_sizeof(before)
    after%struct_size = c_sizeof(after)
    call check(ga_memory_pool_stats(device, before) == GA_OK, "pool statistics", failure)
    call make_and_drop_arrays()
    call check(ga_memory_pool_stats(device, after) == GA_OK, "pool statistics", failure)
    call check(after%used_bytes == before%used_bytes, &
        "every array made in a scope is released when it ends", failure)
  end subroutine test_finalizers

  subroutine make_and_drop_arrays()
    type(ga_array) :: first, second
    real(c_double) :: values(1000)
    integer :: i
    values = [(real(i, c_double), i = 1, 1000)]
    call ga_upload(first, values)
    second = first
    ! first gets a new array; second keeps the old one; both go at the end of the scope.
    call ga_zeros(first, [64_c_int64_t, 64_c_int64_t], GA_FLOAT32)
    if (second%size() /= 1000) error stop "make_and_drop_arrays: second is not the first array"
    if (first%size() /= 4096) error stop "make_and_drop_arrays: first is not the new array"
  end subroutine make_and_drop_arrays
end module garray_fortran_tests

program test_garray
  use, intrinsic :: iso_c_binding, only: c_int
  use garray, only: ga_device_count, GA_OK
  use garray_fortran_tests
  use test_harness, only: record, write_junit, failures
  implicit none
  character(len=4096) :: argument, junit_path
  character(len=:), allocatable :: without_device, with_device
  integer(c_int) :: devices

  junit_path = ""
  call get_command_argument(1, argument)
  if (argument == "--junit") call get_command_argument(2, junit_path)
  if (ga_device_count(devices) /= GA_OK) error stop "ga_device_count failed"
  without_device = ""
  with_device = ""
  if (devices == 0) then
    without_device = "no CUDA device: ga_device_count() is 0"
  else
    with_device = "a GPU is present; the device tests cover it"
  end if
  print "(a)", "running the tests of garray-fortran"

  call run("version_matches_the_header", test_version, "")
  call run("struct_sizes_match_c", test_struct_sizes, "")
  call run("strings_both_ways_and_errors", test_strings_and_errors, "")
  call run("scalar_passes_by_value", test_scalar_by_value, "")
  call run("out_parameters_are_output_only", test_out_parameters, "")
  call run("calls_without_a_device", test_without_device, with_device)
  call run("documentation_example", test_documentation_example, without_device)
  call run("upload_download_real32_any_rank", test_real32_ranks, without_device)
  call run("upload_download_every_type", test_every_type, without_device)
  call run("scalars_and_empty_arrays", test_scalars_and_empty, without_device)
  call run("array_sections", test_sections, without_device)
  call run("download_mismatches", test_download_mismatches, without_device)
  call run("saxpy_raw_kernel", test_saxpy, without_device)
  call run("kernel_compile_error", test_compile_error, without_device)
  call run("finalizers_release_arrays", test_finalizers, without_device)
  call run("destinations_checked_and_given_back", test_destinations, without_device)

  if (len_trim(junit_path) > 0) call write_junit(trim(junit_path), "garray-fortran")
  if (failures > 0) error stop 1

contains

  subroutine run(name, test, skip_reason)
    character(len=*), intent(in) :: name, skip_reason
    interface
      subroutine test(failure)
        character(len=:), allocatable, intent(inout) :: failure
      end subroutine test
    end interface
    character(len=:), allocatable :: failure
    failure = ""
    if (len(skip_reason) == 0) call test(failure)
    call record(name, failure, skip_reason)
  end subroutine run

end program test_garray
