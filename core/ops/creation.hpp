// Creation routines: filled arrays, sequences, diagonal and triangular matrices, coordinate grids.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <garray/creation.h>

#include <optional>
#include <span>
#include <vector>

namespace garray {

Array full(const Dims& shape, const ga_scalar_t& value, ga_dtype_t dtype, ga_order_t order,
           const StreamRef& stream);

// An uninitialised array shaped as `prototype`, laid out by `order` (C, F, A or K).
Array empty_like(const Array& prototype, ga_dtype_t dtype, ga_order_t order, const StreamRef& stream);

// empty_like() of `dtype` (the prototype's when nullopt), every element set to `value` cast to it.
Array full_like(const Array& prototype, const ga_scalar_t& value, std::optional<ga_dtype_t> dtype,
                ga_order_t order, const StreamRef& stream);

Array arange(const ga_scalar_t& start, const ga_scalar_t& stop, const ga_scalar_t& step,
             ga_dtype_t dtype, const StreamRef& stream);

struct Linspace {
  Array values;
  double step;
};
Linspace linspace(double start, double stop, std::int64_t num, bool endpoint, ga_dtype_t dtype,
                  const StreamRef& stream);
Array logspace(double start, double stop, std::int64_t num, bool endpoint, double base,
               ga_dtype_t dtype, const StreamRef& stream);

Array eye(std::int64_t rows, std::int64_t columns, std::int64_t k, ga_dtype_t dtype, ga_order_t order,
          const StreamRef& stream);
Array tri(std::int64_t rows, std::int64_t columns, std::int64_t k, ga_dtype_t dtype,
          const StreamRef& stream);

std::vector<Array> meshgrid(std::span<const Array> vectors, ga_meshgrid_indexing_t indexing,
                            const StreamRef& stream);

}  // namespace garray
