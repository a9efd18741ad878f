// The host side of the products, without a GPU: matmul's shape rules, the GEMM layout of strided
// operands (what goes to cuBLAS without a copy) and the column-major call made of it (checked by
// emulating cuBLAS on host buffers), einsum's subscript parsing, and the integer matmul kernel
// compiling with NVRTC to CUBIN for sm_90.
#include "expect_error.hpp"
#include "jit/expect_compiles.hpp"
#include "jit/memory_only_engine_fixture.hpp"

#include "core/jit/kernel_cache.hpp"
#include "core/jit/preamble.hpp"
#include "core/linalg/einsum_parse.hpp"
#include "core/linalg/gemm.hpp"
#include "core/linalg/integer_matmul.hpp"
#include "core/linalg/matmul_plan.hpp"
#include "core/ops/elementwise_source.hpp"
#include "core/ops/kernel_params.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <string>
#include <vector>

namespace {

using garray::Dims;
using garray::EinsumLabels;
using garray::GemmOperand;
using garray::kEllipsisLabel;

std::vector<int> letters(const std::string& text) { return {text.begin(), text.end()}; }

EinsumLabels parse(const std::string& subscripts, std::vector<int> ndims) {
  return garray::parse_einsum(subscripts, ndims);
}

}  // namespace

TEST(MatmulShape, FollowsNumpyRules) {
  const garray::MatmulShape plain = garray::matmul_shape(Dims{3, 4}, Dims{4, 5}, "matmul");
  EXPECT_EQ(plain.m, 3);
  EXPECT_EQ(plain.k, 4);
  EXPECT_EQ(plain.n, 5);
  EXPECT_EQ(plain.result, (Dims{3, 5}));
  EXPECT_EQ(plain.batch_count(), 1);

  const garray::MatmulShape vectors = garray::matmul_shape(Dims{4}, Dims{4}, "matmul");
  EXPECT_EQ(vectors.result, Dims{});
  EXPECT_EQ(vectors.m, 1);
  EXPECT_EQ(vectors.n, 1);

  EXPECT_EQ(garray::matmul_shape(Dims{4}, Dims{2, 4, 5}, "matmul").result, (Dims{2, 5}));
  EXPECT_EQ(garray::matmul_shape(Dims{2, 3, 4}, Dims{4}, "matmul").result, (Dims{2, 3}));
  const garray::MatmulShape batched = garray::matmul_shape(Dims{7, 1, 3, 4}, Dims{5, 4, 2}, "matmul");
  EXPECT_EQ(batched.batch, (Dims{7, 5}));
  EXPECT_EQ(batched.result, (Dims{7, 5, 3, 2}));
  EXPECT_EQ(batched.batch_count(), 35);
  EXPECT_EQ(garray::matmul_shape(Dims{0, 3, 0}, Dims{0, 2}, "matmul").result, (Dims{0, 3, 2}));
}

TEST(MatmulShape, RefusesWhatNumpyRefuses) {
  expect_error_containing(GA_ERROR_SHAPE_MISMATCH, "(size 5 is different from 4", [] {
    garray::matmul_shape(Dims{3, 4}, Dims{5, 2}, "matmul");
  });
  expect_error_containing(GA_ERROR_SHAPE_MISMATCH, "(3, 4) and (5, 2)", [] {
    garray::matmul_shape(Dims{3, 4}, Dims{5, 2}, "matmul");
  });
  expect_error_containing(GA_ERROR_SHAPE_MISMATCH, "could not be broadcast", [] {
    garray::matmul_shape(Dims{2, 3, 4}, Dims{3, 4, 2}, "matmul");
  });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "Input operand 0 does not have enough dimensions", [] {
    garray::matmul_shape(Dims{}, Dims{3}, "matmul");
  });
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "Input operand 1", [] {
    garray::matmul_shape(Dims{3}, Dims{}, "matmul");
  });
}

TEST(GemmOperandLayout, RowAndColumnMajorMatricesGoStraightThrough) {
  const auto row = garray::gemm_operand_layout(Dims{3, 4}, Dims{4, 1}, false);
  ASSERT_TRUE(row.has_value());
  EXPECT_TRUE(row->row_major);
  EXPECT_EQ(row->leading, 4);

  // A transposed view (4, 3) of a C-contiguous (3, 4) array: column-major, leading dimension 4.
  const auto transposed = garray::gemm_operand_layout(Dims{4, 3}, Dims{1, 4}, false);
  ASSERT_TRUE(transposed.has_value());
  EXPECT_FALSE(transposed->row_major);
  EXPECT_EQ(transposed->leading, 4);

  // A slice of columns keeps its parent's leading dimension.
  const auto sliced = garray::gemm_operand_layout(Dims{3, 2}, Dims{10, 1}, false);
  ASSERT_TRUE(sliced.has_value());
  EXPECT_EQ(sliced->leading, 10);

  // Only the column-major form can be conjugated by cuBLAS.
  EXPECT_FALSE(garray::gemm_operand_layout(Dims{3, 4}, Dims{4, 1}, true).has_value());
  const auto row_vector = garray::gemm_operand_layout(Dims{1, 5}, Dims{0, 2}, true);
  ASSERT_TRUE(row_vector.has_value());
  EXPECT_FALSE(row_vector->row_major);
  EXPECT_EQ(row_vector->leading, 2);
}

