/* The Python typemaps of the calls that run operations: ufuncs (garray/ufunc.h) and the user
 * elementwise and reduction kernels. What they share: outputs that the caller gives or that the call
 * allocates, and reduction axes. Included at the end of typemaps.i, whose rules hold here too.
 *
 * The package (garray/_ufunc.py, garray/_ndarray.py, garray/_user_kernels.py) always passes these
 * arguments in one shape, so that `x + y` costs one C call and no Python-level conversion:
 *  - operands: a tuple of garray arrays, Python scalars (weak, as NumPy 2 treats them) and NumPy
 *    scalars (typed);
 *  - outputs (`out`): a tuple with one entry per output, None for "allocate";
 *  - ufunc options: None for the defaults, else (casting, dtype, signature or None);
 * in the C order, with the stream last and optional (None: the current stream):
 *   ga_ufunc_call(ufunc, inputs, options, out[, stream]),
 *   ga_ufunc_outer(ufunc, a, b, options, out[, stream]),
 *   ga_elementwise_kernel_call(kernel, inputs, out, size[, stream]),
 *   ga_reduction_kernel_call(kernel, inputs, out, axes, keepdims[, stream]).
 */

%{
/* ----- Operands --------------------------------------------------------------------------------- */

/* One ufunc operand: a garray array, a Python scalar (GA_OPERAND_WEAK_SCALAR: only its kind takes
 * part in promotion, as NEP 50 says) or a typed scalar (NumPy scalars, Python bool). NumPy arrays
 * are refused, as CuPy refuses them, and so are other libraries' device arrays, which
 * garray.asarray() wraps without a copy. Returns 0, or -1 with an exception set. */
static int ga_py_read_operand(PyObject *object, ga_operand_t *operand, Py_ssize_t position) {
  void *pointer = NULL;
  int read;
  if (object != Py_None && SWIG_IsOK(SWIG_ConvertPtr(object, &pointer, SWIGTYPE_p_ga_array_s, 0))) {
    operand->kind = GA_OPERAND_ARRAY;
    operand->array = (ga_array_t)pointer;
    return 0;
  }
  /* `x + 1`: Python's own numbers need none of the checks below. */
  if (PyLong_CheckExact(object) || PyFloat_CheckExact(object) || PyComplex_CheckExact(object)) {
    operand->kind = GA_OPERAND_WEAK_SCALAR;
    return ga_py_read_scalar(object, &operand->scalar) < 0 ? -1 : 0;
  }
  if (ga_py_refuse_host_array(object, "operand", position) < 0) return -1;
  if (!PyObject_TypeCheck(object, ga_py_numpy_generic) &&
      (PyObject_HasAttrString(object, "__cuda_array_interface__") || PyObject_HasAttrString(object, "__dlpack__"))) {
    PyErr_Format(PyExc_TypeError, "Unsupported type %.200s (operand %zd): wrap other libraries' arrays with "
                 "garray.asarray() first (no copy for device arrays)", Py_TYPE(object)->tp_name, position);
    return -1;
  }
  read = ga_py_read_scalar(object, &operand->scalar);
  if (read < 0) return -1;
  if (read == 0) {
    PyErr_Format(PyExc_TypeError, "Unsupported type %.200s (operand %zd): operands are garray arrays and "
                 "Python or NumPy scalars", Py_TYPE(object)->tp_name, position);
    return -1;
  }
  operand->kind = ga_py_is_weak_scalar(object) ? GA_OPERAND_WEAK_SCALAR : GA_OPERAND_SCALAR;
  return 0;
}

/* ----- Outputs ---------------------------------------------------------------------------------- */

/* The caller's destinations of a ufunc or kernel call, read from a sequence with one entry per output
 * (a garray.ndarray, or None to allocate), and the buffer the call writes its results into: the same
 * C array, which the C API allows (it reads every destination before it writes a result). Up to
 * GA_PY_FEW_OUTPUTS entries live on the C stack, so that `x + y` allocates nothing here. */
#define GA_PY_FEW_OUTPUTS 4
typedef struct {
  PyObject *given;     /* the caller's sequence (PySequence_Fast), or NULL */
  ga_array_t *handles; /* the destinations in, the results out */
  Py_ssize_t count;
  ga_array_t few[GA_PY_FEW_OUTPUTS];
} ga_py_outputs;

/* Returns 0, or -1 with an exception set; ga_py_outputs_free() frees @p outputs either way. */
static int ga_py_read_outputs(PyObject *object, ga_py_outputs *outputs) {
  Py_ssize_t i;
  outputs->handles = outputs->few;
  outputs->count = 0;
  outputs->given = PySequence_Fast(object, "out must be a tuple of garray.ndarray or None");
  if (outputs->given == NULL) return -1;
  outputs->count = PySequence_Fast_GET_SIZE(outputs->given);
  if (outputs->count > GA_PY_FEW_OUTPUTS) {
    outputs->handles = (ga_array_t *)PyMem_Calloc((size_t)outputs->count, sizeof *outputs->handles);
    if (outputs->handles == NULL) {
      PyErr_NoMemory();
      return -1;
    }
  }
  for (i = 0; i < outputs->count; ++i) {
    PyObject *item = PySequence_Fast_GET_ITEM(outputs->given, i);
    outputs->handles[i] = NULL;
    if (item != Py_None && (outputs->handles[i] = ga_py_array_of(item, "out")) == NULL) return -1;
  }
  return 0;
}

static void ga_py_outputs_free(ga_py_outputs *outputs) {
  if (outputs->handles != outputs->few) PyMem_Free(outputs->handles);
  Py_XDECREF(outputs->given);
}

/* A successful call's results as Python returns them: each given destination as the very object
 * passed (the C API handed back its handle with one more reference, dropped here), each allocated
 * one as a new ndarray; the output itself when there is one, else a tuple, as NumPy's ufuncs return
 * them. On failure no result leaks. */
static PyObject *ga_py_collect_outputs(const ga_py_outputs *outputs) {
  PyObject *tuple = NULL;
  Py_ssize_t i, count = outputs->count;
  if (count != 1 && (tuple = PyTuple_New(count)) == NULL) {
    for (i = 0; i < count; ++i) ga_array_release(outputs->handles[i]);
    return NULL;
  }
  for (i = 0; i < count; ++i) {
    PyObject *output = PySequence_Fast_GET_ITEM(outputs->given, i);
    if (output == Py_None) {
      output = ga_py_wrap_array(outputs->handles[i]); /* releases the handle when it fails */
      if (output == NULL) {
        Py_ssize_t rest;
        for (rest = i + 1; rest < count; ++rest) ga_array_release(outputs->handles[rest]);
        Py_XDECREF(tuple);
        return NULL;
      }
    } else {
      (void)ga_array_release(outputs->handles[i]);
      Py_INCREF(output);
    }
    if (tuple == NULL) return output;
    PyTuple_SET_ITEM(tuple, i, output);
  }
  return tuple;
}

/* ----- Ufunc options ---------------------------------------------------------------------------- */

/* NumPy's casting=, dtype= and signature= from the package's tuple (casting, dtype, signature):
 * a ga_casting_t, a ga_dtype_t (GA_DTYPE_SAME: none) and None or a sequence of nin + nout dtypes
 * (GA_DTYPE_SAME: free), whose length the package checks against the ufunc. @p signature holds
 * GA_MAX_DIMS entries, the most ga_py_read_ints() reads; those past the sequence are left free, so
 * that the C API, which reads nin + nout of them, never reads an unset one. */
static int ga_py_read_ufunc_options(PyObject *object, ga_ufunc_options_t *options, ga_dtype_t *signature) {
  int casting, dtype, i;
  PyObject *entries;
  ga_py_int_list list;
  if (!PyArg_ParseTuple(object, "iiO:ufunc options", &casting, &dtype, &entries)) return -1;
  memset(options, 0, sizeof *options);
  options->struct_size = sizeof *options;
  options->casting = (ga_casting_t)casting;
  options->dtype = (ga_dtype_t)dtype;
  if (entries == Py_None) return 0;
  if (ga_py_read_ints(entries, &list, "signature") < 0) return -1;
  for (i = 0; i < GA_MAX_DIMS; ++i) signature[i] = i < list.count ? (ga_dtype_t)list.values[i] : GA_DTYPE_SAME;
  options->signature = signature;
  return 0;
}
%}

