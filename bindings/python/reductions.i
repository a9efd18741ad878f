/* The Python typemap of the named reductions (garray/reductions.h). The package
 * (garray/_statistics.py) passes the options as None for the defaults, else as the tuple
 * (axes or None, keepdims, dtype, ddof), with dtype GA_DTYPE_SAME for none. `out`, the stream and
 * the result are the (ga_array_t out, ga_stream_t stream, ga_array_t *result) triple of typemaps.i
 * (one Python argument: None or the destination, which is returned as passed); cov and corrcoef,
 * which take no destination, the (ga_stream_t stream, ga_array_t *result) pair (none). */

%rename("$ignore", %$isclass) ga_reduce_options;

%typemap(in) const ga_reduce_options_t *options (ga_reduce_options_t options, ga_py_int_list list) {
  $1 = NULL;
  if ($input != Py_None) {
    PyObject *axes;
    int keepdims, dtype;
    double ddof;
    if (!PyArg_ParseTuple($input, "Oiid:reduce options", &axes, &keepdims, &dtype, &ddof)) SWIG_fail;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.axes = NULL;
    options.axis_count = -1;
    if (axes != Py_None) {
      if (ga_py_read_ints(axes, &list, "axis") < 0) SWIG_fail;
      options.axes = list.values;
      options.axis_count = list.count;
    }
    options.keepdims = keepdims;
    options.dtype = (ga_dtype_t)dtype;
    options.ddof = ddof;
    $1 = &options;
  }
}
