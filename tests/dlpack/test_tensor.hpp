// Hand-built DLPack managed tensors over memory a test owns, with a deleter that records how often
// and from which thread it was called. Used by host and GPU tests alike (C API only).
#pragma once

#include <garray/dlpack.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <type_traits>
#include <vector>

template <class Managed>
class TestTensor {
 public:
  // Empty `strides` leave dl_tensor.strides NULL (compact row-major, as before DLPack 1.2).
  TestTensor(void* data, ga_dlpack_device_t device, ga_dlpack_dtype_t dtype, std::vector<int64_t> shape,
             std::vector<int64_t> strides = {}, uint64_t byte_offset = 0)
      : shape_(std::move(shape)), strides_(std::move(strides)) {
    ga_dlpack_tensor_t& tensor = managed_.dl_tensor;
    tensor.data = data;
    tensor.device = device;
    tensor.ndim = static_cast<int32_t>(shape_.size());
    tensor.dtype = dtype;
    tensor.shape = shape_.data();
    tensor.strides = strides_.empty() ? nullptr : strides_.data();
    tensor.byte_offset = byte_offset;
    managed_.manager_ctx = this;
    managed_.deleter = &TestTensor::record_deleter_call;
    if constexpr (std::is_same_v<Managed, ga_dlpack_managed_tensor_versioned_t>) {
      managed_.version = {GA_DLPACK_MAJOR_VERSION, GA_DLPACK_MINOR_VERSION};
      managed_.flags = 0;
    }
  }
  // manager_ctx points at this object, so it stays where it was made.
  TestTensor(const TestTensor&) = delete;
  TestTensor& operator=(const TestTensor&) = delete;

  Managed* get() noexcept { return &managed_; }
  Managed& managed() noexcept { return managed_; }
  ga_dlpack_tensor_t& dl_tensor() noexcept { return managed_.dl_tensor; }
  int deleter_calls() const noexcept { return deleter_calls_.load(); }
  std::thread::id deleter_thread() const noexcept { return deleter_thread_; }

 private:
  static void record_deleter_call(Managed* self) {
    auto* owner = static_cast<TestTensor*>(self->manager_ctx);
    owner->deleter_thread_ = std::this_thread::get_id();
    owner->deleter_calls_.fetch_add(1);
  }

  Managed managed_{};
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  std::atomic<int> deleter_calls_{0};
  std::thread::id deleter_thread_;
};

using VersionedTestTensor = TestTensor<ga_dlpack_managed_tensor_versioned_t>;
using LegacyTestTensor = TestTensor<ga_dlpack_managed_tensor_t>;

inline constexpr ga_dlpack_dtype_t kFloat32{GA_DLPACK_FLOAT, 32, 1};
inline constexpr ga_dlpack_device_t kCudaDevice0{GA_DLPACK_CUDA, 0};
inline constexpr ga_dlpack_device_t kHostDevice{GA_DLPACK_CPU, 0};
