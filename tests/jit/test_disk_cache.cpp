// The disk cache on its own: atomic files, damaged files, least-recently-used eviction, and a
// directory that cannot be written.
#include "core/jit/cache_file_format.hpp"
#include "core/jit/disk_cache.hpp"
#include "scratch_directory.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

using garray::jit::CachedCode;
using garray::jit::DiskCache;
using garray::jit::kCacheFileHeaderSize;
using garray::jit::LoweredName;
using garray::jit::sha256;
using garray::jit::Sha256Digest;

namespace fs = std::filesystem;

namespace {

std::vector<char> payload_of(std::size_t size, char fill) { return std::vector<char>(size, fill); }

Sha256Digest key_of(const std::string& name) { return sha256(name); }

std::vector<fs::path> files_in(const fs::path& directory) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(directory)) files.push_back(entry.path());
  return files;
}

void age(const fs::path& path, std::chrono::seconds by) {
  fs::last_write_time(path, fs::file_time_type::clock::now() - by);
}

}  // namespace

TEST(DiskCache, StoresAndLoadsUnderTheKeysHexName) {
  ScratchDirectory directory;
  const DiskCache cache({directory.path() / "kernels", 1 << 20});
  const Sha256Digest key = key_of("a");
  EXPECT_EQ(cache.path_for(key),
            directory.path() / "kernels" / (garray::jit::to_hex(key) + ".kernel"));
  EXPECT_FALSE(cache.load(key));
  cache.store(key, payload_of(100, 'x'));
  EXPECT_EQ(cache.load(key), (CachedCode{payload_of(100, 'x'), {}}));
  EXPECT_EQ(files_in(directory.path() / "kernels"), std::vector<fs::path>{cache.path_for(key)})
      << "no temporary file is left behind";
  EXPECT_EQ(cache.total_bytes(), kCacheFileHeaderSize + 4 + 100);
}

TEST(DiskCache, KeepsLoweredNamesWithTheCode) {
  ScratchDirectory directory;
  const DiskCache cache({directory.path(), 1 << 20});
  const std::vector<LoweredName> names = {{"f<int>", "_Z1fIiEvv"}};
  cache.store(key_of("names"), payload_of(10, 'n'), names);
  EXPECT_EQ(cache.load(key_of("names")), (CachedCode{payload_of(10, 'n'), names}));
}

TEST(DiskCache, TruncatedOrCorruptFilesAreMissesAndTheNextStoreReplacesThem) {
  ScratchDirectory directory;
  const DiskCache cache({directory.path(), 1 << 20});
  const Sha256Digest key = key_of("b");
  cache.store(key, payload_of(500, 'y'));
  const fs::path path = cache.path_for(key);

  fs::resize_file(path, fs::file_size(path) - 1);
  EXPECT_FALSE(cache.load(key));
  cache.store(key, payload_of(500, 'y'));
  EXPECT_EQ(cache.load(key)->code, payload_of(500, 'y'));

  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(kCacheFileHeaderSize + 10));
    file.put('z');
  }
  EXPECT_FALSE(cache.load(key));
  cache.store(key, payload_of(500, 'y'));
  EXPECT_EQ(cache.load(key)->code, payload_of(500, 'y'));
}

TEST(DiskCache, EvictsTheLeastRecentlyUsedFilesBeyondTheBound) {
  ScratchDirectory directory;
  const std::size_t file_size = kCacheFileHeaderSize + 4 + 1000;
  const DiskCache cache({directory.path(), 3 * file_size});
  for (const char* name : {"first", "second", "third"})
    cache.store(key_of(name), payload_of(1000, 'p'));
  age(cache.path_for(key_of("first")), std::chrono::seconds(300));
  age(cache.path_for(key_of("second")), std::chrono::seconds(200));
  age(cache.path_for(key_of("third")), std::chrono::seconds(100));

  ASSERT_TRUE(cache.load(key_of("first")));  // a hit makes "first" the most recently used
  cache.store(key_of("fourth"), payload_of(1000, 'p'));

  EXPECT_LE(cache.total_bytes(), 3 * file_size);
  EXPECT_FALSE(fs::exists(cache.path_for(key_of("second"))));
  EXPECT_TRUE(fs::exists(cache.path_for(key_of("first"))));
  EXPECT_TRUE(fs::exists(cache.path_for(key_of("third"))));
  EXPECT_TRUE(fs::exists(cache.path_for(key_of("fourth"))));
}

TEST(DiskCache, AFileLargerThanTheBoundIsNotKept) {
  ScratchDirectory directory;
  const DiskCache cache({directory.path(), 100});
  cache.store(key_of("big"), payload_of(1000, 'q'));
  EXPECT_EQ(cache.total_bytes(), 0u);
}

TEST(DiskCache, TemporariesAbandonedByCrashedWritersAreRemoved) {
  ScratchDirectory directory;
  const DiskCache cache({directory.path(), 1 << 20});
  const fs::path abandoned = directory.path() / ".abc.kernel.12345.0.tmp";
  const fs::path in_progress = directory.path() / ".def.kernel.12345.1.tmp";
  std::ofstream(abandoned) << "partial";
  std::ofstream(in_progress) << "partial";
  age(abandoned, std::chrono::hours(2));
  cache.store(key_of("c"), payload_of(10, 'c'));
  EXPECT_FALSE(fs::exists(abandoned));
  EXPECT_TRUE(fs::exists(in_progress)) << "a recent temporary may belong to a live writer";
}

TEST(DiskCache, AnUnwritableDirectoryIsSkippedSilently) {
  ScratchDirectory directory;
  std::ofstream(directory.path() / "a_file") << "not a directory";
  // Below a regular file no directory can be made, whoever runs the test (root included).
  const DiskCache cache({directory.path() / "a_file" / "kernels", 1 << 20});
  cache.store(key_of("d"), payload_of(10, 'd'));
  EXPECT_FALSE(cache.load(key_of("d")));
  EXPECT_EQ(cache.total_bytes(), 0u);
}

TEST(DiskCache, DisabledCacheStoresNothing) {
  const DiskCache cache({});
  EXPECT_FALSE(cache.enabled());
  cache.store(key_of("e"), payload_of(10, 'e'));
  EXPECT_FALSE(cache.load(key_of("e")));
  EXPECT_EQ(cache.total_bytes(), 0u);
}
