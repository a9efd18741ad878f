// Shape and stride algebra on the host: element counts and their overflow, contiguity flags, the
// strides a copy in each order gets, broadcasting, Dims capacity, and the loop simplification that
// every generated elementwise kernel runs on (collapse_loop, fits_32bit_indexing, the packed
// parameter block).
#include "core/array/dims.hpp"
#include "core/array/layout.hpp"
#include "core/common/error.hpp"
#include "core/ops/loop_source.hpp"
#include "core/ops/strided_loop.hpp"

#include <gtest/gtest.h>

#include "expect_error.hpp"

#include <cstdint>
#include <limits>
#include <ostream>
#include <string>

namespace garray {

// Lets GoogleTest print shapes and strides in failure messages.
inline void PrintTo(const Dims& dims, std::ostream* os) { *os << format_shape(dims); }

}  // namespace garray

namespace {

using garray::Dims;

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();

garray::StridedLoop<2> collapse(const Dims& shape, const Dims& destination, const Dims& source) {
  return garray::collapse_loop<2>(shape, {destination, source});
}

}  // namespace

TEST(ElementCount, ProductOfExtents) {
  EXPECT_EQ(garray::checked_element_count(Dims{}, 8), 1);
  EXPECT_EQ(garray::checked_element_count(Dims{0}, 8), 0);
  EXPECT_EQ(garray::checked_element_count(Dims{3, 0, 5}, 8), 0);
  EXPECT_EQ(garray::checked_element_count(Dims{2, 3, 4}, 16), 24);
  EXPECT_EQ(garray::checked_element_count(Dims{1LL << 31, 1LL << 31}, 1), 1LL << 62);
  EXPECT_EQ(garray::checked_element_count(Dims{kInt64Max}, 1), kInt64Max);
  EXPECT_EQ(garray::checked_element_count(Dims{(1LL << 59) - 1}, 16), (1LL << 59) - 1);  // 2^63 - 16 bytes
  EXPECT_EQ(garray::checked_element_count(Dims{(1LL << 62) - 1}, 2), (1LL << 62) - 1);
  EXPECT_EQ(garray::checked_element_count(Dims{1LL << 62, 0}, 1), 0);
}

TEST(ElementCount, OverflowOfTheCountOrTheByteSizeIsAnError) {
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "(4294967296, 4294967296)", [] {
    garray::checked_element_count(Dims{1LL << 32, 1LL << 32}, 1);
  });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "overflows", [] {
    garray::checked_element_count(Dims{1LL << 31, 1LL << 31}, 2);
  });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "overflows",
               [] { garray::checked_element_count(Dims{kInt64Max}, 2); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "overflows",
               [] { garray::checked_element_count(Dims{1LL << 60}, 8); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "overflows",
               [] { garray::checked_element_count(Dims{1LL << 59}, 16); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "overflows", [] {
    garray::checked_element_count(Dims{3, 3, 3, 1LL << 61}, 1);
  });
  // As NumPy ("array is too big"): the non-zero extents must fit even when another is 0, since
  // the contiguous strides are products of them. NumPy 1.24 rejects np.empty((2**62, 0)) and
  // np.empty((2**40, 2**23, 0)) for float64 this way.
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "overflows", [] {
    garray::checked_element_count(Dims{1LL << 62, 0}, 8);
  });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "overflows", [] {
    garray::checked_element_count(Dims{1LL << 40, 1LL << 23, 0}, 8);
  });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "overflows", [] {
    garray::checked_element_count(Dims{0, 1LL << 62, 1LL << 62}, 1);
  });
}

TEST(ElementCount, NegativeExtentsAreAnError) {
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "negative", [] { garray::checked_element_count(Dims{3, -1}, 4); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "(0, -2)", [] { garray::checked_element_count(Dims{0, -2}, 4); });
}