TEST(GemmOperandLayout, ExtentsOfOneLeaveTheirStrideFree) {
  // A column with stride 3: read as one row-major column whose rows are 3 apart.
  const auto column = garray::gemm_operand_layout(Dims{5, 1}, Dims{3, 7}, false);
  ASSERT_TRUE(column.has_value());
  EXPECT_TRUE(column->row_major);
  EXPECT_EQ(column->leading, 3);
  const auto single = garray::gemm_operand_layout(Dims{1, 1}, Dims{9, 9}, false);
  ASSERT_TRUE(single.has_value());
  EXPECT_EQ(single->leading, 1);
}

TEST(GemmOperandLayout, OtherLayoutsNeedACopy) {
  EXPECT_FALSE(garray::gemm_operand_layout(Dims{3, 4}, Dims{8, 2}, false).has_value());   // no unit stride
  EXPECT_FALSE(garray::gemm_operand_layout(Dims{3, 4}, Dims{-4, 1}, false).has_value());  // reversed rows
  EXPECT_FALSE(garray::gemm_operand_layout(Dims{3, 4}, Dims{2, 1}, false).has_value());   // overlapping rows
  EXPECT_FALSE(garray::gemm_operand_layout(Dims{3, 4}, Dims{0, 1}, false).has_value());   // broadcast rows
}

TEST(GemmOperandLayout, BatchDimensionsCollapseIntoOneStride) {
  const auto contiguous = garray::gemm_operand_layout(Dims{2, 5, 3, 4}, Dims{60, 12, 4, 1}, false);
  ASSERT_TRUE(contiguous.has_value());
  EXPECT_EQ(contiguous->batch_stride, 12);
  const auto broadcast = garray::gemm_operand_layout(Dims{2, 5, 3, 4}, Dims{0, 0, 4, 1}, false);
  ASSERT_TRUE(broadcast.has_value());
  EXPECT_EQ(broadcast->batch_stride, 0);
  const auto with_ones = garray::gemm_operand_layout(Dims{1, 5, 3, 4}, Dims{999, 12, 4, 1}, false);
  ASSERT_TRUE(with_ones.has_value());
  EXPECT_EQ(with_ones->batch_stride, 12);
  // Half broadcast (one batch dimension stretched, the other not) has no single stride.
  EXPECT_FALSE(garray::gemm_operand_layout(Dims{2, 5, 3, 4}, Dims{12, 0, 4, 1}, false).has_value());
  EXPECT_FALSE(garray::gemm_operand_layout(Dims{2, 3, 4}, Dims{-12, 4, 1}, false).has_value());
}

TEST(EinsumParse, ExplicitOutput) {
  const EinsumLabels labels = parse("ij,jk->ik", {2, 2});
  EXPECT_EQ(labels.inputs[0], letters("ij"));
  EXPECT_EQ(labels.inputs[1], letters("jk"));
  EXPECT_EQ(labels.output, letters("ik"));
  EXPECT_EQ(parse("ii->", {2}).output, std::vector<int>{});
  EXPECT_EQ(parse("ii->i", {2}).output, letters("i"));
  EXPECT_EQ(parse(" b i j , b j k -> b i k ", {3, 3}).output, letters("bik"));
}

TEST(EinsumParse, ImplicitOutputTakesLettersSeenOnceInCharacterOrder) {
  EXPECT_EQ(parse("ij,jk", {2, 2}).output, letters("ik"));
  EXPECT_EQ(parse("ji", {2}).output, letters("ij"));
  EXPECT_EQ(parse("ii", {2}).output, std::vector<int>{});
  EXPECT_EQ(parse("bA,Ab", {2, 2}).output, std::vector<int>{});
  EXPECT_EQ(parse("aB,c", {2, 1}).output, letters("Bac"));
}

