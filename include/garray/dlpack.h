/**
 * @file garray/dlpack.h
 * @brief DLPack 1.x exchange (export and import, zero-copy) and wrapping of external device memory.
 *
 * The DLPack ABI is declared here under garray's own names (`ga_dlpack_*`), written from the
 * published specification (https://dmlc.github.io/dlpack/latest/) with the exact layout of its
 * `DLPackVersion`, `DLDevice`, `DLDataType`, `DLTensor`, `DLManagedTensor` and
 * `DLManagedTensorVersioned`, so that a program may include its own `dlpack/dlpack.h` beside this
 * header and cast pointers between the two. The device type is declared as an `int32_t` field with
 * the constants of ::ga_dlpack_device_type_t, which has the layout of DLPack's enum.
 *
 * Ownership, in one place (docs/dlpack.md has the long form):
 *  - Export: the caller receives a managed tensor that keeps the array's memory alive and calls its
 *    @c deleter exactly once (from any thread) when done. The array handle may be released before
 *    or after the deleter runs.
 *  - Import: on success garray owns the managed tensor and calls its @c deleter exactly once, from
 *    whichever thread drops the last array or view that uses it (at once for a copy from host
 *    memory). On failure garray takes nothing: the caller still owns the tensor and must call its
 *    deleter itself. This is the C reading of DLPack's rule that a consumer that fails to import
 *    does not consume the tensor.
 *
 * Streams: export takes DLPack's integer `consumer_stream` and orders that stream after the work
 * queued on the array (the calling thread's current stream of the array's device), as
 * `__dlpack__(stream=...)` does. Import takes a `ga_stream_t stream` for the one case that does
 * device work, a copy of host memory. Wrapping external memory does no device work.
 *
 * All functions are thread-safe.
 */
#ifndef GARRAY_DLPACK_H
#define GARRAY_DLPACK_H

#include <garray/array.h>
#include <garray/base.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------------
 * The DLPack ABI
 * --------------------------------------------------------------------------------------------- */

/** @brief The DLPack major version garray reads and writes; a different major changes the layout. */
#define GA_DLPACK_MAJOR_VERSION 1
/** @brief The DLPack minor version garray follows; since 1.2 exported strides are never NULL. */
#define GA_DLPACK_MINOR_VERSION 3

/** @brief `DLPackVersion`: the version a versioned managed tensor was written against. */
typedef struct ga_dlpack_version {
  uint32_t major; /**< Must equal ::GA_DLPACK_MAJOR_VERSION for any other field to be readable. */
  uint32_t minor; /**< Minor versions only add enumeration values. */
} ga_dlpack_version_t;

/** @brief `DLDeviceType`: where a tensor's memory lives. Values are DLPack's. */
typedef enum ga_dlpack_device_type {
  GA_DLPACK_CPU = 1,           /**< Host memory (kDLCPU). */
  GA_DLPACK_CUDA = 2,          /**< CUDA device memory (kDLCUDA). */
  GA_DLPACK_CUDA_HOST = 3,     /**< Pinned host memory from cudaMallocHost (kDLCUDAHost). */
  GA_DLPACK_OPENCL = 4,        /**< kDLOpenCL. */
  GA_DLPACK_VULKAN = 7,        /**< kDLVulkan. */
  GA_DLPACK_METAL = 8,         /**< kDLMetal. */
  GA_DLPACK_VPI = 9,           /**< kDLVPI (Verilog simulator). */
  GA_DLPACK_ROCM = 10,         /**< kDLROCM. */
  GA_DLPACK_ROCM_HOST = 11,    /**< kDLROCMHost. */
  GA_DLPACK_EXT_DEV = 12,      /**< kDLExtDev (reserved for extensions). */
  GA_DLPACK_CUDA_MANAGED = 13, /**< CUDA managed memory from cudaMallocManaged (kDLCUDAManaged). */
  GA_DLPACK_ONEAPI = 14,       /**< kDLOneAPI. */
  GA_DLPACK_WEBGPU = 15,       /**< kDLWebGPU. */
  GA_DLPACK_HEXAGON = 16,      /**< kDLHexagon. */
  GA_DLPACK_MAIA = 17,         /**< kDLMAIA. */
  GA_DLPACK_TRN = 18           /**< kDLTrn (AWS Trainium). */
} ga_dlpack_device_type_t;

