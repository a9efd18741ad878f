#include "core/ops/mask/compaction_source.hpp"

#include "core/array/dtype.hpp"
#include "core/ops/cast_source.hpp"
#include "core/ops/loop_source.hpp"
#include "core/ops/scan/scan_source.hpp"

#include <algorithm>

namespace garray {

namespace {

// Loads the thread's `GA_ITEMS` mask elements of tile `tile` (defined before) starting at `first`
// into selected[], counting them in `count`: one vector load per 16 bytes for a full, aligned
// tile, guarded loads otherwise.
constexpr const char* kSelect = R"source(
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warp = threadIdx.x >> 5;
  const Index tile_start = tile * (Index)GA_TILE;
  const bool full = n - tile_start >= (Index)GA_TILE;
  const Index first = tile_start + (Index)threadIdx.x * GA_ITEMS;
  bool selected[GA_ITEMS];
  unsigned count = 0;
  if (GA_ALIGNED && full) {
    const ga_mask_vector vector = *(const ga_mask_vector*)(mask + first);
#pragma unroll
    for (int j = 0; j < GA_ITEMS; ++j) selected[j] = ga_selected(vector.v[j]);
  } else {
#pragma unroll
    for (int j = 0; j < GA_ITEMS; ++j) selected[j] = first + j < n && ga_selected(mask[first + j]);
  }
#pragma unroll
  for (int j = 0; j < GA_ITEMS; ++j) count += selected[j] ? 1u : 0u;
)source";

constexpr const char* kCountBody = R"source(
  __shared__ unsigned warp_counts[GA_THREADS / 32];
#pragma unroll
  for (unsigned offset = 16; offset > 0u; offset >>= 1) count += __shfl_down_sync(GA_FULL_MASK, count, offset);
  if (lane == 0u) warp_counts[warp] = count;
  __syncthreads();
  if (warp == 0u) {
    Value aggregate = lane < GA_THREADS / 32 ? (Value)warp_counts[lane] : (Value)0;
#pragma unroll
    for (unsigned offset = 16; offset > 0u; offset >>= 1) aggregate += ga_shfl_down(aggregate, offset);
    aggregate = ga_shfl_idx(aggregate, 0);
    Value exclusive = 0;
    if (tile == 0) {
      if (lane == 0u) ga_publish(status, 0, aggregate, GA_STATE_PREFIX);
    } else {
      if (lane == 0u) ga_publish(status, (long long)tile, aggregate, GA_STATE_AGGREGATE);
      exclusive = ga_look_back(status, (long long)tile);
      if (lane == 0u) ga_publish(status, (long long)tile, exclusive + aggregate, GA_STATE_PREFIX);
    }
    if (lane == 0u) {
      offsets[tile] = (long long)exclusive;
      if (tile + 1 == (Index)gridDim.x) offsets[tile + 1] = (long long)(exclusive + aggregate);
    }
  }
}
)source";

constexpr const char* kCompactBody = R"source(
  __shared__ Payload staged[GA_TILE];
  __shared__ unsigned warp_totals[GA_THREADS / 32];
  Payload items[GA_ITEMS];
  if (GA_INDICES) {
#pragma unroll
    for (int j = 0; j < GA_ITEMS; ++j) items[j] = (Payload)(first + j);
  } else if (GA_ALIGNED && full) {
    const ga_payload_vector vector = *(const ga_payload_vector*)(values + first);
#pragma unroll
    for (int j = 0; j < GA_ITEMS; ++j) items[j] = vector.v[j];
  } else {
#pragma unroll
    for (int j = 0; j < GA_ITEMS; ++j) {
      if (selected[j]) items[j] = values[first + j];
    }
  }
  unsigned inclusive = count;
#pragma unroll
  for (unsigned offset = 1; offset < 32u; offset <<= 1) {
    const unsigned up = __shfl_up_sync(GA_FULL_MASK, inclusive, offset);
    if (lane >= offset) inclusive += up;
  }
  if (lane == 31u) warp_totals[warp] = inclusive;
  __syncthreads();
  unsigned rank = inclusive - count;
  unsigned tile_count = 0;
#pragma unroll
  for (unsigned w = 0; w < GA_THREADS / 32; ++w) {
    if (w < warp) rank += warp_totals[w];
    tile_count += warp_totals[w];
  }
#pragma unroll
  for (int j = 0; j < GA_ITEMS; ++j) {
    if (selected[j]) staged[rank++] = items[j];
  }
  __syncthreads();
  Payload* destination = out + offsets[tile];
  for (unsigned k = threadIdx.x; k < tile_count; k += GA_THREADS) destination[k] = staged[k];
}
)source";

