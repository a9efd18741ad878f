/* garray/signal.h from Python (included from typemaps.i). The convolutions pass through the shared
 * typemaps: arrays, ga_scalar_t fillvalue, (const int *axes, int count) for fftconvolve's axes (None:
 * all) and (int ndim, const int64_t *shape) for medfilt's window. choose_conv_method's answer comes
 * back as its ga_convolve_method_t value. order_filter waits for the stream (it reads the domain
 * back), so it releases the GIL. */

GA_PY_OUTPUT(ga_convolve_method_t, method, PyLong_FromLong)

%thread ga_signal_order_filter;