TEST(EinsumParse, EllipsisDimensionsAlignFromTheRight) {
  const EinsumLabels labels = parse("...ij,...jk->...ik", {4, 3});
  const std::vector<int> first{kEllipsisLabel + 1, kEllipsisLabel, 'i', 'j'};
  const std::vector<int> second{kEllipsisLabel, 'j', 'k'};
  const std::vector<int> output{kEllipsisLabel + 1, kEllipsisLabel, 'i', 'k'};
  EXPECT_EQ(labels.inputs[0], first);
  EXPECT_EQ(labels.inputs[1], second);
  EXPECT_EQ(labels.output, output);
  EXPECT_EQ(parse("...ij,...jk", {4, 3}).output, output);
  EXPECT_EQ(parse("i...->...", {1}).output, std::vector<int>{});
  EXPECT_EQ(parse("i...,i...->...i", {3, 2}).output, (std::vector<int>{kEllipsisLabel + 1, kEllipsisLabel, 'i'}));
}

TEST(EinsumParse, RefusesMalformedSubscripts) {
  const auto refuses = [](const std::string& subscripts, std::vector<int> ndims, const std::string& fragment) {
    expect_error_containing(GA_ERROR_INVALID_ARGUMENT, fragment, [&] { parse(subscripts, ndims); });
  };
  refuses("ij,jk->ik", {2}, "name 2 operands but 1");
  refuses("ij->ik", {2}, "'k' does not appear");
  refuses("ij->ii", {2}, "'i' appears more than once");
  refuses("ijk->i", {2}, "has 2 dimensions");
  refuses("i->i", {2}, "has 2 dimensions");
  refuses("i1->i", {2}, "character '1'");
  refuses("i..j->i", {2}, "not part of an ellipsis");
  refuses("...i...->i", {2}, "more than one ellipsis");
  refuses("...i->i", {3}, "no '...' ellipsis");
  refuses("i-j", {2}, "'->'");
  refuses("ij->i->j", {2}, "'->'");
}

using IntegerMatmulSource = MemoryOnlyEngineTest;

TEST_F(IntegerMatmulSource, CompilesForEveryIntegerPairAndBool) {
  using garray::ArgumentKind;
  using garray::ElementwiseOperand;
  using garray::KernelParam;
  const std::vector<KernelParam> in = garray::parse_kernel_params(garray::kIntegerMatmulInParams, "in");
  const std::vector<KernelParam> out = garray::parse_kernel_params(garray::kIntegerMatmulOutParams, "out");
  struct Case {
    ga_dtype_t a, b, c;
  };
  for (const Case types : {Case{GA_BOOL, GA_BOOL, GA_BOOL}, Case{GA_INT8, GA_UINT8, GA_INT16},
                           Case{GA_INT32, GA_INT32, GA_INT32}, Case{GA_UINT64, GA_UINT64, GA_UINT64},
                           Case{GA_BOOL, GA_INT64, GA_INT64}}) {
    for (const bool contiguous : {true, false}) {
      const std::vector<std::pair<std::string, ga_dtype_t>> placeholders{
          {"A", types.a}, {"B", types.b}, {"C", types.c}};
      std::vector<ElementwiseOperand> operands{{&in[0], false, ArgumentKind::raw, types.a, types.a, 3, contiguous},
                                               {&in[1], false, ArgumentKind::raw, types.b, types.b, 3, contiguous}};
      for (std::size_t i = 2; i < in.size(); ++i) {
        operands.push_back({&in[i], false, ArgumentKind::scalar, GA_INT64, GA_INT64});
      }
      operands.push_back({&out[0], true, ArgumentKind::array, types.c, types.c});
      const std::string name = "ga_integer_matmul_" + std::to_string(types.a) + "_" + std::to_string(types.b) +
                               (contiguous ? "_c" : "_s");
      const std::string source = garray::elementwise_kernel_source(garray::ElementwiseSignature{
          name, garray::kIntegerMatmulOperation, "", operands, placeholders, 1, true, false});
      expect_compiles(source, name);
    }
  }
}

// ----- The column-major call, checked by emulating cuBLAS's GEMM on host buffers ------------------

