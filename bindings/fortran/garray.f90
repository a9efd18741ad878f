!> garray from Fortran: device arrays made from and read into Fortran arrays of any rank, without a
!> transpose, and user CUDA kernels (CuPy's RawKernel).
!>
!> A Fortran array a(n1, ..., nk) becomes a garray array of shape (n1, ..., nk) in F order: the
!> element a(i1, ..., ik) is element (i1-1, ..., ik-1) of the device array, and the bytes are
!> copied as they lie. Reading back goes through the transposed view, which is C-contiguous for
!> an F-ordered array, so neither direction rearranges elements.
!>
!> Errors: as Fortran's own `allocate`, every procedure takes the optional arguments `stat`, which
!> receives the ga_status_t (GA_OK on success), and `errmsg`, a character variable which receives
!> the message naming the function and the offending argument on a failure. Without `stat`, a
!> failure stops the program with the message.
!>
!> `use garray` also gives the raw interfaces, types and constants of the module garray_c.
module garray
  use, intrinsic :: iso_c_binding, only: c_associated, c_double, c_double_complex, c_float, &
      c_float_complex, c_int, c_int32_t, c_int64_t, c_loc, c_null_ptr, c_ptr, c_size_t
  use garray_c
  implicit none
  ! Public by default, so that `use garray` also gives garray_c's interfaces and constants.
  private :: report, library_status, replace, query_succeeded, upload, download, dtype_text, &
      shape_text, scalar_arg
  private :: upload_real32, upload_real64, upload_int32, upload_int64, upload_complex64, &
      upload_complex128, download_real32, download_real64, download_int32, download_int64, &
      download_complex64, download_complex128, arg_array, arg_real32, arg_real64, arg_int32, arg_int64
  private :: array_ndim, array_shape, array_size, array_dtype, array_is_f_contiguous, array_release, &
      array_assign, array_final, kernel_launch, kernel_release, kernel_final

  !> A device array. The variable owns one reference to its garray handle, released when it goes
  !> out of scope, is assigned another array, or by release(). Assigning (`b = a`) shares the
  !> array, as a new reference to the same elements.
  type :: ga_array
    type(c_ptr) :: handle = c_null_ptr
  contains
    procedure :: ndim => array_ndim
    procedure :: shape => array_shape
    procedure :: size => array_size
    procedure :: dtype => array_dtype
    procedure :: is_f_contiguous => array_is_f_contiguous
    procedure :: release => array_release
    procedure, private :: array_assign
    generic :: assignment(=) => array_assign
    final :: array_final
  end type ga_array

  !> A compiled CUDA kernel (ga_raw_kernel), launched with launch(). Released as ga_array is.
  type :: ga_kernel
    type(c_ptr) :: handle = c_null_ptr
  contains
    procedure :: launch => kernel_launch
    procedure :: release => kernel_release
    final :: kernel_final
  end type ga_kernel

  !> ga_upload(array, host [, stat, errmsg]): a new device array with a copy of the Fortran
  !> array host (real32, real64, int32, int64, complex64 or complex128, any rank), in F order.
  interface ga_upload
    module procedure upload_real32, upload_real64, upload_int32, upload_int64, upload_complex64, &
        upload_complex128
  end interface ga_upload

  !> ga_download(array, host [, stat, errmsg]): copies the device array into the Fortran array
  !> host, which must have its shape and element type. Waits for the current stream.
  interface ga_download
    module procedure download_real32, download_real64, download_int32, download_int64, &
        download_complex64, download_complex128
  end interface ga_download

  !> ga_arg(x): a kernel argument: a ga_array (passed as the address of its first element), or a
  !> real32, real64, int32 or int64 scalar (passed by value as that C type).
  interface ga_arg
    module procedure arg_array, arg_real32, arg_real64, arg_int32, arg_int64
  end interface ga_arg

contains

  ! --- errors -----------------------------------------------------------------------------------

  !> Hands the outcome of a call to the caller: through stat and errmsg when present, else by
  !> stopping the program on a failure. message replaces ga_last_error() for errors found here.
  subroutine report(status, stat, errmsg, message)
    integer(c_int), intent(in) :: status
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    character(len=*), intent(in), optional :: message
    character(len=:), allocatable :: text
    if (status == GA_OK) then
      text = ""
    else if (present(message)) then
      text = message
    else
      text = ga_fortran_string(ga_last_error())
    end if
    if (present(stat)) stat = status
    ! As Fortran's own errmsg= specifiers: assigned (and truncated to its length) on a failure only.
    if (present(errmsg) .and. status /= GA_OK) errmsg = text
    if (status /= GA_OK .and. .not. present(stat)) then
      text = ga_status_name(status) // ": " // text
      error stop text
    end if
  end subroutine report

  !> The status's name, "GA_ERROR_NO_DEVICE" for instance.
  function ga_status_name(status) result(name)
    integer(c_int), intent(in) :: status
    character(len=:), allocatable :: name
    name = ga_fortran_string(ga_status_string(status))
  end function ga_status_name

  !> The version of the loaded library, "0.1.0" for instance.
  function ga_library_version() result(version)
    character(len=:), allocatable :: version
    version = ga_fortran_string(ga_version())
  end function ga_library_version

  !> GA_OK when the loaded library implements the ABI this module was generated for.
  function library_status(message) result(status)
    character(len=:), allocatable, intent(out) :: message
    integer(c_int) :: status
    integer(c_int) :: abi
    status = ga_version_numbers(abi=abi)
    if (abi == GA_ABI_VERSION) then
      message = ""
      return
    end if
    status = GA_ERROR_VERSION_MISMATCH
    message = "the loaded libgarray " // ga_library_version() // " implements another ABI than " // &
        "the garray Fortran module was built for"
  end function library_status

  ! --- arrays -----------------------------------------------------------------------------------

  !> Makes array own new_handle, releasing the handle it held.
  subroutine replace(array, new_handle)
    type(ga_array), intent(inout) :: array
    type(c_ptr), intent(in) :: new_handle
    call array%release()
    array%handle = new_handle
  end subroutine replace

  subroutine array_release(array)
    class(ga_array), intent(inout) :: array
    integer(c_int) :: status
    if (c_associated(array%handle)) status = ga_array_release(array%handle)
    array%handle = c_null_ptr
  end subroutine array_release

  ! Elemental, so that arrays of ga_array (of any rank) are finalized too.
  impure elemental subroutine array_final(array)
    type(ga_array), intent(inout) :: array
    call array%release()
  end subroutine array_final

  subroutine array_assign(left, right)
    class(ga_array), intent(inout) :: left
    type(ga_array), intent(in) :: right
    integer(c_int) :: status
    ! Retained before the release, so that `a = a` keeps the array.
    if (c_associated(right%handle)) status = ga_array_retain(right%handle)
    call left%release()
    left%handle = right%handle
  end subroutine array_assign

  !> Stops the program when a query fails: only an array that holds no handle makes one fail.
  subroutine query_succeeded(status, query)
    integer(c_int), intent(in) :: status
    character(len=*), intent(in) :: query
    if (status /= GA_OK) error stop "ga_array%" // query // ": " // ga_fortran_string(ga_last_error())
  end subroutine query_succeeded

  integer function array_ndim(array)
    class(ga_array), intent(in) :: array
    integer(c_int) :: ndim
    call query_succeeded(ga_array_ndim(array%handle, ndim), "ndim")
    array_ndim = ndim
  end function array_ndim

  !> The extents, first axis first (as Fortran's shape()).
  function array_shape(array) result(extents)
    class(ga_array), intent(in) :: array
    integer(c_int64_t), allocatable :: extents(:)
    allocate(extents(array%ndim()))
    if (size(extents) == 0) return
    ! ga_array_shape writes ndim extents from the address of the first.
    call query_succeeded(ga_array_shape(array%handle, extents(1)), "shape")
  end function array_shape

  integer(c_int64_t) function array_size(array)
    class(ga_array), intent(in) :: array
    call query_succeeded(ga_array_size(array%handle, array_size), "size")
  end function array_size

  !> The element type, a GA_<dtype> constant.
  integer(c_int) function array_dtype(array)
    class(ga_array), intent(in) :: array
    call query_succeeded(ga_array_dtype(array%handle, array_dtype), "dtype")
  end function array_dtype

  logical function array_is_f_contiguous(array)
    class(ga_array), intent(in) :: array
    integer(c_int) :: flags
    call query_succeeded(ga_array_flags(array%handle, flags), "is_f_contiguous")
    array_is_f_contiguous = iand(flags, GA_ARRAY_F_CONTIGUOUS) /= 0
  end function array_is_f_contiguous

  !> ga_zeros(array, extents, dtype [, stat, errmsg]): a new F-ordered array of zeros.
  subroutine ga_zeros(array, extents, dtype, stat, errmsg)
    type(ga_array), intent(inout) :: array
    integer(c_int64_t), intent(in) :: extents(:)
    integer(c_int), intent(in) :: dtype
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    character(len=:), allocatable :: message
    type(c_ptr) :: result
    integer(c_int) :: status
    status = library_status(message)
    if (status /= GA_OK) then
      call report(status, stat, errmsg, message)
      return
    end if
    ! On the current stream (c_null_ptr); result is written only on success.
    status = ga_array_zeros(size(extents, kind=c_int), extents, dtype, GA_ORDER_F, c_null_ptr, &
        result)
    if (status == GA_OK) call replace(array, result)
    call report(status, stat, errmsg)
  end subroutine ga_zeros

  !> The upload shared by every element type: host is the first of product(extents) elements of
  !> dtype in F order.
  subroutine upload(array, host, extents, dtype, stat, errmsg)
    type(ga_array), intent(inout) :: array
    type(c_ptr), intent(in) :: host
    integer(c_int64_t), intent(in) :: extents(:)
    integer(c_int), intent(in) :: dtype
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    character(len=:), allocatable :: message
    type(c_ptr) :: result
    integer(c_int) :: status
    status = library_status(message)
    if (status /= GA_OK) then
      call report(status, stat, errmsg, message)
      return
    end if
    ! On the current stream (c_null_ptr); result is written only on success.
    if (product(extents) == 0) then
      ! An empty Fortran array has no address to give (c_loc may not take it).
      status = ga_array_empty(size(extents, kind=c_int), extents, dtype, GA_ORDER_F, c_null_ptr, &
          result)
    else
      status = ga_array_from_host(host, size(extents, kind=c_int), extents, dtype=dtype, &
          order=GA_ORDER_F, stream=c_null_ptr, result=result)
    end if
    if (status == GA_OK) call replace(array, result)
    call report(status, stat, errmsg)
  end subroutine upload

  !> The download shared by every element type: host is the first of product(extents) elements
  !> of dtype, filled in F order.
  subroutine download(array, host, extents, dtype, stat, errmsg)
    class(ga_array), intent(in) :: array
    type(c_ptr), intent(in) :: host
    integer(c_int64_t), intent(in) :: extents(:)
    integer(c_int), intent(in) :: dtype
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: transposed
    integer(c_size_t) :: bytes
    integer(c_int) :: status, release_status
    if (array%dtype() /= dtype) then
      call report(GA_ERROR_DTYPE, stat, errmsg, "ga_download: the array holds " // &
          dtype_text(array%dtype()) // ", the Fortran array " // dtype_text(dtype))
      return
    end if
    if (array%ndim() /= size(extents)) then
      call report(GA_ERROR_SHAPE_MISMATCH, stat, errmsg, "ga_download: the array's shape " // &
          shape_text(array%shape()) // " differs from the Fortran array's " // shape_text(extents))
      return
    end if
    if (any(array%shape() /= extents)) then
      call report(GA_ERROR_SHAPE_MISMATCH, stat, errmsg, "ga_download: the array's shape " // &
          shape_text(array%shape()) // " differs from the Fortran array's " // shape_text(extents))
      return
    end if
    if (product(extents) == 0) then
      call report(GA_OK, stat, errmsg)
      return
    end if
    ! The transposed view lists the elements in F order of the original when read in C order.
    status = ga_array_transpose(array%handle, naxes=0_c_int, result=transposed)
    if (status == GA_OK) then
      status = ga_array_nbytes(transposed, bytes)
      ! Queued on the current stream (c_null_ptr), which the call waits for.
      if (status == GA_OK) status = ga_array_to_host(transposed, host, bytes, c_null_ptr)
      ! Reported before the view is released: the release would clear ga_last_error().
      if (status /= GA_OK) then
        call report(status, stat, errmsg)
        release_status = ga_array_release(transposed)
        return
      end if
      status = ga_array_release(transposed)
    end if
    call report(status, stat, errmsg)
  end subroutine download

  !> NumPy's name of a dtype, for messages.
  function dtype_text(dtype) result(name)
    integer(c_int), intent(in) :: dtype
    character(len=:), allocatable :: name
    type(c_ptr) :: c_name
    if (ga_dtype_name(dtype, c_name) /= GA_OK) then
      name = "an unknown dtype"
    else
      name = ga_fortran_string(c_name)
    end if
  end function dtype_text

  !> "(3, 4)", for messages.
  function shape_text(extents) result(text)
    integer(c_int64_t), intent(in) :: extents(:)
    character(len=:), allocatable :: text
    character(len=24) :: extent
    integer :: axis
    text = "("
    do axis = 1, size(extents)
      write (extent, "(i0)") extents(axis)
      text = text // trim(extent) // merge(", ", "  ", axis < size(extents))
    end do
    text = trim(text) // ")"
  end function shape_text

  subroutine upload_real32(array, host, stat, errmsg)
    type(ga_array), intent(inout) :: array
    real(c_float), intent(in), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call upload(array, data, shape(host, kind=c_int64_t), GA_FLOAT32, stat, errmsg)
  end subroutine upload_real32

  subroutine upload_real64(array, host, stat, errmsg)
    type(ga_array), intent(inout) :: array
    real(c_double), intent(in), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call upload(array, data, shape(host, kind=c_int64_t), GA_FLOAT64, stat, errmsg)
  end subroutine upload_real64

  subroutine upload_int32(array, host, stat, errmsg)
    type(ga_array), intent(inout) :: array
    integer(c_int32_t), intent(in), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call upload(array, data, shape(host, kind=c_int64_t), GA_INT32, stat, errmsg)
  end subroutine upload_int32

  subroutine upload_int64(array, host, stat, errmsg)
    type(ga_array), intent(inout) :: array
    integer(c_int64_t), intent(in), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call upload(array, data, shape(host, kind=c_int64_t), GA_INT64, stat, errmsg)
  end subroutine upload_int64

  subroutine upload_complex64(array, host, stat, errmsg)
    type(ga_array), intent(inout) :: array
    complex(c_float_complex), intent(in), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call upload(array, data, shape(host, kind=c_int64_t), GA_COMPLEX64, stat, errmsg)
  end subroutine upload_complex64

  subroutine upload_complex128(array, host, stat, errmsg)
    type(ga_array), intent(inout) :: array
    complex(c_double_complex), intent(in), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call upload(array, data, shape(host, kind=c_int64_t), GA_COMPLEX128, stat, errmsg)
  end subroutine upload_complex128

  subroutine download_real32(array, host, stat, errmsg)
    class(ga_array), intent(in) :: array
    real(c_float), intent(inout), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call download(array, data, shape(host, kind=c_int64_t), GA_FLOAT32, stat, errmsg)
  end subroutine download_real32

  subroutine download_real64(array, host, stat, errmsg)
    class(ga_array), intent(in) :: array
    real(c_double), intent(inout), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call download(array, data, shape(host, kind=c_int64_t), GA_FLOAT64, stat, errmsg)
  end subroutine download_real64

  subroutine download_int32(array, host, stat, errmsg)
    class(ga_array), intent(in) :: array
    integer(c_int32_t), intent(inout), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call download(array, data, shape(host, kind=c_int64_t), GA_INT32, stat, errmsg)
  end subroutine download_int32

  subroutine download_int64(array, host, stat, errmsg)
    class(ga_array), intent(in) :: array
    integer(c_int64_t), intent(inout), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call download(array, data, shape(host, kind=c_int64_t), GA_INT64, stat, errmsg)
  end subroutine download_int64

  subroutine download_complex64(array, host, stat, errmsg)
    class(ga_array), intent(in) :: array
    complex(c_float_complex), intent(inout), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call download(array, data, shape(host, kind=c_int64_t), GA_COMPLEX64, stat, errmsg)
  end subroutine download_complex64

  subroutine download_complex128(array, host, stat, errmsg)
    class(ga_array), intent(in) :: array
    complex(c_double_complex), intent(inout), target, contiguous :: host(..)
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    type(c_ptr) :: data
    data = c_null_ptr
    if (size(host) > 0) data = c_loc(host)
    call download(array, data, shape(host, kind=c_int64_t), GA_COMPLEX128, stat, errmsg)
  end subroutine download_complex128

  ! --- kernels ----------------------------------------------------------------------------------

  !> ga_raw_kernel(kernel, source, name [, stat, errmsg]): compiles the CUDA C++ source for the
  !> current device and takes its kernel `name` (declared extern "C"), as CuPy's RawKernel.
  subroutine ga_raw_kernel(kernel, source, name, stat, errmsg)
    type(ga_kernel), intent(inout) :: kernel
    character(len=*), intent(in) :: source, name
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    character(len=:), allocatable :: message
    type(c_ptr) :: handle
    integer(c_int) :: status
    status = library_status(message)
    if (status /= GA_OK) then
      call report(status, stat, errmsg, message)
      return
    end if
    status = ga_raw_kernel_create(ga_c_string(source), ga_c_string(name), option_count=0_c_size_t, &
        kernel=handle)
    if (status == GA_OK) then
      call kernel%release()
      kernel%handle = handle
    end if
    call report(status, stat, errmsg)
  end subroutine ga_raw_kernel

  !> kernel%launch(grid, block, args [, shared_memory_bytes, stat, errmsg]): queues the kernel on
  !> the current stream with 1 to 3 grid and block extents and the arguments in the kernel's
  !> parameter order (see ga_arg).
  subroutine kernel_launch(kernel, grid, block, args, shared_memory_bytes, stat, errmsg)
    class(ga_kernel), intent(in) :: kernel
    integer, intent(in) :: grid(:), block(:)
    type(ga_kernel_arg_t), intent(in) :: args(:)
    integer(c_size_t), intent(in), optional :: shared_memory_bytes
    integer, intent(out), optional :: stat
    character(len=*), intent(inout), optional :: errmsg
    integer(c_int32_t) :: grid_extents(3), block_extents(3)
    integer(c_size_t) :: shared_bytes
    integer(c_int) :: status
    if (size(grid) < 1 .or. size(grid) > 3 .or. size(block) < 1 .or. size(block) > 3) then
      call report(GA_ERROR_INVALID_ARGUMENT, stat, errmsg, &
          "ga_kernel%launch: grid and block take 1 to 3 extents")
      return
    end if
    grid_extents = 1
    grid_extents(:size(grid)) = int(grid, c_int32_t)
    block_extents = 1
    block_extents(:size(block)) = int(block, c_int32_t)
    shared_bytes = 0
    if (present(shared_memory_bytes)) shared_bytes = shared_memory_bytes
    status = ga_kernel_launch(kernel%handle, grid_extents, block_extents, shared_bytes, args, &
        size(args, kind=c_size_t), c_null_ptr)
    call report(status, stat, errmsg)
  end subroutine kernel_launch

  subroutine kernel_release(kernel)
    class(ga_kernel), intent(inout) :: kernel
    integer(c_int) :: status
    if (c_associated(kernel%handle)) status = ga_kernel_release(kernel%handle)
    kernel%handle = c_null_ptr
  end subroutine kernel_release

  impure elemental subroutine kernel_final(kernel)
    type(ga_kernel), intent(inout) :: kernel
    call kernel%release()
  end subroutine kernel_final

  function scalar_arg(dtype, as_int, as_real) result(arg)
    integer(c_int), intent(in) :: dtype
    integer(c_int64_t), intent(in) :: as_int
    real(c_double), intent(in) :: as_real
    type(ga_kernel_arg_t) :: arg
    arg = ga_kernel_arg_t(GA_KERNEL_ARG_SCALAR, c_null_ptr, &
        ga_scalar_t(dtype, as_int, 0_c_int64_t, as_real, 0.0_c_double), c_null_ptr)
  end function scalar_arg

  !> The array argument holds the array's handle, not a reference: keep the array until the
  !> launch has been queued.
  function arg_array(array) result(arg)
    type(ga_array), intent(in) :: array
    type(ga_kernel_arg_t) :: arg
    arg = ga_kernel_arg_t(GA_KERNEL_ARG_ARRAY, array%handle, &
        ga_scalar_t(GA_BOOL, 0_c_int64_t, 0_c_int64_t, 0.0_c_double, 0.0_c_double), c_null_ptr)
  end function arg_array

  function arg_real32(value) result(arg)
    real(c_float), intent(in) :: value
    type(ga_kernel_arg_t) :: arg
    arg = scalar_arg(GA_FLOAT32, 0_c_int64_t, real(value, c_double))
  end function arg_real32

  function arg_real64(value) result(arg)
    real(c_double), intent(in) :: value
    type(ga_kernel_arg_t) :: arg
    arg = scalar_arg(GA_FLOAT64, 0_c_int64_t, value)
  end function arg_real64

  function arg_int32(value) result(arg)
    integer(c_int32_t), intent(in) :: value
    type(ga_kernel_arg_t) :: arg
    arg = scalar_arg(GA_INT32, int(value, c_int64_t), 0.0_c_double)
  end function arg_int32

  function arg_int64(value) result(arg)
    integer(c_int64_t), intent(in) :: value
    type(ga_kernel_arg_t) :: arg
    arg = scalar_arg(GA_INT64, value, 0.0_c_double)
  end function arg_int64
end module garray
