#include "core/array/transfer.hpp"

#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"
#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/memory/pinned_staging.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"
#include "core/runtime/device.hpp"
#include "core/runtime/event.hpp"

#include <cstring>
#include <string>
#include <vector>

namespace garray {

namespace {

// Gathers strided host elements into compact C order.
void gather_host(const HostLayout& host, std::size_t itemsize, unsigned char* destination) {
  const int ndim = host.shape.size();
  Dims index = Dims::filled(ndim, 0);
  const std::int64_t count = checked_element_count(host.shape, itemsize);
  const auto* base = static_cast<const unsigned char*>(host.data);
  for (std::int64_t i = 0; i < count; ++i) {
    std::int64_t offset = 0;
    for (int d = 0; d < ndim; ++d) offset += index[d] * host.byte_strides[d];
    std::memcpy(destination + static_cast<std::size_t>(i) * itemsize, base + offset, itemsize);
    for (int d = ndim - 1; d >= 0 && ++index[d] == host.shape[d]; --d) index[d] = 0;
  }
}

Dims element_strides(const HostLayout& host, std::size_t itemsize) {
  Dims strides = host.byte_strides;
  for (int d = 0; d < strides.size(); ++d) strides[d] /= static_cast<std::int64_t>(itemsize);
  return strides;
}

// Copies compact host bytes to device memory on `stream`; through a pinned block when `staged`.
void copy_to_device_memory(void* device, const void* host, std::size_t bytes, const StreamRef& stream,
                           bool staged) {
  if (bytes == 0) return;
  if (!staged) {
    // Waiting keeps the promise that the caller may reuse `host` at once even when it is pinned
    // memory, from which cudaMemcpyAsync copies truly asynchronously.
    check_cuda(cudaMemcpyAsync(device, host, bytes, cudaMemcpyHostToDevice, stream->native()),
               "cudaMemcpyAsync");
    stream->synchronize();
    return;
  }
  PinnedStaging staging(bytes, stream);
  std::memcpy(staging.data(), host, bytes);
  check_cuda(cudaMemcpyAsync(device, staging.data(), bytes, cudaMemcpyHostToDevice, stream->native()),
             "cudaMemcpyAsync");
}

// Compact C-ordered bytes of `host` (itself when it is compact C, else a gathered copy).
const void* compact_host_bytes(const HostLayout& host, std::size_t itemsize,
                               std::vector<unsigned char>& scratch) {
  const Dims strides = element_strides(host, itemsize);
  if (is_c_contiguous(host.shape, strides)) return host.data;
  scratch.resize(static_cast<std::size_t>(checked_element_count(host.shape, itemsize)) * itemsize);
  gather_host(host, itemsize, scratch.data());
  return scratch.data();
}

}  // namespace

HostLayout describe_host_data(const void* host, int ndim, const std::int64_t* shape,
                              const std::int64_t* byte_strides, ga_dtype_t dtype, ga_order_t order) {
  const std::size_t itemsize = dtype_info(dtype).itemsize;
  HostLayout layout{host, Dims::from(shape, ndim, "shape"), {}};
  const std::int64_t count = checked_element_count(layout.shape, itemsize);
  GA_REQUIRE_ARGUMENT(count == 0 || host != nullptr, "argument 'host' is NULL");
  if (byte_strides == nullptr) {
    GA_REQUIRE_ARGUMENT(order == GA_ORDER_C || order == GA_ORDER_F,
                     "order must be GA_ORDER_C or GA_ORDER_F when byte_strides is NULL");
    layout.byte_strides = contiguous_strides(layout.shape, order);
    for (int d = 0; d < ndim; ++d) layout.byte_strides[d] *= static_cast<std::int64_t>(itemsize);
    return layout;
  }
  layout.byte_strides = Dims::from(byte_strides, ndim, "byte_strides");
  for (int d = 0; d < ndim; ++d) {
    GA_REQUIRE_ARGUMENT(layout.byte_strides[d] % static_cast<std::int64_t>(itemsize) == 0,
                     "byte_strides[" + std::to_string(d) + "] = " + std::to_string(layout.byte_strides[d]) +
                         " is not a multiple of the itemsize " + std::to_string(itemsize));
  }
  return layout;
}

Array upload(const HostLayout& host, ga_dtype_t dtype, const StreamRef& stream, bool staged) {
  const std::size_t itemsize = dtype_info(dtype).itemsize;
  const Dims strides = element_strides(host, itemsize);
  const bool fortran = !is_c_contiguous(host.shape, strides) && is_f_contiguous(host.shape, strides);
  Array result = Array::empty(host.shape, dtype, fortran ? GA_ORDER_F : GA_ORDER_C, stream);
  std::vector<unsigned char> scratch;
  const void* bytes = fortran ? host.data : compact_host_bytes(host, itemsize, scratch);
  copy_to_device_memory(result.data(), bytes, result.nbytes(), stream, staged);
  return result;
}

void download(const Array& source, void* host, std::size_t host_bytes, const StreamRef& stream,
              bool staged) {
  GA_REQUIRE(host_bytes >= source.nbytes(), GA_ERROR_BUFFER_TOO_SMALL,
          "the host buffer has " + std::to_string(host_bytes) + " bytes; " +
              std::to_string(source.nbytes()) + " are needed");
  if (source.size() == 0) return;
  GA_REQUIRE_ARGUMENT(host != nullptr, "argument 'host' is NULL");
  require_on_stream_device(source, stream, "array");
  const Array compact = source.is_c_contiguous() ? source : copy_as(source, source.dtype(), GA_ORDER_C, stream);
  if (!staged) {
    check_cuda(cudaMemcpyAsync(host, compact.data(), compact.nbytes(), cudaMemcpyDeviceToHost,
                               stream->native()),
               "cudaMemcpyAsync");
    stream->synchronize();
    return;
  }
  PinnedStaging staging(compact.nbytes(), stream);
  check_cuda(cudaMemcpyAsync(staging.data(), compact.data(), compact.nbytes(), cudaMemcpyDeviceToHost,
                             stream->native()),
             "cudaMemcpyAsync");
  staging.copy_out_when_done(host);
}

void upload_into(const Array& destination, const HostLayout& host, const StreamRef& stream) {
  destination.require_writeable("array");
  GA_REQUIRE(host.shape == destination.shape(), GA_ERROR_SHAPE_MISMATCH,
          "the host data has shape " + format_shape(host.shape) + " but the array " +
              format_shape(destination.shape()));
  const std::size_t itemsize = destination.itemsize();
  if (destination.is_c_contiguous()) {
    std::vector<unsigned char> scratch;
    copy_to_device_memory(destination.data(), compact_host_bytes(host, itemsize, scratch),
                          destination.nbytes(), stream, false);
    return;
  }
  copy_into(upload(host, destination.dtype(), stream, false), destination, stream);
}

Array from_host(const void* host, int ndim, const std::int64_t* shape, const std::int64_t* byte_strides,
                ga_dtype_t dtype, ga_order_t order, DeferredStream stream, bool staged) {
  const HostLayout layout = describe_host_data(host, ndim, shape, byte_strides, dtype, order);
  return upload(layout, dtype, stream.get(), staged);
}

void set_from_host(const Array& destination, const void* host, std::size_t host_bytes,
                   const std::int64_t* byte_strides, const StreamRef& stream) {
  const HostLayout layout = describe_host_data(host, destination.ndim(), destination.shape().data(), byte_strides,
                                               destination.dtype(), GA_ORDER_C);
  if (byte_strides == nullptr) {
    GA_REQUIRE(host_bytes >= destination.nbytes(), GA_ERROR_BUFFER_TOO_SMALL,
               "the host buffer has " + std::to_string(host_bytes) + " bytes; " +
                   std::to_string(destination.nbytes()) + " are needed");
  }
  require_on_stream_device(destination, stream, "array");
  upload_into(destination, layout, stream);
}

Array copy_to_device(const Array& source, int device, const StreamRef& stream) {
  require_device(device);
  require_on_stream_device(source, stream, "array");
  if (device == source.device()) return copy_as(source, source.dtype(), GA_ORDER_K, stream);
  const Array compact = source.is_c_contiguous() ? source : copy_as(source, source.dtype(), GA_ORDER_C, stream);
  const StreamRef& target_stream = current_stream(device);
  Array result = Array::empty(source.shape(), source.dtype(), GA_ORDER_C, target_stream);
  // The copy runs on the source's stream, after the work that produced the data; the target's
  // stream then waits for it, so neither side synchronises with the host.
  EventRef ready = Event::create(device, GA_EVENT_DISABLE_TIMING);
  ready->record(*target_stream);
  stream->wait(*ready);
  check_cuda(cudaMemcpyPeerAsync(result.data(), device, compact.data(), source.device(),
                                 compact.nbytes(), stream->native()),
             "cudaMemcpyPeerAsync");
  EventRef copied = Event::create(source.device(), GA_EVENT_DISABLE_TIMING);
  copied->record(*stream);
  target_stream->wait(*copied);
  return result;
}

ga_scalar_t read_element(const Array& source, const std::int64_t* index, const StreamRef& stream) {
  require_on_stream_device(source, stream, "array");
  std::int64_t offset = 0;
  if (index == nullptr) {
    GA_REQUIRE_ARGUMENT(source.size() == 1, "item() without an index needs an array of one element, not " +
                                             std::to_string(source.size()));
  } else {
    for (int d = 0; d < source.ndim(); ++d) {
      const std::int64_t extent = source.shape()[d];
      GA_REQUIRE(index[d] >= -extent && index[d] < extent, GA_ERROR_INDEX,
              "index " + std::to_string(index[d]) + " is out of bounds for axis " + std::to_string(d) +
                  " with size " + std::to_string(extent));
      offset += (index[d] < 0 ? index[d] + extent : index[d]) * source.strides()[d];
    }
  }
  ElementBytes bytes{};
  check_cuda(cudaMemcpyAsync(bytes.data(), source.data() + offset * static_cast<std::int64_t>(source.itemsize()),
                             source.itemsize(), cudaMemcpyDeviceToHost, stream->native()),
             "cudaMemcpyAsync");
  stream->synchronize();
  return element_to_scalar(bytes.data(), source.dtype());
}

}  // namespace garray
