// The DLPack structs declared in garray/dlpack.h have the layout the DLPack specification gives its
// structs on an LP64 platform. The offsets below are worked out by hand from the field order and
// C's alignment rules, not taken from any other header.
#include <garray/dlpack.h>

#include <gtest/gtest.h>

#include <cstddef>

static_assert(sizeof(void*) == 8, "the offsets below are those of an LP64 platform");

// DLPackVersion { uint32_t major; uint32_t minor; }
static_assert(sizeof(ga_dlpack_version_t) == 8);
static_assert(offsetof(ga_dlpack_version_t, major) == 0);
static_assert(offsetof(ga_dlpack_version_t, minor) == 4);

// DLDevice { DLDeviceType device_type (a 4-byte enum); int32_t device_id; }
static_assert(sizeof(ga_dlpack_device_type_t) == 4);
static_assert(sizeof(ga_dlpack_device_t) == 8);
static_assert(offsetof(ga_dlpack_device_t, device_type) == 0);
static_assert(offsetof(ga_dlpack_device_t, device_id) == 4);

// DLDataType { uint8_t code; uint8_t bits; uint16_t lanes; }
static_assert(sizeof(ga_dlpack_dtype_t) == 4);
static_assert(offsetof(ga_dlpack_dtype_t, code) == 0);
static_assert(offsetof(ga_dlpack_dtype_t, bits) == 1);
static_assert(offsetof(ga_dlpack_dtype_t, lanes) == 2);

// DLTensor { void* data; DLDevice device; int32_t ndim; DLDataType dtype; int64_t* shape;
//            int64_t* strides; uint64_t byte_offset; }
static_assert(sizeof(ga_dlpack_tensor_t) == 48);
static_assert(offsetof(ga_dlpack_tensor_t, data) == 0);
static_assert(offsetof(ga_dlpack_tensor_t, device) == 8);
static_assert(offsetof(ga_dlpack_tensor_t, ndim) == 16);
static_assert(offsetof(ga_dlpack_tensor_t, dtype) == 20);
static_assert(offsetof(ga_dlpack_tensor_t, shape) == 24);
static_assert(offsetof(ga_dlpack_tensor_t, strides) == 32);
static_assert(offsetof(ga_dlpack_tensor_t, byte_offset) == 40);

// DLManagedTensor { DLTensor dl_tensor; void* manager_ctx; void (*deleter)(DLManagedTensor*); }
static_assert(sizeof(ga_dlpack_managed_tensor_t) == 64);
static_assert(offsetof(ga_dlpack_managed_tensor_t, dl_tensor) == 0);
static_assert(offsetof(ga_dlpack_managed_tensor_t, manager_ctx) == 48);
static_assert(offsetof(ga_dlpack_managed_tensor_t, deleter) == 56);

// DLManagedTensorVersioned { DLPackVersion version; void* manager_ctx; void (*deleter)(...);
//                            uint64_t flags; DLTensor dl_tensor; }
static_assert(sizeof(ga_dlpack_managed_tensor_versioned_t) == 80);
static_assert(offsetof(ga_dlpack_managed_tensor_versioned_t, version) == 0);
static_assert(offsetof(ga_dlpack_managed_tensor_versioned_t, manager_ctx) == 8);
static_assert(offsetof(ga_dlpack_managed_tensor_versioned_t, deleter) == 16);
static_assert(offsetof(ga_dlpack_managed_tensor_versioned_t, flags) == 24);
static_assert(offsetof(ga_dlpack_managed_tensor_versioned_t, dl_tensor) == 32);

// Enumeration values and flag bits as the specification numbers them.
static_assert(GA_DLPACK_CPU == 1 && GA_DLPACK_CUDA == 2 && GA_DLPACK_CUDA_HOST == 3 &&
              GA_DLPACK_OPENCL == 4 && GA_DLPACK_VULKAN == 7 && GA_DLPACK_METAL == 8 &&
              GA_DLPACK_VPI == 9 && GA_DLPACK_ROCM == 10 && GA_DLPACK_ROCM_HOST == 11 &&
              GA_DLPACK_EXT_DEV == 12 && GA_DLPACK_CUDA_MANAGED == 13 && GA_DLPACK_ONEAPI == 14 &&
              GA_DLPACK_WEBGPU == 15 && GA_DLPACK_HEXAGON == 16 && GA_DLPACK_MAIA == 17 &&
              GA_DLPACK_TRN == 18);
static_assert(GA_DLPACK_INT == 0 && GA_DLPACK_UINT == 1 && GA_DLPACK_FLOAT == 2 &&
              GA_DLPACK_OPAQUE_HANDLE == 3 && GA_DLPACK_BFLOAT == 4 && GA_DLPACK_COMPLEX == 5 &&
              GA_DLPACK_BOOL == 6 && GA_DLPACK_FLOAT8_E3M4 == 7 && GA_DLPACK_FLOAT8_E8M0FNU == 14 &&
              GA_DLPACK_FLOAT6_E2M3FN == 15 && GA_DLPACK_FLOAT4_E2M1FN == 17);
static_assert(GA_DLPACK_FLAG_READ_ONLY == 1 && GA_DLPACK_FLAG_IS_COPIED == 2 &&
              GA_DLPACK_FLAG_IS_SUBBYTE_TYPE_PADDED == 4);
static_assert(GA_DLPACK_MAJOR_VERSION == 1);

// The checks above are compile-time; this test makes their success visible in the test report.
TEST(DLPackAbi, StructLayoutsMatchTheSpecification) { SUCCEED(); }
