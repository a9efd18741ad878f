// What identifies a cuFFT plan: the transform type, and the advanced data layout (cufftPlanMany's
// n, embeds, strides, distances and batch) of its input and output. Plans with equal keys are
// interchangeable, so the plan cache stores them under this key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/array/dims.hpp"

namespace garray {

// cuFFT transforms of rank 1 to 3 at most.
inline constexpr int kMaxFftRank = 3;

// The transform type, as cufftType names it (C2C, R2C, C2R in single or double precision).
enum class FftType : std::int64_t { c2c = 0, r2c = 1, c2r = 2 };

// How the transformed elements of one side (input or output) sit in memory, in elements:
// element x of batch b is at b * distance + ((x0 * embed[1] + x1) * embed[2] + x2) * stride.
struct FftLayout {
  std::int64_t embed[kMaxFftRank] = {};
  std::int64_t stride = 1;
  std::int64_t distance = 1;
};

// All fields are 64-bit so that the key has no padding and compares and hashes as plain bytes.
struct PlanKey {
  FftType type = FftType::c2c;
  std::int64_t double_precision = 0;
  std::int64_t rank = 0;
  std::int64_t n[kMaxFftRank] = {};  // the logical (complex or real) lengths, outermost first
  std::int64_t batch = 1;
  FftLayout input;
  FftLayout output;

  friend bool operator==(const PlanKey& a, const PlanKey& b) noexcept;
};

struct PlanKeyHash {
  std::size_t operator()(const PlanKey& key) const noexcept;
};

// The axes outside `axes` with extent above 1, outermost stride first: the order in which a
// layout's batch index walks them. An input and an output pair their batches only when they agree.
std::vector<int> batch_axes(const Dims& shape, const Dims& strides, std::span<const int> axes);

// The layout of an array of `shape` and `strides` (elements) for a transform over `axes` (outermost
// first, at most kMaxFftRank), with every other axis as the batch: nullopt when cuFFT's advanced
// layout cannot express it (a non-positive stride, strides of the transformed axes that do not nest,
// or batch axes that do not collapse into one dimension). `batch` receives the batch count.
std::optional<FftLayout> fft_layout(const Dims& shape, const Dims& strides, std::span<const int> axes,
                                    std::int64_t& batch);

}  // namespace garray
