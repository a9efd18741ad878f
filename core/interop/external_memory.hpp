// Arrays over memory garray did not allocate: wrapped device pointers and imported DLPack tensors.
//
// Such memory stays the caller's until the C API has handed the array out. A call that fails at its
// very end (no host memory left for the handle) must leave ownership where it was, so the caller's
// release is armed only by ExternalArray::adopt(), which cannot fail.
#pragma once

#include <garray/base.h>

#include "core/array/array.hpp"
#include "core/array/buffer.hpp"
#include "core/array/dims.hpp"

#include <cstddef>
#include <cstdint>

namespace garray {

// How memory garray did not allocate is given back: function(context), or nothing when NULL.
struct ExternalRelease {
  void (*function)(void* context) = nullptr;
  void* context = nullptr;

  void operator()() const noexcept {
    if (function != nullptr) function(context);
  }
};

// The smallest run of bytes that holds every element of a strided view, and where the view's first
// element lies in it.
struct ExternalSpan {
  void* base;
  std::size_t bytes;
  std::int64_t first_element_offset;
};

// The span of a view of `shape` and `strides` (in elements, any sign) whose first element is at
// `first_element`. The extents must be valid (checked_element_count accepts them). Throws
// GA_ERROR_INVALID_ARGUMENT naming `what` when the view's reach overflows 63 bits or the address
// space.
ExternalSpan span_of_view(void* first_element, const Dims& shape, const Dims& strides,
                          std::size_t itemsize, const char* what);

// A described view of external memory, ready to be wrapped.
struct ExternalMemory {
  ExternalSpan span;
  int device;
  MemoryKind kind;
  ga_dtype_t dtype;
  Dims shape;
  Dims strides;  // in elements
  bool writeable;
};

// An array made of memory the caller owns, wrapped in place or copied, before garray takes that
// memory over. Not copyable or movable: the pending ownership has exactly one holder.
class ExternalArray {
 public:
  // Wraps `memory` in place. After adopt(), `release` runs once, from whichever thread drops the last
  // array or view using the memory; without adopt() it never runs.
  static ExternalArray wrap(const ExternalMemory& memory, ExternalRelease release);
  // An array holding a copy of the caller's memory. adopt() runs `release` at once: the copy no
  // longer needs the original.
  static ExternalArray copy_of(Array copy, ExternalRelease release) noexcept;

  ExternalArray(const ExternalArray&) = delete;
  ExternalArray& operator=(const ExternalArray&) = delete;

  const Array& array() const noexcept { return array_; }
  bool copied() const noexcept { return copied_; }

  // garray takes the memory over. Call it once the array has been handed out, with nothing left
  // that can fail.
  void adopt() noexcept;

 private:
  struct PendingRelease;

  ExternalArray(Array array, PendingRelease* pending, ExternalRelease release_on_adoption,
                bool copied) noexcept;

  Array array_;
  PendingRelease* pending_;               // wrapped memory: lives as long as the buffer
  ExternalRelease release_on_adoption_;   // copied memory: given back by adopt()
  bool copied_;
};

}  // namespace garray
