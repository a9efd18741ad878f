// The device preamble: the few declarations generated kernels need, written out here so that no
// kernel includes cuda_fp16.h, cuda_bf16.h or a complex header, whose parsing would dominate the
// compile time of a small kernel. Its type names are the `kernel_type` names of core/array/dtype.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace garray::jit {

// CUDA C++ for NVRTC with -default-device (functions are device functions unless marked):
//  - int8_t .. uint64_t (int64_t is long long, as dtype int64's kernel type);
//  - ga_half and ga_bfloat16: 16-bit storage converting to float, and from float, double and
//    integers (below 2^53) rounded once to nearest even; arithmetic on them happens in float, which
//    is precise enough that storing the result rounds it as the 16-bit format's own arithmetic
//    would;
//  - ga_complex64 and ga_complex128 (ga_complex<float>, ga_complex<double>): NumPy's layout, with
//    real()/imag(), conj(), + - * / as NumPy computes them, == and !=.
// Guarded by GARRAY_DEVICE_PREAMBLE, so including it twice is harmless.
std::string_view device_preamble();

// The NVRTC options of every source garray generates (built-in kernels, ElementwiseKernel,
// ReductionKernel, ufuncs), before any the user adds. -minimal leaves out what generated code never
// uses (texture and surface types, the device runtime, the CUDA runtime's types and macros) and took
// a small elementwise kernel's compile from 18 to 11 ms on the H100 host. RawKernel and RawModule
// sources are the user's own and compile without it.
std::vector<std::string> generated_source_options();

// device_preamble() followed by `user_source` under a `#line 1 "<file_name>"` directive, so that
// NVRTC reports errors in the user's code under `file_name` with the user's own line numbers.
std::string with_preamble(std::string_view user_source, std::string_view file_name = "kernel.cu");

}  // namespace garray::jit