TEST(Contiguity, FlagsFollowNumPy) {
  EXPECT_TRUE(garray::is_c_contiguous(Dims{3, 4}, Dims{4, 1}));
  EXPECT_FALSE(garray::is_f_contiguous(Dims{3, 4}, Dims{4, 1}));
  EXPECT_TRUE(garray::is_f_contiguous(Dims{3, 4}, Dims{1, 3}));
  EXPECT_FALSE(garray::is_c_contiguous(Dims{3, 4}, Dims{1, 3}));
  EXPECT_TRUE(garray::is_f_contiguous(Dims{2, 3, 4}, Dims{1, 2, 6}));
  // Extents of 1 do not constrain their strides: both flags hold.
  EXPECT_TRUE(garray::is_c_contiguous(Dims{1, 4}, Dims{99, 1}));
  EXPECT_TRUE(garray::is_f_contiguous(Dims{1, 4}, Dims{99, 1}));
  EXPECT_TRUE(garray::is_c_contiguous(Dims{3, 1}, Dims{1, 7}));
  EXPECT_TRUE(garray::is_f_contiguous(Dims{3, 1}, Dims{1, 7}));
  EXPECT_TRUE(garray::is_c_contiguous(Dims{1, 1, 1}, Dims{-5, 0, 12}));
  EXPECT_TRUE(garray::is_c_contiguous(Dims{2, 1, 3}, Dims{3, -8, 1}));
  // Empty arrays are both, whatever their strides; 0-d arrays are both.
  EXPECT_TRUE(garray::is_c_contiguous(Dims{0, 3}, Dims{7, 7}));
  EXPECT_TRUE(garray::is_f_contiguous(Dims{3, 0}, Dims{-1, 0}));
  EXPECT_TRUE(garray::is_c_contiguous(Dims{}, Dims{}));
  EXPECT_TRUE(garray::is_f_contiguous(Dims{}, Dims{}));
  // Steps, reversals and broadcasts are neither.
  EXPECT_FALSE(garray::is_c_contiguous(Dims{5}, Dims{2}));
  EXPECT_FALSE(garray::is_f_contiguous(Dims{5}, Dims{2}));
  EXPECT_FALSE(garray::is_c_contiguous(Dims{5}, Dims{-1}));
  EXPECT_FALSE(garray::is_c_contiguous(Dims{4, 5}, Dims{0, 1}));
  EXPECT_FALSE(garray::is_c_contiguous(Dims{3, 4}, Dims{8, 1}));
}

TEST(StridesForOrder, CFAndAFollowTheSourceFlags) {
  const Dims shape{2, 3, 4};
  const Dims c{12, 4, 1};
  const Dims f{1, 2, 6};
  EXPECT_EQ(garray::contiguous_strides(shape, GA_ORDER_C), c);
  EXPECT_EQ(garray::contiguous_strides(shape, GA_ORDER_F), f);
  EXPECT_EQ(garray::contiguous_strides(Dims{2, 0, 3}, GA_ORDER_C),
            (Dims{3, 3, 1}));  // 0 counts as 1, as NumPy
  const Dims strided{24, 8, 2};
  EXPECT_EQ(garray::strides_for_order(shape, strided, false, false, GA_ORDER_C), c);
  EXPECT_EQ(garray::strides_for_order(shape, strided, false, false, GA_ORDER_F), f);
  EXPECT_EQ(garray::strides_for_order(shape, c, true, false, GA_ORDER_A), c);
  EXPECT_EQ(garray::strides_for_order(shape, f, false, true, GA_ORDER_A), f);
  EXPECT_EQ(garray::strides_for_order(shape, strided, false, false, GA_ORDER_A), c);
  EXPECT_EQ(garray::strides_for_order(Dims{5}, Dims{1}, true, true, GA_ORDER_A), (Dims{1}));
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "order",
               [&] { garray::strides_for_order(shape, c, true, false, static_cast<ga_order_t>(7)); });
}

