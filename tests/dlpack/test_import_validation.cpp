// Import rejects every malformed field with its own status and a message naming the field, takes no
// ownership when it fails (the deleter is not called) and leaves the tensor untouched. Structural
// checks come before any device query, so all of this runs on any machine.
#include "gpu_test.hpp"
#include "test_tensor.hpp"

#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

// Bytes of a tensor's struct and of the arrays it points to, to prove a failed import wrote nothing.
template <class Managed>
std::vector<unsigned char> snapshot(TestTensor<Managed>& tensor) {
  const auto* begin = reinterpret_cast<const unsigned char*>(tensor.get());
  std::vector<unsigned char> bytes(begin, begin + sizeof(Managed));
  const ga_dlpack_tensor_t& dl = tensor.dl_tensor();
  for (const int64_t* list : {dl.shape, dl.strides}) {
    if (list == nullptr || dl.ndim <= 0 || dl.ndim > GA_MAX_DIMS) continue;
    const auto* values = reinterpret_cast<const unsigned char*>(list);
    bytes.insert(bytes.end(), values, values + dl.ndim * sizeof(int64_t));
  }
  return bytes;
}

ga_status_t import_tensor(ga_dlpack_managed_tensor_versioned_t* tensor, int* copied, ga_array_t* result) {
  return ga_array_from_dlpack_versioned(tensor, nullptr, copied, result);
}

ga_status_t import_tensor(ga_dlpack_managed_tensor_t* tensor, int* copied, ga_array_t* result) {
  return ga_array_from_dlpack(tensor, nullptr, copied, result);
}

struct MalformedCase {
  const char* name;
  std::function<void(ga_dlpack_tensor_t&)> break_field;
  ga_status_t expected;
  const char* message_mentions;
};

const std::vector<MalformedCase>& malformed_cases() {
  constexpr int64_t huge = std::numeric_limits<int64_t>::max() / 2;
  static int64_t overflowing_strides[] = {huge, 1};
  static const std::vector<MalformedCase> cases = {
      {"negative ndim", [](auto& t) { t.ndim = -1; }, GA_ERROR_INVALID_ARGUMENT, "tensor->dl_tensor.ndim"},
      {"ndim above GA_MAX_DIMS", [](auto& t) { t.ndim = GA_MAX_DIMS + 1; }, GA_ERROR_UNSUPPORTED,
       "tensor->dl_tensor.ndim"},
      {"NULL shape", [](auto& t) { t.shape = nullptr; }, GA_ERROR_INVALID_ARGUMENT, "tensor->dl_tensor.shape"},
      {"negative extent", [](auto& t) { t.shape[1] = -3; }, GA_ERROR_INVALID_ARGUMENT,
       "tensor->dl_tensor.shape[1]"},
      {"vector lanes", [](auto& t) { t.dtype.lanes = 4; }, GA_ERROR_UNSUPPORTED, "lanes"},
      {"unknown type code", [](auto& t) { t.dtype.code = 42; }, GA_ERROR_DTYPE, "code 42"},
      {"float of 8 bits", [](auto& t) { t.dtype.bits = 8; }, GA_ERROR_DTYPE, "kDLFloat, 8 bits"},
      {"float8", [](auto& t) { t.dtype = {GA_DLPACK_FLOAT8_E4M3FN, 8, 1}; }, GA_ERROR_DTYPE,
       "kDLFloat8_e4m3fn"},
      {"opaque handle", [](auto& t) { t.dtype = {GA_DLPACK_OPAQUE_HANDLE, 64, 1}; }, GA_ERROR_DTYPE,
       "kDLOpaqueHandle"},
      {"bit-sized bool", [](auto& t) { t.dtype = {GA_DLPACK_BOOL, 1, 1}; }, GA_ERROR_DTYPE, "kDLBool"},
      {"NULL data with elements", [](auto& t) { t.data = nullptr; }, GA_ERROR_INVALID_ARGUMENT,
       "tensor->dl_tensor.data"},
      {"byte_offset beyond 63 bits", [](auto& t) { t.byte_offset = uint64_t{1} << 63; },
       GA_ERROR_INVALID_ARGUMENT, "tensor->dl_tensor.byte_offset"},
      {"overflowing strides", [](auto& t) { t.strides = overflowing_strides; }, GA_ERROR_INVALID_ARGUMENT,
       "tensor->dl_tensor.strides"},
      {"OpenCL device", [](auto& t) { t.device = {GA_DLPACK_OPENCL, 0}; }, GA_ERROR_UNSUPPORTED, "kDLOpenCL"},
      {"ROCm device", [](auto& t) { t.device = {GA_DLPACK_ROCM, 0}; }, GA_ERROR_UNSUPPORTED, "kDLROCM"},
      {"undefined device type", [](auto& t) { t.device = {99, 0}; }, GA_ERROR_UNSUPPORTED,
       "device_type 99"},
      {"device that does not exist", [](auto& t) { t.device.device_id = 4096; }, GA_ERROR_NO_DEVICE,
       "tensor->dl_tensor.device"},
      {"negative device id", [](auto& t) { t.device.device_id = -1; }, GA_ERROR_NO_DEVICE,
       "tensor->dl_tensor.device"},
      {"dtype before device", [](auto& t) { t.dtype.code = 42; t.device.device_id = 4096; }, GA_ERROR_DTYPE,
       "code 42"},
  };
  return cases;
}

