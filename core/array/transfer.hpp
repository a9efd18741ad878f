// Moving array data between host memory and the device, and between devices.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/deferred_stream.hpp"
#include "core/runtime/stream.hpp"

#include <garray/array.h>

#include <cstddef>

namespace garray {

// Host data laid out by byte strides over a shape.
struct HostLayout {
  const void* data;
  Dims shape;
  Dims byte_strides;
};

// `byte_strides` NULL means compact in `order` (C or F). Throws for strides that are not multiples
// of the itemsize or a NULL pointer with elements to read.
HostLayout describe_host_data(const void* host, int ndim, const std::int64_t* shape,
                              const std::int64_t* byte_strides, ga_dtype_t dtype, ga_order_t order);

// A new device array with the host data. The host buffer may be reused when this returns; with
// `staged` the data goes through the pinned pool and the copy itself runs asynchronously.
Array upload(const HostLayout& host, ga_dtype_t dtype, const StreamRef& stream, bool staged);

// Writes `source`'s elements (on `stream`'s device) in C order, whatever the array's layout, to
// `host`; `host_bytes` must cover nbytes (GA_ERROR_BUFFER_TOO_SMALL, saying how many are needed).
// Without `staged` it waits for the stream; with it the data lands in `host` when the stream gets
// there.
void download(const Array& source, void* host, std::size_t host_bytes, const StreamRef& stream,
              bool staged);

// Overwrites `destination` with host data of its shape.
void upload_into(const Array& destination, const HostLayout& host, const StreamRef& stream);

// NumPy's rule for a host upload (numpy.array of host memory, ga_array_from_host): the host data at
// `host` of `shape` (ndim extents), laid out by `byte_strides` (any sign, multiples of the
// itemsize) or, when that is NULL, compact in `order` (C or F), becomes a new array on `stream`'s
// device that is F-contiguous when the host data is F- and not C-ordered, else C-contiguous. The
// host buffer may be reused when this returns: without `staged` the copy has finished; with it the
// data was staged into the pinned pool and the copy runs on `stream`.
Array from_host(const void* host, int ndim, const std::int64_t* shape, const std::int64_t* byte_strides,
                ga_dtype_t dtype, ga_order_t order, DeferredStream stream, bool staged);

// Overwrites `destination` (any writeable view on `stream`'s device) with host data of its shape, in
// C order when `byte_strides` is NULL (then `host_bytes` must cover nbytes: GA_ERROR_BUFFER_TOO_SMALL)
// or laid out by those byte strides. Finished when this returns.
void set_from_host(const Array& destination, const void* host, std::size_t host_bytes,
                   const std::int64_t* byte_strides, const StreamRef& stream);

// A copy of `source` on `device`, ordered after the work queued on `stream` (on the source's
// device; GA_ERROR_INVALID_ARGUMENT otherwise), and before the work then queued on the calling
// thread's current stream of `device`.
Array copy_to_device(const Array& source, int device, const StreamRef& stream);

// One element, at `index` (ndim entries, negative from the end) or the only one when null, read
// on `stream` (on the array's device) and waited for.
ga_scalar_t read_element(const Array& source, const std::int64_t* index, const StreamRef& stream);

}  // namespace garray
