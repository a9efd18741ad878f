// The one loop behind integer-array indexing, take/put, choose and ufunc.at: a strided loop over a
// shape whose every element reads one element of each index array, turns the indices into a
// position of the indexed array (wrapping or clipping each against its axis), and then gathers from
// that position, scatters to it, or updates it atomically. The kernels are generated for the exact
// dtypes, rank, index width and number of index arrays, compiled by the engine and kept per
// signature and device.
#pragma once

#include "core/array/array.hpp"
#include "core/ops/strided_loop.hpp"
#include "core/runtime/stream.hpp"

#include <garray/indexing.h>

#include <cstdint>
#include <string>
#include <vector>

namespace garray {

// Loop operands: the other array (output or values), the indexed array, then the index arrays.
inline constexpr int kMaxIndexArrays = GA_MAX_INDEX_ARRAYS;
static_assert(kMaxIndexArrays + 2 == kMaxLoopOperands);

enum class IndexedAction : std::uint8_t {
  gather,   // other[i] = array[position(i)]
  scatter,  // array[position(i)] = other[i]
  update,   // ga_update(&array[position(i)], other[i]): ufunc.at
  check,    // reports the first index outside -extent..extent-1 (GA_INDEX_MODE_RAISE)
};

struct IndexOperand {
  Array indices;          // an integer array
  Dims strides;           // its strides over the loop's shape
  std::int64_t extent;    // the extent of the axis it indexes
  std::int64_t stride;    // that axis's stride, in elements of the indexed array
  int axis;               // that axis's number, for messages
};

struct IndexedLoop {
  Dims shape;             // the loop's shape: the shape of the gathered result
  Array array;            // the indexed array; positions are element offsets from its data()
  Dims array_strides;     // its strides over the loop's shape (0 along the index arrays' axes)
  std::vector<IndexOperand> indices;
};

// The device function `ga_update(ArrayT* address, Other value)` ufunc.at applies, and a short key
// that identifies its source among the kernels.
struct UpdateOperation {
  std::string key;
  std::string source;
};

// Everything a generated kernel depends on.
struct IndexedLoopSignature {
  IndexedAction action = IndexedAction::gather;
  ga_index_mode_t mode = GA_INDEX_MODE_WRAP;  // wrap or clip; raise only for check
  ga_dtype_t array_dtype = GA_FLOAT32;
  ga_dtype_t other_dtype = GA_FLOAT32;
  int rank = 0;
  bool wide = false;
  std::vector<ga_dtype_t> index_dtypes;
  const UpdateOperation* update = nullptr;  // update only

  // The bytes that tell signatures apart.
  std::string key() const;
};

// The name of every generated indexing kernel (each signature is its own source).
inline constexpr const char* kIndexedLoopKernelName = "ga_indexed_loop";

// The kernel source for `signature`, without the engine preamble. Arguments: (ArrayT* array,
// Other* other, const Index0* index0, ..., Index n, ga_loop_params params, ga_index_axes axes,
// unsigned long long* error), with the loop operands ordered other, array, index0, ....
std::string indexed_loop_source(const IndexedLoopSignature& signature);

// Runs `action` over `loop` on `stream`. `other` is the output of a gather or the values of a
// scatter or update (with `other_strides` over the loop's shape); `update` is the operation of an
// update. With GA_INDEX_MODE_RAISE every index is checked first (one wait for the device) and
// Error(GA_ERROR_INDEX) names the first one found outside its axis, before anything is written.
// Throws GA_ERROR_INDEX for a non-empty loop over an empty axis and GA_ERROR_INVALID_ARGUMENT for
// an array on another device than the stream's.
void run_indexed_loop(IndexedAction action, const IndexedLoop& loop, const Array& other, const Dims& other_strides,
                      ga_index_mode_t mode, const UpdateOperation* update, const StreamRef& stream);

// Throws GA_ERROR_INVALID_ARGUMENT unless `mode` is a ga_index_mode_t value.
void require_index_mode(ga_index_mode_t mode);

// Throws GA_ERROR_DTYPE naming `what` unless `indices` has an integer dtype.
void require_integer_indices(const Array& indices, const std::string& what);

}  // namespace garray
