#include "core/common/insert_only_map.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace garray {
namespace {

TEST(InsertOnlyMap, FindsWhatWasInsertedAcrossGrowth) {
  InsertOnlyMap<int, std::string> map;
  EXPECT_EQ(map.find(1), nullptr);
  std::vector<const std::string*> stored;
  for (int key = 0; key < 5000; ++key) {
    stored.push_back(&map.find_or_insert(key, [&] { return std::to_string(key); }));
  }
  for (int key = 0; key < 5000; ++key) {
    const std::string* found = map.find(key);
    ASSERT_NE(found, nullptr) << key;
    EXPECT_EQ(*found, std::to_string(key));
    EXPECT_EQ(found, stored[static_cast<std::size_t>(key)]) << "a value moved when the table grew";
  }
  EXPECT_EQ(map.find(5000), nullptr);
  EXPECT_EQ(map.find(-1), nullptr);
}

TEST(InsertOnlyMap, KeepsTheFirstValueAndMakesNoneForAPresentKey) {
  InsertOnlyMap<std::string, int> map;
  EXPECT_EQ(map.find_or_insert("a", [] { return 1; }), 1);
  int made = 0;
  EXPECT_EQ(map.find_or_insert("a", [&] { return ++made, 2; }), 1);
  EXPECT_EQ(made, 0);
}

// Aligned pointers as keys: std::hash gives them back unchanged, so slots must not follow their low bits alone.
TEST(InsertOnlyMap, TakesAlignedPointersAsKeys) {
  std::vector<std::int64_t> objects(4096);
  InsertOnlyMap<const void*, std::size_t> map;
  for (std::size_t i = 0; i < objects.size(); i += 8) map.find_or_insert(&objects[i], [&] { return i; });
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const std::size_t* found = map.find(&objects[i]);
    if (i % 8 == 0) {
      ASSERT_NE(found, nullptr);
      EXPECT_EQ(*found, i);
    } else {
      EXPECT_EQ(found, nullptr);
    }
  }
}

// Threads insert overlapping keys while others read: every key ends with one value, every thread sees that value.
TEST(InsertOnlyMap, ConcurrentInsertsAgreeOnOneValuePerKey) {
  constexpr int kThreads = 8;
  constexpr int kKeys = 2000;
  InsertOnlyMap<int, int> map;
  std::vector<std::vector<const int*>> seen(kThreads);
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      while (!go.load()) {
      }
      for (int key = 0; key < kKeys; ++key) {
        const int k = (key * 7 + t * 13) % kKeys;
        seen[static_cast<std::size_t>(t)].push_back(&map.find_or_insert(k, [&] { return k * 10 + t; }));
        if (const int* found = map.find((k + 1) % kKeys)) {
          EXPECT_EQ(*found / 10, (k + 1) % kKeys);
        }
      }
    });
  }
  go = true;
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) {
    for (int key = 0; key < kKeys; ++key) {
      const int k = (key * 7 + t * 13) % kKeys;
      const int* value = seen[static_cast<std::size_t>(t)][static_cast<std::size_t>(key)];
      EXPECT_EQ(value, map.find(k));
      EXPECT_EQ(*value / 10, k);
    }
  }
}

}  // namespace
}  // namespace garray
