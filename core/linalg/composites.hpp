// numpy.linalg functions composed from the factorizations, matmul, reductions and ufuncs: norm, cond, matrix_rank
// (norms.cpp), pinv, lstsq (least_squares.cpp), matrix_power, multi_dot (matrix_chains.cpp), tensorsolve, tensorinv
// (tensor_solve.cpp).
#pragma once

#include <garray/linalg.h>

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <optional>
#include <span>
#include <vector>

namespace garray {

// NumPy's ord argument of norm and cond: None, a number (±inf included), 'fro' or 'nuc'.
struct NormOrder {
  ga_linalg_norm_ord_t kind = GA_LINALG_NORM_DEFAULT;
  double value = 0;
};

// np.linalg.norm. `axes`: nullopt for None, else one (vector norm) or two (matrix norm) axes.
Array norm(const Array& x, NormOrder ord, const std::optional<std::vector<int>>& axes, bool keepdims,
           const StreamRef& stream);
// np.linalg.cond.
Array cond(const Array& x, NormOrder ord, const StreamRef& stream);
// np.linalg.matrix_rank (int64). `tol`: nullopt for NumPy's default S.max() * max(M, N) * eps.
Array matrix_rank(const Array& a, std::optional<double> tol, bool hermitian, const StreamRef& stream);

// np.linalg.pinv with cutoff rcond * max(s) (NumPy's rcond/rtol, default 1e-15).
Array pinv(const Array& a, double rcond, const StreamRef& stream);

struct LstsqResult {
  Array x;
  Array residuals;
  Array rank;  // 0-d int64
  Array s;
};
// np.linalg.lstsq of a 2-D a; `rcond`: nullopt for eps * max(M, N). Reads the rank on the host (as NumPy and CuPy do)
// to decide whether residuals are returned: this synchronises the stream.
LstsqResult lstsq(const Array& a, const Array& b, std::optional<double> rcond, const StreamRef& stream);

// np.linalg.matrix_power.
Array matrix_power(const Array& a, std::int64_t n, const StreamRef& stream);
// np.linalg.multi_dot: the cheapest association order, as NumPy computes it.
Array multi_dot(std::span<const Array> arrays, const StreamRef& stream);

// np.linalg.tensorsolve; `axes`: nullopt for None.
Array tensorsolve(const Array& a, const Array& b, const std::optional<std::vector<int>>& axes, const StreamRef& stream);
// np.linalg.tensorinv.
Array tensorinv(const Array& a, int ind, const StreamRef& stream);

}  // namespace garray
