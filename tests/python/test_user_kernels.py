"""ElementwiseKernel and ReductionKernel as CuPy's: declaration checks and handle ownership (no GPU
needed), then the seeds' kernels (axpb, squared_diff with broadcasting, with a scalar and
type-generic, leaky_relu in place, sum_squares, l2norm along axis 1) and the call conventions
against NumPy on a GPU."""

import gc

import numpy
import pytest

import garray as ga
from conftest import gpu
from destination_support import check_destination_rules
from garray._library import lib
from ufunc_support import assert_matches, random_host

# ----- Without a GPU: declarations, argument checks, handles ------------------------------------------


def test_parameter_lists_are_checked_at_declaration():
    with pytest.raises(ValueError):
        ga.ElementwiseKernel("T x, T x", "T y", "y = x", "repeated")
    with pytest.raises(TypeError):
        ga.ElementwiseKernel("float x", "float y", "y = x", "c_spelling")  # as CuPy: float is ambiguous
    with pytest.raises(ValueError):
        ga.ElementwiseKernel("T x", "", "", "no_output")
    with pytest.raises(ValueError):
        ga.ElementwiseKernel("T x", "T y", "y = x", "not an identifier")
    with pytest.raises(ValueError):
        ga.ReductionKernel("raw T x", "T y", "x", "a + b", "y = a", "0", "raw_input")
    with pytest.raises(TypeError, match="one str"):
        ga.ElementwiseKernel("T x", "T y", "y = x", options="-O3")


def test_arity_and_attributes():
    axpb = ga.ElementwiseKernel("T x, T a, T b", "T y", "y = a * x + b", "axpb")
    assert (axpb.nin, axpb.nout, axpb.nargs, axpb.name) == (3, 1, 4, "axpb")
    two = ga.ElementwiseKernel("float32 x", "float32 y, int32 z", "y = x; z = 1", "two")
    assert (two.nin, two.nout) == (1, 2)
    l2norm = ga.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
    assert (l2norm.nin, l2norm.nout, l2norm.name) == (1, 1, "l2norm")
    assert ga.ReductionKernel("T x, T w", "T y", "x * w", "a + b", None, None).name == "reduce_kernel"


def test_call_arguments_are_checked_before_any_device_work():
    axpb = ga.ElementwiseKernel("T x, T a, T b", "T y", "y = a * x + b", "axpb")
    with pytest.raises(TypeError, match="3 input arguments"):
        axpb(1.0, 2.0)
    with pytest.raises(TypeError, match="numpy.ndarray"):
        axpb(numpy.ones(3), 2.0, 1.0)
    with pytest.raises(TypeError, match="both"):
        axpb(1.0, 2.0, 3.0, 4.0, out=5.0)
    with pytest.raises(ValueError, match="1 outputs"):
        axpb(1.0, 2.0, 3.0, out=(None, None))
    with pytest.raises(TypeError, match="garray.ndarray"):
        axpb(1.0, 2.0, 3.0, out=numpy.zeros(3))
    total = ga.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "total")
    with pytest.raises(TypeError, match="1 input arguments"):
        total()


def test_handles_are_owned_and_released_with_their_object():
    kernel = ga.ElementwiseKernel("T x", "T y", "y = x", "copy_kernel")
    reduction = ga.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "sum_kernel")
    assert kernel._handle.thisown and reduction._handle.thisown
    assert not hasattr(lib, "ga_elementwise_kernel_retain") and not hasattr(lib, "ga_reduction_kernel_retain")
    handle = kernel._handle
    del kernel
    gc.collect()
    assert lib.ga_elementwise_kernel_arity(handle) == [1, 1]  # the handle object keeps its reference
    lib.ga_elementwise_kernel_release(handle)  # an explicit release disowns the object...
    assert not handle.thisown
    with pytest.raises(ValueError):
        lib.ga_elementwise_kernel_arity(handle)  # ...and a later use reports the released handle


