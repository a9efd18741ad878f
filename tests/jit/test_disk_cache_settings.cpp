// Where the disk cache goes, from the environment.
#include "core/jit/disk_cache_settings.hpp"
#include "scoped_environment.hpp"

#include <gtest/gtest.h>

using garray::jit::disk_cache_settings_from_environment;
using garray::jit::kDefaultDiskCacheMaxBytes;

namespace {

class DiskCacheSettingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name :
         {"GA_CACHE_DIR", "GA_CACHE_MAX_BYTES", "GA_CACHE_DISABLE", "XDG_CACHE_HOME"}) {
      environment_.set(name, std::nullopt);
    }
    environment_.set("HOME", "/home/someone");
  }
  ScopedEnvironment environment_;
};

}  // namespace

TEST_F(DiskCacheSettingsTest, DefaultsToTheUsersCacheDirectory) {
  const auto settings = disk_cache_settings_from_environment();
  EXPECT_EQ(settings.directory, "/home/someone/.cache/garray/kernels");
  EXPECT_EQ(settings.max_bytes, kDefaultDiskCacheMaxBytes);
  EXPECT_EQ(kDefaultDiskCacheMaxBytes, 256u * 1024 * 1024);
}

TEST_F(DiskCacheSettingsTest, XdgCacheHomeWhenAbsolute) {
  environment_.set("XDG_CACHE_HOME", "/var/cache/me");
  EXPECT_EQ(disk_cache_settings_from_environment().directory, "/var/cache/me/garray/kernels");
  environment_.set("XDG_CACHE_HOME", "relative/path");
  EXPECT_EQ(disk_cache_settings_from_environment().directory,
            "/home/someone/.cache/garray/kernels");
}

TEST_F(DiskCacheSettingsTest, CacheDirectoryAndBoundFromTheirVariables) {
  environment_.set("XDG_CACHE_HOME", "/var/cache/me");
  environment_.set("GA_CACHE_DIR", "/scratch/kernels");
  environment_.set("GA_CACHE_MAX_BYTES", "1048576");
  const auto settings = disk_cache_settings_from_environment();
  EXPECT_EQ(settings.directory, "/scratch/kernels");
  EXPECT_EQ(settings.max_bytes, 1048576u);
}

TEST_F(DiskCacheSettingsTest, AMalformedBoundKeepsTheDefault) {
  for (const char* text : {"", "lots", "12abc", "-5", "1e9"}) {
    environment_.set("GA_CACHE_MAX_BYTES", text);
    EXPECT_EQ(disk_cache_settings_from_environment().max_bytes, kDefaultDiskCacheMaxBytes) << text;
  }
}

TEST_F(DiskCacheSettingsTest, DisableKeepsKernelsInMemoryOnly) {
  environment_.set("GA_CACHE_DIR", "/scratch/kernels");
  environment_.set("GA_CACHE_DISABLE", "1");
  EXPECT_TRUE(disk_cache_settings_from_environment().directory.empty());
  environment_.set("GA_CACHE_DISABLE", "0");
  EXPECT_EQ(disk_cache_settings_from_environment().directory, "/scratch/kernels");
}

TEST_F(DiskCacheSettingsTest, NoHomeAndNoSettingMeansNoDiskCache) {
  environment_.set("HOME", std::nullopt);
  EXPECT_TRUE(disk_cache_settings_from_environment().directory.empty());
}
