/**
 * @file garray/linalg.h
 * @brief numpy.linalg on cuSOLVER: solve, inv, det, slogdet, cholesky, qr, svd, eigh, eigvalsh, eig, eigvals, batched
 *        over the leading dimensions; norm, cond, matrix_rank, pinv, lstsq, matrix_power, multi_dot, tensorsolve and
 *        tensorinv built on them and on matmul; and how their failures are reported.
 *
 * Every function factors a fresh copy of its input (inputs are never modified) in the dtype NumPy's linalg uses:
 * float32, float64, complex64 and complex128 as given, bool and integers as float64, float16 and bfloat16 as float32
 * (the result stays float32). Work is asynchronous on the stream (NULL: the calling thread's current stream).
 *
 * Functions of one result take an optional destination @p out (NumPy's out=; NULL allocates) and write the array
 * @p result: a new array, or @p out with one more reference. The destination must have the result's shape, live on the
 * stream's device, be writeable and take the result's dtype under same_kind casting; since these functions learn the
 * result's shape by computing it, @p out is checked once the result is computed, and is not written when it is
 * refused. Functions of several results (slogdet, qr, svd, eigh, eig, lstsq) take no destination (NumPy's have none):
 * each out-parameter receives a new array, or NULL for a result the call does not compute. Out-parameters are never
 * read and are written only on success, all or none.
 *
 * Failures that only the device knows (a singular matrix, a matrix that is not positive definite, an iteration that did
 * not converge) follow the check mode (::ga_linalg_check_t): by default (::GA_LINALG_CHECK_DEFERRED) nothing waits for
 * them, the failed entry holds whatever cuSOLVER left (typically NaN or inf) and ga_linalg_check_errors() reports them
 * later; in ::GA_LINALG_CHECK_RAISE mode the call waits for its own result and returns ::GA_ERROR_LINALG naming the
 * failing batch entry, releasing what it made. docs/linalg.md has the rules.
 *
 * Statuses every function below that takes arrays may return, besides those it lists: ::GA_ERROR_INVALID_HANDLE for a
 * NULL or released input array, or a released @p out or stream; ::GA_ERROR_INVALID_ARGUMENT for a NULL out-pointer, a
 * read-only @p out or one on another device than the stream's; ::GA_ERROR_SHAPE_MISMATCH for fewer than two
 * dimensions or non-square matrices where square ones are needed (NumPy's LinAlgError), or an @p out of another shape
 * than the result's; ::GA_ERROR_DTYPE for a dtype linalg does not take or an @p out the result does not cast to
 * (same_kind); ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA (a CUDA or cuSOLVER failure).
 * Thread-safe.
 */
#ifndef GARRAY_LINALG_H
#define GARRAY_LINALG_H

#include <garray/array.h>
#include <garray/runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief How device-side linear-algebra failures reach the caller. Values are fixed forever. */
typedef enum ga_linalg_check {
  GA_LINALG_CHECK_INHERIT = -1, /**< Only for a thread's setting: no override, use the process default. */
  GA_LINALG_CHECK_DEFERRED = 0, /**< Default: no host synchronisation; ga_linalg_check_errors() reports. */
  GA_LINALG_CHECK_RAISE = 1     /**< Each call waits for its own result and returns ::GA_ERROR_LINALG. */
} ga_linalg_check_t;

/**
 * @brief Sets the check mode: the calling thread's override, or the process default (which starts as
 *        ::GA_LINALG_CHECK_DEFERRED). Affects the calls made after it. No device work.
 * @param[in] mode the mode; with @p thread_only, ::GA_LINALG_CHECK_INHERIT drops the thread's override.
 * @param[in] thread_only nonzero: set the calling thread's override; 0: set the process default.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown mode or ::GA_LINALG_CHECK_INHERIT as the default.
 */
GA_API ga_status_t ga_linalg_set_check_mode(ga_linalg_check_t mode, int thread_only);

/**
 * @brief Reads the check mode. No device work.
 * @param[in] thread_only nonzero: the calling thread's override (::GA_LINALG_CHECK_INHERIT when it has none); 0: the
 *        mode in force on the calling thread (its override, else the process default).
 * @param[out] mode receives the mode. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p mode.
 */
