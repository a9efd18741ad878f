// Export of arrays as DLPack tensors, inspected field by field, and the life of the deleter. The
// arrays live in host memory: export never touches the data, and consumer_stream -1 asks for no
// stream work, so these run on any machine.
#include "array_queries.hpp"
#include "expected_dtypes.hpp"
#include "gpu_test.hpp"
#include "host_array.hpp"

#include <cstdint>
#include <string>
#include <thread>
#include <vector>

namespace {

std::vector<int64_t> tensor_shape(const ga_dlpack_tensor_t& tensor) {
  return {tensor.shape, tensor.shape + tensor.ndim};
}

std::vector<int64_t> tensor_strides(const ga_dlpack_tensor_t& tensor) {
  return {tensor.strides, tensor.strides + tensor.ndim};
}

ga_dlpack_managed_tensor_versioned_t* export_versioned(ga_array_t array) {
  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  EXPECT_EQ(ga_array_to_dlpack_versioned(array, -1, &tensor), GA_OK) << ga_last_error();
  return tensor;
}

}  // namespace

TEST(DLPackExport, VersionedTensorDescribesAContiguousArray) {
  ga_array_t array = make_host_array({.shape = {2, 3}});
  ga_dlpack_managed_tensor_versioned_t* tensor = export_versioned(array);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(tensor->version.major, 1u);
  EXPECT_EQ(tensor->version.minor, static_cast<uint32_t>(GA_DLPACK_MINOR_VERSION));
  EXPECT_EQ(tensor->flags, 0u);
  EXPECT_NE(tensor->manager_ctx, nullptr);
  ASSERT_NE(tensor->deleter, nullptr);
  const ga_dlpack_tensor_t& dl = tensor->dl_tensor;
  EXPECT_EQ(dl.data, data_of(array));
  EXPECT_EQ(dl.byte_offset, 0u);
  EXPECT_EQ(dl.device.device_type, GA_DLPACK_CUDA);
  EXPECT_EQ(dl.device.device_id, 0);
  EXPECT_EQ(dl.ndim, 2);
  EXPECT_EQ(dl.dtype.code, GA_DLPACK_FLOAT);
  EXPECT_EQ(dl.dtype.bits, 32);
  EXPECT_EQ(dl.dtype.lanes, 1);
  EXPECT_EQ(tensor_shape(dl), (std::vector<int64_t>{2, 3}));
  ASSERT_NE(dl.strides, nullptr);
  EXPECT_EQ(tensor_strides(dl), (std::vector<int64_t>{3, 1}));
  tensor->deleter(tensor);
  GA_EXPECT_STATUS(ga_array_release(array), GA_OK);
}

TEST(DLPackExport, LegacyTensorDescribesTheSameFields) {
  ga_array_t array = make_host_array({.shape = {4}, .dtype = GA_INT16});
  ga_dlpack_managed_tensor_t* tensor = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack(array, -1, &tensor));
  ASSERT_NE(tensor, nullptr);
  const ga_dlpack_tensor_t& dl = tensor->dl_tensor;
  EXPECT_EQ(dl.data, data_of(array));
  EXPECT_EQ(dl.byte_offset, 0u);
  EXPECT_EQ(dl.device.device_type, GA_DLPACK_CUDA);
  EXPECT_EQ(dl.ndim, 1);
  EXPECT_EQ(dl.dtype.code, GA_DLPACK_INT);
  EXPECT_EQ(dl.dtype.bits, 16);
  EXPECT_EQ(tensor_shape(dl), (std::vector<int64_t>{4}));
  EXPECT_EQ(tensor_strides(dl), (std::vector<int64_t>{1}));
  EXPECT_NE(tensor->manager_ctx, nullptr);
  ASSERT_NE(tensor->deleter, nullptr);
  tensor->deleter(tensor);
  GA_EXPECT_STATUS(ga_array_release(array), GA_OK);
}

