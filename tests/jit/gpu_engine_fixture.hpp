// Engine tests that launch kernels: skipped, saying why, on a machine without a GPU.
#pragma once

#include "engine_fixture.hpp"
#include "gpu_test.hpp"

class GpuEngineTest : public EngineTest {
 protected:
  void SetUp() override {
    EngineTest::SetUp();
    if (!gpu_available()) GTEST_SKIP() << "no CUDA device on this machine";
  }
};
