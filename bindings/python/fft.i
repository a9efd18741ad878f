/* The Python typemaps of garray/fft.h. The package (garray/fft.py) passes NumPy's s and axes as one
 * tuple (s or None, axes or None), so that the C count is the length of whichever is given; `out`,
 * the stream and the result are the (ga_array_t out, ga_stream_t stream, ga_array_t *result)
 * triple of typemaps.i (one Python argument: None or the destination, which is returned as
 * passed); the plan cache's info comes back as a dict. */

%rename("$ignore", %$isclass) ga_fft_plan_cache_info;

%typemap(in) (const int64_t *s, const int *axes, int count) (ga_py_int64_list lengths, ga_py_int_list axis_list) {
  PyObject *given_lengths, *given_axes;
  if (!PyArg_ParseTuple($input, "OO:fft s and axes", &given_lengths, &given_axes)) SWIG_fail;
  $1 = NULL;
  $2 = NULL;
  $3 = -1;
  if (given_lengths != Py_None) {
    if (ga_py_read_int64s(given_lengths, &lengths, "s") < 0) SWIG_fail;
    $1 = lengths.values;
    $3 = lengths.count;
  }
  if (given_axes != Py_None) {
    if (ga_py_read_ints(given_axes, &axis_list, "axes") < 0) SWIG_fail;
    if ($1 != NULL && axis_list.count != $3) {
      PyErr_SetString(PyExc_ValueError, "Shape and axes have different lengths.");
      SWIG_fail;
    }
    $2 = axis_list.values;
    $3 = axis_list.count;
  }
}

%typemap(in, numinputs=0) ga_fft_plan_cache_info_t *info (ga_fft_plan_cache_info_t info) {
  memset(&info, 0, sizeof info);
  info.struct_size = sizeof info;
  $1 = &info;
}
%typemap(argout) ga_fft_plan_cache_info_t *info {
  PyObject *dict = Py_BuildValue("{s:L,s:L,s:L,s:L,s:K,s:K}",
      "size", (long long)$1->size, "max_size", (long long)$1->max_size, "memory", (long long)$1->memory,
      "memory_limit", (long long)$1->memory_limit, "hits", (unsigned long long)$1->hits,
      "misses", (unsigned long long)$1->misses);
  if (dict == NULL) SWIG_fail;
  $result = SWIG_Python_AppendOutput($result, dict);
}
