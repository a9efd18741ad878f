#include "core/array/dims.hpp"

#include "core/common/error.hpp"

#include <string>

namespace garray {

namespace {

void require_capacity(int count) {
  if (count < 0 || count > kMaxDims) {
    throw Error(GA_ERROR_INVALID_ARGUMENT, "an array has at most " + std::to_string(kMaxDims) +
                                               " dimensions, not " + std::to_string(count));
  }
}

}  // namespace

Dims::Dims(std::initializer_list<std::int64_t> values) {
  require_capacity(static_cast<int>(values.size()));
  for (std::int64_t value : values) values_[count_++] = value;
}

Dims Dims::from(const std::int64_t* values, int count, const char* what) {
  if (count < 0 || count > kMaxDims) {
    throw Error(GA_ERROR_INVALID_ARGUMENT, std::string("argument '") + what + "' has " +
                                               std::to_string(count) + " entries; an array has 0.." +
                                               std::to_string(kMaxDims) + " dimensions");
  }
  if (count > 0 && values == nullptr) {
    throw Error(GA_ERROR_INVALID_ARGUMENT, std::string("argument '") + what + "' is NULL");
  }
  Dims dims;
  std::copy(values, values + count, dims.values_);
  dims.count_ = count;
  return dims;
}

Dims Dims::filled(int count, std::int64_t value) {
  Dims dims;
  dims.resize(count, value);
  return dims;
}

void Dims::push_back(std::int64_t value) {
  require_capacity(count_ + 1);
  values_[count_++] = value;
}

void Dims::insert(int position, std::int64_t value) {
  require_capacity(count_ + 1);
  std::copy_backward(values_ + position, values_ + count_, values_ + count_ + 1);
  values_[position] = value;
  ++count_;
}

void Dims::erase(int position) {
  std::copy(values_ + position + 1, values_ + count_, values_ + position);
  --count_;
}

void Dims::resize(int count, std::int64_t value) {
  require_capacity(count);
  for (int i = count_; i < count; ++i) values_[i] = value;
  count_ = count;
}

}  // namespace garray
