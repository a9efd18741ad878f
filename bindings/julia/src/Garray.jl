"""
    Garray

garray from Julia: `GArray{T,N}`, an `N`-dimensional array of `T` on an NVIDIA GPU, made from and
read back into a Julia `Array` without a transpose: both are column-major, so an `Array` of size
`(n1, ..., nk)` becomes a garray array of shape `(n1, ..., nk)` in F order, and its bytes are
copied as they lie.

```julia
using Garray
a = GArray(rand(Float32, 3, 4))   # to the GPU
size(a), eltype(a)                # ((3, 4), Float32)
Array(a)                          # back to the host
```

Failures throw a `GarrayError` with the C API's status and message. The raw declarations are the
submodule `LibGarray`, generated from bindings/garray.i. Arithmetic arrives with garray's ufuncs.
"""
module Garray

using Preferences: @set_preferences!

include("LibGarray.jl")
using .LibGarray

export GArray, GarrayError

"""
    set_library!(path)

Uses the libgarray at `path` from now on (a preference of the active project, which takes effect
when Julia restarts).
"""
function set_library!(path::AbstractString)
    @set_preferences!("libgarray" => path)
    @info "Garray will load $path when Julia restarts."
end

"""
    GarrayError(status, message)

A failed garray call: its `ga_status_t` and the message naming the function and the offending
argument.
"""
struct GarrayError <: Exception
    status::LibGarray.ga_status_t
    message::String
end

function Base.showerror(io::IO, error::GarrayError)
    print(io, unsafe_string(LibGarray.ga_status_string(error.status)), ": ", error.message)
end

# Throws the error of a failed call, with the message it left; call it on the status at once.
function check(status::LibGarray.ga_status_t)
    status == LibGarray.GA_OK && return nothing
    throw(GarrayError(status, unsafe_string(LibGarray.ga_last_error())))
end

function __init__()
    abi = Ref{Cint}(0)
    check(LibGarray.ga_version_numbers(C_NULL, C_NULL, C_NULL, abi))
    if abi[] != LibGarray.GA_ABI_VERSION
        error("$(LibGarray.libgarray) implements garray ABI $(abi[]); Garray was generated for ",
              "ABI $(LibGarray.GA_ABI_VERSION)")
    end
end

"""The version of the loaded library, "0.1.0" for instance."""
version() = unsafe_string(LibGarray.ga_version())

"""The number of CUDA devices; 0 on a machine without a GPU or driver."""
function device_count()
    count = Ref{Cint}(0)
    check(LibGarray.ga_device_count(count))
    return Int(count[])
end

# The Julia element types and their dtypes. Bool is left out: a bool array garray did not fill
# itself (a DLPack import) may hold bytes other than 0 and 1, which a Julia Bool must not.
const DTYPES = (Int8 => LibGarray.GA_INT8, Int16 => LibGarray.GA_INT16,
                Int32 => LibGarray.GA_INT32, Int64 => LibGarray.GA_INT64,
                UInt8 => LibGarray.GA_UINT8, UInt16 => LibGarray.GA_UINT16,
                UInt32 => LibGarray.GA_UINT32, UInt64 => LibGarray.GA_UINT64,
                Float16 => LibGarray.GA_FLOAT16, Float32 => LibGarray.GA_FLOAT32,
                Float64 => LibGarray.GA_FLOAT64, ComplexF32 => LibGarray.GA_COMPLEX64,
                ComplexF64 => LibGarray.GA_COMPLEX128)
const Element = Union{first.(DTYPES)...}
for (element_type, code) in DTYPES
    @eval dtype(::Type{$element_type}) = $code
end

"""
    GArray{T,N}

An `N`-dimensional array of `T` on a GPU, owning one reference to a garray array; a finalizer
releases it. Make one with `GArray(array)`, read it with `Array(garray)`.
"""
mutable struct GArray{T<:Element,N}
    handle::LibGarray.ga_array_t

    function GArray{T,N}(handle::LibGarray.ga_array_t) where {T<:Element,N}
        array = new{T,N}(handle)
        # Finalizers may run on any thread; garray's functions may be called from any thread.
        finalizer(array -> LibGarray.ga_array_release(array.handle), array)
    end
end

"""
    GArray(array::Array)

A new array on the calling thread's current device with a copy of `array`, in F order.
"""
function GArray(host::Array{T,N}) where {T<:Element,N}
    shape = Int64[size(host)...]
    out = Ref{LibGarray.ga_array_t}(C_NULL)
    if isempty(host)
        # An empty Array may have no data address to give.
        check(LibGarray.ga_array_empty(N, shape, dtype(T), LibGarray.GA_ORDER_F, out))
    else
        check(LibGarray.ga_array_from_host(host, N, shape, C_NULL, dtype(T), LibGarray.GA_ORDER_F, out))
    end
    return GArray{T,N}(out[])
end

"""
    Array(garray::GArray)

The elements, copied to a new `Array` of the same size; waits for the current stream.
"""
function Base.Array(array::GArray{T,N}) where {T,N}
    host = Array{T,N}(undef, size(array))
    isempty(host) && return host
    # The transposed view lists the elements in F order of the array when read in C order, which
    # is how ga_array_to_host reads.
    transposed = Ref{LibGarray.ga_array_t}(C_NULL)
    GC.@preserve array check(LibGarray.ga_array_transpose(array.handle, C_NULL, 0, transposed))
    try
        check(LibGarray.ga_array_to_host(transposed[], host, sizeof(host)))
    finally
        LibGarray.ga_array_release(transposed[])
    end
    return host
end

function Base.size(array::GArray{T,N}) where {T,N}
    shape = Vector{Int64}(undef, N)
    GC.@preserve array check(LibGarray.ga_array_shape(array.handle, shape))
    return ntuple(axis -> Int(shape[axis]), N)
end

Base.size(array::GArray, axis::Integer) = size(array)[axis]
Base.length(array::GArray) = prod(size(array))
Base.ndims(::GArray{T,N}) where {T,N} = N
Base.eltype(::Type{<:GArray{T}}) where {T} = T
Base.eltype(::GArray{T}) where {T} = T

function Base.show(io::IO, array::GArray{T,N}) where {T,N}
    print(io, "GArray{$T,$N} of size ", size(array))
end

end # module Garray
