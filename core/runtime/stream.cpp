#include "core/runtime/stream.hpp"

#include <garray/runtime.h>

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/runtime/device.hpp"
#include "core/runtime/event.hpp"

#include <mutex>
#include <string>
#include <vector>

namespace garray {

StreamRef Stream::create(int device, unsigned flags, int priority) {
  GA_REQUIRE_ARGUMENT((flags & ~static_cast<unsigned>(GA_STREAM_NON_BLOCKING)) == 0,
                   "flags " + std::to_string(flags) + " contain bits other than GA_STREAM_NON_BLOCKING");
  DeviceGuard guard(device);
  cudaStream_t native = nullptr;
  const unsigned cuda_flags = (flags & GA_STREAM_NON_BLOCKING) ? cudaStreamNonBlocking : cudaStreamDefault;
  check_cuda(cudaStreamCreateWithPriority(&native, cuda_flags, priority),
             "cudaStreamCreateWithPriority");
  return StreamRef(new Stream(native, device, true, true));
}

StreamRef Stream::wrap(cudaStream_t native, int device) {
  require_device(device);
  return StreamRef(new Stream(native, device, false, false));
}

const StreamRef& Stream::legacy_default(int device) {
  require_device(device);
  static std::once_flag once;
  static std::vector<StreamRef>* defaults = nullptr;  // never destroyed: used until exit
  std::call_once(once, [] {
    defaults = new std::vector<StreamRef>;
    for (int d = 0; d < device_count(); ++d) {
      defaults->push_back(StreamRef(new Stream(nullptr, d, false, true)));
    }
  });
  return (*defaults)[static_cast<std::size_t>(device)];
}

Stream::~Stream() {
  if (!owned_) return;
  retire_zeroed_counters(device_, counters_, native_);
  cudaStreamDestroy(native_);
}

void Stream::synchronize() const { check_cuda(cudaStreamSynchronize(native_), "cudaStreamSynchronize"); }

bool Stream::query() const {
  const cudaError_t code = cudaStreamQuery(native_);
  if (code == cudaErrorNotReady) {
    cudaGetLastError();
    return false;
  }
  check_cuda(code, "cudaStreamQuery");
  return true;
}

void Stream::wait(const Event& event) const {
  check_cuda(cudaStreamWaitEvent(native_, event.native(), 0), "cudaStreamWaitEvent");
}

unsigned* Stream::zeroed_counters(std::size_t count) const {
  if (!lifetime_known_) return nullptr;
  if (owned_) {
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(native_, &capture) != cudaSuccess) {
      cudaGetLastError();
      return nullptr;
    }
    if (capture != cudaStreamCaptureStatusNone) return nullptr;
  }
  std::call_once(counters_made_, [&] { counters_ = acquire_zeroed_counters(device_, count, native_); });
  GA_REQUIRE(counters_.count >= count, GA_ERROR_INTERNAL,
             "the stream's zeroed counters are " + std::to_string(counters_.count) + " words, " +
                 std::to_string(count) + " asked for");
  return counters_.words;
}

namespace {

std::vector<StreamRef>& thread_streams() {
  thread_local std::vector<StreamRef> streams;
  return streams;
}

}  // namespace

const StreamRef& current_stream(int device) {
  require_device(device);
  auto& streams = thread_streams();
  if (streams.empty()) streams.resize(static_cast<std::size_t>(device_count()));
  StreamRef& slot = streams[static_cast<std::size_t>(device)];
  if (!slot) slot = Stream::legacy_default(device);
  return slot;
}

const StreamRef& current_stream() { return current_stream(current_device()); }

void set_current_stream(StreamRef stream) {
  const int device = stream ? stream->device() : current_device();
  current_stream(device);
  thread_streams()[static_cast<std::size_t>(device)] =
      stream ? std::move(stream) : Stream::legacy_default(device);
}

}  // namespace garray
