/* The one SWIG interface over garray's public C header. The Python extension is generated from it,
 * and bindings/generate/ reads its XML parse tree (swig -xml) to emit the Rust, Julia and Fortran
 * declarations, so no binding can drift from the header. Language-specific typemaps live in the
 * files included under each SWIG language macro; the declarations below are the header itself. */
%module garray

%{
#include <garray/garray.h>
%}

#ifdef SWIGPYTHON
%include "python/typemaps.i"
#endif

%include <stdint.i>

#ifdef SWIGXML
/* For bindings/generate/, which reads this tree: SWIG makes a constant of a macro only when it can
 * parse the value. C99's UINT64_C (the DLPack flag bits) is taught here; a cast to a typedef
 * (GA_DTYPE_SAME) is expanded into a %constant after the headers, from the header's own macro. */
#define UINT64_C(value) value##ULL
#endif

%include "garray/base.h"
%include "garray/runtime.h"
%include "garray/memory.h"
%include "garray/jit.h"
%include "garray/array.h"
%include "garray/creation.h"
%include "garray/views.h"
%include "garray/dlpack.h"
%include "garray/kernel.h"
%include "garray/elementwise_kernel.h"
%include "garray/reduction_kernel.h"
%include "garray/ufunc.h"
%include "garray/manipulation.h"
%include "garray/signal.h"
%include "garray/indexing.h"
%include "garray/ufunc_at.h"
%include "garray/scan.h"
%include "garray/masks.h"
%include "garray/reductions.h"
%include "garray/sorting.h"
%include "garray/products.h"
%include "garray/random.h"
%include "garray/linalg.h"
%include "garray/fft.h"

#ifdef SWIGXML
%rename("GA_DTYPE_SAME") ga_dtype_same;
%constant ga_dtype_t ga_dtype_same = GA_DTYPE_SAME;
#endif
