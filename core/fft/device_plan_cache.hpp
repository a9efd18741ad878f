// The cuFFT plan cache of each device, created at its first use and kept for the process.
#pragma once

#include "core/fft/fft_plan.hpp"
#include "core/fft/plan_cache.hpp"

#include <memory>

namespace garray {

using FftPlanCache = PlanCache<FftPlan>;

// The cache of `device`. Throws GA_ERROR_NO_DEVICE for an ordinal that names no visible device.
FftPlanCache& device_plan_cache(int device);

// The plan for `key` on the stream's device (made current by the caller), from that device's cache.
std::shared_ptr<FftPlan> cached_plan(const PlanKey& key, const StreamRef& stream);

}  // namespace garray