/** @brief `DLDevice`. */
typedef struct ga_dlpack_device {
  int32_t device_type; /**< A ::ga_dlpack_device_type_t value. */
  int32_t device_id;   /**< The device ordinal; 0 for host, pinned and managed memory. */
} ga_dlpack_device_t;

/** @brief `DLDataTypeCode`: the kind of an element type. Values are DLPack's. */
typedef enum ga_dlpack_dtype_code {
  GA_DLPACK_INT = 0,                  /**< Signed integer (kDLInt). */
  GA_DLPACK_UINT = 1,                 /**< Unsigned integer (kDLUInt). */
  GA_DLPACK_FLOAT = 2,                /**< IEEE floating point (kDLFloat). */
  GA_DLPACK_OPAQUE_HANDLE = 3,        /**< kDLOpaqueHandle (reserved for testing). */
  GA_DLPACK_BFLOAT = 4,               /**< bfloat16 (kDLBfloat). */
  GA_DLPACK_COMPLEX = 5,              /**< Complex, real and imaginary parts side by side (kDLComplex). */
  GA_DLPACK_BOOL = 6,                 /**< Boolean, one byte per element (kDLBool). */
  GA_DLPACK_FLOAT8_E3M4 = 7,          /**< kDLFloat8_e3m4. */
  GA_DLPACK_FLOAT8_E4M3 = 8,          /**< kDLFloat8_e4m3. */
  GA_DLPACK_FLOAT8_E4M3B11FNUZ = 9,   /**< kDLFloat8_e4m3b11fnuz. */
  GA_DLPACK_FLOAT8_E4M3FN = 10,       /**< kDLFloat8_e4m3fn. */
  GA_DLPACK_FLOAT8_E4M3FNUZ = 11,     /**< kDLFloat8_e4m3fnuz. */
  GA_DLPACK_FLOAT8_E5M2 = 12,         /**< kDLFloat8_e5m2. */
  GA_DLPACK_FLOAT8_E5M2FNUZ = 13,     /**< kDLFloat8_e5m2fnuz. */
  GA_DLPACK_FLOAT8_E8M0FNU = 14,      /**< kDLFloat8_e8m0fnu. */
  GA_DLPACK_FLOAT6_E2M3FN = 15,       /**< kDLFloat6_e2m3fn. */
  GA_DLPACK_FLOAT6_E3M2FN = 16,       /**< kDLFloat6_e3m2fn. */
  GA_DLPACK_FLOAT4_E2M1FN = 17        /**< kDLFloat4_e2m1fn. */
} ga_dlpack_dtype_code_t;

/**
 * @brief `DLDataType`. garray's dtypes map to: bool {BOOL, 8}, intN {INT, N}, uintN {UINT, N},
 *        float16/32/64 {FLOAT, 16/32/64}, bfloat16 {BFLOAT, 16}, complex64/128 {COMPLEX, 64/128},
 *        always with one lane.
 */
typedef struct ga_dlpack_dtype {
  uint8_t code;   /**< A ::ga_dlpack_dtype_code_t value. */
  uint8_t bits;   /**< Bits of one lane. */
  uint16_t lanes; /**< Lanes of a vector type; 1 for scalars. */
} ga_dlpack_dtype_t;

/** @brief `DLTensor`: a strided view of memory, owning nothing. */
typedef struct ga_dlpack_tensor {
  void *data;                /**< Base address; the first element is at data + byte_offset. NULL when empty. */
  ga_dlpack_device_t device; /**< Where the memory lives. */
  int32_t ndim;              /**< Number of dimensions. */
  ga_dlpack_dtype_t dtype;   /**< Element type. */
  int64_t *shape;            /**< ndim extents (may be NULL when ndim is 0). */
  int64_t *strides;          /**< ndim strides in elements; producers before DLPack 1.2 may leave it
                                  NULL for a compact row-major tensor. */
  uint64_t byte_offset;      /**< Bytes from data to the first element. */
} ga_dlpack_tensor_t;

