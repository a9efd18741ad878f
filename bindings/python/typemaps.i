/* The Python-only part of bindings/garray.i: how each C parameter and result becomes Python.
 *
 * The extension it makes, garray._garray, is the raw C API with Python's conventions; the package
 * garray/ builds the CuPy-like API on top. Its rules:
 *  - A failed call raises: the ga_status_t result is turned into the exception that garray/_errors.py
 *    chooses for the status, with ga_last_error()'s message. A successful call returns its
 *    out-parameters (one value, or a list of them in parameter order), or None.
 *  - Handles are Python objects that own one reference and release it when collected; arrays are
 *    instances of garray.ndarray, a Python subclass of the handle type, so that every function
 *    takes the ndarray itself and returns new ndarrays without a Python-level wrapper.
 *  - Shapes, axes, indices, options and kernel arguments are read from Python sequences, host data
 *    from the buffer protocol, DLPack tensors from capsules, and scalars from Python and NumPy
 *    numbers, all in C, so that a call costs one C function call from Python.
 *  - Calls that may wait for the device or compile (synchronisation, transfers, NVRTC) release the
 *    GIL; cheap calls keep it, since releasing costs more than they do.
 */

%begin %{
#define PY_SSIZE_T_CLEAN
%}

%include "python/conversions.i"

/* ----- Results and errors ----------------------------------------------------------------------- */

%typemap(out) ga_status_t {
  if ($1 != GA_OK) {
    ga_py_raise($1);
    SWIG_fail;
  }
  $result = SWIG_Py_Void();
}

/* Functions that wait for the device, transfer data or compile release the GIL meanwhile. */
%nothread;
%thread ga_device_synchronize;
%thread ga_device_get_properties;
%thread ga_stream_synchronize;
%thread ga_event_synchronize;
%thread ga_memory_pool_free_all_blocks;
%thread ga_memory_pool_set_limit;
%thread ga_pinned_pool_free_all_blocks;
%thread ga_jit_compile;
%thread ga_array_from_host;
%thread ga_array_from_host_async;
%thread ga_array_to_host;
%thread ga_array_to_host_async;
%thread ga_array_set_from_host;
%thread ga_array_item;
%thread ga_array_copy_to_device;
%thread ga_module_create;
%thread ga_module_create_with_name_expressions;
%thread ga_raw_kernel_create;

/* ----- Constants -------------------------------------------------------------------------------- */

/* GA_DTYPE_SAME ("no dtype given") is a cast to a typedef, of which SWIG makes no constant. Declared
 * here, before creation.h defines the macro for SWIG, so that the name is not expanded; the
 * generated C takes the header's value. */
%constant int GA_DTYPE_SAME = GA_DTYPE_SAME;

/* ----- Handles ---------------------------------------------------------------------------------- */

/* A handle type: a Python type that owns one reference and releases it when collected. Python's
 * reference count does the sharing, so *_retain is not offered; an explicit *_release disowns the
 * object, so that a later use reports the released handle instead of releasing it twice. */
%define GA_PY_HANDLE(STRUCT, RETAIN, RELEASE)
%nodefaultctor STRUCT;
struct STRUCT {};
%extend STRUCT {
  /* The status is dropped: an owned handle is live, so its release cannot fail. */
  ~STRUCT() { (void)RELEASE($self); }
}
%delobject RELEASE;
%ignore RETAIN;
%enddef

/* Handles that functions create come back as owned objects. */
%define GA_PY_HANDLE_OUTPUT(TYPE)
%typemap(in, numinputs=0) TYPE * (TYPE handle = NULL) { $1 = &handle; }
%typemap(argout) TYPE * {
  $result = SWIG_Python_AppendOutput($result, SWIG_NewPointerObj(*$1, $*1_descriptor, SWIG_POINTER_OWN));
}
%enddef

GA_PY_HANDLE(ga_stream_s, ga_stream_retain, ga_stream_release)
GA_PY_HANDLE(ga_event_s, ga_event_retain, ga_event_release)
GA_PY_HANDLE(ga_array_s, ga_array_retain, ga_array_release)
GA_PY_HANDLE(ga_module_s, ga_module_retain, ga_module_release)
GA_PY_HANDLE(ga_kernel_s, ga_kernel_retain, ga_kernel_release)
GA_PY_HANDLE(ga_elementwise_kernel_s, ga_elementwise_kernel_retain, ga_elementwise_kernel_release)
GA_PY_HANDLE(ga_reduction_kernel_s, ga_reduction_kernel_retain, ga_reduction_kernel_release)
GA_PY_HANDLE_OUTPUT(ga_stream_t)
GA_PY_HANDLE_OUTPUT(ga_event_t)
GA_PY_HANDLE_OUTPUT(ga_module_t)
GA_PY_HANDLE_OUTPUT(ga_kernel_t)
GA_PY_HANDLE_OUTPUT(ga_elementwise_kernel_t)
GA_PY_HANDLE_OUTPUT(ga_reduction_kernel_t)

