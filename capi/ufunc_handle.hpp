// The ufunc behind a ga_ufunc_t, for every capi file that takes one (ufunc.cpp, which owns the
// handle table, ufunc_at.cpp, scan.cpp).
#pragma once

#include <garray/ufunc.h>

#include "core/ops/ufunc/ufunc.hpp"

namespace garray::capi {

// Throws GA_ERROR_INVALID_HANDLE naming the argument 'ufunc' for NULL or anything but a ufunc handle.
const Ufunc& deref_ufunc(ga_ufunc_t ufunc);

}  // namespace garray::capi
