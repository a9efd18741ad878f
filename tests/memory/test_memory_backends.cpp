// The backends besides the pool: cudaMallocAsync and the caller's allocator hooks.
#include "memory_test.hpp"

#include <string>

namespace {

constexpr size_t MiB = size_t{1} << 20;

using MemoryBackendTest = DevicePoolTest;

TEST_F(MemoryBackendTest, PoolIsTheDefault) {
  ga_memory_backend_t backend = GA_MEMORY_BACKEND_CUSTOM;
  GA_ASSERT_OK(ga_memory_pool_get_backend(0, &backend));
  EXPECT_EQ(backend, GA_MEMORY_BACKEND_POOL);
}

TEST_F(MemoryBackendTest, AsyncBackendServesAndCountsAllocations) {
  const ga_status_t chosen = ga_memory_pool_set_backend(0, GA_MEMORY_BACKEND_ASYNC);
  if (chosen == GA_ERROR_UNSUPPORTED) GTEST_SKIP() << ga_last_error();
  GA_ASSERT_OK(chosen);
  ga_memory_backend_t backend = GA_MEMORY_BACKEND_POOL;
  GA_ASSERT_OK(ga_memory_pool_get_backend(0, &backend));
  EXPECT_EQ(backend, GA_MEMORY_BACKEND_ASYNC);

  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(MiB + 3, stream, &block));
  EXPECT_TRUE(round_trips(block, MiB + 3, 0x7E, native_of(stream)));
  ga_memory_stats_t stats = device_pool_stats();
  EXPECT_EQ(stats.used_bytes, MiB + 3);
  EXPECT_EQ(stats.total_bytes, MiB + 3);
  EXPECT_EQ(stats.cached_bytes, 0u);
  EXPECT_EQ(stats.allocations, 1u);

  GA_EXPECT_STATUS(ga_memory_pool_set_backend(0, GA_MEMORY_BACKEND_POOL),
                   GA_ERROR_INVALID_ARGUMENT);
  int local = 0;
  GA_EXPECT_STATUS(ga_memory_free(&local, stream), GA_ERROR_INVALID_ARGUMENT);
  GA_ASSERT_OK(ga_memory_free(block, stream));
  EXPECT_EQ(device_pool_stats().used_bytes, 0u);
  GA_EXPECT_STATUS(ga_memory_free(block, stream), GA_ERROR_INVALID_ARGUMENT);

  GA_ASSERT_OK(ga_memory_pool_set_limit(0, MiB));
  GA_EXPECT_STATUS(ga_memory_allocate(2 * MiB, stream, &block), GA_ERROR_OUT_OF_MEMORY);
  GA_ASSERT_OK(ga_memory_pool_free_all_blocks(0));
  GA_ASSERT_OK(ga_stream_release(stream));
  GA_ASSERT_OK(ga_memory_pool_set_backend(0, GA_MEMORY_BACKEND_POOL));
}

// Hooks over cudaMalloc that count what garray asks of them.
struct CountingAllocator {
  int allocations = 0;
  int deallocations = 0;
  size_t last_bytes = 0;
  int last_device = -1;
  void* last_stream = reinterpret_cast<void*>(1);
  bool refuse = false;

  static void* allocate(void* context, size_t bytes, int device, void* cuda_stream) {
    auto& self = *static_cast<CountingAllocator*>(context);
    ++self.allocations;
    self.last_bytes = bytes;
    self.last_device = device;
    self.last_stream = cuda_stream;
    void* memory = nullptr;
    if (self.refuse || cudaMalloc(&memory, bytes) != cudaSuccess) return nullptr;
    return memory;
  }

  static void deallocate(void* context, void* ptr, size_t bytes, int device, void* cuda_stream) {
    auto& self = *static_cast<CountingAllocator*>(context);
    ++self.deallocations;
    self.last_bytes = bytes;
    self.last_device = device;
    self.last_stream = cuda_stream;
    cudaFree(ptr);
  }