/* ----- Results, destinations and streams (docs/design.md, "The C calling convention") ----------- */

/* An array result is a new garray.ndarray. */
%typemap(in, numinputs=0) ga_array_t *result (ga_array_t handle = NULL) { $1 = &handle; }
%typemap(argout) ga_array_t *result {
  PyObject *array = ga_py_wrap_array(*$1);
  if (array == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, array);
}

/* NumPy's out=: one Python argument, None or a garray.ndarray, for the C destination, the current
 * stream and the result. A given destination is returned as the very object passed (the C call
 * hands back its handle with one more reference, dropped here); else the new array. */
%typemap(in) (ga_array_t out, ga_stream_t stream, ga_array_t *result) (PyObject *given = NULL, ga_array_t handle = NULL) {
  given = $input;
  $1 = NULL;
  if ($input != Py_None && ($1 = ga_py_array_of($input, "out")) == NULL) SWIG_fail;
  $2 = NULL;
  $3 = &handle;
}
%typemap(argout) (ga_array_t out, ga_stream_t stream, ga_array_t *result) {
  PyObject *output = given$argnum;
  if (output != Py_None) {
    (void)ga_array_release(handle$argnum);
    Py_INCREF(output);
  } else if ((output = ga_py_wrap_array(handle$argnum)) == NULL) {
    SWIG_fail;
  }
  $result = SWIG_Python_AppendOutput($result, output);
}

/* A call without a destination: the current stream, and the new array. */
%typemap(in, numinputs=0) (ga_stream_t stream, ga_array_t *result) (ga_array_t handle = NULL) {
  $1 = NULL;
  $2 = &handle;
}
%typemap(argout) (ga_stream_t stream, ga_array_t *result) {
  PyObject *array = ga_py_wrap_array(handle$argnum);
  if (array == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, array);
}

/* Any other stream argument may be left out from Python: NULL, the current stream, which garray's
 * `with stream:` sets. */
%typemap(default) ga_stream_t stream { $1 = NULL; }

/* A NULL stream or event means the current stream; None passes it. A NULL array is refused by the
 * C API with GA_ERROR_INVALID_HANDLE, so None may pass there too. */

/* ----- Plain out-parameters --------------------------------------------------------------------- */

%define GA_PY_OUTPUT(TYPE, NAME, CONVERT)
%typemap(in, numinputs=0) TYPE *NAME (TYPE value) { $1 = &value; }
%typemap(argout) TYPE *NAME { $result = SWIG_Python_AppendOutput($result, CONVERT(*$1)); }
%enddef

GA_PY_OUTPUT(int, major, PyLong_FromLong)
GA_PY_OUTPUT(int, minor, PyLong_FromLong)
GA_PY_OUTPUT(int, patch, PyLong_FromLong)
GA_PY_OUTPUT(int, abi, PyLong_FromLong)
GA_PY_OUTPUT(int, count, PyLong_FromLong)
GA_PY_OUTPUT(int, device, PyLong_FromLong)
GA_PY_OUTPUT(int, value, PyLong_FromLong)
GA_PY_OUTPUT(int, finished, PyBool_FromLong)
GA_PY_OUTPUT(int, ndim, PyLong_FromLong)
GA_PY_OUTPUT(int, copied, PyBool_FromLong)
GA_PY_OUTPUT(unsigned, flags, PyLong_FromUnsignedLong)
GA_PY_OUTPUT(size_t, itemsize, PyLong_FromSize_t)
GA_PY_OUTPUT(size_t, nbytes, PyLong_FromSize_t)
GA_PY_OUTPUT(size_t, bytes, PyLong_FromSize_t)
GA_PY_OUTPUT(int64_t, size, PyLong_FromLongLong)
GA_PY_OUTPUT(float, milliseconds, PyFloat_FromDouble)
GA_PY_OUTPUT(double, step, PyFloat_FromDouble)
GA_PY_OUTPUT(ga_dtype_t, dtype, PyLong_FromLong)
GA_PY_OUTPUT(ga_dtype_kind_t, kind, PyLong_FromLong)
GA_PY_OUTPUT(ga_memory_backend_t, backend, PyLong_FromLong)
GA_PY_OUTPUT(void *, cuda_stream, PyLong_FromVoidPtr)
GA_PY_OUTPUT(void *, cuda_event, PyLong_FromVoidPtr)
GA_PY_OUTPUT(void *, data, PyLong_FromVoidPtr)
GA_PY_OUTPUT(void *, ptr, PyLong_FromVoidPtr)

%typemap(in, numinputs=0) const char **name (const char *text = NULL) { $1 = ($1_ltype)&text; }
%typemap(argout) const char **name { $result = SWIG_Python_AppendOutput($result, PyUnicode_FromString(*$1)); }

