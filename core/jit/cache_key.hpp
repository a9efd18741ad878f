// The key a compiled kernel is cached under, in memory and on disk.
#pragma once

#include "core/jit/sha256.hpp"
#include "core/jit/target.hpp"

#include <span>
#include <string>
#include <string_view>

namespace garray::jit {

// Bump when a change makes kernels cached by an earlier garray unusable although their source,
// options, target and NVRTC are the same: a new calling convention between generated kernels and
// their launchers, a new meaning of a kernel-name or argument layout, a new cache payload.
inline constexpr int kKernelAbiVersion = 1;

// SHA-256 over everything that decides the binary: the kernel ABI version, NVRTC's version, the
// target, the default and caller options, and the source. Each field is framed by its length, so
// no two different inputs hash the same bytes.
Sha256Digest cache_key(std::string_view source, std::span<const std::string> options,
                       const Target& target);

}  // namespace garray::jit
