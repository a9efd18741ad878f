// A name expression of a templated kernel ("my_func<float, 4>") and the symbol NVRTC gave the
// instantiation it names ("_Z7my_funcIfLi4EEvPT_"), which is what a loaded library is asked for.
#pragma once

#include <string>

namespace garray::jit {

struct LoweredName {
  std::string expression;
  std::string symbol;

  friend bool operator==(const LoweredName&, const LoweredName&) = default;
};

}  // namespace garray::jit