/* ga_scalar_cast()'s result and ga_array_item()'s element, as Python numbers. */
%typemap(in, numinputs=0) ga_scalar_t *result (ga_scalar_t scalar), ga_scalar_t *value (ga_scalar_t scalar) {
  $1 = &scalar;
}
%typemap(argout) ga_scalar_t *result, ga_scalar_t *value {
  PyObject *number = ga_py_scalar_to_python($1);
  if (number == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, number);
}

/* ----- Versioned structs, as dicts -------------------------------------------------------------- */

%typemap(in, numinputs=0) ga_device_properties_t *properties (ga_device_properties_t properties) {
  memset(&properties, 0, sizeof properties);
  properties.struct_size = sizeof properties;
  $1 = &properties;
}
%typemap(argout) ga_device_properties_t *properties {
  PyObject *dict = Py_BuildValue(
      "{s:y,s:i,s:i,s:i,s:n,s:n,s:i,s:i,s:i,s:i,s:n,s:n,s:n,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i}",
      "name", $1->name, "major", $1->major, "minor", $1->minor,
      "multiprocessor_count", $1->multiprocessor_count,
      "total_memory", (Py_ssize_t)$1->total_memory, "free_memory", (Py_ssize_t)$1->free_memory,
      "max_threads_per_block", $1->max_threads_per_block,
      "max_threads_per_multiprocessor", $1->max_threads_per_multiprocessor,
      "warp_size", $1->warp_size, "l2_cache_size", $1->l2_cache_size,
      "shared_memory_per_block", (Py_ssize_t)$1->shared_memory_per_block,
      "shared_memory_per_block_optin", (Py_ssize_t)$1->shared_memory_per_block_optin,
      "shared_memory_per_multiprocessor", (Py_ssize_t)$1->shared_memory_per_multiprocessor,
      "registers_per_block", $1->registers_per_block, "clock_rate_khz", $1->clock_rate_khz,
      "memory_clock_rate_khz", $1->memory_clock_rate_khz, "memory_bus_width_bits", $1->memory_bus_width_bits,
      "pci_bus_id", $1->pci_bus_id, "pci_device_id", $1->pci_device_id, "pci_domain_id", $1->pci_domain_id,
      "integrated", $1->integrated, "concurrent_managed_access", $1->concurrent_managed_access);
  if (dict == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, dict);
}

%typemap(in, numinputs=0) ga_memory_stats_t *stats (ga_memory_stats_t stats) {
  memset(&stats, 0, sizeof stats);
  stats.struct_size = sizeof stats;
  $1 = &stats;
}
%typemap(argout) ga_memory_stats_t *stats {
  PyObject *dict = Py_BuildValue("{s:n,s:n,s:n,s:n,s:n,s:K,s:K,s:K}",
      "used_bytes", (Py_ssize_t)$1->used_bytes, "cached_bytes", (Py_ssize_t)$1->cached_bytes,
      "total_bytes", (Py_ssize_t)$1->total_bytes, "peak_used_bytes", (Py_ssize_t)$1->peak_used_bytes,
      "limit_bytes", (Py_ssize_t)$1->limit_bytes, "allocations", (unsigned long long)$1->allocations,
      "allocations_total", (unsigned long long)$1->allocations_total,
      "upstream_allocations", (unsigned long long)$1->upstream_allocations);
  if (dict == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, dict);
}

%typemap(in, numinputs=0) ga_kernel_cache_stats_t *stats (ga_kernel_cache_stats_t stats) {
  memset(&stats, 0, sizeof stats);
  stats.struct_size = sizeof stats;
  $1 = &stats;
}
%typemap(argout) ga_kernel_cache_stats_t *stats {
  PyObject *dict = Py_BuildValue("{s:K,s:K,s:K,s:K}",
      "memory_hits", (unsigned long long)$1->memory_hits, "disk_hits", (unsigned long long)$1->disk_hits,
      "compiles", (unsigned long long)$1->compiles, "disk_bytes", (unsigned long long)$1->disk_bytes);
  if (dict == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, dict);
}

/* The structs above, the DLPack ABI, scalars, index items and kernel arguments are converted by
 * the typemaps here; Python never builds them field by field. (%$isclass: a struct may share its tag
 * with a function, as ga_kernel_cache_stats does.) */
%rename("$ignore", %$isclass) ga_device_properties;
%rename("$ignore", %$isclass) ga_memory_stats;
%rename("$ignore", %$isclass) ga_kernel_cache_stats;
%rename("$ignore", %$isclass) ga_scalar;
%rename("$ignore", %$isclass) ga_index;
%rename("$ignore", %$isclass) ga_kernel_arg;
%rename("$ignore", %$isclass) ga_dlpack_version;
%rename("$ignore", %$isclass) ga_dlpack_device;
%rename("$ignore", %$isclass) ga_dlpack_dtype;
%rename("$ignore", %$isclass) ga_dlpack_tensor;
%rename("$ignore", %$isclass) ga_dlpack_managed_tensor;
%rename("$ignore", %$isclass) ga_dlpack_managed_tensor_versioned;
/* A device allocator written in Python would run on any thread without the GIL and must not call
 * garray; there is no safe way to offer it, so Python keeps the built-in pools. */
