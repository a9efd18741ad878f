#include "core/fft/device_plan_cache.hpp"

#include "core/runtime/device.hpp"

#include <vector>

namespace garray {

FftPlanCache& device_plan_cache(int device) {
  require_device(device);
  // One empty cache per device, made together (they hold nothing until used). Never destroyed:
  // plans must not be destroyed after the CUDA runtime at exit.
  static auto* caches = [] {
    auto* made = new std::vector<std::unique_ptr<FftPlanCache>>;
    for (int ordinal = 0; ordinal < device_count(); ++ordinal) made->push_back(std::make_unique<FftPlanCache>());
    return made;
  }();
  return *(*caches)[static_cast<std::size_t>(device)];
}

std::shared_ptr<FftPlan> cached_plan(const PlanKey& key, const StreamRef& stream) {
  const int device = stream->device();
  return device_plan_cache(device).get(
      key, [&] { return std::make_shared<FftPlan>(key, device); },
      [](const FftPlan& plan) { return static_cast<std::int64_t>(plan.work_size()); });
}

}  // namespace garray
