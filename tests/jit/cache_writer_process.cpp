// One process of test_disk_cache_processes.cpp. Usage: cache_writer_process ARCH SOURCE
//
// Starts the engine (reading GA_CACHE_DIR), then waits for one byte on stdin, so that the test can
// release several processes at the same moment and they race on the compile rather than on
// start-up; then compiles SOURCE for sm_ARCH through the C API, as any process sharing the
// directory would, and prints what the engine did:
//   compiles=<n> disk_hits=<n> bytes=<size of the CUBIN>
// Exits 0 when that worked; 1, saying why on stderr, when it did not; 2 when stdin closed before
// the byte came (the test gave up on this process).
#include <garray/garray.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace {

bool counts(ga_kernel_cache_stats_t* stats) {
  stats->struct_size = sizeof(*stats);
  if (ga_kernel_cache_stats(stats) == GA_OK) return true;
  std::fprintf(stderr, "ga_kernel_cache_stats: %s\n", ga_last_error());
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s ARCH SOURCE\n", argv[0]);
    return 1;
  }
  ga_kernel_cache_stats_t stats{};
  if (!counts(&stats)) return 1;  // the engine is started by its first use
  char go = 0;
  if (read(STDIN_FILENO, &go, 1) != 1) return 2;

  void* binary = nullptr;
  size_t size = 0;
  if (ga_jit_compile(argv[2], nullptr, 0, std::atoi(argv[1]), 0, &binary, &size) != GA_OK) {
    std::fprintf(stderr, "ga_jit_compile: %s\n", ga_last_error());
    return 1;
  }
  ga_jit_free_binary(binary);
  if (!counts(&stats)) return 1;
  std::printf("compiles=%llu disk_hits=%llu bytes=%zu\n", static_cast<unsigned long long>(stats.compiles),
              static_cast<unsigned long long>(stats.disk_hits), size);
  return 0;
}