%rename("$ignore", %$isclass) ga_allocator;
%ignore ga_memory_set_allocator;
/* Binaries come back as bytes (below), which Python frees. */
%ignore ga_jit_free_binary;

/* ----- Scalars in ------------------------------------------------------------------------------- */

%typemap(in) ga_scalar_t {
  int read = ga_py_read_scalar($input, &$1);
  if (read < 0) SWIG_fail;
  if (read == 0) {
    PyErr_Format(PyExc_TypeError, "expected a number (Python or NumPy scalar), not %.200s",
                 Py_TYPE($input)->tp_name);
    SWIG_fail;
  }
}

/* ----- Addresses -------------------------------------------------------------------------------- */

%typemap(in) void *cuda_stream, void *data, void *ptr {
  if (ga_py_read_address($input, &$1, "$1_name") < 0) SWIG_fail;
}

/* ----- Shapes, strides, axes and indices -------------------------------------------------------- */

%typemap(in) (int ndim, const int64_t *shape) (ga_py_int64_list list) {
  if (ga_py_read_int64s($input, &list, "shape") < 0) SWIG_fail;
  $1 = list.count;
  $2 = list.values;
}

%typemap(in) const int64_t *strides_bytes (ga_py_int64_list list), const int64_t *index (ga_py_int64_list list) {
  $1 = NULL;
  if ($input != Py_None) {
    if (ga_py_read_int64s($input, &list, "$1_name") < 0) SWIG_fail;
    $1 = list.values;
  }
}
%typemap(check) (int ndim, const int64_t *shape, const int64_t *strides_bytes) {
  if ($3 != NULL && ((const ga_py_int64_list *)$3)->count != $1) {
    PyErr_Format(PyExc_ValueError, "strides has %d entries for %d dimensions",
                 ((const ga_py_int64_list *)$3)->count, $1);
    SWIG_fail;
  }
}
%typemap(check) (ga_array_t array, const int64_t *index) {
  if ($2 != NULL) {
    int ndim = 0;
    ga_status_t status = ga_array_ndim($1, &ndim);
    if (status != GA_OK) {
      ga_py_raise(status);
      SWIG_fail;
    }
    if (((const ga_py_int64_list *)$2)->count != ndim) {
      PyErr_Format(PyExc_IndexError, "%d indices for an array of %d dimensions",
                   ((const ga_py_int64_list *)$2)->count, ndim);
      SWIG_fail;
    }
  }
}

/* The queries that fill ndim entries: the array's ndim sizes the tuple. */
%typemap(in, numinputs=0) int64_t *shape (int64_t values[GA_MAX_DIMS]), int64_t *strides (int64_t values[GA_MAX_DIMS]) {
  $1 = values;
}
%typemap(argout) (ga_array_t array, int64_t *shape), (ga_array_t array, int64_t *strides) {
  int ndim = 0;
  PyObject *tuple;
  (void)ga_array_ndim($1, &ndim); /* the call just succeeded with this handle */
  tuple = ga_py_tuple_of_int64s($2, ndim);
  if (tuple == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, tuple);
}

/* None for "all axes" (a NULL list), else the list, also an empty one. */
%typemap(in) (const int *axes, int naxes) (ga_py_int_list list), (const int *axes, int count) (ga_py_int_list list) {
  $1 = NULL;
  $2 = 0;
  if ($input != Py_None) {
    if (ga_py_read_ints($input, &list, "axes") < 0) SWIG_fail;
    $1 = list.values;
    $2 = list.count;
  }
}

/* moveaxis: source and destination are read separately and must be as long as each other. */
%typemap(in) const int *source (ga_py_int_list list) {
  if (ga_py_read_ints($input, &list, "source") < 0) SWIG_fail;
  $1 = list.values;
}
%typemap(in) (const int *destination, int count) (ga_py_int_list list) {
  if (ga_py_read_ints($input, &list, "destination") < 0) SWIG_fail;
  $1 = list.values;
  $2 = list.count;
}
%typemap(check) (const int *source, const int *destination, int count) {
  if (((const ga_py_int_list *)$1)->count != $3) {
    PyErr_Format(PyExc_ValueError, "source has %d axes and destination %d; they must match",
                 ((const ga_py_int_list *)$1)->count, $3);
    SWIG_fail;
  }
}

/* a[key]: an index item or a tuple of them. */
%typemap(in) (const ga_index_t *items, int count) (ga_index_t items[GA_PY_MAX_INDEX_ITEMS]) {
  if (PyTuple_Check($input)) {
    Py_ssize_t i, size = PyTuple_GET_SIZE($input);
    if (size > GA_PY_MAX_INDEX_ITEMS) {
      PyErr_SetString(PyExc_IndexError, "too many indices for array");
      SWIG_fail;
    }
    for (i = 0; i < size; ++i) {
      if (ga_py_read_index_item(PyTuple_GET_ITEM($input, i), &items[i]) < 0) SWIG_fail;
    }
    $2 = (int)size;
  } else {
    if (ga_py_read_index_item($input, &items[0]) < 0) SWIG_fail;
    $2 = 1;
  }
  $1 = items;
}

