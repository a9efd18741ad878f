// The destination and out-parameter rules of the C calling convention (docs/design.md, "The C
// calling convention (ABI 1.0)", rules 4 and 5), checked the same way for every operation under
// tests/ops that takes NumPy's out=:
// - a destination of the wrong shape, of a dtype the result does not cast to, or read-only is
//   refused with its own status, the message names `out`, the destination is not written and the
//   result pointer keeps what it held;
// - garbage in the output-only result pointer is never read: a successful call overwrites it;
// - a given destination comes back as the same handle with one more reference, and releasing that
//   reference leaves the destination alive.
// The tests are GPU tests: they run in each module's GpuTest fixture.
#pragma once

#include "user_kernel_support.hpp"

#include <garray/garray.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

// One call with its destination and its result pointer left open: `call(out, &result)`. Calls with
// a list of destinations (ufuncs, user kernels) pass `out` as their one entry and `result` as their
// one-entry `results`.
using DestinationCall = std::function<ga_status_t(ga_array_t out, ga_array_t* result)>;

// A value no handle has: output-only pointers hold it to show that nothing reads them.
inline ga_array_t garbage_handle() { return reinterpret_cast<ga_array_t>(uintptr_t{0x1234}); }

// A writeable destination of `shape` and `dtype`, every element 7 (so that a write shows).
inline ga_array_t destination_of(Handles& owned, std::vector<int64_t> shape, ga_dtype_t dtype) {
  ga_scalar_t seven{};
  seven.dtype = GA_INT64;
  seven.as_int = 7;
  ga_array_t array = nullptr;
  EXPECT_EQ(ga_array_full(static_cast<int>(shape.size()), shape.data(), seven, dtype, GA_ORDER_C, nullptr, &array),
            GA_OK)
      << ga_last_error();
  return owned(array);
}

// A read-only destination of `shape` and `dtype`: a one-element array broadcast to `shape`
// (ga_array_broadcast_to() views are read-only).
inline ga_array_t read_only_destination_of(Handles& owned, std::vector<int64_t> shape, ga_dtype_t dtype) {
  ga_array_t element = destination_of(owned, {}, dtype);
  ga_array_t view = nullptr;
  EXPECT_EQ(ga_array_broadcast_to(element, static_cast<int>(shape.size()), shape.data(), &view), GA_OK)
      << ga_last_error();
  return owned(view);
}

// Every byte of `array`'s elements, in C order.
inline std::vector<unsigned char> bytes_of(ga_array_t array) {
  size_t itemsize = 0;
  EXPECT_EQ(ga_array_itemsize(array, &itemsize), GA_OK) << ga_last_error();
  std::vector<unsigned char> bytes(static_cast<size_t>(size_of(array)) * itemsize);
  if (!bytes.empty()) {
    EXPECT_EQ(ga_array_to_host(array, bytes.data(), bytes.size(), nullptr), GA_OK) << ga_last_error();
  }
  return bytes;
}

// `call` refuses `out` with `status`: the message names `out` (when `names_out`), `out` is not
// written and the result pointer still holds the garbage it held.
inline void expect_destination_refused(const DestinationCall& call, ga_array_t out, ga_status_t status,
                                       bool names_out = true) {
  const std::vector<unsigned char> before = bytes_of(out);
  ga_array_t result = garbage_handle();
  const ga_status_t got = call(out, &result);
  const std::string message = ga_last_error();
  EXPECT_EQ(got, status) << ga_status_string(got) << ": " << message;
  if (names_out) {
    EXPECT_TRUE(std::regex_search(message, std::regex(R"(\bout\b)"))) << "the message does not name out: " << message;
  }
  EXPECT_EQ(result, garbage_handle()) << "a failed call wrote its result pointer";
  if (got == GA_OK && result != garbage_handle()) ga_array_release(result);
  EXPECT_EQ(bytes_of(out), before) << "a refused destination was written";
}