# ----- On a GPU: the seeds and the call conventions ----------------------------------------------------


@gpu
def test_axpb():
    axpb = ga.ElementwiseKernel("float32 x, float32 a, float32 b", "float32 y", "y = a * x + b", "axpb")
    x = random_host((1000,), "float32", seed=1)
    assert_matches(axpb(ga.asarray(x), 3.0, -1.5), numpy.float32(3.0) * x + numpy.float32(-1.5))


@gpu
def test_squared_diff_broadcasts_arrays_and_converts_scalars():
    squared_diff = ga.ElementwiseKernel("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)",
                                        "squared_diff")
    x = random_host((2, 5), "float32", seed=2)
    y = numpy.arange(5, dtype="float32")
    assert_matches(squared_diff(ga.asarray(x), ga.asarray(y)), (x - y) * (x - y))
    # CuPy's squared_diff(x, 5): the int64 scalar is converted to the float32 parameter.
    five = numpy.float32(5)
    assert_matches(squared_diff(ga.asarray(x), 5), (x - five) * (x - five))


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "complex64"])
def test_type_generic_squared_diff_takes_the_arrays_dtype(dtype):
    squared_diff = ga.ElementwiseKernel("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_diff_generic")
    x = random_host((2, 5), dtype, seed=3)
    y = random_host((5,), dtype, seed=4)
    assert_matches(squared_diff(ga.asarray(x), ga.asarray(y)), (x - y) * (x - y))
    # A Python scalar is an int64 that T, bound by the array, converts.
    two = numpy.array(2, dtype)
    assert_matches(squared_diff(ga.asarray(x), 2), (x - two) * (x - two))


@gpu
def test_leaky_relu_writes_a_given_output_in_place():
    leaky_relu = ga.ElementwiseKernel("T x, T alpha", "T y", "y = x > 0 ? x : x * alpha", "leaky_relu")
    x = random_host((1000,), "float32", seed=5)
    array = ga.asarray(x)
    assert leaky_relu(array, numpy.float32(0.125), array) is array
    assert_matches(array, numpy.where(x > 0, x, x * numpy.float32(0.125)))
    other = ga.empty_like(array)
    assert leaky_relu(ga.asarray(x), numpy.float32(0.5), out=other) is other
    assert_matches(other, numpy.where(x > 0, x, x * numpy.float32(0.5)))


@gpu
def test_sum_squares_over_everything():
    sum_squares = ga.ReductionKernel("T x", "T y", "x * x", "a + b", "y = a", "0", "sum_squares")
    x = random_host((100003,), "float64", seed=6)
    result = sum_squares(ga.asarray(x))
    assert result.shape == ()
    assert_matches(result, numpy.sum(x * x), scale=100)


@gpu
@pytest.mark.parametrize("keepdims", [False, True])
def test_l2norm_along_axis_1(keepdims):
    l2norm = ga.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
    x = random_host((7, 300), "float32", seed=7)
    expected = numpy.sqrt(numpy.sum(x.astype("float64") ** 2, axis=1, keepdims=keepdims)).astype("float32")
    assert_matches(l2norm(ga.asarray(x), axis=1, keepdims=keepdims), expected, scale=10)
    out = ga.empty(expected.shape, "float32")
    assert l2norm(ga.asarray(x), axis=1, keepdims=keepdims, out=out) is out
    assert_matches(out, expected, scale=10)


@gpu
def test_reduction_axes_reduce_type_and_no_identity():
    x = random_host((4, 5, 6), "float32", seed=8)
    total = ga.ReductionKernel("T x", "float64 y", "x", "a + b", "y = a", "0", "total", reduce_type="float64")
    for axis in [(0, 2), -1, None, ()]:
        assert_matches(total(ga.asarray(x), axis=axis), numpy.sum(x.astype("float64"), axis=axis), scale=1e3)
    largest = ga.ReductionKernel("T x", "T y", "x", "a > b ? a : b", "y = a", None, "largest")
    assert_matches(largest(ga.asarray(x), axis=1), numpy.max(x, axis=1))
    with pytest.raises(ValueError):
        largest(ga.zeros((0, 3), "float32"), axis=0)
    with pytest.raises(IndexError):
        largest(ga.asarray(x), axis=3)


