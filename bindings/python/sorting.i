/* The Python typemaps of sorting, searching, counting and order statistics (garray/sorting.h).
 * The package (garray/_sorting.py) passes the arguments in these shapes:
 *  - lexsort's keys: a sequence of garray arrays;
 *  - partition's kth: a sequence of ints, any length;
 *  - histogram's range: None or a (low, high) pair of floats;
 *  - quantile's q: a (values, shape) pair, values a sequence of floats in C order of shape;
 * and receives the optional outputs of unique and histogram as arrays, or None where not asked. */

%{
/* Reads a sequence of Python numbers into a PyMem buffer of int64 (as_double 0) or double. */
static int ga_py_read_number_buffer(PyObject *object, int as_double, void **buffer, Py_ssize_t *count,
                                    const char *what) {
  PyObject *sequence = PySequence_Fast(object, "");
  Py_ssize_t i;
  if (sequence == NULL) {
    PyErr_Format(PyExc_TypeError, "%s must be a sequence of numbers, not %.200s", what, Py_TYPE(object)->tp_name);
    return -1;
  }
  *count = PySequence_Fast_GET_SIZE(sequence);
  *buffer = PyMem_Calloc((size_t)*count + 1, 8);
  if (*buffer == NULL) {
    Py_DECREF(sequence);
    PyErr_NoMemory();
    return -1;
  }
  for (i = 0; i < *count; ++i) {
    PyObject *item = PySequence_Fast_GET_ITEM(sequence, i);
    if (as_double) {
      ((double *)*buffer)[i] = PyFloat_AsDouble(item);
    } else {
      PyObject *index = PyNumber_Index(item);
      ((int64_t *)*buffer)[i] = index == NULL ? -1 : PyLong_AsLongLong(index);
      Py_XDECREF(index);
    }
    if (PyErr_Occurred()) {
      Py_DECREF(sequence);
      return -1;
    }
  }
  Py_DECREF(sequence);
  return 0;
}
%}

%typemap(in) (const ga_array_t *keys, int count) (ga_array_t *key_handles = NULL) {
  PyObject *sequence = PySequence_Fast($input, "keys must be a sequence of garray.ndarray");
  Py_ssize_t i, count;
  if (sequence == NULL) SWIG_fail;
  count = PySequence_Fast_GET_SIZE(sequence);
  key_handles = (ga_array_t *)PyMem_Calloc((size_t)count + 1, sizeof *key_handles);
  if (key_handles == NULL || count > INT32_MAX) {
    Py_DECREF(sequence);
    PyErr_NoMemory();
    SWIG_fail;
  }
  for (i = 0; i < count; ++i) {
    key_handles[i] = ga_py_array_of(PySequence_Fast_GET_ITEM(sequence, i), "every key");
    if (key_handles[i] == NULL) {
      Py_DECREF(sequence);
      SWIG_fail;
    }
  }
  /* The arrays stay alive through the caller's sequence for the call. */
  Py_DECREF(sequence);
  $1 = key_handles;
  $2 = (int)count;
}
%typemap(freearg) (const ga_array_t *keys, int count) { PyMem_Free(key_handles$argnum); }

%typemap(in) (const int64_t *kth, int kth_count) (void *kth_buffer = NULL) {
  Py_ssize_t count;
  if (ga_py_read_number_buffer($input, 0, &kth_buffer, &count, "kth") < 0) SWIG_fail;
  if (count > INT32_MAX) {
    PyErr_SetString(PyExc_ValueError, "too many kth");
    SWIG_fail;
  }
  $1 = (int64_t *)kth_buffer;
  $2 = (int)count;
}
%typemap(freearg) (const int64_t *kth, int kth_count) { PyMem_Free(kth_buffer$argnum); }

%typemap(in) const double *range (double range_limits[2]) {
  $1 = NULL;
  if ($input != Py_None) {
    if (!PyArg_ParseTuple($input, "dd:range", &range_limits[0], &range_limits[1])) SWIG_fail;
    $1 = range_limits;
  }
}

%typemap(in) (const double *q, int q_ndim, const int64_t *q_shape)
    (void *q_buffer = NULL, ga_py_int64_list q_extents) {
  PyObject *values_object, *shape_object;
  Py_ssize_t count;
  if (!PyArg_ParseTuple($input, "OO:q", &values_object, &shape_object)) SWIG_fail;
  if (ga_py_read_number_buffer(values_object, 1, &q_buffer, &count, "q") < 0) SWIG_fail;
  if (ga_py_read_int64s(shape_object, &q_extents, "q's shape") < 0) SWIG_fail;
  $1 = (double *)q_buffer;
  $2 = q_extents.count;
  $3 = q_extents.values;
}
%typemap(freearg) (const double *q, int q_ndim, const int64_t *q_shape) { PyMem_Free(q_buffer$argnum); }

/* Outputs that are written only when asked for: an ndarray, or None. */
%typemap(in, numinputs=0) ga_array_t *values (ga_array_t handle = NULL), ga_array_t *indices (ga_array_t handle = NULL),
    ga_array_t *inverse (ga_array_t handle = NULL), ga_array_t *counts (ga_array_t handle = NULL),
    ga_array_t *hist (ga_array_t handle = NULL), ga_array_t *bin_edges (ga_array_t handle = NULL) {
  $1 = &handle;
}
%typemap(argout) ga_array_t *values, ga_array_t *indices, ga_array_t *inverse, ga_array_t *counts,
    ga_array_t *hist, ga_array_t *bin_edges {
  PyObject *array = Py_None;
  if (*$1 != NULL) {
    array = ga_py_wrap_array(*$1);
    if (array == NULL) SWIG_fail;
  } else {
    Py_INCREF(Py_None);
  }
  $result = SWIG_Python_AppendOutput($result, array);
}
