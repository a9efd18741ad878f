// The kernels that turn values into radix-sortable keys and back, and move elements and indices
// between the passes of a sort.
#include "core/ops/sort/sort_launch.cuh"
#include "core/ops/sort/sort_primitives.hpp"

namespace garray::sort_primitives {

using namespace detail;

namespace {

// 16-byte elements (complex128) with the 8-byte alignment such arrays are guaranteed.
struct SixteenBytes {
  std::uint64_t low;
  std::uint64_t high;
};

__device__ __forceinline__ std::int64_t source_index(std::int64_t i, const std::int64_t* permutation,
                                                     std::int64_t modulus) {
  if (permutation == nullptr) return i;
  std::int64_t j = permutation[i];
  if (modulus > 0) {
    j %= modulus;
    if (j < 0) j += modulus;
  }
  return j;
}

template <class Traits, class Key>
__global__ void encode_kernel(EncodeArguments arguments) {
  using Bits = typename Traits::bits_type;
  const Bits* source = static_cast<const Bits*>(arguments.source);
  Key* keys = static_cast<Key*>(arguments.keys);
  GA_GRID_STRIDE_LOOP(i, arguments.count) {
    const Bits bits = source[source_index(i, arguments.permutation, arguments.modulus)];
    Key key = to_key<Bits, Traits::key_kind, Traits::exponent>(bits, arguments.canonical_zero);
    if (arguments.row_length > 0) key |= static_cast<Key>(i / arguments.row_length) << arguments.value_bits;
    keys[i] = key;
    if (arguments.indices != nullptr) arguments.indices[i] = arguments.first_index + i;
  }
}

template <class Traits, class Key>
__global__ void decode_kernel(const Key* keys, typename Traits::bits_type* destination, std::int64_t count) {
  using Bits = typename Traits::bits_type;
  GA_GRID_STRIDE_LOOP(i, count) { destination[i] = from_key<Bits, Traits::key_kind>(static_cast<Bits>(keys[i])); }
}

template <class Bits, Bits exponent>
__global__ void encode_complex_kernel(ComplexKeyPart part, const Bits* source, const std::int64_t* permutation,
                                      std::int64_t modulus, std::uint64_t* keys, std::int64_t count) {
  constexpr Bits sign = FloatLayout<Bits>::sign;
  GA_GRID_STRIDE_LOOP(i, count) {
    const std::int64_t j = source_index(i, permutation, modulus);
    const Bits real = source[2 * j];
    const Bits imag = source[2 * j + 1];
    const bool real_nan = static_cast<Bits>(real & ~sign) > exponent;
    const bool imag_nan = static_cast<Bits>(imag & ~sign) > exponent;
    std::uint64_t key = 0;
    if (part == ComplexKeyPart::nan_class) {
      key = (real_nan ? 2u : 0u) + (imag_nan ? 1u : 0u);
    } else if (part == ComplexKeyPart::major) {
      if (!real_nan) {
        key = to_key<Bits, KeyKind::floating, exponent>(real, true);
      } else if (!imag_nan) {
        key = to_key<Bits, KeyKind::floating, exponent>(imag, true);
      }
    } else if (!real_nan && !imag_nan) {
      key = to_key<Bits, KeyKind::floating, exponent>(imag, true);
    }
    keys[i] = key;
  }
}

template <class Key>
__global__ void row_keys_kernel(const std::int64_t* indices, Key* keys, std::int64_t count, std::int64_t row_length) {
  GA_GRID_STRIDE_LOOP(i, count) { keys[i] = static_cast<Key>(indices[i] / row_length); }
}

__global__ void iota_kernel(std::int64_t* out, std::int64_t count) {
  GA_GRID_STRIDE_LOOP(i, count) { out[i] = i; }
}

__global__ void indices_within_rows_kernel(const std::int64_t* indices, std::int64_t* out, std::int64_t count,
                                           std::int64_t row_length) {
  GA_GRID_STRIDE_LOOP(i, count) { out[i] = indices[i] % row_length; }
}

template <class Element>
__global__ void gather_kernel(const Element* source, const std::int64_t* indices, Element* destination,
                              std::int64_t count) {
  GA_GRID_STRIDE_LOOP(i, count) { destination[i] = source[indices[i]]; }
}

}  // namespace

void encode_keys(ga_dtype_t dtype, const EncodeArguments& arguments, cudaStream_t stream) {
  if (arguments.count == 0) return;
  visit_real_dtype(dtype, [&](auto traits) {
    using Traits = decltype(traits);
    if (arguments.key_bytes == 4) {
      if constexpr (sizeof(typename Traits::bits_type) <= 4) {
        encode_kernel<Traits, std::uint32_t><<<blocks_for(arguments.count), kThreads, 0, stream>>>(arguments);
        return check_launch("encode_keys");
      }
      throw Error(GA_ERROR_INTERNAL, "a 64-bit dtype needs 64-bit keys");
    }
    encode_kernel<Traits, std::uint64_t><<<blocks_for(arguments.count), kThreads, 0, stream>>>(arguments);
    check_launch("encode_keys");
  });
}

void decode_keys(ga_dtype_t dtype, const void* keys, int key_bytes, void* destination, std::int64_t count,
                 cudaStream_t stream) {
  if (count == 0) return;
  visit_real_dtype(dtype, [&](auto traits) {
    using Traits = decltype(traits);
    using Bits = typename Traits::bits_type;
    if (key_bytes == 4) {
      if constexpr (sizeof(Bits) <= 4) {
        decode_kernel<Traits, std::uint32_t><<<blocks_for(count), kThreads, 0, stream>>>(
            static_cast<const std::uint32_t*>(keys), static_cast<Bits*>(destination), count);
        return check_launch("decode_keys");
      }
      throw Error(GA_ERROR_INTERNAL, "a 64-bit dtype needs 64-bit keys");
    }
    decode_kernel<Traits, std::uint64_t><<<blocks_for(count), kThreads, 0, stream>>>(
        static_cast<const std::uint64_t*>(keys), static_cast<Bits*>(destination), count);
    check_launch("decode_keys");
  });
}

void encode_complex_keys(ga_dtype_t dtype, ComplexKeyPart part, const void* source, const std::int64_t* permutation,
                         std::int64_t modulus, void* keys, std::int64_t count, cudaStream_t stream) {
  if (count == 0) return;
  auto* out = static_cast<std::uint64_t*>(keys);
  if (dtype == GA_COMPLEX64) {
    encode_complex_kernel<std::uint32_t, 0x7F800000u><<<blocks_for(count), kThreads, 0, stream>>>(
        part, static_cast<const std::uint32_t*>(source), permutation, modulus, out, count);
  } else {
    encode_complex_kernel<std::uint64_t, 0x7FF0000000000000ull><<<blocks_for(count), kThreads, 0, stream>>>(
        part, static_cast<const std::uint64_t*>(source), permutation, modulus, out, count);
  }
  check_launch("encode_complex_keys");
}

void row_keys(const std::int64_t* indices, void* keys, int key_bytes, std::int64_t count, std::int64_t row_length,
              cudaStream_t stream) {
  if (count == 0) return;
  if (key_bytes == 4) {
    row_keys_kernel<<<blocks_for(count), kThreads, 0, stream>>>(indices, static_cast<std::uint32_t*>(keys), count,
                                                                row_length);
  } else {
    row_keys_kernel<<<blocks_for(count), kThreads, 0, stream>>>(indices, static_cast<std::uint64_t*>(keys), count,
                                                                row_length);
  }
  check_launch("row_keys");
}

void iota(std::int64_t* out, std::int64_t count, cudaStream_t stream) {
  if (count == 0) return;
  iota_kernel<<<blocks_for(count), kThreads, 0, stream>>>(out, count);
  check_launch("iota");
}

void indices_within_rows(const std::int64_t* indices, std::int64_t* out, std::int64_t count, std::int64_t row_length,
                         cudaStream_t stream) {
  if (count == 0) return;
  indices_within_rows_kernel<<<blocks_for(count), kThreads, 0, stream>>>(indices, out, count, row_length);
  check_launch("indices_within_rows");
}

void gather_elements(int element_bytes, const void* source, const std::int64_t* indices, void* destination,
                     std::int64_t count, cudaStream_t stream) {
  if (count == 0) return;
  const unsigned blocks = blocks_for(count);
  switch (element_bytes) {
    case 1:
      gather_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const std::uint8_t*>(source), indices,
                                                     static_cast<std::uint8_t*>(destination), count);
      break;
    case 2:
      gather_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const std::uint16_t*>(source), indices,
                                                     static_cast<std::uint16_t*>(destination), count);
      break;
    case 4:
      gather_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const std::uint32_t*>(source), indices,
                                                     static_cast<std::uint32_t*>(destination), count);
      break;
    case 8:
      gather_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const std::uint64_t*>(source), indices,
                                                     static_cast<std::uint64_t*>(destination), count);
      break;
    case 16:
      gather_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const SixteenBytes*>(source), indices,
                                                     static_cast<SixteenBytes*>(destination), count);
      break;
    default: throw Error(GA_ERROR_INTERNAL, "no gather for " + std::to_string(element_bytes) + "-byte elements");
  }
  check_launch("gather_elements");
}

}  // namespace garray::sort_primitives
