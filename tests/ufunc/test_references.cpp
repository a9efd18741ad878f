// The NumPy reference table the GPU tests compare kernels with covers exactly garray's loops, and
// its inputs hold the edge cases it promises.
#include "core/ops/ufunc/ufunc.hpp"

#include "ufunc_references.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>

namespace {

template <class T>
bool column_contains(const ufunc_test::Column& column, T wanted) {
  for (std::size_t k = 0; k < column.count(); ++k) {
    T value;
    std::memcpy(&value, column.bytes.data() + k * sizeof(T), sizeof(T));
    if (value == wanted || (wanted != wanted && value != value)) return true;
  }
  return false;
}

}  // namespace

TEST(UfuncReferences, CoverEveryLoopOfEveryUfunc) {
  // With GARRAY_PRINT_UFUNC_LOOPS set, print the loop list generate_numpy_references.py reads.
  const bool print = std::getenv("GARRAY_PRINT_UFUNC_LOOPS") != nullptr;
  const ufunc_test::References& references = ufunc_test::References::instance();
  std::set<std::pair<std::string, std::string>> ours;
  for (const garray::Ufunc& ufunc : garray::all_ufuncs()) {
    for (const garray::UfuncLoop& loop : ufunc.loops) {
      const std::string signature = ufunc.signature(loop);
      if (print) std::printf("%s %s\n", std::string(ufunc.name).c_str(), signature.c_str());
      ours.emplace(ufunc.name, signature);
      const ufunc_test::ReferenceCase* entry = references.find(std::string(ufunc.name), signature);
      if (entry == nullptr) {
        ADD_FAILURE() << "no reference for " << ufunc.name << " " << signature;
        continue;
      }
      ASSERT_EQ(static_cast<int>(entry->inputs.size()), ufunc.nin);
      ASSERT_EQ(static_cast<int>(entry->outputs.size()), ufunc.nout);
      for (int i = 0; i < ufunc.nargs(); ++i) {
        const ufunc_test::Column& column = i < ufunc.nin ? entry->inputs[i] : entry->outputs[i - ufunc.nin];
        EXPECT_EQ(column.dtype, loop.dtypes[i]);
        EXPECT_EQ(column.count(), entry->inputs[0].count());
      }
    }
  }
  for (const ufunc_test::ReferenceCase& entry : references.cases()) {
    EXPECT_TRUE(ours.count({entry.ufunc, entry.loop})) << "reference for a loop garray lacks: " << entry.ufunc << " " << entry.loop;
  }
}

TEST(UfuncReferences, InputsHoldTheEdgeCases) {
  const ufunc_test::References& references = ufunc_test::References::instance();
  const ufunc_test::ReferenceCase* divide = references.find("floor_divide", "ii->i");
  ASSERT_NE(divide, nullptr);
  EXPECT_TRUE(column_contains<int>(divide->inputs[0], INT32_MIN));
  EXPECT_TRUE(column_contains<int>(divide->inputs[1], -1));
  EXPECT_TRUE(column_contains<int>(divide->inputs[1], 0));
  const ufunc_test::ReferenceCase* sine = references.find("sin", "d->d");
  ASSERT_NE(sine, nullptr);
  EXPECT_TRUE(column_contains<double>(sine->inputs[0], INFINITY));
  EXPECT_TRUE(column_contains<double>(sine->inputs[0], NAN));
  EXPECT_TRUE(column_contains<double>(sine->inputs[0], 4.9406564584124654e-324));
  bool negative_zero = false;
  for (std::size_t k = 0; k < sine->inputs[0].count(); ++k) {
    double value;
    std::memcpy(&value, sine->inputs[0].bytes.data() + k * 8, 8);
    negative_zero = negative_zero || (value == 0.0 && std::signbit(value));
  }
  EXPECT_TRUE(negative_zero);
  // A known value: floor_divide(INT32_MIN, -1) wraps to INT32_MIN, x // 0 is 0.
  for (std::size_t k = 0; k < divide->inputs[0].count(); ++k) {
    int a, b, q;
    std::memcpy(&a, divide->inputs[0].bytes.data() + 4 * k, 4);
    std::memcpy(&b, divide->inputs[1].bytes.data() + 4 * k, 4);
    std::memcpy(&q, divide->outputs[0].bytes.data() + 4 * k, 4);
    if (b == 0) {
      EXPECT_EQ(q, 0) << a;
    }
    if (a == INT32_MIN && b == -1) {
      EXPECT_EQ(q, INT32_MIN);
    }
  }
}
