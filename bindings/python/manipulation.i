/* Array manipulation (garray/manipulation.h). garray/_joining.py and garray/_windows.py pass these
 * arguments in one shape: lists of arrays as sequences, counts and widths as ints or sequences of
 * ints of any length, pad constants as a sequence of numbers, axes as None or a sequence (the
 * reduction-axes typemap of operations.i), and None for no `out` or `where`. */

%{
/* Reads an int or a sequence of ints of any length into @p list (PyMem; freed by the caller).
 * Returns 0, or -1 with an exception set. */
static int ga_py_read_int64_vector(PyObject *object, int64_t **values, Py_ssize_t *count, const char *what) {
  PyObject *sequence;
  Py_ssize_t i;
  *values = NULL;
  *count = 0;
  if (PyIndex_Check(object) && !PySequence_Check(object)) {
    *values = (int64_t *)PyMem_Malloc(sizeof **values);
    if (*values == NULL) return PyErr_NoMemory(), -1;
    (*values)[0] = PyLong_AsLongLong(object);
    if ((*values)[0] == -1 && PyErr_Occurred()) return -1;
    *count = 1;
    return 0;
  }
  sequence = PySequence_Fast(object, "");
  if (sequence == NULL) {
    PyErr_Format(PyExc_TypeError, "%s must be an integer or a sequence of integers, not %.200s", what,
                 Py_TYPE(object)->tp_name);
    return -1;
  }
  *count = PySequence_Fast_GET_SIZE(sequence);
  *values = (int64_t *)PyMem_Malloc(((size_t)*count + 1) * sizeof **values);
  if (*values == NULL) {
    Py_DECREF(sequence);
    return PyErr_NoMemory(), -1;
  }
  for (i = 0; i < *count; ++i) {
    PyObject *index = PyNumber_Index(PySequence_Fast_GET_ITEM(sequence, i));
    if (index == NULL) {
      PyErr_Format(PyExc_TypeError, "%s[%zd] must be an integer", what, i);
      Py_DECREF(sequence);
      return -1;
    }
    (*values)[i] = PyLong_AsLongLong(index);
    Py_DECREF(index);
    if ((*values)[i] == -1 && PyErr_Occurred()) {
      Py_DECREF(sequence);
      return -1;
    }
  }
  Py_DECREF(sequence);
  return 0;
}
%}

/* Kernels may be compiled on the way. */
%thread ga_array_concatenate;
%thread ga_array_stack;
%thread ga_array_tile;
%thread ga_array_repeat;
%thread ga_array_roll;
%thread ga_array_pad;
%thread ga_array_tril;
%thread ga_array_triu;
%thread ga_array_diag;
%thread ga_array_trace;
%thread ga_array_copyto;
%thread ga_signal_window;

