// The numpy.linalg factorizations beyond LU: cholesky (cholesky.cpp), qr (qr.cpp), svd (svd.cpp),
// eigh/eigvalsh/eig/eigvals (eigen.cpp). Each factors a fresh column-major copy of its input, loops the cuSOLVER
// routine over the batch, and reports failures through linalg_errors.hpp.
#pragma once

#include <garray/linalg.h>

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <optional>

namespace garray {

// np.linalg.cholesky: lower L (a = L Lᴴ), or with `upper` U (a = Uᴴ U).
Array cholesky(const Array& a, bool upper, const StreamRef& stream);

// np.linalg.qr. `q` is empty for mode R; for mode RAW `q` holds h and `r` holds tau.
struct QrResult {
  std::optional<Array> q;
  Array r;
};
QrResult qr(const Array& a, ga_linalg_qr_mode_t mode, const StreamRef& stream);

// np.linalg.svd. `u` and `vh` are empty without compute_uv. Thin factors come from Xgesvdp (polar decomposition,
// several times faster) unless `routine` asks for Xgesvd's QR iteration, which the composites use: its vectors of
// (near-)zero singular values stay orthonormal. Full factors and values alone always come from Xgesvd.
struct SvdResult {
  std::optional<Array> u;
  Array s;
  std::optional<Array> vh;
};
enum class SvdRoutine : std::uint8_t { fastest, accurate };
SvdResult svd(const Array& a, bool full_matrices, bool compute_uv, const StreamRef& stream,
              SvdRoutine routine = SvdRoutine::fastest);

// np.linalg.eigh / eig: eigenvalues, and eigenvectors (columns) when asked for.
struct EigenResult {
  Array w;
  std::optional<Array> v;
};
EigenResult eigh(const Array& a, ga_linalg_uplo_t uplo, bool compute_v, const StreamRef& stream);
EigenResult eig(const Array& a, bool compute_v, const StreamRef& stream);

}  // namespace garray