TEST(StridesForOrder, KKeepsTheStrideOrderByMagnitude) {
  // A transposed C array (2, 3, 4) -> (4, 3, 2) is F-contiguous: K gives F strides.
  EXPECT_EQ(garray::strides_for_order(Dims{4, 3, 2}, Dims{1, 4, 12}, false, true, GA_ORDER_K),
            (Dims{1, 4, 12}));
  // A transposed slice, neither contiguous: the fast axis stays fast, strides become compact.
  EXPECT_EQ(garray::strides_for_order(Dims{4, 3}, Dims{1, 8}, false, false, GA_ORDER_K), (Dims{1, 4}));
  // Axes (2, 0, 1) of a C (7, 9, 11) array: shape (11, 7, 9), strides (1, 99, 11).
  EXPECT_EQ(garray::strides_for_order(Dims{11, 7, 9}, Dims{1, 99, 11}, false, false, GA_ORDER_K),
            (Dims{1, 99, 11}));
  // Negative strides (a[::-1], a[:, ::-1]): NumPy sorts by magnitude; the copy's strides are positive.
  EXPECT_EQ(garray::strides_for_order(Dims{3, 4}, Dims{-4, 1}, false, false, GA_ORDER_K), (Dims{4, 1}));
  EXPECT_EQ(garray::strides_for_order(Dims{3, 4}, Dims{4, -1}, false, false, GA_ORDER_K), (Dims{4, 1}));
  EXPECT_EQ(garray::strides_for_order(Dims{4, 3}, Dims{-1, -4}, false, false, GA_ORDER_K), (Dims{1, 4}));
  EXPECT_EQ(garray::strides_for_order(Dims{2, 3, 4}, Dims{-1, 8, -2}, false, false, GA_ORDER_K),
            (Dims{1, 8, 2}));
  // Steps keep their order: a[::2, ::3] of a C array stays C.
  EXPECT_EQ(garray::strides_for_order(Dims{3, 4}, Dims{24, 3}, false, false, GA_ORDER_K), (Dims{4, 1}));
  EXPECT_EQ(garray::strides_for_order(Dims{}, Dims{}, true, true, GA_ORDER_K), (Dims{}));
}

TEST(Broadcast, ShapesFollowNumPy) {
  EXPECT_EQ(garray::broadcast_shapes(Dims{3, 1}, Dims{1, 4}), (Dims{3, 4}));
  EXPECT_EQ(garray::broadcast_shapes(Dims{5}, Dims{2, 1, 5}), (Dims{2, 1, 5}));
  EXPECT_EQ(garray::broadcast_shapes(Dims{}, Dims{2, 3}), (Dims{2, 3}));
  EXPECT_EQ(garray::broadcast_shapes(Dims{0}, Dims{1}), (Dims{0}));
  EXPECT_EQ(garray::broadcast_shapes(Dims{1, 0}, Dims{7, 1}), (Dims{7, 0}));
  EXPECT_EQ(garray::broadcast_shapes(Dims{}, Dims{}), (Dims{}));
}

TEST(Broadcast, IncompatibleShapesNameBoth) {
  expect_error_containing(GA_ERROR_SHAPE_MISMATCH, "(0,) and (3,)", [] { garray::broadcast_shapes(Dims{0}, Dims{3}); });
  expect_error_containing(GA_ERROR_SHAPE_MISMATCH, "(2, 3) and (3, 2)", [] {
    garray::broadcast_shapes(Dims{2, 3}, Dims{3, 2});
  });
  expect_error_containing(GA_ERROR_SHAPE_MISMATCH, "cannot be broadcast", [] {
    garray::broadcast_shapes(Dims{4, 5}, Dims{4});
  });
}

