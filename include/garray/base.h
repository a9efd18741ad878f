/**
 * @file garray/base.h
 * @brief Conventions shared by every garray entry point: export macro, version, status codes,
 *        the thread-local error message, and data types.
 *
 * Every public function returns ::ga_status_t (ga_last_error(), ga_status_string() and ga_version()
 * return a string instead). Results come back through out-parameters, which are the last
 * parameters, are never read, and are written only on success, all or none. A function that
 * enqueues device work takes a `ga_stream_t stream` right before its out-parameters (NULL: the
 * calling thread's current stream); one that can write into a caller's array takes it as the input
 * `ga_array_t out` (NULL: allocate). On failure ga_last_error() describes what went wrong, naming
 * the function and the offending argument. docs/design.md ("The C calling convention") has the
 * rules in full.
 */
#ifndef GARRAY_BASE_H
#define GARRAY_BASE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @def GA_API
 * @brief Marks a declaration as part of the C ABI. It exports the symbol when the library itself is
 *        built (GARRAY_BUILDING_LIBRARY), and expands to nothing for callers.
 */
#if defined(GARRAY_BUILDING_LIBRARY)
#define GA_API __attribute__((visibility("default")))
#else
#define GA_API
#endif

/** @name Version
 *  The library version. The ABI major changes only when a released signature or struct layout
 *  changes; it is part of the shared object's SONAME (libgarray.so.\<ABI major\>). */
/** @{ */
#define GA_VERSION_MAJOR 0        /**< The major version of the header. */
#define GA_VERSION_MINOR 1        /**< The minor version of the header. */
#define GA_VERSION_PATCH 0        /**< The patch version of the header. */
#define GA_ABI_VERSION 1          /**< The ABI major of the header: the number in libgarray.so.\<ABI major\>. */
#define GA_VERSION_STRING "0.1.0" /**< The version of the header as a string, "major.minor.patch". */
/** @} */

/**
 * @brief Status returned by every garray function. Values are fixed forever and never renumbered.
 */
typedef enum ga_status {
  GA_OK = 0,                      /**< Success. */
  GA_ERROR_INVALID_ARGUMENT = 1,  /**< An argument is out of its domain (NULL out-pointer, bad enum, negative size, ...). */
  GA_ERROR_INVALID_HANDLE = 2,    /**< A handle is NULL, already released, or of the wrong kind. */
  GA_ERROR_OUT_OF_MEMORY = 3,     /**< Device (or pinned host) memory is exhausted, even after freeing cached blocks. */
  GA_ERROR_NO_DEVICE = 4,         /**< No CUDA device or driver is available, or the device ordinal does not exist. */
  GA_ERROR_CUDA = 5,              /**< The CUDA runtime or driver reported an error; the message carries its name. */
  GA_ERROR_COMPILE = 6,           /**< A kernel failed to compile; the message carries the compiler log. */
  GA_ERROR_SHAPE_MISMATCH = 7,    /**< Shapes cannot be broadcast, reshaped or combined as asked. */
  GA_ERROR_DTYPE = 8,             /**< A data type is unknown, unsupported by the operation, or cannot be cast as asked. */
  GA_ERROR_INDEX = 9,             /**< An index or axis is out of range. */
  GA_ERROR_UNSUPPORTED = 10,      /**< The operation is valid but not supported (by this build, device or dtype). */
  GA_ERROR_LINALG = 11,           /**< A linear-algebra failure: singular matrix, not positive definite, no convergence. */
  GA_ERROR_HOST_OUT_OF_MEMORY = 12, /**< Host memory is exhausted. */
  GA_ERROR_BUFFER_TOO_SMALL = 13, /**< A caller-supplied buffer is too small; the message says the size needed. */
  GA_ERROR_VERSION_MISMATCH = 14, /**< A struct or interchange format carries a version this library does not accept. */
  GA_ERROR_INTERNAL = 15          /**< A bug in garray; please report the message. */
} ga_status_t;

/**
 * @brief The message of the last failed garray call on this thread.
 *
 * The message names the function and the offending argument. It is the empty string after a call
 * that succeeded. Cannot fail. No device work. Thread-safe (the message is thread-local).
 * @return the message, never NULL; owned by the library and valid until the next garray call on the
 *         same thread.
 */
GA_API const char *ga_last_error(void);

/**
 * @brief A human-readable name for a status.
 *
 * Cannot fail. No device work. Thread-safe.
 * @param[in] status any value, defined by this library or not.
 * @return a static string owned by the library, never NULL: the enumerator's name
 *         ("GA_ERROR_NO_DEVICE"), or "unknown status" for a value this library does not define.
 */
GA_API const char *ga_status_string(ga_status_t status);

/**
 * @brief The version string of the loaded library.
 *
 * Cannot fail. No device work. Thread-safe.
 * @return a static string owned by the library, never NULL, e.g. "0.1.0": the GA_VERSION_STRING
 *         the library was built with, which may differ from the header the caller compiled against.
 */
GA_API const char *ga_version(void);