/* broadcast_shapes: a sequence of shapes in, the broadcast shape out. */
%typemap(in) (const int64_t *const *shapes, const int *ndims, int count, int *out_ndim, int64_t *out_shape)
    (PyObject *sequence = NULL, ga_py_int64_list *lists = NULL, const int64_t **pointers = NULL,
     int *ndims = NULL, int out_ndim = 0, int64_t out_shape[GA_MAX_DIMS]) {
  Py_ssize_t i, count;
  sequence = PySequence_Fast($input, "shapes must be a sequence of shapes");
  if (sequence == NULL) SWIG_fail;
  count = PySequence_Fast_GET_SIZE(sequence);
  if (count > INT32_MAX) {
    PyErr_SetString(PyExc_ValueError, "too many shapes");
    SWIG_fail;
  }
  lists = (ga_py_int64_list *)PyMem_Malloc(((size_t)count + 1) * sizeof *lists);
  pointers = (const int64_t **)PyMem_Malloc(((size_t)count + 1) * sizeof *pointers);
  ndims = (int *)PyMem_Malloc(((size_t)count + 1) * sizeof *ndims);
  if (lists == NULL || pointers == NULL || ndims == NULL) {
    PyErr_NoMemory();
    SWIG_fail;
  }
  for (i = 0; i < count; ++i) {
    if (ga_py_read_int64s(PySequence_Fast_GET_ITEM(sequence, i), &lists[i], "shape") < 0) SWIG_fail;
    pointers[i] = lists[i].values;
    ndims[i] = lists[i].count;
  }
  $1 = ($1_ltype)pointers;
  $2 = ndims;
  $3 = (int)count;
  $4 = &out_ndim;
  $5 = out_shape;
}
%typemap(argout) (const int64_t *const *shapes, const int *ndims, int count, int *out_ndim, int64_t *out_shape) {
  PyObject *tuple = ga_py_tuple_of_int64s($5, *$4);
  if (tuple == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, tuple);
}
%typemap(freearg) (const int64_t *const *shapes, const int *ndims, int count, int *out_ndim, int64_t *out_shape) {
  PyMem_Free(lists$argnum);
  PyMem_Free((void *)pointers$argnum);
  PyMem_Free(ndims$argnum);
  Py_XDECREF(sequence$argnum);
}

/* broadcast_arrays: a sequence of arrays in, a list of views out (count results after the
 * handles, in the same buffer). */
%typemap(in) (const ga_array_t *arrays, int count, ga_array_t *result) (ga_array_t *handles = NULL) {
  PyObject *sequence = PySequence_Fast($input, "arrays must be a sequence of garray.ndarray");
  Py_ssize_t i, count;
  if (sequence == NULL) SWIG_fail;
  count = PySequence_Fast_GET_SIZE(sequence);
  handles = count > INT32_MAX ? NULL : (ga_array_t *)PyMem_Calloc(2 * (size_t)count + 1, sizeof *handles);
  if (handles == NULL) {
    Py_DECREF(sequence);
    PyErr_NoMemory();
    SWIG_fail;
  }
  for (i = 0; i < count; ++i) {
    handles[i] = ga_py_array_of(PySequence_Fast_GET_ITEM(sequence, i), "every entry of arrays");
    if (handles[i] == NULL) {
      Py_DECREF(sequence);
      SWIG_fail;
    }
  }
  /* The arrays stay alive through the caller's sequence for the call. */
  Py_DECREF(sequence);
  $1 = handles;
  $2 = (int)count;
  $3 = handles + count;
}
%typemap(argout) (const ga_array_t *arrays, int count, ga_array_t *result) {
  PyObject *list = ga_py_list_of_arrays($3, $2);
  if (list == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, list);
}
%typemap(freearg) (const ga_array_t *arrays, int count, ga_array_t *result) { PyMem_Free(handles$argnum); }

/* meshgrid's result is an array of count handles after two inputs in between, which no typemap can
 * pair up: a small wrapper under the same name reads the vectors and builds the list. Its work runs
 * on the current stream. */
