// The destination and out-parameter rules of the C calling convention (docs/design.md, "The C
// calling convention (ABI 1.0)", rules 4 and 5), checked the same way for every operation that
// takes NumPy's out= (tests/ops, tests/fft, tests/linalg's products, tests/random):
// - garbage in the output-only result pointer is never read: a successful call overwrites it;
// - a given destination comes back as the same handle with one more reference, holding the result
//   a call without destination allocates (cast to the destination's dtype), and releasing that
//   reference leaves the destination alive;
// - a destination of the wrong shape, of a dtype the result does not cast to, or read-only is
//   refused with its own status, the message names `out`, the destination is not written and the
//   result pointer keeps what it held.
// The tests are GPU tests: they run in each module's GpuTest fixture.
#pragma once

#include "ops/user_kernel_support.hpp"

#include <garray/garray.h>

#include <gtest/gtest.h>

#include <complex>
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

// `array` cast to `dtype` (a new array held by `owned`), or `array` itself when it has that dtype.
inline ga_array_t cast_to(Handles& owned, ga_array_t array, ga_dtype_t dtype) {
  if (dtype_of_array(array) == dtype) return array;
  ga_array_t cast = nullptr;
  EXPECT_EQ(ga_array_astype(array, dtype, GA_ORDER_C, nullptr, &cast), GA_OK) << ga_last_error();
  return owned(cast);
}

// Every element as complex128, in C order, whatever `array`'s dtype and layout.
inline std::vector<std::complex<double>> complex_values_of(ga_array_t array) {
  Handles owned;
  return fetch<std::complex<double>>(cast_to(owned, array, GA_COMPLEX128));
}

// What a refusal's message must say besides naming `out`: a fragment of it, or nothing.
struct RefusalMessage {
  bool names_out = true;
  std::string fragment;
};

// `call` refuses `out` with `status`: the message names `out` (when `message.names_out`) and holds
// `message.fragment`, `out` is not written and the result pointer still holds the garbage it held.
inline void expect_destination_refused(const DestinationCall& call, ga_array_t out, ga_status_t status,
                                       const RefusalMessage& message = {}) {
  const std::vector<unsigned char> before = bytes_of(out);
  ga_array_t result = garbage_handle();
  const ga_status_t got = call(out, &result);
  const std::string text = ga_last_error();
  EXPECT_EQ(got, status) << ga_status_string(got) << ": " << text;
  if (message.names_out) {
    EXPECT_TRUE(std::regex_search(text, std::regex(R"(\bout\b)"))) << "the message does not name out: " << text;
  }
  if (!message.fragment.empty()) {
    EXPECT_NE(text.find(message.fragment), std::string::npos) << "the message lacks '" << message.fragment << "': "
                                                              << text;
  }
  EXPECT_EQ(result, garbage_handle()) << "a failed call wrote its result pointer";
  if (got == GA_OK && result != garbage_handle()) ga_array_release(result);
  EXPECT_EQ(bytes_of(out), before) << "a refused destination was written";
}

// `call` with the destination `out` succeeds: the garbage in the result pointer is overwritten by
// `out` itself, and releasing that extra reference leaves `out` alive. Whether it does.
inline bool expect_destination_returned(const DestinationCall& call, ga_array_t out) {
  ga_array_t result = garbage_handle();
  const ga_status_t got = call(out, &result);
  EXPECT_EQ(got, GA_OK) << ga_status_string(got) << ": " << ga_last_error();
  if (got != GA_OK) return false;
  EXPECT_EQ(result, out) << "a given destination must come back as the same handle";
  if (result != out) return false;
  EXPECT_EQ(ga_array_release(result), GA_OK) << ga_last_error();
  int ndim = -1;
  EXPECT_EQ(ga_array_ndim(out, &ndim), GA_OK) << "out died with the release of the extra reference";
  return true;
}

// `call` without a destination succeeds: the garbage in the result pointer is overwritten by a new,
// valid array, held by `owned`. Hands it back (nullptr when the call failed).
inline ga_array_t expect_result_allocated(const DestinationCall& call, Handles& owned) {
  ga_array_t result = garbage_handle();
  const ga_status_t got = call(nullptr, &result);
  EXPECT_EQ(got, GA_OK) << ga_status_string(got) << ": " << ga_last_error();
  if (got != GA_OK) return nullptr;
  EXPECT_NE(result, garbage_handle());
  if (result == garbage_handle() || result == nullptr) return nullptr;
  return owned(result);
}

