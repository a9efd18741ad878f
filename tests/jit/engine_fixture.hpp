// Tests of the engine start from an empty memory cache and a disk cache of their own, and leave the
// engine as they found it.
#pragma once

#include "core/jit/kernel_cache.hpp"
#include "scratch_directory.hpp"

#include <gtest/gtest.h>

#include <string>

class EngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    previous_settings_ = garray::jit::disk_cache_settings();
    garray::jit::set_disk_cache_settings({cache_directory_.path(), 1ull << 30});
    garray::jit::clear_memory_cache();
  }
  void TearDown() override {
    garray::jit::set_disk_cache_settings(previous_settings_);
    garray::jit::clear_memory_cache();
  }

  // Counts since `before`, except disk_bytes, which is the current size.
  static garray::jit::CacheStats since(const garray::jit::CacheStats& before) {
    garray::jit::CacheStats now = garray::jit::cache_stats();
    now.memory_hits -= before.memory_hits;
    now.disk_hits -= before.disk_hits;
    now.compiles -= before.compiles;
    return now;
  }

  ScratchDirectory cache_directory_;

 private:
  garray::jit::DiskCacheSettings previous_settings_;
};
