/**
 * @file garray/linalg.h
 * @brief numpy.linalg on cuSOLVER: solve, inv, det, slogdet, cholesky, qr, svd, eigh, eigvalsh, eig, eigvals, batched
 *        over the leading dimensions; norm, cond, matrix_rank, pinv, lstsq, matrix_power, multi_dot, tensorsolve and
 *        tensorinv built on them and on matmul; and how their failures are reported.
 *
 * Every function factors a fresh copy of its input (inputs are never modified) in the dtype NumPy's linalg uses:
 * float32, float64, complex64 and complex128 as given, bool and integers as float64, float16 and bfloat16 as float32
 * (the result stays float32). Work is asynchronous on the stream.
 *
 * Failures that only the device knows (a singular matrix, a matrix that is not positive definite, an iteration that did
 * not converge) follow the check mode (::ga_linalg_check_t): by default (::GA_LINALG_CHECK_DEFERRED) nothing waits for
 * them, the failed entry holds whatever cuSOLVER left (typically NaN or inf) and ga_linalg_check_errors() reports them
 * later; in ::GA_LINALG_CHECK_RAISE mode the call waits for its own result and returns ::GA_ERROR_LINALG naming the
 * failing batch entry, releasing what it made. docs/linalg.md has the rules.
 *
 * Statuses every function below may return, besides those it lists: ::GA_ERROR_INVALID_HANDLE for a NULL or released
 * array or stream; ::GA_ERROR_INVALID_ARGUMENT for a NULL out-pointer, a result pointer that does not hold NULL on
 * entry where the function says so, a read-only @p *out; ::GA_ERROR_SHAPE_MISMATCH for fewer than two dimensions or
 * non-square matrices where square ones are needed (NumPy's LinAlgError), or an @p *out of another shape;
 * ::GA_ERROR_DTYPE for a dtype linalg does not take or an @p *out the result does not cast to (same_kind);
 * ::GA_ERROR_NO_DEVICE; ::GA_ERROR_OUT_OF_MEMORY; ::GA_ERROR_CUDA (a CUDA or cuSOLVER failure). Thread-safe.
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
 * @brief Sets the check mode: the calling thread's override (@p thread_only nonzero; ::GA_LINALG_CHECK_INHERIT drops
 *        it) or the process default (which starts as DEFERRED).
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for an unknown mode or INHERIT as the default.
 */
GA_API ga_status_t ga_linalg_set_check_mode(ga_linalg_check_t mode, int thread_only);

/**
 * @brief Reads the check mode: with @p thread_only nonzero the calling thread's override (::GA_LINALG_CHECK_INHERIT
 *        when it has none), else the mode in force on the calling thread.
 * @return ::GA_OK; ::GA_ERROR_INVALID_ARGUMENT for NULL @p mode.
 */
GA_API ga_status_t ga_linalg_get_check_mode(int thread_only, ga_linalg_check_t *mode);

/**
 * @brief Waits for the failure reports of the linalg calls queued on @p stream so far (deferred mode) and reports the
 *        first failure since the last check, then forgets them all.
 * @param stream the stream (NULL: the current stream).
 * @return ::GA_OK when none failed; ::GA_ERROR_LINALG with a message naming the function and the failing batch entry;
 *        ::GA_ERROR_INVALID_HANDLE; ::GA_ERROR_CUDA.
 */
GA_API ga_status_t ga_linalg_check_errors(ga_stream_t stream);

/**
 * @brief np.linalg.solve: x with a @ x = b, by LU with partial pivoting (cusolverDnXgetrf/Xgetrs).
 * @param a (..., n, n).
 * @param b (n,) (one right-hand side for every matrix, NumPy 2's rule) or (..., n, k); the batch dimensions of @p a and
 *        @p b broadcast.
 * @param out NULL, or an array of the result's shape to write into (same_kind casting); out: the new array when it was
 *        NULL.
 * @return as the file says; ::GA_ERROR_SHAPE_MISMATCH when b does not fit a; ::GA_ERROR_LINALG (raise mode) for a
 *        singular matrix.
 */
