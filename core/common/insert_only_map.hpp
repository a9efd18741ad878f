// A map whose entries are never changed or removed once in, read without any lock: the kernel tables on the hot
// path of every call (a repeated call only looks its kernel up). Readers follow atomic pointers to immutable nodes in
// an open-addressed table; an insertion takes a mutex and publishes the node with a release store. A table half full
// is replaced by one twice as large, and the old one is kept until the map is destroyed, as readers may still be
// probing it. A reader that misses while an insertion is under way looks again under the mutex (find_or_insert).
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace garray {

template <class Key, class Value, class Hash = std::hash<Key>>
class InsertOnlyMap {
 public:
  InsertOnlyMap() { table_.store(add_table(kInitialSlots), std::memory_order_relaxed); }
  InsertOnlyMap(const InsertOnlyMap&) = delete;
  InsertOnlyMap& operator=(const InsertOnlyMap&) = delete;

  // The value under `key`, or nullptr. Lock-free.
  const Value* find(const Key& key) const {
    const Node* node = probe(*table_.load(std::memory_order_acquire), key, spread(Hash()(key)));
    return node ? &node->value : nullptr;
  }

  // The value under `key`; the first time, made by `make()` (outside the lock: another thread may make the same value
  // meanwhile, and the first one stored is kept). The reference stays valid for the life of the map.
  template <class Make>
  const Value& find_or_insert(const Key& key, Make&& make) {
    if (const Value* found = find(key)) return *found;
    auto node = std::make_unique<Node>(Node{key, make(), spread(Hash()(key))});
    std::lock_guard lock(mutex_);
    Table* table = table_.load(std::memory_order_relaxed);
    if (const Node* existing = probe(*table, key, node->hash)) return existing->value;
    if (2 * (nodes_.size() + 1) > table->slots.size()) table = grow(*table);
    place(*table, node.get());
    nodes_.push_back(std::move(node));
    return nodes_.back()->value;
  }

 private:
  struct Node {
    Key key;
    Value value;
    std::size_t hash;
  };
  struct Table {
    explicit Table(std::size_t size) : slots(size) {}
    std::vector<std::atomic<const Node*>> slots;  // a power of two of them
  };
  static constexpr std::size_t kInitialSlots = 64;

  // std::hash of a pointer or an integer is the value itself, whose low bits (the slot) repeat: mixed (the
  // MurmurHash3 finalizer's steps) so that every bit counts.
  static std::size_t spread(std::size_t hash) {
    hash ^= hash >> 33;
    hash *= 0xff51afd7ed558ccdull;
    hash ^= hash >> 33;
    return hash;
  }

  static const Node* probe(const Table& table, const Key& key, std::size_t hash) {
    const std::size_t mask = table.slots.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      const Node* node = table.slots[i].load(std::memory_order_acquire);
      if (!node) return nullptr;
      if (node->hash == hash && node->key == key) return node;
    }
  }

  static void place(Table& table, const Node* node) {
    const std::size_t mask = table.slots.size() - 1;
    std::size_t i = node->hash & mask;
    while (table.slots[i].load(std::memory_order_relaxed)) i = (i + 1) & mask;
    table.slots[i].store(node, std::memory_order_release);
  }

  Table* add_table(std::size_t size) {
    tables_.push_back(std::make_unique<Table>(size));
    return tables_.back().get();
  }

  // A table twice the size of `old` with its nodes, published; `old` stays readable.
  Table* grow(const Table& old) {
    Table* table = add_table(2 * old.slots.size());
    for (const auto& node : nodes_) place(*table, node.get());
    table_.store(table, std::memory_order_release);
    return table;
  }

  std::atomic<Table*> table_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Table>> tables_;
  std::vector<std::unique_ptr<Node>> nodes_;
};

}  // namespace garray
