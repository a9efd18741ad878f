#include <garray/products.h>

#include "capi/caller_list.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/kernel_call_arguments.hpp"
#include "core/linalg/blas_handle.hpp"
#include "core/linalg/einsum.hpp"
#include "core/linalg/matmul.hpp"
#include "core/linalg/products.hpp"

#include <optional>
#include <span>
#include <utility>
#include <vector>

using garray::Array;
using garray::capi::caller_out;
using garray::capi::guarded;
using garray::capi::return_result;

namespace {

using BinaryProduct = Array (*)(const Array&, const Array&, const std::optional<Array>&, const garray::StreamRef&);

ga_status_t binary_product(const char* function, BinaryProduct product, ga_array_t a, ga_array_t b, ga_array_t* out,
                           ga_stream_t stream) {
  return guarded(function, [&] {
    const Array& left = garray::capi::deref(a, "a");
    const Array& right = garray::capi::deref(b, "b");
    const std::optional<Array> given = caller_out(out);
    return_result(product(left, right, given, garray::capi::stream_or_current(stream)), out);
  });
}

}  // namespace

#define GA_BINARY_PRODUCT(function, product)                                                    \
  GA_API ga_status_t function(ga_array_t a, ga_array_t b, ga_array_t* out, ga_stream_t stream) { \
    return binary_product(#function, product, a, b, out, stream);                               \
  }

extern "C" {

GA_BINARY_PRODUCT(ga_matmul, garray::matmul)
GA_BINARY_PRODUCT(ga_dot, garray::dot)
GA_BINARY_PRODUCT(ga_vdot, garray::vdot)
GA_BINARY_PRODUCT(ga_inner, garray::inner)
GA_BINARY_PRODUCT(ga_outer, garray::outer)
GA_BINARY_PRODUCT(ga_kron, garray::kron)

GA_API ga_status_t ga_tensordot(ga_array_t a, ga_array_t b, const int* a_axes, const int* b_axes, int axis_count,
                                ga_array_t* out, ga_stream_t stream) {
  return guarded(__func__, [&] {
    const Array& left = garray::capi::deref(a, "a");
    const Array& right = garray::capi::deref(b, "b");
    const std::optional<Array> given = caller_out(out);
    GA_REQUIRE_ARGUMENT(axis_count >= 0, "axis_count is " + std::to_string(axis_count) + "; it must not be negative");
    GA_REQUIRE_ARGUMENT((a_axes == nullptr) == (b_axes == nullptr),
                        std::string(a_axes ? "b_axes" : "a_axes") +
                            " is NULL but the other list is not; pass both, or both NULL for an integer count");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    if (a_axes == nullptr) {
      return_result(garray::tensordot(left, right, axis_count, given, queue), out);
      return;
    }
    const std::span<const int> a_list(a_axes, static_cast<std::size_t>(axis_count));
    const std::span<const int> b_list(b_axes, static_cast<std::size_t>(axis_count));
    return_result(garray::tensordot(left, right, a_list, b_list, given, queue), out);
  });
}

GA_API ga_status_t ga_einsum(const char* subscripts, const ga_array_t* operands, int count, ga_array_t* out,
                             ga_stream_t stream) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(subscripts != nullptr, "argument 'subscripts' is NULL");
    const std::span<const ga_array_t> handles = garray::capi::caller_list(operands, count, "operands");
    std::vector<Array> inputs;
    inputs.reserve(handles.size());
    for (std::size_t i = 0; i < handles.size(); ++i) {
      inputs.push_back(garray::capi::deref_entry(handles[i], "operands", i, ""));
    }
    const std::optional<Array> given = caller_out(out);
    return_result(garray::einsum(subscripts, inputs, given, garray::capi::stream_or_current(stream)), out);
  });
}

GA_API ga_status_t ga_set_allow_tf32(int allow) {
  return guarded(__func__, [&] { garray::set_allow_tf32(allow != 0); });
}

GA_API ga_status_t ga_get_allow_tf32(int* allow) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(allow != nullptr, "argument 'allow' is NULL");
    *allow = garray::allow_tf32() ? 1 : 0;
  });
}

}  // extern "C"
