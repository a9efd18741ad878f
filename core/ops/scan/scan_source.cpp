#include "core/ops/scan/scan_source.hpp"

#include "core/array/dtype.hpp"
#include "core/ops/cast_source.hpp"
#include "core/ops/loop_source.hpp"

#include <algorithm>

namespace garray {

namespace {

// Status words: a tile's value and state published together. Values of up to 4 bytes share one
// 64-bit word with the state, written and read in one access. Wider values have two slots, one for
// the aggregate and one for the inclusive prefix, each written once before a fence and the state
// that announces it, and read after the state and a fence. (With one slot, a reader that saw the
// aggregate state could read the prefix that overwrote the aggregate meanwhile, and count the
// tiles before it twice.) The status words of a launch are followed by a tile counter: blocks take
// their tile in the order they start, so a block only ever waits for blocks that are running.
constexpr const char* kLookBack = R"source(
#define GA_FULL_MASK 0xffffffffu
#define GA_STATE_AGGREGATE 1u
#define GA_STATE_PREFIX 2u
#define GA_STATE_HEAD 4u

template <class V>
union ga_words {
  V value;
  unsigned int word[(sizeof(V) + 3) / 4];
};

template <class V>
__forceinline__ ga_words<V> ga_to_words(const V value) {
  ga_words<V> words;
#pragma unroll
  for (int w = 0; w < (int)(sizeof(words.word) / 4); ++w) words.word[w] = 0u;
  words.value = value;
  return words;
}

template <class V>
__forceinline__ V ga_shfl_up(const V value, unsigned delta) {
  const ga_words<V> in = ga_to_words(value);
  ga_words<V> out;
#pragma unroll
  for (int w = 0; w < (int)(sizeof(in.word) / 4); ++w) out.word[w] = __shfl_up_sync(GA_FULL_MASK, in.word[w], delta);
  return out.value;
}

template <class V>
__forceinline__ V ga_shfl_down(const V value, unsigned delta) {
  const ga_words<V> in = ga_to_words(value);
  ga_words<V> out;
#pragma unroll
  for (int w = 0; w < (int)(sizeof(in.word) / 4); ++w) out.word[w] = __shfl_down_sync(GA_FULL_MASK, in.word[w], delta);
  return out.value;
}

template <class V>
__forceinline__ V ga_shfl_idx(const V value, int lane) {
  const ga_words<V> in = ga_to_words(value);
  ga_words<V> out;
#pragma unroll
  for (int w = 0; w < (int)(sizeof(in.word) / 4); ++w) out.word[w] = __shfl_sync(GA_FULL_MASK, in.word[w], lane);
  return out.value;
}

/* later := earlier (+) later. Segmented, a value that starts a segment (head) ignores what came
   before it, and the joined value starts one when either did. */
__forceinline__ void ga_scan_join(Value& later, bool& later_head, const Value earlier, const bool earlier_head) {
  if (!GA_SEGMENTED || !later_head) later = ga_scan_combine(earlier, later);
  later_head = GA_SEGMENTED && (later_head || earlier_head);
}

/* Inclusive scan of one value per lane, in lane order. */
__forceinline__ void ga_warp_scan(Value& value, bool& head, unsigned lane) {
#pragma unroll
  for (unsigned offset = 1; offset < 32u; offset <<= 1) {
    const Value up = ga_shfl_up(value, offset);
    const bool up_head = __shfl_up_sync(GA_FULL_MASK, (int)head, offset) != 0;
    if (lane >= offset) ga_scan_join(value, head, up, up_head);
  }
}

#if GA_PACKED_STATUS
typedef unsigned long long ga_tile_status;

__forceinline__ void ga_publish(ga_tile_status* status, long long tile, const Value value, unsigned state) {
  const ga_words<Value> words = ga_to_words(value);
  *(volatile unsigned long long*)(status + tile) = ((unsigned long long)state << 32) | words.word[0];
}

__forceinline__ unsigned ga_read_status(const ga_tile_status* status, long long tile, Value& value) {
  const unsigned long long word = *(const volatile unsigned long long*)(status + tile);
  ga_words<Value> words;
  words.word[0] = (unsigned int)word;
  value = words.value;
  return (unsigned)(word >> 32);
}
#else
struct ga_tile_status {
  unsigned int state;
  unsigned int aggregate[(sizeof(Value) + 3) / 4];
  unsigned int prefix[(sizeof(Value) + 3) / 4];
};

__forceinline__ void ga_publish(ga_tile_status* status, long long tile, const Value value, unsigned state) {
  const ga_words<Value> words = ga_to_words(value);
  volatile ga_tile_status* entry = status + tile;
  volatile unsigned int* slot = (state & GA_STATE_PREFIX) != 0u ? entry->prefix : entry->aggregate;
#pragma unroll
  for (int w = 0; w < (int)(sizeof(words.word) / 4); ++w) slot[w] = words.word[w];
  __threadfence();
  entry->state = state;
}

__forceinline__ unsigned ga_read_status(const ga_tile_status* status, long long tile, Value& value) {
  const volatile ga_tile_status* entry = status + tile;
  const unsigned state = entry->state;
  if (state != 0u) {
    __threadfence();
    const volatile unsigned int* slot = (state & GA_STATE_PREFIX) != 0u ? entry->prefix : entry->aggregate;
    ga_words<Value> words;
#pragma unroll
    for (int w = 0; w < (int)(sizeof(words.word) / 4); ++w) words.word[w] = slot[w];
    value = words.value;
  }
  return state;
}
#endif

/* Called by every thread of the block: the tile the block scans, from the counter after the
   launch's gridDim.x status words, in the order blocks get here. */
__device__ unsigned ga_take_tile(ga_tile_status* status) {
  __shared__ unsigned ga_ticket;
  if (threadIdx.x == 0u) ga_ticket = atomicAdd((unsigned int*)(status + gridDim.x), 1u);
  __syncthreads();
  return ga_ticket;
}

/* Run by a whole warp for a tile past the first: the combination, in order, of the tiles before
   `tile` back to the nearest one that published its inclusive prefix or, segmented, that holds a
   segment start. Each lane watches one predecessor of a window of 32; the warp waits until all
   of them have published, then joins the window from the stop inwards. */
__device__ Value ga_look_back(const ga_tile_status* status, long long tile) {
  const unsigned lane = threadIdx.x & 31u;
  Value exclusive = Value();
  bool exclusive_head = false;
  bool have = false;
  for (long long window = tile - 1;; window -= 32) {
    const long long predecessor = window - (long long)lane;
    Value value = Value();
    unsigned state;
    do {
      state = predecessor >= 0 ? ga_read_status(status, predecessor, value) : GA_STATE_PREFIX;
    } while (__any_sync(GA_FULL_MASK, state == 0u));
    bool head = GA_SEGMENTED && (state & GA_STATE_HEAD) != 0u;
    const unsigned stops = __ballot_sync(GA_FULL_MASK, (state & GA_STATE_PREFIX) != 0u || head);
    const unsigned last = stops != 0u ? (unsigned)(__ffs(stops) - 1) : 31u;
#pragma unroll
    for (unsigned offset = 1; offset < 32u; offset <<= 1) {
      const Value farther = ga_shfl_down(value, offset);
      const bool farther_head = __shfl_down_sync(GA_FULL_MASK, (int)head, offset) != 0;
      if (lane + offset <= last) ga_scan_join(value, head, farther, farther_head);
    }
    value = ga_shfl_idx(value, 0);
    head = __shfl_sync(GA_FULL_MASK, (int)head, 0) != 0;
    if (have) {
      ga_scan_join(exclusive, exclusive_head, value, head);
    } else {
      exclusive = value;
      exclusive_head = head;
      have = true;
    }
    if (stops != 0u) return exclusive;
  }
}
)source";

// The tile scan kernel's body; the generator puts its signature in front.
constexpr const char* kTileScanBody = R"source(
  __shared__ T segment_values[32];
  __shared__ bool segment_heads[32];
  __shared__ T segment_prefixes[32];
  __shared__ bool segment_has_prefix[32];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warp = threadIdx.x >> 5;
  const Index tile = (Index)ga_take_tile(status);
  const Index tile_start = tile * (Index)GA_TILE;
  const bool full = n - tile_start >= (Index)GA_TILE;
  T values[GA_VECTORS][GA_WIDTH];
  bool heads[GA_VECTORS][GA_WIDTH]; /* a segment starts at or before this element of its vector */
  T lane_prefixes[GA_VECTORS];
  bool lane_prefix_heads[GA_VECTORS];

#pragma unroll
  for (int k = 0; k < GA_VECTORS; ++k) {
    const Index first = tile_start + ((Index)k * GA_THREADS + threadIdx.x) * GA_WIDTH;
    In raw[GA_WIDTH];
    if (GA_WIDTH > 1 && full) {
      const ga_in_vector vector = *(const ga_in_vector*)(in + first);
#pragma unroll
      for (int j = 0; j < GA_WIDTH; ++j) raw[j] = vector.v[j];
    } else {
#pragma unroll
      for (int j = 0; j < GA_WIDTH; ++j) raw[j] = in[first + j < n ? first + j : n - 1];
    }
    Index position = GA_SEGMENTED ? first % segment : (Index)1;
#pragma unroll
    for (int j = 0; j < GA_WIDTH; ++j) {
      values[k][j] = ga_scan_load(raw[j]);
      const bool starts = GA_SEGMENTED && position == 0;
      if (GA_SEGMENTED) position = position + 1 == segment ? 0 : position + 1;
      heads[k][j] = starts || (j > 0 && heads[k][j > 0 ? j - 1 : 0]);
      if (j > 0 && !starts) values[k][j] = ga_scan_combine(values[k][j > 0 ? j - 1 : 0], values[k][j]);
    }
    T inclusive = values[k][GA_WIDTH - 1];
    bool inclusive_head = heads[k][GA_WIDTH - 1];
    ga_warp_scan(inclusive, inclusive_head, lane);
    lane_prefixes[k] = ga_shfl_up(inclusive, 1);
    lane_prefix_heads[k] = __shfl_up_sync(GA_FULL_MASK, (int)inclusive_head, 1) != 0;
    if (lane == 31u) {
      segment_values[k * GA_WARPS + warp] = inclusive;
      segment_heads[k * GA_WARPS + warp] = inclusive_head;
    }
  }
  __syncthreads();

