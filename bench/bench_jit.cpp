// The kernel engine's costs as a user of the C API meets them, the figures of issue 4:
//  - cold compile: a kernel no process has compiled, from the request to its first launch done
//    (NVRTC, the disk cache write, loading, one launch); a new source for every sample, and a disk
//    cache in a new temporary directory;
//  - disk-cache hit in a fresh process: the benchmark starts itself again in a child mode, which
//    creates its CUDA context first (not timed) and then times the same request, which the disk
//    answers;
//  - in-memory hits: taking a kernel from a module, and creating a RawKernel of cached source;
//  - launch: host time per ga_kernel_launch of a cached RawKernel, beside cudaLaunchKernel of the
//    same code loaded by hand.
// Wall-clock medians on the host. Says so and exits 0 on a machine without a GPU.
#include "bench_support.hpp"

#include <stdlib.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using bench::check;
using bench::kRepetitions;

const char* const bench::kProgram = "bench_jit";

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kColdSamples = 20;
constexpr int kFreshProcessSamples = 20;
constexpr const char* kChildMode = "--disk-hit-child";
constexpr const char* kKernelName = "small";
// Tags of small_kernel_source() beside the cold samples' (-1 to kColdSamples - 1).
constexpr int kDiskHitTag = kColdSamples;
constexpr int kMemoryHitTag = kColdSamples + 1;

// Issue 4's goals and CuPy 14.2's cold compile on the H100.
constexpr double kColdGoalMilliseconds = 30;
constexpr double kDiskHitGoalMilliseconds = 2;
constexpr double kLaunchGoalMicroseconds = 3;

struct Row {
  std::string what;
  double value;
  const char* unit;
  std::optional<double> goal;  // the figure should be at most this, in `unit`
  std::string reference;
};

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// A small kernel; `tag` is part of its code, so each tag is a source no cache has seen.
std::string small_kernel_source(long long tag) {
  return "extern \"C\" __global__ void " + std::string(kKernelName) +
         "(float* x, int n) {\n"
         "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
         "  if (i < n) x[i] = x[i] * 0.5f + " +
         std::to_string(tag) + ".0f;\n}\n";
}

// The arguments of the benchmark's kernel: the scratch pointer and the increment 1.
std::array<ga_kernel_arg_t, 2> increment_arguments(void* scratch) {
  std::array<ga_kernel_arg_t, 2> args = {};
  args[0].kind = GA_KERNEL_ARG_POINTER;
  args[0].pointer = scratch;
  args[1].kind = GA_KERNEL_ARG_SCALAR;
  args[1].scalar.dtype = GA_INT32;
  args[1].scalar.as_int = 1;
  return args;
}

// Creates the RawKernel of `source` and runs it once on `scratch` (one float of device memory):
// the work a program's first use of a kernel does. Returns the kernel.
ga_kernel_t create_and_run_once(const std::string& source, void* scratch) {
  ga_kernel_t kernel = nullptr;
  check(ga_raw_kernel_create(source.c_str(), kKernelName, nullptr, 0, &kernel), "ga_raw_kernel_create");
  const std::array<ga_kernel_arg_t, 2> args = increment_arguments(scratch);
  const uint32_t one[3] = {1, 1, 1};
  check(ga_kernel_launch(kernel, one, one, 0, args.data(), 2, nullptr), "ga_kernel_launch");
  check(ga_device_synchronize(), "ga_device_synchronize");
  return kernel;
}

// The row of a cold compile. `request(sample)` must ask for a kernel that no earlier sample (nor an
// earlier run: the disk cache directory is new) has compiled, and bring it to where it has run
// once; releasing it there is cheap and may be timed. Median of kColdSamples, after one unrecorded
// sample that pays this process's one-time NVRTC start-up. Each kind of user kernel gets its row
// through here.
Row cold_compile_row(const std::string& kind, const std::function<void(int sample)>& request) {
  request(-1);
  std::vector<double> samples;
  for (int sample = 0; sample < kColdSamples; ++sample) {
    const Clock::time_point start = Clock::now();
    request(sample);
    samples.push_back(milliseconds_since(start));
  }
  return {"cold compile, never-seen " + kind + " (request -> first run done)", median(samples), "ms",
          kColdGoalMilliseconds, "CuPy 14.2: 108 ms (H100)"};
}

// Child mode: one request for `source`, which the disk cache holds, in this fresh process. Prints
// "<milliseconds> <compiles> <disk hits>" for the parent, which checks that it was a disk hit.
int run_disk_hit_child(const char* source_path) {
  std::ifstream file(source_path);
  std::stringstream source;
  if (!(source << file.rdbuf())) {
    std::fprintf(stderr, "%s: cannot read %s\n", bench::kProgram, source_path);
    return 1;
  }
  // The CUDA context is made first and not timed: every process pays it, whatever garray does.
  check(cudaSetDevice(0), "cudaSetDevice");
  check(cudaFree(nullptr), "cudaFree");
  void* scratch = nullptr;
  check(cudaMalloc(&scratch, sizeof(float)), "cudaMalloc");

  const Clock::time_point start = Clock::now();
  ga_kernel_t kernel = create_and_run_once(source.str(), scratch);
  const double elapsed = milliseconds_since(start);

  ga_kernel_cache_stats_t stats = {sizeof(stats)};
  check(ga_kernel_cache_stats(&stats), "ga_kernel_cache_stats");
  std::printf("%.6f %llu %llu\n", elapsed, static_cast<unsigned long long>(stats.compiles),
              static_cast<unsigned long long>(stats.disk_hits));
  check(ga_kernel_release(kernel), "ga_kernel_release");
  check(cudaFree(scratch), "cudaFree");
  return 0;
}

