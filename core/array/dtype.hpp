// Element types: size, NumPy name, kind and the C type used in generated kernels.
#pragma once

#include <garray/base.h>

#include <cstddef>
#include <string_view>

namespace garray {

struct DTypeInfo {
  ga_dtype_t dtype;
  std::size_t itemsize;
  const char* name;         // NumPy's name: "float32"
  ga_dtype_kind_t kind;
  char kind_char;           // NumPy's dtype.kind: 'f'
  const char* kernel_type;  // type name in generated CUDA source
};

bool is_valid_dtype(int dtype) noexcept;

// Throws Error(GA_ERROR_DTYPE) for a value outside ga_dtype_t.
const DTypeInfo& dtype_info(ga_dtype_t dtype);

// NumPy spellings: names, aliases and array-protocol strings. Throws Error(GA_ERROR_DTYPE).
ga_dtype_t parse_dtype(std::string_view text);

}  // namespace garray