  if (warp == 0u) {
    const unsigned count = GA_VECTORS * GA_WARPS;
    T value = segment_values[lane < count ? lane : 0u];
    bool head = lane < count && segment_heads[lane];
    ga_warp_scan(value, head, lane);
    T aggregate = ga_shfl_idx(value, (int)count - 1);
    bool aggregate_head = __shfl_sync(GA_FULL_MASK, (int)head, (int)count - 1) != 0;
    const T exclusive = ga_shfl_up(value, 1);
    const bool exclusive_head = __shfl_up_sync(GA_FULL_MASK, (int)head, 1) != 0;
    /* A tile that starts a segment needs nothing from its predecessors. */
    const bool starts_segment = tile == 0 || (GA_SEGMENTED && tile_start % segment == 0);
    T tile_prefix = T();
    if (starts_segment) {
      if (lane == 0u) ga_publish(status, (long long)tile, aggregate, GA_STATE_PREFIX);
    } else {
      if (lane == 0u) {
        ga_publish(status, (long long)tile, aggregate, GA_STATE_AGGREGATE | (aggregate_head ? GA_STATE_HEAD : 0u));
      }
      tile_prefix = ga_look_back(status, (long long)tile);
      ga_scan_join(aggregate, aggregate_head, tile_prefix, false);
      if (lane == 0u) ga_publish(status, (long long)tile, aggregate, GA_STATE_PREFIX);
    }
    if (lane < count) {
      T prefix = exclusive;
      bool prefix_head = exclusive_head;
      bool has = lane > 0u;
      if (!starts_segment) {
        if (has) {
          ga_scan_join(prefix, prefix_head, tile_prefix, false);
        } else {
          prefix = tile_prefix;
        }
        has = true;
      }
      segment_prefixes[lane] = prefix;
      segment_has_prefix[lane] = has;
    }
  }
  __syncthreads();

#pragma unroll
  for (int k = 0; k < GA_VECTORS; ++k) {
    const unsigned s = k * GA_WARPS + warp;
    T prefix = lane_prefixes[k];
    bool prefix_head = lane_prefix_heads[k];
    bool has = lane > 0u;
    if (segment_has_prefix[s]) {
      if (has) {
        ga_scan_join(prefix, prefix_head, segment_prefixes[s], false);
      } else {
        prefix = segment_prefixes[s];
      }
      has = true;
    }
    const Index first = tile_start + ((Index)k * GA_THREADS + threadIdx.x) * GA_WIDTH;
    Out stored[GA_WIDTH];
#pragma unroll
    for (int j = 0; j < GA_WIDTH; ++j) {
      if (has && !heads[k][j]) values[k][j] = ga_scan_combine(prefix, values[k][j]);
      stored[j] = ga_scan_store(values[k][j]);
    }
    if (GA_WIDTH > 1 && full) {
      ga_out_vector vector;
#pragma unroll
      for (int j = 0; j < GA_WIDTH; ++j) vector.v[j] = stored[j];
      *(ga_out_vector*)(out + first) = vector;
    } else {
#pragma unroll
      for (int j = 0; j < GA_WIDTH; ++j) {
        if (first + j < n) out[first + j] = stored[j];
      }
    }
  }
}
)source";

