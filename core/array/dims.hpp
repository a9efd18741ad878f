// A fixed-capacity list of extents, strides or axes: arrays have at most kMaxDims dimensions, so
// shapes live inline and an Array copies without touching the heap. Only the entries in use are
// initialised and copied: the capacity is 264 bytes, and the launch path builds and copies dozens
// of these per call (a reduction's loops hold 34), mostly of rank 0 to 2.
#pragma once

#include <garray/array.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <span>

namespace garray {

inline constexpr int kMaxDims = GA_MAX_DIMS;

class Dims {
 public:
  Dims() noexcept {}
  Dims(const Dims& other) noexcept : count_(other.count_) { std::copy_n(other.values_, count_, values_); }
  Dims& operator=(const Dims& other) noexcept {
    if (this == &other) return *this;  // std::copy_n's ranges may not overlap
    count_ = other.count_;
    std::copy_n(other.values_, count_, values_);
    return *this;
  }
  Dims(std::initializer_list<std::int64_t> values);
  // Throws Error(GA_ERROR_INVALID_ARGUMENT) for a count outside 0..kMaxDims or NULL values with
  // a positive count; `what` names the argument in the message.
  static Dims from(const std::int64_t* values, int count, const char* what);
  static Dims filled(int count, std::int64_t value);

  int size() const noexcept { return count_; }
  bool empty() const noexcept { return count_ == 0; }
  std::int64_t& operator[](int i) noexcept { return values_[i]; }
  std::int64_t operator[](int i) const noexcept { return values_[i]; }
  std::int64_t* data() noexcept { return values_; }
  const std::int64_t* data() const noexcept { return values_; }
  const std::int64_t* begin() const noexcept { return values_; }
  const std::int64_t* end() const noexcept { return values_ + count_; }
  std::span<const std::int64_t> span() const noexcept { return {values_, static_cast<std::size_t>(count_)}; }

  void push_back(std::int64_t value);
  void insert(int position, std::int64_t value);
  void erase(int position);
  void resize(int count, std::int64_t value = 0);

  friend bool operator==(const Dims& a, const Dims& b) noexcept {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::int64_t values_[kMaxDims];
  int count_ = 0;
};

}  // namespace garray
