// The values of one kernel launch, packed for cudaLaunchKernel: each argument is copied into one
// growing block of 8-byte words and the pointer array is built once every value is in place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace garray {

class LaunchArguments {
 public:
  LaunchArguments() {
    words_.reserve(64);
    offsets_.reserve(16);
  }

  // Appends `bytes` bytes starting at `value` as the next kernel argument.
  void add(const void* value, std::size_t bytes) {
    offsets_.push_back(words_.size());
    const std::size_t start = words_.size();
    words_.resize(start + (bytes + 7) / 8);
    std::memcpy(words_.data() + start, value, bytes);
  }
  template <class T>
  void add(const T& value) {
    add(&value, sizeof(T));
  }

  // One pointer per argument, valid until the next add().
  void** pointers() {
    pointers_.clear();
    pointers_.reserve(offsets_.size());
    for (std::size_t offset : offsets_) pointers_.push_back(words_.data() + offset);
    return pointers_.data();
  }

 private:
  std::vector<std::int64_t> words_;
  std::vector<std::size_t> offsets_;
  std::vector<void*> pointers_;
};

}  // namespace garray