constexpr const char* kLineScanBody = R"source(
  const Offset in_stride = (Offset)in_stride_;
  const Offset out_stride = (Offset)out_stride_;
  for (Index line = (Index)blockIdx.x * blockDim.x + threadIdx.x; line < lines; line += (Index)gridDim.x * blockDim.x) {
    OFFSETS
    T running = ga_scan_load(in[offset1]);
    out[offset0] = ga_scan_store(running);
    Index i = 1;
    /* GA_UNROLL loads in flight before their stores: one warp per 32 lines leaves few warps per SM,
       so each must keep many bytes in flight. Each element is read before it is written, so an
       in-place scan is safe. */
    for (; i + GA_UNROLL <= length; i += GA_UNROLL) {
      In raw[GA_UNROLL];
#pragma unroll
      for (int u = 0; u < GA_UNROLL; ++u) raw[u] = in[offset1 + (Offset)(i + u) * in_stride];
#pragma unroll
      for (int u = 0; u < GA_UNROLL; ++u) {
        running = ga_scan_combine(running, ga_scan_load(raw[u]));
        out[offset0 + (Offset)(i + u) * out_stride] = ga_scan_store(running);
      }
    }
    for (; i < length; ++i) {
      running = ga_scan_combine(running, ga_scan_load(in[offset1 + (Offset)i * in_stride]));
      out[offset0 + (Offset)i * out_stride] = ga_scan_store(running);
    }
  }
}
)source";