/**
 * @brief The version numbers of the loaded library and its ABI version.
 *
 * Bindings compare @p abi with the ::GA_ABI_VERSION they were generated against and refuse to load
 * on a mismatch. No device work. Thread-safe.
 * @param[out] major receives the GA_VERSION_MAJOR the loaded library was built with; may be NULL.
 * @param[out] minor receives its GA_VERSION_MINOR; may be NULL.
 * @param[out] patch receives its GA_VERSION_PATCH; may be NULL.
 * @param[out] abi receives its GA_ABI_VERSION, the number in the shared object's SONAME; may be
 *             NULL.
 * @return ::GA_OK always (any out-pointer may be NULL; the others are still written).
 */
GA_API ga_status_t ga_version_numbers(int *major, int *minor, int *patch, int *abi);

/**
 * @brief Element types. Values are fixed forever and never renumbered.
 */
typedef enum ga_dtype {
  GA_BOOL = 0,       /**< bool: one byte holding 0 or 1. */
  GA_INT8 = 1,       /**< int8. */
  GA_INT16 = 2,      /**< int16. */
  GA_INT32 = 3,      /**< int32. */
  GA_INT64 = 4,      /**< int64. */
  GA_UINT8 = 5,      /**< uint8. */
  GA_UINT16 = 6,     /**< uint16. */
  GA_UINT32 = 7,     /**< uint32. */
  GA_UINT64 = 8,     /**< uint64. */
  GA_FLOAT16 = 9,    /**< float16: IEEE 754 half precision. */
  GA_BFLOAT16 = 10,  /**< bfloat16: the upper half of a float32 (8-bit exponent, 7-bit mantissa). */
  GA_FLOAT32 = 11,   /**< float32. */
  GA_FLOAT64 = 12,   /**< float64. */
  GA_COMPLEX64 = 13, /**< complex64: two float32, real then imaginary. */
  GA_COMPLEX128 = 14 /**< complex128: two float64, real then imaginary. */
} ga_dtype_t;

/** @brief Number of defined dtypes; valid values are 0 .. GA_DTYPE_COUNT-1. */
#define GA_DTYPE_COUNT 15

/**
 * @brief An axis argument meaning "no axis": the function works on the flattened array, as NumPy's
 *        `axis=None` (for functions that take one axis, such as sorts, scans and argmax).
 */
#define GA_AXIS_NONE (-2147483647 - 1)

/** @brief The kind of a dtype, as NumPy's `dtype.kind`. */
typedef enum ga_dtype_kind {
  GA_KIND_BOOL = 0,     /**< 'b' */
  GA_KIND_SIGNED = 1,   /**< 'i' */
  GA_KIND_UNSIGNED = 2, /**< 'u' */
  GA_KIND_FLOAT = 3,    /**< 'f' (bfloat16 included) */
  GA_KIND_COMPLEX = 4   /**< 'c' */
} ga_dtype_kind_t;

/**
 * @brief Size in bytes of one element of @p dtype.
 *
 * No device work; needs no device. Thread-safe.
 * @param[in] dtype a defined ::ga_dtype_t value.
 * @param[out] itemsize receives the size in bytes (1 for bool, 16 for complex128). Written only on
 *             success.
 * @return ::GA_OK; ::GA_ERROR_DTYPE for an undefined @p dtype; ::GA_ERROR_INVALID_ARGUMENT for NULL
 *         @p itemsize.
 */
GA_API ga_status_t ga_dtype_itemsize(ga_dtype_t dtype, size_t *itemsize);

/**
 * @brief NumPy's name of @p dtype.
 *
 * No device work; needs no device. Thread-safe.
 * @param[in] dtype a defined ::ga_dtype_t value.
 * @param[out] name receives a static string owned by the library ("float32", "complex128", "bool",
 *             "bfloat16"). Written only on success.
 * @return ::GA_OK; ::GA_ERROR_DTYPE for an undefined @p dtype; ::GA_ERROR_INVALID_ARGUMENT for NULL
 *         @p name.
 */
GA_API ga_status_t ga_dtype_name(ga_dtype_t dtype, const char **name);

/**
 * @brief The kind (bool, signed, unsigned, float, complex) of @p dtype, as NumPy's `dtype.kind`.
 *
 * No device work; needs no device. Thread-safe.
 * @param[in] dtype a defined ::ga_dtype_t value.
 * @param[out] kind receives the kind (bfloat16 and float16 are ::GA_KIND_FLOAT). Written only on
 *             success.
 * @return ::GA_OK; ::GA_ERROR_DTYPE for an undefined @p dtype; ::GA_ERROR_INVALID_ARGUMENT for NULL
 *         @p kind.
 */
GA_API ga_status_t ga_dtype_kind(ga_dtype_t dtype, ga_dtype_kind_t *kind);

/**
 * @brief Parse a NumPy dtype spelling.
 *
 * Accepted are names ("float32", "int64", "bool", "complex64", "bfloat16", "half", "float",
 * "double", "int", ...) and array-protocol strings with an optional little-endian or native
 * byte-order mark ("f4", "<f4", "=i8", "|b1", "c16", "?"). Big-endian spellings (">f4") are
 * rejected: device arrays are little-endian.
 *
 * No device work; needs no device. Thread-safe.
 * @param[in] text a NUL-terminated spelling.
 * @param[out] dtype receives the dtype. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_DTYPE, with the offending text in the message, for an unknown or
 *         big-endian spelling; ::GA_ERROR_INVALID_ARGUMENT for NULL @p text or @p dtype.
 */
GA_API ga_status_t ga_dtype_parse(const char *text, ga_dtype_t *dtype);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_BASE_H */
