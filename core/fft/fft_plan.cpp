#include "core/fft/fft_plan.hpp"

#include "core/array/buffer.hpp"
#include "core/common/error.hpp"

#include <cuda_runtime_api.h>
#include <cufft.h>

#include <string>

namespace garray {

namespace {

const char* cufft_result_name(cufftResult result) {
  switch (result) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    default: return "an unknown cufftResult";
  }
}

void check_cufft(cufftResult result, const char* what) {
  if (result == CUFFT_SUCCESS) return;
  const std::string message = std::string(what) + " failed: " + cufft_result_name(result) + " (" +
                              std::to_string(static_cast<int>(result)) + ")";
  switch (result) {
    case CUFFT_ALLOC_FAILED: throw Error(GA_ERROR_OUT_OF_MEMORY, message);
    case CUFFT_INVALID_SIZE:
    case CUFFT_INVALID_VALUE: throw Error(GA_ERROR_INVALID_ARGUMENT, message);
    default: throw Error(GA_ERROR_CUDA, message);
  }
}

cufftType cufft_type(FftType type, bool double_precision) {
  switch (type) {
    case FftType::c2c: return double_precision ? CUFFT_Z2Z : CUFFT_C2C;
    case FftType::r2c: return double_precision ? CUFFT_D2Z : CUFFT_R2C;
    case FftType::c2r: return double_precision ? CUFFT_Z2D : CUFFT_C2R;
  }
  throw Error(GA_ERROR_INTERNAL, "unknown FFT type");
}

// Whether `layout` is cuFFT's basic (packed) layout for `key` on a side whose last extent is `last`
// (n, or n/2+1 on the complex side of a real transform).
bool is_basic(const FftLayout& layout, const PlanKey& key, std::int64_t last) {
  std::int64_t count = 1;
  for (std::int64_t j = 0; j < key.rank; ++j) {
    const std::int64_t extent = j == key.rank - 1 ? last : key.n[j];
    if (j > 0 && layout.embed[j] != extent) return false;
    count *= extent;
  }
  return layout.stride == 1 && (key.batch == 1 || layout.distance == count);
}

}  // namespace

FftPlan::FftPlan(const PlanKey& key, int device)
    : type_(key.type), double_precision_(key.double_precision != 0), device_(device) {
  cufftHandle handle = 0;
  check_cufft(cufftCreate(&handle), "cufftCreate");
  handle_ = handle;
  try {
    check_cufft(cufftSetAutoAllocation(handle, 0), "cufftSetAutoAllocation");
    long long n[kMaxFftRank], input_embed[kMaxFftRank], output_embed[kMaxFftRank];
    for (int j = 0; j < kMaxFftRank; ++j) {
      n[j] = key.n[j];
      input_embed[j] = key.input.embed[j];
      output_embed[j] = key.output.embed[j];
    }
    // Packed data takes cuFFT's basic layout (NULL embeds), as cufftPlan1d/2d/3d and CuPy make it.
    const std::int64_t length = key.n[key.rank - 1];
    const std::int64_t half = length / 2 + 1;
    const bool basic = is_basic(key.input, key, key.type == FftType::c2r ? half : length) &&
                       is_basic(key.output, key, key.type == FftType::r2c ? half : length);
    std::size_t work_size = 0;
    check_cufft(
        cufftMakePlanMany64(handle, static_cast<int>(key.rank), n, basic ? nullptr : input_embed, key.input.stride,
                            key.input.distance, basic ? nullptr : output_embed, key.output.stride, key.output.distance,
                            cufft_type(key.type, double_precision_), key.batch, &work_size),
        "cufftMakePlanMany64");
    work_size_ = work_size;
  } catch (...) {
    cufftDestroy(handle);
    throw;
  }
}

FftPlan::~FftPlan() {
  // An evicted plan may go while another device is current: cuFFT frees it on its own device.
  int previous = -1;
  const bool switched =
      cudaGetDevice(&previous) == cudaSuccess && previous != device_ && cudaSetDevice(device_) == cudaSuccess;
  cufftDestroy(handle_);
  if (switched) cudaSetDevice(previous);
}

void FftPlan::execute(void* input, void* output, bool inverse, const StreamRef& stream) {
  // Returned to the pool, ordered on the stream, when this call ends: later work on the stream
  // reuses it only after the transform.
  const BufferRef work_area = work_size_ > 0 ? allocate_device_buffer(work_size_, stream) : nullptr;
  const cufftHandle handle = handle_;
  std::lock_guard lock(mutex_);
  check_cufft(cufftSetStream(handle, stream->native()), "cufftSetStream");
  // Set on every execution (nullptr for none), as another thread's last call left its own.
  check_cufft(cufftSetWorkArea(handle, work_area ? work_area->data() : nullptr), "cufftSetWorkArea");
  const int direction = inverse ? CUFFT_INVERSE : CUFFT_FORWARD;
  switch (type_) {
    case FftType::c2c:
      if (double_precision_) {
        check_cufft(cufftExecZ2Z(handle, static_cast<cufftDoubleComplex*>(input),
                                 static_cast<cufftDoubleComplex*>(output), direction),
                    "cufftExecZ2Z");
      } else {
        check_cufft(
            cufftExecC2C(handle, static_cast<cufftComplex*>(input), static_cast<cufftComplex*>(output), direction),
            "cufftExecC2C");
      }
      return;
    case FftType::r2c:
      if (double_precision_) {
        check_cufft(
            cufftExecD2Z(handle, static_cast<cufftDoubleReal*>(input), static_cast<cufftDoubleComplex*>(output)),
            "cufftExecD2Z");
      } else {
        check_cufft(cufftExecR2C(handle, static_cast<cufftReal*>(input), static_cast<cufftComplex*>(output)),
                    "cufftExecR2C");
      }
      return;
    case FftType::c2r:
      if (double_precision_) {
        check_cufft(
            cufftExecZ2D(handle, static_cast<cufftDoubleComplex*>(input), static_cast<cufftDoubleReal*>(output)),
            "cufftExecZ2D");
      } else {
        check_cufft(cufftExecC2R(handle, static_cast<cufftComplex*>(input), static_cast<cufftReal*>(output)),
                    "cufftExecC2R");
      }
      return;
  }
}

}  // namespace garray
