#include "core/ops/device_check.hpp"

#include "core/common/error.hpp"

#include <string>

namespace garray {

void require_on_stream_device(const Array& array, const StreamRef& stream, const char* what) {
  GA_REQUIRE_ARGUMENT(array.device() == stream->device(),
                      std::string("argument '") + what + "' is on device " + std::to_string(array.device()) +
                          " but the current device is " + std::to_string(stream->device()));
}

}  // namespace garray