GA_API ga_status_t ga_linalg_get_check_mode(int thread_only, ga_linalg_check_t *mode);

/**
 * @brief Waits for the failure reports of the linalg calls queued on @p stream so far (deferred mode) and reports the
 *        first failure since the last check, then forgets them all.
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @return ::GA_OK when none failed; ::GA_ERROR_LINALG with a message naming the function and the failing batch entry;
 *         ::GA_ERROR_INVALID_HANDLE for a released @p stream; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_linalg_check_errors(ga_stream_t stream);

/**
 * @brief np.linalg.solve: x with a @ x = b, by LU with partial pivoting (cusolverDnXgetrf/Xgetrs).
 * @param[in] a (..., n, n).
 * @param[in] b (n,) (one right-hand side for every matrix, NumPy 2's rule) or (..., n, k); the batch dimensions of
 *        @p a and @p b broadcast.
 * @param[in] out NULL to have a new array allocated; else the destination: an array of the result's shape, on the
 *        stream's device, writeable, whose dtype the result casts to (same_kind). It is checked once the result is
 *        computed, and not written when refused or on any other failure.
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result: a new array (the caller releases it), or @p out with one more reference when
 *        @p out was given. Never read; written only on success.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH when b does not fit a; ::GA_ERROR_LINALG (raise mode) for a singular
 *         matrix; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_solve(ga_array_t a, ga_array_t b, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief np.linalg.inv of (..., n, n) (cusolverDnXgetrf/Xgetrs against the identity).
 * @param[in] a (..., n, n).
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; ::GA_ERROR_LINALG (raise mode) for a singular matrix; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_inv(ga_array_t a, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief np.linalg.det of (..., n, n): the product of the LU diagonal with the pivots' sign. A singular matrix gives 0
 *        (never an error).
 * @param[in] a (..., n, n).
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve(); of shape (...), 0-d for one matrix.
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve(): a 0-d array for one matrix.
 * @return ::GA_OK; the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_det(ga_array_t a, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief np.linalg.slogdet: the sign (of the input's dtype: ±1 or 0, a unit complex number) and the natural logarithm
 *        of the absolute value (real) of the determinant. A singular matrix gives sign 0 and logabsdet -inf. No
 *        destination (NumPy has none).
 * @param[in] a (..., n, n).
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] sign receives a new array of shape (...). Never read; written only on success, with @p logabsdet.
 * @param[out] logabsdet receives a new array of shape (...). Never read; written only on success, with @p sign.
 * @return ::GA_OK; the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_slogdet(ga_array_t a, ga_stream_t stream, ga_array_t *sign, ga_array_t *logabsdet);

/**
 * @brief np.linalg.cholesky: L with a = L Lᴴ (lower, the default), or with @p upper nonzero U with a = Uᴴ U (NumPy 2's
 *        upper=True). Only the selected triangle of @p a is read.
 * @param[in] a Hermitian positive-definite (..., n, n).
 * @param[in] upper nonzero: the upper factor U; 0: the lower factor L.
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; ::GA_ERROR_LINALG (raise mode) for a matrix that is not positive definite; and the statuses of the
 *         file's list.
 */
