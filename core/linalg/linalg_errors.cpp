#include "core/linalg/linalg_errors.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/memory/pinned_memory.hpp"
#include "core/runtime/device.hpp"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace garray {

namespace {

std::atomic<int> process_mode{GA_LINALG_CHECK_DEFERRED};
thread_local int thread_mode = GA_LINALG_CHECK_INHERIT;

// One routine's info words on their way to the host.
struct PendingInfo {
  cudaEvent_t copied = nullptr;  // recorded after the copy into `host`
  int* host = nullptr;           // pinned
  std::string function;
  LinalgFailure failure;
  Dims batch_shape;
  std::int64_t count = 0;
};

struct StreamRecord {
  std::vector<PendingInfo> pending;
  std::optional<std::string> first_failure;
};

// Keyed by device and native stream: the legacy default stream is the null handle on each device.
using StreamKey = std::pair<int, cudaStream_t>;

std::mutex records_mutex;
std::map<StreamKey, StreamRecord>& records() {
  static auto* all = new std::map<StreamKey, StreamRecord>();  // outlives other statics at exit
  return *all;
}

std::string entry_name(std::int64_t flat, const Dims& batch_shape) {
  if (batch_shape.empty()) return "the matrix";
  std::vector<std::int64_t> index(batch_shape.size());
  for (int axis = batch_shape.size() - 1; axis >= 0; --axis) {
    index[axis] = batch_shape[axis] ? flat % batch_shape[axis] : 0;
    flat = batch_shape[axis] ? flat / batch_shape[axis] : 0;
  }
  std::string name = "batch entry (";
  for (std::size_t axis = 0; axis < index.size(); ++axis) {
    name += (axis ? ", " : "") + std::to_string(index[axis]);
  }
  return name + (index.size() == 1 ? ",)" : ")");
}

std::string failure_text(LinalgFailure failure, int info) {
  switch (failure) {
    case LinalgFailure::singular:
      return "is singular (U[" + std::to_string(info - 1) + ", " + std::to_string(info - 1) + "] is exactly zero)";
    case LinalgFailure::not_positive_definite:
      return "is not positive definite (the leading minor of order " + std::to_string(info) + " is not)";
    case LinalgFailure::no_convergence:
      return "did not converge (" + std::to_string(info) + " elements failed to converge)";
  }
  return "failed";
}

// The message for the first nonzero word, if any. A negative word is a bad argument to cuSOLVER: a bug in garray,
// reported as such.
std::optional<std::string> first_failure(const PendingInfo& info) {
  for (std::int64_t entry = 0; entry < info.count; ++entry) {
    const int word = info.host[entry];
    if (word == 0) continue;
    if (word < 0) {
      return info.function + ": internal error: cuSOLVER rejected argument " + std::to_string(-word) + " for " +
             entry_name(entry, info.batch_shape);
    }
    return info.function + ": " + entry_name(entry, info.batch_shape) + " " + failure_text(info.failure, word);
  }
  return std::nullopt;
}

// Waits for `info`, returns its first failure and gives back its resources.
std::optional<std::string> settle(PendingInfo& info, const StreamRef& stream) {
  check_cuda(cudaEventSynchronize(info.copied), "cudaEventSynchronize");
  std::optional<std::string> failure = first_failure(info);
  cudaEventDestroy(info.copied);
  info.copied = nullptr;
  free_pinned(info.host, stream);
  info.host = nullptr;
  return failure;
}

void keep_first(StreamRecord& record, std::optional<std::string> failure) {
  if (failure && !record.first_failure) record.first_failure = std::move(failure);
}

// Settles the records whose copies have finished, so that a program that never checks holds only the info of work still
// in flight.
void settle_finished(StreamRecord& record, const StreamRef& stream) {
  std::vector<PendingInfo> still_pending;
  for (PendingInfo& info : record.pending) {
    if (cudaEventQuery(info.copied) == cudaSuccess) {
      keep_first(record, settle(info, stream));
    } else {
      cudaGetLastError();  // cudaErrorNotReady is not an error to keep
      still_pending.push_back(std::move(info));
    }
  }
  record.pending = std::move(still_pending);
}

PendingInfo copy_to_host(const Array& info, const char* function, LinalgFailure failure, const Dims& batch_shape,
                         const StreamRef& stream) {
  PendingInfo pending;
  pending.function = function;
  pending.failure = failure;
  pending.batch_shape = batch_shape;
  pending.count = info.size();
  pending.host = static_cast<int*>(allocate_pinned(info.nbytes()));
  try {
    check_cuda(cudaMemcpyAsync(pending.host, info.data(), info.nbytes(), cudaMemcpyDeviceToHost, stream->native()),
               "cudaMemcpyAsync");
    check_cuda(cudaEventCreateWithFlags(&pending.copied, cudaEventDisableTiming), "cudaEventCreateWithFlags");
    check_cuda(cudaEventRecord(pending.copied, stream->native()), "cudaEventRecord");
  } catch (...) {
    if (pending.copied) cudaEventDestroy(pending.copied);
    free_pinned(pending.host, stream);
    throw;
  }
  return pending;
}

}  // namespace

ga_linalg_check_t linalg_check_mode() {
  const int mode = thread_mode == GA_LINALG_CHECK_INHERIT ? process_mode.load() : thread_mode;
  return static_cast<ga_linalg_check_t>(mode);
}

ga_linalg_check_t thread_linalg_check_mode() { return static_cast<ga_linalg_check_t>(thread_mode); }

void set_linalg_check_mode(ga_linalg_check_t mode, bool thread_only) {
  const bool known = mode == GA_LINALG_CHECK_DEFERRED || mode == GA_LINALG_CHECK_RAISE;
  GA_REQUIRE_ARGUMENT(known || (thread_only && mode == GA_LINALG_CHECK_INHERIT),
                      "mode " + std::to_string(static_cast<int>(mode)) + " is not a ga_linalg_check_t" +
                          (thread_only ? "" : " the process default can take"));
  if (thread_only) {
    thread_mode = mode;
  } else {
    process_mode.store(mode);
  }
}

void report_linalg_info(const Array& info, const char* function, LinalgFailure failure, const Dims& batch_shape,
                        const StreamRef& stream) {
  if (info.size() == 0) return;
  DeviceGuard guard(stream->device());
  PendingInfo pending = copy_to_host(info, function, failure, batch_shape, stream);
  if (linalg_check_mode() == GA_LINALG_CHECK_RAISE) {
    std::optional<std::string> failed = settle(pending, stream);
    if (failed) throw Error(GA_ERROR_LINALG, *failed);
    return;
  }
  const std::lock_guard lock(records_mutex);
  StreamRecord& record = records()[{stream->device(), stream->native()}];
  settle_finished(record, stream);
  record.pending.push_back(std::move(pending));
}

void check_linalg_errors(const StreamRef& stream) {
  DeviceGuard guard(stream->device());
  StreamRecord record;
  {
    const std::lock_guard lock(records_mutex);
    auto found = records().find({stream->device(), stream->native()});
    if (found == records().end()) return;
    record = std::move(found->second);
    records().erase(found);
  }
  std::optional<std::string> failure = std::move(record.first_failure);
  std::optional<Error> wait_error;
  for (PendingInfo& info : record.pending) {
    try {
      std::optional<std::string> found = settle(info, stream);
      if (found && !failure) failure = std::move(found);
    } catch (const Error& error) {
      if (!wait_error) wait_error = error;
    }
  }
  if (wait_error) throw *wait_error;
  if (failure) throw Error(GA_ERROR_LINALG, *failure);
}

}  // namespace garray
