/**
 * @file garray/signal.h
 * @brief scipy.signal's windows; the signal module's first function (`ga_signal_*`, SciPy's
 *        scipy.signal and CuPy's cupyx.scipy.signal).
 *
 * The windows are computed on the device, by elementwise kernels over the output index with
 * NumPy's formulas in NumPy's order of operations, asynchronously on the caller's stream. Every
 * array handle written to an out-parameter is new and owned by the caller, who releases it with
 * ga_array_release(). On failure no out-parameter is written and no handle leaks. All functions
 * are thread-safe.
 */
#ifndef GARRAY_SIGNAL_H
#define GARRAY_SIGNAL_H

#include <garray/array.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The window functions of NumPy (numpy.bartlett, ...), as ga_signal_window() computes them. */
typedef enum ga_window {
  GA_WINDOW_BARTLETT = 0, /**< numpy.bartlett: triangular, zero at both ends. */
  GA_WINDOW_BLACKMAN = 1, /**< numpy.blackman: 0.42 + 0.5 cos + 0.08 cos 2x. */
  GA_WINDOW_HAMMING = 2,  /**< numpy.hamming: 0.54 + 0.46 cos. */
  GA_WINDOW_HANNING = 3,  /**< numpy.hanning: 0.5 + 0.5 cos. */
  GA_WINDOW_KAISER = 4    /**< numpy.kaiser: I0(beta sqrt(1 - x^2)) / I0(beta). */
} ga_window_t;

/**
 * @brief The float64 window of @p m points, as numpy.bartlett, blackman, hamming, hanning and
 *        kaiser compute it (the symmetric windows of scipy.signal.windows).
 *
 * @p m < 1 gives an empty array and @p m == 1 the array [1.0], as NumPy. Kaiser's modified Bessel
 * function I0 is summed on the device as its power series, to float64 accuracy. The array is made
 * on @p stream's device and written asynchronously on @p stream.
 * @param[in] kind which window, a ::ga_window_t value.
 * @param[in] m the number of points; < 1 gives an empty array.
 * @param[in] beta the Kaiser window's shape parameter; ignored by the other windows.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new 1-D C-contiguous float64 array of max(@p m, 0) elements,
 *             owned by the caller; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown @p kind or a NULL @p result;
 *         ::GA_ERROR_INVALID_HANDLE for a released @p stream; ::GA_ERROR_NO_DEVICE without a device;
 *         ::GA_ERROR_OUT_OF_MEMORY when the pool cannot hold the window; ::GA_ERROR_COMPILE when the
 *         window's kernel fails to compile; ::GA_ERROR_CUDA from the launch.
 */
GA_API ga_status_t ga_signal_window(ga_window_t kind, int64_t m, double beta, ga_stream_t stream, ga_array_t *result);

/* ---- Convolution ---------------------------------------------------------------------------- */

/** @brief The output size of a convolution or correlation, as SciPy's mode strings. */
typedef enum ga_convolve_mode {
  GA_CONVOLVE_FULL = 0, /**< "full": every overlap, n + k - 1 along each axis. */
  GA_CONVOLVE_SAME = 1, /**< "same": the first input's shape, centred on the full result. */
  GA_CONVOLVE_VALID = 2 /**< "valid": only complete overlaps, n - k + 1 along each axis. */
} ga_convolve_mode_t;

/** @brief How ga_signal_convolve() computes, as scipy.signal.convolve's method strings. */
typedef enum ga_convolve_method {
  GA_CONVOLVE_METHOD_AUTO = 0,   /**< "auto": ga_signal_choose_conv_method()'s choice. */
  GA_CONVOLVE_METHOD_DIRECT = 1, /**< "direct": the sum of products, exact for integers. */
  GA_CONVOLVE_METHOD_FFT = 2     /**< "fft": the product of cuFFT spectra (ga_signal_fftconvolve()). */
} ga_convolve_method_t;

/** @brief How convolve2d extends the first input past its edges, as SciPy's boundary strings. */
typedef enum ga_boundary {
  GA_BOUNDARY_FILL = 0, /**< "fill": the fill value. */
  GA_BOUNDARY_WRAP = 1, /**< "wrap": periodically. */
  GA_BOUNDARY_SYMM = 2  /**< "symm": mirrored, the edge sample repeated. */
} ga_boundary_t;

