// The C entry points of views.h on handles over host-backed arrays: results read back through the
// public queries, ownership of the new handles, and the argument checks of every function.
#include <garray/garray.h>

#include "capi/handles.hpp"
#include "gpu_test.hpp"
#include "host_array.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using views_test::host_array;

namespace {

ga_array_t handle_of(const garray::Array& array) {
  return garray::capi::make_handle<ga_array_s>(array);
}

std::vector<int64_t> shape_of(ga_array_t array) {
  int ndim = -1;
  EXPECT_EQ(ga_array_ndim(array, &ndim), GA_OK);
  std::vector<int64_t> shape(static_cast<size_t>(ndim));
  EXPECT_EQ(ga_array_shape(array, shape.data()), GA_OK);
  return shape;
}

std::vector<int64_t> strides_of(ga_array_t array) {
  int ndim = -1;
  EXPECT_EQ(ga_array_ndim(array, &ndim), GA_OK);
  std::vector<int64_t> strides(static_cast<size_t>(ndim));
  EXPECT_EQ(ga_array_strides(array, strides.data()), GA_OK);
  return strides;
}

unsigned flags_of(ga_array_t array) {
  unsigned flags = 0;
  EXPECT_EQ(ga_array_flags(array, &flags), GA_OK);
  return flags;
}

std::ptrdiff_t address_offset(ga_array_t view, ga_array_t base) {
  void* view_data = nullptr;
  void* base_data = nullptr;
  EXPECT_EQ(ga_array_data(view, &view_data), GA_OK);
  EXPECT_EQ(ga_array_data(base, &base_data), GA_OK);
  return static_cast<char*>(view_data) - static_cast<char*>(base_data);
}

void expect_message_names(const std::string& function, const std::string& fragment) {
  const std::string message = ga_last_error();
  EXPECT_NE(message.find(function), std::string::npos) << message;
  EXPECT_NE(message.find(fragment), std::string::npos) << message;
}

using Shape = std::vector<int64_t>;

// A 2×3×4 float64 array (NumPy's np.arange(24.).reshape(2, 3, 4)) behind a handle.
class ViewsCapiTest : public ::testing::Test {
 protected:
  void SetUp() override { a_ = handle_of(host_array({2, 3, 4}, GA_FLOAT64, &released_)); }
  void TearDown() override {
    if (garray::capi::is_live(a_)) ga_array_release(a_);
  }

  ga_array_t a_ = nullptr;
  bool released_ = false;
};

ga_index_t at(int64_t index) { return {GA_INDEX_INTEGER, index, 0, 1, 1, 0}; }
ga_index_t all_reversed() { return {GA_INDEX_SLICE, 0, 0, -1, 0, 0}; }
ga_index_t newaxis() { return {GA_INDEX_NEWAXIS, 0, 0, 1, 0, 0}; }

}  // namespace

TEST_F(ViewsCapiTest, IndexReturnsAViewThatOutlivesItsInput) {
  const ga_index_t items[] = {at(-1), newaxis(), all_reversed()};
  ga_array_t view = nullptr;
  GA_ASSERT_OK(ga_array_index(a_, items, 3, &view));
  // a[-1, None, ::-1] in NumPy: shape (1, 3, 4), strides (0, -32, 8) bytes, 160 bytes in.
  EXPECT_EQ(shape_of(view), (Shape{1, 3, 4}));
  EXPECT_EQ(strides_of(view), (Shape{0, -4, 1}));
  EXPECT_EQ(address_offset(view, a_), 160);
  EXPECT_EQ(flags_of(view), unsigned{GA_ARRAY_WRITEABLE});
  GA_ASSERT_OK(ga_array_release(a_));
  EXPECT_FALSE(released_) << "the view keeps the buffer";
  GA_ASSERT_OK(ga_array_release(view));
  EXPECT_TRUE(released_);
}

