// How linear-algebra failures (a singular matrix, a matrix that is not positive definite, an iteration that does not
// converge) reach the caller. cuSOLVER reports them in device `info` words, one per batch entry. In the deferred mode
// (the default, as CuPy's) nothing waits for them: the words are copied into pinned host memory behind an event, and
// check_linalg_errors() reports the first failure recorded on a stream since the last check. In the raise mode each
// call waits for its own words and throws GA_ERROR_LINALG at once.
#pragma once

#include <garray/linalg.h>

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

namespace garray {

// What a positive info word means for the routine that wrote it.
enum class LinalgFailure : std::uint8_t {
  singular,               // getrf: U(i,i) is exactly zero
  not_positive_definite,  // potrf: the leading minor of order i is not positive definite
  no_convergence,         // syevd, gesvd, geev: i off-diagonal elements did not converge
};

// The calling thread's mode: its own override if it set one, else the process default.
ga_linalg_check_t linalg_check_mode();
// `thread_only`: set (or, with GA_LINALG_CHECK_INHERIT, drop) the calling thread's override; otherwise the process
// default. GA_ERROR_INVALID_ARGUMENT for an unknown mode, or INHERIT as the process default.
void set_linalg_check_mode(ga_linalg_check_t mode, bool thread_only);
// The calling thread's override (GA_LINALG_CHECK_INHERIT when it has none).
ga_linalg_check_t thread_linalg_check_mode();

// Reports the info words `info` (int32, one per entry of `batch_shape`, C order) written on `stream` by a routine of
// `function`: in the raise mode waits for them and throws GA_ERROR_LINALG naming the first failing entry; in the
// deferred mode records them for check_linalg_errors().
void report_linalg_info(const Array& info, const char* function, LinalgFailure failure, const Dims& batch_shape,
                        const StreamRef& stream);

// Waits for the info words recorded on `stream` so far and throws GA_ERROR_LINALG naming the first failure among them
// (and any found earlier on that stream), clearing them all.
void check_linalg_errors(const StreamRef& stream);

}  // namespace garray
