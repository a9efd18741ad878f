// The concrete structs behind the public opaque handle types.
#pragma once

#include <garray/garray.h>

#include "capi/handle.hpp"
#include "core/array/array.hpp"
#include "core/jit/kernel.hpp"
#include "core/jit/raw_module.hpp"
#include "core/runtime/event.hpp"
#include "core/ops/elementwise_kernel.hpp"
#include "core/ops/reduction_kernel.hpp"
#include "core/runtime/deferred_stream.hpp"
#include "core/runtime/stream.hpp"


struct ga_stream_s : garray::capi::Handle<garray::StreamRef, 0x53545245u> {};
struct ga_event_s : garray::capi::Handle<garray::EventRef, 0x45564e54u> {};
struct ga_array_s : garray::capi::Handle<garray::Array, 0x41525259u> {};
struct ga_module_s : garray::capi::Handle<garray::jit::RawModuleRef, 0x4d4f4455u> {};
struct ga_kernel_s : garray::capi::Handle<garray::jit::KernelRef, 0x4b524e4cu> {};
struct ga_elementwise_kernel_s
    : garray::capi::Handle<std::shared_ptr<const garray::ElementwiseKernel>, 0x454c574bu> {};
struct ga_reduction_kernel_s
    : garray::capi::Handle<std::shared_ptr<const garray::ReductionKernel>, 0x5244434bu> {};

namespace garray::capi {

// The stream a call should use: the given handle, or the thread's current stream for NULL.
inline const StreamRef& stream_or_current(ga_stream_t stream) {
  return stream ? deref(stream, "stream") : current_stream();
}

// As stream_or_current() for a call that queues work only in some cases (a reshape that must copy):
// for NULL, the current stream is looked up only when work is queued, so the other cases need no
// device. A released handle is refused at once.
inline DeferredStream deferred_stream(ga_stream_t stream) {
  return stream ? DeferredStream(deref(stream, "stream")) : DeferredStream::current();
}

}  // namespace garray::capi
