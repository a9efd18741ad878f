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

Arithmetic runs garray's ufuncs on the GPU: `a + b`, `a - b`, `-a`, `a * x`, `x * a`, `a / x`
(`x` a number), the broadcasting `a .+ b`, `a .- b`, `a .* b`, `a ./ b` (arrays or numbers on
either side, nested as in `a .* 2 .+ b`), and `sum(a)`; `Garray.ufunc(name, args...)` calls any
ufunc by NumPy's name.

```julia
b = GArray(Float32[1 2; 3 4])
Array(b .* 2 .+ b)                # Float32[3 6; 9 12]
sum(b)                            # 10.0f0
```

Failures throw a `GarrayError` with the C API's status and message. The raw declarations are the
submodule `LibGarray`, generated from bindings/garray.i.
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
    # Written only on success; C_NULL streams are the calling thread's current stream.
    result = Ref{LibGarray.ga_array_t}(C_NULL)
    if isempty(host)
        # An empty Array may have no data address to give.
        check(LibGarray.ga_array_empty(N, shape, dtype(T), LibGarray.GA_ORDER_F, C_NULL, result))
    else
        check(LibGarray.ga_array_from_host(host, N, shape, C_NULL, dtype(T), LibGarray.GA_ORDER_F, C_NULL,
                                           result))
    end
    return GArray{T,N}(result[])
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
        check(LibGarray.ga_array_to_host(transposed[], host, sizeof(host), C_NULL))
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

# ----- Arithmetic: garray's ufuncs ---------------------------------------------------------------

# The Julia element type of a garray dtype, or nothing for one without (bool, bfloat16).
function element_type(code::LibGarray.ga_dtype_t)
    for (element_type, dtype_code) in DTYPES
        dtype_code == code && return element_type
    end
    return nothing
end

# A GArray owning `handle`, a new array a call returned; releases it and throws for a dtype with no
# Julia element type (a bool or bfloat16 result).
function wrap(handle::LibGarray.ga_array_t)
    code, rank = Ref{LibGarray.ga_dtype_t}(0), Ref{Cint}(0)
    # Queries of a live handle, which cannot fail.
    LibGarray.ga_array_dtype(handle, code)
    LibGarray.ga_array_ndim(handle, rank)
    T = element_type(code[])
    if T === nothing
        LibGarray.ga_array_release(handle)
        name = Ref{Ptr{Cchar}}(C_NULL)
        check(LibGarray.ga_dtype_name(code[], name))
        throw(ArgumentError("the result's dtype $(unsafe_string(name[])) has no Julia element type in Garray"))
    end
    return GArray{T,Int(rank[])}(handle)
end

# `array` with `rank` dimensions: trailing extents of 1 appended (a view), since Julia broadcasts
# an array of fewer dimensions along the last ones, and garray (NumPy) aligns the last dimensions.
function with_rank(array::GArray{T,N}, rank::Integer) where {T,N}
    N == rank && return array
    shape = Int64[size(array)..., ntuple(_ -> 1, rank - N)...]
    result = Ref{LibGarray.ga_array_t}(C_NULL)
    GC.@preserve array check(LibGarray.ga_array_reshape(array.handle, rank, shape, LibGarray.GA_ORDER_F, C_NULL,
                                                        result))
    return GArray{T,Int(rank)}(result[])
end

# A ga_scalar_t of a Julia number of an element type, typed (a NumPy scalar of its dtype).
function scalar(value::T) where {T<:Element}
    as_int, as_uint, as_real, as_imag = 0, UInt64(0), 0.0, 0.0
    if T <: Signed
        as_int = Int64(value)
    elseif T <: Unsigned
        as_uint = UInt64(value)
    else
        as_real, as_imag = Float64(real(value)), Float64(imag(value))
    end
    return LibGarray.ga_scalar_t(dtype(T), as_int, as_uint, as_real, as_imag)
end

const NO_SCALAR = LibGarray.ga_scalar_t(LibGarray.GA_BOOL, 0, 0, 0.0, 0.0)
operand(array::GArray) = LibGarray.ga_operand_t(LibGarray.GA_OPERAND_ARRAY, array.handle, NO_SCALAR)
operand(value::Element) = LibGarray.ga_operand_t(LibGarray.GA_OPERAND_SCALAR, C_NULL, scalar(value))

