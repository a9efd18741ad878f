// What NVRTC compiles for: an architecture number (90 for sm_90) and whether the result is CUBIN
// for that real architecture or PTX for the virtual one, which the driver compiles when it loads
// it.
#pragma once

#include <span>
#include <string>

namespace garray::jit {

enum class BinaryKind { cubin, ptx };

struct Target {
  int arch = 0;  // major * 10 + minor, as in sm_90 / compute_90
  BinaryKind kind = BinaryKind::cubin;

  // "sm_90" for CUBIN, "compute_90" for PTX.
  std::string name() const;
  // The NVRTC option that selects it: "-arch=sm_90".
  std::string nvrtc_option() const;

  friend bool operator==(const Target&, const Target&) = default;
};

// The architectures the NVRTC in use compiles for, ascending (nvrtcGetSupportedArchs).
std::span<const int> supported_architectures();

// The best target for a device of compute capability `device_arch` among `supported` (ascending):
//  - CUBIN for the device's own architecture when NVRTC supports it;
//  - else CUBIN for the newest supported architecture of the same major version not newer than the
//    device, since SASS runs on later minor versions of its major;
//  - else PTX for the newest supported virtual architecture older than the device (a device newer
//    than this NVRTC knows), which the driver compiles forward.
// Throws Error(GA_ERROR_UNSUPPORTED) for a device older than every supported architecture.
Target choose_target(int device_arch, std::span<const int> supported);

// choose_target() for `device` and this process's NVRTC. Needs a GPU.
Target target_for_device(int device);

// Throws Error(GA_ERROR_UNSUPPORTED), listing what is supported, unless NVRTC can compile `target`.
void require_supported(const Target& target);

}  // namespace garray::jit
