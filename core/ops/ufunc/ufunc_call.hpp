// Running ufuncs: a resolved loop (loop_resolution.hpp) becomes an elementwise or reduction
// kernel of the user-kernel engine with fixed parameter types, built once per loop and kept for
// the process. Operands of other dtypes are converted inside the kernel as they are read, so a
// mixed-type call makes no temporary copies.
#pragma once

#include "core/array/array.hpp"
#include "core/array/promotion.hpp"
#include "core/ops/ufunc/ufunc.hpp"
#include "core/runtime/stream.hpp"

#include <optional>
#include <span>
#include <vector>

namespace garray {

struct UfuncOperand {
  const Array* array = nullptr;  // nullptr: the scalar
  ga_scalar_t scalar{};
  bool weak = false;  // a Python-like scalar (NEP 50)
};

struct UfuncOptions {
  Casting casting = Casting::same_kind;
  std::optional<ga_dtype_t> dtype;
  std::vector<std::optional<ga_dtype_t>> signature;  // empty, or nin + nout entries
};

// `ufunc` over `inputs` (nin), writing `outputs` (nout; empty slots are allocated). Returns every
// output. An output that overlaps an input without being the same view gets that input copied
// first, so the result is NumPy's. Throws as resolve_loop() and ElementwiseKernel do.
std::vector<Array> call_ufunc(const Ufunc& ufunc, std::span<const UfuncOperand> inputs,
                              std::span<const std::optional<Array>> outputs, const UfuncOptions& options,
                              const StreamRef& stream);

// NumPy's reduction dtype when none is given: add and multiply widen bool and integers narrower than
// 64 bits to int64/uint64; other ufuncs keep `dtype`.
ga_dtype_t default_reduction_dtype(const Ufunc& ufunc, ga_dtype_t dtype);

// NumPy's ufunc.reduce. `axes`: nullopt for every axis. `dtype`: nullopt for NumPy's default.
// `out`: the caller's destination, checked before any work by require_destination() with unsafe
// casting (NumPy's for reductions).
Array reduce_ufunc(const Ufunc& ufunc, const Array& array, const std::optional<std::vector<int>>& axes, bool keepdims,
                   std::optional<ga_dtype_t> dtype, const std::optional<ga_scalar_t>& initial,
                   const std::optional<Array>& out, const StreamRef& stream);

// NumPy's ufunc.outer: `ufunc` of a[i...] and b[j...] into shape a.shape + b.shape.
std::vector<Array> outer_ufunc(const Ufunc& ufunc, const Array& a, const Array& b,
                               std::span<const std::optional<Array>> outputs, const UfuncOptions& options,
                               const StreamRef& stream);

}  // namespace garray
