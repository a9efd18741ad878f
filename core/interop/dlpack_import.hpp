// Import of DLPack managed tensors: CUDA device, managed and pinned host memory are wrapped in
// place; host memory is copied to the device of the stream the import is given.
#pragma once

#include <garray/dlpack.h>

#include "core/interop/external_memory.hpp"
#include "core/runtime/deferred_stream.hpp"

namespace garray {

// The array of `tensor`, with the tensor not yet taken over: ExternalArray::adopt() makes garray
// call the tensor's deleter (once the last view goes for wrapped memory, at once for a copy), and
// until then the tensor stays the caller's. Never writes to the tensor.
//
// Validation runs field by field, every structural check before any device query, so that a
// malformed tensor is reported as malformed on any machine; the errors are those documented for
// ga_array_from_dlpack_versioned(), each naming the field.
//
// `stream` is where host memory is copied (and waited for), and its device is the one managed and
// pinned memory belong to. A deferred current stream is looked up only after the tensor has been
// validated, so that no device is needed to refuse a malformed one. Wrapped memory queues nothing.
ExternalArray import_dlpack(ga_dlpack_managed_tensor_versioned_t* tensor, DeferredStream stream);
// The legacy struct: no version to check, no read-only flag (the array is writeable).
ExternalArray import_dlpack(ga_dlpack_managed_tensor_t* tensor, DeferredStream stream);

}  // namespace garray
