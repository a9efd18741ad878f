/* The Python typemaps of numpy.linalg on cuSOLVER (garray/linalg.h). Functions with one result take
 * the (ga_array_t out, ga_stream_t stream, ga_array_t *result) triple of typemaps.i: one Python
 * argument, None or the destination. Those with several, (inputs..., stream, results...), take no
 * destination and no Python argument for them: they run on the current stream and return a tuple
 * of the results, each a new garray.ndarray or None where the C call wrote NULL (qr's q in mode
 * 'r', svd's u and vh without compute_uv). The package's garray/linalg.py builds NumPy's signatures
 * on these. */

GA_PY_OUTPUT(ga_linalg_check_t, mode, PyLong_FromLong)

%{
/* Appends the count results of a multi-result call to the Python result as one tuple: each handle
 * becomes a garray.ndarray that owns it, NULL becomes None. On failure every handle not yet owned
 * by a Python object is released. Returns 0, or -1 with an exception set. */
static int ga_py_append_results(PyObject **output, ga_array_t *handles, int count) {
  PyObject *tuple = PyTuple_New(count);
  int i;
  for (i = 0; i < count; ++i) {
    PyObject *item;
    if (tuple == NULL) {
      if (handles[i] != NULL) (void)ga_array_release(handles[i]);
      continue;
    }
    if (handles[i] == NULL) {
      Py_INCREF(Py_None);
      item = Py_None;
    } else if ((item = ga_py_wrap_array(handles[i])) == NULL) { /* it released handles[i] */
      Py_CLEAR(tuple);
      continue;
    }
    PyTuple_SET_ITEM(tuple, i, item);
  }
  if (tuple == NULL) return -1;
  *output = SWIG_Python_AppendOutput(*output, tuple);
  return 0;
}
%}

/* The stream and the results of a multi-result function: the current stream, results NULL until
 * the call writes them (all on success, NULL where not computed). */
%define GA_PY_LINALG_RESULTS(COUNT, NAMES, POINTERS)
%typemap(in, numinputs=0) (ga_stream_t stream, NAMES) (ga_array_t handles[COUNT]) {
  int i;
  for (i = 0; i < COUNT; ++i) handles[i] = NULL;
  $1 = NULL;
  POINTERS
}
%typemap(argout) (ga_stream_t stream, NAMES) {
  if (ga_py_append_results(&$result, handles$argnum, COUNT) < 0) SWIG_fail;
}
%enddef

GA_PY_LINALG_RESULTS(2, %arg(ga_array_t *sign, ga_array_t *logabsdet), %arg($2 = &handles[0]; $3 = &handles[1];))
GA_PY_LINALG_RESULTS(2, %arg(ga_array_t *q, ga_array_t *r), %arg($2 = &handles[0]; $3 = &handles[1];))
GA_PY_LINALG_RESULTS(2, %arg(ga_array_t *w, ga_array_t *v), %arg($2 = &handles[0]; $3 = &handles[1];))
GA_PY_LINALG_RESULTS(3, %arg(ga_array_t *u, ga_array_t *s, ga_array_t *vh),
                     %arg($2 = &handles[0]; $3 = &handles[1]; $4 = &handles[2];))
GA_PY_LINALG_RESULTS(4, %arg(ga_array_t *x, ga_array_t *residuals, ga_array_t *rank, ga_array_t *s),
                     %arg($2 = &handles[0]; $3 = &handles[1]; $4 = &handles[2]; $5 = &handles[3];))

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
