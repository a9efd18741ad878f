"""The CUDA C++ every jit kernel starts with: Python's arithmetic where C++'s differs (floor
division, remainder and power, as NumPy computes them), min and max, the lane id and the address of
a flat index into a strided array."""

PREAMBLE = r"""
namespace garray_jit {
template <typename T> __device__ __forceinline__ T floor_divide(T a, T b) {
  if constexpr (T(0.5) == T(0)) {  // integers: towards minus infinity; 0 for a zero divisor, as NumPy
    if (b == 0) return T(0);
    T q = a / b;
    return (q * b != a && ((a < 0) != (b < 0))) ? T(q - 1) : q;
  } else {
    return floor(a / b);
  }
}
template <typename T> __device__ __forceinline__ T remainder(T a, T b) {
  if constexpr (T(0.5) == T(0)) {  // integers: the divisor's sign; 0 for a zero divisor, as NumPy
    if (b == 0) return T(0);
    T r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? T(r + b) : r;
  } else {
    T r = fmod(a, b);
    return (r != 0 && ((r < 0) != (b < 0))) ? T(r + b) : r;
  }
}
template <typename T> __device__ __forceinline__ T power(T base, T exponent) {
  if constexpr (T(0.5) == T(0)) {  // integers: by squaring; a negative exponent gives 0, as C
    if (exponent < 0) return T(0);
    T result = 1;
    while (exponent) {
      if (exponent & 1) result = T(result * base);
      base = T(base * base);
      exponent >>= 1;
    }
    return result;
  } else {
    return pow(base, exponent);
  }
}
template <typename T> __device__ __forceinline__ T py_min(T a, T b) { return b < a ? b : a; }
template <typename T> __device__ __forceinline__ T py_max(T a, T b) { return b > a ? b : a; }
template <typename T> __device__ __forceinline__ T nan_min(T a, T b) { return (a != a || a < b) ? a : b; }
template <typename T> __device__ __forceinline__ T nan_max(T a, T b) { return (a != a || a > b) ? a : b; }
__device__ __forceinline__ unsigned int lane_id() {
  unsigned int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
// The element at C-order flat index i of an N-d array of the given shape and byte strides.
template <int N, typename T>
__device__ __forceinline__ T* flat_element(T* data, long long i, const long long (&shape)[N],
                                           const long long (&strides)[N]) {
  long long offset = 0;
#pragma unroll
  for (int k = N - 1; k >= 0; --k) {
    offset += (i % shape[k]) * strides[k];
    i /= shape[k];
  }
  return (T*)((const char*)data + offset);  // T may be const
}
}  // namespace garray_jit
"""