std::string geometry(ga_dtype_t mask, int items, bool aligned, bool wide) {
  const IndexTypes index = index_types(wide);
  const std::size_t mask_vector = std::min<std::size_t>(16, items * dtype_info(mask).itemsize);
  return std::string("typedef ") + dtype_info(mask).kernel_type + " Mask;\ntypedef " + index.unsigned_ +
         " Index;\n#define GA_THREADS " + std::to_string(kCompactionThreads) + "\n#define GA_ITEMS " +
         std::to_string(items) + "\n#define GA_TILE " + std::to_string(kCompactionThreads * items) +
         "\n#define GA_ALIGNED " + (aligned ? "1" : "0") + "\n" + cast_functions_source() +
         "struct alignas(" + std::to_string(mask_vector) + ") ga_mask_vector { Mask v[GA_ITEMS]; };\n"
         "__forceinline__ bool ga_selected(const Mask m) { return " + cast_expression(mask, GA_BOOL, "m") + "; }\n";
}

}  // namespace

int compaction_items(std::size_t payload_bytes) { return payload_bytes <= 8 ? 16 : 8; }

std::string mask_count_source(ga_dtype_t mask, int items, bool aligned, bool wide, const std::string& name) {
  // Counts fit 32 bits (one status word with the state) unless the mask is longer than that.
  const std::string count_type = wide ? "unsigned long long" : "unsigned int";
  return geometry(mask, items, aligned, wide) + look_back_source(count_type, wide ? 8 : 4, "a + b", false) +
         "extern \"C\" __global__ void __launch_bounds__(GA_THREADS) " + name +
         "(const Mask* mask, Index n, long long* offsets, ga_tile_status* status) {\n"
         "  const Index tile = (Index)ga_take_tile(status);" + kSelect + kCountBody;
}

std::string compact_source(ga_dtype_t mask, ga_dtype_t payload, bool indices, int items, bool aligned, bool wide,
                           const std::string& name) {
  const std::size_t payload_vector = std::min<std::size_t>(16, items * dtype_info(payload).itemsize);
  return geometry(mask, items, aligned, wide) + "#define GA_FULL_MASK 0xffffffffu\n#define GA_INDICES " +
         (indices ? "1" : "0") + "\ntypedef " + dtype_info(payload).kernel_type + " Payload;\nstruct alignas(" +
         std::to_string(payload_vector) + ") ga_payload_vector { Payload v[GA_ITEMS]; };\n" +
         "extern \"C\" __global__ void __launch_bounds__(GA_THREADS) " + name +
         "(const Mask* mask, const Payload* values, Index n, const long long* offsets, Payload* out) {\n"
         "  (void)values;\n  const Index tile = (Index)blockIdx.x;" + kSelect + kCompactBody;
}

std::string row_move_source(ga_dtype_t element, bool scatter, const std::string& name) {
  const std::string move =
      scatter ? "rows_of[rows[r] * inner + j] = packed[e];" : "packed[e] = rows_of[rows[r] * inner + j];";
  return std::string("typedef ") + dtype_info(element).kernel_type + " Element;\nextern \"C\" __global__ void " + name +
         "(Element* rows_of, const long long* rows, Element* packed, long long count, long long inner) {\n"
         "  const long long total = count * inner;\n"
         "  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < total;\n"
         "       e += (long long)gridDim.x * blockDim.x) {\n"
         "    const long long r = e / inner;\n"
         "    const long long j = e - r * inner;\n"
         "    " + move + "\n  }\n}\n";
}

std::string unravel_source(int rank, const std::string& name) {
  return "struct ga_shape { long long extent[" + std::to_string(std::max(rank, 1)) +
         "]; };\nextern \"C\" __global__ void " + name +
         "(const long long* flat, long long* out, long long count, long long out_row_stride,\n"
         "    long long out_column_stride, ga_shape shape) {\n"
         "  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < count;\n"
         "       k += (long long)gridDim.x * blockDim.x) {\n"
         "    unsigned long long rest = (unsigned long long)flat[k];\n"
         "#pragma unroll\n"
         "    for (int d = " + std::to_string(rank - 1) + "; d >= 0; --d) {\n"
         "      const unsigned long long extent = (unsigned long long)shape.extent[d];\n"
         "      out[k * out_row_stride + d * out_column_stride] = (long long)(rest % extent);\n"
         "      rest /= extent;\n"
         "    }\n  }\n}\n";
}

}  // namespace garray
