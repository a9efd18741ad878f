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

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_SIGNAL_H */
