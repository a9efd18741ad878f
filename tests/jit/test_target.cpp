// Choosing what to compile for a device, against a fixed list of architectures and this NVRTC's.
#include "core/common/error.hpp"
#include "core/jit/target.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using garray::jit::BinaryKind;
using garray::jit::choose_target;
using garray::jit::Target;

TEST(Target, NamesAndOptions) {
  EXPECT_EQ((Target{90, BinaryKind::cubin}).name(), "sm_90");
  EXPECT_EQ((Target{90, BinaryKind::cubin}).nvrtc_option(), "-arch=sm_90");
  EXPECT_EQ((Target{120, BinaryKind::ptx}).name(), "compute_120");
  EXPECT_EQ((Target{120, BinaryKind::ptx}).nvrtc_option(), "-arch=compute_120");
}

TEST(Target, DeviceArchitectureCappedAtWhatNvrtcSupports) {
  const std::vector<int> supported = {75, 80, 86, 90, 100, 120};
  // Supported exactly: CUBIN for the device.
  EXPECT_EQ(choose_target(86, supported), (Target{86, BinaryKind::cubin}));
  EXPECT_EQ(choose_target(90, supported), (Target{90, BinaryKind::cubin}));
  // A later minor version of a supported major runs that major's SASS.
  EXPECT_EQ(choose_target(89, supported), (Target{86, BinaryKind::cubin}));
  EXPECT_EQ(choose_target(121, supported), (Target{120, BinaryKind::cubin}));
  // A major this NVRTC has no SASS for (a newer GPU): PTX the driver compiles forward.
  EXPECT_EQ(choose_target(110, supported), (Target{100, BinaryKind::ptx}));
  EXPECT_EQ(choose_target(130, supported), (Target{120, BinaryKind::ptx}));
  // Older than everything supported.
  try {
    choose_target(70, supported);
    FAIL() << "expected GA_ERROR_UNSUPPORTED";
  } catch (const garray::Error& error) {
    EXPECT_EQ(error.status(), GA_ERROR_UNSUPPORTED);
    EXPECT_NE(std::string(error.what()).find("7.0"), std::string::npos) << error.what();
  }
}

TEST(Target, NvrtcSupportsTheArchitecturesGarrayTargets) {
  const auto supported = garray::jit::supported_architectures();
  ASSERT_FALSE(supported.empty());
  EXPECT_TRUE(std::is_sorted(supported.begin(), supported.end()));
  for (const int arch : {80, 90}) {
    EXPECT_NE(std::find(supported.begin(), supported.end(), arch), supported.end()) << arch;
  }
  EXPECT_NO_THROW(garray::jit::require_supported({90, BinaryKind::ptx}));
  EXPECT_THROW(garray::jit::require_supported({91, BinaryKind::cubin}), garray::Error);
}
