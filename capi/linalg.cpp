#include <garray/linalg.h>

#include "capi/linalg_outputs.hpp"
#include "core/linalg/factorizations.hpp"
#include "core/linalg/linalg_errors.hpp"
#include "core/linalg/lu.hpp"

#include <optional>
#include <utility>

using garray::capi::guarded;
using garray::capi::require_out;
using namespace garray::capi::linalg;

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
  return guarded(__func__, [&] { garray::check_linalg_errors(garray::capi::stream_or_current(stream)); });
}

GA_API ga_status_t ga_linalg_solve(ga_array_t a, ga_array_t b, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream, [&](const garray::StreamRef& queue) {
    return garray::solve(input(a, "a"), input(b, "b"), queue);
  });
}

GA_API ga_status_t ga_linalg_inv(ga_array_t a, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream,
                       [&](const garray::StreamRef& queue) { return garray::inv(input(a, "a"), queue); });
}

GA_API ga_status_t ga_linalg_det(ga_array_t a, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream,
                       [&](const garray::StreamRef& queue) { return garray::det(input(a, "a"), queue); });
}

GA_API ga_status_t ga_linalg_slogdet(ga_array_t a, ga_array_t* sign, ga_array_t* logabsdet, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& matrices = input(a, "a");
    require_empty_results({{sign, "sign"}, {logabsdet, "logabsdet"}});
    auto [sign_result, log_result] = garray::slogdet(matrices, garray::capi::stream_or_current(stream));
    const std::optional<garray::Array> first = std::move(sign_result);
    const std::optional<garray::Array> second = std::move(log_result);
    hand_over({{sign, &first}, {logabsdet, &second}});
  });
}

GA_API ga_status_t ga_linalg_cholesky(ga_array_t a, int upper, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream, [&](const garray::StreamRef& queue) {
    return garray::cholesky(input(a, "a"), upper != 0, queue);
  });
}

GA_API ga_status_t ga_linalg_qr(ga_array_t a, ga_linalg_qr_mode_t mode, ga_array_t* q, ga_array_t* r,
                                ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& matrix = input(a, "a");
    require_empty_results({{q, "q"}, {r, "r"}});
    garray::QrResult result = garray::qr(matrix, mode, garray::capi::stream_or_current(stream));
    const std::optional<garray::Array> second = std::move(result.r);
    hand_over({{q, &result.q}, {r, &second}});
  });
}

GA_API ga_status_t ga_linalg_svd(ga_array_t a, int full_matrices, int compute_uv, ga_array_t* u, ga_array_t* s,
                                 ga_array_t* vh, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& matrix = input(a, "a");
    require_empty_results({{u, "u"}, {s, "s"}, {vh, "vh"}});
    garray::SvdResult result =
        garray::svd(matrix, full_matrices != 0, compute_uv != 0, garray::capi::stream_or_current(stream));
    const std::optional<garray::Array> values = std::move(result.s);
    hand_over({{u, &result.u}, {s, &values}, {vh, &result.vh}});
  });
}

GA_API ga_status_t ga_linalg_eigh(ga_array_t a, ga_linalg_uplo_t uplo, ga_array_t* w, ga_array_t* v,
                                  ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& matrix = input(a, "a");
    require_empty_results({{w, "w"}, {v, "v"}});
    garray::EigenResult result = garray::eigh(matrix, uplo, true, garray::capi::stream_or_current(stream));
    const std::optional<garray::Array> values = std::move(result.w);
    hand_over({{w, &values}, {v, &result.v}});
  });
}

GA_API ga_status_t ga_linalg_eigvalsh(ga_array_t a, ga_linalg_uplo_t uplo, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream, [&](const garray::StreamRef& queue) {
    return garray::eigh(input(a, "a"), uplo, false, queue).w;
  });
}

GA_API ga_status_t ga_linalg_eig(ga_array_t a, ga_array_t* w, ga_array_t* v, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const garray::Array& matrix = input(a, "a");
    require_empty_results({{w, "w"}, {v, "v"}});
    garray::EigenResult result = garray::eig(matrix, true, garray::capi::stream_or_current(stream));
    const std::optional<garray::Array> values = std::move(result.w);
    hand_over({{w, &values}, {v, &result.v}});
  });
}

GA_API ga_status_t ga_linalg_eigvals(ga_array_t a, ga_array_t* out, ga_stream_t stream) {
  return single_result(__func__, out, stream,
                       [&](const garray::StreamRef& queue) { return garray::eig(input(a, "a"), false, queue).w; });
}

}  // extern "C"
