// Array handles over malloc'd host memory standing in for device memory, for tests that never read
// the data: export and argument checks run on any machine. Built from the core's classes, so only
// internal tests (linked to the core's objects) include this.
#pragma once

#include "capi/handles.hpp"
#include "core/array/array.hpp"
#include "core/array/buffer.hpp"
#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"

#include <cstdlib>
#include <memory>
#include <optional>

// How often the buffer of a host array has been given back.
struct ReleaseCounter {
  std::shared_ptr<int> count = std::make_shared<int>(0);
  int value() const { return *count; }
};

struct HostArraySpec {
  garray::Dims shape;
  std::optional<garray::Dims> strides;  // in elements; C-contiguous when absent
  ga_dtype_t dtype = GA_FLOAT32;
  std::int64_t byte_offset = 0;
  std::size_t buffer_elements = 0;  // 0: as many as the shape has
  bool writeable = true;
  garray::MemoryKind kind = garray::MemoryKind::device;
  int device = 0;
};

inline ga_array_t make_host_array(const HostArraySpec& spec, const ReleaseCounter& released = {}) {
  const std::size_t itemsize = garray::dtype_info(spec.dtype).itemsize;
  const auto elements = static_cast<std::size_t>(garray::checked_element_count(spec.shape, itemsize));
  const std::size_t bytes = (spec.buffer_elements != 0 ? spec.buffer_elements : elements) * itemsize;
  void* memory = std::malloc(bytes == 0 ? 1 : bytes);
  auto buffer = std::make_shared<garray::Buffer>(memory, bytes, spec.device, spec.kind, false,
                                                 [memory, count = released.count] {
                                                   std::free(memory);
                                                   ++*count;
                                                 });
  garray::Array array(std::move(buffer), spec.dtype, spec.shape,
                      spec.strides.value_or(garray::contiguous_strides(spec.shape, GA_ORDER_C)),
                      spec.byte_offset, spec.writeable, false);
  return garray::capi::make_handle<ga_array_s>(std::move(array));
}
