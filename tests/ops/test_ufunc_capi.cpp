// Ufuncs through the C API on the GPU: a call with broadcasting, typed and weak scalars, given
// and overlapping outputs, dtype and casting, all-scalar calls, reduce and outer, and the
// refusals. The loops' arithmetic itself is checked against NumPy references in tests/ufunc/.
#include "destination_support.hpp"
#include "user_kernel_support.hpp"

#include <garray/ufunc.h>

#include <cmath>
#include <string>

namespace {

using UfuncTest = GpuTest;

ga_operand_t scalar_operand(ga_operand_kind_t kind, ga_dtype_t dtype, double real, int64_t integer = 0) {
  ga_operand_t operand{};
  operand.kind = kind;
  operand.scalar.dtype = dtype;
  operand.scalar.as_real = real;
  operand.scalar.as_int = integer;
  return operand;
}

}  // namespace

TEST_F(UfuncTest, AddBroadcastsAndPromotes) {
  Handles owned;
  const std::vector<float> x = test_values<float>(12);
  const std::vector<double> y = test_values<double>(4);
  ga_array_t dx = owned(upload_shaped(x, {3, 4}));
  ga_array_t dy = owned(upload_shaped(y, {4}));
  const ga_operand_t inputs[] = {array_operand(dx), array_operand(dy)};
  ga_array_t out[1] = {nullptr};
  GA_ASSERT_OK(ga_ufunc_call(ufunc("add"), inputs, 2, nullptr, out, 1, nullptr, out));
  owned(out[0]);
  EXPECT_EQ(dtype_of_array(out[0]), GA_FLOAT64);
  EXPECT_EQ(shape_of(out[0]), (std::vector<int64_t>{3, 4}));
  const std::vector<double> got = download<double>(out[0], 12);
  for (size_t i = 0; i < 12; ++i) EXPECT_EQ(got[i], static_cast<double>(x[i]) + y[i % 4]);
}

TEST_F(UfuncTest, WeakScalarsKeepTheArrayDtypeTypedOnesPromote) {
  Handles owned;
  const std::vector<float> x = test_values<float>(100);
  ga_array_t dx = owned(upload(x));
  const ga_operand_t weak[] = {array_operand(dx), scalar_operand(GA_OPERAND_WEAK_SCALAR, GA_FLOAT64, 0.5)};
  ga_array_t out[1] = {nullptr};
  GA_ASSERT_OK(ga_ufunc_call(ufunc("multiply"), weak, 2, nullptr, out, 1, nullptr, out));
  owned(out[0]);
  EXPECT_EQ(dtype_of_array(out[0]), GA_FLOAT32);
  const std::vector<float> got = download<float>(out[0], 100);
  for (size_t i = 0; i < 100; ++i) EXPECT_EQ(got[i], x[i] * 0.5f);

  const ga_operand_t strong[] = {array_operand(dx), scalar_operand(GA_OPERAND_SCALAR, GA_FLOAT64, 0.5)};
  ga_array_t promoted[1] = {nullptr};
  GA_ASSERT_OK(ga_ufunc_call(ufunc("multiply"), strong, 2, nullptr, promoted, 1, nullptr, promoted));
  owned(promoted[0]);
  EXPECT_EQ(dtype_of_array(promoted[0]), GA_FLOAT64);
}

