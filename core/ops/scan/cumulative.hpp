// NumPy's cumulative functions over the scan engine (scan.hpp): cumsum, cumprod, nancumsum,
// nancumprod, and ufunc.accumulate for binary one-output ufuncs, each combining with the
// ufunc's own resolved loop.
#pragma once

#include "core/array/array.hpp"
#include "core/ops/scan/scan_source.hpp"
#include "core/ops/ufunc/loop_resolution.hpp"
#include "core/ops/ufunc/ufunc.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

enum class Cumulative { sum, product, nan_sum, nan_product };

// NumPy's cumsum/cumprod/nancumsum/nancumprod. `axis`: nullopt flattens in C order. `dtype`:
// nullopt for NumPy's default (bool and integers narrower than 64 bits accumulate in int64 or
// uint64, as sum does). The nan forms count NaN (either part NaN, for complex) as 0 or 1. Throws
// as scan() and resolve_loop() do (GA_ERROR_DTYPE for a dtype the ufunc has no loop for).
Array cumulative(Cumulative kind, const Array& input, std::optional<int> axis, std::optional<ga_dtype_t> dtype,
                 const std::optional<Array>& out, const StreamRef& stream);

// NumPy's ufunc.accumulate: the running fold of `ufunc` (binary, one output) along `axis`
// (nullopt: flattened). `dtype` nullopt: out's dtype when given, else NumPy's reduction default
// (the input's, with add and multiply widening bool and narrow integers as cumsum does). Throws
// GA_ERROR_INVALID_ARGUMENT for another arity, and as scan() and resolve_loop() do.
Array accumulate_ufunc(const Ufunc& ufunc, const Array& input, std::optional<int> axis, std::optional<ga_dtype_t> dtype,
                       const std::optional<Array>& out, const StreamRef& stream);

// The operation and scan dtype cumulative() uses for `kind` over an input of `input` dtype.
struct CumulativeScan {
  ScanOperation operation;
  ga_dtype_t scan_dtype;
};
CumulativeScan cumulative_scan(Cumulative kind, ga_dtype_t input, std::optional<ga_dtype_t> dtype);

// The binary loop of `ufunc` folding values of `dtype` (casting unsafe), with the loop's output
// type as the fold type (a loop such as logical_and's dd->? folds in bool). `requested`: the
// caller's dtype= (the loop's output type; nullopt lets the loop choose, as NumPy does when only
// the operand type comes from a default or from out=).
ResolvedLoop fold_loop(const Ufunc& ufunc, ga_dtype_t dtype, std::optional<ga_dtype_t> requested = std::nullopt);

// `loop` as a scan operation; `load` rewrites each input element first (an expression of x).
ScanOperation loop_scan_operation(const ResolvedLoop& loop, const std::string& key_prefix, const std::string& load);

}  // namespace garray