/** @brief `DLManagedTensor`, DLPack's legacy (pre-1.0, unversioned) exchange struct. */
typedef struct ga_dlpack_managed_tensor {
  ga_dlpack_tensor_t dl_tensor; /**< The view. */
  void *manager_ctx;            /**< The producer's private context. */
  /** Called once by the consumer when it no longer needs the tensor; frees @p self too. May be NULL. */
  void (*deleter)(struct ga_dlpack_managed_tensor *self);
} ga_dlpack_managed_tensor_t;

/** @name DLPack flag bits (ga_dlpack_managed_tensor_versioned_t::flags) */
/** @{ */
/** The consumer must not write through the tensor (DLPACK_FLAG_BITMASK_READ_ONLY). */
#define GA_DLPACK_FLAG_READ_ONLY (UINT64_C(1) << 0)
/** The producer made a copy for this exchange; the consumer owns it alone (DLPACK_FLAG_BITMASK_IS_COPIED). */
#define GA_DLPACK_FLAG_IS_COPIED (UINT64_C(1) << 1)
/** A sub-byte dtype is padded to bytes, not packed (DLPACK_FLAG_BITMASK_IS_SUBBYTE_TYPE_PADDED). */
#define GA_DLPACK_FLAG_IS_SUBBYTE_TYPE_PADDED (UINT64_C(1) << 2)
/** @} */

/** @brief `DLManagedTensorVersioned`, DLPack 1.x's exchange struct. */
typedef struct ga_dlpack_managed_tensor_versioned {
  ga_dlpack_version_t version; /**< Read this first: another major means another layout. */
  void *manager_ctx;           /**< The producer's private context. */
  /** Called once by the consumer when it no longer needs the tensor; frees @p self too. May be NULL. */
  void (*deleter)(struct ga_dlpack_managed_tensor_versioned *self);
  uint64_t flags;               /**< GA_DLPACK_FLAG_* bits. */
  ga_dlpack_tensor_t dl_tensor; /**< The view. */
} ga_dlpack_managed_tensor_versioned_t;

/* ------------------------------------------------------------------------------------------------
 * Export
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief Export @p array as a DLPack 1.x managed tensor, without copying.
 *
 * The tensor describes the array's elements in place: @c data is the address of the first element
 * and @c byte_offset is 0 (what CuPy and PyTorch produce, and what consumers that ignore
 * byte_offset, such as PyTorch's importer, read correctly); @c strides are in elements and never
 * NULL; @c shape and @c strides live in the same allocation as the manager context. Device arrays
 * are ::GA_DLPACK_CUDA with the array's device ordinal, managed memory ::GA_DLPACK_CUDA_MANAGED and
 * pinned host memory ::GA_DLPACK_CUDA_HOST (both with device_id 0, as DLPack asks). @c version is
 * {::GA_DLPACK_MAJOR_VERSION, ::GA_DLPACK_MINOR_VERSION}; @c flags has ::GA_DLPACK_FLAG_READ_ONLY
 * when the array is not writeable and never ::GA_DLPACK_FLAG_IS_COPIED (garray never copies to
 * export).
 *
 * Device work: when @p consumer_stream is neither -1 nor the producer's stream (the calling
 * thread's current stream of the array's device), an event is recorded on the producer stream and
 * the consumer stream is made to wait for it, so that the consumer's work runs after garray's
 * queued work on the data, without blocking the host. -1 and the producer's own stream make no
 * CUDA call at all. Nothing is copied.
 *
 * @param[in] array the array to export.
 * @param[in] consumer_stream the stream the consumer will use the data on, numbered as DLPack and
 *            the array API number CUDA streams: -1 asks for no synchronisation; 1 is the legacy
 *            default stream; 2 the per-thread default stream; any other positive value is a
 *            `cudaStream_t` cast to an integer; 0 is not allowed.
 * @param[out] tensor receives the managed tensor, owned by the caller: call its @c deleter exactly
 *             once (from any thread) when done. It holds a reference to the array's memory, so
 *             @p array may be released first. Written only on success.
 * @return ::GA_OK; ::GA_ERROR_INVALID_HANDLE for a NULL or released @p array;
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p tensor or a @p consumer_stream of 0 or below -1;
 *         ::GA_ERROR_NO_DEVICE or ::GA_ERROR_CUDA if the stream hand-off fails;
 *         ::GA_ERROR_HOST_OUT_OF_MEMORY.
 */
