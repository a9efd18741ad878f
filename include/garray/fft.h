/**
 * @file garray/fft.h
 * @brief Discrete Fourier transforms (NumPy's numpy.fft, CuPy's cupy.fft) on cuFFT, with a plan
 *        cache per device; sample frequencies (fftfreq, rfftfreq) and fftshift/ifftshift.
 *
 * One entry point, ga_fft_execute(), runs every transform: fft/ifft, rfft/irfft, hfft/ihfft and
 * their 2-D and n-D forms, which differ only in the axes they are given. Arguments follow NumPy's
 * fftn: @c s (the length of each transformed axis: the input is cut or zero-padded to it) and
 * @c axes; the norm is NumPy's "backward", "ortho" or "forward".
 *
 * Dtypes: float32/complex64 transform in single precision, float64/complex128 in double, as
 * NumPy 2 does; bool and integer inputs are promoted to float64 (complex128), as NumPy; float16
 * and bfloat16 inputs are computed in float32 (complex64 results), as CuPy does, since cuFFT's
 * half-precision transforms accept only power-of-two lengths.
 *
 * cuFFT plans are cached per device (least recently used first out; 16 plans by default, as
 * CuPy's cache) under the transform type, precision, lengths, batch and memory layout. Plans own
 * no work area: each execution takes one from the memory pool on its stream, so one plan serves
 * every stream and thread. Work is asynchronous on the given stream (NULL: the current stream);
 * nothing synchronises.
 * docs/fft.md has the rules and examples. Thread-safe.
 */
#ifndef GARRAY_FFT_H
#define GARRAY_FFT_H

#include <garray/array.h>
#include <garray/creation.h> /* GA_DTYPE_SAME */
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The transform ga_fft_execute() runs. Values are fixed; new kinds are only appended. */
typedef enum ga_fft_kind {
  GA_FFT_FORWARD = 0,           /**< fft, fft2, fftn: complex to complex, forward (exp(-2πi…)). */
  GA_FFT_INVERSE = 1,           /**< ifft, ifft2, ifftn: complex to complex, inverse. */
  GA_FFT_REAL_FORWARD = 2,      /**< rfft, rfft2, rfftn: real input; the last axis keeps n/2+1 values. */
  GA_FFT_REAL_INVERSE = 3,      /**< irfft, irfft2, irfftn: real output of length s (default 2(m-1)). */
  GA_FFT_HERMITIAN_FORWARD = 4, /**< hfft: irfft of the conjugate, with the norm's direction swapped. */
  GA_FFT_HERMITIAN_INVERSE = 5  /**< ihfft: the conjugate of rfft, with the norm's direction swapped. */
} ga_fft_kind_t;

/** @brief NumPy's norm=: which direction is scaled. Values are fixed. */
typedef enum ga_fft_norm {
  GA_FFT_NORM_BACKWARD = 0, /**< "backward" (NumPy's default): the inverse scales by 1/n. */
  GA_FFT_NORM_ORTHO = 1,    /**< "ortho": both directions scale by 1/sqrt(n). */
  GA_FFT_NORM_FORWARD = 2   /**< "forward": the forward transform scales by 1/n. */
} ga_fft_norm_t;