/* ----- Ufunc handles and queries ---------------------------------------------------------------- */

/* A ufunc lives as long as the process: its Python object is a plain reference, never released. */
%typemap(in, numinputs=0) ga_ufunc_t *ufunc (ga_ufunc_t handle = NULL) { $1 = &handle; }
%typemap(argout) ga_ufunc_t *ufunc {
  $result = SWIG_Python_AppendOutput($result, SWIG_NewPointerObj(*$1, $*1_descriptor, 0));
}

GA_PY_OUTPUT(int, nin, PyLong_FromLong)
GA_PY_OUTPUT(int, nout, PyLong_FromLong)
GA_PY_OUTPUT(size_t, count, PyLong_FromSize_t)
GA_PY_OUTPUT(size_t, input_count, PyLong_FromSize_t)
GA_PY_OUTPUT(size_t, output_count, PyLong_FromSize_t)

/* ga_ufunc_type(): the loop's signature ("ff->f") as a str. A loop has at most a few operands; the
 * C API reports a buffer too small as an error, so a longer one cannot pass unnoticed. */
%typemap(in, numinputs=0) (size_t size, char *buffer) (char text[64]) {
  $1 = sizeof text;
  $2 = text;
}
%typemap(argout) (size_t size, char *buffer) {
  $result = SWIG_Python_AppendOutput($result, PyUnicode_FromString($2));
}