/**
 * @brief scipy.signal.convolve: the n-d convolution of @p in1 and @p in2 (same ndim) in @p mode.
 *
 * The result's dtype is NumPy's result_type of the two (bool and integers keep their width and wrap
 * as SciPy's direct sums do; the "fft" method rounds integers to the nearest value, as SciPy).
 * In ::GA_CONVOLVE_VALID mode one input must be at least as large as the other along every axis
 * (they are swapped when @p in2 is the larger). Direct sums run one thread an output for up to 8
 * dimensions, through a shared-memory tile for 2-D arrays; "fft" goes through cuFFT's plan cache.
 * @param[in] in1 the first input.
 * @param[in] in2 the second input, of @p in1's ndim.
 * @param[in] mode a ::ga_convolve_mode_t value.
 * @param[in] method a ::ga_convolve_method_t value.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new C-contiguous array, owned by the caller; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p in1, @p in2 or @p stream;
 *         ::GA_ERROR_INVALID_ARGUMENT for a NULL @p result, an unknown @p mode or @p method, an empty
 *         input, or in valid mode neither input at least as large as the other; ::GA_ERROR_SHAPE_MISMATCH
 *         for inputs of different ndim; ::GA_ERROR_DTYPE for a dtype SciPy refuses (none of bool, integer,
 *         float or complex); ::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY or ::GA_ERROR_CUDA from
 *         the device work.
 */
GA_API ga_status_t ga_signal_convolve(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                      ga_convolve_method_t method, ga_stream_t stream, ga_array_t *result);

/**
 * @brief scipy.signal.correlate: the n-d cross-correlation of @p in1 and @p in2, the convolution of
 *        @p in1 with @p in2 reversed and conjugated.
 * @copydetails ga_signal_convolve
 */
GA_API ga_status_t ga_signal_correlate(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                       ga_convolve_method_t method, ga_stream_t stream, ga_array_t *result);

/**
 * @brief scipy.signal.choose_conv_method's rule on the shapes and dtypes: ::GA_CONVOLVE_METHOD_FFT
 *        where SciPy's operation-count model finds the FFT faster for float or complex inputs, else
 *        ::GA_CONVOLVE_METHOD_DIRECT (always for bool and integers, whose direct sums are exact).
 *
 * No device work.
 * @param[in] in1 the first input.
 * @param[in] in2 the second input, of @p in1's ndim.
 * @param[in] mode a ::ga_convolve_mode_t value.
 * @param[out] method receives the chosen ::ga_convolve_method_t; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p in1 or @p in2;
 *         ::GA_ERROR_INVALID_ARGUMENT for a NULL @p method or an unknown @p mode;
 *         ::GA_ERROR_SHAPE_MISMATCH for inputs of different ndim.
 */
GA_API ga_status_t ga_signal_choose_conv_method(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                                ga_convolve_method_t *method);

/**
 * @brief scipy.signal.fftconvolve: the convolution of @p in1 and @p in2 along @p axes through
 *        cuFFT (real transforms for real input), the other axes broadcast against each other.
 *
 * The result is float32/complex64 for float32/complex64 (and float16) input, else float64/complex128
 * (integers included, as SciPy). Padded lengths are the next products of 2, 3, 5 and 7; plans
 * come from the FFT plan cache. scipy.signal.oaconvolve has the same result and calls this.
 * @param[in] in1 the first input.
 * @param[in] in2 the second input, of @p in1's ndim.
 * @param[in] mode a ::ga_convolve_mode_t value.
 * @param[in] axes the axes to convolve over (negative counts from the end); NULL for all of them.
 * @param[in] count the number of @p axes.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new C-contiguous array, owned by the caller; written only on success.
 * @return as ga_signal_convolve(), and ::GA_ERROR_INVALID_ARGUMENT for an axis out of range or
 *         repeated, and ::GA_ERROR_SHAPE_MISMATCH for other axes that do not broadcast.
 */
GA_API ga_status_t ga_signal_fftconvolve(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode, const int *axes,
                                         int count, ga_stream_t stream, ga_array_t *result);

