#include "core/ops/raw_array_argument.hpp"

#include "core/array/dims.hpp"

#include <array>
#include <cstdint>

namespace garray {

void add_raw_array_argument(LaunchArguments& arguments, const Array& array) {
  // data, size, then shape and strides, each at least one entry long (a 0-d array has one of 1).
  std::array<std::int64_t, 2 + 2 * kMaxDims> words{};
  const int rank = array.ndim();
  const int extent = rank > 0 ? rank : 1;
  words[0] = static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(array.data()));
  words[1] = array.size();
  for (int d = 0; d < extent; ++d) {
    words[2 + d] = rank > 0 ? array.shape()[d] : 1;
    words[2 + extent + d] = rank > 0 ? array.strides()[d] : 0;
  }
  arguments.add(words.data(), sizeof(std::int64_t) * static_cast<std::size_t>(2 + 2 * extent));
}

}  // namespace garray