Row disk_hit_in_fresh_process_row(const fs::path& directory, void* scratch) {
  const std::string source = small_kernel_source(kDiskHitTag);
  check(ga_kernel_release(create_and_run_once(source, scratch)), "ga_kernel_release");  // on disk now
  const fs::path source_path = directory / "disk_hit_source.cu";
  std::ofstream(source_path) << source;
  const std::string command =
      "'" + fs::read_symlink("/proc/self/exe").string() + "' " + kChildMode + " '" + source_path.string() + "'";
  std::vector<double> samples;
  for (int sample = 0; sample < kFreshProcessSamples; ++sample) {
    FILE* child = popen(command.c_str(), "r");
    double elapsed = 0;
    unsigned long long compiles = 0, disk_hits = 0;
    const bool parsed = child != nullptr && std::fscanf(child, "%lf %llu %llu", &elapsed, &compiles, &disk_hits) == 3;
    const int status = child != nullptr ? pclose(child) : -1;
    if (!parsed || status != 0 || compiles != 0 || disk_hits != 1) {
      std::fprintf(stderr, "%s: the child process failed or was no disk hit (status %d, %llu compiles, %llu disk hits)\n",
                   bench::kProgram, status, compiles, disk_hits);
      std::exit(1);
    }
    samples.push_back(elapsed);
  }
  return {"disk-cache hit, fresh process (request -> first run done)", median(samples), "ms", kDiskHitGoalMilliseconds,
          ""};
}

// Host microseconds per call of `launch`, timing the calls alone: batches of 256, each followed by
// an untimed synchronisation, so that the launch queue never fills (a launch into a full queue
// waits for the device, and this is to measure the host). Median of kRepetitions runs of 40
// batches, after one batch of warm-up.
template <class Launch>
double host_microseconds_per_launch(Launch&& launch) {
  constexpr int kBatch = 256;
  constexpr int kBatches = 40;
  const auto batch = [&] {
    const Clock::time_point start = Clock::now();
    for (int i = 0; i < kBatch; ++i) launch();
    const double elapsed = milliseconds_since(start);
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    return elapsed;
  };
  batch();
  std::vector<double> per_call;
  for (int repetition = 0; repetition < kRepetitions; ++repetition) {
    double total = 0;
    for (int i = 0; i < kBatches; ++i) total += batch();
    per_call.push_back(total * 1000 / (kBatch * kBatches));
  }
  return median(per_call);
}

// The cached kernel launched through garray, and the same CUBIN loaded and launched with the CUDA
// runtime alone (cudaLibraryLoadData, cudaLaunchKernel), on the same stream with the same
// arguments.
std::vector<Row> launch_rows(const ga_device_properties_t& properties, ga_kernel_t kernel, const std::string& source,
                             void* scratch) {
  const std::array<ga_kernel_arg_t, 2> args = increment_arguments(scratch);
  const uint32_t one[3] = {1, 1, 1};
  const double garray = host_microseconds_per_launch(
      [&] { check(ga_kernel_launch(kernel, one, one, 0, args.data(), 2, nullptr), "ga_kernel_launch"); });

  void* cubin = nullptr;
  size_t size = 0;
  check(ga_jit_compile(source.c_str(), nullptr, 0, properties.major * 10 + properties.minor, 0, &cubin, &size),
        "ga_jit_compile");
  cudaLibrary_t library = nullptr;
  check(cudaLibraryLoadData(&library, cubin, nullptr, nullptr, 0, nullptr, nullptr, 0), "cudaLibraryLoadData");
  cudaKernel_t native = nullptr;
  check(cudaLibraryGetKernel(&native, library, kKernelName), "cudaLibraryGetKernel");
  int count = 1;
  void* native_args[2] = {&scratch, &count};
  // cudaLaunchKernel takes a cudaKernel_t where a kernel's address goes, cast to const void*.
  const double cuda = host_microseconds_per_launch([&] {
    check(cudaLaunchKernel(reinterpret_cast<const void*>(native), dim3(1), dim3(1), native_args, 0, nullptr),
          "cudaLaunchKernel");
  });
  check(cudaLibraryUnload(library), "cudaLibraryUnload");
  check(ga_jit_free_binary(cubin), "ga_jit_free_binary");
  return {{"launch, cached RawKernel: ga_kernel_launch", garray, "us", kLaunchGoalMicroseconds, ""},
          {"launch, the same code: cudaLaunchKernel", cuda, "us", std::nullopt, "the CUDA runtime alone"}};
}

