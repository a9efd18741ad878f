#include "core/jit/target.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/jit/nvrtc_check.hpp"
#include "core/runtime/device.hpp"

#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include <algorithm>
#include <iterator>
#include <vector>

namespace garray::jit {

namespace {

std::vector<int> query_supported_architectures() {
  int count = 0;
  check_nvrtc(nvrtcGetNumSupportedArchs(&count), "nvrtcGetNumSupportedArchs");
  std::vector<int> architectures(static_cast<std::size_t>(count));
  check_nvrtc(nvrtcGetSupportedArchs(architectures.data()), "nvrtcGetSupportedArchs");
  std::sort(architectures.begin(), architectures.end());
  return architectures;
}

std::string describe(std::span<const int> architectures) {
  std::string text;
  for (const int arch : architectures) text += (text.empty() ? "" : ", ") + std::to_string(arch);
  return text;
}

}  // namespace

std::string Target::name() const {
  return (kind == BinaryKind::cubin ? "sm_" : "compute_") + std::to_string(arch);
}

std::string Target::nvrtc_option() const { return "-arch=" + name(); }

std::span<const int> supported_architectures() {
  static const std::vector<int> architectures = query_supported_architectures();
  return architectures;
}

Target choose_target(int device_arch, std::span<const int> supported) {
  const auto not_newer = std::upper_bound(supported.begin(), supported.end(), device_arch);
  if (not_newer == supported.begin()) {
    throw Error(GA_ERROR_UNSUPPORTED,
                "compute capability " + std::to_string(device_arch / 10) + "." +
                    std::to_string(device_arch % 10) +
                    " is older than every architecture this NVRTC compiles for (" +
                    describe(supported) + ")");
  }
  const int newest_not_newer = *std::prev(not_newer);
  if (newest_not_newer / 10 == device_arch / 10) return {newest_not_newer, BinaryKind::cubin};
  return {newest_not_newer, BinaryKind::ptx};
}

Target target_for_device(int device) {
  const int major = get_device_attribute(device, cudaDevAttrComputeCapabilityMajor);
  const int minor = get_device_attribute(device, cudaDevAttrComputeCapabilityMinor);
  return choose_target(major * 10 + minor, supported_architectures());
}

void require_supported(const Target& target) {
  const std::span<const int> supported = supported_architectures();
  if (std::find(supported.begin(), supported.end(), target.arch) == supported.end()) {
    throw Error(GA_ERROR_UNSUPPORTED, "architecture " + std::to_string(target.arch) +
                                          " is not one this NVRTC compiles for (" +
                                          describe(supported) + ")");
  }
}

}  // namespace garray::jit
