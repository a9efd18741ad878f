#include <garray/ufunc.h>

#include "capi/converters.hpp"
#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "capi/ufunc_handle.hpp"
#include "core/common/versioned_struct.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"

#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

using garray::capi::casting_of;
using garray::capi::deref_ufunc;
using garray::capi::guarded;
using garray::capi::optional_dtype;
using garray::capi::require_out;

// Ufuncs live as long as the process: their handles are shells over the static table, checked by a
// magic number so that a stray pointer is refused rather than followed.
struct ga_ufunc_s {
  static constexpr std::uint32_t kMagic = 0x55464e43u;
  std::uint32_t magic = kMagic;
  const garray::Ufunc* ufunc = nullptr;
};

namespace {

std::span<ga_ufunc_s> ufunc_handles() {
  static auto* handles = [] {
    auto* shells = new std::vector<ga_ufunc_s>;
    for (const garray::Ufunc& ufunc : garray::all_ufuncs()) shells->push_back(ga_ufunc_s{ga_ufunc_s::kMagic, &ufunc});
    return shells;
  }();
  return *handles;
}

garray::UfuncOptions caller_options(const garray::Ufunc& ufunc, const ga_ufunc_options_t* options) {
  garray::UfuncOptions converted;
  if (!options) return converted;
  garray::require_versioned_struct(options, sizeof(size_t), "options", "ga_ufunc_options_t");
  const ga_ufunc_options_t known =
      garray::read_versioned_struct(*options, {sizeof(ga_ufunc_options_t), GA_CASTING_SAME_KIND, GA_DTYPE_SAME, nullptr});
  converted.casting = casting_of(known.casting);
  converted.dtype = optional_dtype(known.dtype);
  if (known.signature) {
    for (int k = 0; k < ufunc.nargs(); ++k) converted.signature.push_back(optional_dtype(known.signature[k]));
  }
  return converted;
}

std::vector<garray::UfuncOperand> caller_operands(const ga_operand_t* inputs, size_t count) {
  GA_REQUIRE_ARGUMENT(count == 0 || inputs != nullptr, "argument 'inputs' is NULL");
  std::vector<garray::UfuncOperand> operands(count);
  for (size_t i = 0; i < count; ++i) {
    switch (inputs[i].kind) {
      case GA_OPERAND_ARRAY:
        operands[i].array = &garray::capi::deref_entry(inputs[i].array, "inputs", i, ".array");
        break;
      case GA_OPERAND_SCALAR:
      case GA_OPERAND_WEAK_SCALAR:
        operands[i].scalar = inputs[i].scalar;
        operands[i].weak = inputs[i].kind == GA_OPERAND_WEAK_SCALAR;
        break;
      default:
        throw garray::Error(GA_ERROR_INVALID_ARGUMENT, "inputs[" + std::to_string(i) +
                                                           "].kind is not a ga_operand_kind_t value");
    }
  }
  return operands;
}

}  // namespace

namespace garray::capi {

const Ufunc& deref_ufunc(ga_ufunc_t ufunc) {
  GA_REQUIRE(ufunc != nullptr, GA_ERROR_INVALID_HANDLE, "argument 'ufunc' is NULL");
  const std::span<ga_ufunc_s> handles = ufunc_handles();
  GA_REQUIRE(ufunc >= handles.data() && ufunc < handles.data() + handles.size() && ufunc->magic == ga_ufunc_s::kMagic,
             GA_ERROR_INVALID_HANDLE, "argument 'ufunc' is not a ufunc handle");
  return *ufunc->ufunc;
}

}  // namespace garray::capi