TEST_F(ViewsCapiTest, ReshapeAndRavelViews) {
  const int64_t shape[] = {4, -1};
  ga_array_t reshaped = nullptr;
  GA_ASSERT_OK(ga_array_reshape(a_, 2, shape, GA_ORDER_C, nullptr, &reshaped));
  EXPECT_EQ(shape_of(reshaped), (Shape{4, 6}));
  EXPECT_EQ(strides_of(reshaped), (Shape{6, 1}));
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(reshaped, nullptr, 0, &transposed));
  ga_array_t flat = nullptr;
  GA_ASSERT_OK(ga_array_ravel(transposed, GA_ORDER_A, nullptr, &flat));  // F-contiguous: a view in F order
  EXPECT_EQ(shape_of(flat), (Shape{24}));
  EXPECT_EQ(address_offset(flat, a_), 0);
  for (ga_array_t handle : {reshaped, transposed, flat}) GA_ASSERT_OK(ga_array_release(handle));
}

TEST_F(ViewsCapiTest, AxisFunctions) {
  ga_array_t view = nullptr;
  const int permutation[] = {1, -1, 0};
  GA_ASSERT_OK(ga_array_transpose(a_, permutation, 3, &view));
  EXPECT_EQ(strides_of(view), (Shape{4, 1, 12}));
  GA_ASSERT_OK(ga_array_release(view));
  GA_ASSERT_OK(ga_array_swapaxes(a_, 0, -1, &view));
  EXPECT_EQ(shape_of(view), (Shape{4, 3, 2}));
  GA_ASSERT_OK(ga_array_release(view));
  const int source[] = {0};
  const int destination[] = {-1};
  GA_ASSERT_OK(ga_array_moveaxis(a_, source, destination, 1, &view));
  EXPECT_EQ(shape_of(view), (Shape{3, 4, 2}));
  GA_ASSERT_OK(ga_array_release(view));
  const int new_axes[] = {0, 4};
  GA_ASSERT_OK(ga_array_expand_dims(a_, new_axes, 2, &view));
  EXPECT_EQ(shape_of(view), (Shape{1, 2, 3, 4, 1}));
  ga_array_t squeezed = nullptr;
  GA_ASSERT_OK(ga_array_squeeze(view, nullptr, 0, &squeezed));
  EXPECT_EQ(shape_of(squeezed), (Shape{2, 3, 4}));
  GA_ASSERT_OK(ga_array_release(squeezed));
  const int last[] = {-1};
  GA_ASSERT_OK(ga_array_squeeze(view, last, 1, &squeezed));
  EXPECT_EQ(shape_of(squeezed), (Shape{1, 2, 3, 4}));
  GA_ASSERT_OK(ga_array_release(squeezed));
  GA_ASSERT_OK(ga_array_release(view));
}

TEST_F(ViewsCapiTest, AtLeastND) {
  const ga_array_t scalar = handle_of(host_array({}));
  ga_array_t view = nullptr;
  GA_ASSERT_OK(ga_array_atleast_1d(scalar, &view));
  EXPECT_EQ(shape_of(view), (Shape{1}));
  GA_ASSERT_OK(ga_array_release(view));
  GA_ASSERT_OK(ga_array_atleast_2d(scalar, &view));
  EXPECT_EQ(shape_of(view), (Shape{1, 1}));
  GA_ASSERT_OK(ga_array_release(view));
  GA_ASSERT_OK(ga_array_atleast_3d(scalar, &view));
  EXPECT_EQ(shape_of(view), (Shape{1, 1, 1}));
  GA_ASSERT_OK(ga_array_release(view));
  GA_ASSERT_OK(ga_array_atleast_3d(a_, &view));
  EXPECT_EQ(shape_of(view), (Shape{2, 3, 4}));
  GA_ASSERT_OK(ga_array_release(view));
  GA_ASSERT_OK(ga_array_release(scalar));
}

TEST_F(ViewsCapiTest, BroadcastToIsReadOnly) {
  const int64_t shape[] = {5, 2, 3, 4};
  ga_array_t view = nullptr;
  GA_ASSERT_OK(ga_array_broadcast_to(a_, 4, shape, &view));
  EXPECT_EQ(strides_of(view), (Shape{0, 12, 4, 1}));
  EXPECT_EQ(flags_of(view) & GA_ARRAY_WRITEABLE, 0u);
  GA_ASSERT_OK(ga_array_release(view));
}

