#include "core/random/selection.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/common/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/indexing/take_put.hpp"
#include "core/ops/scan/cumulative.hpp"
#include "core/ops/sort/sorting.hpp"
#include "core/ops/ufunc/ufunc_call.hpp"
#include "core/random/distributions.hpp"

#include <array>
#include <optional>
#include <string>

namespace garray::random {

namespace {

std::int64_t element_count(const Dims& shape) {
  std::int64_t count = 1;
  for (std::int64_t extent : shape) count *= extent;
  return count;
}

// ufunc(a, b) into a new array.
Array binary(const char* ufunc, const Array& a, const Array& b, const StreamRef& stream) {
  const std::array<UfuncOperand, 2> inputs{UfuncOperand{&a, {}, false}, UfuncOperand{&b, {}, false}};
  const std::array<std::optional<Array>, 1> outputs{};
  return call_ufunc(find_ufunc(ufunc), inputs, outputs, UfuncOptions{}, stream)[0];
}

// ufunc(a, value) with a weak (Python-like) integer scalar.
Array binary_with_integer(const char* ufunc, const Array& a, std::int64_t value, const StreamRef& stream) {
  UfuncOperand scalar;
  scalar.scalar.dtype = GA_INT64;
  scalar.scalar.as_int = value;
  scalar.weak = true;
  const std::array<UfuncOperand, 2> inputs{UfuncOperand{&a, {}, false}, scalar};
  const std::array<std::optional<Array>, 1> outputs{};
  return call_ufunc(find_ufunc(ufunc), inputs, outputs, UfuncOptions{}, stream)[0];
}

// The first element_count(shape) entries of the 1-d contiguous `order`, in that shape.
Array leading(const Array& order, const Dims& shape) {
  return order.view(shape, contiguous_strides(shape, GA_ORDER_C), order.byte_offset());
}

// Indices drawn in proportion to p, with replacement: the right-side search of u * sum(p) in the
// running sum of p, u uniform on [0, 1).
Array weighted_indices(Generator& generator, const Array& p, const Dims& shape, const StreamRef& stream) {
  const Array running = cumulative(Cumulative::sum, p, std::nullopt, GA_FLOAT64, std::nullopt, stream);
  const Array total = running.view(Dims{}, Dims{}, running.byte_offset() + (running.size() - 1) * 8);
  const Array u = uniform(generator, 0, 1, {shape, GA_FLOAT64, std::nullopt}, stream);
  const Array targets = binary("multiply", u, total, stream);
  const Array found = searchsorted(running, targets, true, nullptr, stream);
  // u * total may round up to the total itself.
  return binary_with_integer("minimum", found, running.size() - 1, stream);
}

// Indices of `count` items without replacement, drawn in proportion to p: the smallest E/p keys.
Array weighted_sample(Generator& generator, const Array& p, const Dims& shape, const StreamRef& stream) {
  const Array e = exponential(generator, 1, {Dims{p.size()}, GA_FLOAT64, std::nullopt}, stream);
  return leading(argsort(binary("divide", e, p, stream), 0, stream), shape);
}

void require_one_dimensional(const Array& array, const char* message) {
  GA_REQUIRE_ARGUMENT(array.ndim() == 1, message);
}

}  // namespace

Array permutation(Generator& generator, std::int64_t n, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(n >= 0, "negative dimensions are not allowed");
  const Array keys = random_bits(generator, {Dims{n}, GA_UINT64, std::nullopt}, stream);
  return argsort(keys, 0, stream);
}

Array permuted(Generator& generator, const Array& array, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(array.ndim() >= 1, "x must be an integer or at least 1-dimensional");
  require_on_stream_device(array, stream, "x");
  const Array order = permutation(generator, array.shape()[0], stream);
  return take(array, order, 0, GA_INDEX_MODE_WRAP, nullptr, stream);
}

void shuffle(Generator& generator, const Array& array, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(array.ndim() >= 1, "shuffle needs an array of at least 1 dimension");
  array.require_writeable("x");
  copy_into(permuted(generator, array, stream), array, stream);
}

Array choice(Generator& generator, const Array* population, std::int64_t population_size, bool replace, const Array* p,
             const Destination& destination, const StreamRef& stream) {
  if (population) {
    GA_REQUIRE_ARGUMENT(population->ndim() == 1, "a must be 1-dimensional");
    require_on_stream_device(*population, stream, "a");
    population_size = population->size();
  }
  GA_REQUIRE_ARGUMENT(population_size >= 0, "a must be a positive integer unless no samples are taken");
  Destination result = destination;
  result.dtype = population ? population->dtype() : GA_INT64;
  require_sample(result, stream);
  const std::int64_t count = element_count(destination.shape);
  GA_REQUIRE_ARGUMENT(population_size > 0 || count == 0, "a cannot be empty unless no samples are taken");
  GA_REQUIRE_ARGUMENT(replace || count <= population_size,
                      "Cannot take a larger sample than population when replace is False");
  if (p) {
    require_one_dimensional(*p, "p must be 1-dimensional");
    require_on_stream_device(*p, stream, "p");
    GA_REQUIRE_ARGUMENT(p->size() == population_size, "a and p must have same size");
    const char kind = dtype_info(p->dtype()).kind_char;
    GA_REQUIRE(kind == 'f' || kind == 'i' || kind == 'u' || kind == 'b', GA_ERROR_DTYPE, "p must be real numbers");
  }
  const auto draw_indices = [&]() -> Array {
    if (count == 0) return Array::empty(destination.shape, GA_INT64, GA_ORDER_C, stream);
    if (replace) {
      return p ? weighted_indices(generator, *p, destination.shape, stream)
               : integers(generator, 0, population_size, false, {destination.shape, GA_INT64, std::nullopt}, stream);
    }
    return p ? weighted_sample(generator, *p, destination.shape, stream)
             : leading(permutation(generator, population_size, stream), destination.shape);
  };
  const Array indices = draw_indices();
  const Array chosen = population ? take(*population, indices, 0, GA_INDEX_MODE_WRAP, nullptr, stream) : indices;
  return finish(chosen, result, stream);
}

Array random_bytes(Generator& generator, std::int64_t length, const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(length >= 0, "negative dimensions are not allowed");
  return random_bits(generator, {Dims{length}, GA_UINT8, std::nullopt}, stream);
}

}  // namespace garray::random