TEST(DimsCapacity, MoreThan32DimensionsIsAnError) {
  std::int64_t values[33] = {};
  EXPECT_EQ(Dims::from(values, 32, "shape").size(), 32);
  EXPECT_EQ(Dims::from(nullptr, 0, "shape").size(), 0);
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "'shape'", [&] { Dims::from(values, 33, "shape"); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "'strides'", [&] { Dims::from(values, -1, "strides"); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "NULL", [] { Dims::from(nullptr, 2, "shape"); });
  Dims full = Dims::filled(32, 7);
  EXPECT_EQ(full.size(), 32);
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "32", [&] { full.push_back(1); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "32", [&] { full.insert(0, 1); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "33", [] { Dims::filled(33, 0); });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "33", [] {
    (void)Dims{1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
               18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33};
  });
  EXPECT_EQ(full.size(), 32);  // failed growth leaves it as it was
  Dims some{1, 2, 3};
  some.insert(1, 9);
  EXPECT_EQ(some, (Dims{1, 9, 2, 3}));
  some.erase(0);
  EXPECT_EQ(some, (Dims{9, 2, 3}));
}

TEST(FormatShape, AsPythonTuples) {
  EXPECT_EQ(garray::format_shape(Dims{}), "()");
  EXPECT_EQ(garray::format_shape(Dims{3}), "(3,)");
  EXPECT_EQ(garray::format_shape(Dims{3, 0, 5}), "(3, 0, 5)");
}

TEST(ElementExtent, CoversNegativeStridesAndEmptyArrays) {
  const garray::ElementExtent reversed = garray::element_extent(Dims{5}, Dims{-1});
  EXPECT_EQ(reversed.lowest, -4);
  EXPECT_EQ(reversed.past_highest, 1);
  const garray::ElementExtent mixed = garray::element_extent(Dims{3, 4}, Dims{-4, 2});
  EXPECT_EQ(mixed.lowest, -8);
  EXPECT_EQ(mixed.past_highest, 7);
  const garray::ElementExtent empty = garray::element_extent(Dims{3, 0}, Dims{1, 1});
  EXPECT_EQ(empty.lowest, 0);
  EXPECT_EQ(empty.past_highest, 0);
}

TEST(CollapseLoop, ContiguousFourDimensionalCopyBecomesOneDimension) {
  const Dims shape{2, 3, 4, 5};
  const Dims c{60, 20, 5, 1};
  const auto loop = collapse(shape, c, c);
  EXPECT_EQ(loop.shape, (Dims{120}));
  EXPECT_EQ(loop.strides[0], (Dims{1}));
  EXPECT_EQ(loop.strides[1], (Dims{1}));
  EXPECT_EQ(loop.size, 120);
  // Both F-ordered: sorted by the destination's strides, then merged.
  const auto fortran = collapse(Dims{2, 3}, Dims{1, 2}, Dims{1, 2});
  EXPECT_EQ(fortran.shape, (Dims{6}));
  EXPECT_EQ(fortran.strides[0], (Dims{1}));
  // Both reversed: merges into one negative-stride dimension.
  const auto reversed = collapse(Dims{3, 4}, Dims{-4, -1}, Dims{-4, -1});
  EXPECT_EQ(reversed.shape, (Dims{12}));
  EXPECT_EQ(reversed.strides[0], (Dims{-1}));
  EXPECT_EQ(reversed.strides[1], (Dims{-1}));
  // A C-contiguous destination and a source with a step on the outer axis: merges only inside rows.
  const auto stepped = collapse(Dims{3, 4, 5}, Dims{20, 5, 1}, Dims{40, 5, 1});
  EXPECT_EQ(stepped.shape, (Dims{3, 20}));
  EXPECT_EQ(stepped.strides[0], (Dims{20, 1}));
  EXPECT_EQ(stepped.strides[1], (Dims{40, 1}));
}

TEST(CollapseLoop, TransposedCopyStaysTwoDimensional) {
  const auto loop = collapse(Dims{3, 4}, Dims{4, 1}, Dims{1, 3});
  EXPECT_EQ(loop.shape, (Dims{3, 4}));
  EXPECT_EQ(loop.strides[0], (Dims{4, 1}));
  EXPECT_EQ(loop.strides[1], (Dims{1, 3}));
  EXPECT_EQ(loop.size, 12);
  // An F destination is sorted so that its fastest axis is last.
  const auto fortran = collapse(Dims{3, 4}, Dims{1, 3}, Dims{4, 1});
  EXPECT_EQ(fortran.shape, (Dims{4, 3}));
  EXPECT_EQ(fortran.strides[0], (Dims{3, 1}));
  EXPECT_EQ(fortran.strides[1], (Dims{1, 4}));
  // Axes (2, 0, 1) of a C (7, 9, 11) source into a C destination: the last two axes merge in both.
  const auto permuted = collapse(Dims{11, 7, 9}, Dims{63, 9, 1}, Dims{1, 99, 11});
  EXPECT_EQ(permuted.shape, (Dims{11, 63}));
  EXPECT_EQ(permuted.strides[0], (Dims{63, 1}));
  EXPECT_EQ(permuted.strides[1], (Dims{1, 11}));
}

TEST(CollapseLoop, ExtentsOfOneAreDroppedAndEmptyLoopsHaveSizeZero) {
  const auto loop = collapse(Dims{1, 5, 1, 3}, Dims{15, 3, 3, 1}, Dims{99, 3, -7, 1});
  EXPECT_EQ(loop.shape, (Dims{15}));
  EXPECT_EQ(loop.strides[1], (Dims{1}));
  const auto single = collapse(Dims{1, 1}, Dims{1, 1}, Dims{5, 5});
  EXPECT_TRUE(single.shape.empty());
  EXPECT_EQ(single.size, 1);
  const auto scalar = collapse(Dims{}, Dims{}, Dims{});
  EXPECT_TRUE(scalar.shape.empty());
  EXPECT_EQ(scalar.size, 1);
  EXPECT_EQ(collapse(Dims{4, 0, 3}, Dims{3, 3, 1}, Dims{3, 3, 1}).size, 0);
  EXPECT_EQ(collapse(Dims{0}, Dims{1}, Dims{1}).size, 0);
}

TEST(CollapseLoop, BroadcastSourceKeepsItsZeroStride) {
  // A (1, 5) source broadcast into (4, 5): rows cannot merge, the source repeats.
  const auto loop = collapse(Dims{4, 5}, Dims{5, 1}, Dims{0, 1});
  EXPECT_EQ(loop.shape, (Dims{4, 5}));
  EXPECT_EQ(loop.strides[1], (Dims{0, 1}));
  // A fully broadcast scalar merges to one dimension of stride 0.
  const auto scalar = collapse(Dims{4, 5}, Dims{5, 1}, Dims{0, 0});
  EXPECT_EQ(scalar.shape, (Dims{20}));
  EXPECT_EQ(scalar.strides[1], (Dims{0}));
}

TEST(CollapseLoop, OneOperandLoopsCollapseToo) {
  const auto loop = garray::collapse_loop<1>(Dims{2, 3, 4}, {Dims{12, 4, 1}});
  EXPECT_EQ(loop.shape, (Dims{24}));
  const auto stepped = garray::collapse_loop<1>(Dims{3, 4}, {Dims{4, 2}});
  EXPECT_EQ(stepped.shape, (Dims{3, 4}));
  EXPECT_EQ(stepped.strides[0], (Dims{4, 2}));
}

TEST(Fits32BitIndexing, CountAndReachOfEveryOperand) {
  garray::StridedLoop<2> loop;
  loop.shape = Dims{kInt32Max};
  loop.strides = {Dims{1}, Dims{1}};
  loop.size = kInt32Max;
  EXPECT_TRUE(garray::fits_32bit_indexing(loop));
  loop.shape = Dims{kInt32Max + 1LL};
  loop.size = kInt32Max + 1LL;
  EXPECT_FALSE(garray::fits_32bit_indexing(loop));
  // Few elements, but the second operand reaches past 2^31 - 1, forwards or backwards.
  loop.shape = Dims{2};
  loop.size = 2;
  loop.strides = {Dims{1}, Dims{kInt32Max}};
  EXPECT_TRUE(garray::fits_32bit_indexing(loop));
  loop.strides = {Dims{1}, Dims{kInt32Max + 1LL}};
  EXPECT_FALSE(garray::fits_32bit_indexing(loop));
  loop.strides = {Dims{-(kInt32Max + 1LL)}, Dims{1}};
  EXPECT_FALSE(garray::fits_32bit_indexing(loop));
  // The reach adds up over dimensions: (2^29 - 1) + 1 * 2^31 is past the limit, 2^30 elements are not.
  loop.shape = Dims{2, 1LL << 29};
  loop.size = 1LL << 30;
  loop.strides = {Dims{1LL << 29, 1}, Dims{1LL << 31, 1}};
  EXPECT_FALSE(garray::fits_32bit_indexing(loop));
  loop.strides = {Dims{1LL << 29, 1}, Dims{1LL << 29, 1}};
  EXPECT_TRUE(garray::fits_32bit_indexing(loop));
  // A 0-d loop fits.
  EXPECT_TRUE(garray::fits_32bit_indexing(garray::StridedLoop<2>{}));
}

TEST(LoopParams, PackedAsTheKernelStructLaysThemOut) {
  // struct ga_loop_params { long long shape[rank]; long long strides[operands][rank]; }
  garray::StridedLoop<2> loop;
  loop.shape = Dims{3, 4};
  loop.strides = {Dims{4, 1}, Dims{-1, 3}};
  loop.size = 12;
  const auto params = garray::pack_loop_params(loop);
  const std::int64_t expected[] = {3, 4, 4, 1, -1, 3};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(params.words[i], expected[i]) << i;
  // Rank 0: the struct has arrays of one entry, all zero.
  const auto scalar = garray::pack_loop_params(garray::StridedLoop<2>{});
  for (int i = 0; i < 3; ++i) EXPECT_EQ(scalar.words[i], 0) << i;
  EXPECT_NE(garray::loop_params_declaration(2, 2).find("long long strides[2][2]"), std::string::npos);
  EXPECT_NE(garray::loop_params_declaration(0, 1).find("long long shape[1]"), std::string::npos);
}