TEST_F(ViewsCapiTest, BroadcastArraysWritesEveryHandleAndMayAliasItsInput) {
  ga_array_t arrays[] = {a_, handle_of(host_array({3, 1}))};
  const ga_array_t column = arrays[1];
  GA_ASSERT_OK(ga_array_broadcast_arrays(arrays, 2, arrays));
  EXPECT_NE(arrays[0], a_);
  EXPECT_EQ(shape_of(arrays[0]), (Shape{2, 3, 4}));
  EXPECT_EQ(shape_of(arrays[1]), (Shape{2, 3, 4}));
  EXPECT_EQ(strides_of(arrays[1]), (Shape{0, 1, 0}));
  EXPECT_NE(flags_of(arrays[0]) & GA_ARRAY_WRITEABLE, 0u);
  EXPECT_EQ(flags_of(arrays[1]) & GA_ARRAY_WRITEABLE, 0u);
  for (ga_array_t handle : {arrays[0], arrays[1], column}) GA_ASSERT_OK(ga_array_release(handle));
  GA_ASSERT_OK(ga_array_broadcast_arrays(nullptr, 0, nullptr));
}

TEST_F(ViewsCapiTest, BroadcastArraysIsAllOrNothing) {
  const ga_array_t released = handle_of(host_array({4}));
  GA_ASSERT_OK(ga_array_release(released));
  const ga_array_t mismatched = handle_of(host_array({5}));
  const ga_array_t untouched = reinterpret_cast<ga_array_t>(0x1234);
  ga_array_t results[2] = {untouched, untouched};
  const ga_array_t with_released[] = {a_, released};
  GA_EXPECT_STATUS(ga_array_broadcast_arrays(with_released, 2, results), GA_ERROR_INVALID_HANDLE);
  expect_message_names("ga_array_broadcast_arrays", "arrays[1]");
  const ga_array_t with_mismatch[] = {a_, mismatched};
  GA_EXPECT_STATUS(ga_array_broadcast_arrays(with_mismatch, 2, results), GA_ERROR_SHAPE_MISMATCH);
  expect_message_names("ga_array_broadcast_arrays", "arrays[1] has shape (5,)");
  EXPECT_EQ(results[0], untouched);
  EXPECT_EQ(results[1], untouched);
  GA_EXPECT_STATUS(ga_array_broadcast_arrays(with_mismatch, -1, results), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_broadcast_arrays(nullptr, 2, results), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_broadcast_arrays(with_mismatch, 2, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_ASSERT_OK(ga_array_release(mismatched));
}

TEST_F(ViewsCapiTest, RealAndImagOfComplex) {
  const ga_array_t z = handle_of(host_array({2, 3}, GA_COMPLEX64));
  ga_array_t real = nullptr;
  ga_array_t imag = nullptr;
  GA_ASSERT_OK(ga_array_real(z, &real));
  GA_ASSERT_OK(ga_array_imag(z, nullptr, &imag));
  ga_dtype_t dtype = GA_BOOL;
  GA_ASSERT_OK(ga_array_dtype(imag, &dtype));
  EXPECT_EQ(dtype, GA_FLOAT32);
  EXPECT_EQ(strides_of(real), (Shape{6, 2}));
  EXPECT_EQ(address_offset(imag, z), 4);
  for (ga_array_t handle : {real, imag, z}) GA_ASSERT_OK(ga_array_release(handle));
}

TEST_F(ViewsCapiTest, BadHandlesAndResultPointers) {
  const ga_array_t released = handle_of(host_array({4}));
  GA_ASSERT_OK(ga_array_release(released));
  const ga_array_t untouched = reinterpret_cast<ga_array_t>(0x1234);
  ga_array_t garbage = untouched;
  const int64_t shape[] = {24};
  const int axes[] = {0};
  // Each entry point with a given input and out-pointer.
  const auto calls = [&](ga_array_t array, ga_array_t* result) {
    return std::vector<std::pair<const char*, ga_status_t>>{
        {"ga_array_index", ga_array_index(array, nullptr, 0, result)},
        {"ga_array_reshape", ga_array_reshape(array, 1, shape, GA_ORDER_C, nullptr, result)},
        {"ga_array_ravel", ga_array_ravel(array, GA_ORDER_C, nullptr, result)},
        {"ga_array_flatten", ga_array_flatten(array, GA_ORDER_C, nullptr, result)},
        {"ga_array_transpose", ga_array_transpose(array, nullptr, 0, result)},
        {"ga_array_swapaxes", ga_array_swapaxes(array, 0, 0, result)},
        {"ga_array_moveaxis", ga_array_moveaxis(array, axes, axes, 1, result)},
        {"ga_array_expand_dims", ga_array_expand_dims(array, axes, 1, result)},
        {"ga_array_squeeze", ga_array_squeeze(array, nullptr, 0, result)},
        {"ga_array_atleast_1d", ga_array_atleast_1d(array, result)},
        {"ga_array_atleast_2d", ga_array_atleast_2d(array, result)},
        {"ga_array_atleast_3d", ga_array_atleast_3d(array, result)},
        {"ga_array_broadcast_to", ga_array_broadcast_to(array, 1, shape, result)},
        {"ga_array_real", ga_array_real(array, result)},
        {"ga_array_imag", ga_array_imag(array, nullptr, result)},
    };
  };
  for (const auto& [name, status] : calls(nullptr, &garbage)) {
    EXPECT_EQ(status, GA_ERROR_INVALID_HANDLE) << name;
  }
  for (const auto& [name, status] : calls(released, &garbage)) {
    EXPECT_EQ(status, GA_ERROR_INVALID_HANDLE) << name;
  }
  EXPECT_EQ(garbage, untouched);
  for (const auto& [name, status] : calls(a_, nullptr)) {
    EXPECT_EQ(status, GA_ERROR_INVALID_ARGUMENT) << name;
  }
  GA_EXPECT_STATUS(ga_array_real(released, &garbage), GA_ERROR_INVALID_HANDLE);
  expect_message_names("ga_array_real", "argument 'array' is not a live handle");
  GA_EXPECT_STATUS(ga_array_squeeze(a_, nullptr, 0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  expect_message_names("ga_array_squeeze", "argument 'result' is NULL");
  GA_EXPECT_STATUS(ga_array_reshape(a_, 1, shape, GA_ORDER_C, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  expect_message_names("ga_array_reshape", "argument 'result' is NULL");
  GA_EXPECT_STATUS(ga_array_index(a_, nullptr, 0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  expect_message_names("ga_array_index", "argument 'result' is NULL");
}

// The result pointer is output-only: whatever it holds is never read (nor released), a failing call
// leaves it as it was, and a successful one overwrites it with a new, valid handle.
TEST_F(ViewsCapiTest, GarbageInTheResultIsNeverRead) {
  const ga_array_t garbage = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234});
  const int64_t five_by_five[] = {5, 5};
  const int64_t four_by_six[] = {4, 6};
  const ga_index_t too_far[] = {at(0), at(3)};
  const ga_index_t last_row[] = {at(-1)};
  // Failing calls: bad input, the garbage is left in place.
  ga_array_t result = garbage;
  GA_EXPECT_STATUS(ga_array_reshape(a_, 2, five_by_five, GA_ORDER_C, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(result, garbage);
  GA_EXPECT_STATUS(ga_array_reshape(a_, 2, four_by_six, GA_ORDER_K, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, garbage);
  GA_EXPECT_STATUS(ga_array_index(a_, too_far, 2, &result), GA_ERROR_INDEX);
  EXPECT_EQ(result, garbage);
  GA_EXPECT_STATUS(ga_array_index(a_, nullptr, 1, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, garbage);
  GA_EXPECT_STATUS(ga_array_transpose(a_, nullptr, 3, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, garbage);
  // Successful calls: the garbage is overwritten by a live handle of the result.
  GA_ASSERT_OK(ga_array_reshape(a_, 2, four_by_six, GA_ORDER_C, nullptr, &result));
  ASSERT_NE(result, garbage);
  EXPECT_TRUE(garray::capi::is_live(result));
  EXPECT_EQ(shape_of(result), (Shape{4, 6}));
  GA_ASSERT_OK(ga_array_release(result));
  result = garbage;
  GA_ASSERT_OK(ga_array_index(a_, last_row, 1, &result));
  ASSERT_NE(result, garbage);
  EXPECT_EQ(shape_of(result), (Shape{3, 4}));
  EXPECT_EQ(address_offset(result, a_), 96);
  GA_ASSERT_OK(ga_array_release(result));
  ga_array_t pair[2] = {garbage, garbage};
  const ga_array_t inputs[] = {a_, a_};
  GA_ASSERT_OK(ga_array_broadcast_arrays(inputs, 2, pair));
  for (ga_array_t handle : pair) {
    ASSERT_NE(handle, garbage);
    EXPECT_EQ(shape_of(handle), (Shape{2, 3, 4}));
    GA_ASSERT_OK(ga_array_release(handle));
  }
}

TEST_F(ViewsCapiTest, BadCountsAndLists) {
  const ga_array_t untouched = reinterpret_cast<ga_array_t>(0x1234);
  ga_array_t result = untouched;
  const int64_t long_shape[33] = {24, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                  1,  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  const int axes[33] = {};
  GA_EXPECT_STATUS(ga_array_reshape(a_, 33, long_shape, GA_ORDER_C, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  expect_message_names("ga_array_reshape", "argument 'shape' has 33 entries");
  GA_EXPECT_STATUS(ga_array_reshape(a_, -1, long_shape, GA_ORDER_C, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_reshape(a_, 2, nullptr, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_reshape(a_, 1, long_shape, GA_ORDER_K, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  const int64_t five_by_five[] = {5, 5};
  GA_EXPECT_STATUS(ga_array_reshape(a_, 2, five_by_five, GA_ORDER_C, nullptr, &result),
                   GA_ERROR_SHAPE_MISMATCH);
  expect_message_names("ga_array_reshape", "cannot reshape array of size 24 into shape (5, 5)");
  GA_EXPECT_STATUS(ga_array_broadcast_to(a_, 33, long_shape, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_ravel(a_, static_cast<ga_order_t>(4), nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_flatten(a_, static_cast<ga_order_t>(4), nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_transpose(a_, axes, 33, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_transpose(a_, nullptr, 3, &result), GA_ERROR_INVALID_ARGUMENT);
  expect_message_names("ga_array_transpose", "naxes is 3");
  GA_EXPECT_STATUS(ga_array_transpose(a_, axes, -1, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_transpose(a_, axes, 3, &result), GA_ERROR_INVALID_ARGUMENT);
  expect_message_names("ga_array_transpose", "repeated axis 0");
  GA_EXPECT_STATUS(ga_array_moveaxis(a_, axes, axes, 33, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_moveaxis(a_, nullptr, axes, 1, &result), GA_ERROR_INVALID_ARGUMENT);
  expect_message_names("ga_array_moveaxis", "argument 'source' is NULL but its count is 1");
  GA_EXPECT_STATUS(ga_array_expand_dims(a_, axes, 33, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_expand_dims(a_, nullptr, 1, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_squeeze(a_, axes, 33, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_squeeze(a_, nullptr, 2, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_squeeze(a_, axes, 1, &result), GA_ERROR_SHAPE_MISMATCH);
  expect_message_names("ga_array_squeeze", "axis 0 of shape (2, 3, 4) has extent 2");
  GA_EXPECT_STATUS(ga_array_index(a_, nullptr, 1, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_index(a_, nullptr, -1, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, untouched);
}

TEST_F(ViewsCapiTest, BadAxesAndIndices) {
  ga_array_t result = nullptr;
  GA_EXPECT_STATUS(ga_array_swapaxes(a_, 0, 3, &result), GA_ERROR_INDEX);
  expect_message_names("ga_array_swapaxes", "axis2 3 is out of bounds");
  const int out_of_range[] = {0, 1, 5};
  GA_EXPECT_STATUS(ga_array_transpose(a_, out_of_range, 3, &result), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_expand_dims(a_, out_of_range + 2, 1, &result), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_squeeze(a_, out_of_range + 2, 1, &result), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_moveaxis(a_, out_of_range, out_of_range + 2, 1, &result), GA_ERROR_INDEX);
  const ga_index_t too_far[] = {at(0), at(3)};
  GA_EXPECT_STATUS(ga_array_index(a_, too_far, 2, &result), GA_ERROR_INDEX);
  expect_message_names("ga_array_index",
                       "items[1]: index 3 is out of bounds for axis 1 with size 3");
  const ga_index_t zero_step[] = {{GA_INDEX_SLICE, 0, 0, 0, 0, 0}};
  GA_EXPECT_STATUS(ga_array_index(a_, zero_step, 1, &result), GA_ERROR_INVALID_ARGUMENT);
  expect_message_names("ga_array_index", "items[0]: slice step cannot be zero");
  const ga_index_t too_many[] = {at(0), at(0), at(0), at(0)};
  GA_EXPECT_STATUS(ga_array_index(a_, too_many, 4, &result), GA_ERROR_INDEX);
  EXPECT_EQ(result, nullptr);
}

// Without a GPU the views still work, and what must copy or allocate fails cleanly.
TEST_F(ViewsCapiTest, CopiesWithoutADeviceReturnNoDevice) {
  if (gpu_available()) GTEST_SKIP() << "a CUDA device is present; this test needs its absence";
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(a_, nullptr, 0, &transposed));
  const ga_array_t untouched = reinterpret_cast<ga_array_t>(0x1234);
  ga_array_t result = untouched;
  const int64_t flat[] = {24};
  GA_EXPECT_STATUS(ga_array_reshape(transposed, 1, flat, GA_ORDER_C, nullptr, &result), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_array_ravel(transposed, GA_ORDER_C, nullptr, &result), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_array_flatten(a_, GA_ORDER_C, nullptr, &result), GA_ERROR_NO_DEVICE);
  GA_EXPECT_STATUS(ga_array_imag(a_, nullptr, &result), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(result, untouched);
  GA_ASSERT_OK(ga_array_reshape(transposed, 1, flat, GA_ORDER_F, nullptr, &result));
  GA_ASSERT_OK(ga_array_release(result));
  GA_ASSERT_OK(ga_array_release(transposed));
}

// A function that hands back its input when nothing needs doing (ascontiguousarray of a C-contiguous
// array) returns the same handle with one more reference, needing no device: releasing that
// reference leaves the caller's handle alive. Garbage in the result pointer is not read.
TEST_F(ViewsCapiTest, TheSameHandleComesBackWithOneMoreReference) {
  const ga_array_t garbage = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234});
  ga_array_t result = garbage;
  GA_ASSERT_OK(ga_array_ascontiguousarray(a_, nullptr, &result));
  EXPECT_EQ(result, a_);
  GA_ASSERT_OK(ga_array_release(result));
  EXPECT_TRUE(garray::capi::is_live(a_));
  EXPECT_EQ(shape_of(a_), (Shape{2, 3, 4}));
  // The F-contiguous transpose for asfortranarray.
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(a_, nullptr, 0, &transposed));
  result = garbage;
  GA_ASSERT_OK(ga_array_asfortranarray(transposed, nullptr, &result));
  EXPECT_EQ(result, transposed);
  GA_ASSERT_OK(ga_array_release(result));
  EXPECT_TRUE(garray::capi::is_live(transposed));
  GA_ASSERT_OK(ga_array_release(transposed));
  // The last reference of a_'s buffer goes with a_ itself.
  GA_ASSERT_OK(ga_array_release(a_));
  EXPECT_TRUE(released_);
}

// The example of docs/arrays.md ("Views and indexing"): the region between the markers, which
// scripts/snippets.py keeps equal to the page.
TEST_F(ViewsCapiTest, DocumentationExample) {
  const ga_array_t a = a_;
  // [snippet:index-and-transpose]
  /* a has shape (2, 3, 4); take a[-1, None, ::-1], then its transpose. */
  const ga_index_t items[] = {
      {GA_INDEX_INTEGER, -1, 0, 1, 0, 0},
      {GA_INDEX_NEWAXIS, 0, 0, 1, 0, 0},
      {GA_INDEX_SLICE, 0, 0, -1, 0, 0}, /* ::-1 : no start, no stop */
  };
  ga_array_t view = NULL;
  ga_array_t transposed = NULL;
  if (ga_array_index(a, items, 3, &view) != GA_OK) {
    fprintf(stderr, "%s\n", ga_last_error());
    return;
  }
  ga_array_transpose(view, NULL, 0, &transposed); /* shape (4, 3, 1) */
  ga_array_release(view);                         /* transposed keeps the data alive */
  // [snippet-end]
  EXPECT_EQ(shape_of(transposed), (Shape{4, 3, 1}));
  EXPECT_EQ(strides_of(transposed), (Shape{1, -4, 0}));
  GA_ASSERT_OK(ga_array_release(transposed));
}
