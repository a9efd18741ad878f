#include "core/interop/dlpack_types.hpp"

#include "core/array/dtype.hpp"
#include "core/common/error.hpp"

#include <array>
#include <string>

namespace garray {

namespace {

struct DTypeCorrespondence {
  ga_dtype_t dtype;
  std::uint8_t code;
  std::uint8_t bits;
};

// Indexed by ga_dtype_t.
constexpr std::array<DTypeCorrespondence, GA_DTYPE_COUNT> kCorrespondences{{
    {GA_BOOL, GA_DLPACK_BOOL, 8},
    {GA_INT8, GA_DLPACK_INT, 8},
    {GA_INT16, GA_DLPACK_INT, 16},
    {GA_INT32, GA_DLPACK_INT, 32},
    {GA_INT64, GA_DLPACK_INT, 64},
    {GA_UINT8, GA_DLPACK_UINT, 8},
    {GA_UINT16, GA_DLPACK_UINT, 16},
    {GA_UINT32, GA_DLPACK_UINT, 32},
    {GA_UINT64, GA_DLPACK_UINT, 64},
    {GA_FLOAT16, GA_DLPACK_FLOAT, 16},
    {GA_BFLOAT16, GA_DLPACK_BFLOAT, 16},
    {GA_FLOAT32, GA_DLPACK_FLOAT, 32},
    {GA_FLOAT64, GA_DLPACK_FLOAT, 64},
    {GA_COMPLEX64, GA_DLPACK_COMPLEX, 64},
    {GA_COMPLEX128, GA_DLPACK_COMPLEX, 128},
}};

// DLPack's names of its type codes, indexed by code, for messages.
constexpr const char* kCodeNames[] = {
    "kDLInt", "kDLUInt", "kDLFloat", "kDLOpaqueHandle",
    "kDLBfloat", "kDLComplex", "kDLBool", "kDLFloat8_e3m4",
    "kDLFloat8_e4m3", "kDLFloat8_e4m3b11fnuz", "kDLFloat8_e4m3fn", "kDLFloat8_e4m3fnuz",
    "kDLFloat8_e5m2", "kDLFloat8_e5m2fnuz", "kDLFloat8_e8m0fnu", "kDLFloat6_e2m3fn",
    "kDLFloat6_e3m2fn", "kDLFloat4_e2m1fn",
};
constexpr int kCodeCount = static_cast<int>(std::size(kCodeNames));

}  // namespace

ga_dlpack_dtype_t to_dlpack_dtype(ga_dtype_t dtype) {
  const DTypeCorrespondence& match = kCorrespondences[static_cast<std::size_t>(dtype_info(dtype).dtype)];
  return ga_dlpack_dtype_t{match.code, match.bits, 1};
}

ga_dtype_t from_dlpack_dtype(ga_dlpack_dtype_t dtype, const char* field) {
  if (dtype.lanes != 1) {
    throw Error(GA_ERROR_UNSUPPORTED, std::string(field) + ".lanes is " + std::to_string(dtype.lanes) +
                                          ": vector types are not supported, only 1 lane");
  }
  if (dtype.code >= kCodeCount) {
    throw Error(GA_ERROR_DTYPE, std::string(field) + ".code " + std::to_string(dtype.code) +
                                    " is not a DLPack type code (0.." + std::to_string(kCodeCount - 1) + ")");
  }
  for (const DTypeCorrespondence& match : kCorrespondences) {
    if (match.code == dtype.code && match.bits == dtype.bits) return match.dtype;
  }
  throw Error(GA_ERROR_DTYPE, std::string(field) + " (" + kCodeNames[dtype.code] + ", " +
                                  std::to_string(dtype.bits) + " bits) has no garray dtype");
}

ga_dlpack_device_t to_dlpack_device(const Buffer& buffer) {
  switch (buffer.kind()) {
    case MemoryKind::managed:
      return {GA_DLPACK_CUDA_MANAGED, 0};
    case MemoryKind::pinned_host:
      return {GA_DLPACK_CUDA_HOST, 0};
    case MemoryKind::device:
      break;
  }
  return {GA_DLPACK_CUDA, buffer.device()};
}

const char* dlpack_device_type_name(std::int32_t device_type) noexcept {
  switch (device_type) {
    case GA_DLPACK_CPU: return "kDLCPU";
    case GA_DLPACK_CUDA: return "kDLCUDA";
    case GA_DLPACK_CUDA_HOST: return "kDLCUDAHost";
    case GA_DLPACK_OPENCL: return "kDLOpenCL";
    case GA_DLPACK_VULKAN: return "kDLVulkan";
    case GA_DLPACK_METAL: return "kDLMetal";
    case GA_DLPACK_VPI: return "kDLVPI";
    case GA_DLPACK_ROCM: return "kDLROCM";
    case GA_DLPACK_ROCM_HOST: return "kDLROCMHost";
    case GA_DLPACK_EXT_DEV: return "kDLExtDev";
    case GA_DLPACK_CUDA_MANAGED: return "kDLCUDAManaged";
    case GA_DLPACK_ONEAPI: return "kDLOneAPI";
    case GA_DLPACK_WEBGPU: return "kDLWebGPU";
    case GA_DLPACK_HEXAGON: return "kDLHexagon";
    case GA_DLPACK_MAIA: return "kDLMAIA";
    case GA_DLPACK_TRN: return "kDLTrn";
    default: return "unknown";
  }
}

}  // namespace garray