GA_API ga_status_t ga_linalg_solve(ga_array_t a, ga_array_t b, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.inv of (..., n, n) (cusolverDnXgetrf/Xgetrs against the identity).
 * @param out as ga_linalg_solve()'s.
 * @return as the file says; ::GA_ERROR_LINALG (raise mode) for a singular matrix.
 */
GA_API ga_status_t ga_linalg_inv(ga_array_t a, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.det of (..., n, n): the product of the LU diagonal with the pivots' sign. A singular matrix gives 0
 *        (never an error).
 * @param out as ga_linalg_solve()'s; a 0-d array for one matrix.
 */
GA_API ga_status_t ga_linalg_det(ga_array_t a, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.slogdet: @p sign (of the input's dtype: ±1 or 0, a unit complex number) and
 * @p logabsdet (real). A singular matrix gives sign 0 and logabsdet -inf.
 * @param sign, logabsdet each must hold NULL on entry; each receives a new array.
 */
GA_API ga_status_t ga_linalg_slogdet(ga_array_t a, ga_array_t *sign, ga_array_t *logabsdet, ga_stream_t stream);

/**
 * @brief np.linalg.cholesky: L with a = L Lᴴ (lower, the default), or with @p upper nonzero U with a = Uᴴ U (NumPy 2's
 *        upper=True). Only the selected triangle of @p a is read.
 * @param out as ga_linalg_solve()'s.
 * @return as the file says; ::GA_ERROR_LINALG (raise mode) for a matrix that is not positive definite.
 */
GA_API ga_status_t ga_linalg_cholesky(ga_array_t a, int upper, ga_array_t *out, ga_stream_t stream);

/** @brief np.linalg.qr's mode. Values are fixed forever. */
typedef enum ga_linalg_qr_mode {
  GA_LINALG_QR_REDUCED = 0,  /**< q (..., m, k), r (..., k, n) with k = min(m, n). */
  GA_LINALG_QR_COMPLETE = 1, /**< q (..., m, m), r (..., m, n). */
  GA_LINALG_QR_R = 2,        /**< r (..., k, n) only; @p q is left NULL. */
  GA_LINALG_QR_RAW = 3       /**< @p q receives LAPACK's h (..., n, m), @p r receives tau (..., k). */
} ga_linalg_qr_mode_t;

/**
 * @brief np.linalg.qr of (..., m, n) (cusolverDnXgeqrf, then orgqr/ungqr for q).
 * @param q, r each must hold NULL on entry; each receives a new array (q stays NULL for mode R).
 * @return as the file says; ::GA_ERROR_INVALID_ARGUMENT for an unknown mode.
 */
GA_API ga_status_t ga_linalg_qr(ga_array_t a, ga_linalg_qr_mode_t mode, ga_array_t *q, ga_array_t *r,
                                ga_stream_t stream);

/**
 * @brief np.linalg.svd of (..., m, n): a = u @ (s[..., None] * vh), singular values descending. Thin factors
 *        (full_matrices 0) come from cusolverDnXgesvdp (polar decomposition), full ones and values only from
 *        cusolverDnXgesvd.
 * @param compute_uv zero: only @p s is computed, @p u and @p vh are left NULL.
 * @param u, s, vh each must hold NULL on entry; each receives a new array. s is real.
 * @return as the file says; ::GA_ERROR_LINALG (raise mode) when an iteration did not converge.
 */
GA_API ga_status_t ga_linalg_svd(ga_array_t a, int full_matrices, int compute_uv, ga_array_t *u, ga_array_t *s,
                                 ga_array_t *vh, ga_stream_t stream);

/** @brief Which triangle of a Hermitian matrix eigh reads (NumPy's UPLO). Values are fixed forever. */
typedef enum ga_linalg_uplo {
  GA_LINALG_LOWER = 0, /**< UPLO='L', NumPy's default. */
  GA_LINALG_UPPER = 1  /**< UPLO='U'. */
} ga_linalg_uplo_t;

/**
 * @brief np.linalg.eigh of Hermitian (..., n, n) (cusolverDnXsyevd): eigenvalues ascending in
 * @p w (real), the eigenvectors as the columns of @p v.
 * @param w, v each must hold NULL on entry; each receives a new array.
 * @return as the file says; ::GA_ERROR_INVALID_ARGUMENT for an unknown @p uplo; ::GA_ERROR_LINALG (raise mode) when the
 *        iteration did not converge.
 */
GA_API ga_status_t ga_linalg_eigh(ga_array_t a, ga_linalg_uplo_t uplo, ga_array_t *w, ga_array_t *v,
                                  ga_stream_t stream);

/** @brief np.linalg.eigvalsh: the eigenvalues of ga_linalg_eigh() only; @p out as ga_linalg_solve()'s. */
GA_API ga_status_t ga_linalg_eigvalsh(ga_array_t a, ga_linalg_uplo_t uplo, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.eig of general (..., n, n) (cusolverDnXgeev, CUDA 12.6 and later): complex eigenvalues @p w and
 *        right eigenvectors @p v (columns, unit norm), complex64 for float32 and complex64 input, complex128 otherwise
 *        (NumPy returns real arrays when every eigenvalue is real, which would need the values on the host; CuPy
 *        returns complex too).
 * @param w, v each must hold NULL on entry; each receives a new array.
 * @return as the file says; ::GA_ERROR_UNSUPPORTED with an older cuSOLVER; ::GA_ERROR_LINALG (raise mode) when the QR
 *        iteration did not converge.
 */
GA_API ga_status_t ga_linalg_eig(ga_array_t a, ga_array_t *w, ga_array_t *v, ga_stream_t stream);

/** @brief np.linalg.eigvals: the eigenvalues of ga_linalg_eig() only; @p out as ga_linalg_solve()'s. */
GA_API ga_status_t ga_linalg_eigvals(ga_array_t a, ga_array_t *out, ga_stream_t stream);

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
 * @param ord, p the order (@p p is read for ::GA_LINALG_NORM_VALUE only).
 * @param axes, axis_count NULL and -1: NumPy's axis=None (the 2-norm of the flattened array without an order; 1-D and
 *        2-D input only with one); else one or two axes (negative from the end).
 * @param keepdims nonzero: the reduced axes stay with extent 1.
 * @param out as ga_linalg_solve()'s.
 * @return as the file says; ::GA_ERROR_INVALID_ARGUMENT for an order that does not fit the axes, three or more axes,
 *        repeated axes, or axis=None with an order on 3-D input; ::GA_ERROR_INDEX for an axis out of range.
 */
GA_API ga_status_t ga_linalg_norm(ga_array_t x, ga_linalg_norm_ord_t ord, double p, const int *axes, int axis_count,
                                  int keepdims, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.cond: with the default order or ±2 the ratio of the extreme singular values (inf for a singular
 *        matrix), else norm(x) * norm(inv(x)) over the last two axes (square matrices only).
 * @param out as ga_linalg_solve()'s.
 * @return as ga_linalg_norm(); ::GA_ERROR_LINALG (raise mode) when inv fails.
 */
GA_API ga_status_t ga_linalg_cond(ga_array_t x, ga_linalg_norm_ord_t ord, double p, ga_array_t *out,
                                  ga_stream_t stream);

/**
 * @brief np.linalg.matrix_rank (int64): the number of singular values (absolute eigenvalues with
 * @p hermitian) above @p tol; arrays of fewer than two dimensions have rank 1 unless all zero.
 * @param tol NaN: NumPy's default S.max() * max(M, N) * eps; else the threshold for every matrix.
 * @param out as ga_linalg_solve()'s.
 */
GA_API ga_status_t ga_linalg_matrix_rank(ga_array_t a, double tol, int hermitian, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.pinv through the thin SVD: singular values up to @p rcond times the largest are treated as zero
 *        (NumPy's rcond/rtol; NumPy's default is 1e-15).
 * @param out as ga_linalg_solve()'s.
 */
GA_API ga_status_t ga_linalg_pinv(ga_array_t a, double rcond, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.lstsq of a 2-D (M, N) @p a and @p b (M,) or (M, K) through the thin SVD. Waits for the stream:
 *        NumPy's residuals depend on the rank (read on the host).
 * @param rcond NaN: NumPy's default eps * max(M, N); else singular values up to rcond * max(s) are treated as zero.
 * @param x, residuals, rank, s each must hold NULL on entry; each receives a new array: the solution (N,) or (N, K);
 *        the squared residual norms (K,) or (1,) when the rank is N and M > N, else (0,); the rank (0-d int64); the
 *        singular values.
 * @return as the file says; ::GA_ERROR_SHAPE_MISMATCH for a not 2-D, b not 1-D or 2-D, or row counts that differ.
 */
GA_API ga_status_t ga_linalg_lstsq(ga_array_t a, ga_array_t b, double rcond, ga_array_t *x, ga_array_t *residuals,
                                   ga_array_t *rank, ga_array_t *s, ga_stream_t stream);

/**
 * @brief np.linalg.matrix_power of square (..., n, n) by repeated squaring with matmul; n = 0 gives the identity, n < 0
 *        powers of inv(a). The dtype is kept (integers too, for n >= 0).
 * @param out as ga_linalg_solve()'s.
 * @return as the file says; ::GA_ERROR_LINALG (raise mode) for a singular matrix with n < 0.
 */
GA_API ga_status_t ga_linalg_matrix_power(ga_array_t a, int64_t n, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.multi_dot of @p count >= 2 arrays in the cheapest association order (NumPy's dynamic programme); the
 *        first and last may be 1-D, the others must be 2-D.
 * @param out as ga_linalg_solve()'s.
 * @return as the file says; ::GA_ERROR_INVALID_ARGUMENT for fewer than two arrays or NULL
 * @p matrices; ::GA_ERROR_SHAPE_MISMATCH for dimensions that do not chain.
 */
GA_API ga_status_t ga_linalg_multi_dot(const ga_array_t *matrices, int count, ga_array_t *out, ga_stream_t stream);

/**
 * @brief np.linalg.tensorsolve: x with tensordot(a, x, x.ndim) = b.
 * @param axes, axis_count NULL and -1 for None; else the axes of @p a moved to the end first.
 * @param out as ga_linalg_solve()'s.
 * @return as the file says; ::GA_ERROR_SHAPE_MISMATCH when prod(a.shape[b.ndim:]) differs from prod(a.shape[:b.ndim])
 *        or b.size; ::GA_ERROR_INDEX for an axis out of range.
 */
GA_API ga_status_t ga_linalg_tensorsolve(ga_array_t a, ga_array_t b, const int *axes, int axis_count, ga_array_t *out,
                                         ga_stream_t stream);

/**
 * @brief np.linalg.tensorinv: the inverse of @p a reshaped to prod(shape[:ind]) rows, shaped shape[ind:] + shape[:ind].
 * @param out as ga_linalg_solve()'s.
 * @return as the file says; ::GA_ERROR_INVALID_ARGUMENT for ind outside 1..ndim; ::GA_ERROR_SHAPE_MISMATCH when the two
 *        products differ.
 */
GA_API ga_status_t ga_linalg_tensorinv(ga_array_t a, int ind, ga_array_t *out, ga_stream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_LINALG_H */