TEST_F(UfuncTest, InPlaceAndOverlappingOutputsMatchNumPy) {
  Handles owned;
  const std::vector<double> x = test_values<double>(64);
  ga_array_t dx = owned(upload(x));
  // x += 1 (the same view: no copy needed).
  const ga_operand_t in_place[] = {array_operand(dx), scalar_operand(GA_OPERAND_WEAK_SCALAR, GA_INT64, 0, 1)};
  const ga_array_t same[1] = {dx};
  ga_array_t returned[1];
  GA_ASSERT_OK(ga_ufunc_call(ufunc("add"), in_place, 2, nullptr, same, 1, nullptr, returned));
  EXPECT_EQ(returned[0], dx);  // the destination itself, with one more reference
  owned(returned[0]);
  std::vector<double> expected = x;
  for (double& value : expected) value += 1;
  EXPECT_EQ(download<double>(dx, 64), expected);
  // x[1:] = x[1:] + x[:-1], NumPy's result: the input is read as it was before the call.
  ga_index_t tail[1] = {};
  tail[0].kind = GA_INDEX_SLICE;
  tail[0].start = 1;
  tail[0].has_start = 1;
  tail[0].step = 1;
  ga_index_t head[1] = {};
  head[0].kind = GA_INDEX_SLICE;
  head[0].stop = 63;
  head[0].has_stop = 1;
  head[0].step = 1;
  ga_array_t later = nullptr, earlier = nullptr;
  GA_ASSERT_OK(ga_array_index(dx, tail, 1, &later));
  GA_ASSERT_OK(ga_array_index(dx, head, 1, &earlier));
  owned(later);
  owned(earlier);
  const ga_operand_t shifted[] = {array_operand(later), array_operand(earlier)};
  // `results` may be the same C array as `out`: into[0] comes back as `later` with one more reference.
  ga_array_t into[1] = {later};
  GA_ASSERT_OK(ga_ufunc_call(ufunc("add"), shifted, 2, nullptr, into, 1, nullptr, into));
  EXPECT_EQ(into[0], later);
  owned(into[0]);
  std::vector<double> reference = expected;
  for (size_t i = 1; i < 64; ++i) reference[i] = expected[i] + expected[i - 1];
  EXPECT_EQ(download<double>(dx, 64), reference);
}

