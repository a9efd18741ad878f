// Processes sharing one disk cache directory: two compile the same never-seen kernel at the same
// moment, round after round; each round leaves exactly one whole file for the key, which a third
// process then reads as a disk hit. The processes run cache_writer_process.cpp, started with
// posix_spawn: a fork() of this process would copy its CUDA state, which CUDA does not support.
// Compiles for an explicit architecture, so no GPU is needed.
#include "core/jit/cache_file_format.hpp"
#include "core/jit/cache_key.hpp"
#include "core/jit/disk_cache.hpp"
#include "scratch_directory.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

extern char** environ;

namespace fs = std::filesystem;

namespace {

constexpr int kRounds = 10;
constexpr int kArch = 90;

struct Report {
  int exit_status = -1;
  std::string output;  // stdout; stderr goes to the test's own
  unsigned long long compiles = 0;
  unsigned long long disk_hits = 0;
  std::size_t bytes = 0;
};

// The test's environment with GA_CACHE_DIR set to `directory` and no other cache setting, which
// could otherwise disable or bound the shared cache.
std::vector<std::string> environment_for(const fs::path& directory) {
  std::vector<std::string> variables;
  for (char** variable = environ; *variable != nullptr; ++variable) {
    const std::string text = *variable;
    if (!text.starts_with("GA_CACHE_")) variables.push_back(text);
  }
  variables.push_back("GA_CACHE_DIR=" + directory.string());
  return variables;
}

// One cache_writer_process, started at once and waiting for start() to compile `source`.
class CacheWriter {
 public:
  CacheWriter(const fs::path& cache_directory, const std::string& source) {
    int go[2];
    int out[2];
    // Close-on-exec, so that each child holds only its own ends (dup2 onto 0 and 1 clears the
    // flag there): a write end left open in a sibling would keep this child waiting forever.
    if (pipe2(go, O_CLOEXEC) != 0) return;
    if (pipe2(out, O_CLOEXEC) != 0) {
      close(go[0]);
      close(go[1]);
      return;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, go[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    const std::string program = GARRAY_CACHE_WRITER_PROCESS;
    const std::string arch = std::to_string(kArch);
    std::vector<char*> arguments = {const_cast<char*>(program.c_str()), const_cast<char*>(arch.c_str()),
                                    const_cast<char*>(source.c_str()), nullptr};
    std::vector<std::string> variables = environment_for(cache_directory);
    std::vector<char*> environment;
    for (std::string& variable : variables) environment.push_back(variable.data());
    environment.push_back(nullptr);
    if (posix_spawn(&pid_, program.c_str(), &actions, nullptr, arguments.data(), environment.data()) != 0) {
      pid_ = -1;
    }
    posix_spawn_file_actions_destroy(&actions);
    close(go[0]);
    close(out[1]);
    go_ = go[1];
    out_ = out[0];
  }
  CacheWriter(const CacheWriter&) = delete;
  CacheWriter& operator=(const CacheWriter&) = delete;
  // A child never started (a failed assertion on the way) sees its stdin close and exits.
  ~CacheWriter() { finish(); }

  bool spawned() const { return pid_ > 0; }

  void start() {
    const char go = 'g';
    if (write(go_, &go, 1) != 1) ADD_FAILURE() << "could not signal the writer process";
    close_descriptor(go_);
  }

  // Waits for the process to end; its report.
  Report finish() {
    close_descriptor(go_);
    Report report;
    char buffer[256];
    for (ssize_t n; out_ >= 0 && (n = read(out_, buffer, sizeof(buffer))) > 0;) report.output.append(buffer, n);
    close_descriptor(out_);
    if (pid_ > 0) {
      int status = 0;
      if (waitpid(pid_, &status, 0) == pid_ && WIFEXITED(status)) report.exit_status = WEXITSTATUS(status);
      pid_ = -1;
    }
    std::sscanf(report.output.c_str(), "compiles=%llu disk_hits=%llu bytes=%zu", &report.compiles,
                &report.disk_hits, &report.bytes);
    return report;
  }

 private:
  static void close_descriptor(int& descriptor) {
    if (descriptor >= 0) close(descriptor);
    descriptor = -1;
  }

  pid_t pid_ = -1;
  int go_ = -1;
  int out_ = -1;
};

std::vector<char> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}

// The names in `directory` that are not finished cache files (temporaries left behind).
std::vector<std::string> other_than_cache_files(const fs::path& directory, int& cache_files) {
  std::vector<std::string> others;
  cache_files = 0;
  for (const auto& entry : fs::directory_iterator(directory)) {
    if (entry.path().extension() == ".kernel") {
      ++cache_files;
    } else {
      others.push_back(entry.path().filename().string());
    }
  }
  return others;
}

std::string source_of_round(int round) {
  return "extern \"C\" __global__ void round_" + std::to_string(round) +
         "(float* x, int n) {\n"
         "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
         "  if (i < n) x[i] = x[i] * x[i] + " +
         std::to_string(round) + ".0f;\n}\n";
}

}  // namespace

TEST(DiskCacheProcesses, TwoWritersOfOneKeyLeaveOneWholeFileThatAThirdProcessReads) {
  ScratchDirectory directory;  // fresh, so every round's source is one no process has seen
  const garray::jit::DiskCache cache({directory.path(), garray::jit::kDefaultDiskCacheMaxBytes});
  const garray::jit::Target target{kArch, garray::jit::BinaryKind::cubin};
  int rounds_with_two_compiles = 0;
  for (int round = 0; round < kRounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string source = source_of_round(round);
    CacheWriter first(directory.path(), source);
    CacheWriter second(directory.path(), source);
    ASSERT_TRUE(first.spawned() && second.spawned()) << "could not start " << GARRAY_CACHE_WRITER_PROCESS;
    first.start();
    second.start();
    const Report one = first.finish();
    const Report other = second.finish();
    ASSERT_EQ(one.exit_status, 0) << one.output;
    ASSERT_EQ(other.exit_status, 0) << other.output;
    EXPECT_EQ(one.compiles + one.disk_hits, 1u) << one.output;
    EXPECT_EQ(other.compiles + other.disk_hits, 1u) << other.output;
    EXPECT_EQ(one.bytes, other.bytes);
    if (one.compiles == 1 && other.compiles == 1) ++rounds_with_two_compiles;

    const std::optional<garray::jit::CachedCode> stored =
        garray::jit::decode_cache_file(read_bytes(cache.path_for(garray::jit::cache_key(source, {}, target))));
    ASSERT_TRUE(stored) << "the file for the key is missing or damaged";
    EXPECT_EQ(stored->code.size(), one.bytes);
    int cache_files = 0;
    EXPECT_EQ(other_than_cache_files(directory.path(), cache_files), std::vector<std::string>{})
        << "no temporary is left behind";
    EXPECT_EQ(cache_files, round + 1) << "one file per key";

    CacheWriter reader(directory.path(), source);
    ASSERT_TRUE(reader.spawned());
    reader.start();
    const Report read = reader.finish();
    ASSERT_EQ(read.exit_status, 0) << read.output;
    EXPECT_EQ(read.compiles, 0u) << read.output;
    EXPECT_EQ(read.disk_hits, 1u) << read.output;
    EXPECT_EQ(read.bytes, one.bytes);
  }
  EXPECT_GT(rounds_with_two_compiles, 0)
      << "in no round did both writers compile, so no round had two writers of one key";
}
