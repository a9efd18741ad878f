// atleast_1d, atleast_2d and atleast_3d: views with new axes of extent 1 where NumPy puts them.
#pragma once

#include "core/array/array.hpp"

namespace garray {

// () becomes (1,); anything else is returned as a plain view.
Array atleast_1d(const Array& array);

// () becomes (1, 1) and (N,) becomes (1, N); anything else is returned as a plain view.
Array atleast_2d(const Array& array);

// () becomes (1, 1, 1), (N,) becomes (1, N, 1) and (M, N) becomes (M, N, 1); anything else is
// returned as a plain view.
Array atleast_3d(const Array& array);

}  // namespace garray
