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
// their launchers, a new meaning of a kernel-name or argument layout. A new layout of the cache
// files is kCacheFileFormatVersion's (cache_file_format.hpp): files of another version read as
// misses and are replaced under the same key.
inline constexpr int kKernelAbiVersion = 1;

// SHA-256 over everything that decides the binary: the kernel ABI version, NVRTC's version, the
// target, the default and caller options, the source, and the name expressions whose symbols the
// binary records. Each field is framed by its length, so no two different inputs hash the same
// bytes.
Sha256Digest cache_key(std::string_view source, std::span<const std::string> options,
                       const Target& target, std::span<const std::string> name_expressions = {});

}  // namespace garray::jit
