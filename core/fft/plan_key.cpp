#include "core/fft/plan_key.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace garray {

bool operator==(const PlanKey& a, const PlanKey& b) noexcept { return std::memcmp(&a, &b, sizeof(PlanKey)) == 0; }

std::size_t PlanKeyHash::operator()(const PlanKey& key) const noexcept {
  // FNV-1a over the 64-bit words: the key is a handful of words, hashed on every transform.
  static_assert(sizeof(PlanKey) % sizeof(std::int64_t) == 0, "PlanKey must have no padding");
  std::int64_t words[sizeof(PlanKey) / sizeof(std::int64_t)];
  std::memcpy(words, &key, sizeof(PlanKey));
  std::uint64_t hash = 14695981039346656037ull;
  for (const std::int64_t word : words) {
    hash ^= static_cast<std::uint64_t>(word);
    hash *= 1099511628211ull;
  }
  return static_cast<std::size_t>(hash ^ (hash >> 32));
}

std::vector<int> batch_axes(const Dims& shape, const Dims& strides, std::span<const int> axes) {
  std::vector<int> others;
  for (int axis = 0; axis < shape.size(); ++axis) {
    if (std::find(axes.begin(), axes.end(), axis) == axes.end() && shape[axis] != 1) others.push_back(axis);
  }
  std::stable_sort(others.begin(), others.end(), [&](int a, int b) { return strides[a] > strides[b]; });
  return others;
}

std::optional<FftLayout> fft_layout(const Dims& shape, const Dims& strides, std::span<const int> axes,
                                    std::int64_t& batch) {
  const int rank = static_cast<int>(axes.size());
  FftLayout layout;
  // A transformed axis of extent 1 reads one element: its stride is free, so it takes the one that
  // nests with its neighbours.
  std::int64_t inner_stride = 0;
  for (int j = rank - 1; j >= 0; --j) {
    const std::int64_t extent = shape[axes[j]];
    std::int64_t stride = strides[axes[j]];
    if (j == rank - 1) {
      if (extent == 1 && stride <= 0) stride = 1;
      if (stride <= 0) return std::nullopt;
      layout.stride = stride;
      layout.embed[j] = extent;
    } else {
      const std::int64_t inner_extent = shape[axes[j + 1]];
      if (extent == 1) stride = inner_stride * inner_extent;
      if (stride <= 0 || stride % inner_stride != 0 || stride / inner_stride < inner_extent) return std::nullopt;
      layout.embed[j + 1] = stride / inner_stride;
      layout.embed[j] = extent;
    }
    inner_stride = stride;
  }
  // The batch: every other axis of extent above 1, which must collapse into one dimension.
  const std::vector<int> others = batch_axes(shape, strides, axes);
  batch = 1;
  for (const int axis : others) batch *= shape[axis];
  if (others.empty() || batch == 0) {
    layout.distance = inner_stride * shape[axes[0]];
    return layout;
  }
  for (std::size_t k = 0; k + 1 < others.size(); ++k) {
    if (strides[others[k]] != strides[others[k + 1]] * shape[others[k + 1]]) return std::nullopt;
  }
  layout.distance = strides[others.back()];
  if (layout.distance <= 0) return std::nullopt;
  // Batches lie one after another, or all within one step of the innermost transformed axis; cuFFT
  // is not asked to interleave them otherwise.
  const bool after_one_another = layout.distance >= inner_stride * shape[axes[0]];
  const bool within_one_step = layout.distance * batch <= layout.stride;
  if (!after_one_another && !within_one_step) return std::nullopt;
  return layout;
}

}  // namespace garray