GA_API ga_status_t ga_array_to_dlpack_versioned(ga_array_t array, int64_t consumer_stream,
                                                ga_dlpack_managed_tensor_versioned_t **tensor);

/**
 * @brief Export @p array as a legacy (unversioned) DLPack managed tensor, for consumers that predate
 *        DLPack 1.0.
 *
 * Everything is as ga_array_to_dlpack_versioned() (the stream hand-off included: Device work: the
 * consumer stream waits for the producer's), except that the legacy struct has no version and no
 * flags, so a read-only array cannot be marked as such.
 * @param[in] array the array to export.
 * @param[in] consumer_stream the stream the consumer will use the data on, numbered as for
 *            ga_array_to_dlpack_versioned().
 * @param[out] tensor receives the legacy managed tensor, owned by the caller: call its @c deleter
 *             exactly once (from any thread) when done. Written only on success.
 * @return as ga_array_to_dlpack_versioned().
 */
GA_API ga_status_t ga_array_to_dlpack(ga_array_t array, int64_t consumer_stream,
                                      ga_dlpack_managed_tensor_t **tensor);

/* ------------------------------------------------------------------------------------------------
 * Import
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief Make an array of a DLPack 1.x managed tensor.
 *
 * CUDA device memory (::GA_DLPACK_CUDA, on the device named by device_id), CUDA managed memory and
 * pinned host memory (::GA_DLPACK_CUDA_MANAGED, ::GA_DLPACK_CUDA_HOST, both placed on the device of
 * @p stream, by default the calling thread's current device, since DLPack gives them device_id 0)
 * are wrapped without copying and without device work: ga_array_data() is @c data +
 * @c byte_offset, NULL @c strides mean compact row-major, and a tensor with
 * ::GA_DLPACK_FLAG_READ_ONLY becomes an array without ::GA_ARRAY_WRITEABLE. No stream
 * synchronisation is done for wrapped memory: the producer made the data ready for the consumer's
 * stream when it exported. Host memory (::GA_DLPACK_CPU, any strides) is copied into a new
 * C-contiguous array on @p stream's device: allocated and copied on @p stream and waited for before
 * the tensor is given back.
 *
 * Ownership: on success garray owns @p tensor. A wrapped tensor's @c deleter runs exactly once,
 * from whichever thread drops the last array or view using the memory; a copied tensor's runs before
 * this function returns. On failure garray takes nothing: @p tensor is left unmodified and the
 * caller still owns it and must call its deleter (DLPack says that is safe even for a tensor of
 * another major version).
 *
 * @param[in] tensor the managed tensor to import; taken over on success only.
 * @param[in] stream the stream a copy of host memory is queued on (and whose device managed and
 *            pinned memory belong to); NULL for the calling thread's current stream, which is then
 *            looked up only after the tensor has been checked.
 * @param[out] copied receives 1 when the data was copied (host memory), 0 when it was wrapped in
 *             place; may be NULL. Written only on success.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return ::GA_OK, or, checked in this order so that a malformed tensor is reported as such on any
 *         machine: ::GA_ERROR_INVALID_ARGUMENT for NULL @p result; ::GA_ERROR_INVALID_HANDLE for a
 *         released @p stream; ::GA_ERROR_INVALID_ARGUMENT for NULL @p tensor;
 *         ::GA_ERROR_VERSION_MISMATCH when version.major is not ::GA_DLPACK_MAJOR_VERSION;
 *         ::GA_ERROR_INVALID_ARGUMENT for a negative ndim; ::GA_ERROR_UNSUPPORTED for ndim above
 *         ::GA_MAX_DIMS; ::GA_ERROR_INVALID_ARGUMENT for NULL shape with ndim > 0 or a negative
 *         extent; ::GA_ERROR_UNSUPPORTED for lanes other than 1; ::GA_ERROR_DTYPE for a type code
 *         DLPack does not define or a code and bit width garray has no dtype for;
 *         ::GA_ERROR_INVALID_ARGUMENT for a size or byte_offset that overflows, NULL data with
 *         elements, or strides that reach outside the address space; ::GA_ERROR_UNSUPPORTED for a
 *         device type other than the four above; ::GA_ERROR_NO_DEVICE when device_id does not
 *         exist, or when @p stream is NULL and a copy, managed or pinned memory needs the current
 *         device and there is none; ::GA_ERROR_OUT_OF_MEMORY or ::GA_ERROR_CUDA while copying host
 *         memory. The message names the offending field.
 */
