#include "core/ops/reductions/reductions.hpp"

#include "core/array/dtype.hpp"
#include "core/array/promotion.hpp"
#include "core/array/scalar.hpp"
#include "core/common/error.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/reduction_layout.hpp"
#include "core/ops/reductions/statistic_kernels.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"

#include <array>
#include <cmath>
#include <string>

namespace garray {

namespace {

enum class Method : std::uint8_t {
  fold,        // a ufunc's reduce; an accumulation where NaN is skipped or a 16-bit float is summed
  accumulate,  // mean, count_nonzero
  moments,     // var, std, nanvar, nanstd
  nan_mean,    // the sum of the non-NaN values over their count
  arg,         // argmax, argmin and their nan variants
  difference,  // ptp: maximum's fold minus minimum's
};

struct Entry {
  const char* name;
  Method method;
  const char* ufunc = nullptr;  // fold: the ufunc folded
  ElementMap map = ElementMap::value;
  Fold fold = Fold::add;
  Finish finish = Finish::none;
  Moment moment = Moment::var;
  bool skip_nan = false;
  bool widens = false;  // fold: a 16-bit float result accumulates in float32 (NumPy's sum and prod)
  bool maximum = false;
  bool takes_dtype = false;
  bool takes_ddof = false;
};

// Indexed by Reduction.
const std::array<Entry, 22> kEntries{{
    {.name = "sum", .method = Method::fold, .ufunc = "add", .widens = true, .takes_dtype = true},
    {.name = "prod", .method = Method::fold, .ufunc = "multiply", .fold = Fold::multiply, .widens = true,
     .takes_dtype = true},
    {.name = "max", .method = Method::fold, .ufunc = "maximum"},
    {.name = "min", .method = Method::fold, .ufunc = "minimum"},
    {.name = "any", .method = Method::fold, .ufunc = "logical_or"},
    {.name = "all", .method = Method::fold, .ufunc = "logical_and"},
    {.name = "argmax", .method = Method::arg, .maximum = true},
    {.name = "argmin", .method = Method::arg},
    {.name = "mean", .method = Method::accumulate, .finish = Finish::mean, .takes_dtype = true},
    {.name = "var", .method = Method::moments, .moment = Moment::var, .takes_dtype = true, .takes_ddof = true},
    {.name = "std", .method = Method::moments, .moment = Moment::std, .takes_dtype = true, .takes_ddof = true},
    {.name = "count_nonzero", .method = Method::accumulate, .map = ElementMap::nonzero},
    {.name = "ptp", .method = Method::difference},
    {.name = "nansum", .method = Method::fold, .ufunc = "add", .map = ElementMap::nan_as_zero, .skip_nan = true,
     .takes_dtype = true},
    {.name = "nanprod", .method = Method::fold, .ufunc = "multiply", .map = ElementMap::nan_as_one,
     .fold = Fold::multiply, .skip_nan = true, .takes_dtype = true},
    {.name = "nanmin", .method = Method::fold, .ufunc = "fmin"},
    {.name = "nanmax", .method = Method::fold, .ufunc = "fmax"},
    {.name = "nanargmin", .method = Method::arg, .skip_nan = true},
    {.name = "nanargmax", .method = Method::arg, .skip_nan = true, .maximum = true},
    {.name = "nanmean", .method = Method::nan_mean, .skip_nan = true, .takes_dtype = true},
    {.name = "nanvar", .method = Method::moments, .moment = Moment::var, .skip_nan = true, .takes_dtype = true,
     .takes_ddof = true},
    {.name = "nanstd", .method = Method::moments, .moment = Moment::std, .skip_nan = true, .takes_dtype = true,
     .takes_ddof = true},
}};

const Entry& entry_of(Reduction reduction) { return kEntries[static_cast<std::size_t>(reduction)]; }

// The ufunc of each fold entry, found once (find_ufunc compares names).
const Ufunc& ufunc_of(Reduction reduction) {
  static const auto* ufuncs = [] {
    auto* found = new std::array<const Ufunc*, kEntries.size()>{};
    for (std::size_t k = 0; k < kEntries.size(); ++k) {
      if (kEntries[k].ufunc) (*found)[k] = &find_ufunc(kEntries[k].ufunc);
    }
    return found;
  }();
  return *(*ufuncs)[static_cast<std::size_t>(reduction)];
}

ga_dtype_kind_t kind_of(ga_dtype_t dtype) { return dtype_info(dtype).kind; }
bool is_inexact(ga_dtype_t dtype) { return kind_of(dtype) == GA_KIND_FLOAT || kind_of(dtype) == GA_KIND_COMPLEX; }
bool is_16bit_float(ga_dtype_t dtype) { return dtype == GA_FLOAT16 || dtype == GA_BFLOAT16; }

// 16-bit floats accumulate in float32, as NumPy's pairwise sums do.
ga_dtype_t accumulator_of(ga_dtype_t dtype) { return is_16bit_float(dtype) ? GA_FLOAT32 : dtype; }

// The real type moments accumulate in: float32 for float32, complex64 and the 16-bit floats,
// float64 for everything else (integers and bool included, as NumPy's float64 default).
ga_dtype_t moments_real(ga_dtype_t dtype) {
  const DTypeInfo& info = dtype_info(dtype);
  if (info.kind == GA_KIND_FLOAT) return info.itemsize <= 4 ? GA_FLOAT32 : GA_FLOAT64;
  if (info.kind == GA_KIND_COMPLEX) return info.itemsize == 8 ? GA_FLOAT32 : GA_FLOAT64;
  return GA_FLOAT64;
}

// NumPy's mean/var default: integers and bool become float64, inexact types stay.
ga_dtype_t inexact_or_float64(ga_dtype_t dtype) { return is_inexact(dtype) ? dtype : GA_FLOAT64; }

ga_dtype_t real_of(ga_dtype_t dtype) {
  if (dtype == GA_COMPLEX64) return GA_FLOAT32;
  if (dtype == GA_COMPLEX128) return GA_FLOAT64;
  return dtype;
}

// Whether a fold entry runs accumulate_kernel (its map and fold) rather than the ufunc's reduce:
// nansum/nanprod of inexact values, and sum/prod with a 16-bit float result. The comparisons (max,
// min, fmax, fmin) always run the ufunc's reduce: they have no accumulation to widen.
bool fold_accumulates(const Entry& entry, ga_dtype_t input, ga_dtype_t result) {
  return (entry.skip_nan && is_inexact(input)) || (entry.widens && is_16bit_float(result));
}

void validate_request(const Entry& entry, const ReduceRequest& request) {
  GA_REQUIRE_ARGUMENT(!request.dtype || entry.takes_dtype, std::string(entry.name) + " takes no dtype");
  if (request.dtype) dtype_info(*request.dtype);
  GA_REQUIRE_ARGUMENT(request.ddof == 0 || entry.takes_ddof, std::string(entry.name) + " takes no ddof");
  GA_REQUIRE_ARGUMENT(!std::isnan(request.ddof), "ddof is NaN");
  if (entry.method == Method::arg && request.axes) {
    GA_REQUIRE_ARGUMENT(request.axes->size() == 1, std::string(entry.name) + " takes one axis or none, not " +
                                                       std::to_string(request.axes->size()));
  }
}

// The array a reduction writes: the caller's `out` once checked (before any work), or a new one.
Array output_for(const ReductionShape& shape, ga_dtype_t result, const std::optional<Array>& out, Casting casting,
                 const StreamRef& stream) {
  if (!out) return Array::empty(shape.output_shape, result, GA_ORDER_C, stream);
  require_destination(*out, {shape.output_shape, result, casting}, stream);
  return *out;
}

// Runs a statistic kernel with the caller's array and optional ddof into `output`.
Array run(const ReductionKernel& kernel, const Array& array, const std::optional<double>& ddof,
          const ReduceRequest& request, const Array& output, const StreamRef& stream) {
  KernelArgument arguments[2];
  arguments[0].array = &array;
  if (ddof) arguments[1].scalar = make_real_scalar(*ddof, GA_FLOAT64);
  const std::optional<Array> slots[1] = {output};
  kernel({arguments, ddof ? 2u : 1u}, slots, request.axes, request.keepdims, stream);
  return output;
}

}  // namespace

const char* reduction_name(Reduction reduction) { return entry_of(reduction).name; }

ga_dtype_t reduction_result_dtype(Reduction reduction, ga_dtype_t input, std::optional<ga_dtype_t> dtype) {
  const Entry& entry = entry_of(reduction);
  switch (entry.method) {
    case Method::fold: {
      const Ufunc& ufunc = ufunc_of(reduction);
      if (ufunc.name == "logical_or" || ufunc.name == "logical_and") return GA_BOOL;
      return dtype ? *dtype : default_reduction_dtype(ufunc, input);
    }
    case Method::accumulate:
      if (entry.map == ElementMap::nonzero) return GA_INT64;
      return dtype ? *dtype : inexact_or_float64(input);
    case Method::nan_mean: return dtype ? *dtype : inexact_or_float64(input);
    case Method::moments: return dtype ? *dtype : real_of(inexact_or_float64(input));
    case Method::arg: return GA_INT64;
    case Method::difference: return input;
  }
  throw Error(GA_ERROR_INTERNAL, "unknown reduction method");
}

Array reduce(Reduction reduction, const Array& array, const ReduceRequest& request, const std::optional<Array>& out,
             const StreamRef& stream) {
  const Entry& entry = entry_of(reduction);
  validate_request(entry, request);
  const ga_dtype_t input = array.dtype();
  const ga_dtype_t result = reduction_result_dtype(reduction, input, request.dtype);
  if (entry.method == Method::fold && !fold_accumulates(entry, input, result)) {
    // The ufunc's reduce checks the axes and allocates; only a given out needs checking first.
    if (out) {
      const ReductionShape shape = reduction_shape({&array, 1}, request.axes, request.keepdims);
      require_destination(*out, {shape.output_shape, result}, stream);
    }
    return reduce_ufunc(ufunc_of(reduction), array, request.axes, request.keepdims, request.dtype, std::nullopt, out,
                        stream);
  }
  const ReductionShape shape = reduction_shape({&array, 1}, request.axes, request.keepdims);
  switch (entry.method) {
    case Method::fold: {
      const Array output = output_for(shape, result, out, Casting::same_kind, stream);
      const ga_dtype_t accumulator = accumulator_of(result);
      // A NaN test needs a float type: an integer accumulator (nansum(x, dtype=int64)) reads float64.
      const ga_dtype_t read = entry.map == ElementMap::value || is_inexact(accumulator) ? accumulator : GA_FLOAT64;
      return run(accumulate_kernel({entry.map, entry.fold, Finish::none, read, accumulator}), array, std::nullopt,
                 request, output, stream);
    }
    case Method::accumulate: {
      const Array output = output_for(shape, result, out, Casting::same_kind, stream);
      if (entry.map == ElementMap::nonzero) {
        return run(accumulate_kernel({ElementMap::nonzero, Fold::add, Finish::none, input, GA_INT64}), array,
                   std::nullopt, request, output, stream);
      }
      const ga_dtype_t accumulator = accumulator_of(result);
      return run(accumulate_kernel({ElementMap::value, Fold::add, entry.finish, accumulator, accumulator}), array,
                 std::nullopt, request, output, stream);
    }
    case Method::nan_mean: {
      const Array output = output_for(shape, result, out, Casting::same_kind, stream);
      const ga_dtype_t accumulator = accumulator_of(result);
      if (!is_inexact(input)) {
        return run(accumulate_kernel({ElementMap::value, Fold::add, Finish::mean, accumulator, accumulator}), array,
                   std::nullopt, request, output, stream);
      }
      // NumPy's nanmean: the sum with NaN as zero over the count of the others (NaN when none).
      const ga_dtype_t read = is_inexact(accumulator) ? accumulator : GA_FLOAT64;
      const Array sums = Array::empty(shape.output_shape, accumulator, GA_ORDER_C, stream);
      const Array counts = Array::empty(shape.output_shape, GA_INT64, GA_ORDER_C, stream);
      run(accumulate_kernel({ElementMap::nan_as_zero, Fold::add, Finish::none, read, accumulator}), array, std::nullopt,
          request, sums, stream);
      run(accumulate_kernel({ElementMap::not_nan, Fold::add, Finish::none, input, GA_INT64}), array, std::nullopt,
          request, counts, stream);
      const UfuncOperand operands[2] = {{&sums, {}, false}, {&counts, {}, false}};
      const std::optional<Array> slots[1] = {output};
      return call_ufunc(find_ufunc("true_divide"), operands, slots, UfuncOptions{Casting::unsafe, accumulator, {}},
                        stream)[0];
    }
    case Method::moments: {
      const Array output = output_for(shape, result, out, Casting::same_kind, stream);
      const ga_dtype_t real = moments_real(request.dtype ? *request.dtype : inexact_or_float64(input));
      const bool complex =
          kind_of(input) == GA_KIND_COMPLEX && (!request.dtype || kind_of(*request.dtype) == GA_KIND_COMPLEX);
      const ga_dtype_t read = complex ? (real == GA_FLOAT32 ? GA_COMPLEX64 : GA_COMPLEX128) : real;
      return run(moments_kernel({entry.moment, entry.skip_nan, read, real}), array, request.ddof, request, output,
                 stream);
    }
    case Method::arg: {
      GA_REQUIRE_ARGUMENT(shape.reduced_count > 0 || shape.output_count == 0,
                          std::string("attempt to get ") + entry.name + " of an empty sequence");
      const Array output = output_for(shape, result, out, Casting::safe, stream);
      const ga_dtype_t value = is_16bit_float(input) ? GA_FLOAT32 : input;
      return run(arg_kernel({entry.maximum, entry.skip_nan, value}), array, std::nullopt, request, output, stream);
    }
    case Method::difference: {
      GA_REQUIRE(input != GA_BOOL, GA_ERROR_DTYPE,
                 "ptp: numpy boolean subtract, the `-` operator, is not supported (bool has no subtract loop)");
      const Array output = output_for(shape, result, out, Casting::same_kind, stream);
      const ReduceRequest extremes{request.axes, request.keepdims, std::nullopt, 0};
      const Array maximum = reduce(Reduction::max, array, extremes, std::nullopt, stream);
      const Array minimum = reduce(Reduction::min, array, extremes, std::nullopt, stream);
      const UfuncOperand operands[2] = {{&maximum, {}, false}, {&minimum, {}, false}};
      const std::optional<Array> slots[1] = {output};
      return call_ufunc(find_ufunc("subtract"), operands, slots, UfuncOptions{}, stream)[0];
    }
  }
  throw Error(GA_ERROR_INTERNAL, "unknown reduction method");
}

}  // namespace garray