/**
 * @brief Runs the transform @p kind of @p a over @p axes (NumPy's fftn/rfftn/irfftn/... and,
 *        with one axis, fft/rfft/irfft/hfft/ihfft).
 *
 * The axes and lengths are NumPy's: with @p axes NULL and @p s NULL every axis is transformed at
 * its own length; with @p axes NULL and @p s given, the last @p count axes; with @p s NULL, each
 * axis at its length, except that the real-output kinds (::GA_FFT_REAL_INVERSE,
 * ::GA_FFT_HERMITIAN_FORWARD) make the last one 2(m-1) long. An @p s entry of -1 takes the input's
 * length. Each axis is cut or zero-padded to its length before the transform (for the real-output
 * kinds, the last axis to s/2+1 complex values). The real kinds transform the last of @p axes as
 * the real one and the others complex to complex (the forward ones after it, the inverse ones
 * before, as NumPy). The hermitian kinds take any number of axes (SciPy's hfftn/ihfftn).
 *
 * @param[in] kind the transform.
 * @param[in] a the input (any layout and dtype; on the stream's device). Never modified.
 * @param[in] s NULL, or @p count lengths (each at least 1, or -1).
 * @param[in] axes NULL, or @p count distinct axes (negative from the end).
 * @param[in] count the entries in @p s and @p axes; ignored when both are NULL.
 * @param[in] norm the scaling.
 * @param[in] out NULL to allocate, or the destination: an array of the result's shape, writeable,
 *        on the stream's device, that the result's dtype casts to (same_kind). The last cuFFT
 *        execution writes into it directly when it has the result's dtype and does not overlap
 *        @p a; otherwise the result is copied (cast) into it.
 * @param[in] stream the stream to queue on (NULL: the current stream). Nothing synchronises.
 * @param[out] result receives the result: a new C-contiguous array the caller releases, or @p out
 *        with one more reference when it was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p a or a released @p out;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, an unknown @p kind or @p norm, a @p count
 *         outside 0..::GA_MAX_DIMS with @p s or @p axes given, a repeated axis, more lengths than
 *         @p a has axes, a length below 1 (NumPy's "Invalid number of FFT data points"), no axis
 *         for a real kind, a read-only @p out, @p a or @p out on another device than the stream's;
 *         ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_SHAPE_MISMATCH for an @p out of
 *         another shape; ::GA_ERROR_DTYPE for a complex @p a given to a real-input kind
 *         (::GA_FFT_REAL_FORWARD, ::GA_FFT_HERMITIAN_INVERSE) or an @p out the result does not
 *         cast to; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA for a cuFFT
 *         failure. On failure @p out is not written.
 */
