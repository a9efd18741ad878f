#include "core/ops/ufunc/loop_resolution.hpp"

#include "core/array/dtype.hpp"
#include "core/common/error.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace garray {

namespace {

using Fixed = std::array<std::optional<ga_dtype_t>, kMaxUfuncOperands>;

// NumPy's simplified kind order for deciding whether Python scalars stay weak in loop search:
// bool < integers < inexact.
int simplified_kind(ga_dtype_t dtype) {
  switch (dtype_info(dtype).kind) {
    case GA_KIND_BOOL: return 0;
    case GA_KIND_SIGNED:
    case GA_KIND_UNSIGNED: return 1;
    default: return 2;
  }
}

int simplified_kind(WeakKind weak) { return weak == WeakKind::integer ? 1 : 2; }

bool is_integer(ga_dtype_t dtype) {
  const ga_dtype_kind_t kind = dtype_info(dtype).kind;
  return kind == GA_KIND_SIGNED || kind == GA_KIND_UNSIGNED;
}

std::string dtype_repr(ga_dtype_t dtype) { return std::string("dtype('") + dtype_info(dtype).name + "')"; }

// One resolution: the operands as NumPy sees them and the rules that apply.
class Resolver {
 public:
  Resolver(const Ufunc& ufunc, const LoopRequest& request) : ufunc_(ufunc), request_(request) {
    operands_.assign(request.inputs.begin(), request.inputs.end());
    // Python scalars that are all the operands there are lose their weakness (NumPy converts
    // them to arrays of their own dtypes).
    all_weak_ = std::all_of(operands_.begin(), operands_.end(), [](const Operand& op) { return op.is_weak(); });
    if (all_weak_) {
      for (Operand& operand : operands_) operand.weak = WeakKind::none;
    }
    int strongest = -1;
    int weakest_needed = -1;
    for (const Operand& operand : operands_) {
      if (operand.is_weak()) {
        weakest_needed = std::max(weakest_needed, simplified_kind(operand.weak));
      } else {
        strongest = std::max(strongest, simplified_kind(operand.dtype));
      }
    }
    // A weak scalar counts by kind in loop search only when an array operand is of its kind or
    // higher; otherwise it is its own dtype (int8 array and 1.0 give float64, not float16).
    weak_in_search_ = weakest_needed >= 0 && strongest >= weakest_needed;
  }

  const UfuncLoop& resolve() {
    Fixed fixed{};
    const bool any_fixed = fixed_dtypes(fixed);
    const UfuncLoop& loop = any_fixed ? by_signature(fixed) : by_resolution();
    check_weak_integers(loop);
    return loop;
  }

 private:
  bool fixed_dtypes(Fixed& fixed) const {
    const int nargs = ufunc_.nargs();
    GA_REQUIRE_ARGUMENT(!(request_.dtype && !request_.signature.empty()),
                        "ufunc '" + std::string(ufunc_.name) + "': cannot specify both 'signature' and 'dtype'");
    GA_REQUIRE_ARGUMENT(request_.signature.empty() || static_cast<int>(request_.signature.size()) == nargs,
                        "ufunc '" + std::string(ufunc_.name) + "' takes a signature of " + std::to_string(nargs) +
                            " dtypes, got " + std::to_string(request_.signature.size()));
    bool any = false;
    for (int i = 0; i < nargs; ++i) {
      if (!request_.signature.empty()) fixed[i] = request_.signature[i];
      if (request_.dtype && i >= ufunc_.nin) fixed[i] = request_.dtype;
      if (fixed[i]) {
        dtype_info(*fixed[i]);
        any = true;
      }
    }
    return any;
  }

  // Whether input `i` may go to `dtype` under `casting`: a weak scalar by NumPy's rules for
  // Python scalars (an int to any number type, a float to floats and complex, a complex to
  // complex; anything else only unsafely), every other operand by can_cast.
  bool input_casts(int i, ga_dtype_t dtype, Casting casting, bool weak_counts) const {
    const Operand& operand = operands_[i];
    if (!operand.is_weak() || !weak_counts) return can_cast(operand.dtype, dtype, casting);
    const ga_dtype_kind_t kind = dtype_info(dtype).kind;
    switch (operand.weak) {
      case WeakKind::integer:
        if (kind == GA_KIND_BOOL) break;
        return true;
      case WeakKind::real:
        if (kind == GA_KIND_FLOAT || kind == GA_KIND_COMPLEX) return true;
        break;
      case WeakKind::complex:
        if (kind == GA_KIND_COMPLEX) return true;
        break;
      case WeakKind::none: break;
    }
    return casting == Casting::unsafe;
  }

  Casting search_casting() const { return std::min(request_.casting, Casting::safe); }

  // The loop whose inputs are exactly `inputs`, or nullptr.
  const UfuncLoop* exact_loop(std::span<const ga_dtype_t> inputs) const {
    for (const UfuncLoop& loop : ufunc_.loops) {
      if (std::equal(inputs.begin(), inputs.end(), loop.dtypes.begin())) return &loop;
    }
    return nullptr;
  }

