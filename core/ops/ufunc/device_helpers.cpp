#include "core/ops/ufunc/device_helpers.hpp"

#include "core/common/error.hpp"
#include "core/ops/ufunc/device_math_sources.hpp"

#include <string_view>

namespace garray {

namespace {

constexpr auto kCount = static_cast<unsigned>(DeviceHelper::count);

// The helpers each one calls; every dependency is declared before its dependents, so emitting in
// enum order puts callees first.
DeviceHelpers direct_dependencies(DeviceHelper helper) {
  using enum DeviceHelper;
  switch (helper) {
    case complex_sign:
    case complex_exp:
    case complex_sqrt: return {real_constants};
    case complex_trig: return {complex_hyperbolic};
    case complex_inverse: return {real_constants, complex_sqrt};
    case complex_power:
    case complex_exp_log: return {complex_exp, complex_log};
    default: return {};
  }
}

std::string_view helper_text(DeviceHelper helper) {
  for (std::string_view text : {device_math::integer_helper_source(helper), device_math::real_helper_source(helper),
                                device_math::complex_helper_source(helper)}) {
    if (!text.empty()) return text;
  }
  throw Error(GA_ERROR_INTERNAL, "device helper " + std::to_string(static_cast<unsigned>(helper)) + " has no source");
}

}  // namespace

DeviceHelpers with_dependencies(DeviceHelpers helpers) {
  // Dependents come after their dependencies, so one pass from the last helper down closes the set.
  for (unsigned i = kCount; i-- > 0;) {
    const auto helper = static_cast<DeviceHelper>(i);
    if (helpers.contains(helper)) helpers |= with_dependencies(direct_dependencies(helper));
  }
  return helpers;
}

std::string device_helper_source(DeviceHelpers helpers) {
  const DeviceHelpers closed = with_dependencies(helpers);
  std::string source;
  for (unsigned i = 0; i < kCount; ++i) {
    const auto helper = static_cast<DeviceHelper>(i);
    if (closed.contains(helper)) source += helper_text(helper);
  }
  return source;
}

}  // namespace garray