GA_API ga_status_t ga_linalg_cholesky(ga_array_t a, int upper, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/** @brief np.linalg.qr's mode. Values are fixed forever. */
typedef enum ga_linalg_qr_mode {
  GA_LINALG_QR_REDUCED = 0,  /**< q (..., m, k), r (..., k, n) with k = min(m, n). */
  GA_LINALG_QR_COMPLETE = 1, /**< q (..., m, m), r (..., m, n). */
  GA_LINALG_QR_R = 2,        /**< r (..., k, n) only; @p q receives NULL. */
  GA_LINALG_QR_RAW = 3       /**< @p q receives LAPACK's h (..., n, m), @p r receives tau (..., k). */
} ga_linalg_qr_mode_t;

/**
 * @brief np.linalg.qr of (..., m, n) (cusolverDnXgeqrf, then orgqr/ungqr for q). No destinations (NumPy has none).
 * @param[in] a (..., m, n).
 * @param[in] mode what is computed (::ga_linalg_qr_mode_t).
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] q receives a new array: q, or h for ::GA_LINALG_QR_RAW; NULL for ::GA_LINALG_QR_R. Never read; written
 *        only on success, with @p r.
 * @param[out] r receives a new array: r, or tau for ::GA_LINALG_QR_RAW. Never read; written only on success, with
 *        @p q.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown mode; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_qr(ga_array_t a, ga_linalg_qr_mode_t mode, ga_stream_t stream, ga_array_t *q,
                                ga_array_t *r);

/**
 * @brief np.linalg.svd of (..., m, n): a = u @ (s[..., None] * vh), singular values descending. Thin factors
 *        (full_matrices 0) come from cusolverDnXgesvdp (polar decomposition), full ones and values only from
 *        cusolverDnXgesvd. No destinations (NumPy has none).
 * @param[in] a (..., m, n).
 * @param[in] full_matrices nonzero: u (..., m, m) and vh (..., n, n); 0: the thin u (..., m, k) and vh (..., k, n)
 *        with k = min(m, n).
 * @param[in] compute_uv nonzero: u, s and vh; 0: only @p s is computed, and @p u and @p vh receive NULL.
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] u receives a new array, or NULL without @p compute_uv. Never read; written only on success, with @p s
 *        and @p vh.
 * @param[out] s receives a new real array (..., k). Never read; written only on success, with @p u and @p vh.
 * @param[out] vh receives a new array, or NULL without @p compute_uv. Never read; written only on success, with @p u
 *        and @p s.
 * @return ::GA_OK; ::GA_ERROR_LINALG (raise mode) when an iteration did not converge; and the statuses of the file's
 *         list.
 */
GA_API ga_status_t ga_linalg_svd(ga_array_t a, int full_matrices, int compute_uv, ga_stream_t stream, ga_array_t *u,
                                 ga_array_t *s, ga_array_t *vh);

/** @brief Which triangle of a Hermitian matrix eigh reads (NumPy's UPLO). Values are fixed forever. */
typedef enum ga_linalg_uplo {
  GA_LINALG_LOWER = 0, /**< UPLO='L', NumPy's default. */
  GA_LINALG_UPPER = 1  /**< UPLO='U'. */
} ga_linalg_uplo_t;

/**
 * @brief np.linalg.eigh of Hermitian (..., n, n) (cusolverDnXsyevd): eigenvalues ascending in @p w (real), the
 *        eigenvectors as the columns of @p v. No destinations (NumPy has none).
 * @param[in] a Hermitian (..., n, n); only the triangle @p uplo names is read.
 * @param[in] uplo the triangle read (::ga_linalg_uplo_t).
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] w receives a new real array (..., n). Never read; written only on success, with @p v.
 * @param[out] v receives a new array (..., n, n). Never read; written only on success, with @p w.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown @p uplo; ::GA_ERROR_LINALG (raise mode) when the
 *         iteration did not converge; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_eigh(ga_array_t a, ga_linalg_uplo_t uplo, ga_stream_t stream, ga_array_t *w,
                                  ga_array_t *v);

/**
 * @brief np.linalg.eigvalsh: the eigenvalues of ga_linalg_eigh() only (real, ascending).
 * @param[in] a Hermitian (..., n, n); only the triangle @p uplo names is read.
 * @param[in] uplo the triangle read (::ga_linalg_uplo_t).
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return as ga_linalg_eigh().
 */
GA_API ga_status_t ga_linalg_eigvalsh(ga_array_t a, ga_linalg_uplo_t uplo, ga_array_t out, ga_stream_t stream,
                                      ga_array_t *result);

/**
 * @brief np.linalg.eig of general (..., n, n) (cusolverDnXgeev, CUDA 12.6 and later): complex eigenvalues @p w and
 *        right eigenvectors @p v (columns, unit norm), complex64 for float32 and complex64 input, complex128 otherwise
 *        (NumPy returns real arrays when every eigenvalue is real, which would need the values on the host; CuPy
 *        returns complex too). No destinations (NumPy has none).
 * @param[in] a (..., n, n).
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] w receives a new array (..., n). Never read; written only on success, with @p v.
 * @param[out] v receives a new array (..., n, n). Never read; written only on success, with @p w.
 * @return ::GA_OK; ::GA_ERROR_UNSUPPORTED with an older cuSOLVER; ::GA_ERROR_LINALG (raise mode) when the QR
 *         iteration did not converge; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_eig(ga_array_t a, ga_stream_t stream, ga_array_t *w, ga_array_t *v);

/**
 * @brief np.linalg.eigvals: the eigenvalues of ga_linalg_eig() only (complex).
 * @param[in] a (..., n, n).
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return as ga_linalg_eig().
 */
GA_API ga_status_t ga_linalg_eigvals(ga_array_t a, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/** @brief The kind of NumPy's ord argument of norm and cond. Values are fixed forever. */
typedef enum ga_linalg_norm_ord {
  GA_LINALG_NORM_DEFAULT = 0, /**< ord=None: 2-norm of vectors, Frobenius of matrices (cond: 2). */
  GA_LINALG_NORM_VALUE = 1,   /**< ord is the number @p p (±INFINITY included). */
  GA_LINALG_NORM_FRO = 2,     /**< ord='fro' (matrices). */
  GA_LINALG_NORM_NUC = 3      /**< ord='nuc' (matrices): the sum of the singular values. */
} ga_linalg_norm_ord_t;

/**
 * @brief np.linalg.norm: vector norms (one axis: p = inf, -inf, 0, 1, 2 or any other power) and matrix norms (two axes:
 *        fro, nuc, 1, -1, 2, -2, inf, -inf). The result is real (float64 for integer input, float32 for float16).
 * @param[in] x the array.
 * @param[in] ord the kind of order (::ga_linalg_norm_ord_t).
 * @param[in] p the order's number, read for ::GA_LINALG_NORM_VALUE only.
 * @param[in] axes NULL with @p axis_count -1: NumPy's axis=None (the 2-norm of the flattened array without an order;
 *        1-D and 2-D input only with one); else one or two axes (negative from the end).
 * @param[in] axis_count the number of @p axes, or -1 with @p axes NULL.
 * @param[in] keepdims nonzero: the reduced axes stay with extent 1.
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an order that does not fit the axes, three or more axes, repeated
 *         axes, axis_count below -1, or axis=None with an order on 3-D input; ::GA_ERROR_INDEX for an axis out of
 *         range; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_norm(ga_array_t x, ga_linalg_norm_ord_t ord, double p, const int *axes, int axis_count,
                                  int keepdims, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief np.linalg.cond: with the default order or ±2 the ratio of the extreme singular values (inf for a singular
 *        matrix), else norm(x) * norm(inv(x)) over the last two axes (square matrices only).
 * @param[in] x (..., m, n).
 * @param[in] ord the kind of order (::ga_linalg_norm_ord_t).
 * @param[in] p the order's number, read for ::GA_LINALG_NORM_VALUE only.
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return as ga_linalg_norm(); ::GA_ERROR_LINALG (raise mode) when inv fails.
 */
GA_API ga_status_t ga_linalg_cond(ga_array_t x, ga_linalg_norm_ord_t ord, double p, ga_array_t out, ga_stream_t stream,
                                  ga_array_t *result);

/**
 * @brief np.linalg.matrix_rank (int64): the number of singular values (absolute eigenvalues with @p hermitian) above
 *        @p tol; arrays of fewer than two dimensions have rank 1 unless all zero.
 * @param[in] a the array (matrices in its last two dimensions).
 * @param[in] tol NaN: NumPy's default S.max() * max(M, N) * eps; else the threshold for every matrix.
 * @param[in] hermitian nonzero: @p a is Hermitian, and its eigenvalues are used.
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_matrix_rank(ga_array_t a, double tol, int hermitian, ga_array_t out, ga_stream_t stream,
                                         ga_array_t *result);

/**
 * @brief np.linalg.pinv through the thin SVD.
 * @param[in] a (..., m, n).
 * @param[in] rcond singular values up to @p rcond times the largest are treated as zero (NumPy's rcond/rtol; NumPy's
 *        default is 1e-15).
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_pinv(ga_array_t a, double rcond, ga_array_t out, ga_stream_t stream, ga_array_t *result);

/**
 * @brief np.linalg.lstsq of a 2-D (M, N) @p a and @p b (M,) or (M, K) through the thin SVD. Waits for the stream:
 *        NumPy's residuals depend on the rank (read on the host). No destinations (NumPy has none).
 * @param[in] a (M, N).
 * @param[in] b (M,) or (M, K).
 * @param[in] rcond NaN: NumPy's default eps * max(M, N); else singular values up to rcond * max(s) are treated as zero.
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] x receives a new array: the solution (N,) or (N, K).
 * @param[out] residuals receives a new array: the squared residual norms (K,) or (1,) when the rank is N and M > N,
 *        else (0,).
 * @param[out] rank receives a new array: the rank (0-d int64).
 * @param[out] s receives a new array: the singular values (min(M, N),).
 *        None of the four is read; they are written only on success, all together.
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH for a not 2-D, b not 1-D or 2-D, or row counts that differ; and the
 *         statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_lstsq(ga_array_t a, ga_array_t b, double rcond, ga_stream_t stream, ga_array_t *x,
                                   ga_array_t *residuals, ga_array_t *rank, ga_array_t *s);

/**
 * @brief np.linalg.matrix_power of square (..., n, n) by repeated squaring with matmul; n = 0 gives the identity, n < 0
 *        powers of inv(a). The dtype is kept (integers too, for n >= 0).
 * @param[in] a (..., n, n).
 * @param[in] n the power.
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; ::GA_ERROR_LINALG (raise mode) for a singular matrix with n < 0; and the statuses of the file's
 *         list.
 */
GA_API ga_status_t ga_linalg_matrix_power(ga_array_t a, int64_t n, ga_array_t out, ga_stream_t stream,
                                          ga_array_t *result);

/**
 * @brief np.linalg.multi_dot of @p count >= 2 arrays in the cheapest association order (NumPy's dynamic programme); the
 *        first and last may be 1-D, the others must be 2-D.
 * @param[in] matrices @p count arrays.
 * @param[in] count the number of @p matrices (≥ 2).
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for fewer than two arrays, a negative @p count, or NULL @p matrices;
 *         ::GA_ERROR_INVALID_HANDLE for a NULL or released entry of @p matrices; ::GA_ERROR_SHAPE_MISMATCH for
 *         dimensions that do not chain; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_multi_dot(const ga_array_t *matrices, int count, ga_array_t out, ga_stream_t stream,
                                       ga_array_t *result);

/**
 * @brief np.linalg.tensorsolve: x with tensordot(a, x, x.ndim) = b.
 * @param[in] a the coefficient tensor.
 * @param[in] b the right-hand side.
 * @param[in] axes NULL with @p axis_count -1 for NumPy's None; else the axes of @p a moved to the end first.
 * @param[in] axis_count the number of @p axes, or -1 with @p axes NULL.
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; ::GA_ERROR_SHAPE_MISMATCH when prod(a.shape[b.ndim:]) differs from prod(a.shape[:b.ndim]) or
 *         b.size; ::GA_ERROR_INDEX for an axis out of range; ::GA_ERROR_INVALID_ARGUMENT for axis_count below -1;
 *         ::GA_ERROR_LINALG (raise mode) for a singular matrix; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_tensorsolve(ga_array_t a, ga_array_t b, const int *axes, int axis_count, ga_array_t out,
                                         ga_stream_t stream, ga_array_t *result);

/**
 * @brief np.linalg.tensorinv: the inverse of @p a reshaped to prod(shape[:ind]) rows, shaped shape[ind:] + shape[:ind].
 * @param[in] a the tensor.
 * @param[in] ind the number of leading dimensions that form the rows (1..ndim; NumPy's default is 2).
 * @param[in] out NULL to allocate, or the destination, as for ga_linalg_solve().
 * @param[in] stream the stream (NULL: the calling thread's current stream).
 * @param[out] result receives the result, as for ga_linalg_solve().
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for ind outside 1..ndim; ::GA_ERROR_SHAPE_MISMATCH when the two
 *         products differ; ::GA_ERROR_LINALG (raise mode) for a singular matrix; and the statuses of the file's list.
 */
GA_API ga_status_t ga_linalg_tensorinv(ga_array_t a, int ind, ga_array_t out, ga_stream_t stream, ga_array_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_LINALG_H */
