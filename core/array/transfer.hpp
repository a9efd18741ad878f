// Moving array data between host memory and the device, and between devices.
#pragma once

#include "core/array/array.hpp"
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

// Writes `source`'s elements in C order to `host` (host_bytes long). Without `staged` it waits for
// the stream; with it the data lands in `host` when the stream gets there.
void download(const Array& source, void* host, std::size_t host_bytes, const StreamRef& stream,
              bool staged);

// Overwrites `destination` with host data of its shape.
void upload_into(const Array& destination, const HostLayout& host, const StreamRef& stream);

// A copy of `source` on `device`, ordered after the work queued on `stream` (the source's).
Array copy_to_device(const Array& source, int device, const StreamRef& stream);

// One element, at `index` (ndim entries, negative from the end) or the only one when null.
ga_scalar_t read_element(const Array& source, const std::int64_t* index, const StreamRef& stream);

}  // namespace garray
