/**
 * @file garray/garray.h
 * @brief The one header to include: NumPy/CuPy semantics on NVIDIA GPUs behind a stable C ABI.
 *
 * Valid C99 and C++. See base.h for the conventions every function follows (status returns,
 * out-parameters last, ga_last_error()), runtime.h for devices, streams and events, memory.h for
 * the memory pools, jit.h for kernel compilation and its cache, array.h for arrays, creation.h for
 * creating, transferring, copying and casting them, views.h for indexing and views, and dlpack.h
 * for zero-copy exchange with other libraries, kernel.h for user kernels from CUDA source.
 */
#ifndef GARRAY_GARRAY_H
#define GARRAY_GARRAY_H

#include <garray/base.h>
#include <garray/runtime.h>
#include <garray/memory.h>
#include <garray/jit.h>
#include <garray/array.h>
#include <garray/creation.h>
#include <garray/views.h>
#include <garray/dlpack.h>
#include <garray/kernel.h>
#include <garray/elementwise_kernel.h>
#include <garray/reduction_kernel.h>
#include <garray/ufunc.h>
#include <garray/manipulation.h>
#include <garray/signal.h>
#include <garray/ufunc_at.h> /* and garray/indexing.h */
#include <garray/scan.h>
#include <garray/masks.h>
#include <garray/reductions.h>
#include <garray/sorting.h>
#include <garray/products.h>
#include <garray/random.h>
#include <garray/linalg.h>
#include <garray/fft.h>

#endif /* GARRAY_GARRAY_H */