GA_API ga_status_t ga_array_from_dlpack_versioned(ga_dlpack_managed_tensor_versioned_t *tensor,
                                                  ga_stream_t stream, int *copied, ga_array_t *result);

/**
 * @brief Make an array of a legacy (unversioned) DLPack managed tensor.
 *
 * Everything is as ga_array_from_dlpack_versioned(), without the version check and read-only flag,
 * which the legacy struct does not carry: the array is writeable.
 * @param[in] tensor the legacy managed tensor to import; taken over on success only.
 * @param[in] stream the stream a copy of host memory is queued on (and whose device managed and
 *            pinned memory belong to); NULL for the calling thread's current stream.
 * @param[out] copied receives 1 when the data was copied (host memory), 0 when it was wrapped in
 *             place; may be NULL. Written only on success.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return as ga_array_from_dlpack_versioned(), without ::GA_ERROR_VERSION_MISMATCH.
 */
GA_API ga_status_t ga_array_from_dlpack(ga_dlpack_managed_tensor_t *tensor, ga_stream_t stream, int *copied,
                                        ga_array_t *result);

/* ------------------------------------------------------------------------------------------------
 * External memory
 * --------------------------------------------------------------------------------------------- */

/**
 * @brief Wrap memory garray did not allocate as an array, without copying.
 *
 * The memory may be device memory of @p device, CUDA managed memory, or pinned (page-locked or
 * cudaHostRegister'ed) host memory; CUDA is asked which, once, and plain pageable host memory is
 * refused. No device work: the memory is neither copied nor synchronised with; work the caller
 * queued on it must be ordered before garray's by the caller.
 *
 * @param[in] data address of the first element (element 0, ..., 0); may be NULL only when the
 *            array is empty.
 * @param[in] device the device ordinal the array belongs to.
 * @param[in] ndim number of dimensions, 0 .. ::GA_MAX_DIMS.
 * @param[in] shape @p ndim extents (NULL allowed when @p ndim is 0).
 * @param[in] strides_bytes @p ndim strides in bytes, any sign, each a multiple of the itemsize;
 *            NULL for C-contiguous.
 * @param[in] dtype the element type.
 * @param[in] readonly nonzero makes the array (and its views) not writeable.
 * @param[in] release called as `release(context)` exactly once, from whichever thread drops the
 *            last array or view using the memory; may be NULL when the caller keeps the memory
 *            alive longer than every array over it. It must not call garray.
 * @param[in] context the argument @p release is called with; garray never reads it.
 * @param[out] result receives a new array handle owned by the caller. Written only on success.
 * @return ::GA_OK; on failure @p release is not called and the memory stays the caller's:
 *         ::GA_ERROR_INVALID_ARGUMENT for NULL @p result, @p ndim out of range, NULL @p shape, a
 *         negative extent, a byte stride that is not a multiple of the itemsize, NULL @p data with
 *         elements, a size that overflows, pageable host memory, or device memory of another
 *         device; ::GA_ERROR_DTYPE for an undefined @p dtype; ::GA_ERROR_NO_DEVICE when @p device
 *         does not exist; ::GA_ERROR_CUDA if CUDA cannot describe the pointer.
 */
GA_API ga_status_t ga_array_from_device_pointer(void *data, int device, int ndim, const int64_t *shape,
                                                const int64_t *strides_bytes, ga_dtype_t dtype,
                                                int readonly, void (*release)(void *context),
                                                void *context, ga_array_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GARRAY_DLPACK_H */
