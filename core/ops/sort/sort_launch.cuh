// What the sort primitives' kernels share: the launch shape of a grid-stride loop, the launch
// check, and the order-preserving keys of each dtype. Included by the .cu files only.
#pragma once

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"

#include <garray/base.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace garray::sort_primitives::detail {

inline constexpr int kThreads = 256;

// Enough blocks to cover `count` once, capped: the loops stride over the rest.
inline unsigned blocks_for(std::int64_t count) {
  return static_cast<unsigned>(std::clamp<std::int64_t>((count + kThreads - 1) / kThreads, 1, std::int64_t{1} << 18));
}

inline void check_launch(const char* kernel) { check_cuda(cudaGetLastError(), kernel); }

#define GA_GRID_STRIDE_LOOP(i, count)                                                                  \
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < (count); \
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)

// How a dtype's bits become an unsigned key that orders as NumPy orders the values.
enum class KeyKind { plain, signed_integer, floating };

// The bits of a float's exponent (all ones: inf or NaN) and sign, per width.
template <class Bits>
struct FloatLayout;
template <>
struct FloatLayout<std::uint16_t> {  // float16; bfloat16 passes its own exponent mask
  static constexpr std::uint16_t sign = 0x8000u;
};
template <>
struct FloatLayout<std::uint32_t> {
  static constexpr std::uint32_t sign = 0x80000000u;
};
template <>
struct FloatLayout<std::uint64_t> {
  static constexpr std::uint64_t sign = 0x8000000000000000ull;
};

template <class Bits, KeyKind kind, Bits exponent_mask>
__device__ __forceinline__ Bits to_key(Bits bits, bool canonical_zero) {
  if constexpr (kind == KeyKind::plain) {
    return bits;
  } else if constexpr (kind == KeyKind::signed_integer) {
    return static_cast<Bits>(bits ^ (Bits{1} << (sizeof(Bits) * 8 - 1)));
  } else {
    constexpr Bits sign = FloatLayout<Bits>::sign;
    const Bits magnitude = static_cast<Bits>(bits & ~sign);
    if (magnitude > exponent_mask) return static_cast<Bits>(~Bits{0});  // every NaN: the largest key
    if (canonical_zero && magnitude == 0) bits = 0;
    return (bits & sign) ? static_cast<Bits>(~bits) : static_cast<Bits>(bits | sign);
  }
}

template <class Bits, KeyKind kind>
__device__ __forceinline__ Bits from_key(Bits key) {
  if constexpr (kind == KeyKind::plain) {
    return key;
  } else if constexpr (kind == KeyKind::signed_integer) {
    return static_cast<Bits>(key ^ (Bits{1} << (sizeof(Bits) * 8 - 1)));
  } else {
    constexpr Bits sign = FloatLayout<Bits>::sign;
    return (key & sign) ? static_cast<Bits>(key ^ sign) : static_cast<Bits>(~key);
  }
}

// A value-less tag carrying a dtype's bits type, key kind and exponent mask (floats).
template <class Bits, KeyKind kind, Bits exponent_mask>
struct KeyTraits {
  using bits_type = Bits;
  static constexpr KeyKind key_kind = kind;
  static constexpr Bits exponent = exponent_mask;
};

// Calls `visit` with the KeyTraits of `dtype`, a real dtype.
template <class Visit>
void visit_real_dtype(ga_dtype_t dtype, Visit&& visit) {
  switch (dtype) {
    case GA_BOOL:
    case GA_UINT8: return visit(KeyTraits<std::uint8_t, KeyKind::plain, 0>{});
    case GA_INT8: return visit(KeyTraits<std::uint8_t, KeyKind::signed_integer, 0>{});
    case GA_UINT16: return visit(KeyTraits<std::uint16_t, KeyKind::plain, 0>{});
    case GA_INT16: return visit(KeyTraits<std::uint16_t, KeyKind::signed_integer, 0>{});
    case GA_FLOAT16: return visit(KeyTraits<std::uint16_t, KeyKind::floating, 0x7C00u>{});
    case GA_BFLOAT16: return visit(KeyTraits<std::uint16_t, KeyKind::floating, 0x7F80u>{});
    case GA_UINT32: return visit(KeyTraits<std::uint32_t, KeyKind::plain, 0>{});
    case GA_INT32: return visit(KeyTraits<std::uint32_t, KeyKind::signed_integer, 0>{});
    case GA_FLOAT32: return visit(KeyTraits<std::uint32_t, KeyKind::floating, 0x7F800000u>{});
    case GA_UINT64: return visit(KeyTraits<std::uint64_t, KeyKind::plain, 0>{});
    case GA_INT64: return visit(KeyTraits<std::uint64_t, KeyKind::signed_integer, 0>{});
    case GA_FLOAT64: return visit(KeyTraits<std::uint64_t, KeyKind::floating, 0x7FF0000000000000ull>{});
    default: throw Error(GA_ERROR_INTERNAL, "no key for dtype " + std::to_string(static_cast<int>(dtype)));
  }
}

}  // namespace garray::sort_primitives::detail
