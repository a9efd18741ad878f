"""garray.jit without a GPU: Python kernels translate to CUDA C++ for a signature of argument types,
the source compiles with NVRTC for sm_90 (garray's ga_jit_compile needs no device), and what cannot
be translated raises the right exception naming the Python file, line and construct."""

import math
import re

import numpy
import pytest

import garray as ga
from garray import jit
from garray._library import lib
from garray.jit import ArrayType
from garray.jit._kernel import argument_type

F32 = ArrayType(numpy.float32, 1)
F64 = ArrayType(numpy.float64, 1)
I32 = ArrayType(numpy.int32, 1)
I64 = ArrayType(numpy.int64, 1)
U32 = ArrayType(numpy.uint32, 1)
U64 = ArrayType(numpy.uint64, 1)
F32_2D = ArrayType(numpy.float32, 2)
F32_2D_STRIDED = ArrayType(numpy.float32, 2, c_contiguous=False)
I64_SCALAR = numpy.dtype(numpy.int64)
F32_SCALAR = numpy.dtype(numpy.float32)
THIS_FILE = __file__


def compiles(source):
    """NVRTC accepts the source for sm_90 (PTX comes back)."""
    ptx = lib.ga_jit_compile(source, (), 90, True)
    assert b".entry" in ptx
    return ptx


def body(source):
    return source[source.index('extern "C"'):]


@jit.rawkernel()
def elementwise_copy(x, y, size):
    tid = jit.threadIdx.x + jit.blockIdx.x * jit.blockDim.x
    ntid = jit.gridDim.x * jit.blockDim.x
    for i in range(tid, size, ntid):
        y[i] = x[i]


@jit.rawkernel()
def saxpy(a, x, y, out, n):
    i = jit.grid(1)
    if i < n:
        out[i] = a * x[i] + y[i]


@jit.rawkernel()
def block_sum(x, total, n):
    cache = jit.shared_memory(numpy.float32, 256)
    i = jit.grid(1)
    value = numpy.float32(0)
    if i < n:
        value = x[i]
    cache[jit.threadIdx.x] = value
    jit.syncthreads()
    step = jit.blockDim.x // 2
    while step > 0:
        if jit.threadIdx.x < step:
            cache[jit.threadIdx.x] += cache[jit.threadIdx.x + step]
        jit.syncthreads()
        step //= 2
    if jit.threadIdx.x == 0:
        jit.atomic_add(total, 0, cache[0])


@jit.rawkernel()
def warp_sum(x, total, n):
    i = jit.grid(1)
    value = 0.0
    if i < n:
        value = x[i]
    offset = 16
    while offset > 0:
        value += jit.shfl_down_sync(0xFFFFFFFF, value, offset)
        offset //= 2
    if jit.laneid() == 0:
        jit.atomic_add(total, 0, value)


@jit.rawkernel()
def transpose_2d(x, y):
    i, j = jit.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        y[j, i] = x[i, j]


@jit.rawkernel()
def control_flow(x, out, n):
    for i in range(n):
        v = x[i]
        if v < 0:
            out[i] = -1
        elif v == 0:
            out[i] = 0
            continue
        else:
            out[i] = 1
        k = 0
        while True:
            k += 1
            if k >= 3:
                break
        out[i] *= k if v > 0 else -k
    return


