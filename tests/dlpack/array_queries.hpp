// Short forms of the array queries the DLPack tests check, failing the test when a query fails.
#pragma once

#include <garray/garray.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

inline void* data_of(ga_array_t array) {
  void* data = nullptr;
  EXPECT_EQ(ga_array_data(array, &data), GA_OK);
  return data;
}

inline std::vector<int64_t> strides_of(ga_array_t array) {
  int ndim = 0;
  EXPECT_EQ(ga_array_ndim(array, &ndim), GA_OK);
  std::vector<int64_t> strides(static_cast<std::size_t>(ndim));
  EXPECT_EQ(ga_array_strides(array, strides.data()), GA_OK);
  return strides;
}

inline unsigned flags_of(ga_array_t array) {
  unsigned flags = 0;
  EXPECT_EQ(ga_array_flags(array, &flags), GA_OK);
  return flags;
}
