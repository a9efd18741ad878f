/* C helpers of the Python typemaps (typemaps.i): how Python objects become the C API's arguments
 * and results, the error raising, and the lifetime rules for arrays, external memory and DLPack
 * capsules. Everything here is static to the generated wrapper. */

%{
#include <pthread.h>
#include <stddef.h>
#include <string.h>

/* ----- Errors --------------------------------------------------------------------------------- */

/* garray/_errors.py registers the callable that makes the exception for a failed call:
 * factory(status, message) -> exception instance. */
static PyObject *ga_py_error_factory = NULL;

/* Raises the exception for a failed call. Reads ga_last_error() first, before anything else can
 * make a garray call on this thread and replace the message. */
static void ga_py_raise(ga_status_t status) {
  const char *message = ga_last_error();
  PyObject *text = PyUnicode_DecodeUTF8(message, (Py_ssize_t)strlen(message), "replace");
  if (text == NULL) return;
  if (ga_py_error_factory == NULL) {
    PyErr_Format(PyExc_RuntimeError, "%s: %U", ga_status_string(status), text);
  } else {
    PyObject *exception = PyObject_CallFunction(ga_py_error_factory, "iO", (int)status, text);
    if (exception != NULL) {
      PyErr_SetObject((PyObject *)Py_TYPE(exception), exception);
      Py_DECREF(exception);
    }
  }
  Py_DECREF(text);
}

/* ----- Arrays ----------------------------------------------------------------------------------- */

/* garray.ndarray, registered by garray/_ndarray.py; until then arrays come back as the plain
 * handle type. */
static PyTypeObject *ga_py_array_type = NULL;

/* A new Python object owning @p array. On failure the handle is released, so nothing leaks. */
static PyObject *ga_py_wrap_array(ga_array_t array) {
  SwigPyObject *object;
  if (ga_py_array_type == NULL) return SWIG_Python_NewPointerObj(NULL, array, SWIGTYPE_p_ga_array_s, SWIG_POINTER_OWN);
  /* tp_alloc, not SWIG's PyObject_New: a Python subclass may be garbage-collected and has slots. */
  object = (SwigPyObject *)ga_py_array_type->tp_alloc(ga_py_array_type, 0);
  if (object == NULL) {
    ga_array_release(array);
    return NULL;
  }
  object->ptr = array;
  object->ty = SWIGTYPE_p_ga_array_s;
  object->own = SWIG_POINTER_OWN;
  object->next = NULL;
  return (PyObject *)object;
}

/* A list of new ndarrays over @p count handles; on failure every handle not yet wrapped is
 * released. */
static PyObject *ga_py_list_of_arrays(ga_array_t *handles, Py_ssize_t count) {
  PyObject *list = PyList_New(count);
  Py_ssize_t i;
  for (i = 0; i < count; ++i) {
    PyObject *array = list != NULL ? ga_py_wrap_array(handles[i]) : NULL;
    if (array == NULL) {
      if (list != NULL) {
        Py_ssize_t rest;
        for (rest = i + 1; rest < count; ++rest) ga_array_release(handles[rest]);
        Py_CLEAR(list);
      } else {
        ga_array_release(handles[i]);
      }
      continue;
    }
    PyList_SET_ITEM(list, i, array);
  }
  return list;
}

/* The array handle of @p object, or NULL with TypeError set when it is not a garray array. */
static ga_array_t ga_py_array_of(PyObject *object, const char *what) {
  void *pointer = NULL;
  if (object == Py_None || !SWIG_IsOK(SWIG_ConvertPtr(object, &pointer, SWIGTYPE_p_ga_array_s, 0))) {
    PyErr_Format(PyExc_TypeError, "%s must be a garray.ndarray, not %.200s", what, Py_TYPE(object)->tp_name);
    return NULL;
  }
  return (ga_array_t)pointer;
}

/* ----- Integers and lists of them --------------------------------------------------------------- */

/* A list of extents, strides, axes or indices with its length; the values come first, so a
 * pointer to them is a pointer to the list (check typemaps compare lengths through it). */
typedef struct ga_py_int64_list {
  int64_t values[GA_MAX_DIMS];
  int count;
} ga_py_int64_list;

typedef struct ga_py_int_list {
  int values[GA_MAX_DIMS];
  int count;
} ga_py_int_list;

/* Reads an int (one entry) or a sequence of ints, as NumPy reads shapes and axes. Returns 0, or -1
 * with an exception set. */
static int ga_py_read_int64s(PyObject *object, ga_py_int64_list *list, const char *what) {
  PyObject *sequence;
  Py_ssize_t count, i;
  if (PyIndex_Check(object) && !PySequence_Check(object)) {
    PyObject *index = PyNumber_Index(object);
    if (index == NULL) return -1;
    list->values[0] = PyLong_AsLongLong(index);
    Py_DECREF(index);
    if (list->values[0] == -1 && PyErr_Occurred()) return -1;
    list->count = 1;
    return 0;
  }
  sequence = PySequence_Fast(object, "");
  if (sequence == NULL) {
    PyErr_Format(PyExc_TypeError, "%s must be an integer or a sequence of integers, not %.200s", what,
                 Py_TYPE(object)->tp_name);
    return -1;
  }
  count = PySequence_Fast_GET_SIZE(sequence);
  if (count > GA_MAX_DIMS) {
    PyErr_Format(PyExc_ValueError, "%s has %zd entries; garray arrays have at most %d dimensions", what,
                 count, GA_MAX_DIMS);
    Py_DECREF(sequence);
    return -1;
  }
  for (i = 0; i < count; ++i) {
    PyObject *index = PyNumber_Index(PySequence_Fast_GET_ITEM(sequence, i));
    if (index == NULL) {
      PyErr_Format(PyExc_TypeError, "%s[%zd] must be an integer", what, i);
      Py_DECREF(sequence);
      return -1;
    }
    list->values[i] = PyLong_AsLongLong(index);
    Py_DECREF(index);
    if (list->values[i] == -1 && PyErr_Occurred()) {
      Py_DECREF(sequence);
      return -1;
    }
  }
  Py_DECREF(sequence);
  list->count = (int)count;
  return 0;
}

static int ga_py_read_ints(PyObject *object, ga_py_int_list *list, const char *what) {
  ga_py_int64_list wide;
  int i;
  if (ga_py_read_int64s(object, &wide, what) < 0) return -1;
  for (i = 0; i < wide.count; ++i) {
    if (wide.values[i] < INT32_MIN || wide.values[i] > INT32_MAX) {
      PyErr_Format(PyExc_IndexError, "%s[%d] = %lld is out of range", what, i, (long long)wide.values[i]);
      return -1;
    }
    list->values[i] = (int)wide.values[i];
  }
  list->count = wide.count;
  return 0;
}

static PyObject *ga_py_tuple_of_int64s(const int64_t *values, int count) {
  PyObject *tuple = PyTuple_New(count);
  int i;
  if (tuple == NULL) return NULL;
  for (i = 0; i < count; ++i) {
    PyObject *value = PyLong_FromLongLong(values[i]);
    if (value == NULL) {
      Py_DECREF(tuple);
      return NULL;
    }
    PyTuple_SET_ITEM(tuple, i, value);
  }
  return tuple;
}

/* A device or host address given as a Python int (None for NULL). */
static int ga_py_read_address(PyObject *object, void **address, const char *what) {
  if (object == Py_None) {
    *address = NULL;
    return 0;
  }
  if (!PyLong_Check(object)) {
    PyErr_Format(PyExc_TypeError, "%s must be an address (an int) or None, not %.200s", what,
                 Py_TYPE(object)->tp_name);
    return -1;
  }
  *address = PyLong_AsVoidPtr(object);
  return (*address == NULL && PyErr_Occurred()) ? -1 : 0;
}

/* ----- Scalars ---------------------------------------------------------------------------------- */

/* Stores the Python number @p value in the field of @p scalar that its dtype reads. */
static int ga_py_store_scalar_value(PyObject *value, ga_scalar_t *scalar) {
  ga_dtype_kind_t kind;
  if (ga_dtype_kind(scalar->dtype, &kind) != GA_OK) {
    PyErr_SetString(PyExc_TypeError, "unknown scalar dtype");
    return -1;
  }
  switch (kind) {
    case GA_KIND_BOOL:
      scalar->as_int = PyObject_IsTrue(value);
      return scalar->as_int < 0 ? -1 : 0;
    case GA_KIND_SIGNED:
      scalar->as_int = PyLong_AsLongLong(value);
      return (scalar->as_int == -1 && PyErr_Occurred()) ? -1 : 0;
    case GA_KIND_UNSIGNED:
      scalar->as_uint = PyLong_AsUnsignedLongLong(value);
      return (scalar->as_uint == (uint64_t)-1 && PyErr_Occurred()) ? -1 : 0;
    case GA_KIND_FLOAT:
      scalar->as_real = PyFloat_AsDouble(value);
      return (scalar->as_real == -1.0 && PyErr_Occurred()) ? -1 : 0;
    case GA_KIND_COMPLEX: {
      Py_complex number = PyComplex_AsCComplex(value);
      if (number.real == -1.0 && PyErr_Occurred()) return -1;
      scalar->as_real = number.real;
      scalar->as_imag = number.imag;
      return 0;
    }
  }
  PyErr_SetString(PyExc_TypeError, "unknown scalar kind");
  return -1;
}

/* A Python int as int64, or as uint64 past int64's range (NumPy's choice for such literals). */
static int ga_py_store_python_int(PyObject *object, ga_scalar_t *scalar) {
  int overflow = 0;
  long long value = PyLong_AsLongLongAndOverflow(object, &overflow);
  if (value == -1 && PyErr_Occurred()) return -1;
  if (overflow == 0) {
    scalar->dtype = GA_INT64;
    scalar->as_int = value;
    return 0;
  }
  scalar->dtype = GA_UINT64;
  scalar->as_uint = PyLong_AsUnsignedLongLong(object);
  if (scalar->as_uint == (uint64_t)-1 && PyErr_Occurred()) {
    PyErr_Format(PyExc_OverflowError, "Python integer %R is out of bounds for int64 and uint64", object);
    return -1;
  }
  return 0;
}

/* Reads a scalar as CuPy passes one to a kernel: Python bool, int, float and complex become bool,
 * int64 (uint64 when too large), float64 and complex128; NumPy scalars and 0-d arrays keep their
 * dtype. Returns 1 when @p object was read, 0 when it is no scalar (no exception set), -1 on error. */
static int ga_py_read_scalar(PyObject *object, ga_scalar_t *scalar) {
  PyObject *dtype, *name, *value;
  int status;
  memset(scalar, 0, sizeof *scalar);
  if (PyBool_Check(object)) {
    scalar->dtype = GA_BOOL;
    scalar->as_int = object == Py_True;
    return 1;
  }
  if (PyLong_CheckExact(object)) return ga_py_store_python_int(object, scalar) < 0 ? -1 : 1;
  if (PyFloat_CheckExact(object)) {
    scalar->dtype = GA_FLOAT64;
    scalar->as_real = PyFloat_AS_DOUBLE(object);
    return 1;
  }
  if (PyComplex_CheckExact(object)) {
    scalar->dtype = GA_COMPLEX128;
    scalar->as_real = PyComplex_RealAsDouble(object);
    scalar->as_imag = PyComplex_ImagAsDouble(object);
    return 1;
  }
  /* NumPy scalars (also float64 and complex128, which subclass Python's) carry their dtype. */
  dtype = PyObject_GetAttrString(object, "dtype");
  if (dtype != NULL) {
    name = PyObject_GetAttrString(dtype, "name");
    Py_DECREF(dtype);
    if (name == NULL) return -1;
    if (!PyUnicode_Check(name) || ga_dtype_parse(PyUnicode_AsUTF8(name), &scalar->dtype) != GA_OK) {
      PyErr_Format(PyExc_TypeError, "garray has no dtype %R (of a %.200s)", name, Py_TYPE(object)->tp_name);
      Py_DECREF(name);
      return -1;
    }
    Py_DECREF(name);
    value = PyObject_CallMethod(object, "item", NULL);
    if (value == NULL) return -1;
    status = ga_py_store_scalar_value(value, scalar);
    Py_DECREF(value);
    return status < 0 ? -1 : 1;
  }
  PyErr_Clear();
  if (PyLong_Check(object)) return ga_py_store_python_int(object, scalar) < 0 ? -1 : 1;
  if (PyFloat_Check(object)) {
    scalar->dtype = GA_FLOAT64;
    scalar->as_real = PyFloat_AsDouble(object);
    return 1;
  }
  if (PyComplex_Check(object)) {
    scalar->dtype = GA_COMPLEX128;
    scalar->as_real = PyComplex_RealAsDouble(object);
    scalar->as_imag = PyComplex_ImagAsDouble(object);
    return 1;
  }
  return 0;
}

/* numpy.ndarray and numpy.generic, looked up at their first use (NumPy is imported by then: the
 * package needs it). */
static PyTypeObject *ga_py_numpy_ndarray = NULL;
static PyTypeObject *ga_py_numpy_generic = NULL;

static int ga_py_load_numpy_types(void) {
  PyObject *numpy, *ndarray, *generic;
  if (ga_py_numpy_ndarray != NULL) return 0;
  numpy = PyImport_ImportModule("numpy");
  if (numpy == NULL) return -1;
  ndarray = PyObject_GetAttrString(numpy, "ndarray");
  generic = PyObject_GetAttrString(numpy, "generic");
  Py_DECREF(numpy);
  if (ndarray == NULL || generic == NULL || !PyType_Check(ndarray) || !PyType_Check(generic)) {
    Py_XDECREF(ndarray);
    Py_XDECREF(generic);
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ImportError, "numpy.ndarray and numpy.generic must be types");
    return -1;
  }
  ga_py_numpy_generic = (PyTypeObject *)generic;
  ga_py_numpy_ndarray = (PyTypeObject *)ndarray;
  return 0;
}