  const UfuncLoop& by_resolution() {
    switch (ufunc_.resolution) {
      case TypeResolution::linear_search: return validated(linear_search());
      case TypeResolution::uniform: return validated(uniform());
      case TypeResolution::absolute:
        return validated(dtype_info(operands_[0].dtype).kind == GA_KIND_COMPLEX ? linear_search() : uniform());
      case TypeResolution::true_division: {
        const bool integers = std::all_of(operands_.begin(), operands_.end(), [](const Operand& op) {
          return op.dtype == GA_BOOL || is_integer(op.dtype);
        });
        if (!integers) return validated(linear_search());
        Fixed fixed{};
        fixed.fill(GA_FLOAT64);
        return by_signature(fixed);
      }
      case TypeResolution::comparison: return validated(comparison());
      case TypeResolution::logical: return validated(logical(), /*force_inputs=*/true);
      case TypeResolution::where: return validated(where(), /*force_inputs=*/false, /*force_first=*/true);
    }
    throw Error(GA_ERROR_INTERNAL, "unknown type resolution");
  }

  const UfuncLoop& linear_search() const {
    for (const UfuncLoop& loop : ufunc_.loops) {
      bool fits = true;
      for (int i = 0; i < ufunc_.nin && fits; ++i) fits = input_casts(i, loop.dtypes[i], search_casting(), weak_in_search_);
      if (fits) return loop;
    }
    throw Error(GA_ERROR_DTYPE, "ufunc '" + std::string(ufunc_.name) +
                                    "' not supported for the input types, and the inputs could not be safely coerced "
                                    "to any supported types according to the casting rule ''" +
                                    casting_name(search_casting()) + "''");
  }

  const UfuncLoop& loop_for_inputs(const std::vector<ga_dtype_t>& inputs) const {
    if (const UfuncLoop* loop = exact_loop(inputs)) return *loop;
    std::string types;
    for (ga_dtype_t dtype : inputs) types += (types.empty() ? "" : ", ") + std::string(dtype_info(dtype).name);
    throw Error(GA_ERROR_DTYPE, "ufunc '" + std::string(ufunc_.name) +
                                    "' did not contain a loop with signature matching types (" + types + ") -> None");
  }

  const UfuncLoop& uniform() const {
    const ga_dtype_t common = promote_operands(operands_);
    if (common == GA_BOOL && !ufunc_.bool_refusal.empty()) throw Error(GA_ERROR_DTYPE, std::string(ufunc_.bool_refusal));
    return loop_for_inputs(std::vector<ga_dtype_t>(ufunc_.nin, common));
  }

  const UfuncLoop& comparison() const {
    const ga_dtype_t common = promote_operands(operands_);
    std::vector<ga_dtype_t> inputs(2, common);
    if (is_integer(operands_[0].dtype) && is_integer(operands_[1].dtype) && !is_integer(common)) {
      // int64 with uint64 promotes to float64; NumPy 2 compares them exactly instead.
      const bool left_signed = dtype_info(operands_[0].dtype).kind == GA_KIND_SIGNED;
      inputs = left_signed ? std::vector{GA_INT64, GA_UINT64} : std::vector{GA_UINT64, GA_INT64};
    }
    for (int i = 0; i < 2; ++i) {
      if (!weak_value_fits(operands_[i], inputs[i])) return wide_integer_comparison(i);
    }
    return loop_for_inputs(inputs);
  }

  // A weak integer outside the other operand's integer dtype: the first 64-bit loop that holds
  // both exactly, so the comparison is right for every value, as NumPy 2 makes it.
  const UfuncLoop& wide_integer_comparison(int weak_index) const {
    const int other = 1 - weak_index;
    const std::pair<ga_dtype_t, ga_dtype_t> candidates[] = {
        {GA_INT64, GA_INT64}, {GA_UINT64, GA_UINT64}, {GA_INT64, GA_UINT64}, {GA_UINT64, GA_INT64}};
    for (const auto& [weak_dtype, other_dtype] : candidates) {
      if (weak_value_fits(operands_[weak_index], weak_dtype) &&
          can_cast(operands_[other].dtype, other_dtype, Casting::safe)) {
        std::vector<ga_dtype_t> inputs(2);
        inputs[weak_index] = weak_dtype;
        inputs[other] = other_dtype;
        return loop_for_inputs(inputs);
      }
    }
    require_weak_value_fits(operands_[weak_index], operands_[other].dtype);
    throw Error(GA_ERROR_INTERNAL, "no comparison loop for a weak integer");
  }

  // NumPy 2's logical promoter: operands of one dtype use its loop, anything else (Python
  // scalars included) the bool loop, every input cast to bool whatever the casting rule.
  const UfuncLoop& logical() const {
    const bool uniform_strong = !all_weak_ && std::all_of(operands_.begin(), operands_.end(), [&](const Operand& op) {
      return !op.is_weak() && op.dtype == operands_[0].dtype;
    });
    if (uniform_strong) {
      if (const UfuncLoop* loop = exact_loop(std::vector<ga_dtype_t>(ufunc_.nin, operands_[0].dtype))) return *loop;
    }
    return loop_for_inputs(std::vector<ga_dtype_t>(ufunc_.nin, GA_BOOL));
  }

