/* The Python typemaps of the products (garray/products.h). garray/_products.py passes tensordot's
 * axes as an int (NumPy's integer axes) or a pair of int sequences, einsum's operands as a
 * sequence of arrays (the array-list typemap of manipulation.i), and `out`, the stream and the
 * result as the (ga_array_t out, ga_stream_t stream, ga_array_t *result) triple of typemaps.i (one
 * Python argument: None or the destination, which is returned as passed). */

/* axes=N: both lists NULL and the count N; axes=(a_axes, b_axes): the two lists. Lists of
 * different lengths are passed with the shorter count and refused by the length check. */
%typemap(in) (const int *a_axes, const int *b_axes, int axis_count) (ga_py_int_list a_list, ga_py_int_list b_list) {
  if (PyIndex_Check($input)) {
    long count = PyLong_AsLong($input);
    if (count == -1 && PyErr_Occurred()) SWIG_fail;
    if (count < INT32_MIN || count > INT32_MAX) {
      PyErr_SetString(PyExc_ValueError, "tensordot: axes is out of range");
      SWIG_fail;
    }
    $1 = NULL;
    $2 = NULL;
    $3 = (int)count;
  } else {
    PyObject *first, *second;
    if (!PyArg_ParseTuple($input, "OO:tensordot axes", &first, &second)) SWIG_fail;
    if (ga_py_read_ints(first, &a_list, "axes[0]") < 0 || ga_py_read_ints(second, &b_list, "axes[1]") < 0) SWIG_fail;
    if (a_list.count != b_list.count) {
      PyErr_SetString(PyExc_ValueError, "shape-mismatch for sum");
      SWIG_fail;
    }
    $1 = a_list.values;
    $2 = b_list.values;
    $3 = a_list.count;
  }
}

%apply (const ga_array_t *arrays, int count) { (const ga_array_t *operands, int count) };
GA_PY_OUTPUT(int, allow, PyLong_FromLong)
