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
