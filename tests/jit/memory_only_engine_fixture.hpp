// Tests that compile many generated kernels run with the disk cache off, so that every kernel
// really goes through NVRTC and the user's cache directory is left alone; the engine is left as
// it was found.
#pragma once

#include "core/jit/kernel_cache.hpp"

#include <gtest/gtest.h>

class MemoryOnlyEngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    previous_settings_ = garray::jit::disk_cache_settings();
    garray::jit::set_disk_cache_settings({});
    garray::jit::clear_memory_cache();
  }
  void TearDown() override {
    garray::jit::set_disk_cache_settings(previous_settings_);
    garray::jit::clear_memory_cache();
  }

 private:
  garray::jit::DiskCacheSettings previous_settings_;
};
