#include "core/interop/dlpack_export.hpp"

#include "core/interop/dlpack_stream.hpp"
#include "core/interop/dlpack_types.hpp"

#include <memory>
#include <type_traits>

namespace garray {

namespace {

// Everything one exported tensor needs, in one allocation; manager_ctx points back to it.
template <class Managed>
struct ExportedTensor {
  Managed managed{};
  BufferRef buffer;
  Dims shape;
  Dims strides;
};

template <class Managed>
void delete_exported_tensor(Managed* self) noexcept {
  if (self != nullptr) delete static_cast<ExportedTensor<Managed>*>(self->manager_ctx);
}

template <class Managed>
Managed* export_array(const Array& array, std::int64_t consumer_stream) {
  hand_off_to_consumer_stream(array.device(), consumer_stream);
  auto exported = std::make_unique<ExportedTensor<Managed>>();
  exported->buffer = array.buffer();
  exported->shape = array.shape();
  exported->strides = array.strides();

  ga_dlpack_tensor_t& tensor = exported->managed.dl_tensor;
  // The first element's address with byte_offset 0, as CuPy and PyTorch export: PyTorch's importer
  // (among others) ignores byte_offset, so a base address plus offset would be read wrongly, and
  // DLPack itself tells consumers not to rely on the base being 256-byte aligned. DLPack asks for
  // NULL data when there are no elements.
  tensor.data = array.size() == 0 ? nullptr : array.data();
  tensor.device = to_dlpack_device(*array.buffer());
  tensor.ndim = array.ndim();
  tensor.dtype = to_dlpack_dtype(array.dtype());
  tensor.shape = exported->shape.data();
  tensor.strides = exported->strides.data();
  tensor.byte_offset = 0;

  Managed& managed = exported->managed;
  managed.manager_ctx = exported.get();
  managed.deleter = &delete_exported_tensor<Managed>;
  if constexpr (std::is_same_v<Managed, ga_dlpack_managed_tensor_versioned_t>) {
    managed.version = {GA_DLPACK_MAJOR_VERSION, GA_DLPACK_MINOR_VERSION};
    managed.flags = array.writeable() ? 0 : GA_DLPACK_FLAG_READ_ONLY;
  }
  exported.release();
  return &managed;
}

}  // namespace

ga_dlpack_managed_tensor_versioned_t* export_dlpack_versioned(const Array& array,
                                                              std::int64_t consumer_stream) {
  return export_array<ga_dlpack_managed_tensor_versioned_t>(array, consumer_stream);
}

ga_dlpack_managed_tensor_t* export_dlpack_legacy(const Array& array, std::int64_t consumer_stream) {
  return export_array<ga_dlpack_managed_tensor_t>(array, consumer_stream);
}

}  // namespace garray