  ga_allocator_t hooks() {
    return ga_allocator_t{sizeof(ga_allocator_t), this, &CountingAllocator::allocate,
                          &CountingAllocator::deallocate};
  }
};

TEST_F(MemoryBackendTest, CustomHooksServeEveryAllocation) {
  CountingAllocator counting;
  const ga_allocator_t hooks = counting.hooks();
  GA_ASSERT_OK(ga_memory_set_allocator(0, &hooks));
  ga_memory_backend_t backend = GA_MEMORY_BACKEND_POOL;
  GA_ASSERT_OK(ga_memory_pool_get_backend(0, &backend));
  EXPECT_EQ(backend, GA_MEMORY_BACKEND_CUSTOM);

  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(1000, stream, &block));
  EXPECT_EQ(counting.allocations, 1);
  EXPECT_EQ(counting.last_bytes, 1000u);
  EXPECT_EQ(counting.last_device, 0);
  EXPECT_EQ(counting.last_stream, native_of(stream));
  EXPECT_TRUE(round_trips(block, 1000, 0x42, native_of(stream)));
  EXPECT_EQ(device_pool_stats().used_bytes, 1000u);

  GA_EXPECT_STATUS(ga_memory_set_allocator(0, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);  // a block is in use
  GA_ASSERT_OK(ga_memory_free(block, stream));
  EXPECT_EQ(counting.deallocations, 1);
  EXPECT_EQ(counting.last_bytes, 1000u);
  EXPECT_EQ(device_pool_stats().used_bytes, 0u);

  counting.refuse = true;
  block = &block;
  GA_EXPECT_STATUS(ga_memory_allocate(1000, stream, &block), GA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(block, &block);
  EXPECT_NE(std::string(ga_last_error()).find("1000"), std::string::npos) << ga_last_error();

  GA_ASSERT_OK(ga_memory_set_allocator(0, nullptr));
  GA_ASSERT_OK(ga_memory_pool_get_backend(0, &backend));
  EXPECT_EQ(backend, GA_MEMORY_BACKEND_POOL);
  GA_ASSERT_OK(ga_memory_allocate(1000, stream, &block));
  EXPECT_EQ(counting.allocations, 2) << "the pool serves again";
  GA_ASSERT_OK(ga_memory_free(block, stream));
  GA_ASSERT_OK(ga_stream_release(stream));
}

TEST_F(MemoryBackendTest, IncompleteHooksAndCustomThroughSetBackendAreRefused) {
  CountingAllocator counting;
  ga_allocator_t hooks = counting.hooks();
  hooks.struct_size = sizeof(size_t);
  GA_EXPECT_STATUS(ga_memory_set_allocator(0, &hooks), GA_ERROR_INVALID_ARGUMENT);
  hooks = counting.hooks();
  hooks.deallocate = nullptr;
  GA_EXPECT_STATUS(ga_memory_set_allocator(0, &hooks), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_memory_pool_set_backend(0, GA_MEMORY_BACKEND_CUSTOM),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_memory_pool_set_backend(0, static_cast<ga_memory_backend_t>(7)),
                   GA_ERROR_INVALID_ARGUMENT);
  ga_memory_backend_t backend = GA_MEMORY_BACKEND_CUSTOM;
  GA_ASSERT_OK(ga_memory_pool_get_backend(0, &backend));
  EXPECT_EQ(backend, GA_MEMORY_BACKEND_POOL);
}

TEST_F(MemoryBackendTest, BackendCannotChangeWhileThePoolHasBlocksInUse) {
  void* block = nullptr;
  GA_ASSERT_OK(ga_memory_allocate(MiB, nullptr, &block));
  GA_EXPECT_STATUS(ga_memory_pool_set_backend(0, GA_MEMORY_BACKEND_ASYNC),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("in use"), std::string::npos) << ga_last_error();
  GA_ASSERT_OK(ga_memory_free(block, nullptr));
}

}  // namespace