%ignore ga_array_meshgrid;
%rename(ga_array_meshgrid) ga_py_array_meshgrid;
%inline %{
static PyObject *ga_py_array_meshgrid(PyObject *vectors, ga_meshgrid_indexing_t indexing) {
  PyObject *sequence = PySequence_Fast(vectors, "vectors must be a sequence of garray.ndarray");
  PyObject *list = NULL;
  ga_array_t *handles;
  Py_ssize_t i, count;
  ga_status_t status;
  if (sequence == NULL) return NULL;
  count = PySequence_Fast_GET_SIZE(sequence);
  if (count > GA_MAX_DIMS) {
    PyErr_Format(PyExc_ValueError, "meshgrid of %zd vectors; at most %d", count, GA_MAX_DIMS);
    Py_DECREF(sequence);
    return NULL;
  }
  handles = (ga_array_t *)PyMem_Calloc(2 * (size_t)count + 1, sizeof *handles);
  if (handles == NULL) {
    Py_DECREF(sequence);
    return PyErr_NoMemory();
  }
  for (i = 0; i < count; ++i) {
    handles[i] = ga_py_array_of(PySequence_Fast_GET_ITEM(sequence, i), "every vector");
    if (handles[i] == NULL) goto done;
  }
  status = ga_array_meshgrid(handles, (int)count, indexing, NULL, handles + count);
  if (status != GA_OK) {
    ga_py_raise(status);
    goto done;
  }
  list = ga_py_list_of_arrays(handles + count, count);
done:
  PyMem_Free(handles);
  Py_DECREF(sequence);
  return list;
}
%}

/* ----- Host data -------------------------------------------------------------------------------- */

/* from_host: any object with the buffer protocol (a NumPy array), in its own layout. Its itemsize
 * must match the dtype given after it. */
%typemap(in) (const void *host, int ndim, const int64_t *shape, const int64_t *byte_strides)
    (ga_py_host_buffer buffer, Py_buffer *held = NULL) {
  if (ga_py_get_host_buffer($input, &buffer, PyBUF_STRIDES) < 0) SWIG_fail;
  held = &buffer.view;
  $1 = buffer.view.buf;
  $2 = buffer.view.ndim;
  $3 = buffer.shape;
  $4 = buffer.byte_strides;
}
%typemap(check) (const int64_t *byte_strides, ga_dtype_t dtype) {
  size_t itemsize = 0;
  if (ga_dtype_itemsize($2, &itemsize) == GA_OK &&
      ga_py_host_buffer_of_strides($1)->view.itemsize != (Py_ssize_t)itemsize) {
    PyErr_Format(PyExc_TypeError, "host data has %zd-byte elements; the dtype has %zu-byte elements",
                 ga_py_host_buffer_of_strides($1)->view.itemsize, itemsize);
    SWIG_fail;
  }
}
%typemap(freearg) (const void *host, int ndim, const int64_t *shape, const int64_t *byte_strides) {
  if (held$argnum != NULL) PyBuffer_Release(held$argnum);
}

/* set_from_host: host data of the array's shape and itemsize, in any layout. */
%typemap(in) (const void *host, size_t host_bytes, const int64_t *byte_strides) (ga_py_host_buffer buffer, Py_buffer *held = NULL) {
  if (ga_py_get_host_buffer($input, &buffer, PyBUF_STRIDES) < 0) SWIG_fail;
  held = &buffer.view;
  $1 = buffer.view.buf;
  $2 = (size_t)buffer.view.len;
  $3 = buffer.byte_strides;
}
%typemap(check) (ga_array_t array, const void *host, size_t host_bytes, const int64_t *byte_strides) {
  if (ga_py_check_host_buffer($1, ga_py_host_buffer_of_strides($4)) < 0) SWIG_fail;
}
%typemap(freearg) (const void *host, size_t host_bytes, const int64_t *byte_strides) {
  if (held$argnum != NULL) PyBuffer_Release(held$argnum);
}