GA_API ga_status_t ga_fft_execute(ga_fft_kind_t kind, ga_array_t a, const int64_t *s, const int *axes, int count,
                                  ga_fft_norm_t norm, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief NumPy's fftfreq (@p real 0: [0, 1, ..., n/2-1, -n/2, ..., -1] / (d n), n values) or rfftfreq
 *        (@p real nonzero: [0, 1, ..., n/2] / (d n), n/2+1 values), as a 1-D device array.
 * @param[in] n the window length, at least 1.
 * @param[in] d the sample spacing, nonzero and finite.
 * @param[in] real zero for fftfreq, nonzero for rfftfreq.
 * @param[in] dtype the result's dtype: ::GA_FLOAT32, ::GA_FLOAT64, or ::GA_DTYPE_SAME for float64
 *        (NumPy's).
 * @param[in] out NULL to allocate, or the destination: a 1-D array of the result's length,
 *        writeable, on the stream's device, that @p dtype casts to (same_kind).
 * @param[in] stream the stream to queue on (NULL: the current stream).
 * @param[out] result receives the frequencies: a new array the caller releases, or @p out with one
 *        more reference when it was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a released @p out; ::GA_ERROR_INVALID_ARGUMENT
 *         for NULL @p result, @p n below 1, @p d zero or not finite, a read-only @p out or one on
 *         another device than the stream's; ::GA_ERROR_SHAPE_MISMATCH for an @p out of another
 *         shape; ::GA_ERROR_DTYPE for another @p dtype or an @p out it does not cast to;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_NO_DEVICE; ::GA_ERROR_CUDA; ::GA_ERROR_COMPILE
 *         (never expected). On failure @p out is not written.
 */
GA_API ga_status_t ga_fft_freq(int64_t n, double d, int real, ga_dtype_t dtype, ga_array_t out, ga_stream_t stream,
                               ga_array_t *result);

/**
 * @brief NumPy's fftshift (@p inverse 0: the zero frequency moves to the centre; each axis rolls by
 *        n/2) or ifftshift (@p inverse nonzero: its inverse; each axis rolls by -(n/2)).
 * @param[in] a the array (any layout and dtype; on the stream's device). Never modified.
 * @param[in] axes NULL for every axis, or @p count axes (negative from the end).
 * @param[in] count the entries in @p axes; ignored when @p axes is NULL.
 * @param[in] inverse zero for fftshift, nonzero for ifftshift.
 * @param[in] out NULL to allocate, or the destination: an array of @p a's shape, writeable, on the
 *        stream's device, that @p a's dtype casts to (same_kind).
 * @param[in] stream the stream to queue on (NULL: the current stream).
 * @param[out] result receives the shifted array: a new array the caller releases, or @p out with
 *        one more reference when it was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p a or a released @p out;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, a @p count outside 0..::GA_MAX_DIMS with
 *         @p axes given, a read-only @p out, @p a or @p out on another device than the stream's;
 *         ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_SHAPE_MISMATCH for an @p out of
 *         another shape; ::GA_ERROR_DTYPE for an @p out @p a does not cast to;
 *         ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA. On failure @p out is not written.
 */
GA_API ga_status_t ga_fft_shift(ga_array_t a, const int *axes, int count, int inverse, ga_array_t out,
                                ga_stream_t stream, ga_array_t *result);

/**
 * @brief What a device's FFT plan cache holds and how it has served. Set @c struct_size to
 *        sizeof(ga_fft_plan_cache_info_t) before ga_fft_plan_cache_get_info().
 */
typedef struct ga_fft_plan_cache_info {
  size_t struct_size;   /**< In: sizeof(ga_fft_plan_cache_info_t) as the caller knows it. */
  int64_t size;         /**< Plans held. */
  int64_t max_size;     /**< The most plans held (-1: no bound; 0: caching disabled). */
  int64_t memory;       /**< Bytes of work area the held plans need per execution, summed. */
  int64_t memory_limit; /**< The bound on @c memory (-1: no bound). */
  uint64_t hits;        /**< Transforms that found their plan cached. */
  uint64_t misses;      /**< Transforms that made a plan. */
} ga_fft_plan_cache_info_t;

/**
 * @brief Bounds the number of plans the cache of @p device holds; the least recently used beyond it
 *        are dropped (a plan in use lives until its transform is queued).
 *
 * No device work: nothing is queued on any stream. Dropping plans destroys them (cuFFT frees
 * what they hold, device memory included) at once.
 * @param[in] device a device ordinal, or -1 for the calling thread's current device.
 * @param[in] max_size -1 for no bound, 0 to disable caching (each transform makes its plan), or the
 *        number of plans (default 16).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for @p max_size below -1; ::GA_ERROR_NO_DEVICE for
 *         an ordinal that names no device.
 */
GA_API ga_status_t ga_fft_plan_cache_set_size(int device, int64_t max_size);

/**
 * @brief Bounds the summed work-area bytes of the plans the cache of @p device holds; the least
 *        recently used are dropped until the rest fit, and a plan that alone exceeds it is not kept.
 *
 * No device work: nothing is queued on any stream. Dropping plans destroys them at once, as
 * ga_fft_plan_cache_set_size() does.
 * @param[in] device a device ordinal, or -1 for the current device.
 * @param[in] bytes -1 for no bound (the default), or a byte count (0 keeps only plans needing no
 *        work area).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for @p bytes below -1; ::GA_ERROR_NO_DEVICE for an
 *         ordinal that names no device.
 */
GA_API ga_status_t ga_fft_plan_cache_set_memory_limit(int device, int64_t bytes);

/**
 * @brief Fills at most @c info->struct_size bytes of @p info with the state of @p device's cache.
 *
 * No device work.
 * @param[in] device a device ordinal, or -1 for the current device.
 * @param[in,out] info the caller's struct: @c struct_size is read (set it to
 *        sizeof(ga_fft_plan_cache_info_t)), the other fields it covers are written, only on
 *        success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p info or a @c struct_size below
 *         sizeof(size_t); ::GA_ERROR_NO_DEVICE for an ordinal that names no device.
 */
GA_API ga_status_t ga_fft_plan_cache_get_info(int device, ga_fft_plan_cache_info_t *info);

/**
 * @brief Drops every plan of @p device's cache; its bounds and hit and miss counts stay.
 *
 * No device work: nothing is queued on any stream, but destroying the plans frees what cuFFT
 * holds for them, device memory included, at once.
 * @param[in] device a device ordinal, or -1 for the current device.
 * @return ::GA_OK; ::GA_ERROR_NO_DEVICE for an ordinal that names no device.
 */
GA_API ga_status_t ga_fft_plan_cache_clear(int device);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_FFT_H */