// `call` with the destination `out` succeeds: the garbage in the result pointer is overwritten by
// `out` itself, and releasing that extra reference leaves `out` alive. Hands back out's bytes.
inline std::vector<unsigned char> expect_destination_returned(const DestinationCall& call, ga_array_t out) {
  ga_array_t result = garbage_handle();
  const ga_status_t got = call(out, &result);
  EXPECT_EQ(got, GA_OK) << ga_status_string(got) << ": " << ga_last_error();
  if (got != GA_OK) return {};
  EXPECT_EQ(result, out) << "a given destination must come back as the same handle";
  if (result != out) return {};
  EXPECT_EQ(ga_array_release(result), GA_OK) << ga_last_error();
  int ndim = -1;
  EXPECT_EQ(ga_array_ndim(out, &ndim), GA_OK) << "out died with the release of the extra reference";
  return bytes_of(out);
}

// `call` without a destination succeeds: the garbage in the result pointer is overwritten by a new,
// valid array. Hands back its bytes.
inline std::vector<unsigned char> expect_result_allocated(const DestinationCall& call) {
  ga_array_t result = garbage_handle();
  const ga_status_t got = call(nullptr, &result);
  EXPECT_EQ(got, GA_OK) << ga_status_string(got) << ": " << ga_last_error();
  if (got != GA_OK) return {};
  EXPECT_NE(result, garbage_handle());
  if (result == garbage_handle() || result == nullptr) return {};
  std::vector<unsigned char> bytes = bytes_of(result);
  EXPECT_EQ(ga_array_release(result), GA_OK) << ga_last_error();
  return bytes;
}

// One operation's destination: the call, the result's shape and dtype, and a dtype the result does
// not cast to under the operation's rule (none when the rule is unsafe casting, which any dtype
// takes). NumPy's wording of some cast refusals ("Cannot cast ufunc 'add' output ...") names the
// destination without the word `out`: `cast_message_names_out` is false for those. The wrong shape
// is the result's with its last extent one longer, unless `wrong_shape` says otherwise: elementwise
// calls broadcast their destinations with the inputs (NumPy's and CuPy's rule), so theirs must
// broadcast with the result without being it (a (3, 5) out for a (3, 4) result would be refused as
// operands that do not broadcast).
struct DestinationCase {
  const char* name;
  DestinationCall call;
  std::vector<int64_t> shape;
  ga_dtype_t dtype;
  std::optional<ga_dtype_t> uncastable = std::nullopt;
  bool cast_message_names_out = true;
  std::optional<std::vector<int64_t>> wrong_shape = std::nullopt;
};

// Every rule for one case: the refusals (shape, dtype, read-only), then a destination of the
// result's dtype that comes back as itself holding what a call without destination allocates.
inline void expect_destination_rules(const DestinationCase& c) {
  SCOPED_TRACE(c.name);
  Handles owned;
  std::vector<int64_t> wrong = c.shape;
  if (c.wrong_shape) {
    wrong = *c.wrong_shape;
  } else if (wrong.empty()) {
    wrong.push_back(2);
  } else {
    ++wrong.back();
  }
  expect_destination_refused(c.call, destination_of(owned, wrong, c.dtype), GA_ERROR_SHAPE_MISMATCH);
  if (c.uncastable) {
    expect_destination_refused(c.call, destination_of(owned, c.shape, *c.uncastable), GA_ERROR_DTYPE,
                               c.cast_message_names_out);
  }
  expect_destination_refused(c.call, read_only_destination_of(owned, c.shape, c.dtype), GA_ERROR_INVALID_ARGUMENT);
  const std::vector<unsigned char> allocated = expect_result_allocated(c.call);
  ga_array_t out = destination_of(owned, c.shape, c.dtype);
  const std::vector<unsigned char> written = expect_destination_returned(c.call, out);
  EXPECT_EQ(written, allocated) << "the destination holds another result than the allocated one";
}
