#include "gpu_test.hpp"

#include <set>
#include <string>
#include <thread>

TEST(Status, EveryValueHasADistinctName) {
  std::set<std::string> names;
  for (int value = GA_OK; value <= GA_ERROR_INTERNAL; ++value) {
    const std::string name = ga_status_string(static_cast<ga_status_t>(value));
    EXPECT_EQ(name.rfind("GA_", 0), 0u) << value;
    names.insert(name);
  }
  EXPECT_EQ(names.size(), static_cast<size_t>(GA_ERROR_INTERNAL + 1));
  EXPECT_STREQ(ga_status_string(static_cast<ga_status_t>(999)), "unknown status");
}

TEST(Status, ValuesNeverChange) {
  EXPECT_EQ(GA_OK, 0);
  EXPECT_EQ(GA_ERROR_INVALID_ARGUMENT, 1);
  EXPECT_EQ(GA_ERROR_INVALID_HANDLE, 2);
  EXPECT_EQ(GA_ERROR_OUT_OF_MEMORY, 3);
  EXPECT_EQ(GA_ERROR_NO_DEVICE, 4);
  EXPECT_EQ(GA_ERROR_CUDA, 5);
  EXPECT_EQ(GA_ERROR_COMPILE, 6);
  EXPECT_EQ(GA_ERROR_SHAPE_MISMATCH, 7);
  EXPECT_EQ(GA_ERROR_DTYPE, 8);
  EXPECT_EQ(GA_ERROR_INDEX, 9);
  EXPECT_EQ(GA_ERROR_UNSUPPORTED, 10);
  EXPECT_EQ(GA_ERROR_LINALG, 11);
  EXPECT_EQ(GA_ERROR_HOST_OUT_OF_MEMORY, 12);
  EXPECT_EQ(GA_ERROR_BUFFER_TOO_SMALL, 13);
  EXPECT_EQ(GA_ERROR_VERSION_MISMATCH, 14);
  EXPECT_EQ(GA_ERROR_INTERNAL, 15);
}

TEST(LastError, NamesFunctionAndArgumentThenClearsOnSuccess) {
  GA_EXPECT_STATUS(ga_dtype_itemsize(GA_FLOAT32, nullptr), GA_ERROR_INVALID_ARGUMENT);
  const std::string message = ga_last_error();
  EXPECT_NE(message.find("ga_dtype_itemsize"), std::string::npos) << message;
  EXPECT_NE(message.find("itemsize"), std::string::npos) << message;
  size_t size = 0;
  GA_ASSERT_OK(ga_dtype_itemsize(GA_FLOAT32, &size));
  EXPECT_STREQ(ga_last_error(), "");
}

TEST(LastError, IsPerThread) {
  GA_EXPECT_STATUS(ga_dtype_parse("nonsense", nullptr), GA_ERROR_INVALID_ARGUMENT);
  std::string other_thread_message = "unset";
  std::thread([&] { other_thread_message = ga_last_error(); }).join();
  EXPECT_EQ(other_thread_message, "");
  EXPECT_STRNE(ga_last_error(), "");
}