TEST(DLPackExport, StridedViewPointsAtItsFirstElementWithElementStrides) {
  // A (2, 3) float64 view of a 4 × 5 buffer, starting at row 1, walking rows backwards and every
  // other column: first element at element 5, i.e. byte 40.
  ga_array_t array = make_host_array(
      {.shape = {2, 3}, .strides = garray::Dims{-5, 2}, .dtype = GA_FLOAT64, .byte_offset = 40, .buffer_elements = 20});
  ga_dlpack_managed_tensor_versioned_t* tensor = export_versioned(array);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(tensor->dl_tensor.data, data_of(array));
  EXPECT_EQ(tensor->dl_tensor.byte_offset, 0u);
  EXPECT_EQ(tensor_shape(tensor->dl_tensor), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(tensor_strides(tensor->dl_tensor), (std::vector<int64_t>{-5, 2}));
  EXPECT_EQ(tensor->dl_tensor.dtype.code, GA_DLPACK_FLOAT);
  EXPECT_EQ(tensor->dl_tensor.dtype.bits, 64);
  tensor->deleter(tensor);
  GA_EXPECT_STATUS(ga_array_release(array), GA_OK);
}

TEST(DLPackExport, ReadOnlyArrayIsFlaggedReadOnlyAndNeverCopied) {
  ga_array_t array = make_host_array({.shape = {3}, .writeable = false});
  ga_dlpack_managed_tensor_versioned_t* tensor = export_versioned(array);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(tensor->flags, GA_DLPACK_FLAG_READ_ONLY);
  EXPECT_EQ(tensor->flags & GA_DLPACK_FLAG_IS_COPIED, 0u);
  tensor->deleter(tensor);
  GA_EXPECT_STATUS(ga_array_release(array), GA_OK);
}

TEST(DLPackExport, EveryDtypeHasItsDLPackCodeAndWidth) {
  for (const ExpectedDLPackDType& expected : kExpectedDLPackDTypes) {
    ga_array_t array = make_host_array({.shape = {1}, .dtype = expected.dtype});
    ga_dlpack_managed_tensor_versioned_t* tensor = export_versioned(array);
    ASSERT_NE(tensor, nullptr);
    EXPECT_EQ(tensor->dl_tensor.dtype.code, expected.code) << expected.dtype;
    EXPECT_EQ(tensor->dl_tensor.dtype.bits, expected.bits) << expected.dtype;
    EXPECT_EQ(tensor->dl_tensor.dtype.lanes, 1) << expected.dtype;
    tensor->deleter(tensor);
    GA_EXPECT_STATUS(ga_array_release(array), GA_OK);
  }
}

TEST(DLPackExport, MemoryKindsBecomeDLPackDeviceTypes) {
  struct Expected {
    garray::MemoryKind kind;
    int device;
    int32_t device_type;
    int32_t device_id;
  };
  // DLPack gives managed and pinned memory device_id 0, whatever device the array belongs to.
  const Expected table[] = {
      {garray::MemoryKind::device, 3, GA_DLPACK_CUDA, 3},
      {garray::MemoryKind::managed, 3, GA_DLPACK_CUDA_MANAGED, 0},
      {garray::MemoryKind::pinned_host, 3, GA_DLPACK_CUDA_HOST, 0},
  };
  for (const Expected& expected : table) {
    ga_array_t array = make_host_array({.shape = {2}, .kind = expected.kind, .device = expected.device});
    ga_dlpack_managed_tensor_versioned_t* tensor = export_versioned(array);
    ASSERT_NE(tensor, nullptr);
    EXPECT_EQ(tensor->dl_tensor.device.device_type, expected.device_type);
    EXPECT_EQ(tensor->dl_tensor.device.device_id, expected.device_id);
    tensor->deleter(tensor);
    GA_EXPECT_STATUS(ga_array_release(array), GA_OK);
  }
}

TEST(DLPackExport, ZeroDimensionalAndEmptyArrays) {
  ga_array_t scalar = make_host_array({.shape = {}});
  ga_dlpack_managed_tensor_versioned_t* tensor = export_versioned(scalar);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(tensor->dl_tensor.ndim, 0);
  EXPECT_EQ(tensor->dl_tensor.data, data_of(scalar));
  tensor->deleter(tensor);
  GA_EXPECT_STATUS(ga_array_release(scalar), GA_OK);

  // DLPack asks for NULL data when a tensor has no elements.
  ga_array_t empty = make_host_array({.shape = {0, 4}, .buffer_elements = 1});
  tensor = export_versioned(empty);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(tensor->dl_tensor.data, nullptr);
  EXPECT_EQ(tensor_shape(tensor->dl_tensor), (std::vector<int64_t>{0, 4}));
  tensor->deleter(tensor);
  GA_EXPECT_STATUS(ga_array_release(empty), GA_OK);
}

TEST(DLPackExport, DeleterAfterHandleReleaseFreesTheBufferOnce) {
  ReleaseCounter released;
  ga_array_t array = make_host_array({.shape = {8}}, released);
  ga_dlpack_managed_tensor_versioned_t* tensor = export_versioned(array);
  ASSERT_NE(tensor, nullptr);
  GA_ASSERT_OK(ga_array_release(array));
  EXPECT_EQ(released.value(), 0) << "the exported tensor must keep the buffer alive";
  tensor->deleter(tensor);
  EXPECT_EQ(released.value(), 1);
}

TEST(DLPackExport, HandleReleaseAfterDeleterFreesTheBufferOnce) {
  ReleaseCounter released;
  ga_array_t array = make_host_array({.shape = {8}}, released);
  ga_dlpack_managed_tensor_t* tensor = nullptr;
  GA_ASSERT_OK(ga_array_to_dlpack(array, -1, &tensor));
  tensor->deleter(tensor);
  EXPECT_EQ(released.value(), 0);
  GA_ASSERT_OK(ga_array_release(array));
  EXPECT_EQ(released.value(), 1);
}

TEST(DLPackExport, EachExportHoldsItsOwnReference) {
  ReleaseCounter released;
  ga_array_t array = make_host_array({.shape = {8}}, released);
  ga_dlpack_managed_tensor_versioned_t* first = export_versioned(array);
  ga_dlpack_managed_tensor_versioned_t* second = export_versioned(array);
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_NE(first, second);
  GA_ASSERT_OK(ga_array_release(array));
  first->deleter(first);
  EXPECT_EQ(released.value(), 0);
  second->deleter(second);
  EXPECT_EQ(released.value(), 1);
}

TEST(DLPackExport, DeleterMayRunOnAnotherThread) {
  ReleaseCounter released;
  ga_array_t array = make_host_array({.shape = {8}}, released);
  ga_dlpack_managed_tensor_versioned_t* tensor = export_versioned(array);
  ASSERT_NE(tensor, nullptr);
  GA_ASSERT_OK(ga_array_release(array));
  std::thread([tensor] { tensor->deleter(tensor); }).join();
  EXPECT_EQ(released.value(), 1);
}

TEST(DLPackExport, InvalidConsumerStreamsAreRejectedAndNothingIsExported) {
  ReleaseCounter released;
  ga_array_t array = make_host_array({.shape = {8}}, released);
  for (int64_t stream : {int64_t{0}, int64_t{-2}, INT64_MIN}) {
    ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
    GA_EXPECT_STATUS(ga_array_to_dlpack_versioned(array, stream, &tensor), GA_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(tensor, nullptr);
    EXPECT_NE(std::string(ga_last_error()).find("consumer_stream"), std::string::npos) << ga_last_error();
    ga_dlpack_managed_tensor_t* legacy = nullptr;
    GA_EXPECT_STATUS(ga_array_to_dlpack(array, stream, &legacy), GA_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(legacy, nullptr);
  }
  GA_ASSERT_OK(ga_array_release(array));
  EXPECT_EQ(released.value(), 1);
}

TEST(DLPackExport, NullAndReleasedArgumentsAreRejected) {
  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  GA_EXPECT_STATUS(ga_array_to_dlpack_versioned(nullptr, -1, &tensor), GA_ERROR_INVALID_HANDLE);
  ga_array_t array = make_host_array({.shape = {2}});
  GA_EXPECT_STATUS(ga_array_to_dlpack_versioned(array, -1, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("argument 'tensor' is NULL"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_to_dlpack(array, -1, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("argument 'tensor' is NULL"), std::string::npos) << ga_last_error();
  GA_ASSERT_OK(ga_array_release(array));
  GA_EXPECT_STATUS(ga_array_to_dlpack_versioned(array, -1, &tensor), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(tensor, nullptr);
}

// The tensor pointer is output-only: garbage in it is never read (nor "deleted"); a failing export
// leaves it, a successful one overwrites it.
TEST(DLPackExport, GarbageInTheTensorPointerIsNeverRead) {
  ReleaseCounter released;
  ga_array_t array = make_host_array({.shape = {3, 2}}, released);
  auto* const garbage_versioned =
      reinterpret_cast<ga_dlpack_managed_tensor_versioned_t*>(std::uintptr_t{0x1234});
  auto* const garbage_legacy = reinterpret_cast<ga_dlpack_managed_tensor_t*>(std::uintptr_t{0x1234});
  ga_dlpack_managed_tensor_versioned_t* versioned = garbage_versioned;
  ga_dlpack_managed_tensor_t* legacy = garbage_legacy;
  GA_EXPECT_STATUS(ga_array_to_dlpack_versioned(array, 0, &versioned), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_to_dlpack(array, -2, &legacy), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_to_dlpack_versioned(nullptr, -1, &versioned), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_to_dlpack(nullptr, -1, &legacy), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(versioned, garbage_versioned);
  EXPECT_EQ(legacy, garbage_legacy);
  GA_ASSERT_OK(ga_array_to_dlpack_versioned(array, -1, &versioned));
  GA_ASSERT_OK(ga_array_to_dlpack(array, -1, &legacy));
  ASSERT_NE(versioned, garbage_versioned);
  ASSERT_NE(legacy, garbage_legacy);
  ASSERT_NE(versioned, nullptr);
  ASSERT_NE(legacy, nullptr);
  EXPECT_EQ(tensor_shape(versioned->dl_tensor), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(tensor_shape(legacy->dl_tensor), (std::vector<int64_t>{3, 2}));
  GA_ASSERT_OK(ga_array_release(array));
  versioned->deleter(versioned);
  EXPECT_EQ(released.value(), 0);
  legacy->deleter(legacy);
  EXPECT_EQ(released.value(), 1);
}

TEST(DLPackExport, StreamHandOffWithoutAGpuIsNoDevice) {
  if (gpu_available()) GTEST_SKIP() << "a CUDA device is present; this checks its absence";
  ga_array_t array = make_host_array({.shape = {2}});
  ga_dlpack_managed_tensor_versioned_t* tensor = nullptr;
  GA_EXPECT_STATUS(ga_array_to_dlpack_versioned(array, 1, &tensor), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(tensor, nullptr);
  GA_ASSERT_OK(ga_array_release(array));
}