/* Refuses a NumPy array where device data is expected, as CuPy does: it is host memory, and reading
 * a 1-element one as a scalar would hide the mistake. Returns -1 with TypeError set for a NumPy
 * array, 0 otherwise (also -1 when NumPy cannot be imported). */
static int ga_py_refuse_host_array(PyObject *object, const char *what, Py_ssize_t position) {
  if (ga_py_load_numpy_types() < 0) return -1;
  if (!PyObject_TypeCheck(object, ga_py_numpy_ndarray)) return 0;
  PyErr_Format(PyExc_TypeError, "Unsupported type numpy.ndarray (%s %zd): NumPy arrays are host memory; copy "
               "them to the device with garray.asarray() first", what, position);
  return -1;
}

/* Whether a scalar ga_py_read_scalar() read from @p object counts as a Python scalar (NEP 50's weak
 * scalar: only its kind matters): a Python int, float or complex, or a subclass of one that is not a
 * NumPy scalar (numpy.float64 and numpy.complex128 subclass Python's, but are typed). Python's bool
 * is not: NumPy treats it as numpy.bool_. Call it after ga_py_load_numpy_types() succeeded. */
static int ga_py_is_weak_scalar(PyObject *object) {
  return !PyBool_Check(object) && (PyLong_Check(object) || PyFloat_Check(object) || PyComplex_Check(object)) &&
         !PyObject_TypeCheck(object, ga_py_numpy_generic);
}

