// The device primitives behind sorting, searching, counting and order statistics, compiled ahead
// with nvcc (radix_sort.cu, key_kernels.cu, search_kernels.cu, count_kernels.cu): CUB's radix
// sort, and the small kernels around them.
// They take raw device pointers and a stream, queue their work and return; the Array-level
// functions (sorting.hpp and its siblings) choose layouts, allocate from the pool and call them.
//
// Every dtype is sorted through an order-preserving unsigned key of its own width, so CUB is
// instantiated for 32- and 64-bit keys only (narrower keys ride in 32 bits and CUB sorts only
// their bits): unsigned integers and bool are their own keys, signed integers flip the sign bit,
// floats flip the sign bit of positives and every bit of negatives. For floats every NaN becomes
// the largest key (NumPy sorts NaN last) and, with `canonical_zero`, -0.0 becomes +0.0 so that the
// two compare equal and a stable sort keeps their order. Complex numbers sort through three keys
// (ComplexKeyPart) that reproduce NumPy's order, NaNs included.
#pragma once

#include <garray/base.h>

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace garray::sort_primitives {

// ----- CUB ----------------------------------------------------------------------------------------

// Ping-pong buffers of a stable LSD radix sort (CUB's DoubleBuffer): the data starts in
// keys[0] (and values[0]); radix_sort() says which buffer holds the result. values[0] nullptr:
// keys only.
struct SortBuffers {
  void* keys[2];
  std::int64_t* values[2];
};

// Scratch bytes radix_sort() needs for `count` keys of `key_bytes` (4 or 8).
std::size_t radix_sort_temp_bytes(int key_bytes, bool with_values, std::int64_t count);

// Stable ascending sort of unsigned keys on bits [begin_bit, end_bit), carrying the int64 values
// when given. Returns the index (0 or 1) of the buffers holding the sorted data.
int radix_sort(int key_bytes, const SortBuffers& buffers, std::int64_t count, int begin_bit, int end_bit, void* temp,
               std::size_t temp_bytes, cudaStream_t stream);

// The same sort of all the bits of `count` keys from `in` (left untouched) into `out`, with the
// scratch radix_sort_copy_temp_bytes() says.
std::size_t radix_sort_copy_temp_bytes(int key_bytes, std::int64_t count);
void radix_sort_copy(int key_bytes, const void* in, void* out, std::int64_t count, void* temp, std::size_t temp_bytes,
                     cudaStream_t stream);

// ----- Keys ---------------------------------------------------------------------------------------

// keys[i] = key(source[j]) | (segment << value_bits), where j = i, or permutation[i] when given
// (taken modulo `modulus` into 0..modulus-1 when modulus > 0, as a wrapping take), and segment =
// i / row_length when row_length > 0. `dtype` is a real dtype; `key_bytes` 4 or 8 and at least
// its itemsize. `indices`, when given, receives first_index + i (the values of an argsort).
struct EncodeArguments {
  const void* source;
  const std::int64_t* permutation;
  std::int64_t modulus;
  void* keys;
  int key_bytes;
  std::int64_t* indices;
  std::int64_t first_index;
  std::int64_t count;
  std::int64_t row_length;
  int value_bits;
  bool canonical_zero;
};
void encode_keys(ga_dtype_t dtype, const EncodeArguments& arguments, cudaStream_t stream);

// The three keys of NumPy's complex order, most significant last: `nan_class` (0: no NaN part,
// 1: imaginary part NaN, 2: real part NaN, 3: both; 2 bits), then `major` (the real part, or the
// imaginary part in class 2), then `minor` (the imaginary part in class 0). 64-bit keys; the
// canonical zero always. Source, permutation and modulus as encode_keys().
enum class ComplexKeyPart { minor, major, nan_class };
void encode_complex_keys(ga_dtype_t dtype, ComplexKeyPart part, const void* source, const std::int64_t* permutation,
                         std::int64_t modulus, void* keys, std::int64_t count, cudaStream_t stream);

// destination[i] = the value whose key (without canonical zero) is the low itemsize*8 bits of
// keys[i]: the inverse of encode_keys() for a real `dtype`.
void decode_keys(ga_dtype_t dtype, const void* keys, int key_bytes, void* destination, std::int64_t count,
                 cudaStream_t stream);

// ----- Sorting raw bits ---------------------------------------------------------------------------
// A 4- or 8-byte integer or float sorts fastest as its raw bits read as unsigned (CUB straight from
// the input, no key passes): unsigned integers are then in order, signed ones have the negatives
// last, and floats have [+0 .. +inf, +NaN.., -0 .. -inf (descending), -NaN..]. One pass puts the
// latter two in NumPy's order: negatives first (reversed for floats), then the rest, every NaN
// last (payloads kept).

// Whether `dtype` sorts by its raw bits (int32/64, uint32/64, float32/64).
bool sorts_by_raw_bits(ga_dtype_t dtype);
// Whether the raw order of `dtype` needs order_raw_sorted_bits() (signed integers and floats).
bool raw_order_needs_fixing(ga_dtype_t dtype);
// destination = the `count` values of `sorted_bits` (raw bits in unsigned order) in NumPy's order.
// `boundaries` is device scratch for two int64.
void order_raw_sorted_bits(ga_dtype_t dtype, const void* sorted_bits, void* destination, std::int64_t count,
                           std::int64_t* boundaries, cudaStream_t stream);

// out[i] = i.
void iota(std::int64_t* out, std::int64_t count, cudaStream_t stream);

// keys[i] = indices[i] / row_length: the key of a pass that sorts by row last.
void row_keys(const std::int64_t* indices, void* keys, int key_bytes, std::int64_t count, std::int64_t row_length,
              cudaStream_t stream);

// out[i] = indices[i] % row_length (out may be indices).
void indices_within_rows(const std::int64_t* indices, std::int64_t* out, std::int64_t count, std::int64_t row_length,
                         cudaStream_t stream);

// destination[i] = source[indices[i]] for elements of 1, 2, 4, 8 or 16 bytes.
void gather_elements(int element_bytes, const void* source, const std::int64_t* indices, void* destination,
                     std::int64_t count, cudaStream_t stream);

// ----- Searching and unique -----------------------------------------------------------------------

// For each value v, the first position in the sorted keys whose key is not less than v's (left)
// or greater than v's (right). Keys are `components` (1..3) arrays each, compared
// lexicographically from component 0.
void search_sorted(int key_bytes, int components, const void* const* sorted_keys, std::int64_t sorted_count,
                   const void* const* value_keys, std::int64_t value_count, bool right, std::int64_t* out,
                   cudaStream_t stream);

// flags[i] = 1 when sorted element i starts a new run of equal elements. From the sorted keys of a
// real dtype, or from the sorted values of a complex one (every value with a NaN part is equal to
// every other, as NumPy's unique with equal_nan).
void run_start_flags_from_keys(const void* sorted_keys, int key_bytes, std::int64_t* flags, std::int64_t count,
                               cudaStream_t stream);
void run_start_flags_complex(ga_dtype_t dtype, const void* sorted_values, std::int64_t* flags, std::int64_t count,
                             cudaStream_t stream);

// From the inclusive sum of the flags: starts[run] = position of the run's first element.
void run_starts(const std::int64_t* run_numbers, std::int64_t count, std::int64_t* starts, cudaStream_t stream);

// For each of `runs` runs: first[r] = permutation[starts[r]] and counts[r] = its length (either
// output may be null).
void run_firsts_and_counts(const std::int64_t* starts, std::int64_t runs, std::int64_t total,
                           const std::int64_t* permutation, std::int64_t* first, std::int64_t* counts,
                           cudaStream_t stream);

// inverse[permutation[i]] = run_numbers[i] - 1.
void scatter_inverse(const std::int64_t* run_numbers, const std::int64_t* permutation, std::int64_t* inverse,
                     std::int64_t count, cudaStream_t stream);

// ----- Counting -----------------------------------------------------------------------------------

// Blocks min_max_partials() uses for `count` elements; it writes 2 partials per block (min, max).
int min_max_blocks(std::int64_t count);
// Per-block minima and maxima of int64 or float64 data (NaN wins for float64), for the host to
// finish.
void min_max_partials(ga_dtype_t dtype, const void* data, std::int64_t count, void* partials, cudaStream_t stream);

// out[x[i]] += 1 (int64 out) or weights[i] (float64 out); out is zeroed by the caller.
void bincount(const std::int64_t* x, const double* weights, std::int64_t count, void* out, cudaStream_t stream);

// counts[b] = number of x with edges[b] <= x < edges[b + 1], the last bin closed on the right.
void histogram(const double* x, std::int64_t count, const double* edges, std::int64_t bins, std::int64_t* counts,
               cudaStream_t stream);

// ----- Order statistics ---------------------------------------------------------------------------

// For rows of `row_length` sorted float64 values (NaN last): out[j * rows + r] is quantile q[j] of
// row r by NumPy's 'linear' method, or with `median` the middle value (the mean of the two middle
// ones for an even length). NaN for a row holding NaN.
void quantiles_of_sorted_rows(const double* sorted, std::int64_t rows, std::int64_t row_length, const double* q,
                              std::int64_t q_count, bool median, double* out, cudaStream_t stream);

}  // namespace garray::sort_primitives
