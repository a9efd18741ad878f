// Fixture for tests that need a GPU: they skip, saying why, on a machine without one.
#pragma once

#include <garray/garray.h>

#include <gtest/gtest.h>

inline bool gpu_available() {
  int count = 0;
  return ga_device_count(&count) == GA_OK && count > 0;
}

class GpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!gpu_available()) GTEST_SKIP() << "no CUDA device on this machine";
  }
};

// Asserts a garray call succeeded, printing ga_last_error() when it did not.
#define GA_ASSERT_OK(call)                                                     \
  do {                                                                         \
    const ga_status_t ga_assert_status_ = (call);                              \
    ASSERT_EQ(ga_assert_status_, GA_OK)                                        \
        << ga_status_string(ga_assert_status_) << ": " << ga_last_error();     \
  } while (0)

#define GA_EXPECT_STATUS(call, expected)                                       \
  do {                                                                         \
    const ga_status_t ga_expect_status_ = (call);                              \
    EXPECT_EQ(ga_expect_status_, (expected))                                   \
        << ga_status_string(ga_expect_status_) << ": " << ga_last_error();     \
  } while (0)