  const UfuncLoop& where() const {
    const ga_dtype_t common = promote_operands(std::span(operands_).subspan(1));
    return loop_for_inputs({GA_BOOL, common, common});
  }

  // NumPy's resolution with a signature: the first loop that matches every fixed dtype and to
  // which the free inputs cast safely; failing that, when the outputs are all fixed to one dtype,
  // the same search with the free inputs fixed to it too (so that dtype=float32 runs the
  // float32 loop on float64 inputs under same_kind casting).
  const UfuncLoop& by_signature(Fixed fixed) const {
    if (const UfuncLoop* loop = signature_search(fixed)) return validated(*loop);
    const std::optional<ga_dtype_t> homogeneous = fixed[ufunc_.nin];
    bool all_outputs = homogeneous.has_value();
    for (int i = ufunc_.nin; i < ufunc_.nargs(); ++i) all_outputs = all_outputs && fixed[i] == homogeneous;
    if (all_outputs) {
      for (int i = 0; i < ufunc_.nin; ++i) {
        if (!fixed[i]) fixed[i] = homogeneous;
      }
      if (const UfuncLoop* loop = signature_search(fixed)) return validated(*loop);
    }
    throw Error(GA_ERROR_DTYPE, "No loop matching the specified signature and casting was found for ufunc " +
                                    std::string(ufunc_.name));
  }

  const UfuncLoop* signature_search(const Fixed& fixed) const {
    for (const UfuncLoop& loop : ufunc_.loops) {
      bool fits = true;
      for (int i = 0; i < ufunc_.nargs() && fits; ++i) {
        if (fixed[i]) {
          fits = loop.dtypes[i] == *fixed[i];
        } else if (i < ufunc_.nin) {
          fits = input_casts(i, loop.dtypes[i], search_casting(), weak_in_search_);
        }
      }
      if (fits) return &loop;
    }
    return nullptr;
  }

  // NumPy's check of the chosen loop against the casting rule: every input to the loop's input
  // dtype (unless the resolution casts them regardless), every loop output to its out array.
  const UfuncLoop& validated(const UfuncLoop& loop, bool force_inputs = false, bool force_first = false) const {
    for (int i = 0; i < ufunc_.nin && !force_inputs; ++i) {
      if (i == 0 && force_first) continue;
      GA_REQUIRE(input_casts(i, loop.dtypes[i], request_.casting, true), GA_ERROR_DTYPE,
                 "Cannot cast ufunc '" + std::string(ufunc_.name) + "' input " + std::to_string(i) + " from " +
                     dtype_repr(operands_[i].dtype) + " to " + dtype_repr(loop.dtypes[i]) + " with casting rule '" +
                     casting_name(request_.casting) + "'");
    }
    GA_REQUIRE_ARGUMENT(request_.outputs.empty() || static_cast<int>(request_.outputs.size()) == ufunc_.nout,
                        "ufunc '" + std::string(ufunc_.name) + "' has " + std::to_string(ufunc_.nout) +
                            " outputs, got " + std::to_string(request_.outputs.size()));
    for (std::size_t j = 0; j < request_.outputs.size(); ++j) {
      if (!request_.outputs[j]) continue;
      const ga_dtype_t produced = loop.dtypes[ufunc_.nin + j];
      GA_REQUIRE(can_cast(produced, *request_.outputs[j], request_.casting), GA_ERROR_DTYPE,
                 "Cannot cast ufunc '" + std::string(ufunc_.name) + "' output from " + dtype_repr(produced) + " to " +
                     dtype_repr(*request_.outputs[j]) + " with casting rule '" + casting_name(request_.casting) + "'");
    }
    return loop;
  }

  // A weak integer converted to an integer loop dtype must fit it (NumPy 2's OverflowError).
  void check_weak_integers(const UfuncLoop& loop) const {
    for (int i = 0; i < ufunc_.nin; ++i) require_weak_value_fits(operands_[i], loop.dtypes[i]);
  }

  const Ufunc& ufunc_;
  const LoopRequest& request_;
  std::vector<Operand> operands_;
  bool all_weak_ = false;
  bool weak_in_search_ = false;
};

}  // namespace

ResolvedLoop resolve_loop(const Ufunc& ufunc, const LoopRequest& request) {
  GA_REQUIRE_ARGUMENT(static_cast<int>(request.inputs.size()) == ufunc.nin,
                      "ufunc '" + std::string(ufunc.name) + "' takes " + std::to_string(ufunc.nin) + " inputs, got " +
                          std::to_string(request.inputs.size()));
  Resolver resolver(ufunc, request);
  return ResolvedLoop(ufunc, resolver.resolve());
}

}  // namespace garray
