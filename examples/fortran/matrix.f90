!> A matrix from host data to the GPU and back: a 3 x 4 real64 matrix uploaded in Fortran order
!> (no transpose: element (i, j) is the device array's element (i-1, j-1)), every element squared
!> by a user kernel, and read back. Then two errors handled with stat= and errmsg= while the
!> program goes on: reading the result into an array of another shape, and a kernel that does not
!> compile. On a machine without a GPU it says so and stops normally.
!>
!> Build against an installed garray:
!>   gfortran matrix.f90 $(pkg-config --cflags --libs garray-fortran) -o matrix
program matrix
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_int64_t
  use garray
  implicit none
  character(len=*), parameter :: square_source = &
      'extern "C" __global__ void square(double *values, long long n) {' // new_line("a") // &
      '  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;' // new_line("a") // &
      '  if (i < n) values[i] *= values[i];' // new_line("a") // &
      '}'
  real(c_double) :: host(3, 4), squared(3, 4), wrong_shape(4, 3)
  type(ga_array) :: device_matrix
  type(ga_kernel) :: square, broken
  integer(c_int) :: devices
  integer :: stat, i
  character(len=500) :: message

  if (ga_device_count(devices) /= GA_OK) error stop "ga_device_count failed"
  if (devices == 0) then
    print "(a)", "No CUDA GPU or driver on this machine: device calls return GA_ERROR_NO_DEVICE."
    stop
  end if

  host = reshape([(real(i, c_double), i = 1, 12)], [3, 4])
  call ga_upload(device_matrix, host)
  print "(a, *(i0, :, ' x '))", "matrix: uploaded ", device_matrix%shape()
  call ga_raw_kernel(square, square_source, "square")
  call square%launch([1], [256], [ga_arg(device_matrix), ga_arg(device_matrix%size())])
  call ga_download(device_matrix, squared)
  if (any(squared /= host**2)) error stop "matrix: wrong squares"
  print "(a, 4f6.0)", "matrix: squared on the GPU, first row:", squared(1, :)

  ! Errors: the library stays usable, and the program decides what to do.
  call ga_download(device_matrix, wrong_shape, stat=stat, errmsg=message)
  print "(a, a, a, a)", "reading 3 x 4 into 4 x 3: ", ga_status_name(stat), ": ", trim(message)
  if (stat /= GA_ERROR_SHAPE_MISMATCH) error stop "matrix: expected a shape mismatch"
  call ga_raw_kernel(broken, 'extern "C" __global__ void broken() { undeclared = 1; }', "broken", &
      stat=stat, errmsg=message)
  ! The message carries NVRTC's whole log; its first line is enough here.
  print "(a, a, a, a)", "a kernel that does not compile: ", ga_status_name(stat), ": ", &
      message(:index(message // new_line("a"), new_line("a")) - 1)
  if (stat /= GA_ERROR_COMPILE) error stop "matrix: expected a compile error"
end program matrix
