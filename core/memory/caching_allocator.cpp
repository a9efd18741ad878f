#include "core/memory/caching_allocator.hpp"

#include "core/common/error.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>

namespace garray {

namespace {

// Larger requests would overflow when rounded up to a segment.
constexpr std::size_t kLargestRequest =
    std::numeric_limits<std::size_t>::max() - CachingAllocator::kSegmentGranularity;

// How many Block objects the containers are first sized for.
constexpr std::size_t kInitialBlockCapacity = 64;

}  // namespace

bool CachingAllocator::BySizeThenAddress::operator()(const Block* a,
                                                     const Block* b) const noexcept {
  return a->size != b->size ? a->size < b->size : a->address < b->address;
}

bool CachingAllocator::BySizeThenAddress::operator()(const Block* a,
                                                     std::size_t size) const noexcept {
  return a->size < size;
}

bool CachingAllocator::BySizeThenAddress::operator()(std::size_t size,
                                                     const Block* b) const noexcept {
  return size < b->size;
}

CachingAllocator::CachingAllocator(Upstream& upstream, StreamOrdering& ordering, std::string name)
    : upstream_(upstream), ordering_(ordering), name_(std::move(name)) {
  ready_ = &streams_[kNoStream];
}

CachingAllocator::~CachingAllocator() {
  for (auto& [id, blocks] : streams_) {
    if (blocks.marker) ordering_.discard(*blocks.marker);
  }
  for (Block& block : block_storage_) {
    if (block.address == nullptr || block.previous != nullptr) continue;
    std::size_t segment_size = 0;
    for (const Block* piece = &block; piece != nullptr; piece = piece->next) {
      segment_size += piece->size;
    }
    upstream_.release(block.address, segment_size);
  }
}

std::size_t CachingAllocator::round_up(std::size_t bytes, std::size_t multiple) noexcept {
  return (bytes + multiple - 1) / multiple * multiple;
}

CachingAllocator::FreeIndex& CachingAllocator::index_for(StreamBlocks& blocks,
                                                         const Block& block) noexcept {
  return block.small ? blocks.small_blocks : blocks.large_blocks;
}

void* CachingAllocator::allocate(std::size_t bytes, StreamId stream) {
  if (bytes == 0) return nullptr;
  std::lock_guard lock(mutex_);
  const std::size_t size = bytes <= kLargestRequest ? round_up(bytes, kAlignment) : bytes;
  const bool small = size < kSmallRequestLimit;
  if (bytes > kLargestRequest) throw_out_of_memory(bytes, size, small);

  Block* block = find_fit(size, small, stream);
  if (block == nullptr) {
    make_other_streams_blocks_reusable(stream);
    block = find_fit(size, small, stream);
  }
  if (block == nullptr) block = add_segment(size, small);
  if (block == nullptr) {
    release_cached_locked();
    block = find_fit(size, small, stream);
    if (block == nullptr) block = add_segment(size, small);
  }
  if (block == nullptr) throw_out_of_memory(bytes, size, small);
  return hand_out(block, size);
}

// The smallest block that fits, from the requester's own free blocks or those every stream has
// passed; on a tie the requester's own, leaving the shared ones to others.
CachingAllocator::Block* CachingAllocator::find_fit(std::size_t size, bool small, StreamId stream) {
  auto smallest_fit = [&](StreamBlocks& blocks) -> Block* {
    FreeIndex& index = small ? blocks.small_blocks : blocks.large_blocks;
    const auto found = index.lower_bound(size);
    return found == index.end() ? nullptr : *found;
  };
  Block* best = smallest_fit(*ready_);
  if (stream == kNoStream) return best;
  if (const auto own = streams_.find(stream); own != streams_.end()) {
    Block* mine = smallest_fit(own->second);
    if (mine != nullptr && (best == nullptr || mine->size <= best->size)) best = mine;
  }
  return best;
}

// A new segment from upstream, entered as one free block every stream may take; nullptr when the
// upstream is exhausted or the segment would take the pool past its limit.
CachingAllocator::Block* CachingAllocator::add_segment(std::size_t size, bool small) {
  const std::size_t segment_size =
      small ? kSegmentGranularity : round_up(size, kSegmentGranularity);
  if (limit_bytes_ != 0 && segment_size > limit_bytes_ - std::min(limit_bytes_, total_bytes_)) {
    return nullptr;
  }
  Block* block = take_spare_block();
  void* memory = nullptr;
  try {
    memory = upstream_.allocate(segment_size);
  } catch (...) {
    retire(block);
    throw;
  }
  if (memory == nullptr) {
    retire(block);
    return nullptr;
  }
  block->address = static_cast<char*>(memory);
  block->size = segment_size;
  block->small = small;
  block->owner = ready_;
  total_bytes_ += segment_size;
  ++upstream_allocations_;
  insert_free(*ready_, block);
  return block;
}

void* CachingAllocator::hand_out(Block* block, std::size_t size) {
  StreamBlocks& owner = *block->owner;
  // A large block keeps a remainder under 1 MiB: no large request could use it on its own.
  const std::size_t smallest_remainder = block->small ? kAlignment : kSmallRequestLimit;
  Block* rest = block->size - size >= smallest_remainder ? take_spare_block() : nullptr;

  remove_free(owner, block);
  block->used_node.key() = block->address;
  block->used_node.mapped() = block;
  used_.insert(std::move(block->used_node));
  if (rest != nullptr) {
    rest->address = block->address + size;
    rest->size = block->size - size;
    rest->small = block->small;
    rest->owner = block->owner;
    rest->free_sequence = block->free_sequence;
    rest->previous = block;
    rest->next = block->next;
    if (block->next != nullptr) block->next->previous = rest;
    block->next = rest;
    block->size = size;
    index_for(owner, *rest).insert(std::move(rest->index_node));
  }
  block->in_use = true;
  block->owner = nullptr;
  usage_.add(block->size);
  forget_if_empty(owner);
  return block->address;
}

void CachingAllocator::throw_out_of_memory(std::size_t bytes, std::size_t size, bool small) const {
  std::string message = name_ + ": out of memory allocating " + std::to_string(bytes) + " bytes";
  if (bytes <= kLargestRequest) {
    message +=
        " (" + std::to_string(size) + " rounded, from " +
        (small ? "a small segment"
               : "a segment of " + std::to_string(round_up(size, kSegmentGranularity)) + " bytes") +
        ")";
  }
  message += ": " + std::to_string(usage_.used_bytes()) + " bytes in use, " +
             std::to_string(total_bytes_ - usage_.used_bytes()) + " bytes cached";
  if (limit_bytes_ != 0) message += ", limit " + std::to_string(limit_bytes_) + " bytes";
  throw Error(GA_ERROR_OUT_OF_MEMORY, message);
}

bool CachingAllocator::deallocate(void* ptr, const FreeingStream& stream) {
  if (ptr == nullptr) return true;
  std::lock_guard lock(mutex_);
  const auto found = used_.find(ptr);
  if (found == used_.end()) return false;
  StreamBlocks& owner = blocks_freed_on(stream);
  Block* block = found->second;
  block->used_node = used_.extract(found);
  block->in_use = false;
  usage_.remove(block->size);
  block->owner = &owner;
  block->free_sequence = owner.next_sequence++;
  insert_free(owner, block);
  if (stream.id != kNoStream && !stream.record_later) {
    settle_if_passed(owner);
    mark(owner);
  }
  return true;
}

bool CachingAllocator::owns(const void* ptr) const {
  std::lock_guard lock(mutex_);
  return used_.contains(ptr);
}

CachingAllocator::StreamBlocks& CachingAllocator::blocks_freed_on(const FreeingStream& stream) {
  auto [entry, created] = streams_.try_emplace(stream.id);
  StreamBlocks& blocks = entry->second;
  if (created) blocks.id = stream.id;
  if (stream.id != kNoStream && blocks.empty()) {
    blocks.keep_alive = stream.keep_alive;
    blocks.record_later = stream.record_later;
  }
  return blocks;
}

// Enters a free block into `owner`'s index, merged with neighbours that are free on the same
// stream. Blocks free on different streams are not merged: the merged block could go to neither
// stream's rule without breaking the other's.
void CachingAllocator::insert_free(StreamBlocks& owner, Block* block) {
  auto free_on_owner = [&](const Block* neighbour) {
    return neighbour != nullptr && !neighbour->in_use && neighbour->owner == &owner;
  };
  if (free_on_owner(block->previous)) {
    Block* previous = block->previous;
    remove_free(owner, previous);
    merge_into(previous, block);
    block = previous;
  }
  if (free_on_owner(block->next)) {
    Block* next = block->next;
    remove_free(owner, next);
    merge_into(block, next);
  }
  index_for(owner, *block).insert(std::move(block->index_node));
}

void CachingAllocator::remove_free(StreamBlocks& owner, Block* block) noexcept {
  block->index_node = index_for(owner, *block).extract(block);
}

// `front` absorbs its next neighbour `back`. The merged block is as late as the later free, so a
// marker covers it only if it covers both.
void CachingAllocator::merge_into(Block* front, Block* back) noexcept {
  front->size += back->size;
  front->free_sequence = std::max(front->free_sequence, back->free_sequence);
  front->next = back->next;
  if (back->next != nullptr) back->next->previous = front;
  retire(back);
}

// The slow path of an allocation that found nothing: for every other stream holding free blocks,
// hand over those behind a marker the stream has passed, and record a marker covering its later
// frees. A stream with a marker still outstanding gets no new one, so that a busy stream's older
// frees are not held back behind ever newer markers.
void CachingAllocator::make_other_streams_blocks_reusable(StreamId requester) {
  for (auto entry = streams_.begin(); entry != streams_.end();) {
    StreamBlocks& blocks = entry->second;
    if (blocks.id == kNoStream || blocks.id == requester) {
      ++entry;
      continue;
    }
    if (blocks.empty()) {
      entry = streams_.erase(entry);  // keeps the table from growing with every stream ever seen
      continue;
    }
    settle_if_passed(blocks);
    if (!blocks.marker && blocks.record_later && blocks.has_unmarked_frees()) mark(blocks);
    ++entry;
  }
}

void CachingAllocator::mark(StreamBlocks& owner) {
  const StreamMarker marker = ordering_.record(owner.id);
  if (owner.marker) ordering_.discard(*owner.marker);
  owner.marker = marker;
  owner.marked_sequence = owner.next_sequence;
}

void CachingAllocator::settle_if_passed(StreamBlocks& owner) {
  if (!owner.marker || !ordering_.has_passed(*owner.marker)) return;
  ordering_.discard(*owner.marker);
  owner.marker.reset();
  settle(owner, owner.marked_sequence);
}

// Hands `owner`'s blocks freed before `covered_sequence` over to every stream.
void CachingAllocator::settle(StreamBlocks& owner, std::uint64_t covered_sequence) {
  for (FreeIndex* index : {&owner.small_blocks, &owner.large_blocks}) {
    for (auto position = index->begin(); position != index->end();) {
      Block* block = *position;
      if (block->free_sequence >= covered_sequence) {
        ++position;
        continue;
      }
      block->index_node = index->extract(position++);
      block->owner = ready_;
      insert_free(*ready_, block);
    }
  }
  forget_if_empty(owner);
}

// A stream with no free blocks left needs neither its marker nor to be kept alive.
void CachingAllocator::forget_if_empty(StreamBlocks& owner) noexcept {
  if (owner.id == kNoStream || !owner.empty()) return;
  owner.keep_alive.reset();
  if (owner.marker) {
    ordering_.discard(*owner.marker);
    owner.marker.reset();
  }
}

void CachingAllocator::release_cached() {
  std::lock_guard lock(mutex_);
  release_cached_locked();
}

void CachingAllocator::release_cached_locked() {
  for (auto& [id, blocks] : streams_) {
    if (id == kNoStream || blocks.empty()) continue;
    if (blocks.record_later && blocks.has_unmarked_frees()) mark(blocks);
    if (!blocks.marker) continue;
    ordering_.wait(*blocks.marker);
    settle_if_passed(blocks);
  }
  release_free_segments();
}

void CachingAllocator::release_free_segments() noexcept {
  for (FreeIndex* index : {&ready_->small_blocks, &ready_->large_blocks}) {
    for (auto position = index->begin(); position != index->end();) {
      Block* block = *position;
      if (block->previous != nullptr || block->next != nullptr) {
        ++position;
        continue;
      }
      block->index_node = index->extract(position++);
      upstream_.release(block->address, block->size);
      total_bytes_ -= block->size;
      retire(block);
    }
  }
}

void CachingAllocator::set_limit(std::size_t bytes) {
  std::lock_guard lock(mutex_);
  limit_bytes_ = bytes;
  if (bytes != 0 && total_bytes_ > bytes) release_cached_locked();
}

std::size_t CachingAllocator::limit() const {
  std::lock_guard lock(mutex_);
  return limit_bytes_;
}

MemoryStats CachingAllocator::stats() const {
  std::lock_guard lock(mutex_);
  MemoryStats stats;
  usage_.fill(stats);
  stats.total_bytes = total_bytes_;
  stats.cached_bytes = total_bytes_ - usage_.used_bytes();
  stats.limit_bytes = limit_bytes_;
  stats.upstream_allocations = upstream_allocations_;
  return stats;
}

void CachingAllocator::reset_peak() {
  std::lock_guard lock(mutex_);
  usage_.reset_peak();
}

// A Block object with its container nodes. New ones are the only place where the allocator's own
// bookkeeping allocates: the containers are sized here for every Block there will be, so that
// moving blocks between them later never allocates (and never throws halfway through a change).
CachingAllocator::Block* CachingAllocator::take_spare_block() {
  if (!spare_blocks_.empty()) {
    Block* block = spare_blocks_.back();
    spare_blocks_.pop_back();
    return block;
  }
  if (block_storage_.size() == spare_blocks_.capacity()) {
    const std::size_t capacity = std::max(kInitialBlockCapacity, 2 * block_storage_.size());
    spare_blocks_.reserve(capacity);
    used_.reserve(capacity);
  }
  FreeIndex index_scratch;
  UsedBlocks used_scratch;
  Block& block = block_storage_.emplace_back();
  index_scratch.insert(&block);
  used_scratch.emplace(&block, &block);
  block.index_node = index_scratch.extract(index_scratch.begin());
  block.used_node = used_scratch.extract(used_scratch.begin());
  return &block;
}

void CachingAllocator::retire(Block* block) noexcept {
  block->address = nullptr;
  block->size = 0;
  block->previous = nullptr;
  block->next = nullptr;
  block->in_use = false;
  block->owner = nullptr;
  block->free_sequence = 0;
  spare_blocks_.push_back(block);
}

}  // namespace garray
