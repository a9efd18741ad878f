#include "core/jit/compiler.hpp"

#include "core/common/error.hpp"
#include "core/jit/failed_source_dump.hpp"
#include "core/jit/nvrtc_check.hpp"

#include <nvrtc.h>

namespace garray::jit {

namespace {

// Owns an nvrtcProgram so that every path out of a compilation destroys it.
class Program {
 public:
  explicit Program(std::string_view source) {
    const std::string text(source);  // NVRTC reads a NUL-terminated string
    check_nvrtc(nvrtcCreateProgram(&program_, text.c_str(), std::string(kProgramName).c_str(), 0,
                                   nullptr, nullptr),
                "nvrtcCreateProgram");
  }
  ~Program() { nvrtcDestroyProgram(&program_); }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  // Before compile(): NVRTC instantiates what the expression names while compiling.
  void add_name_expression(const std::string& expression) {
    check_nvrtc(nvrtcAddNameExpression(program_, expression.c_str()), "nvrtcAddNameExpression");
  }

  nvrtcResult compile(const std::vector<std::string>& options) {
    std::vector<const char*> pointers;
    pointers.reserve(options.size());
    for (const std::string& option : options) pointers.push_back(option.c_str());
    return nvrtcCompileProgram(program_, static_cast<int>(pointers.size()), pointers.data());
  }

  std::string log() const {
    std::size_t size = 0;
    check_nvrtc(nvrtcGetProgramLogSize(program_, &size), "nvrtcGetProgramLogSize");
    std::string text(size, '\0');
    check_nvrtc(nvrtcGetProgramLog(program_, text.data()), "nvrtcGetProgramLog");
    while (!text.empty() && (text.back() == '\0' || text.back() == '\n')) text.pop_back();
    return text;
  }

  // After a successful compile(), for an expression given to add_name_expression().
  std::string lowered_name(const std::string& expression) const {
    const char* symbol = nullptr;
    check_nvrtc(nvrtcGetLoweredName(program_, expression.c_str(), &symbol), "nvrtcGetLoweredName");
    return symbol;
  }

  std::vector<char> output(BinaryKind kind) const {
    std::size_t size = 0;
    std::vector<char> bytes;
    if (kind == BinaryKind::cubin) {
      check_nvrtc(nvrtcGetCUBINSize(program_, &size), "nvrtcGetCUBINSize");
      bytes.resize(size);
      check_nvrtc(nvrtcGetCUBIN(program_, bytes.data()), "nvrtcGetCUBIN");
    } else {
      check_nvrtc(nvrtcGetPTXSize(program_, &size), "nvrtcGetPTXSize");  // counts the NUL
      bytes.resize(size);
      check_nvrtc(nvrtcGetPTX(program_, bytes.data()), "nvrtcGetPTX");
    }
    return bytes;
  }

 private:
  nvrtcProgram program_ = nullptr;
};

std::string join(std::span<const std::string> words, std::string_view separator) {
  std::string text;
  for (const std::string& word : words) {
    if (!text.empty()) text += separator;
    text += word;
  }
  return text;
}

void require_no_architecture_option(std::span<const std::string> options) {
  for (const std::string& option : options) {
    GA_REQUIRE_ARGUMENT(!option.starts_with("-arch") && !option.starts_with("--gpu-architecture"),
                     "option '" + option +
                         "' chooses an architecture; the engine chooses it from the device or the "
                         "target it is given");
  }
}

}  // namespace

std::vector<std::string> default_options(const Target& target) {
  return {"-std=c++17", "-default-device", target.nvrtc_option()};
}

Binary compile_with_nvrtc(std::string_view source, std::span<const std::string> options,
                          const Target& target, std::span<const std::string> name_expressions) {
  require_no_architecture_option(options);
  std::vector<std::string> all_options = default_options(target);
  all_options.insert(all_options.end(), options.begin(), options.end());

  Program program(source);
  for (const std::string& expression : name_expressions) program.add_name_expression(expression);
  const nvrtcResult status = program.compile(all_options);
  if (status != NVRTC_SUCCESS) {
    const std::string log = program.log();
    std::string message = "NVRTC could not compile " + std::string(kProgramName) + " for " +
                          target.name() + " (" + nvrtcGetErrorString(status) +
                          "; options: " + join(all_options, " ");
    if (!name_expressions.empty()) message += "; name expressions: " + join(name_expressions, ", ");
    message += ")";
    const std::string dump_note = dump_failed_source(source, all_options, log);
    if (!dump_note.empty()) message += "; " + dump_note;
    throw Error(
        status == NVRTC_ERROR_OUT_OF_MEMORY ? GA_ERROR_HOST_OUT_OF_MEMORY : GA_ERROR_COMPILE,
        message + ":\n" + log);
  }
  std::vector<LoweredName> lowered_names;
  lowered_names.reserve(name_expressions.size());
  for (const std::string& expression : name_expressions) {
    lowered_names.push_back({expression, program.lowered_name(expression)});
  }
  return Binary{target, program.output(target.kind), std::move(lowered_names)};
}

int nvrtc_version() {
  static const int version = [] {
    int major = 0;
    int minor = 0;
    check_nvrtc(nvrtcVersion(&major, &minor), "nvrtcVersion");
    return major * 1000 + minor * 10;
  }();
  return version;
}

}  // namespace garray::jit