/* A scalar as the Python number of its kind (bool, int, float, complex), as ndarray.item() gives. */
static PyObject *ga_py_scalar_to_python(const ga_scalar_t *scalar) {
  ga_dtype_kind_t kind;
  if (ga_dtype_kind(scalar->dtype, &kind) != GA_OK) {
    PyErr_SetString(PyExc_TypeError, "unknown scalar dtype");
    return NULL;
  }
  switch (kind) {
    case GA_KIND_BOOL: return PyBool_FromLong(scalar->as_int != 0);
    case GA_KIND_SIGNED: return PyLong_FromLongLong(scalar->as_int);
    case GA_KIND_UNSIGNED: return PyLong_FromUnsignedLongLong(scalar->as_uint);
    case GA_KIND_FLOAT: return PyFloat_FromDouble(scalar->as_real);
    case GA_KIND_COMPLEX: return PyComplex_FromDoubles(scalar->as_real, scalar->as_imag);
  }
  PyErr_SetString(PyExc_TypeError, "unknown scalar kind");
  return NULL;
}

/* ----- Basic indexing --------------------------------------------------------------------------- */

/* Enough items for any valid index: an integer or slice per axis, a new axis per result dimension
 * and one ellipsis. */
#define GA_PY_MAX_INDEX_ITEMS (2 * GA_MAX_DIMS + 1)

