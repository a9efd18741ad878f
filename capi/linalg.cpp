#include <garray/linalg.h>

#include "capi/computed_result.hpp"
#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/linalg/factorizations.hpp"
#include "core/linalg/linalg_errors.hpp"
#include "core/linalg/lu.hpp"
#include "core/linalg/product_output.hpp"

#include <utility>
#include <vector>

using garray::Array;
using garray::DeferredStream;
using garray::capi::computed_result;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_array_handles;
using garray::capi::require_out;
using garray::capi::stream_or_current;

extern "C" {

GA_API ga_status_t ga_linalg_set_check_mode(ga_linalg_check_t mode, int thread_only) {
  return guarded(__func__, [&] { garray::set_linalg_check_mode(mode, thread_only != 0); });
}

GA_API ga_status_t ga_linalg_get_check_mode(int thread_only, ga_linalg_check_t* mode) {
  return guarded(__func__, [&] {
    require_out(mode, "mode");
    *mode = thread_only ? garray::thread_linalg_check_mode() : garray::linalg_check_mode();
  });
}

GA_API ga_status_t ga_linalg_check_errors(ga_stream_t stream) {
  return guarded(__func__, [&] { garray::check_linalg_errors(stream_or_current(stream)); });
}

GA_API ga_status_t ga_linalg_solve(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream,
                                   ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& matrices = deref(a, "a");
    const Array& right = deref(b, "b");
    return garray::solve(matrices, right, queue.get());
  });
}

GA_API ga_status_t ga_linalg_inv(ga_array_t a, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& matrices = deref(a, "a");
    return garray::inv(matrices, queue.get());
  });
}

GA_API ga_status_t ga_linalg_det(ga_array_t a, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& matrices = deref(a, "a");
    return garray::det(matrices, queue.get());
  });
}

GA_API ga_status_t ga_linalg_slogdet(ga_array_t a, ga_stream_t stream, ga_array_t* sign, ga_array_t* logabsdet) {
  return guarded(__func__, [&] {
    const Array& matrices = deref(a, "a");
    require_out(sign, "sign");
    require_out(logabsdet, "logabsdet");
    auto [signs, logarithms] = garray::slogdet(matrices, stream_or_current(stream));
    const std::vector<ga_array_t> handles = make_array_handles({std::move(signs), std::move(logarithms)});
    *sign = handles[0];
    *logabsdet = handles[1];
  });
}

GA_API ga_status_t ga_linalg_cholesky(ga_array_t a, int upper, ga_array_t out, ga_stream_t stream,
                                      ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& matrices = deref(a, "a");
    return garray::cholesky(matrices, upper != 0, queue.get());
  });
}

GA_API ga_status_t ga_linalg_qr(ga_array_t a, ga_linalg_qr_mode_t mode, ga_stream_t stream, ga_array_t* q,
                                ga_array_t* r) {
  return guarded(__func__, [&] {
    const Array& matrices = deref(a, "a");
    require_out(q, "q");
    require_out(r, "r");
    garray::QrResult factors = garray::qr(matrices, mode, stream_or_current(stream));
    if (!factors.q) {  // mode R: r only
      *r = make_array_handles({std::move(factors.r)})[0];
      *q = nullptr;
      return;
    }
    const std::vector<ga_array_t> handles = make_array_handles({std::move(*factors.q), std::move(factors.r)});
    *q = handles[0];
    *r = handles[1];
  });
}

GA_API ga_status_t ga_linalg_svd(ga_array_t a, int full_matrices, int compute_uv, ga_stream_t stream, ga_array_t* u,
                                 ga_array_t* s, ga_array_t* vh) {
  return guarded(__func__, [&] {
    const Array& matrices = deref(a, "a");
    require_out(u, "u");
    require_out(s, "s");
    require_out(vh, "vh");
    garray::SvdResult factors = garray::svd(matrices, full_matrices != 0, compute_uv != 0, stream_or_current(stream));
    if (!factors.u) {  // values only
      *s = make_array_handles({std::move(factors.s)})[0];
      *u = nullptr;
      *vh = nullptr;
      return;
    }
    const std::vector<ga_array_t> handles =
        make_array_handles({std::move(*factors.u), std::move(factors.s), std::move(*factors.vh)});
    *u = handles[0];
    *s = handles[1];
    *vh = handles[2];
  });
}

GA_API ga_status_t ga_linalg_eigh(ga_array_t a, ga_linalg_uplo_t uplo, ga_stream_t stream, ga_array_t* w,
                                  ga_array_t* v) {
  return guarded(__func__, [&] {
    const Array& matrices = deref(a, "a");
    require_out(w, "w");
    require_out(v, "v");
    garray::EigenResult eigen = garray::eigh(matrices, uplo, true, stream_or_current(stream));
    const std::vector<ga_array_t> handles = make_array_handles({std::move(eigen.w), std::move(*eigen.v)});
    *w = handles[0];
    *v = handles[1];
  });
}

GA_API ga_status_t ga_linalg_eigvalsh(ga_array_t a, ga_linalg_uplo_t uplo, ga_array_t out, ga_stream_t stream,
                                      ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& matrices = deref(a, "a");
    return garray::eigh(matrices, uplo, false, queue.get()).w;
  });
}

GA_API ga_status_t ga_linalg_eig(ga_array_t a, ga_stream_t stream, ga_array_t* w, ga_array_t* v) {
  return guarded(__func__, [&] {
    const Array& matrices = deref(a, "a");
    require_out(w, "w");
    require_out(v, "v");
    garray::EigenResult eigen = garray::eig(matrices, true, stream_or_current(stream));
    const std::vector<ga_array_t> handles = make_array_handles({std::move(eigen.w), std::move(*eigen.v)});
    *w = handles[0];
    *v = handles[1];
  });
}

GA_API ga_status_t ga_linalg_eigvals(ga_array_t a, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return computed_result(__func__, out, stream, result, [&](const DeferredStream& queue) {
    const Array& matrices = deref(a, "a");
    return garray::eig(matrices, false, queue.get()).w;
  });
}

}  // extern "C"