extern "C" {

GA_API ga_status_t ga_ufunc_find(const char* name, ga_ufunc_t* ufunc) {
  return guarded(__func__, [&] {
    GA_REQUIRE_ARGUMENT(name != nullptr, "argument 'name' is NULL");
    require_out(ufunc, "ufunc");
    const garray::Ufunc& found = garray::find_ufunc(name);
    *ufunc = &ufunc_handles()[static_cast<std::size_t>(&found - garray::all_ufuncs().data())];
  });
}

GA_API ga_status_t ga_ufunc_name(ga_ufunc_t ufunc, const char** name) {
  return guarded(__func__, [&] {
    const garray::Ufunc& queried = deref_ufunc(ufunc);
    require_out(name, "name");
    *name = queried.name.data();
  });
}

GA_API ga_status_t ga_ufunc_arity(ga_ufunc_t ufunc, int* nin, int* nout) {
  return guarded(__func__, [&] {
    const garray::Ufunc& queried = deref_ufunc(ufunc);
    require_out(nin, "nin");
    require_out(nout, "nout");
    *nin = queried.nin;
    *nout = queried.nout;
  });
}

GA_API ga_status_t ga_ufunc_type_count(ga_ufunc_t ufunc, size_t* count) {
  return guarded(__func__, [&] {
    const garray::Ufunc& queried = deref_ufunc(ufunc);
    require_out(count, "count");
    *count = queried.loops.size();
  });
}

GA_API ga_status_t ga_ufunc_type(ga_ufunc_t ufunc, size_t index, size_t size, char* buffer) {
  return guarded(__func__, [&] {
    const garray::Ufunc& queried = deref_ufunc(ufunc);
    GA_REQUIRE(index < queried.loops.size(), GA_ERROR_INDEX,
               "index " + std::to_string(index) + " is past the " + std::to_string(queried.loops.size()) + " loops");
    GA_REQUIRE_ARGUMENT(buffer != nullptr, "argument 'buffer' is NULL");
    const std::string signature = queried.signature(queried.loops[index]);
    GA_REQUIRE(size > signature.size(), GA_ERROR_BUFFER_TOO_SMALL,
               "the signature needs " + std::to_string(signature.size() + 1) + " bytes");
    std::memcpy(buffer, signature.c_str(), signature.size() + 1);
  });
}

GA_API ga_status_t ga_ufunc_call(ga_ufunc_t ufunc, const ga_operand_t* inputs, size_t input_count,
                                 const ga_ufunc_options_t* options, const ga_array_t* out, size_t out_count,
                                 ga_stream_t stream, ga_array_t* results) {
  return guarded(__func__, [&] {
    const garray::Ufunc& called = deref_ufunc(ufunc);
    const std::vector<garray::UfuncOperand> operands = caller_operands(inputs, input_count);
    const garray::UfuncOptions converted = caller_options(called, options);
    const garray::capi::CallerDestinations destinations = garray::capi::caller_destination_list(out, out_count);
    require_out(results, "results");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    garray::capi::hand_out_all(garray::call_ufunc(called, operands, destinations.arrays, converted, queue),
                               destinations.handles.data(), results);
  });
}

GA_API ga_status_t ga_ufunc_reduce(ga_ufunc_t ufunc, ga_array_t array, const int* axes, int axis_count, int keepdims,
                                   ga_dtype_t dtype, const ga_scalar_t* initial, ga_array_t out, ga_stream_t stream,
                                   ga_array_t* result) {
  return guarded(__func__, [&] {
    const garray::Ufunc& called = deref_ufunc(ufunc);
    const garray::Array& input = garray::capi::deref(array, "array");
    const std::optional<garray::Array> destination = garray::capi::optional_array(out, "out");
    require_out(result, "result");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    garray::capi::hand_out(garray::reduce_ufunc(called, input, garray::capi::caller_axes(axes, axis_count),
                                                keepdims != 0, optional_dtype(dtype),
                                                initial ? std::optional<ga_scalar_t>(*initial) : std::nullopt,
                                                destination, queue),
                           out, result);
  });
}

GA_API ga_status_t ga_ufunc_outer(ga_ufunc_t ufunc, ga_array_t a, ga_array_t b, const ga_ufunc_options_t* options,
                                  const ga_array_t* out, size_t out_count, ga_stream_t stream, ga_array_t* results) {
  return guarded(__func__, [&] {
    const garray::Ufunc& called = deref_ufunc(ufunc);
    const garray::Array& left = garray::capi::deref(a, "a");
    const garray::Array& right = garray::capi::deref(b, "b");
    const garray::UfuncOptions converted = caller_options(called, options);
    const garray::capi::CallerDestinations destinations = garray::capi::caller_destination_list(out, out_count);
    require_out(results, "results");
    const garray::StreamRef& queue = garray::capi::stream_or_current(stream);
    garray::capi::hand_out_all(garray::outer_ufunc(called, left, right, destinations.arrays, converted, queue),
                               destinations.handles.data(), results);
  });
}

}  // extern "C"