@gpu
def test_several_outputs_size_and_return_options():
    split = ga.ElementwiseKernel("T x", "T y, int32 sign", "y = x < 0 ? -x : x; sign = x < 0 ? -1 : 1", "split")
    x = random_host((3, 4), "float64", seed=9)
    magnitude, sign = split(ga.asarray(x))
    assert_matches(magnitude, numpy.abs(x))
    assert_matches(sign, numpy.where(x < 0, -1, 1).astype("int32"))
    given = ga.empty((3, 4), "int32")
    returned = split(ga.asarray(x), out=(None, given))
    assert returned[1] is given
    iota = ga.ElementwiseKernel("", "int64 y", "y = i", "iota")
    assert_matches(iota(size=6), numpy.arange(6))
    assert_matches(iota(ga.empty(4, "int64")), numpy.arange(4))
    fill = ga.ElementwiseKernel("T value", "T y", "y = value", "fill_kernel", no_return=True)
    target = ga.empty(3, "float32")
    assert fill(numpy.float32(2.5), target) is None
    assert_matches(target, numpy.full(3, 2.5, "float32"))
    wrapped = ga.ElementwiseKernel("T x", "T y", "y = x", "wrapped", return_tuple=True)
    (copied,) = wrapped(ga.asarray(x))
    assert_matches(copied, x)


@gpu
def test_undecidable_placeholder_and_stream_argument():
    generic = ga.ElementwiseKernel("float32 x", "T y", "y = x", "undecidable")
    with pytest.raises(TypeError):
        generic(ga.zeros(3, "float32"))
    axpb = ga.ElementwiseKernel("T x, T a, T b", "T y", "y = a * x + b", "axpb")
    stream = ga.cuda.Stream(non_blocking=True)
    x = random_host((50,), "float64", seed=10)
    result = axpb(ga.asarray(x), 2.0, 1.0, stream=stream)
    stream.synchronize()
    assert_matches(result, 2.0 * x + 1.0)
    sum_kernel = ga.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "sum_kernel")
    total = sum_kernel(ga.asarray(x), stream=stream)
    stream.synchronize()
    assert_matches(total, numpy.sum(x), scale=10)


@gpu
def test_compile_errors_carry_nvrtc_log_and_leave_the_library_usable():
    broken = ga.ElementwiseKernel("T x", "T y", "y = undefined_name(x)", "broken")
    with pytest.raises(ga.cuda.compiler.CompileException, match="undefined_name"):
        broken(ga.zeros(3, "float32"))
    broken_reduction = ga.ReductionKernel("T x", "T y", "x", "a +* b", "y = a", "0", "broken_reduction")
    with pytest.raises(ga.cuda.compiler.CompileException, match="reduce_expr"):
        broken_reduction(ga.zeros(3, "float32"))
    assert_matches(ga.zeros(2, "float32") + 1, numpy.ones(2, "float32"))


@gpu
@pytest.mark.parametrize("kind", ["elementwise", "reduction"])
def test_destinations_are_checked_first_and_returned_without_an_extra_reference(kind, memory_pool):
    x = ga.asarray(random_host((4, 5), "float64", seed=12))
    if kind == "elementwise":
        kernel = ga.ElementwiseKernel("T x", "T y", "y = 2 * x", "twice_into_out")
        check_destination_rules(lambda out: kernel(x, out=out), (4, 5), "float64", memory_pool)
    else:
        kernel = ga.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "row_sums_into_out")
        check_destination_rules(lambda out: kernel(x, axis=1, out=out), (4,), "float64", memory_pool)
