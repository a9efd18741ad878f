#include "gpu_test.hpp"

#include <string>

TEST(Version, MatchesHeader) {
  int major = -1, minor = -1, patch = -1, abi = -1;
  GA_ASSERT_OK(ga_version_numbers(&major, &minor, &patch, &abi));
  EXPECT_EQ(major, GA_VERSION_MAJOR);
  EXPECT_EQ(minor, GA_VERSION_MINOR);
  EXPECT_EQ(patch, GA_VERSION_PATCH);
  EXPECT_EQ(abi, GA_ABI_VERSION);
  EXPECT_EQ(std::string(ga_version()), GA_VERSION_STRING);
}

TEST(Version, AcceptsNullOutPointers) { GA_ASSERT_OK(ga_version_numbers(nullptr, nullptr, nullptr, nullptr)); }