"""
    Garray.ufunc(name, args...)

Calls the garray ufunc NumPy names `name` ("add", "true_divide", "arctan2", "divmod", ...) on
`args`, `GArray`s and numbers of the element types, broadcasting as Julia's broadcast does (an
array with fewer dimensions extends along the last ones). Numbers pass as they are, typed (NumPy
scalars of their own type), and the result's element type is the one NumPy 2 gives for them.
Returns a `GArray`, or a tuple of them for a ufunc with several outputs; a result of a dtype
without a Julia element type here (bool, bfloat16) throws an `ArgumentError`.
"""
function ufunc(name::AbstractString, args::Union{GArray,Element}...)
    handle = Ref{LibGarray.ga_ufunc_t}(C_NULL)
    check(LibGarray.ga_ufunc_find(name, handle))
    nin, nout = Ref{Cint}(0), Ref{Cint}(0)
    check(LibGarray.ga_ufunc_arity(handle[], nin, nout))
    rank = maximum((ndims(arg) for arg in args if arg isa GArray); init=0)
    inputs = map(arg -> arg isa GArray ? with_rank(arg, rank) : arg, args)
    operands = LibGarray.ga_operand_t[operand(input) for input in inputs]
    # No destinations (one C_NULL per output: each is a new array), the default options and the
    # current stream; the new handles come back in `outputs`, written only on success.
    destinations = fill(LibGarray.ga_array_t(C_NULL), Int(nout[]))
    outputs = fill(LibGarray.ga_array_t(C_NULL), Int(nout[]))
    GC.@preserve inputs check(LibGarray.ga_ufunc_call(handle[], operands, length(operands), C_NULL, destinations,
                                                      length(destinations), C_NULL, outputs))
    results = Vector{GArray}(undef, length(outputs))
    try
        for index in eachindex(outputs)
            output, outputs[index] = outputs[index], C_NULL
            results[index] = wrap(output)  # releases the output when it throws
        end
    finally
        # After a throw, the outputs not yet wrapped.
        foreach(LibGarray.ga_array_release, filter(!=(C_NULL), outputs))
    end
    return length(results) == 1 ? results[1] : Tuple(results)
end

# A number next to an array of `T` is converted to Julia's promote_type(T, typeof(value)) and
# passed typed, so `GArray{Float32}` .* 2 stays Float32 and `GArray{Int8}` .+ 1 is Int64, as with
# Julia's arrays.
function promoted(::Type{T}, value::Number) where {T}
    P = promote_type(T, typeof(value))
    P <: Element || throw(ArgumentError("$(typeof(value)) with $T promotes to $P, which garray does not hold"))
    return convert(P, value)
end

const OPERATORS = ((:+, "add"), (:-, "subtract"), (:*, "multiply"), (:/, "divide"))
for (operator, name) in OPERATORS
    @eval begin
        Base.broadcasted(::typeof($operator), a::GArray, b::GArray) = ufunc($name, a, b)
        Base.broadcasted(::typeof($operator), a::GArray, b::Number) = ufunc($name, a, promoted(eltype(a), b))
        Base.broadcasted(::typeof($operator), a::Number, b::GArray) = ufunc($name, promoted(eltype(b), a), b)
    end
end
Base.broadcasted(::typeof(-), a::GArray) = ufunc("negative", a)

# Anything else a dot would broadcast over a GArray (sin.(a), a .^ 2, a .= b) is not implemented:
# say so rather than fail inside Julia's broadcast machinery.
function Base.Broadcast.broadcastable(::GArray)
    throw(ArgumentError("GArray broadcasts only .+ .- .* ./ (and unary .-)"))
end

function same_size(operator, a::GArray, b::GArray)
    size(a) == size(b) || throw(DimensionMismatch("$operator: sizes $(size(a)) and $(size(b)) differ; use .$operator to broadcast"))
end

Base.:+(a::GArray, b::GArray) = (same_size(:+, a, b); ufunc("add", a, b))
Base.:-(a::GArray, b::GArray) = (same_size(:-, a, b); ufunc("subtract", a, b))
Base.:-(a::GArray) = ufunc("negative", a)
Base.:*(a::GArray, x::Number) = ufunc("multiply", a, promoted(eltype(a), x))
Base.:*(x::Number, a::GArray) = ufunc("multiply", promoted(eltype(a), x), a)
Base.:/(a::GArray, x::Number) = ufunc("divide", a, promoted(eltype(a), x))

"""
    sum(a::GArray)

The sum of every element (garray's add.reduce), as a Julia number: Int64 or UInt64 for narrower
integers, as Julia's `sum` gives, else the element type. Waits for the current stream.
"""
function Base.sum(array::GArray)
    handle = Ref{LibGarray.ga_ufunc_t}(C_NULL)
    check(LibGarray.ga_ufunc_find("add", handle))
    # Every axis (C_NULL, -1), no keepdims, NumPy's dtype, the identity as initial value (C_NULL),
    # no destination (C_NULL: a new array) and the current stream (C_NULL).
    result = Ref{LibGarray.ga_array_t}(C_NULL)
    GC.@preserve array check(LibGarray.ga_ufunc_reduce(handle[], array.handle, C_NULL, -1, 0, LibGarray.GA_DTYPE_SAME,
                                                       C_NULL, C_NULL, C_NULL, result))
    total = wrap(result[])
    host = Vector{eltype(total)}(undef, 1)
    GC.@preserve total check(LibGarray.ga_array_to_host(total.handle, host, sizeof(host), C_NULL))
    return host[1]
end

end # module Garray