// The text core/array/layout.cpp's format_shape() gives a shape: "(3, 4)", "(8,)", "()".
inline std::string shape_text(const std::vector<int64_t>& shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i) text += (i > 0 ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

inline std::string dtype_name_of(ga_dtype_t dtype) {
  const char* name = "";
  EXPECT_EQ(ga_dtype_name(dtype, &name), GA_OK) << ga_last_error();
  return name;
}

// One operation's destination: the call, the result's shape, the dtype of the destinations the
// rules give it (the result's, or one it casts to), and a dtype the result does not cast to under
// the operation's rule (none when the rule is unsafe casting, which any dtype takes).
// - NumPy's wording of some cast refusals ("Cannot cast ufunc 'add' output ...") names the
//   destination without the word `out`: `cast_message_names_out` is false for those.
// - The wrong shape is the result's with its last extent one longer, unless `wrong_shape` says
//   otherwise: elementwise calls broadcast their destinations with the inputs (NumPy's and CuPy's
//   rule), so theirs must broadcast with the result without being it (a (3, 5) out for a (3, 4)
//   result would be refused as operands that do not broadcast).
// - `checked_messages`: the refusals come from require_destination() (core/ops/destination.cpp)
//   with `out` as the argument's name, so each message also holds its own words: "out has shape
//   (9,) but the result has shape (8,)", "... to out's int32 ...", "argument 'out' is read-only".
// - The given destination must hold the allocated result cast to `dtype`: bit for bit, or with
//   `tolerance` each element within that distance (as complex128).
// - `check_result`, when set, checks the allocated result itself (against a host reference).
struct DestinationCase {
  const char* name;
  DestinationCall call;
  std::vector<int64_t> shape;
  ga_dtype_t dtype;
  std::optional<ga_dtype_t> uncastable = std::nullopt;
  bool cast_message_names_out = true;
  std::optional<std::vector<int64_t>> wrong_shape = std::nullopt;
  bool checked_messages = false;
  double tolerance = 0.0;
  std::function<void(ga_array_t result)> check_result = nullptr;
};

// Every rule for one case: a call without destination allocates its result; a destination of
// `dtype` comes back as itself holding that result; then the refusals (shape, dtype, read-only).
inline void expect_destination_rules(const DestinationCase& c) {
  SCOPED_TRACE(c.name);
  Handles owned;
  ga_array_t allocated = expect_result_allocated(c.call, owned);
  if (allocated != nullptr) {
    EXPECT_EQ(shape_of(allocated), c.shape) << "the result has another shape than the case says";
    if (c.check_result) c.check_result(allocated);
  }
  ga_array_t out = destination_of(owned, c.shape, c.dtype);
  if (expect_destination_returned(c.call, out) && allocated != nullptr) {
    if (c.tolerance == 0.0) {
      EXPECT_EQ(bytes_of(out), bytes_of(cast_to(owned, allocated, c.dtype)))
          << "the destination holds another result than the allocated one";
    } else {
      const std::vector<std::complex<double>> written = complex_values_of(out);
      const std::vector<std::complex<double>> expected = complex_values_of(allocated);
      ASSERT_EQ(written.size(), expected.size());
      for (size_t i = 0; i < written.size(); ++i) {
        EXPECT_LE(std::abs(written[i] - expected[i]), c.tolerance) << "the destination differs at " << i;
      }
    }
  }

  std::vector<int64_t> wrong = c.shape;
  if (c.wrong_shape) {
    wrong = *c.wrong_shape;
  } else if (wrong.empty()) {
    wrong.push_back(2);
  } else {
    ++wrong.back();
  }
  RefusalMessage shape_message;
  RefusalMessage read_only_message;
  if (c.checked_messages) {
    shape_message.fragment = "out has shape " + shape_text(wrong) + " but the result has shape " + shape_text(c.shape);
    read_only_message.fragment = "argument 'out' is read-only";
  }
  expect_destination_refused(c.call, destination_of(owned, wrong, c.dtype), GA_ERROR_SHAPE_MISMATCH, shape_message);
  if (c.uncastable) {
    RefusalMessage cast_message{c.cast_message_names_out, {}};
    if (c.checked_messages) cast_message.fragment = "to out's " + dtype_name_of(*c.uncastable) + " with casting rule";
    expect_destination_refused(c.call, destination_of(owned, c.shape, *c.uncastable), GA_ERROR_DTYPE, cast_message);
  }
  expect_destination_refused(c.call, read_only_destination_of(owned, c.shape, c.dtype), GA_ERROR_INVALID_ARGUMENT,
                             read_only_message);
}