/* A sequence of garray arrays; they stay alive through the caller's sequence for the call. */
%typemap(in) (const ga_array_t *arrays, int count) (ga_array_t *handles = NULL) {
  PyObject *sequence = PySequence_Fast($input, "arrays must be a sequence of garray.ndarray");
  Py_ssize_t i, count;
  if (sequence == NULL) SWIG_fail;
  count = PySequence_Fast_GET_SIZE(sequence);
  handles = (ga_array_t *)PyMem_Calloc((size_t)count + 1, sizeof *handles);
  if (handles == NULL || count > INT32_MAX) {
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
  Py_DECREF(sequence);
  $1 = handles;
  $2 = (int)count;
}
%typemap(freearg) (const ga_array_t *arrays, int count) { PyMem_Free(handles$argnum); }

%typemap(in) (const int64_t *reps, int rep_count) (int64_t *values = NULL, Py_ssize_t count = 0),
             (const int64_t *shifts, int shift_count) (int64_t *values = NULL, Py_ssize_t count = 0),
             (const int64_t *pad_width, int pad_count) (int64_t *values = NULL, Py_ssize_t count = 0),
             (const int64_t *repeats, int64_t repeat_count) (int64_t *values = NULL, Py_ssize_t count = 0) {
  if (ga_py_read_int64_vector($input, &values, &count, "$1_name") < 0) SWIG_fail;
  if (count > INT32_MAX) {
    PyErr_SetString(PyExc_ValueError, "$1_name is too long");
    SWIG_fail;
  }
  $1 = values;
  $2 = ($2_ltype)count;
}
%typemap(freearg) (const int64_t *reps, int rep_count), (const int64_t *shifts, int shift_count),
                  (const int64_t *pad_width, int pad_count), (const int64_t *repeats, int64_t repeat_count) {
  PyMem_Free(values$argnum);
}

/* Pad constants: None for zeros, else a sequence of numbers (1 or 2 × ndim of them). */
%typemap(in) (const ga_scalar_t *constant_values, int constant_count) (ga_scalar_t *scalars = NULL) {
  $1 = NULL;
  $2 = 0;
  if ($input != Py_None) {
    PyObject *sequence = PySequence_Fast($input, "constant_values must be a sequence of numbers");
    Py_ssize_t i, count;
    if (sequence == NULL) SWIG_fail;
    count = PySequence_Fast_GET_SIZE(sequence);
    scalars = (ga_scalar_t *)PyMem_Calloc((size_t)count + 1, sizeof *scalars);
    if (scalars == NULL || count > INT32_MAX) {
      Py_DECREF(sequence);
      PyErr_NoMemory();
      SWIG_fail;
    }
    for (i = 0; i < count; ++i) {
      int read = ga_py_read_scalar(PySequence_Fast_GET_ITEM(sequence, i), &scalars[i]);
      if (read <= 0) {
        if (read == 0) PyErr_Format(PyExc_TypeError, "constant_values[%zd] must be a number", i);
        Py_DECREF(sequence);
        SWIG_fail;
      }
    }
    Py_DECREF(sequence);
    $1 = scalars;
    $2 = (int)count;
  }
}
%typemap(freearg) (const ga_scalar_t *constant_values, int constant_count) { PyMem_Free(scalars$argnum); }

/* split: its parts come back as a list, which no typemap over the C signature can size, so small
 * wrappers under the same names call it. */
%ignore ga_array_split;
%ignore ga_array_split_sections;
%rename(ga_array_split) ga_py_array_split;
%rename(ga_array_split_sections) ga_py_array_split_sections;
%{
/* The list of parts, or the error; frees @p handles. */
static PyObject *ga_py_split_parts(ga_status_t status, ga_array_t *handles, Py_ssize_t count) {
  PyObject *list = NULL;
  if (status != GA_OK) {
    ga_py_raise(status);
  } else {
    list = ga_py_list_of_arrays(handles, count);
  }
  PyMem_Free(handles);
  return list;
}
%}
%inline %{
static PyObject *ga_py_array_split(ga_array_t array, PyObject *indices, int axis) {
  int64_t *values = NULL;
  Py_ssize_t count = 0;
  ga_array_t *handles;
  ga_status_t status;
  if (ga_py_read_int64_vector(indices, &values, &count, "indices") < 0) {
    PyMem_Free(values);
    return NULL;
  }
  handles = (ga_array_t *)PyMem_Calloc((size_t)count + 1, sizeof *handles);
  if (handles == NULL || count > INT32_MAX) {
    PyMem_Free(values);
    PyMem_Free(handles);
    return PyErr_NoMemory();
  }
  status = ga_array_split(array, values, (int)count, axis, handles);
  PyMem_Free(values);
  return ga_py_split_parts(status, handles, count + 1);
}

static PyObject *ga_py_array_split_sections(ga_array_t array, int64_t sections, int axis, int require_equal) {
  /* At least one slot, so that a count below 1 reaches the C API's own message. */
  ga_array_t *handles = (ga_array_t *)PyMem_Calloc(sections > 1 ? (size_t)sections : 1, sizeof *handles);
  if (handles == NULL) return PyErr_NoMemory();
  return ga_py_split_parts(ga_array_split_sections(array, sections, axis, require_equal, handles), handles,
                           (Py_ssize_t)sections);
}
%}
