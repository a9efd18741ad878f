/* The Python typemaps of numpy.linalg on cuSOLVER (garray/linalg.h). Functions with one result take
 * the (ga_array_t *out, ga_stream_t stream) pair of operations.i; those with several return each
 * result as a garray.ndarray, or None where it was not computed (qr's q in mode 'r', svd's u and vh
 * without compute_uv). The package's garray/linalg.py builds NumPy's signatures on these. */

GA_PY_OUTPUT(ga_linalg_check_t, mode, PyLong_FromLong)

%typemap(in, numinputs=0) ga_array_t *sign (ga_array_t handle = NULL), ga_array_t *logabsdet (ga_array_t handle = NULL),
    ga_array_t *q (ga_array_t handle = NULL), ga_array_t *r (ga_array_t handle = NULL),
    ga_array_t *u (ga_array_t handle = NULL), ga_array_t *s (ga_array_t handle = NULL),
    ga_array_t *vh (ga_array_t handle = NULL), ga_array_t *w (ga_array_t handle = NULL),
    ga_array_t *v (ga_array_t handle = NULL), ga_array_t *x (ga_array_t handle = NULL),
    ga_array_t *residuals (ga_array_t handle = NULL), ga_array_t *rank (ga_array_t handle = NULL) {
  $1 = &handle;
}
%typemap(argout) ga_array_t *sign, ga_array_t *logabsdet, ga_array_t *q, ga_array_t *r, ga_array_t *u,
    ga_array_t *s, ga_array_t *vh, ga_array_t *w, ga_array_t *v, ga_array_t *x, ga_array_t *residuals,
    ga_array_t *rank {
  PyObject *array = Py_None;
  if (*$1 != NULL) {
    array = ga_py_wrap_array(*$1);
    if (array == NULL) SWIG_fail;
  } else {
    Py_INCREF(Py_None);
  }
  /* Always a list, so that a first result of None is kept (AppendOutput replaces a None result). */
  if ($result == Py_None) {
    Py_DECREF($result);
    $result = PyList_New(0);
    if ($result == NULL) {
      Py_DECREF(array);
      SWIG_fail;
    }
  }
  if (PyList_Append($result, array) != 0) {
    Py_DECREF(array);
    SWIG_fail;
  }
  Py_DECREF(array);
}

/* multi_dot's operands: a sequence of garray.ndarray. */
%typemap(in) (const ga_array_t *matrices, int count) (ga_array_t *handles = NULL) {
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
  /* The arrays stay alive through the caller's sequence for the call. */
  Py_DECREF(sequence);
  $1 = handles;
  $2 = (int)count;
}
%typemap(freearg) (const ga_array_t *matrices, int count) { PyMem_Free(handles$argnum); }

/* Factorizations and the error check wait for the device only in the raise mode, and may then
 * take long: the GIL is released. */
%thread ga_linalg_check_errors;
%thread ga_linalg_solve;
%thread ga_linalg_inv;
%thread ga_linalg_det;
%thread ga_linalg_slogdet;
%thread ga_linalg_cholesky;
%thread ga_linalg_qr;
%thread ga_linalg_svd;
%thread ga_linalg_eigh;
%thread ga_linalg_eigvalsh;
%thread ga_linalg_eig;
%thread ga_linalg_eigvals;
%thread ga_linalg_norm;
%thread ga_linalg_cond;
%thread ga_linalg_matrix_rank;
%thread ga_linalg_pinv;
%thread ga_linalg_lstsq;
%thread ga_linalg_matrix_power;
%thread ga_linalg_multi_dot;
%thread ga_linalg_tensorsolve;
%thread ga_linalg_tensorinv;