void print(const char* device, const std::vector<Row>& rows) {
  std::printf("bench_jit: %s; host wall-clock medians (cold: %d samples; fresh process: %d processes)\n\n", device,
              kColdSamples, kFreshProcessSamples);
  std::printf("%-64s %12s %-8s %-7s %s\n", "figure", "garray", "goal", "", "reference");
  for (const Row& row : rows) {
    char goal[32] = "";
    if (row.goal) std::snprintf(goal, sizeof(goal), "<= %g %s", *row.goal, row.unit);
    const char* verdict = !row.goal ? "" : row.value <= *row.goal ? "met" : "MISSED";
    std::printf("%-64s %9.3f %-2s %-8s %-7s %s\n", row.what.c_str(), row.value, row.unit, goal, verdict,
                row.reference.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == kChildMode) return run_disk_hit_child(argv[2]);

  int device_count = 0;
  check(ga_device_count(&device_count), "ga_device_count");
  if (device_count == 0) {
    std::printf("%s: no GPU on this machine; nothing to measure\n", bench::kProgram);
    return 0;
  }
  ga_device_properties_t properties = {sizeof(properties)};
  check(ga_device_get_properties(0, &properties), "ga_device_get_properties");

  // A disk cache of this run's own, set before garray's first compile reads the environment (the
  // child processes inherit it), so that nothing is found from an earlier run.
  std::string directory_name = (fs::temp_directory_path() / "garray-bench-jit-XXXXXX").string();
  if (mkdtemp(directory_name.data()) == nullptr) {
    std::fprintf(stderr, "%s: mkdtemp failed\n", bench::kProgram);
    return 1;
  }
  const fs::path directory = directory_name;
  setenv("GA_CACHE_DIR", directory.c_str(), 1);
  unsetenv("GA_CACHE_DISABLE");
  unsetenv("GA_CACHE_MAX_BYTES");

  void* scratch = nullptr;
  check(cudaMalloc(&scratch, sizeof(float)), "cudaMalloc");
  std::vector<Row> rows;

  rows.push_back(cold_compile_row("RawKernel", [&](int sample) {
    check(ga_kernel_release(create_and_run_once(small_kernel_source(sample), scratch)), "ga_kernel_release");
  }));
  // CuPy's 108 ms is this figure: an ElementwiseKernel whose operation nothing has compiled before.
  const int64_t one[1] = {1};
  ga_array_t element = nullptr;
  check(ga_array_zeros(1, one, GA_FLOAT32, GA_ORDER_C, nullptr, &element), "ga_array_zeros");
  rows.push_back(cold_compile_row("ElementwiseKernel", [&](int sample) {
    const std::string operation = "y = x * 2 + " + std::to_string(sample + 2);
    ga_elementwise_kernel_t kernel = nullptr;
    check(ga_elementwise_kernel_create("T x", "T y", operation.c_str(), "cold_elementwise", nullptr, nullptr, 0,
                                       &kernel),
          "ga_elementwise_kernel_create");
    const ga_kernel_arg_t input = {GA_KERNEL_ARG_ARRAY, element, {}, nullptr};
    ga_array_t output[1] = {nullptr};
    check(ga_elementwise_kernel_call(kernel, &input, 1, output, 1, -1, nullptr, output), "ga_elementwise_kernel_call");
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    check(ga_array_release(output[0]), "ga_array_release");
    check(ga_elementwise_kernel_release(kernel), "ga_elementwise_kernel_release");
  }));
  check(ga_array_release(element), "ga_array_release");
  rows.push_back(disk_hit_in_fresh_process_row(directory, scratch));

  const std::string cached_source = small_kernel_source(kMemoryHitTag);
  ga_module_t module = nullptr;
  check(ga_module_create(cached_source.c_str(), nullptr, 0, &module), "ga_module_create");
  ga_kernel_t kernel = create_and_run_once(cached_source, scratch);
  rows.push_back({"in-memory hit: ga_module_get_function", bench::median_microseconds(20000, [&] {
                    ga_kernel_t taken = nullptr;
                    check(ga_module_get_function(module, kKernelName, &taken), "ga_module_get_function");
                    check(ga_kernel_release(taken), "ga_kernel_release");
                  }),
                  "us", std::nullopt, "get_function + release"});
  rows.push_back({"in-memory hit: ga_raw_kernel_create of cached source", bench::median_microseconds(20000, [&] {
                    ga_kernel_t created = nullptr;
                    check(ga_raw_kernel_create(cached_source.c_str(), kKernelName, nullptr, 0, &created),
                          "ga_raw_kernel_create");
                    check(ga_kernel_release(created), "ga_kernel_release");
                  }),
                  "us", std::nullopt, "create + release"});
  for (Row& row : launch_rows(properties, kernel, cached_source, scratch)) rows.push_back(std::move(row));

  print(properties.name, rows);
  check(ga_kernel_release(kernel), "ga_kernel_release");
  check(ga_module_release(module), "ga_module_release");
  check(cudaFree(scratch), "cudaFree");
  std::error_code ignored;
  fs::remove_all(directory, ignored);
  return 0;
}
