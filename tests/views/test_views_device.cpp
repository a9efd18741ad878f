// The view functions that copy or allocate, on a device: reshape and ravel falling back to a copy,
// flatten, and the zeros of a real array's imaginary part. Skipped without a GPU.
#include <garray/garray.h>

#include "capi/handles.hpp"
#include "core/array/complex_parts.hpp"
#include "core/array/ravel.hpp"
#include "core/array/reshape.hpp"
#include "core/runtime/stream.hpp"
#include "gpu_test.hpp"

#include <cuda_runtime_api.h>

#include <numeric>
#include <vector>

namespace {

// np.arange(size, dtype=float64).reshape(shape), on the current device.
garray::Array device_arange(const garray::Dims& shape) {
  const garray::Array array =
      garray::Array::empty(shape, GA_FLOAT64, GA_ORDER_C, garray::current_stream());
  if (array.nbytes() == 0) return array;
  std::vector<double> values(static_cast<std::size_t>(array.size()));
  std::iota(values.begin(), values.end(), 0.0);
  garray::current_stream()->synchronize();
  EXPECT_EQ(cudaMemcpy(array.data(), values.data(), array.nbytes(), cudaMemcpyHostToDevice),
            cudaSuccess);
  return array;
}

// The elements of a compact array in the order they lie in memory.
std::vector<double> memory_of(const garray::Array& compact) {
  std::vector<double> values(static_cast<std::size_t>(compact.size()));
  if (values.empty()) return values;
  garray::current_stream()->synchronize();
  EXPECT_EQ(cudaMemcpy(values.data(), compact.data(), compact.nbytes(), cudaMemcpyDeviceToHost),
            cudaSuccess);
  return values;
}

// Layouts and values in these tests come from NumPy 1.24 on a = np.arange(24.).reshape(2, 3, 4).
const std::vector<double> kTransposedInCOrder = {0, 12, 4, 16, 8,  20, 1, 13, 5, 17, 9,  21,
                                                 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23};

}  // namespace

class ViewsDeviceTest : public GpuTest {};

TEST_F(ViewsDeviceTest, ReshapeCopiesWhenNoViewExists) {
  const garray::Array a = device_arange({2, 3, 4});
  const garray::Array transposed = a.view({4, 3, 2}, {1, 4, 12}, 0);
  // a.T.reshape(12, 2)
  const garray::Array copy = garray::reshape(transposed, {12, -1}, GA_ORDER_C, garray::current_stream());
  EXPECT_NE(copy.buffer(), a.buffer());
  EXPECT_EQ(copy.shape(), (garray::Dims{12, 2}));
  EXPECT_EQ(copy.strides(), (garray::Dims{2, 1}));
  EXPECT_EQ(copy.flags(), unsigned{GA_ARRAY_C_CONTIGUOUS | GA_ARRAY_WRITEABLE | GA_ARRAY_OWNDATA});
  EXPECT_EQ(memory_of(copy), kTransposedInCOrder);
  // a.reshape(4, 6, order='F') reads a in F order into an F-ordered copy.
  const garray::Array fortran = garray::reshape(a, {4, 6}, GA_ORDER_F, garray::current_stream());
  EXPECT_EQ(fortran.strides(), (garray::Dims{1, 4}));
  EXPECT_EQ(memory_of(fortran), kTransposedInCOrder);  // the same elements as a.ravel('F')
}

TEST_F(ViewsDeviceTest, FlattenAlwaysCopiesAndRavelOnlyWhenItMust) {
  const garray::Array a = device_arange({2, 3, 4});
  const garray::Array flat = garray::flatten(a, GA_ORDER_C, garray::current_stream());
  EXPECT_NE(flat.buffer(), a.buffer());
  EXPECT_FALSE(flat.is_view());
  EXPECT_EQ(memory_of(flat).back(), 23.0);
  EXPECT_EQ(memory_of(garray::flatten(a, GA_ORDER_F, garray::current_stream())),
            kTransposedInCOrder);  // a.ravel('F')
  EXPECT_EQ(garray::ravel(a, GA_ORDER_C, garray::current_stream()).buffer(), a.buffer());
  // a[:, ::-1].ravel('K') == a[:, ::-1].ravel('C'): NumPy's K order does not flip negative strides.
  const garray::Array reversed = a.view({2, 3, 4}, {12, -4, 1}, 64);
  EXPECT_EQ(memory_of(garray::ravel(reversed, GA_ORDER_K, garray::current_stream())),
            (std::vector<double>{8,  9,  10, 11, 4,  5,  6,  7,  0,  1,  2,  3,
                                 20, 21, 22, 23, 16, 17, 18, 19, 12, 13, 14, 15}));
  // a.transpose(1, 0, 2)[:, :, ::2].ravel('K') reads memory order.
  const garray::Array gapped = a.view({3, 2, 2}, {4, 12, 2}, 0);
  EXPECT_EQ(memory_of(garray::ravel(gapped, GA_ORDER_K, garray::current_stream())),
            (std::vector<double>{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}));
}

TEST_F(ViewsDeviceTest, ImagOfARealArrayIsReadOnlyZeros) {
  const garray::Array a = device_arange({2, 3, 4});
  const garray::Array transposed = a.view({4, 3, 2}, {1, 4, 12}, 0);
  const garray::Array imag = garray::imag_part(transposed, garray::current_stream());
  EXPECT_EQ(imag.dtype(), GA_FLOAT64);
  EXPECT_EQ(imag.shape(), transposed.shape());
  EXPECT_TRUE(imag.is_f_contiguous())
      << "F-ordered like an F-contiguous input, as NumPy's order='A'";
  EXPECT_FALSE(imag.writeable());
  EXPECT_EQ(imag.flags() & GA_ARRAY_OWNDATA, unsigned{GA_ARRAY_OWNDATA});
  EXPECT_EQ(memory_of(imag), std::vector<double>(24, 0.0));
  EXPECT_EQ(garray::imag_part(device_arange({0, 3}), garray::current_stream()).size(), 0);
}

TEST_F(ViewsDeviceTest, CApiCopiesAreNewHandles) {
  const ga_array_t a = garray::capi::make_handle<ga_array_s>(device_arange({2, 3, 4}));
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(a, nullptr, 0, &transposed));
  ga_array_t copy = nullptr;
  const int64_t shape[] = {12, 2};
  GA_ASSERT_OK(ga_array_reshape(transposed, 2, shape, GA_ORDER_C, nullptr, &copy));
  unsigned flags = 0;
  GA_ASSERT_OK(ga_array_flags(copy, &flags));
  EXPECT_NE(flags & GA_ARRAY_OWNDATA, 0u);
  ga_array_t flat = nullptr;
  GA_ASSERT_OK(ga_array_flatten(a, GA_ORDER_K, nullptr, &flat));
  ga_array_t zeros = nullptr;
  GA_ASSERT_OK(ga_array_imag(a, nullptr, &zeros));
  GA_ASSERT_OK(ga_array_flags(zeros, &flags));
  EXPECT_EQ(flags & GA_ARRAY_WRITEABLE, 0u);
  for (ga_array_t handle : {a, transposed, copy, flat, zeros}) {
    GA_ASSERT_OK(ga_array_release(handle));
  }
}