TEST_F(UfuncTest, DtypeCastingAndRefusals) {
  Handles owned;
  ga_array_t dx = owned(upload(test_values<double>(8)));
  ga_array_t f32 = owned(upload(std::vector<float>(8, 0.f)));
  const ga_operand_t inputs[] = {array_operand(dx), array_operand(dx)};
  ga_array_t into_f32[1] = {f32};
  ga_ufunc_options_t safe{sizeof(safe), GA_CASTING_SAFE, GA_DTYPE_SAME, nullptr};
  GA_EXPECT_STATUS(ga_ufunc_call(ufunc("add"), inputs, 2, &safe, into_f32, 1, nullptr, into_f32), GA_ERROR_DTYPE);
  EXPECT_EQ(into_f32[0], f32);
  GA_ASSERT_OK(ga_ufunc_call(ufunc("add"), inputs, 2, nullptr, into_f32, 1, nullptr, into_f32));
  EXPECT_EQ(into_f32[0], f32);
  owned(into_f32[0]);  // the extra reference of the given destination
  ga_ufunc_options_t as_f32{sizeof(as_f32), GA_CASTING_SAME_KIND, GA_FLOAT32, nullptr};
  ga_array_t out[1] = {nullptr};
  GA_ASSERT_OK(ga_ufunc_call(ufunc("sqrt"), inputs, 1, &as_f32, out, 1, nullptr, out));
  owned(out[0]);
  EXPECT_EQ(dtype_of_array(out[0]), GA_FLOAT32);
  ga_array_t none[1] = {nullptr};
  GA_EXPECT_STATUS(ga_ufunc_call(ufunc("bitwise_and"), inputs, 2, nullptr, none, 1, nullptr, none), GA_ERROR_DTYPE);
  EXPECT_NE(std::string(ga_last_error()).find("bitwise_and"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_ufunc_call(ufunc("add"), inputs, 1, nullptr, none, 1, nullptr, none), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(none[0], nullptr);
  ga_ufunc_t unknown = nullptr;
  GA_EXPECT_STATUS(ga_ufunc_find("no_such_ufunc", &unknown), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_ufunc_call(reinterpret_cast<ga_ufunc_t>(dx), inputs, 2, nullptr, none, 1, nullptr, none),
                   GA_ERROR_INVALID_HANDLE);
}

TEST_F(UfuncTest, ScalarsOnlyGiveZeroDimensionalResults) {
  Handles owned;
  const ga_operand_t inputs[] = {scalar_operand(GA_OPERAND_SCALAR, GA_FLOAT64, 2.0),
                                 scalar_operand(GA_OPERAND_WEAK_SCALAR, GA_INT64, 0, 10)};
  ga_array_t out[1] = {nullptr};
  GA_ASSERT_OK(ga_ufunc_call(ufunc("power"), inputs, 2, nullptr, out, 1, nullptr, out));
  owned(out[0]);
  EXPECT_TRUE(shape_of(out[0]).empty());
  EXPECT_EQ(download<double>(out[0], 1)[0], 1024.0);
}

TEST_F(UfuncTest, ReduceOverAxesWithIdentityAndInitial) {
  Handles owned;
  const std::vector<double> x = test_values<double>(6 * 50);
  ga_array_t dx = owned(upload_shaped(x, {6, 50}));
  const int axis = 1;
  ga_array_t sums = nullptr;
  GA_ASSERT_OK(ga_ufunc_reduce(ufunc("add"), dx, &axis, 1, 0, GA_DTYPE_SAME, nullptr, nullptr, nullptr, &sums));
  owned(sums);
  const std::vector<double> got = download<double>(sums, 6);
  for (size_t r = 0; r < 6; ++r) {
    double expected = 0;
    for (size_t c = 0; c < 50; ++c) expected += x[r * 50 + c];
    EXPECT_NEAR(got[r], expected, 1e-12);
  }
  ga_array_t largest = nullptr;
  const ga_scalar_t initial{GA_FLOAT64, 0, 0, 100.0, 0};
  GA_ASSERT_OK(ga_ufunc_reduce(ufunc("maximum"), dx, nullptr, -1, 1, GA_DTYPE_SAME, &initial, nullptr, nullptr,
                               &largest));
  owned(largest);
  EXPECT_EQ(shape_of(largest), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(download<double>(largest, 1)[0], 100.0);
  ga_array_t bad = nullptr;
  GA_EXPECT_STATUS(ga_ufunc_reduce(ufunc("sqrt"), dx, nullptr, -1, 0, GA_DTYPE_SAME, nullptr, nullptr, nullptr, &bad),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(bad, nullptr);

  // add.reduce widens int8 to int64, as NumPy's.
  const std::vector<int8_t> bytes(300, 100);
  const int64_t length[1] = {300};
  ga_array_t small = nullptr;
  GA_ASSERT_OK(ga_array_from_host(bytes.data(), 1, length, nullptr, GA_INT8, GA_ORDER_C, nullptr, &small));
  owned(small);
  ga_array_t total = nullptr;
  GA_ASSERT_OK(ga_ufunc_reduce(ufunc("add"), small, nullptr, -1, 0, GA_DTYPE_SAME, nullptr, nullptr, nullptr, &total));
  owned(total);
  EXPECT_EQ(dtype_of_array(total), GA_INT64);
  int64_t value = 0;
  GA_ASSERT_OK(ga_array_to_host(total, &value, sizeof(value), nullptr));
  EXPECT_EQ(value, 30000);
}

TEST_F(UfuncTest, OuterProductShape) {
  Handles owned;
  const std::vector<double> a = {1, 2, 3};
  const std::vector<double> b = {10, 20};
  ga_array_t da = owned(upload(a));
  ga_array_t db = owned(upload(b));
  ga_array_t out[1] = {nullptr};
  GA_ASSERT_OK(ga_ufunc_outer(ufunc("multiply"), da, db, nullptr, out, 1, nullptr, out));
  owned(out[0]);
  EXPECT_EQ(shape_of(out[0]), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(download<double>(out[0], 6), (std::vector<double>{10, 20, 20, 40, 30, 60}));
}

// logical_or's float loop gives bool: the fold runs in bool, its inputs converted to truth values.
TEST_F(UfuncTest, LogicalReductionsOfFloatsFoldInBool) {
  Handles owned;
  ga_array_t dx = owned(upload(std::vector<float>{0.f, 0.f, 2.5f, 0.f}));
  ga_array_t any = nullptr;
  GA_ASSERT_OK(ga_ufunc_reduce(ufunc("logical_or"), dx, nullptr, -1, 0, GA_DTYPE_SAME, nullptr, nullptr, nullptr, &any));
  owned(any);
  EXPECT_EQ(dtype_of_array(any), GA_BOOL);
  bool value = false;
  GA_ASSERT_OK(ga_array_to_host(any, &value, 1, nullptr));
  EXPECT_TRUE(value);
}

// Call, reduce and outer by the convention's destination rules: a destination of the wrong shape,
// of a dtype the result does not cast to (same_kind for call and outer; reduce casts unsafely, as
// NumPy's reductions), or read-only is refused, is not written and leaves `results` alone; garbage
// in `results` is never read; a given destination comes back as itself with one more reference.
TEST_F(UfuncTest, DestinationsFollowTheConvention) {
  Handles owned;
  ga_array_t dx = owned(upload_shaped(test_values<float>(12), {3, 4}));
  ga_array_t da = owned(upload(std::vector<float>{1, 2, 3}));
  ga_array_t db = owned(upload(std::vector<float>{10, 20}));
  const DestinationCase cases[] = {
      {"call",
       [dx](ga_array_t out, ga_array_t* results) {
         const ga_operand_t inputs[] = {array_operand(dx), array_operand(dx)};
         const ga_array_t destinations[1] = {out};
         return ga_ufunc_call(ufunc("add"), inputs, 2, nullptr, destinations, 1, nullptr, results);
       },
       {3, 4}, GA_FLOAT32, GA_INT32, /*cast_message_names_out=*/false, std::vector<int64_t>{1, 4}},
      {"reduce",
       [dx](ga_array_t out, ga_array_t* result) {
         const int axis = 0;
         return ga_ufunc_reduce(ufunc("add"), dx, &axis, 1, 0, GA_DTYPE_SAME, nullptr, out, nullptr, result);
       },
       {4}, GA_FLOAT32},
      {"outer",
       [da, db](ga_array_t out, ga_array_t* results) {
         const ga_array_t destinations[1] = {out};
         return ga_ufunc_outer(ufunc("multiply"), da, db, nullptr, destinations, 1, nullptr, results);
       },
       {3, 2}, GA_FLOAT32, GA_INT32, /*cast_message_names_out=*/false, std::vector<int64_t>{1, 2}},
  };
  for (const DestinationCase& c : cases) expect_destination_rules(c);

  // Two outputs, one given: the given one comes back as itself, the other is new; `results` may
  // be the same C array as `out`, and a failed call writes none of it.
  ga_array_t remainders = destination_of(owned, {3, 4}, GA_FLOAT32);
  const ga_operand_t inputs[] = {array_operand(dx),
                                 [] {
                                   ga_operand_t two{};
                                   two.kind = GA_OPERAND_WEAK_SCALAR;
                                   two.scalar.dtype = GA_INT64;
                                   two.scalar.as_int = 2;
                                   return two;
                                 }()};
  ga_array_t pair[2] = {nullptr, remainders};
  GA_ASSERT_OK(ga_ufunc_call(ufunc("divmod"), inputs, 2, nullptr, pair, 2, nullptr, pair));
  owned(pair[0]);
  owned(pair[1]);
  EXPECT_NE(pair[0], nullptr);
  EXPECT_EQ(pair[1], remainders);
  ga_array_t read_only = read_only_destination_of(owned, {3, 4}, GA_FLOAT32);
  const ga_array_t refused[2] = {nullptr, read_only};
  ga_array_t untouched[2] = {garbage_handle(), garbage_handle()};
  GA_EXPECT_STATUS(ga_ufunc_call(ufunc("divmod"), inputs, 2, nullptr, refused, 2, nullptr, untouched),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(untouched[0], garbage_handle());
  EXPECT_EQ(untouched[1], garbage_handle());
}

// Handle checks come first, so they answer without a device; a failed call leaves the garbage in
// its output-only pointers.
TEST(UfuncHost, NullHandlesLeaveTheResultsAlone) {
  ga_array_t results[1] = {garbage_handle()};
  const ga_array_t out[1] = {nullptr};
  GA_EXPECT_STATUS(ga_ufunc_call(nullptr, nullptr, 0, nullptr, out, 1, nullptr, results), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_ufunc_outer(nullptr, nullptr, nullptr, nullptr, out, 1, nullptr, results),
                   GA_ERROR_INVALID_HANDLE);
  ga_array_t result = garbage_handle();
  GA_EXPECT_STATUS(ga_ufunc_reduce(nullptr, nullptr, nullptr, -1, 0, GA_DTYPE_SAME, nullptr, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(results[0], garbage_handle());
  EXPECT_EQ(result, garbage_handle());
}
