// Where the host time of a small C API call goes, on a machine without perf: the call runs in a
// loop (paced like bench_overhead: a device synchronisation every 256 calls) while a 50 us
// wall-clock timer interrupts the calling thread; each interruption records the interrupted
// instruction. At the end, addresses in garray and in this program are named with addr2line
// (innermost inlined function, file and line), others by library; the table lists the functions
// that held the most samples, with each one's share of the time per call. The timer's own
// interruptions slow the loop, so the per-call figure is above bench_overhead's; the shares are
// what to read.
//
//   profile_host [sum|add|launch] [seconds]      (default: all three, 1.5 s each)
//
// Not one of the bench_* tables: scripts/gpu_check.sh does not run it.
#include "bench_support.hpp"

#include <dlfcn.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

using bench::check;

const char* const bench::kProgram = "profile_host";

namespace {

constexpr int kMaxSamples = 1 << 20;
constexpr long kIntervalNanoseconds = 50000;
constexpr int kRows = 40;

// Written by the signal handler only while `sampling` is set; read after it is cleared.
std::array<void*, kMaxSamples> samples;
volatile sig_atomic_t sample_count = 0;
volatile sig_atomic_t sampling = 0;

void record_sample(int, siginfo_t*, void* context) {
  if (!sampling || sample_count >= kMaxSamples) return;
  const auto* interrupted = static_cast<const ucontext_t*>(context);
  samples[sample_count] = reinterpret_cast<void*>(interrupted->uc_mcontext.gregs[REG_RIP]);
  sample_count = sample_count + 1;
}

// A timer that sends SIGRTMIN to this thread alone every kIntervalNanoseconds of wall time.
void start_sampling_timer() {
  struct sigaction action = {};
  action.sa_sigaction = record_sample;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigaction(SIGRTMIN, &action, nullptr);
  sigevent event = {};
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = SIGRTMIN;
  event._sigev_un._tid = static_cast<pid_t>(syscall(SYS_gettid));
  timer_t timer;
  if (timer_create(CLOCK_MONOTONIC, &event, &timer) != 0) {
    std::perror("profile_host: timer_create");
    std::exit(1);
  }
  itimerspec period = {};
  period.it_interval.tv_nsec = kIntervalNanoseconds;
  period.it_value.tv_nsec = kIntervalNanoseconds;
  timer_settime(timer, 0, &period, nullptr);
}

// The output lines of `command`.
std::vector<std::string> command_lines(const std::string& command) {
  std::vector<std::string> lines;
  const std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return lines;
  char line[8192];
  while (std::fgets(line, sizeof line, pipe.get())) {
    line[std::strcspn(line, "\n")] = '\0';
    lines.emplace_back(line);
  }
  return lines;
}

// "function [file:line]" for addresses in garray or this program, "library:symbol" elsewhere.
std::map<void*, std::string> name_addresses(const std::vector<void*>& addresses) {
  std::map<void*, std::string> names;
  std::map<std::string, std::vector<std::pair<void*, std::uintptr_t>>> by_object;
  for (void* address : addresses) {
    Dl_info info = {};
    if (!dladdr(address, &info) || !info.dli_fname) {
      names[address] = "?";
      continue;
    }
    const std::string object = info.dli_fname;
    const std::string base = object.substr(object.rfind('/') + 1);
    if (base.find("garray") == std::string::npos && base.find(bench::kProgram) == std::string::npos) {
      names[address] = base + ":" + (info.dli_sname ? info.dli_sname : "?");
      continue;
    }
    const auto offset = reinterpret_cast<std::uintptr_t>(address) - reinterpret_cast<std::uintptr_t>(info.dli_fbase);
    by_object[object].emplace_back(address, offset);
  }
  for (const auto& [object, entries] : by_object) {
    std::string command = "addr2line -f -C -e " + object;
    char hex[32];
    for (const auto& entry : entries) {
      std::snprintf(hex, sizeof hex, " 0x%jx", static_cast<std::uintmax_t>(entry.second));
      command += hex;
    }
    const std::vector<std::string> lines = command_lines(command);  // a function and a location per address
    for (std::size_t k = 0; k < entries.size(); ++k) {
      std::string function = 2 * k < lines.size() ? lines[2 * k] : "?";
      const std::string location = 2 * k + 1 < lines.size() ? lines[2 * k + 1] : "?";
      function = function.substr(0, function.find('('));
      names[entries[k].first] = function + " [" + location.substr(location.rfind('/') + 1) + "]";
    }
  }
  return names;
}

template <class Body>
void profile(const char* label, double seconds, Body&& body) {
  for (int i = 0; i < 2048; ++i) body();
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  sample_count = 0;
  sampling = 1;
  long calls = 0;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  while (elapsed() < seconds) {
    for (int i = 0; i < 256; ++i) body();
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    calls += 256;
  }
  sampling = 0;
  const double microseconds_per_call = elapsed() * 1e6 / static_cast<double>(calls);
  const int count = sample_count;

  std::vector<void*> addresses(samples.begin(), samples.begin() + count);
  std::sort(addresses.begin(), addresses.end());
  addresses.erase(std::unique(addresses.begin(), addresses.end()), addresses.end());
  const std::map<void*, std::string> names = name_addresses(addresses);
  std::map<std::string, int> held;
  for (int s = 0; s < count; ++s) ++held[names.at(samples[s])];
  std::vector<std::pair<int, std::string>> rows;
  for (const auto& [name, samples_held] : held) rows.emplace_back(samples_held, name);
  std::sort(rows.rbegin(), rows.rend());

  std::printf("== %s: %.2f us per call while sampled, %d samples\n", label, microseconds_per_call, count);
  for (std::size_t k = 0; k < rows.size() && k < kRows; ++k) {
    const double share = static_cast<double>(rows[k].first) / count;
    std::printf("  %5.1f%%  %5.2f us  %s\n", 100 * share, share * microseconds_per_call, rows[k].second.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "all";
  const double seconds = argc > 2 ? std::atof(argv[2]) : 1.5;
  bench::require_gpu();
  start_sampling_timer();

  const int64_t shape[1] = {1};
  ga_array_t tiny = nullptr;
  check(ga_array_zeros(1, shape, GA_FLOAT32, GA_ORDER_C, nullptr, &tiny), "ga_array_zeros");
  if (which == "all" || which == "sum") {
    profile("ga_array_sum, 1 element, result allocated", seconds, [&] {
      ga_array_t result = nullptr;
      check(ga_array_sum(tiny, nullptr, nullptr, nullptr, &result), "ga_array_sum");
      check(ga_array_release(result), "ga_array_release");
    });
  }
  if (which == "all" || which == "add") {
    ga_ufunc_t add = nullptr;
    check(ga_ufunc_find("add", &add), "ga_ufunc_find");
    ga_operand_t operands[2] = {};
    operands[0].kind = operands[1].kind = GA_OPERAND_ARRAY;
    operands[0].array = operands[1].array = tiny;
    profile("ufunc add, 1 element, out given", seconds, [&] {
      const ga_array_t given[1] = {tiny};
      ga_array_t results[1] = {nullptr};
      check(ga_ufunc_call(add, operands, 2, nullptr, given, 1, nullptr, results), "ga_ufunc_call");
      check(ga_array_release(results[0]), "ga_array_release");  // `tiny` with one more reference
    });
  }
  if (which == "all" || which == "launch") {
    const char* source = "extern \"C\" __global__ void increment(float* x) { x[threadIdx.x] += 1.0f; }\n";
    ga_kernel_t increment = nullptr;
    check(ga_raw_kernel_create(source, "increment", nullptr, 0, &increment), "ga_raw_kernel_create");
    ga_kernel_arg_t argument = {};
    argument.kind = GA_KERNEL_ARG_ARRAY;
    argument.array = tiny;
    const uint32_t one[3] = {1, 1, 1};
    profile("ga_kernel_launch, cached RawKernel", seconds,
            [&] { check(ga_kernel_launch(increment, one, one, 0, &argument, 1, nullptr), "ga_kernel_launch"); });
    check(ga_kernel_release(increment), "ga_kernel_release");
  }
  check(ga_array_release(tiny), "ga_array_release");
  return 0;
}
