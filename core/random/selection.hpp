// Random orderings and selections on a garray Generator: permutation, shuffle and choice, by
// sorting random keys (the stable CUB radix sort of core/ops/sort), and NumPy's bytes.
#pragma once

#include "core/array/array.hpp"
#include "core/random/destination.hpp"
#include "core/random/generator.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>

namespace garray::random {

// A random permutation of 0..n-1 (int64): the argsort of n random 64-bit keys. Throws
// GA_ERROR_INVALID_ARGUMENT for a negative n.
Array permutation(Generator& generator, std::int64_t n, const StreamRef& stream);

// A copy of `array` with its first axis in random order. Throws GA_ERROR_INVALID_ARGUMENT for a
// 0-d array.
Array permuted(Generator& generator, const Array& array, const StreamRef& stream);

// Puts the first axis of `array` (writeable, at least 1-d) in random order, in place.
void shuffle(Generator& generator, const Array& array, const StreamRef& stream);

// NumPy's Generator.choice over 1-d `population` (or over 0..population_size-1 when `population`
// is null): destination.shape items, with or without replacement, with the probabilities `p`
// (a 1-d array of population_size non-negative numbers, normalised by their sum; null: uniform).
// Without replacement and with p, items are taken by Efraimidis and Spirakis' keys (E/p for E
// exponential), which draws as NumPy's successive selection does; items of probability zero come
// last. destination.dtype is ignored (the population's dtype, or int64).
// Throws GA_ERROR_INVALID_ARGUMENT for an empty population with a non-empty sample, a sample
// larger than the population without replacement ("Cannot take a larger sample than population
// when replace is False"), a population or p that is not 1-d, p of another length ("a and p must
// have same size"); GA_ERROR_DTYPE for a complex or non-numeric p.
Array choice(Generator& generator, const Array* population, std::int64_t population_size, bool replace, const Array* p,
             const Destination& destination, const StreamRef& stream);

// `length` random bytes (uint8).
Array random_bytes(Generator& generator, std::int64_t length, const StreamRef& stream);

}  // namespace garray::random
