// Host cost of the memory pool: one ga_memory_allocate + ga_memory_free pair beside cudaMalloc +
// cudaFree of the same size, and a stream round trip (record an event on one stream, make another
// wait for it, synchronize that one) through garray beside the same CUDA calls. Each figure is the
// median over several runs of many iterations, after a warm-up. Exits 1 without a GPU.
#include "bench_support.hpp"

#include <cstdio>
#include <string>
#include <vector>

using bench::check;
using bench::kRepetitions;
using bench::median_microseconds;

const char* const bench::kProgram = "bench_pool";

namespace {

struct Row {
  std::string workload;
  double garray_microseconds;
  double cuda_microseconds;
};

Row allocate_and_free(size_t bytes, const char* size_name) {
  const double garray = median_microseconds(100000, [bytes] {
    void* block = nullptr;
    check(ga_memory_allocate(bytes, nullptr, &block), "ga_memory_allocate");
    check(ga_memory_free(block, nullptr), "ga_memory_free");
  });
  const double cuda = median_microseconds(500, [bytes] {
    void* block = nullptr;
    check(cudaMalloc(&block, bytes), "cudaMalloc");
    check(cudaFree(block), "cudaFree");
  });
  return {std::string("allocate + free ") + size_name, garray, cuda};
}

Row stream_round_trip() {
  ga_stream_t first = nullptr, second = nullptr;
  check(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &first), "ga_stream_create");
  check(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &second), "ga_stream_create");
  ga_event_t event = nullptr;
  check(ga_event_create(GA_EVENT_DISABLE_TIMING, &event), "ga_event_create");
  const double garray = median_microseconds(20000, [&] {
    check(ga_event_record(event, first), "ga_event_record");
    check(ga_stream_wait_event(second, event), "ga_stream_wait_event");
    check(ga_stream_synchronize(second), "ga_stream_synchronize");
  });

  void* native_first = nullptr;
  void* native_second = nullptr;
  void* native_event = nullptr;
  check(ga_stream_native(first, &native_first), "ga_stream_native");
  check(ga_stream_native(second, &native_second), "ga_stream_native");
  check(ga_event_native(event, &native_event), "ga_event_native");
  const double cuda = median_microseconds(20000, [&] {
    check(cudaEventRecord(static_cast<cudaEvent_t>(native_event),
                          static_cast<cudaStream_t>(native_first)),
          "cudaEventRecord");
    check(cudaStreamWaitEvent(static_cast<cudaStream_t>(native_second),
                              static_cast<cudaEvent_t>(native_event), 0),
          "cudaStreamWaitEvent");
    check(cudaStreamSynchronize(static_cast<cudaStream_t>(native_second)), "cudaStreamSynchronize");
  });

  check(ga_event_release(event), "ga_event_release");
  check(ga_stream_release(first), "ga_stream_release");
  check(ga_stream_release(second), "ga_stream_release");
  return {"stream round trip", garray, cuda};
}

}  // namespace

int main() {
  const ga_device_properties_t properties = bench::require_gpu();
  ga_memory_backend_t backend = GA_MEMORY_BACKEND_POOL;
  check(ga_memory_pool_get_backend(0, &backend), "ga_memory_pool_get_backend");
  const char* backend_names[] = {"pool", "async", "custom"};

  std::vector<Row> rows;
  rows.push_back(allocate_and_free(512, "512 B"));
  rows.push_back(allocate_and_free(64 << 10, "64 KiB"));
  rows.push_back(allocate_and_free(4 << 20, "4 MiB"));
  rows.push_back(stream_round_trip());

  std::printf("bench_pool: %s, backend %s; host microseconds per operation, median of %d runs\n\n",
              properties.name, backend_names[backend], kRepetitions);
  std::printf("%-24s %12s %12s\n", "workload", "garray", "CUDA");
  for (const Row& row : rows) {
    std::printf("%-24s %12.3f %12.3f\n", row.workload.c_str(), row.garray_microseconds,
                row.cuda_microseconds);
  }
  return 0;
}
