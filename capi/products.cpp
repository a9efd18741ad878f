#include <garray/products.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/linalg/blas_handle.hpp"
#include "core/linalg/einsum.hpp"
#include "core/linalg/matmul.hpp"
#include "core/linalg/products.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

using garray::Array;
using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::hand_out;
using garray::capi::optional_array;
using garray::capi::require_out;
using garray::capi::stream_or_current;

namespace {

using BinaryProduct = Array (*)(const Array&, const Array&, const std::optional<Array>&, const garray::StreamRef&);

ga_status_t binary_product(const char* function, BinaryProduct product, ga_array_t a, ga_array_t b, ga_array_t out,
                           ga_stream_t stream, ga_array_t* result) {
  return guarded(function, [&] {
    const Array& left = deref(a, "a");
    const Array& right = deref(b, "b");
    const std::optional<Array> given = optional_array(out, "out");
    require_out(result, "result");
    hand_out(product(left, right, given, stream_or_current(stream)), out, result);
  });
}

}  // namespace

#define GA_BINARY_PRODUCT(function, product)                                                                        \
  GA_API ga_status_t function(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream, ga_array_t* result) { \
    return binary_product(#function, product, a, b, out, stream, result);                                           \
  }

extern "C" {

GA_BINARY_PRODUCT(ga_array_matmul, garray::matmul)
GA_BINARY_PRODUCT(ga_array_dot, garray::dot)
GA_BINARY_PRODUCT(ga_array_vdot, garray::vdot)
GA_BINARY_PRODUCT(ga_array_inner, garray::inner)
GA_BINARY_PRODUCT(ga_array_outer, garray::outer)
GA_BINARY_PRODUCT(ga_array_kron, garray::kron)

GA_API ga_status_t ga_array_tensordot(ga_array_t a, ga_array_t b, const int* a_axes, const int* b_axes,
                                      int axis_count, ga_array_t out, ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    const Array& left = deref(a, "a");
    const Array& right = deref(b, "b");
    const std::optional<Array> given = optional_array(out, "out");
    require_out(result, "result");
    GA_REQUIRE_ARGUMENT(axis_count >= 0, "axis_count is " + std::to_string(axis_count) + "; it must not be negative");
    GA_REQUIRE_ARGUMENT((a_axes == nullptr) == (b_axes == nullptr),
                        std::string(a_axes ? "b_axes" : "a_axes") +
                            " is NULL but the other list is not; pass both, or both NULL for an integer count");
    const garray::StreamRef& queue = stream_or_current(stream);
    if (a_axes == nullptr) {
      hand_out(garray::tensordot(left, right, axis_count, given, queue), out, result);
      return;
    }
    const std::span<const int> a_list = garray::capi::caller_list(a_axes, axis_count, "a_axes");
    const std::span<const int> b_list = garray::capi::caller_list(b_axes, axis_count, "b_axes");
    hand_out(garray::tensordot(left, right, a_list, b_list, given, queue), out, result);
  });
}

GA_API ga_status_t ga_array_einsum(const char* subscripts, const ga_array_t* operands, int count, ga_array_t out,
                                   ga_stream_t stream, ga_array_t* result) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(subscripts != nullptr, "argument 'subscripts' is NULL");
    const std::vector<Array> inputs = garray::capi::caller_arrays(operands, count, "operands");
    const std::optional<Array> given = optional_array(out, "out");
    require_out(result, "result");
    hand_out(garray::einsum(subscripts, inputs, given, stream_or_current(stream)), out, result);
  });
}

GA_API ga_status_t ga_linalg_set_allow_tf32(int allow) {
  return guarded(__func__, [&] { garray::set_allow_tf32(allow != 0); });
}

GA_API ga_status_t ga_linalg_get_allow_tf32(int* allow) {
  return guarded(__func__, [&] {
    require_out(allow, "allow");
    *allow = garray::allow_tf32() ? 1 : 0;
  });
}

}  // extern "C"
