// Where a caching allocator gets its memory from: cudaMalloc, cudaHostAlloc, or a fake in tests.
#pragma once

#include <cstddef>

namespace garray {

class Upstream {
 public:
  virtual ~Upstream() = default;

  // `bytes` of memory, or nullptr when the resource is exhausted. Any other failure throws.
  virtual void* allocate(std::size_t bytes) = 0;

  // Takes back what allocate() returned. The allocator calls it only once no queued work can still
  // use the memory.
  virtual void release(void* ptr, std::size_t bytes) noexcept = 0;
};

}  // namespace garray