/**
 * @brief scipy.signal.convolve2d: the 2-D convolution of @p in1 and @p in2 in @p mode, @p in1
 *        extended past its edges by @p boundary.
 *
 * The result's dtype is NumPy's result_type of the two, as ga_signal_convolve(). The sum runs
 * through a shared-memory tile (input and halo staged once a block, a column of outputs a thread).
 * @param[in] in1 the first input, 2-D.
 * @param[in] in2 the second input, 2-D.
 * @param[in] mode a ::ga_convolve_mode_t value.
 * @param[in] boundary a ::ga_boundary_t value.
 * @param[in] fillvalue the value past the edges for ::GA_BOUNDARY_FILL, cast to the result's dtype.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new C-contiguous array, owned by the caller; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p in1, @p in2 or @p stream;
 *         ::GA_ERROR_INVALID_ARGUMENT for a NULL @p result, an unknown @p mode or @p boundary, an
 *         empty input, an invalid @p fillvalue, or in valid mode neither input at least as large as the
 *         other; ::GA_ERROR_SHAPE_MISMATCH for an input that is not 2-D; ::GA_ERROR_DTYPE as
 *         ga_signal_convolve(); ::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY or ::GA_ERROR_CUDA
 *         from the device work.
 */
GA_API ga_status_t ga_signal_convolve2d(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                        ga_boundary_t boundary, ga_scalar_t fillvalue, ga_stream_t stream,
                                        ga_array_t *result);

/**
 * @brief scipy.signal.correlate2d: the 2-D cross-correlation of @p in1 and @p in2 (conjugated), with
 *        SciPy's centring in "same" mode and its reversed result in "valid" mode with swapped inputs.
 * @copydetails ga_signal_convolve2d
 */
GA_API ga_status_t ga_signal_correlate2d(ga_array_t in1, ga_array_t in2, ga_convolve_mode_t mode,
                                         ga_boundary_t boundary, ga_scalar_t fillvalue, ga_stream_t stream,
                                         ga_array_t *result);

/* ---- Order filters -------------------------------------------------------------------------- */

/**
 * @brief scipy.signal.order_filter: each output the @p rank-th smallest (from 0) of the input
 *        values under the nonzero elements of @p domain centred on it, zeros past the edges.
 *
 * The result has @p a's dtype (bool, integers, float16, float32, float64). @p domain is read back
 * to the host once (the call waits for @p stream to reach it). NaNs order as SciPy leaves undefined.
 * @param[in] a the input.
 * @param[in] domain the mask, of @p a's ndim, with an odd length along every axis.
 * @param[in] rank which order statistic, 0 to the number of nonzero @p domain elements - 1.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new C-contiguous array of @p a's shape and dtype; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p a, @p domain or @p stream;
 *         ::GA_ERROR_INVALID_ARGUMENT for a NULL @p result, an even @p domain length, a @p rank out of
 *         range or more than 8 dimensions; ::GA_ERROR_SHAPE_MISMATCH for a @p domain of another
 *         ndim; ::GA_ERROR_DTYPE for complex input; ::GA_ERROR_NO_DEVICE, ::GA_ERROR_OUT_OF_MEMORY or
 *         ::GA_ERROR_CUDA from the device work.
 */
GA_API ga_status_t ga_signal_order_filter(ga_array_t a, ga_array_t domain, int64_t rank, ga_stream_t stream,
                                          ga_array_t *result);

/**
 * @brief scipy.signal.medfilt: the median of each @p shape window of @p a (zeros past the edges).
 *
 * 2-D windows of 3x3, 5x5 and 7x7 float32/float64 take a selection network of registers (a
 * forgetful selection: drop the minimum and maximum, load the next value); others order_filter's sum.
 * @param[in] a the input.
 * @param[in] ndim the number of window lengths: @p a's ndim.
 * @param[in] shape the window lengths, each odd.
 * @param[in] stream the stream the work goes to; NULL for the calling thread's current stream.
 * @param[out] result receives a new C-contiguous array of @p a's shape and dtype; written only on success.
 * @return as ga_signal_order_filter(), with ::GA_ERROR_INVALID_ARGUMENT for an even or non-positive
 *         window length and ::GA_ERROR_SHAPE_MISMATCH for @p ndim other than @p a's.
 */
GA_API ga_status_t ga_signal_medfilt(ga_array_t a, int ndim, const int64_t *shape, ga_stream_t stream,
                                     ga_array_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_SIGNAL_H */