template <class Managed>
class DLPackImportValidation : public ::testing::Test {
 protected:
  // A well-formed (2, 3) float32 CUDA tensor over memory nobody reads.
  static std::unique_ptr<TestTensor<Managed>> well_formed() {
    static float placeholder[6];
    return std::make_unique<TestTensor<Managed>>(placeholder, kCudaDevice0, kFloat32, std::vector<int64_t>{2, 3},
                                                 std::vector<int64_t>{3, 1});
  }

  // Imports `tensor`, expecting `expected`, and checks that nothing was taken or written.
  static void expect_rejected(TestTensor<Managed>& tensor, ga_status_t expected, const char* mentions) {
    const std::vector<unsigned char> before = snapshot(tensor);
    ga_array_t result = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1});  // garbage: never read
    int copied = -7;
    GA_EXPECT_STATUS(import_tensor(tensor.get(), &copied, &result), expected);
    const std::string message = ga_last_error();
    EXPECT_NE(message.find(mentions), std::string::npos) << message;
    EXPECT_EQ(tensor.deleter_calls(), 0) << "a failed import must not consume the tensor";
    EXPECT_EQ(snapshot(tensor), before) << "a failed import must not modify the tensor";
    EXPECT_EQ(result, reinterpret_cast<ga_array_t>(std::uintptr_t{0x1}));
    EXPECT_EQ(copied, -7);
  }
};

using ManagedTypes = ::testing::Types<ga_dlpack_managed_tensor_versioned_t, ga_dlpack_managed_tensor_t>;
TYPED_TEST_SUITE(DLPackImportValidation, ManagedTypes);

TYPED_TEST(DLPackImportValidation, EachMalformedFieldHasItsStatusAndMessage) {
  for (const MalformedCase& malformed : malformed_cases()) {
    SCOPED_TRACE(malformed.name);
    auto tensor = this->well_formed();
    malformed.break_field(tensor->dl_tensor());
    this->expect_rejected(*tensor, malformed.expected, malformed.message_mentions);
  }
}

TYPED_TEST(DLPackImportValidation, NullTensorAndNullResultAreInvalidArguments) {
  ga_array_t result = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234});
  GA_EXPECT_STATUS(import_tensor(static_cast<TypeParam*>(nullptr), nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("tensor"), std::string::npos);
  EXPECT_EQ(result, reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234}));
  auto tensor = this->well_formed();
  GA_EXPECT_STATUS(import_tensor(tensor->get(), nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("argument 'result' is NULL"), std::string::npos) << ga_last_error();
  EXPECT_EQ(tensor->deleter_calls(), 0);
}

TYPED_TEST(DLPackImportValidation, WellFormedTensorsWithoutAGpuAreNoDevice) {
  if (gpu_available()) GTEST_SKIP() << "a CUDA device is present; the GPU tests import these";
  for (ga_dlpack_device_t device :
       {kCudaDevice0, ga_dlpack_device_t{GA_DLPACK_CUDA_HOST, 0}, ga_dlpack_device_t{GA_DLPACK_CUDA_MANAGED, 0},
        kHostDevice}) {
    SCOPED_TRACE(device.device_type);
    auto tensor = this->well_formed();
    tensor->dl_tensor().device = device;
    this->expect_rejected(*tensor, GA_ERROR_NO_DEVICE, "no CUDA device");
  }
}

TYPED_TEST(DLPackImportValidation, EmptyTensorsMayHaveNullDataAndNullShapeWhenZeroDimensional) {
  if (gpu_available()) GTEST_SKIP() << "a CUDA device is present; the GPU tests import these";
  auto empty = this->well_formed();
  empty->dl_tensor().shape[0] = 0;
  empty->dl_tensor().data = nullptr;
  this->expect_rejected(*empty, GA_ERROR_NO_DEVICE, "no CUDA device");  // passed every field check
  auto scalar = this->well_formed();
  scalar->dl_tensor().ndim = 0;
  scalar->dl_tensor().shape = nullptr;
  scalar->dl_tensor().strides = nullptr;
  this->expect_rejected(*scalar, GA_ERROR_NO_DEVICE, "no CUDA device");
}

using DLPackImportVersion = DLPackImportValidation<ga_dlpack_managed_tensor_versioned_t>;

TEST_F(DLPackImportVersion, OtherMajorVersionsAreAVersionMismatch) {
  for (uint32_t major : {0u, 2u}) {
    auto tensor = well_formed();
    tensor->managed().version.major = major;
    expect_rejected(*tensor, GA_ERROR_VERSION_MISMATCH, "tensor->version.major");
  }
}

TEST_F(DLPackImportVersion, VersionIsCheckedBeforeAnyOtherField) {
  // DLPack: with another major version, no field but the deleter may be read.
  auto tensor = well_formed();
  tensor->managed().version.major = 2;
  tensor->dl_tensor().ndim = -1;
  tensor->dl_tensor().dtype.code = 42;
  expect_rejected(*tensor, GA_ERROR_VERSION_MISMATCH, "tensor->version.major");
}

}  // namespace
