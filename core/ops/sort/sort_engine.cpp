#include "core/ops/sort/sort_engine.hpp"

#include "core/array/axes.hpp"
#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/memory/device_allocation.hpp"
#include "core/ops/copy.hpp"
#include "core/array/ravel.hpp"
#include "core/ops/sort/sort_primitives.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

namespace garray::sorting {

namespace primitives = garray::sort_primitives;

namespace {

// Rows at least this long, when there are few of them, are sorted one after the other: the
// row number then costs no key bits, so each row sorts in the passes of its own keys only.
constexpr std::int64_t kLongRow = std::int64_t{1} << 18;
constexpr std::int64_t kMaxRowsOneByOne = 16;

bool is_complex(ga_dtype_t dtype) { return dtype == GA_COMPLEX64 || dtype == GA_COMPLEX128; }

int bits_for_rows(std::int64_t rows) { return rows > 1 ? std::bit_width(static_cast<std::uint64_t>(rows - 1)) : 0; }

int key_bytes_for(int bits) { return bits <= 32 ? 4 : 8; }

bool one_row_at_a_time(std::int64_t rows, std::int64_t length) {
  return rows > 1 && rows <= kMaxRowsOneByOne && length >= kLongRow;
}

char* element(const Array& array, std::int64_t index) {
  return array.data() + index * static_cast<std::int64_t>(array.itemsize());
}

std::size_t bytes_of(std::int64_t count, std::size_t width) { return static_cast<std::size_t>(count) * width; }

// Sorts the rows of a dtype that sorts by its raw bits one after the other, straight from the
// source: no key passes (sort_primitives.hpp, "Sorting raw bits").
void sort_rows_by_raw_bits(const Array& source, std::int64_t rows, std::int64_t length, const Array& destination,
                           const StreamRef& stream) {
  const int key_bytes = static_cast<int>(source.itemsize());
  const bool fixing = primitives::raw_order_needs_fixing(source.dtype());
  DeviceAllocation sorted = allocate_device(fixing ? bytes_of(length, key_bytes) : 0, stream);
  DeviceAllocation boundaries = allocate_device(fixing ? 2 * sizeof(std::int64_t) : 0, stream);
  const std::size_t temp_bytes = primitives::radix_sort_copy_temp_bytes(key_bytes, length);
  DeviceAllocation temp = allocate_device(temp_bytes, stream);
  for (std::int64_t start = 0; start < rows * length; start += length) {
    char* out = element(destination, start);
    primitives::radix_sort_copy(key_bytes, element(source, start), fixing ? sorted.data() : out, length, temp.data(),
                                temp_bytes, stream->native());
    if (fixing) {
      primitives::order_raw_sorted_bits(source.dtype(), sorted.data(), out, length,
                                        static_cast<std::int64_t*>(boundaries.data()), stream->native());
    }
  }
}

// Sorts rows of a real dtype through composite keys (row number above the value's bits) in one
// radix sort, or row by row. With `indices` it sorts (key, index) pairs and writes the stable
// permutation there (flattened positions); otherwise it writes the sorted values to `destination`.
void radix_sort_rows(const Array& source, std::int64_t rows, std::int64_t length, const Array* destination,
                     std::int64_t* indices, const StreamRef& stream) {
  const ga_dtype_t dtype = source.dtype();
  const bool row_by_row = one_row_at_a_time(rows, length);
  const int value_bits = static_cast<int>(source.itemsize()) * 8;
  const int total_bits = value_bits + (row_by_row ? 0 : bits_for_rows(rows));
  const int key_bytes = key_bytes_for(total_bits);
  const std::int64_t chunk = row_by_row ? length : rows * length;
  const bool pairs = indices != nullptr;
  if (!pairs && (rows == 1 || row_by_row) && primitives::sorts_by_raw_bits(dtype)) {
    return sort_rows_by_raw_bits(source, rows, length, *destination, stream);
  }

  // The permutation is sorted in place in `indices` (ping-ponging with one scratch buffer): with an
  // even number of digit passes, as for 32-bit keys, it ends there and needs no copy.
  DeviceAllocation keys = allocate_device(2 * bytes_of(chunk, key_bytes), stream);
  DeviceAllocation values = allocate_device(pairs ? bytes_of(chunk, 8) : 0, stream);
  const std::size_t temp_bytes = primitives::radix_sort_temp_bytes(key_bytes, pairs, chunk);
  DeviceAllocation temp = allocate_device(temp_bytes, stream);
  auto* key_data = static_cast<char*>(keys.data());
  for (std::int64_t start = 0; start < rows * length; start += chunk) {
    std::int64_t* chunk_indices = pairs ? indices + start : nullptr;
    const primitives::SortBuffers buffers{{key_data, key_data + bytes_of(chunk, key_bytes)},
                                          {chunk_indices, static_cast<std::int64_t*>(values.data())}};
    primitives::encode_keys(dtype,
                            {element(source, start), nullptr, 0, key_data, key_bytes, chunk_indices, start, chunk,
                             row_by_row || rows == 1 ? 0 : length, value_bits, pairs},
                            stream->native());
    const int selector =
        primitives::radix_sort(key_bytes, buffers, chunk, 0, total_bits, temp.data(), temp_bytes, stream->native());
    if (pairs && selector == 1) {
      check_cuda(cudaMemcpyAsync(chunk_indices, buffers.values[1], bytes_of(chunk, 8), cudaMemcpyDeviceToDevice,
                                 stream->native()),
                 "cudaMemcpyAsync");
    } else if (!pairs) {
      primitives::decode_keys(dtype, buffers.keys[selector], key_bytes, element(*destination, start), chunk,
                              stream->native());
    }
  }
}

// The general sort: a permutation (starting as the identity) refined by stable passes of
// (key, position) pairs, least significant key first. Before each sort() the caller encodes the
// pass's keys into key_buffer(), reading the elements through permutation().
struct PermutationPasses {
  std::int64_t count;
  DeviceAllocation keys;
  DeviceAllocation values;
  DeviceAllocation temp;
  std::size_t temp_bytes;
  int current = 0;

