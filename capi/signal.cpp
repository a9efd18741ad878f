#include <garray/signal.h>

#include "capi/caller_list.hpp"
#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/signal/convolution.hpp"
#include "core/signal/fft_convolution.hpp"
#include "core/signal/order_filter.hpp"
#include "core/signal/windows.hpp"

#include <optional>
#include <utility>
#include <vector>

using garray::Array;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::make_handle;
using garray::capi::require_out;
using garray::capi::stream_or_current;

namespace {

// NULL for every axis, else the caller's list.
std::optional<std::vector<int>> convolution_axes(const int* axes, int count) {
  if (axes == nullptr) return std::nullopt;
  GA_REQUIRE_ARGUMENT(count >= 0, "count is " + std::to_string(count) + "; it must not be negative");
  const auto listed = garray::capi::caller_list(axes, count, "axes");
  return std::vector<int>(listed.begin(), listed.end());
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_signal_window(ga_window_t kind, int64_t m, double beta, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    Array values = garray::window(kind, m, beta, stream_or_current(stream));
    *result = make_handle<ga_array_s>(std::move(values));
  });
}

namespace {

// convolve and correlate differ only in whether in2 is flipped and conjugated.
ga_status_t convolve_entry(const char* function, ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                           ga_convolve_method_t method, bool correlate, ga_stream_t stream,
                           ga_array_t* result) {
  return guarded(function, [&] {
    require_out(result, "result");
    const Array& a = deref(in1, "in1");
    const Array& b = deref(in2, "in2");
    Array values = garray::convolve(a, b, mode, method, correlate, stream_or_current(stream));
    *result = make_handle<ga_array_s>(std::move(values));
  });
}

ga_status_t convolve2d_entry(const char* function, ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                             ga_boundary_t boundary, ga_scalar_t fillvalue, bool correlate, ga_stream_t stream,
                             ga_array_t* result) {
  return guarded(function, [&] {
    require_out(result, "result");
    const Array& a = deref(in1, "in1");
    const Array& b = deref(in2, "in2");
    Array values = garray::convolve2d(a, b, mode, boundary, fillvalue, correlate, stream_or_current(stream));
    *result = make_handle<ga_array_s>(std::move(values));
  });
}

}  // namespace

GA_API ga_status_t ga_signal_convolve(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                      ga_convolve_method_t method, ga_stream_t stream, ga_array_t* result) {
  return convolve_entry(__func__, in1, in2, mode, method, false, stream, result);
}

GA_API ga_status_t ga_signal_correlate(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                       ga_convolve_method_t method, ga_stream_t stream, ga_array_t* result) {
  return convolve_entry(__func__, in1, in2, mode, method, true, stream, result);
}

GA_API ga_status_t ga_signal_choose_conv_method(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                                ga_convolve_method_t* method) {
  return guarded(__func__, [&] {
    require_out(method, "method");
    *method = garray::choose_conv_method(deref(in1, "in1"), deref(in2, "in2"), mode);
  });
}

GA_API ga_status_t ga_signal_fftconvolve(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode, const int* axes,
                                         int count, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    const Array& a = deref(in1, "in1");
    const Array& b = deref(in2, "in2");
    Array values = garray::fftconvolve(a, b, mode, convolution_axes(axes, count), stream_or_current(stream));
    *result = make_handle<ga_array_s>(std::move(values));
  });
}

GA_API ga_status_t ga_signal_convolve2d(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                        ga_boundary_t boundary, ga_scalar_t fillvalue, ga_stream_t stream,
                                        ga_array_t* result) {
  return convolve2d_entry(__func__, in1, in2, mode, boundary, fillvalue, false, stream, result);
}

GA_API ga_status_t ga_signal_correlate2d(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                         ga_boundary_t boundary, ga_scalar_t fillvalue, ga_stream_t stream,
                                         ga_array_t* result) {
  return convolve2d_entry(__func__, in1, in2, mode, boundary, fillvalue, true, stream, result);
}

GA_API ga_status_t ga_signal_order_filter(ga_array_t a, ga_array_t domain, int64_t rank, ga_stream_t stream,
                                          ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    const Array& input = deref(a, "a");
    const Array& mask = deref(domain, "domain");
    Array values = garray::order_filter(input, mask, rank, stream_or_current(stream));
    *result = make_handle<ga_array_s>(std::move(values));
  });
}

GA_API ga_status_t ga_signal_medfilt(ga_array_t a, int ndim, const int64_t* shape, ga_stream_t stream,
                                     ga_array_t* result) {
  return guarded(__func__, [&] {
    require_out(result, "result");
    const Array& input = deref(a, "a");
    GA_REQUIRE_ARGUMENT(ndim >= 0, "ndim is " + std::to_string(ndim) + "; it must not be negative");
    Array values = garray::medfilt(input, garray::Dims::from(shape, ndim, "shape"), stream_or_current(stream));
    *result = make_handle<ga_array_s>(std::move(values));
  });
}

}  // extern "C"