std::size_t itemsize(ga_dtype_t dtype) { return dtype_info(dtype).itemsize; }

// Typedefs and the load/combine/store functions of a scan over `types`.
std::string scan_functions(const ScanTypes& types, const ScanOperation& operation, bool segmented, bool wide) {
  const IndexTypes index = index_types(wide);
  return std::string("typedef ") + dtype_info(types.input).kernel_type + " In;\ntypedef " +
         dtype_info(types.scan).kernel_type + " T;\ntypedef " + dtype_info(types.output).kernel_type +
         " Out;\ntypedef T Value;\ntypedef " + index.offset + " Offset;\ntypedef " + index.unsigned_ +
         " Index;\n#define GA_SEGMENTED " + (segmented ? "1" : "0") + "\n" + cast_functions_source() +
         operation.device_source + "__forceinline__ T ga_scan_combine(const T a, const T b) { return " +
         operation.combine + "; }\n__forceinline__ T ga_scan_load(const In raw) {\n  const T x = " +
         cast_expression(types.input, types.scan, "raw") + ";\n  return " + operation.load +
         ";\n}\n__forceinline__ Out ga_scan_store(const T x) { return " +
         cast_expression(types.scan, types.output, "x") + "; }\n";
}

std::string packed_define(std::size_t value_bytes) {
  return std::string("#define GA_PACKED_STATUS ") + (value_bytes <= 4 ? "1" : "0") + "\n";
}

}  // namespace