/* to_host: a writeable C-contiguous buffer; the C API checks that it holds the array's bytes. */
%typemap(in) (void *host, size_t host_bytes) (ga_py_host_buffer buffer, Py_buffer *held = NULL) {
  if (ga_py_get_host_buffer($input, &buffer, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) SWIG_fail;
  held = &buffer.view;
  $1 = buffer.view.buf;
  $2 = (size_t)buffer.view.len;
}
%typemap(freearg) (void *host, size_t host_bytes) {
  if (held$argnum != NULL) PyBuffer_Release(held$argnum);
}

/* ----- Strings ---------------------------------------------------------------------------------- */

%typemap(in) (const char *const *options, size_t option_count) (ga_py_string_list list = {NULL, NULL, 0}),
             (const char *const *name_expressions, size_t name_expression_count) (ga_py_string_list list = {NULL, NULL, 0}) {
  if (ga_py_read_strings($input, &list, "$1_name") < 0) SWIG_fail;
  $1 = ($1_ltype)list.strings;
  $2 = list.count;
}
%typemap(freearg) (const char *const *options, size_t option_count),
                  (const char *const *name_expressions, size_t name_expression_count) {
  ga_py_free_strings(&list$argnum);
}

/* ga_jit_compile's binary, as bytes (PTX with its terminating NUL, as the C API counts it). */
%typemap(in, numinputs=0) (void **binary, size_t *size) (void *binary = NULL, size_t size = 0) {
  $1 = &binary;
  $2 = &size;
}
%typemap(argout) (void **binary, size_t *size) {
  PyObject *bytes = PyBytes_FromStringAndSize((const char *)*$1, (Py_ssize_t)*$2);
  ga_jit_free_binary(*$1);
  if (bytes == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, bytes);
}

/* ----- Kernel launches -------------------------------------------------------------------------- */

/* grid and block: an int or a sequence of one to three ints (x, y, z), the rest 1. */
%typemap(in) const uint32_t grid[3] (uint32_t extents[3]), const uint32_t block[3] (uint32_t extents[3]) {
  ga_py_int64_list list;
  int i;
  if (ga_py_read_int64s($input, &list, "$1_name") < 0) SWIG_fail;
  if (list.count < 1 || list.count > 3) {
    PyErr_Format(PyExc_ValueError, "$1_name must have 1 to 3 extents, not %d", list.count);
    SWIG_fail;
  }
  for (i = 0; i < 3; ++i) {
    int64_t extent = i < list.count ? list.values[i] : 1;
    if (extent < 1 || extent > UINT32_MAX) {
      PyErr_Format(PyExc_ValueError, "$1_name extent %lld is out of range", (long long)extent);
      SWIG_fail;
    }
    extents[i] = (uint32_t)extent;
  }
  $1 = extents;
}

/* Kernel arguments (of raw kernels, and the inputs of elementwise and reduction kernels): garray
 * arrays (their data address), numbers (by value, typed as CuPy types them) and objects with an
 * integer `ptr` attribute (a raw device address, as CuPy's MemoryPointer). NumPy arrays are refused,
 * as CuPy refuses them. */
%typemap(in) (const ga_kernel_arg_t *args, size_t arg_count) (PyObject *sequence = NULL, ga_kernel_arg_t *args = NULL),
             (const ga_kernel_arg_t *inputs, size_t input_count)
                 (PyObject *sequence = NULL, ga_kernel_arg_t *args = NULL) {
  Py_ssize_t i, count;
  sequence = PySequence_Fast($input, "args must be a tuple or list");
  if (sequence == NULL) SWIG_fail;
  count = PySequence_Fast_GET_SIZE(sequence);
  args = (ga_kernel_arg_t *)PyMem_Calloc((size_t)count + 1, sizeof *args);
  if (args == NULL) {
    PyErr_NoMemory();
    SWIG_fail;
  }
  for (i = 0; i < count; ++i) {
    PyObject *item = PySequence_Fast_GET_ITEM(sequence, i);
    void *pointer = NULL;
    int read;
    if (item != Py_None && SWIG_IsOK(SWIG_ConvertPtr(item, &pointer, SWIGTYPE_p_ga_array_s, 0))) {
      args[i].kind = GA_KERNEL_ARG_ARRAY;
      args[i].array = (ga_array_t)pointer;
      continue;
    }
    if (ga_py_refuse_host_array(item, "kernel argument", i) < 0) SWIG_fail;
    read = ga_py_read_scalar(item, &args[i].scalar);
    if (read < 0) SWIG_fail;
    if (read > 0) {
      args[i].kind = GA_KERNEL_ARG_SCALAR;
      continue;
    }
    if (item != Py_None && PyObject_HasAttrString(item, "ptr")) {
      PyObject *address = PyObject_GetAttrString(item, "ptr");
      int status = address != NULL ? ga_py_read_address(address, &args[i].pointer, "ptr") : -1;
      Py_XDECREF(address);
      if (status < 0) SWIG_fail;
      args[i].kind = GA_KERNEL_ARG_POINTER;
      continue;
    }
    PyErr_Format(PyExc_TypeError, "kernel argument %zd: unsupported type %.200s (garray arrays, numbers and "
                 "objects with a `ptr` address are accepted)", i, Py_TYPE(item)->tp_name);
    SWIG_fail;
  }
  $1 = args;
  $2 = (size_t)count;
}
%typemap(freearg) (const ga_kernel_arg_t *args, size_t arg_count), (const ga_kernel_arg_t *inputs, size_t input_count) {
  PyMem_Free(args$argnum);
  Py_XDECREF(sequence$argnum);
}

/* ----- DLPack ----------------------------------------------------------------------------------- */

%typemap(in, numinputs=0) ga_dlpack_managed_tensor_versioned_t **tensor (ga_dlpack_managed_tensor_versioned_t *exported = NULL) {
  $1 = &exported;
}
%typemap(argout) ga_dlpack_managed_tensor_versioned_t **tensor {
  PyObject *capsule = PyCapsule_New(*$1, "dltensor_versioned", ga_py_dlpack_versioned_capsule_destructor);
  if (capsule == NULL) {
    (*$1)->deleter(*$1);
    SWIG_fail;
  }
  $result = SWIG_Python_AppendOutput($result, capsule);
}

%typemap(in, numinputs=0) ga_dlpack_managed_tensor_t **tensor (ga_dlpack_managed_tensor_t *exported = NULL) {
  $1 = &exported;
}
%typemap(argout) ga_dlpack_managed_tensor_t **tensor {
  PyObject *capsule = PyCapsule_New(*$1, "dltensor", ga_py_dlpack_capsule_destructor);
  if (capsule == NULL) {
    (*$1)->deleter(*$1);
    SWIG_fail;
  }
  $result = SWIG_Python_AppendOutput($result, capsule);
}

/* Import: the capsule is renamed "used_..." once garray owns the tensor (only on success; on
 * failure the capsule keeps it and its destructor calls the deleter, as DLPack asks). */
%typemap(in) ga_dlpack_managed_tensor_versioned_t *tensor {
  $1 = (ga_dlpack_managed_tensor_versioned_t *)ga_py_dlpack_capsule_tensor($input, "dltensor_versioned");
  if ($1 == NULL) SWIG_fail;
}
%typemap(argout) ga_dlpack_managed_tensor_versioned_t *tensor {
  if (PyCapsule_SetName($input, "used_dltensor_versioned") < 0) SWIG_fail;
}
%typemap(in) ga_dlpack_managed_tensor_t *tensor {
  $1 = (ga_dlpack_managed_tensor_t *)ga_py_dlpack_capsule_tensor($input, "dltensor");
  if ($1 == NULL) SWIG_fail;
}
%typemap(argout) ga_dlpack_managed_tensor_t *tensor {
  if (PyCapsule_SetName($input, "used_dltensor") < 0) SWIG_fail;
}

/* External memory: the Python object that owns it (None when the caller keeps it alive otherwise)
 * is kept until the last array over the memory is gone. */
%typemap(in) (void (*release)(void *context), void *context) {
  ga_py_drop_pending_owners(NULL);
  $1 = $input == Py_None ? NULL : ga_py_release_owner;
  $2 = $input == Py_None ? NULL : (void *)$input;
}
%typemap(argout) (void (*release)(void *context), void *context) {
  /* garray holds the owner now and gives it back through ga_py_release_owner. */
  Py_XINCREF((PyObject *)$2);
}

/* ----- Python-only helpers ---------------------------------------------------------------------- */

%native(_set_error_factory) PyObject *ga_py_set_error_factory(PyObject *self, PyObject *args);
%native(_set_array_type) PyObject *ga_py_set_array_type(PyObject *self, PyObject *args);
%native(_dlpack_capsule_is_versioned) PyObject *ga_py_dlpack_capsule_is_versioned(PyObject *self, PyObject *args);
%{
/* %native functions are METH_VARARGS: each takes its one argument from the tuple. */
static PyObject *ga_py_set_error_factory(PyObject *self, PyObject *args) {
  PyObject *factory;
  (void)self;
  if (!PyArg_ParseTuple(args, "O:_set_error_factory", &factory)) return NULL;
  if (!PyCallable_Check(factory)) {
    PyErr_SetString(PyExc_TypeError, "the error factory must be callable");
    return NULL;
  }
  Py_INCREF(factory);
  Py_XSETREF(ga_py_error_factory, factory);
  Py_RETURN_NONE;
}

static PyObject *ga_py_set_array_type(PyObject *self, PyObject *args) {
  SwigPyClientData *client = (SwigPyClientData *)SWIGTYPE_p_ga_array_s->clientdata;
  PyObject *type;
  (void)self;
  if (!PyArg_ParseTuple(args, "O:_set_array_type", &type)) return NULL;
  if (!PyType_Check(type) || client == NULL || client->pytype == NULL ||
      !PyType_IsSubtype((PyTypeObject *)type, client->pytype)) {
    PyErr_SetString(PyExc_TypeError, "the array type must be a subclass of ga_array_s");
    return NULL;
  }
  Py_INCREF(type);
  Py_XSETREF(ga_py_array_type, (PyTypeObject *)type);
  Py_RETURN_NONE;
}

static PyObject *ga_py_dlpack_capsule_is_versioned(PyObject *self, PyObject *args) {
  PyObject *capsule;
  (void)self;
  if (!PyArg_ParseTuple(args, "O:_dlpack_capsule_is_versioned", &capsule)) return NULL;
  if (PyCapsule_IsValid(capsule, "dltensor_versioned")) Py_RETURN_TRUE;
  if (PyCapsule_IsValid(capsule, "dltensor")) Py_RETURN_FALSE;
  PyErr_Format(PyExc_TypeError, "expected an unused DLPack capsule, not %.200s", Py_TYPE(capsule)->tp_name);
  return NULL;
}
%}

/* ----- Ufuncs and user elementwise and reduction kernels ---------------------------------------- */

%include "python/operations.i"
%include "python/indexing.i"
%include "python/reductions.i"
%include "python/sorting.i"
%include "python/random.i"
%include "python/manipulation.i"
%include "python/products.i"
%include "python/linalg.i"
%include "python/fft.i"
%include "python/signal.i"