/* Operands and options are read by the helpers above; Python never builds the structs. */
%rename("$ignore", %$isclass) ga_operand;
%rename("$ignore", %$isclass) ga_ufunc_options;

/* ----- Ufunc calls ------------------------------------------------------------------------------ */

%typemap(in) (const ga_operand_t *inputs, size_t input_count)
    (PyObject *sequence = NULL, ga_operand_t *operands = NULL) {
  Py_ssize_t i, count;
  sequence = PySequence_Fast($input, "inputs must be a tuple");
  if (sequence == NULL) SWIG_fail;
  count = PySequence_Fast_GET_SIZE(sequence);
  operands = (ga_operand_t *)PyMem_Calloc((size_t)count + 1, sizeof *operands);
  if (operands == NULL) {
    PyErr_NoMemory();
    SWIG_fail;
  }
  for (i = 0; i < count; ++i) {
    if (ga_py_read_operand(PySequence_Fast_GET_ITEM(sequence, i), &operands[i], i) < 0) SWIG_fail;
  }
  $1 = operands;
  $2 = (size_t)count;
}
%typemap(freearg) (const ga_operand_t *inputs, size_t input_count) {
  PyMem_Free(operands$argnum);
  Py_XDECREF(sequence$argnum);
}

%typemap(in) const ga_ufunc_options_t *options (ga_ufunc_options_t options, ga_dtype_t signature[GA_MAX_DIMS]) {
  $1 = NULL;
  if ($input != Py_None) {
    if (ga_py_read_ufunc_options($input, &options, signature) < 0) SWIG_fail;
    $1 = &options;
  }
}

/* ----- Outputs of ufunc and kernel calls -------------------------------------------------------- */

/* `out`: one Python argument, a sequence with one entry per output (a garray.ndarray to write, or
 * None to allocate); the call returns what ga_py_collect_outputs() makes of the results. `results`
 * takes no Python argument: the typemaps below point it at out's buffer. Where none does, it stays
 * NULL and the C API refuses the call, so a new signature cannot write past a buffer. The stream is
 * the trailing optional argument (typemaps.i: None or left out, the current stream). */
%typemap(in) (const ga_array_t *out, size_t out_count) (ga_py_outputs outputs = {NULL, NULL, 0, {NULL}}) {
  if (ga_py_read_outputs($input, &outputs) < 0) SWIG_fail;
  $1 = outputs.handles;
  $2 = (size_t)outputs.count;
}
%typemap(argout) (const ga_array_t *out, size_t out_count) {
  PyObject *collected = ga_py_collect_outputs(&outputs$argnum);
  if (collected == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, collected);
}
%typemap(freearg) (const ga_array_t *out, size_t out_count) { ga_py_outputs_free(&outputs$argnum); }

%typemap(in, numinputs=0) ga_array_t *results { $1 = NULL; }
/* ga_ufunc_call, ga_ufunc_outer */
%typemap(check) (const ga_array_t *out, size_t out_count, ga_stream_t stream, ga_array_t *results) {
  $4 = (ga_array_t *)$1;
}
/* ga_elementwise_kernel_call */
%typemap(check) (const ga_array_t *out, size_t out_count, int64_t size, ga_stream_t stream, ga_array_t *results) {
  $5 = (ga_array_t *)$1;
}
/* ga_reduction_kernel_call */
%typemap(check) (const ga_array_t *out, size_t out_count, const int *axes, int axis_count, int keepdims,
                 ga_stream_t stream, ga_array_t *results) {
  $7 = (ga_array_t *)$1;
}

/* The initial value of a reduction: None for the ufunc's identity, else a number. */
%typemap(in) const ga_scalar_t *initial (ga_scalar_t scalar) {
  $1 = NULL;
  if ($input != Py_None) {
    int read = ga_py_read_scalar($input, &scalar);
    if (read < 0) SWIG_fail;
    if (read == 0) {
      PyErr_Format(PyExc_TypeError, "initial must be a number or None, not %.200s", Py_TYPE($input)->tp_name);
      SWIG_fail;
    }
    $1 = &scalar;
  }
}

/* Reduction axes: None for every axis (a NULL list and -1), else the list (an empty one: no axis). */
%typemap(in) (const int *axes, int axis_count) (ga_py_int_list list) {
  $1 = NULL;
  $2 = -1;
  if ($input != Py_None) {
    if (ga_py_read_ints($input, &list, "axis") < 0) SWIG_fail;
    $1 = list.values;
    $2 = list.count;
  }
}
