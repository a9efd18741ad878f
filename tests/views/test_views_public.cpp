// views.h through the shared library, as users link it: what works without any array (shape
// broadcasting) and the argument checks that need no device.
#include "gpu_test.hpp"

#include <string>

TEST(ViewsPublic, BroadcastShapes) {
  const int64_t first[] = {8, 1, 6, 1};
  const int64_t second[] = {7, 1, 5};
  const int64_t* shapes[] = {first, second, nullptr};
  const int ndims[] = {4, 3, 0};
  int ndim = -1;
  int64_t shape[GA_MAX_DIMS] = {};
  GA_ASSERT_OK(ga_array_broadcast_shapes(shapes, ndims, 3, &ndim, shape));
  ASSERT_EQ(ndim, 4);
  EXPECT_EQ(shape[0], 8);  // np.broadcast_shapes((8, 1, 6, 1), (7, 1, 5), ()) == (8, 7, 6, 5)
  EXPECT_EQ(shape[1], 7);
  EXPECT_EQ(shape[2], 6);
  EXPECT_EQ(shape[3], 5);
  GA_ASSERT_OK(ga_array_broadcast_shapes(nullptr, nullptr, 0, &ndim, shape));
  EXPECT_EQ(ndim, 0);
}

TEST(ViewsPublic, BroadcastShapesErrorsLeaveOutputsAlone) {
  const int64_t first[] = {2, 3};
  const int64_t second[] = {4, 3};
  const int64_t negative[] = {-1};
  const int64_t* shapes[] = {first, second};
  const int ndims[] = {2, 2};
  int ndim = -1;
  int64_t shape[GA_MAX_DIMS] = {};
  GA_EXPECT_STATUS(ga_array_broadcast_shapes(shapes, ndims, 2, &ndim, shape),
                   GA_ERROR_SHAPE_MISMATCH);
  const std::string message = ga_last_error();
  EXPECT_NE(message.find("ga_array_broadcast_shapes"), std::string::npos) << message;
  EXPECT_NE(message.find("shapes[0] has shape (2, 3) and shapes[1] has shape (4, 3)"),
            std::string::npos)
      << message;
  const int64_t* with_negative[] = {first, negative};
  const int negative_ndims[] = {2, 1};
  GA_EXPECT_STATUS(ga_array_broadcast_shapes(with_negative, negative_ndims, 2, &ndim, shape),
                   GA_ERROR_INVALID_ARGUMENT);
  const int too_many_dims[] = {2, 33};
  GA_EXPECT_STATUS(ga_array_broadcast_shapes(shapes, too_many_dims, 2, &ndim, shape),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("shapes[1]"), std::string::npos);
  const int64_t* with_null[] = {first, nullptr};
  GA_EXPECT_STATUS(ga_array_broadcast_shapes(with_null, ndims, 2, &ndim, shape),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_broadcast_shapes(shapes, nullptr, 2, &ndim, shape),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_broadcast_shapes(shapes, ndims, -1, &ndim, shape),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_broadcast_shapes(shapes, ndims, 2, nullptr, shape),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_broadcast_shapes(shapes, ndims, 2, &ndim, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ndim, -1);
}

TEST(ViewsPublic, NullArrayIsAnInvalidHandleEverywhere) {
  const ga_array_t untouched = reinterpret_cast<ga_array_t>(0x1234);
  ga_array_t result = untouched;
  const int64_t shape[] = {1};
  const int axes[] = {0};
  GA_EXPECT_STATUS(ga_array_index(nullptr, nullptr, 0, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_NE(std::string(ga_last_error()).find("ga_array_index: argument 'array' is NULL"),
            std::string::npos)
      << ga_last_error();
  GA_EXPECT_STATUS(ga_array_reshape(nullptr, 1, shape, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_ravel(nullptr, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_flatten(nullptr, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_transpose(nullptr, nullptr, 0, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_swapaxes(nullptr, 0, 0, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_moveaxis(nullptr, axes, axes, 1, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_expand_dims(nullptr, axes, 1, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_squeeze(nullptr, nullptr, 0, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_atleast_1d(nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_atleast_2d(nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_atleast_3d(nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_broadcast_to(nullptr, 1, shape, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_real(nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_imag(nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  const ga_array_t arrays[] = {nullptr};
  GA_EXPECT_STATUS(ga_array_broadcast_arrays(arrays, 1, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_NE(std::string(ga_last_error()).find("arrays[0]"), std::string::npos);
  EXPECT_EQ(result, untouched);
  GA_ASSERT_OK(ga_array_broadcast_arrays(nullptr, 0, nullptr));
}
