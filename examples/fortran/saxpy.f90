!> SAXPY, y = a x + y, with a user kernel as CuPy's RawKernel: CUDA C++ compiled at run time by
!> NVRTC (and cached), launched on two device arrays uploaded from Fortran arrays. On a machine
!> without a GPU it says so and stops normally.
!>
!> Build against an installed garray:
!>   gfortran saxpy.f90 $(pkg-config --cflags --libs garray-fortran) -o saxpy
program saxpy
  use, intrinsic :: iso_c_binding, only: c_float, c_int, c_int32_t
  use garray
  implicit none
  character(len=*), parameter :: source = &
      'extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {' // new_line("a") // &
      '  int i = blockIdx.x * blockDim.x + threadIdx.x;' // new_line("a") // &
      '  if (i < n) y[i] = a * x[i] + y[i];' // new_line("a") // &
      '}'
  real(c_float), parameter :: a = 2
  integer(c_int32_t) :: n
  real(c_float), allocatable :: x(:), y(:), result(:)
  type(ga_array) :: device_x, device_y
  type(ga_kernel) :: kernel
  integer(c_int) :: devices
  integer :: i

  if (ga_device_count(devices) /= GA_OK) error stop "ga_device_count failed"
  if (devices == 0) then
    print "(a)", "No CUDA GPU or driver on this machine: device calls return GA_ERROR_NO_DEVICE."
    stop
  end if

  n = 1000003  ! not a multiple of the block size: the kernel checks its bound
  allocate(x(n), y(n), result(n))
  x = [(real(i, c_float), i = 1, n)]
  y = 1
  ! Without stat=, a failure stops the program with the status and the message.
  call ga_upload(device_x, x)
  call ga_upload(device_y, y)
  call ga_raw_kernel(kernel, source, "saxpy")
  ! Arguments in the kernel's order; ga_arg passes scalars by value as their C type.
  call kernel%launch([(n + 255) / 256], [256], &
      [ga_arg(a), ga_arg(device_x), ga_arg(device_y), ga_arg(n)])
  call ga_download(device_y, result)  ! waits for the kernel
  if (any(result /= a * x + y)) error stop "saxpy: wrong result"
  print "(a, i0, a)", "saxpy: y = 2 x + y on ", n, " elements, all exact"
end program saxpy