  PermutationPasses(std::int64_t count_, const StreamRef& stream)
      : count(count_),
        keys(allocate_device(2 * bytes_of(count_, 8), stream)),
        values(allocate_device(2 * bytes_of(count_, 8), stream)),
        temp_bytes(std::max(primitives::radix_sort_temp_bytes(4, true, count_),
                            primitives::radix_sort_temp_bytes(8, true, count_))) {
    temp = allocate_device(temp_bytes, stream);
    primitives::iota(permutation(), count, stream->native());
  }

  std::int64_t* permutation() const { return static_cast<std::int64_t*>(values.data()) + current * count; }
  void* key_buffer() const { return keys.data(); }

  void sort(int key_bytes, int bits, const StreamRef& stream) {
    auto* key_data = static_cast<char*>(keys.data());
    auto* value_data = static_cast<std::int64_t*>(values.data());
    const primitives::SortBuffers buffers{{key_data, key_data + bytes_of(count, key_bytes)},
                                          {value_data + current * count, value_data + (1 - current) * count}};
    if (primitives::radix_sort(key_bytes, buffers, count, 0, bits, temp.data(), temp_bytes, stream->native()) == 1) {
      current = 1 - current;
    }
  }
};

}  // namespace

std::optional<int> axis_or_flattened(int axis, int ndim, const char* what) {
  if (axis == GA_AXIS_NONE) return std::nullopt;
  return normalize_axis(axis, ndim, what);
}

Array contiguous_as(const Array& array, ga_dtype_t dtype, const StreamRef& stream) {
  if (array.dtype() == dtype && array.is_c_contiguous()) return array;
  return copy_as(array, dtype, GA_ORDER_C, stream);
}

Rows rows_along(const Array& array, std::optional<int> axis, const StreamRef& stream) {
  Array data = axis ? moveaxis(array, std::span<const int>(&*axis, 1), std::span<const int>(std::array{-1}))
                    : ravel(array, GA_ORDER_C, stream);
  if (!data.is_c_contiguous()) data = copy_as(data, data.dtype(), GA_ORDER_C, stream);
  const std::int64_t length = data.ndim() == 0 ? 1 : data.shape()[data.ndim() - 1];
  return Rows{data, length == 0 ? 0 : data.size() / length, length};
}

Array restore_axis(const Array& moved, std::optional<int> axis, const StreamRef& stream) {
  if (!axis) return moved;
  const Array restored = moveaxis(moved, std::span<const int>(std::array{-1}), std::span<const int>(&*axis, 1));
  return restored.is_c_contiguous() ? restored : copy_as(restored, restored.dtype(), GA_ORDER_C, stream);
}

Array sorted_rows(const Rows& rows, const StreamRef& stream) {
  const Array& data = rows.data;
  Array result = Array::empty(data.shape(), data.dtype(), GA_ORDER_C, stream);
  if (data.size() == 0) return result;
  const bool fits_one_key = one_row_at_a_time(rows.count, rows.length) ||
                            static_cast<int>(data.itemsize()) * 8 + bits_for_rows(rows.count) <= 64;
  if (!is_complex(data.dtype()) && fits_one_key) {
    radix_sort_rows(data, rows.count, rows.length, &result, nullptr, stream);
    return result;
  }
  const Array permutation = stable_permutation(std::span<const Array>(&data, 1), rows.length, stream);
  primitives::gather_elements(static_cast<int>(data.itemsize()), data.data(),
                              reinterpret_cast<const std::int64_t*>(permutation.data()), result.data(), data.size(),
                              stream->native());
  return result;
}

Array stable_permutation(std::span<const Array> keys, std::int64_t row_length, const StreamRef& stream) {
  const std::int64_t count = keys.front().size();
  Array result = Array::empty(Dims{count}, GA_INT64, GA_ORDER_C, stream);
  if (count == 0) return result;
  auto* out = reinterpret_cast<std::int64_t*>(result.data());
  const std::int64_t length = row_length > 0 ? row_length : count;
  const std::int64_t rows = count / length;
  const Array& first = keys.front();
  if (keys.size() == 1 && !is_complex(first.dtype()) &&
      (one_row_at_a_time(rows, length) || static_cast<int>(first.itemsize()) * 8 + bits_for_rows(rows) <= 64)) {
    radix_sort_rows(first, rows, length, nullptr, out, stream);
    return result;
  }
  PermutationPasses passes(count, stream);
  for (const Array& key : keys) {
    if (is_complex(key.dtype())) {
      const int part_bits = key.dtype() == GA_COMPLEX64 ? 32 : 64;
      for (auto [part, bits] : {std::pair{primitives::ComplexKeyPart::minor, part_bits},
                                std::pair{primitives::ComplexKeyPart::major, part_bits},
                                std::pair{primitives::ComplexKeyPart::nan_class, 2}}) {
        primitives::encode_complex_keys(key.dtype(), part, key.data(), passes.permutation(), 0, passes.key_buffer(),
                                        count, stream->native());
        passes.sort(8, bits, stream);
      }
      continue;
    }
    const int bits = static_cast<int>(key.itemsize()) * 8;
    primitives::encode_keys(key.dtype(),
                            {key.data(), passes.permutation(), 0, passes.key_buffer(), key_bytes_for(bits), nullptr, 0,
                             count, 0, bits, true},
                            stream->native());
    passes.sort(key_bytes_for(bits), bits, stream);
  }
  if (rows > 1) {
    const int bits = bits_for_rows(rows);
    primitives::row_keys(passes.permutation(), passes.key_buffer(), key_bytes_for(bits), count, length,
                         stream->native());
    passes.sort(key_bytes_for(bits), bits, stream);
  }
  check_cuda(cudaMemcpyAsync(out, passes.permutation(), bytes_of(count, 8), cudaMemcpyDeviceToDevice, stream->native()),
             "cudaMemcpyAsync");
  return result;
}

SearchKeys search_keys(const Array& values, const Array* permutation, bool wrap, std::int64_t count,
                       const StreamRef& stream) {
  const auto* order = permutation ? reinterpret_cast<const std::int64_t*>(permutation->data()) : nullptr;
  const std::int64_t modulus = wrap ? values.size() : 0;
  SearchKeys keys{{}, 8};
  if (is_complex(values.dtype())) {
    for (auto part : {primitives::ComplexKeyPart::nan_class, primitives::ComplexKeyPart::major,
                      primitives::ComplexKeyPart::minor}) {
      keys.components.push_back(Array::empty(Dims{count}, GA_UINT64, GA_ORDER_C, stream));
      primitives::encode_complex_keys(values.dtype(), part, values.data(), order, modulus,
                                      keys.components.back().data(), count, stream->native());
    }
    return keys;
  }
  const int bits = static_cast<int>(values.itemsize()) * 8;
  keys.key_bytes = key_bytes_for(bits);
  keys.components.push_back(Array::empty(Dims{count}, keys.key_bytes == 4 ? GA_UINT32 : GA_UINT64, GA_ORDER_C, stream));
  primitives::encode_keys(
      values.dtype(),
      {values.data(), order, modulus, keys.components.back().data(), keys.key_bytes, nullptr, 0, count, 0, bits, true},
      stream->native());
  return keys;
}

}  // namespace garray::sorting