namespace {

using Complex = std::complex<double>;

// A strided view of a host buffer: element (b, r, c) at offset + b·batch + r·row + c·col.
struct HostView {
  std::vector<Complex> buffer;
  std::int64_t offset = 0;
  std::int64_t batch = 0;
  std::int64_t row = 0;
  std::int64_t col = 0;
  Complex at(std::int64_t b, std::int64_t r, std::int64_t c) const {
    return buffer[static_cast<std::size_t>(offset + b * batch + r * row + c * col)];
  }
};

// `rows` × `cols` matrices for `batches` entries in the named layout, filled with distinct values.
HostView make_view(const std::string& layout, std::int64_t batches, std::int64_t rows, std::int64_t cols) {
  HostView view;
  std::int64_t size = 0;
  if (layout == "c") {
    view = {{}, 0, rows * cols, cols, 1};
    size = batches * rows * cols;
  } else if (layout == "f") {  // a transposed view of C-order (cols, rows) matrices
    view = {{}, 0, rows * cols, 1, rows};
    size = batches * rows * cols;
  } else if (layout == "sliced") {  // every other column of a wider C-order matrix, one row down
    view = {{}, 2 * cols + 1, 3 * rows * cols + 2 * cols, 2 * cols + 1, 1};
    size = batches * view.batch + view.offset + rows * view.row;
  } else {  // "shared": one C-order matrix for every batch entry
    view = {{}, 0, 0, cols, 1};
    size = rows * cols;
  }
  view.buffer.resize(static_cast<std::size_t>(size) + 1);
  for (std::size_t i = 0; i < view.buffer.size(); ++i) {
    view.buffer[i] = Complex(static_cast<double>(i % 17) - 8, static_cast<double>(i % 5) - 2);
  }
  return view;
}

Complex read(const std::vector<Complex>& data, std::int64_t start, garray::GemmOp op, std::int64_t leading,
             std::int64_t r, std::int64_t c) {
  if (op == garray::GemmOp::none) return data[static_cast<std::size_t>(start + r + c * leading)];
  const Complex value = data[static_cast<std::size_t>(start + c + r * leading)];
  return op == garray::GemmOp::conjugate_transpose ? std::conj(value) : value;
}

}  // namespace

TEST(ColumnMajorGemm, EmulatedCublasGivesTheRowMajorProductForEveryLayout) {
  const std::int64_t m = 3, k = 4, n = 5, batches = 2;
  for (const std::string a_layout : {"c", "f", "sliced", "shared"}) {
    for (const std::string b_layout : {"c", "f", "sliced", "shared"}) {
      for (const bool conjugate : {false, true}) {
        const HostView a = make_view(a_layout, batches, m, k);
        const HostView b = make_view(b_layout, batches, k, n);
        const Dims a_shape{batches, m, k};
        const Dims b_shape{batches, k, n};
        const auto a_layout_found = garray::gemm_operand_layout(a_shape, Dims{a.batch, a.row, a.col}, conjugate);
        const auto b_layout_found = garray::gemm_operand_layout(b_shape, Dims{b.batch, b.row, b.col}, false);
        const std::string name = a_layout + " @ " + b_layout + (conjugate ? " (conj)" : "");
        // Only a column-major A can be conjugated; every other combination goes straight through.
        if (conjugate && a_layout != "f") {
          EXPECT_FALSE(a_layout_found.has_value()) << name;
          continue;
        }
        ASSERT_TRUE(a_layout_found.has_value()) << name;
        ASSERT_TRUE(b_layout_found.has_value()) << name;
        garray::GemmProblem problem;
        problem.m = m;
        problem.n = n;
        problem.k = k;
        problem.batch = batches;
        problem.a = *a_layout_found;
        problem.b = *b_layout_found;
        problem.conjugate_a = conjugate;
        const garray::ColumnMajorGemm call = garray::column_major_gemm(problem);
        EXPECT_EQ(call.rows, n);
        EXPECT_EQ(call.cols, m);
        EXPECT_EQ(call.result_leading, n);
        const std::int64_t first_rows = call.first_op == garray::GemmOp::none ? n : k;
        const std::int64_t second_rows = call.second_op == garray::GemmOp::none ? k : m;
        EXPECT_GE(call.first_leading, first_rows) << name;
        EXPECT_GE(call.second_leading, second_rows) << name;
        std::vector<Complex> c(static_cast<std::size_t>(batches * m * n));
        for (std::int64_t s = 0; s < batches; ++s) {
          for (std::int64_t r = 0; r < call.rows; ++r) {
            for (std::int64_t col = 0; col < call.cols; ++col) {
              Complex sum = 0;
              for (std::int64_t p = 0; p < k; ++p) {
                sum += read(b.buffer, b.offset + s * call.first_batch_stride, call.first_op, call.first_leading, r,
                            p) *
                       read(a.buffer, a.offset + s * call.second_batch_stride, call.second_op, call.second_leading,
                            p, col);
              }
              c[static_cast<std::size_t>(s * call.result_batch_stride + r + col * call.result_leading)] = sum;
            }
          }
        }
        for (std::int64_t s = 0; s < batches; ++s) {
          for (std::int64_t i = 0; i < m; ++i) {
            for (std::int64_t j = 0; j < n; ++j) {
              Complex expected = 0;
              for (std::int64_t p = 0; p < k; ++p) {
                const Complex left = a.at(s, i, p);
                expected += (conjugate ? std::conj(left) : left) * b.at(s, p, j);
              }
              EXPECT_EQ(c[static_cast<std::size_t>((s * m + i) * n + j)], expected) << name << " at " << s << i << j;
            }
          }
        }
      }
    }
  }
}
