// Device memory for the GPU tests: filled from a host pattern with cudaMemcpy, wrapped as arrays,
// read back to the host.
#pragma once

#include "array_queries.hpp"
#include "gpu_test.hpp"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <vector>

// cudaMalloc'd memory, and how often garray gave it back through release().
struct DeviceMemory {
  void* data = nullptr;
  int released = 0;

  template <class T>
  explicit DeviceMemory(const std::vector<T>& values) {
    EXPECT_EQ(cudaMalloc(&data, values.size() * sizeof(T)), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(data, values.data(), values.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  }
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  // The release callback of ga_array_from_device_pointer(): frees the memory and counts the call.
  static void release(void* context) {
    auto* memory = static_cast<DeviceMemory*>(context);
    cudaFree(memory->data);
    ++memory->released;
  }

  template <class T = char>
  T* at(std::size_t element) const {
    return static_cast<T*>(data) + element;
  }
};

// A C-contiguous array over `memory`, which garray frees when the last view goes.
inline ga_array_t wrap(DeviceMemory& memory, const std::vector<int64_t>& shape, ga_dtype_t dtype,
                       int readonly = 0) {
  ga_array_t array = nullptr;
  const ga_status_t status =
      ga_array_from_device_pointer(memory.data, 0, static_cast<int>(shape.size()), shape.data(), nullptr, dtype,
                                   readonly, &DeviceMemory::release, &memory, &array);
  EXPECT_EQ(status, GA_OK) << ga_last_error();
  return array;
}

// The elements of a C-contiguous array, copied to the host.
template <class T>
std::vector<T> read_back(ga_array_t array) {
  int64_t size = 0;
  EXPECT_EQ(ga_array_size(array, &size), GA_OK);
  std::vector<T> values(static_cast<std::size_t>(size));
  EXPECT_EQ(cudaMemcpy(values.data(), data_of(array), values.size() * sizeof(T), cudaMemcpyDefault), cudaSuccess);
  return values;
}