/* One bound or step of a slice: None or an integer (NumPy accepts anything with __index__). */
static int ga_py_read_slice_field(PyObject *field, int64_t *value, int *present) {
  PyObject *index;
  *present = field != Py_None;
  if (!*present) return 0;
  index = PyNumber_Index(field);
  if (index == NULL) {
    PyErr_SetString(PyExc_TypeError, "slice indices must be integers or None or have an __index__ method");
    return -1;
  }
  *value = PyLong_AsLongLong(index);
  Py_DECREF(index);
  return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int ga_py_read_index_item(PyObject *key, ga_index_t *item) {
  memset(item, 0, sizeof *item);
  if (key == Py_None) {
    item->kind = GA_INDEX_NEWAXIS;
    return 0;
  }
  if (key == Py_Ellipsis) {
    item->kind = GA_INDEX_ELLIPSIS;
    return 0;
  }
  if (PySlice_Check(key)) {
    PySliceObject *slice = (PySliceObject *)key;
    int has_step = 0;
    item->kind = GA_INDEX_SLICE;
    item->step = 1;
    if (ga_py_read_slice_field(slice->start, &item->start, &item->has_start) < 0 ||
        ga_py_read_slice_field(slice->stop, &item->stop, &item->has_stop) < 0 ||
        ga_py_read_slice_field(slice->step, &item->step, &has_step) < 0)
      return -1;
    if (!has_step) item->step = 1;
    return 0;
  }
  /* bool is an int to Python, but a mask to NumPy: not a basic index. */
  if (!PyBool_Check(key) && PyIndex_Check(key)) {
    PyObject *index = PyNumber_Index(key);
    if (index == NULL) {
      /* An array of several integers has __index__ too, but is an integer-array index. */
      if (!PySequence_Check(key) || !PyErr_ExceptionMatches(PyExc_TypeError)) return -1;
      PyErr_Clear();
      goto unsupported;
    }
    item->kind = GA_INDEX_INTEGER;
    item->start = PyLong_AsLongLong(index);
    Py_DECREF(index);
    if (item->start == -1 && PyErr_Occurred()) {
      PyErr_SetString(PyExc_IndexError, "index out of range");
      return -1;
    }
    return 0;
  }
unsupported:
  PyErr_Format(PyExc_IndexError,
               "invalid index: only integers, slices (`:`), ellipsis (`...`) and None (`numpy.newaxis`) are "
               "valid indices in basic indexing (got %.200s)",
               Py_TYPE(key)->tp_name);
  return -1;
}

/* ----- Host buffers ----------------------------------------------------------------------------- */

/* A host buffer described for the C API; the strides come first (see ga_py_int64_list). */
typedef struct ga_py_host_buffer {
  int64_t byte_strides[GA_MAX_DIMS];
  int64_t shape[GA_MAX_DIMS];
  Py_buffer view;
} ga_py_host_buffer;

static int ga_py_get_host_buffer(PyObject *object, ga_py_host_buffer *buffer, int flags) {
  int i;
  if (PyObject_GetBuffer(object, &buffer->view, flags) < 0) return -1;
  if (buffer->view.ndim > GA_MAX_DIMS) {
    PyErr_Format(PyExc_ValueError, "host data has %d dimensions; garray arrays have at most %d",
                 buffer->view.ndim, GA_MAX_DIMS);
    PyBuffer_Release(&buffer->view);
    return -1;
  }
  for (i = 0; i < buffer->view.ndim; ++i) {
    buffer->shape[i] = buffer->view.shape[i];
    buffer->byte_strides[i] = buffer->view.strides != NULL ? buffer->view.strides[i] : 0;
  }
  return 0;
}

static ga_py_host_buffer *ga_py_host_buffer_of_strides(const int64_t *byte_strides) {
  return (ga_py_host_buffer *)byte_strides;
}

/* Checks that host data matches the device array it is copied into: same shape, same itemsize. */
static int ga_py_check_host_buffer(ga_array_t array, const ga_py_host_buffer *buffer) {
  int ndim = 0, i;
  int64_t shape[GA_MAX_DIMS];
  size_t itemsize = 0;
  ga_status_t status = ga_array_ndim(array, &ndim);
  if (status == GA_OK) status = ga_array_shape(array, shape);
  if (status == GA_OK) status = ga_array_itemsize(array, &itemsize);
  if (status != GA_OK) {
    ga_py_raise(status);
    return -1;
  }
  if (buffer->view.itemsize != (Py_ssize_t)itemsize) {
    PyErr_Format(PyExc_TypeError, "host data has %zd-byte elements; the array has %zu-byte elements",
                 buffer->view.itemsize, itemsize);
    return -1;
  }
  if (buffer->view.ndim != ndim) {
    PyErr_Format(PyExc_ValueError, "host data has %d dimensions; the array has %d", buffer->view.ndim, ndim);
    return -1;
  }
  for (i = 0; i < ndim; ++i) {
    if (buffer->shape[i] != shape[i]) {
      PyErr_Format(PyExc_ValueError, "host data has extent %lld on axis %d; the array has %lld",
                   (long long)buffer->shape[i], i, (long long)shape[i]);
      return -1;
    }
  }
  return 0;
}

/* ----- Strings ---------------------------------------------------------------------------------- */

/* A sequence of str as the C API's (const char *const *, count); the sequence is kept so that the
 * UTF-8 buffers stay valid for the call. */
typedef struct ga_py_string_list {
  PyObject *sequence;
  const char **strings;
  size_t count;
} ga_py_string_list;

static int ga_py_read_strings(PyObject *object, ga_py_string_list *list, const char *what) {
  Py_ssize_t i, count;
  list->sequence = NULL;
  list->strings = NULL;
  list->count = 0;
  if (object == Py_None) return 0;
  if (PyUnicode_Check(object)) {
    PyErr_Format(PyExc_TypeError, "%s must be a sequence of str, not one str", what);
    return -1;
  }
  list->sequence = PySequence_Fast(object, "");
  if (list->sequence == NULL) {
    PyErr_Format(PyExc_TypeError, "%s must be a sequence of str, not %.200s", what, Py_TYPE(object)->tp_name);
    return -1;
  }
  count = PySequence_Fast_GET_SIZE(list->sequence);
  list->strings = (const char **)PyMem_Malloc(((size_t)count + 1) * sizeof(const char *));
  if (list->strings == NULL) {
    PyErr_NoMemory();
    return -1;
  }
  for (i = 0; i < count; ++i) {
    PyObject *item = PySequence_Fast_GET_ITEM(list->sequence, i);
    if (!PyUnicode_Check(item)) {
      PyErr_Format(PyExc_TypeError, "%s[%zd] must be a str, not %.200s", what, i, Py_TYPE(item)->tp_name);
      return -1;
    }
    list->strings[i] = PyUnicode_AsUTF8(item);
    if (list->strings[i] == NULL) return -1;
  }
  list->count = (size_t)count;
  return 0;
}

static void ga_py_free_strings(ga_py_string_list *list) {
  PyMem_Free((void *)list->strings);
  Py_XDECREF(list->sequence);
}

/* ----- Owners of external memory ---------------------------------------------------------------- */

/* ga_array_from_device_pointer() calls its release callback from whichever thread drops the last
 * array over the memory, and the callback must not call garray. Dropping the owner (a PyTorch
 * tensor, a CuPy array, ...) may do both: it needs the GIL, and may free objects that release
 * garray arrays. So the callback only queues the owner; Python drops it from its main thread. */
typedef struct ga_py_pending_owner {
  PyObject *owner;
  struct ga_py_pending_owner *next;
} ga_py_pending_owner;

static pthread_mutex_t ga_py_pending_mutex = PTHREAD_MUTEX_INITIALIZER;
static ga_py_pending_owner *ga_py_pending_owners = NULL;
static int ga_py_drain_scheduled = 0;

/* Drops the queued owners; runs with the GIL held. */
static int ga_py_drop_pending_owners(void *unused) {
  ga_py_pending_owner *pending;
  (void)unused;
  pthread_mutex_lock(&ga_py_pending_mutex);
  pending = ga_py_pending_owners;
  ga_py_pending_owners = NULL;
  ga_py_drain_scheduled = 0;
  pthread_mutex_unlock(&ga_py_pending_mutex);
  while (pending != NULL) {
    ga_py_pending_owner *next = pending->next;
    Py_DECREF(pending->owner);
    free(pending);
    pending = next;
  }
  return 0;
}

static void ga_py_release_owner(void *owner) {
  ga_py_pending_owner *entry = (ga_py_pending_owner *)malloc(sizeof *entry);
  int schedule;
  /* Without memory for the queue entry the owner is kept alive for good: a leak, not a crash. */
  if (entry == NULL) return;
  entry->owner = (PyObject *)owner;
  pthread_mutex_lock(&ga_py_pending_mutex);
  entry->next = ga_py_pending_owners;
  ga_py_pending_owners = entry;
  schedule = !ga_py_drain_scheduled;
  ga_py_drain_scheduled = 1;
  pthread_mutex_unlock(&ga_py_pending_mutex);
  /* Py_AddPendingCall needs neither the GIL nor a thread state. When Python's queue is full, the
   * next release or import schedules the drain again. */
  if (schedule && Py_AddPendingCall(ga_py_drop_pending_owners, NULL) != 0) {
    pthread_mutex_lock(&ga_py_pending_mutex);
    ga_py_drain_scheduled = 0;
    pthread_mutex_unlock(&ga_py_pending_mutex);
  }
}

/* ----- DLPack capsules -------------------------------------------------------------------------- */

/* The destructors of the capsules garray exports: a capsule nobody consumed (its name unchanged)
 * still owns the tensor and calls its deleter; a consumer renames the capsule "used_..." when it
 * takes the tensor over. The current exception, if any, is kept. */
static void ga_py_dlpack_versioned_capsule_destructor(PyObject *capsule) {
  PyObject *type, *value, *traceback;
  ga_dlpack_managed_tensor_versioned_t *tensor;
  if (PyCapsule_IsValid(capsule, "used_dltensor_versioned")) return;
  PyErr_Fetch(&type, &value, &traceback);
  tensor = (ga_dlpack_managed_tensor_versioned_t *)PyCapsule_GetPointer(capsule, "dltensor_versioned");
  if (tensor == NULL) {
    PyErr_WriteUnraisable(capsule);
  } else if (tensor->deleter != NULL) {
    tensor->deleter(tensor);
  }
  PyErr_Restore(type, value, traceback);
}

static void ga_py_dlpack_capsule_destructor(PyObject *capsule) {
  PyObject *type, *value, *traceback;
  ga_dlpack_managed_tensor_t *tensor;
  if (PyCapsule_IsValid(capsule, "used_dltensor")) return;
  PyErr_Fetch(&type, &value, &traceback);
  tensor = (ga_dlpack_managed_tensor_t *)PyCapsule_GetPointer(capsule, "dltensor");
  if (tensor == NULL) {
    PyErr_WriteUnraisable(capsule);
  } else if (tensor->deleter != NULL) {
    tensor->deleter(tensor);
  }
  PyErr_Restore(type, value, traceback);
}

/* The tensor of a capsule that has not been consumed yet, or NULL with an exception. */
static void *ga_py_dlpack_capsule_tensor(PyObject *capsule, const char *name) {
  if (!PyCapsule_CheckExact(capsule)) {
    PyErr_Format(PyExc_TypeError, "expected a DLPack capsule, not %.200s", Py_TYPE(capsule)->tp_name);
    return NULL;
  }
  if (!PyCapsule_IsValid(capsule, name)) {
    const char *actual = PyCapsule_GetName(capsule);
    PyErr_Format(PyExc_ValueError, "expected a capsule named '%s', got one named '%s' (a used capsule "
                 "cannot be imported again)", name, actual != NULL ? actual : "");
    return NULL;
  }
  return PyCapsule_GetPointer(capsule, name);
}
%}
