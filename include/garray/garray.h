/**
 * @file garray/garray.h
 * @brief The one header to include: NumPy/CuPy semantics on NVIDIA GPUs behind a stable C ABI.
 *
 * Valid C99 and C++. See base.h for the conventions every function follows (status returns,
 * out-parameters last, ga_last_error()), runtime.h for devices, streams and events, and memory.h for
 * the memory pools.
 */
#ifndef GARRAY_GARRAY_H
#define GARRAY_GARRAY_H

#include <garray/base.h>
#include <garray/runtime.h>
#include <garray/memory.h>
#include <garray/jit.h>
#include <garray/array.h>
#include <garray/views.h>
#include <garray/dlpack.h>

#endif /* GARRAY_GARRAY_H */
