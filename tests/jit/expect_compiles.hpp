// The host check of a generated kernel source: NVRTC compiles it to CUBIN for sm_90 (no GPU needed), as the engine
// presents it (behind the preamble, with the options of generated sources), and the binary holds the kernel's symbol.
// Use it in a MemoryOnlyEngineTest so that every source really goes through NVRTC.
#pragma once

#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <exception>
#include <string>
#include <vector>

// A failure names the kernel and shows NVRTC's message and the source.
inline void expect_compiles(const std::string& source, const std::string& name) {
  const garray::jit::Target target{90, garray::jit::BinaryKind::cubin};
  try {
    const garray::jit::BinaryRef binary = garray::jit::compile(garray::jit::with_preamble(source, name + ".cu"),
                                                               garray::jit::generated_source_options(), target);
    const std::vector<char>& bytes = binary->bytes;
    EXPECT_NE(std::search(bytes.begin(), bytes.end(), name.begin(), name.end()), bytes.end()) << name;
  } catch (const std::exception& error) {
    ADD_FAILURE() << name << ": " << error.what() << "\n" << source;
  }
}
