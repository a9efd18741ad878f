/* Advanced indexing (garray/indexing.h) and ufunc.at (garray/ufunc_at.h). garray/_indexing.py
 * turns Python keys into the tuples read here: garray arrays for integer-array items, and the basic
 * items (int, slice, None, Ellipsis) as ga_array_index() reads them. */

%{
/* One advanced item: a garray array, or a basic item. Returns 0, or -1 with an exception set. */
static int ga_py_read_advanced_item(PyObject *key, ga_advanced_index_t *item) {
  void *pointer = NULL;
  memset(item, 0, sizeof *item);
  if (key != Py_None && SWIG_IsOK(SWIG_ConvertPtr(key, &pointer, SWIGTYPE_p_ga_array_s, 0))) {
    item->array = (ga_array_t)pointer;
    return 0;
  }
  return ga_py_read_index_item(key, &item->basic);
}
%}

/* Mode 'raise' waits for the device. Indexing itself (always 'wrap' from Python) and ufunc.at keep
 * the GIL, as ufunc calls do. */
%thread ga_array_take;
%thread ga_array_put;
%thread ga_array_take_along_axis;
%thread ga_array_put_along_axis;
%thread ga_array_choose;

%rename("$ignore", %$isclass) ga_advanced_index;

/* An item or a tuple of them. */
%typemap(in) (const ga_advanced_index_t *items, int count) (ga_advanced_index_t items[GA_PY_MAX_INDEX_ITEMS]) {
  if (PyTuple_Check($input)) {
    Py_ssize_t i, size = PyTuple_GET_SIZE($input);
    if (size > GA_PY_MAX_INDEX_ITEMS) {
      PyErr_SetString(PyExc_IndexError, "too many indices for array");
      SWIG_fail;
    }
    for (i = 0; i < size; ++i) {
      if (ga_py_read_advanced_item(PyTuple_GET_ITEM($input, i), &items[i]) < 0) SWIG_fail;
    }
    $2 = (int)size;
  } else {
    if (ga_py_read_advanced_item($input, &items[0]) < 0) SWIG_fail;
    $2 = 1;
  }
  $1 = items;
}

/* choose: a sequence of garray arrays. */
%typemap(in) (const ga_array_t *choices, int count) (PyObject *sequence = NULL, ga_array_t *handles = NULL) {
  Py_ssize_t i, count;
  sequence = PySequence_Fast($input, "choices must be a sequence of garray arrays");
  if (sequence == NULL) SWIG_fail;
  count = PySequence_Fast_GET_SIZE(sequence);
  if (count > INT32_MAX) {
    PyErr_SetString(PyExc_ValueError, "too many choices");
    SWIG_fail;
  }
  handles = (ga_array_t *)PyMem_Calloc((size_t)count + 1, sizeof *handles);
  if (handles == NULL) {
    PyErr_NoMemory();
    SWIG_fail;
  }
  for (i = 0; i < count; ++i) {
    handles[i] = ga_py_array_of(PySequence_Fast_GET_ITEM(sequence, i), "each choice");
    if (handles[i] == NULL) SWIG_fail;
  }
  $1 = handles;
  $2 = (int)count;
}
%typemap(freearg) (const ga_array_t *choices, int count) {
  PyMem_Free(handles$argnum);
  Py_XDECREF(sequence$argnum);
}

/* ufunc.at: the second operand, or None for a unary ufunc. */
%typemap(in) const ga_operand_t *b (ga_operand_t operand) {
  $1 = NULL;
  if ($input != Py_None) {
    if (ga_py_read_operand($input, &operand, 1) < 0) SWIG_fail;
    $1 = &operand;
  }
}
