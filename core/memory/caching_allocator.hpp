// A stream-ordered caching allocator: the algorithm behind the device pools and the pinned pool,
// over an Upstream (where segments come from) and a StreamOrdering (when a stream has passed a
// point), so that it runs, and is tested, on host memory as well.
//
// Requests are rounded up to 512 bytes. Requests under 1 MiB are carved from 2 MiB segments, larger
// ones from segments rounded up to 2 MiB; the two kinds never share a segment, so small blocks do
// not pin down large segments. A request takes the smallest free block that fits (best fit),
// splitting off the rest; a freed block merges with free neighbours of its segment.
//
// Stream ordering: a block freed on stream S is at once reusable by later allocations on S, since S
// runs its work in order. Other streams may take it only after S has passed the free. Frees record
// nothing (keeping the common path cheap); only when an allocation on T finds nothing among T's own
// free blocks and those every stream has passed does the allocator, for each other stream S holding
// free blocks, record one marker on S covering all of S's frees so far, and hand over to every
// stream the blocks of S whose marker S has passed. When the upstream is exhausted (or the limit is
// reached), it waits for every stream to pass its frees, returns every wholly free segment upstream
// and retries once before throwing GA_ERROR_OUT_OF_MEMORY.
//
// Thread-safe: one mutex guards everything. Moving a block between the containers below reuses the
// container node the block carries, so steady-state allocate/free does not touch the heap.
#pragma once

#include "core/memory/memory_stats.hpp"
#include "core/memory/stream_ordering.hpp"
#include "core/memory/upstream.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace garray {

class CachingAllocator {
 public:
  static constexpr std::size_t kAlignment = 512;
  static constexpr std::size_t kSmallRequestLimit = std::size_t{1} << 20;
  static constexpr std::size_t kSegmentGranularity = std::size_t{2} << 20;

  // `name` introduces error messages ("device 0", "pinned host memory"). The allocator uses
  // `upstream` and `ordering` until it is destroyed.
  CachingAllocator(Upstream& upstream, StreamOrdering& ordering, std::string name);
  // Returns every segment upstream, blocks in use included.
  ~CachingAllocator();
  CachingAllocator(const CachingAllocator&) = delete;
  CachingAllocator& operator=(const CachingAllocator&) = delete;

  // A block of at least `bytes`, 512-byte aligned within its segment, that work on `stream` may use
  // at once; nullptr for 0 bytes. Throws Error(GA_ERROR_OUT_OF_MEMORY) naming the sizes when even
  // returning the cache upstream does not make room.
  void* allocate(std::size_t bytes, StreamId stream);

  // Takes back `ptr`, whose last use was queued on `stream`. Returns false, changing nothing, when
  // this allocator did not hand `ptr` out (or it was freed already). nullptr is ignored.
  [[nodiscard]] bool deallocate(void* ptr, const FreeingStream& stream);

  // Whether `ptr` is a block this allocator handed out and that has not been freed.
  bool owns(const void* ptr) const;

  // Waits until every stream has passed the frees of the blocks cached here, then returns every
  // wholly free segment upstream. Blocks in use, and free blocks sharing a segment with them, stay.
  void release_cached();

  // Caps the bytes held from upstream (in use + cached); 0 removes the cap. Lowering it below what
  // is held returns the cache upstream but never fails.
  void set_limit(std::size_t bytes);
  std::size_t limit() const;

  MemoryStats stats() const;
  void reset_peak();

 private:
  struct Block;
  struct StreamBlocks;

  // Orders free blocks by size, then address, so that lower_bound(size) is the best fit.
  struct BySizeThenAddress {
    using is_transparent = void;
    bool operator()(const Block* a, const Block* b) const noexcept;
    bool operator()(const Block* a, std::size_t size) const noexcept;
    bool operator()(std::size_t size, const Block* b) const noexcept;
  };

  using FreeIndex = std::set<Block*, BySizeThenAddress>;
  using UsedBlocks = std::unordered_map<const void*, Block*>;

  // A piece of a segment, free or in use. Blocks of a segment form a list in address order.
  struct Block {
    char* address = nullptr;  // nullptr while the Block object is spare
    std::size_t size = 0;
    Block* previous = nullptr;
    Block* next = nullptr;
    bool small = false;  // carved from a small-request segment
    bool in_use = false;
    // While free: the blocks of the stream it was freed on, or *ready_ once every stream has passed
    // that free.
    StreamBlocks* owner = nullptr;
    // While free: its owner's StreamBlocks::next_sequence at the free; tells which marker covers
    // it.
    std::uint64_t free_sequence = 0;
    // The nodes that carry this block in a FreeIndex or in used_, kept here while it is out of
    // them.
    FreeIndex::node_type index_node;
    UsedBlocks::node_type used_node;
  };

  // The free blocks last used on one stream (or, for kNoStream, by no stream any more).
  struct StreamBlocks {
    StreamId id = kNoStream;
    FreeIndex small_blocks;
    FreeIndex large_blocks;
    std::shared_ptr<const void> keep_alive;  // held while any block is here
    bool record_later = true;
    std::uint64_t next_sequence = 0;  // given to the next block freed on the stream
    std::uint64_t marked_sequence =
        0;  // blocks freed before it are behind the last marker recorded
    std::optional<StreamMarker> marker;  // the last marker, until seen passed

    bool empty() const noexcept { return small_blocks.empty() && large_blocks.empty(); }
    bool has_unmarked_frees() const noexcept { return next_sequence > marked_sequence; }
  };

  static std::size_t round_up(std::size_t bytes, std::size_t multiple) noexcept;
  static FreeIndex& index_for(StreamBlocks& blocks, const Block& block) noexcept;

  Block* find_fit(std::size_t size, bool small, StreamId stream);
  Block* add_segment(std::size_t size, bool small);
  void* hand_out(Block* block, std::size_t size);
  [[noreturn]] void throw_out_of_memory(std::size_t bytes, std::size_t size, bool small) const;

  StreamBlocks& blocks_freed_on(const FreeingStream& stream);
  void insert_free(StreamBlocks& owner, Block* block);
  void remove_free(StreamBlocks& owner, Block* block) noexcept;
  void merge_into(Block* front, Block* back) noexcept;

  void make_other_streams_blocks_reusable(StreamId requester);
  void mark(StreamBlocks& owner);
  void settle_if_passed(StreamBlocks& owner);
  void settle(StreamBlocks& owner, std::uint64_t covered_sequence);
  void forget_if_empty(StreamBlocks& owner) noexcept;

  void release_cached_locked();
  void release_free_segments() noexcept;

  Block* take_spare_block();
  void retire(Block* block) noexcept;

  Upstream& upstream_;
  StreamOrdering& ordering_;
  const std::string name_;

  mutable std::mutex mutex_;
  std::unordered_map<StreamId, StreamBlocks> streams_;
  StreamBlocks* ready_;  // streams_[kNoStream]: blocks every stream has passed
  UsedBlocks used_;
  std::deque<Block> block_storage_;  // a deque, so that Block addresses never change
  std::vector<Block*> spare_blocks_;
  UsageCounters usage_;
  std::size_t total_bytes_ = 0;
  std::size_t limit_bytes_ = 0;
  std::uint64_t upstream_allocations_ = 0;
};

}  // namespace garray