TileScanShape tile_scan_shape(const ScanTypes& types, bool aligned, bool segmented, bool wide) {
  const std::size_t scan_bytes = itemsize(types.scan);
  const int items = scan_bytes <= 4 ? 16 : scan_bytes == 8 ? 8 : 4;
  const int width = aligned ? std::min<int>(items, static_cast<int>(16 / itemsize(types.input))) : 1;
  return TileScanShape{width, std::min(4, items / width), segmented, wide};
}

std::size_t tile_status_bytes(std::size_t value_bytes) {
  return value_bytes <= 4 ? 8 : 4 + 2 * 4 * ((value_bytes + 3) / 4);
}

std::int64_t look_back_scratch_bytes(std::int64_t tiles, std::size_t value_bytes) {
  return tiles * static_cast<std::int64_t>(tile_status_bytes(value_bytes)) + 8;
}

std::string look_back_source(const std::string& value_type, std::size_t value_bytes, const std::string& combine,
                             bool segmented) {
  std::string source = "typedef " + value_type + " Value;\n#define GA_SEGMENTED " + (segmented ? "1" : "0") + "\n";
  if (!combine.empty()) {
    source += "__forceinline__ Value ga_scan_combine(const Value a, const Value b) { return " + combine + "; }\n";
  }
  return source + packed_define(value_bytes) + kLookBack;
}

std::string tile_scan_source(const ScanTypes& types, const ScanOperation& operation, const TileScanShape& shape,
                             const std::string& name) {
  const std::size_t in_vector = shape.width * itemsize(types.input);
  const std::size_t out_vector = std::min<std::size_t>(16, shape.width * itemsize(types.output));
  return scan_functions(types, operation, shape.segmented, shape.wide) + packed_define(itemsize(types.scan)) +
         kLookBack + "#define GA_THREADS " + std::to_string(kScanThreads) + "\n#define GA_WARPS " +
         std::to_string(kScanThreads / 32) + "\n#define GA_WIDTH " + std::to_string(shape.width) +
         "\n#define GA_VECTORS " + std::to_string(shape.vectors) + "\n#define GA_TILE " + std::to_string(shape.tile()) +
         "\nstruct alignas(" + std::to_string(in_vector) + ") ga_in_vector { In v[GA_WIDTH]; };\nstruct alignas(" +
         std::to_string(out_vector) + ") ga_out_vector { Out v[GA_WIDTH]; };\n" +
         "extern \"C\" __global__ void __launch_bounds__(GA_THREADS) " +
         name + "(const In* in, Out* out, Index n, Index segment, ga_tile_status* status) {\n  (void)segment;" +
         kTileScanBody;
}

std::string line_scan_source(const ScanTypes& types, const ScanOperation& operation, int rank, bool wide,
                             const std::string& name) {
  std::string body = kLineScanBody;
  const std::string marker = "OFFSETS";
  body.replace(body.find(marker), marker.size(), offsets_for_linear_index(rank, 2, wide, "line", "lines_loop"));
  return scan_functions(types, operation, false, wide) + loop_params_declaration(rank, 2) + "#define GA_UNROLL 16\n" +
         "extern \"C\" __global__ void " + name +
         "(const In* __restrict__ in, Out* __restrict__ out, Index lines, Index length, long long in_stride_,\n"
         "    long long out_stride_, ga_loop_params lines_loop) {" + body;
}

}  // namespace garray
