// Opaque, reference-counted handles behind the C ABI's ga_*_t types.
//
// A handle is a shell holding a magic number, a reference count and the C++ payload. When the last
// reference goes, the payload is destroyed and the shell is marked dead and parked in a quarantine
// queue instead of being freed, so that a later call with the stale pointer reads a dead magic
// number and gets GA_ERROR_INVALID_HANDLE instead of touching freed memory. Shells are reused only
// after kQuarantineLength newer releases of the same kind, which makes it very unlikely that a stale
// pointer aliases a live handle again. Shell memory is bounded by the peak number of live handles.
#pragma once

#include <garray/base.h>

#include "core/common/error.hpp"

#include <atomic>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace garray::capi {

inline constexpr std::uint32_t kDeadMagic = 0xDEADBEEFu;
inline constexpr std::size_t kQuarantineLength = 4096;

template <class Payload, std::uint32_t LiveMagic>
struct Handle {
  using payload_type = Payload;
  static constexpr std::uint32_t live_magic = LiveMagic;

  std::atomic<std::uint32_t> magic{kDeadMagic};
  std::atomic<std::int64_t> references{0};
  std::optional<Payload> payload;
};

template <class H>
class ShellQuarantine {
 public:
  static ShellQuarantine& instance() {
    static ShellQuarantine* quarantine = new ShellQuarantine;  // never destroyed: outlives all handles
    return *quarantine;
  }

  H* take() {
    {
      std::lock_guard lock(mutex_);
      if (parked_.size() > kQuarantineLength) {
        H* shell = parked_.front();
        parked_.pop_front();
        return shell;
      }
    }
    return new H;
  }

  void park(H* shell) noexcept {
    std::lock_guard lock(mutex_);
    try {
      parked_.push_back(shell);
    } catch (...) {
      // The shell stays allocated and dead; losing track of it only forgoes its reuse.
    }
  }

 private:
  std::mutex mutex_;
  std::deque<H*> parked_;
};

template <class H, class... Args>
H* make_handle(Args&&... args) {
  H* shell = ShellQuarantine<H>::instance().take();
  try {
    shell->payload.emplace(std::forward<Args>(args)...);
  } catch (...) {
    ShellQuarantine<H>::instance().park(shell);
    throw;
  }
  shell->references.store(1, std::memory_order_relaxed);
  shell->magic.store(H::live_magic, std::memory_order_release);
  return shell;
}

template <class H>
bool is_live(const H* handle) noexcept {
  return handle != nullptr && handle->magic.load(std::memory_order_acquire) == H::live_magic;
}

// The payload of a live handle; throws GA_ERROR_INVALID_HANDLE naming the argument otherwise.
template <class H>
typename H::payload_type& deref(H* handle, const char* argument) {
  if (handle == nullptr) {
    throw Error(GA_ERROR_INVALID_HANDLE, std::string("argument '") + argument + "' is NULL");
  }
  if (!is_live(handle)) {
    throw Error(GA_ERROR_INVALID_HANDLE, std::string("argument '") + argument +
                                             "' is not a live handle (released, or not a handle "
                                             "of this type)");
  }
  return *handle->payload;
}

template <class H>
void retain(H* handle, const char* argument) {
  deref(handle, argument);
  handle->references.fetch_add(1, std::memory_order_relaxed);
}

template <class H>
void release(H* handle, const char* argument) {
  deref(handle, argument);
  if (handle->references.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  handle->magic.store(kDeadMagic, std::memory_order_release);
  handle->payload.reset();
  ShellQuarantine<H>::instance().park(handle);
}

}  // namespace garray::capi
