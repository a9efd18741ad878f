// The handle shells on their own, with a host payload: retain/release, stale-handle detection.
#include "capi/handle.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace {

struct Probe {
  explicit Probe(int* destroyed) : destroyed_(destroyed) {}
  ~Probe() { ++*destroyed_; }
  int* destroyed_;
};

struct probe_s : garray::capi::Handle<std::unique_ptr<Probe>, 0x50524f42u> {};

}  // namespace

TEST(Handle, LastReleaseDestroysPayloadAndLeavesShellDetectablyDead) {
  int destroyed = 0;
  probe_s* handle = garray::capi::make_handle<probe_s>(std::make_unique<Probe>(&destroyed));
  EXPECT_TRUE(garray::capi::is_live(handle));
  garray::capi::retain(handle, "probe");
  garray::capi::release(handle, "probe");
  EXPECT_EQ(destroyed, 0);
  garray::capi::release(handle, "probe");
  EXPECT_EQ(destroyed, 1);
  EXPECT_FALSE(garray::capi::is_live(handle));
  try {
    garray::capi::release(handle, "probe");
    FAIL() << "a released handle was accepted";
  } catch (const garray::Error& error) {
    EXPECT_EQ(error.status(), GA_ERROR_INVALID_HANDLE);
    EXPECT_NE(std::string(error.what()).find("probe"), std::string::npos);
  }
}

TEST(Handle, NullIsInvalidHandle) {
  try {
    garray::capi::deref(static_cast<probe_s*>(nullptr), "thing");
    FAIL();
  } catch (const garray::Error& error) {
    EXPECT_EQ(error.status(), GA_ERROR_INVALID_HANDLE);
  }
}

TEST(Handle, ShellsAreNotReusedUntilTheQuarantineIsFull) {
  int destroyed = 0;
  probe_s* first = garray::capi::make_handle<probe_s>(std::make_unique<Probe>(&destroyed));
  garray::capi::release(first, "probe");
  for (int i = 0; i < 100; ++i) {
    probe_s* next = garray::capi::make_handle<probe_s>(std::make_unique<Probe>(&destroyed));
    EXPECT_NE(next, first);
    garray::capi::release(next, "probe");
  }
  EXPECT_FALSE(garray::capi::is_live(first));
}
