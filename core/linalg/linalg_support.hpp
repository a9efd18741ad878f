// What every linalg routine shares: NumPy's linalg dtype rules, shape checks, the column-major working copy cuSOLVER
// factors in place, workspaces from the pool, and short ufunc calls for the elementwise steps between factorizations.
#pragma once

#include "core/array/array.hpp"
#include "core/common/error.hpp"
#include "core/ops/reductions/reductions.hpp"
#include "core/runtime/stream.hpp"

#include <library_types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace garray {

// The dtype a factorization runs in: float32, float64, complex64, complex128 as given; bool and integers become float64
// (NumPy); float16 and bfloat16 become float32 and the result stays float32 (NumPy refuses float16; CuPy computes it in
// float32). GA_ERROR_DTYPE for anything else.
ga_dtype_t linalg_dtype(ga_dtype_t dtype, const char* function);
// linalg_dtype of NumPy's promotion of two dtypes.
ga_dtype_t linalg_dtype(ga_dtype_t a, ga_dtype_t b, const char* function);
// float32 for float32/complex64, float64 for float64/complex128.
ga_dtype_t real_dtype(ga_dtype_t dtype);
bool is_complex_dtype(ga_dtype_t dtype);
cudaDataType cuda_data_type(ga_dtype_t dtype);

// Calls `body` with the routine table of `dtype`'s element type (the cuBLAS/cuSOLVER S, D, C and Z variants of one
// routine family); GA_ERROR_INTERNAL naming `family` for any other dtype, which linalg_dtype never yields.
template <class Float, class Double, class Complex, class DoubleComplex, class Body>
void with_dtype_routines(ga_dtype_t dtype, const Float& float32, const Double& float64, const Complex& complex64,
                         const DoubleComplex& complex128, const char* family, Body&& body) {
  switch (dtype) {
    case GA_FLOAT32:
      return body(float32);
    case GA_FLOAT64:
      return body(float64);
    case GA_COMPLEX64:
      return body(complex64);
    case GA_COMPLEX128:
      return body(complex128);
    default:
      throw Error(GA_ERROR_INTERNAL, std::string(family) + ": unexpected dtype");
  }
}

// The data of `array` as a device pointer to `T` (for the typed pointer parameters of cuBLAS and cuSOLVER).
template <class T>
T* elements(const Array& array) {
  return static_cast<T*>(static_cast<void*>(array.data()));
}

// GA_ERROR_SHAPE_MISMATCH naming `function` unless `a` has at least two dimensions (and, with `square`, equal last
// two).
void require_matrices(const Array& a, const char* function, const char* name, bool square);

// The leading ("batch") dimensions of a stack of matrices, and their product.
Dims batch_shape(const Array& a);
std::int64_t count_of(const Dims& shape);
// `shape` with `more` appended.
Dims joined(const Dims& shape, std::initializer_list<std::int64_t> more);

// The view with the last two axes swapped (the transpose of each matrix).
Array swap_last_axes(const Array& a);

// A fresh C-contiguous array of shape (..., n, m) in `dtype` whose matrices are a's (..., m, n) matrices in
// column-major order: the copy cuSOLVER works on, made in one pass from the transposed view. `a` is never modified.
Array column_major_copy(const Array& a, ga_dtype_t dtype, const StreamRef& stream);
// The C-contiguous (..., m, n) result whose matrices are held column-major in `column_major` (..., n, m): the view when
// that is already C-contiguous, else a copy.
Array from_column_major(const Array& column_major, const StreamRef& stream);

// Address of matrix `index` of a C-contiguous stack.
char* matrix_at(const Array& stack, std::int64_t index);

// Device scratch from the pool (stream-ordered), freed when the array goes.
Array device_workspace(std::size_t bytes, const StreamRef& stream);
// `count` int32 info words, zeroed.
Array info_words(std::int64_t count, const StreamRef& stream);
// The address of info word `index`.
int* info_at(const Array& info, std::int64_t index);

// The device and host workspaces a cuSOLVER X routine asked for.
struct SolverWorkspace {
  Array device;
  std::vector<char> host;
  std::size_t device_bytes() const noexcept { return device.nbytes(); }
  std::size_t host_bytes() const noexcept { return host.size(); }
};
SolverWorkspace solver_workspace(std::size_t device_bytes, std::size_t host_bytes, const StreamRef& stream);

// Shorthands for ufunc calls (NumPy's type rules; scalars are weak, as Python numbers).
Array ufunc1(const char* name, const Array& a, const StreamRef& stream);
Array ufunc2(const char* name, const Array& a, const Array& b, const StreamRef& stream);
Array ufunc2(const char* name, const Array& a, double scalar, const StreamRef& stream);
// where(condition, a, otherwise): NumPy's where with a weak scalar for the third operand.
Array select(const Array& condition, const Array& a, double otherwise, const StreamRef& stream);
// The machine epsilon of a floating dtype's real part.
double machine_epsilon(ga_dtype_t dtype);
// NumPy's reduction over the last `axes` axes (1 or 2) without keepdims.
Array reduce_last(Reduction reduction, const Array& a, int axes, const StreamRef& stream);
// `a` cast to `dtype` (the same array when it already has it).
Array as_dtype(const Array& a, ga_dtype_t dtype, const StreamRef& stream);

}  // namespace garray