@jit.rawkernel()
def math_and_casts(x, y, n):
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        v = x[i]
        y[i] = numpy.float32(math.sqrt(abs(v)) + numpy.exp(-v * v) + math.atan2(v, 2.0) + min(v, 1.0))
        y[i] += float(i % 7) ** 2 + max(i // 3, 1) + (1 if math.isnan(v) or not v > 0 else 0)


@jit.rawkernel()
def all_atomics(ints, uints, longs, floats, doubles):
    jit.atomic_add(ints, 0, 1)
    jit.atomic_sub(ints, 1, 1)
    jit.atomic_exch(ints, 2, 7)
    jit.atomic_min(ints, 3, -2)
    jit.atomic_max(ints, 4, 9)
    jit.atomic_cas(ints, 5, 0, 1)
    jit.atomic_and(ints, 6, 3)
    jit.atomic_or(ints, 7, 4)
    jit.atomic_xor(ints, 8, 5)
    jit.atomic_inc(uints, 0, 100)
    jit.atomic_dec(uints, 1, 100)
    jit.atomic_add(longs, 0, 1)
    jit.atomic_cas(longs, 1, 0, 5)
    jit.atomic_max(longs, 2, 5)
    jit.atomic_add(floats, 0, 1.5)
    jit.atomic_exch(floats, 1, 2.5)
    jit.atomic_add(doubles, 0, 1.5)


@jit.rawkernel()
def shuffles(x):
    lane = jit.laneid()
    v = x[jit.threadIdx.x]
    v += jit.shfl_sync(0xFFFFFFFF, v, 0)
    v += jit.shfl_up_sync(0xFFFFFFFF, v, 1)
    v += jit.shfl_xor_sync(0xFFFFFFFF, v, 1, 16)
    jit.syncwarp()
    jit.syncwarp(0xFFFF)
    x[jit.threadIdx.x] = v + lane + jit.warpsize


@jit.rawkernel()
def dynamic_shared(x, n):
    buffer = jit.shared_memory(numpy.float64, None)
    buffer[jit.threadIdx.x] = x[jit.threadIdx.x] if jit.threadIdx.x < n else 0.0
    jit.syncthreads()
    x[jit.threadIdx.x] = buffer[jit.blockDim.x - 1 - jit.threadIdx.x]


@jit.rawkernel()
def flat_index(x, y):
    for i in range(x.size):
        y[i] = x[i] + len(x) + x.ndim


SIGNATURES = [
    (elementwise_copy, (F32, F32, I64_SCALAR)),
    (elementwise_copy, (F64, F64, I64_SCALAR)),
    (saxpy, (F32_SCALAR, F32, F32, F32, I64_SCALAR)),
    (block_sum, (F32, F32, I64_SCALAR)),
    (warp_sum, (F64, F64, I64_SCALAR)),
    (transpose_2d, (F32_2D, F32_2D)),
    (transpose_2d, (F32_2D_STRIDED, F32_2D)),
    (control_flow, (F32, I32, I64_SCALAR)),
    (math_and_casts, (F32, F32, I64_SCALAR)),
    (math_and_casts, (F64, F32, I64_SCALAR)),
    (all_atomics, (I32, U32, I64, F32, F64)),
    (shuffles, (F32,)),
    (shuffles, (I64,)),
    (dynamic_shared, (F64, I64_SCALAR)),
    (flat_index, (F32_2D, F32)),
    (flat_index, (F32_2D_STRIDED, F32)),
]


@pytest.mark.parametrize("kernel, signature", SIGNATURES, ids=[f"{k.__name__}-{i}" for i, (k, _) in enumerate(SIGNATURES)])
def test_translation_compiles_with_nvrtc_for_sm90(kernel, signature):
    compiles(kernel.source(signature))


def test_the_seeds_copy_translates_to_a_grid_stride_loop():
    source = body(elementwise_copy.source((F32, F32, I64_SCALAR)))
    assert 'extern "C" __global__ void jit_elementwise_copy(float* v_x,' in source
    assert "unsigned int v_tid;" in source  # threadIdx.x and its sums are uint32, as in CUDA
    assert "long long v_i;" in source  # range over uint32 and int64 bounds: int64
    assert "(*(v_y + v_i)) = (*(v_x + v_i));" in source  # C-contiguous: plain pointer indexing
    assert "v_i < t_1;" in source  # an unsigned step is never negative: no test of its sign
    assert f'#line 43 "{THIS_FILE}"' in source  # the for statement's Python line


def test_literals_are_weak_and_float32_stays_float32():
    source = body(saxpy.source((F32_SCALAR, F32, F32, F32, I64_SCALAR)))
    assert "(v_a * (*(v_x + v_i)))" in source
    assert "double" not in source
    assert "static_cast<long long>(blockIdx.x)" in source  # jit.grid is int64


def test_arguments_type_by_value_kind():
    doubled = body(saxpy.source((numpy.float64, F64, F64, F64, I64_SCALAR)))
    assert "double v_a" in doubled
    assert body(elementwise_copy.source((F32, F32, numpy.int32))).count("int v_size") == 1


def test_strided_arrays_index_by_byte_strides():
    source = body(transpose_2d.source((F32_2D_STRIDED, F32_2D)))
    assert "(v_i) * v_x_stride0 + (v_j) * v_x_stride1" in source
    flat = body(flat_index.source((F32_2D_STRIDED, F32)))
    assert "garray_jit::flat_element<2>(v_x" in flat
    contiguous = body(flat_index.source((F32_2D, F32)))
    assert "flat_element" not in contiguous


def test_shared_memory_and_atomics():
    source = body(block_sum.source((F32, F32, I64_SCALAR)))
    assert "__shared__ float s_1[256];" in source
    assert "__syncthreads();" in source
    assert "atomicAdd((v_total + 0LL), (*(s_1 + " in source or "atomicAdd((v_total + 0LL)" in source
    longs = body(all_atomics.source((I32, U32, I64, F32, F64)))
    assert "reinterpret_cast<unsigned long long*>" in longs
    dynamic = body(dynamic_shared.source((F64, I64_SCALAR)))
    assert "extern __shared__ __align__(16) unsigned char garray_jit_dynamic_shared[];" in dynamic


def test_signatures_are_translated_once():
    first = elementwise_copy.source((F32, F32, I64_SCALAR))
    assert elementwise_copy.source((F32, F32, I64_SCALAR)) is first
    assert len(elementwise_copy.cached_codes) >= 1


# ----- What cannot be translated: the exception names the file, line and construct ----------------


def _line_of(function, text):
    import inspect
    lines, first = inspect.getsourcelines(function.__wrapped__ if hasattr(function, "__wrapped__") else function)
    return first + next(k for k, line in enumerate(lines) if text in line)


def uses_a_list(x):
    values = [1, 2]
    x[0] = values[0]


def returns_a_value(x):
    return x[0]


def float_into_int(x, n):
    total = 0
    for i in range(n):
        total += x[i]
    x[0] = total


def float_literal_into_int(x):
    x[0] = 1.5


def unknown_function(x):
    x[0] = numpy.linalg.norm(x[0])


def slices(x):
    x[0] = x[1:2]


def ranges_over_floats(x, n):
    for i in range(1.5):
        x[i] = n


def with_statement(x):
    with open("f") as handle:
        x[0] = 1


def undefined_name(x):
    x[0] = undefined_thing


def wrong_atomic_type(x):
    jit.atomic_min(x, 0, 1.0)


ERRORS = [
    (uses_a_list, (F32,), NotImplementedError, "values = [1, 2]", "List"),
    (returns_a_value, (F32,), TypeError, "return x[0]", "returns nothing"),
    (float_into_int, (F32, I64_SCALAR), TypeError, "total += x[i]", "float64 value cannot be stored"),
    (float_literal_into_int, (I32,), TypeError, "x[0] = 1.5", "cannot be stored in a int32"),
    (unknown_function, (F32,), NotImplementedError, "numpy.linalg.norm", "cannot be called"),
    (slices, (F32,), NotImplementedError, "x[1:2]", "slicing"),
    (ranges_over_floats, (F32, I64_SCALAR), TypeError, "range(1.5)", "range takes integers"),
    (with_statement, (F32,), NotImplementedError, "with open", "With"),
    (undefined_name, (F32,), NameError, "undefined_thing", "not defined"),
    (wrong_atomic_type, (F32,), TypeError, "jit.atomic_min", "does not support float32"),
]


@pytest.mark.parametrize("function, signature, error, text, message", ERRORS, ids=[e[0].__name__ for e in ERRORS])
def test_untranslatable_code_names_the_python_line(function, signature, error, text, message):
    kernel = jit.rawkernel()(function)
    with pytest.raises(error) as raised:
        kernel.source(signature)
    line = _line_of(function, text)
    assert f"{THIS_FILE}:{line}:" in str(raised.value)
    assert message in str(raised.value)


def test_nvrtc_errors_point_at_the_python_line():
    """The #line directives make NVRTC's own messages name the Python file and line."""
    source = saxpy.source((F32_SCALAR, F32, F32, F32, I64_SCALAR))
    broken = source.replace("out[i] = a * x[i] + y[i]", "").replace("(v_a * (*(v_x + v_i)))", "(v_a * undeclared)")
    with pytest.raises(Exception) as raised:
        lib.ga_jit_compile(broken, (), 90, True)
    assert re.search(re.escape(THIS_FILE) + r"\(\d+\)", str(raised.value))


def test_decorator_options():
    with pytest.raises(NotImplementedError):
        jit.rawkernel(device=True)
    with pytest.raises(ValueError):
        jit.rawkernel(mode="fortran")
    with pytest.raises(RuntimeError):
        jit.syncthreads()
    with pytest.raises(TypeError):
        saxpy.source((F32,))  # arity


# ----- @jit.kernel(): elementwise over broadcast arrays ----------------------------------------------


@jit.kernel()
def squared_diff(x, y):
    return (x - y) * (x - y)


@jit.kernel()
def clipped_sqrt(x, low, high):
    if x < low:
        return low
    elif x > high:
        return high
    return math.sqrt(x)


@jit.kernel()
def uses_garray_ufuncs(x):
    return ga.sin(x) + ga.exp(-x) + numpy.int8(3) - -x


def test_elementwise_kernels_translate_and_compile():
    contiguous = squared_diff.source((F32_2D, F32_2D))
    assert "v_x = v_x_in[garray_jit_i];" in contiguous
    compiles(contiguous)
    broadcast = squared_diff.source((F32_2D, F32_2D_STRIDED))
    assert "garray_jit::flat_element<2>(v_y_in" in broadcast
    compiles(broadcast)
    compiles(clipped_sqrt.source((F64, numpy.float64, numpy.float64)))
    assert "double* garray_jit_out" in clipped_sqrt.source((F64, numpy.float64, numpy.float64))
    assert "float* garray_jit_out" in clipped_sqrt.source((F32, F32_SCALAR, F32_SCALAR))
    source = uses_garray_ufuncs.source((F32,))
    assert "sinf(" in source and "expf(" in source
    compiles(source)
    compiles(uses_garray_ufuncs.source((ArrayType(numpy.int8, 1),)))


def returns_nothing(x):
    x += 1


def test_elementwise_kernel_errors():
    with pytest.raises(TypeError, match="must return a value"):
        jit.kernel()(returns_nothing).source((F32,))
    with pytest.raises(TypeError, match="first return gave int32"):
        jit.kernel()(returns_int_then_float).source((I32,))


def returns_int_then_float(x):
    if x > 0:
        return x
    return numpy.float64(0.5)


def test_scalar_arguments_are_typed_as_cupy_passes_them():
    assert argument_type(True) == numpy.dtype(numpy.bool_)
    assert argument_type(3) == numpy.dtype(numpy.int64)
    assert argument_type(2**63) == numpy.dtype(numpy.uint64)
    assert argument_type(1.5) == numpy.dtype(numpy.float64)
    assert argument_type(numpy.float32(1)) == numpy.dtype(numpy.float32)
    with pytest.raises(TypeError, match="NumPy arrays"):
        argument_type(numpy.zeros(3))
    with pytest.raises(TypeError, match="unsupported type str"):
        argument_type("text")
    with pytest.raises(TypeError, match="complex"):
        argument_type(numpy.complex64(1))


def test_nested_kernels_read_their_closure_and_whole_body():
    scale = 3  # a closure constant, inlined

    @jit.rawkernel()
    def nested(x, n):
        for i in range(n):
            x[i] = x[i] * scale
# a comment at column 0 does not end the function
        x[0] = -1.0

    source = body(nested.source((F32, I64_SCALAR)))
    assert "(*(v_x + 0LL)) = -1.0f;" in source
    assert "((*(v_x + v_i)) * 3.0f)" in source  # the closure int is a weak literal
    compiles(nested.source((F32, I64_SCALAR)))
