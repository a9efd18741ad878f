#include "core/ops/indexing/indexed_loop.hpp"

#include "core/array/dtype.hpp"
#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/ops/kernel_variants.hpp"
#include "core/ops/launch.hpp"
#include "core/ops/launch_arguments.hpp"
#include "core/ops/loop_source.hpp"

#include <array>
#include <string>

namespace garray {

namespace {

constexpr int kThreads = 256;

const KernelVariants& indexed_kernels() {
  static const auto* kernels = new KernelVariants({kIndexedLoopKernelName}, {});  // outlives static teardown
  return *kernels;
}

void require_same_device(const Array& array, const StreamRef& stream, const char* what) {
  GA_REQUIRE_ARGUMENT(array.device() == stream->device(),
                      std::string(what) + " is on device " + std::to_string(array.device()) +
                          " but the stream belongs to device " + std::to_string(stream->device()));
}

void launch(IndexedAction action, const IndexedLoop& loop, const Array& other, const Dims& other_strides,
            ga_index_mode_t mode, const UpdateOperation* update, void* error, const StreamRef& stream) {
  const int count = static_cast<int>(loop.indices.size());
  std::array<Dims, kMaxLoopOperands> strides;
  strides[0] = other_strides;
  strides[1] = loop.array_strides;
  for (int k = 0; k < count; ++k) strides[2 + k] = loop.indices[k].strides;
  for (int k = count + 2; k < kMaxLoopOperands; ++k) strides[k] = Dims::filled(loop.shape.size(), 0);
  const StridedLoop<kMaxLoopOperands> collapsed = collapse_loop<kMaxLoopOperands>(loop.shape, strides);

  IndexedLoopSignature signature;
  signature.action = action;
  signature.mode = mode;
  signature.array_dtype = loop.array.dtype();
  signature.other_dtype = other.dtype();
  signature.rank = collapsed.shape.size();
  signature.wide = !fits_32bit_indexing(collapsed);
  for (const IndexOperand& operand : loop.indices) signature.index_dtypes.push_back(operand.indices.dtype());
  signature.update = update;
  const int device = stream->device();
  const KernelVariant& kernel =
      indexed_kernels().get(signature.key(), device, [&] { return indexed_loop_source(signature); });

  LaunchArguments arguments;
  void* array_data = loop.array.data();
  void* other_data = other.data();
  arguments.add(array_data);
  arguments.add(other_data);
  for (const IndexOperand& operand : loop.indices) {
    void* data = operand.indices.data();
    arguments.add(data);
  }
  if (signature.wide) {
    arguments.add(static_cast<std::int64_t>(collapsed.size));
  } else {
    arguments.add(static_cast<std::uint32_t>(collapsed.size));
  }
  // The kernel declares the extents and the strides of its own operands only: a prefix of the
  // packed words.
  const LoopParams<kMaxLoopOperands> params = pack_loop_params(collapsed);
  const std::size_t rank_slots = collapsed.shape.size() > 0 ? collapsed.shape.size() : 1;
  arguments.add(params.words.data(), rank_slots * (count + 3) * sizeof(std::int64_t));
  std::array<std::int64_t, 2 * kMaxIndexArrays> axes{};
  const int axes_length = count > 0 ? count : 1;
  for (int k = 0; k < count; ++k) {
    axes[k] = loop.indices[k].extent;
    axes[axes_length + k] = loop.indices[k].stride;
  }
  arguments.add(axes.data(), 2 * axes_length * sizeof(std::int64_t));
  arguments.add(error);
  kernel[0]->launch(jit::LaunchConfig{grid_stride_blocks(collapsed.size, kThreads), kThreads, 0},
                    arguments.pointers(), stream->native());
}

// Runs the check kernel and throws for the first index it found outside its axis.
void check_indices(const IndexedLoop& loop, const Array& other, const Dims& other_strides, const StreamRef& stream) {
  const Array error = Array::empty(Dims{2}, GA_UINT64, GA_ORDER_C, stream);
  check_cuda(cudaMemsetAsync(error.data(), 0, error.nbytes(), stream->native()), "cudaMemsetAsync");
  launch(IndexedAction::check, loop, other, other_strides, GA_INDEX_MODE_RAISE, nullptr, error.data(), stream);
  std::array<std::uint64_t, 2> report{};
  check_cuda(cudaMemcpyAsync(report.data(), error.data(), sizeof report, cudaMemcpyDeviceToHost, stream->native()),
             "cudaMemcpyAsync");
  stream->synchronize();
  if (report[0] == 0) return;
  const IndexOperand& operand = loop.indices[report[0] - 1];
  throw Error(GA_ERROR_INDEX, "index " + std::to_string(static_cast<std::int64_t>(report[1])) +
                                  " is out of bounds for axis " + std::to_string(operand.axis) + " with size " +
                                  std::to_string(operand.extent));
}

}  // namespace

void require_index_mode(ga_index_mode_t mode) {
  GA_REQUIRE_ARGUMENT(mode == GA_INDEX_MODE_WRAP || mode == GA_INDEX_MODE_CLIP || mode == GA_INDEX_MODE_RAISE,
                      "mode " + std::to_string(static_cast<int>(mode)) + " is not a ga_index_mode_t value");
}

void require_integer_indices(const Array& indices, const std::string& what) {
  const ga_dtype_kind_t kind = dtype_info(indices.dtype()).kind;
  GA_REQUIRE(kind == GA_KIND_SIGNED || kind == GA_KIND_UNSIGNED, GA_ERROR_DTYPE,
             what + " has dtype " + dtype_info(indices.dtype()).name +
                 "; arrays used as indices must be of integer type (boolean masks go through the mask functions)");
}

void run_indexed_loop(IndexedAction action, const IndexedLoop& loop, const Array& other, const Dims& other_strides,
                      ga_index_mode_t mode, const UpdateOperation* update, const StreamRef& stream) {
  require_index_mode(mode);
  GA_REQUIRE(static_cast<int>(loop.indices.size()) <= kMaxIndexArrays, GA_ERROR_UNSUPPORTED,
             std::to_string(loop.indices.size()) + " index arrays; at most " + std::to_string(kMaxIndexArrays) +
                 " are supported");
  require_same_device(loop.array, stream, "the indexed array");
  require_same_device(other, stream, action == IndexedAction::gather ? "the output" : "the values");
  for (const IndexOperand& operand : loop.indices) require_same_device(operand.indices, stream, "an index array");
  std::int64_t size = 1;
  for (std::int64_t extent : loop.shape) size *= extent;
  if (size == 0) return;
  for (const IndexOperand& operand : loop.indices) {
    GA_REQUIRE(operand.extent > 0, GA_ERROR_INDEX,
               "cannot index " + std::to_string(size) + " elements along axis " + std::to_string(operand.axis) +
                   ", which is empty");
  }
  if (mode == GA_INDEX_MODE_RAISE) {
    check_indices(loop, other, other_strides, stream);
    mode = GA_INDEX_MODE_WRAP;  // every index is within -extent..extent-1 now
  }
  launch(action, loop, other, other_strides, mode, update, nullptr, stream);
}

}  // namespace garray
