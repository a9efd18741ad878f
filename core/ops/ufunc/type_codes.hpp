// NumPy's one-letter type codes, which name ufunc loops ("ff->f"), extended with 'E' for
// bfloat16 (the character ml_dtypes gives its bfloat16 dtype). int64 and uint64 are 'l' and 'L',
// their codes on 64-bit Linux ('q' and 'Q' name the same types there and are accepted on input).
#pragma once

#include <garray/base.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace garray {

char type_code(ga_dtype_t dtype);

// Throws Error(GA_ERROR_DTYPE) for a character that names no dtype.
ga_dtype_t dtype_from_type_code(char code);

// "ff->f" for inputs {float32, float32} and outputs {float32}.
std::string loop_signature(std::span<const ga_dtype_t> inputs, std::span<const ga_dtype_t> outputs);

// The dtypes of a signature such as "ff->f" (inputs then outputs), and how many are inputs.
struct ParsedSignature {
  std::vector<ga_dtype_t> dtypes;
  int nin = 0;
};

// Throws Error(GA_ERROR_DTYPE) for an unknown code and Error(GA_ERROR_INVALID_ARGUMENT) for text
// without exactly one "->".
ParsedSignature parse_loop_signature(std::string_view text);

}  // namespace garray
