"""The Array API standard (2025.12) namespace: without a GPU, that every name of the standard exists
(from the specification's stubs when a copy of the conformance folder is at GARRAY_CONFORMANCE_DIR
or .carry/conformance, else from the list below) with the standard's keyword-only parameters; on
the GPU, the behaviour of the functions garray/_array_api.py adds, against NumPy."""

import inspect
import math
import os
import pathlib
import subprocess
import sys

import numpy
import pytest

import garray as ga
from conftest import gpu

REPO = pathlib.Path(__file__).resolve().parents[2]
CONFORMANCE = pathlib.Path(os.environ.get("GARRAY_CONFORMANCE_DIR", REPO / ".carry/conformance"))
SPEC_SOURCE = CONFORMANCE / "array-api-tests/array-api/src"

# The names garray adds for the standard (the rest of the standard's names were NumPy's already).
ADDED = ["__array_namespace_info__", "astype", "can_cast", "concat", "cumulative_prod", "cumulative_sum", "finfo",
         "iinfo", "isdtype", "isin", "matrix_transpose", "permute_dims", "result_type", "round", "unique_all",
         "unique_counts", "unique_inverse", "unique_values", "unstack", "vecdot", "allclose", "isclose",
         "array_equal", "cross"]
LINALG = ["svdvals", "vector_norm", "matrix_norm", "diagonal", "cross", "outer", "trace", "tensordot", "matmul",
          "vecdot", "matrix_transpose", "cholesky", "det", "eigh", "eigvalsh", "inv", "matrix_power", "matrix_rank",
          "pinv", "qr", "slogdet", "solve", "svd"]
FFT = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq",
       "fftshift", "ifftshift"]

# name: the keyword-only parameters the standard gives it.
KEYWORD_ONLY = {
    ga.asarray: {"dtype", "device", "copy"}, ga.arange: {"dtype", "device"}, ga.empty: {"dtype", "device"},
    ga.zeros: {"dtype", "device"}, ga.ones: {"dtype", "device"}, ga.full: {"dtype", "device"},
    ga.eye: {"k", "dtype", "device"}, ga.linspace: {"dtype", "device", "endpoint"},
    ga.empty_like: {"dtype", "device"}, ga.zeros_like: {"dtype", "device"}, ga.ones_like: {"dtype", "device"},
    ga.full_like: {"dtype", "device"}, ga.from_dlpack: {"device", "copy"}, ga.astype: {"copy", "device"},
    ga.sort: {"axis", "descending", "stable"}, ga.argsort: {"axis", "descending", "stable"},
    ga.std: {"axis", "correction", "keepdims"}, ga.var: {"axis", "correction", "keepdims"},
    ga.reshape: {"copy"}, ga.concat: {"axis"}, ga.unstack: {"axis"}, ga.vecdot: {"axis"},
    ga.cumulative_sum: {"axis", "dtype", "include_initial"}, ga.cumulative_prod: {"axis", "dtype", "include_initial"},
    ga.isin: {"invert"}, ga.clip: {"min", "max"},
    ga.linalg.vector_norm: {"axis", "keepdims", "ord"}, ga.linalg.matrix_norm: {"keepdims", "ord"},
    ga.linalg.diagonal: {"offset"}, ga.linalg.trace: {"offset", "dtype"}, ga.linalg.cross: {"axis"},
    ga.fft.fftfreq: {"d", "dtype", "device"}, ga.fft.rfftfreq: {"d", "dtype", "device"},
    ga.ndarray.to_device: {"stream"}, ga.ndarray.__array_namespace__: {"api_version"},
}


def test_version_and_constants():
    assert ga.__array_api_version__ == "2025.12"
    assert (ga.e, ga.pi, ga.inf) == (math.e, math.pi, math.inf) and math.isnan(ga.nan) and ga.newaxis is None
    assert numpy.dtype(ga.bool) == numpy.dtype("bool")


@pytest.mark.parametrize("owner, names", [(ga, ADDED), (ga.linalg, LINALG), (ga.fft, FFT)],
                         ids=["namespace", "linalg", "fft"])
def test_names_exist_and_are_callable(owner, names):
    assert [name for name in names if not callable(getattr(owner, name, None))] == []


def test_array_attributes_exist():
    for name in ("__array_namespace__", "to_device", "mT", "device", "__dlpack__", "__dlpack_device__",
                 "__array_ufunc__", "__array_function__", "__array_priority__"):
        assert hasattr(ga.ndarray, name), name


@pytest.mark.skipif(not SPEC_SOURCE.is_dir(), reason=f"no copy of the specification at {SPEC_SOURCE}")
def test_every_name_of_the_specification_exists():
    script = REPO / "scripts/array_api_missing_names.py"
    result = subprocess.run([sys.executable, str(script), str(SPEC_SOURCE)], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == []


@pytest.mark.parametrize("function", list(KEYWORD_ONLY), ids=lambda f: f.__qualname__)
def test_keyword_only_parameters(function):
    parameters = inspect.signature(function).parameters
    accepted = {name for name, parameter in parameters.items()
                if parameter.kind in (parameter.KEYWORD_ONLY, parameter.POSITIONAL_OR_KEYWORD)}
    assert KEYWORD_ONLY[function] <= accepted


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128"])
def test_finfo_matches_numpy_with_python_floats(dtype):
    limits, expected = ga.finfo(dtype), numpy.finfo(dtype)
    assert limits.dtype == expected.dtype and limits.bits == expected.bits
    for name in ("eps", "max", "min", "smallest_normal"):
        value = getattr(limits, name)
        assert type(value) is float and value == float(getattr(expected, name)), name


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"])
def test_iinfo_matches_numpy(dtype):
    limits, expected = ga.iinfo(dtype), numpy.iinfo(dtype)
    assert (limits.bits, limits.min, limits.max, limits.dtype) == (expected.bits, expected.min, expected.max,
                                                                    numpy.dtype(dtype))
    assert type(limits.max) is int


def test_finfo_refuses_integers():
    with pytest.raises(ValueError):
        ga.finfo(ga.int32)


def test_isdtype_kinds():
    assert ga.isdtype(ga.float32, "real floating") and not ga.isdtype(ga.float32, "integral")
    assert ga.isdtype(numpy.dtype("uint8"), ("bool", "unsigned integer"))
    assert ga.isdtype(ga.complex64, "numeric") and not ga.isdtype(ga.bool, "numeric")
    assert ga.isdtype(ga.int16, ga.int16) and not ga.isdtype(ga.int16, ga.int32)
    with pytest.raises(ValueError):
        ga.isdtype(ga.int8, "integer")
    with pytest.raises(TypeError):
        ga.isdtype("int8", "integral")


def test_result_type_and_can_cast():
    assert ga.result_type(ga.int8, ga.uint8) == numpy.int16
    assert ga.result_type(ga.float32, ga.complex64) == numpy.complex64
    assert ga.can_cast(ga.int8, ga.int16) and not ga.can_cast(ga.float64, ga.float32)
    with pytest.raises(ValueError):
        ga.result_type()


def test_inspection_namespace():
    info = ga.__array_namespace_info__()
    assert info.capabilities()["max dimensions"] == 32
    assert isinstance(info.devices(), tuple)
    assert info.default_dtypes() == {"real floating": numpy.float64, "complex floating": numpy.complex128,
                                     "integral": numpy.int64, "indexing": numpy.int64}
    assert set(info.dtypes(kind="integral")) == {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                                  "uint64"}
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {"bool", "complex64", "complex128"}
    with pytest.raises(ValueError):
        info.dtypes(device="cpu")


def test_ufunc_attributes():
    assert (ga.add.name, ga.add.nin, ga.add.nout, ga.add.nargs, ga.add.identity) == ("add", 2, 1, 3, 0)
    assert ga.multiply.identity == 1 and ga.maximum.identity is None and ga.logical_and.identity is True
    assert ga.add.ntypes == len(ga.add.types) > 0


# On the GPU ---------------------------------------------------------------------------------------

def _pair(values, dtype=None):
    host = numpy.asarray(values, dtype=dtype)
    return ga.asarray(host), host


@gpu
def test_finfo_and_iinfo_of_arrays():
    assert ga.finfo(ga.ones(2, dtype=ga.float32)).bits == 32
    assert ga.iinfo(ga.zeros((), dtype=ga.uint16)).max == 65535


@gpu
def test_array_namespace_and_devices():
    x = ga.arange(6.0).reshape(2, 3)
    assert x.__array_namespace__() is ga and x.__array_namespace__(api_version="2023.12") is ga
    with pytest.raises(ValueError):
        x.__array_namespace__(api_version="2020.01")
    assert x.device == ga.__array_namespace_info__().default_device()
    assert x.to_device(x.device) is x
    with pytest.raises(ValueError):
        x.to_device("cpu")
    assert ga.zeros(3, device=x.device).device == x.device
    with pytest.raises(ValueError):
        ga.zeros(3, device="cuda:0")
    numpy.testing.assert_array_equal(ga.asnumpy(x.mT), ga.asnumpy(x).T)


@gpu
def test_asarray_copy():
    x = ga.arange(4)
    assert ga.asarray(x, copy=False) is x
    copied = ga.asarray(x, copy=True)
    copied[0] = 7
    assert int(x[0]) == 0
    with pytest.raises(ValueError):
        ga.asarray(numpy.arange(3), copy=False)
    with pytest.raises(ValueError):
        ga.asarray(x, dtype=ga.float32, copy=False)


@gpu
def test_reshape_copy_and_expand_dims_axes():
    x = ga.arange(12).reshape(3, 4)
    assert ga.reshape(x, (4, 3), copy=False).shape == (4, 3)
    with pytest.raises(ValueError):
        ga.reshape(x.T, (12,), copy=False)
    copied = ga.reshape(x, (12,), copy=True)
    copied[0] = 5
    assert int(x[0, 0]) == 0
    assert ga.expand_dims(x, axis=(0, -1)).shape == numpy.expand_dims(numpy.zeros((3, 4)), (0, -1)).shape
    with pytest.raises(ValueError):
        ga.expand_dims(x, axis=(1, 1))


@gpu
@pytest.mark.parametrize("dtype", ["uint8", "uint64", "int32", "bool"])
def test_python_scalars_of_zero_d_arrays(dtype):
    x = ga.asarray(numpy.array(1, dtype=dtype))
    assert type(int(x)) is int and int(x) == 1 and type(float(x)) is float and bool(x) is True
    assert complex(x) == 1
    if dtype != "bool":
        assert type(x.__index__()) is int and [0, 1, 2][x] == 1


@gpu
def test_manipulation_functions():
    x, host = _pair(numpy.arange(24.0).reshape(2, 3, 4))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.permute_dims(x, (2, 0, 1))), host.transpose(2, 0, 1))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.concat([x, x], axis=None)), numpy.concatenate([host.ravel()] * 2))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.concat([x, x], axis=1)), numpy.concatenate([host, host], 1))
    parts = ga.unstack(x, axis=1)
    assert len(parts) == 3 and all(numpy.array_equal(ga.asnumpy(p), host[:, i]) for i, p in enumerate(parts))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.matrix_transpose(x)), numpy.swapaxes(host, -1, -2))
    with pytest.raises(ValueError):
        ga.matrix_transpose(ga.arange(3))


@gpu
def test_sort_descending_is_stable():
    x, host = _pair([3, 1, 3, 2, 1, 3], "int32")
    numpy.testing.assert_array_equal(ga.asnumpy(ga.sort(x, descending=True)), numpy.sort(host)[::-1])
    # Equal elements keep their order: the 3s at 0, 2, 5, then the 2, then the 1s at 1, 4.
    numpy.testing.assert_array_equal(ga.asnumpy(ga.argsort(x, descending=True)), [0, 2, 5, 3, 1, 4])
    y, host_y = _pair(numpy.array([[2.0, 1.0, 2.0], [0.0, 5.0, 5.0]]))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.argsort(y, axis=1, descending=True)), [[0, 2, 1], [1, 2, 0]])
    numpy.testing.assert_array_equal(ga.asnumpy(ga.argsort(y, axis=0, descending=True)), [[0, 1, 0], [1, 0, 1]])


@gpu
def test_std_var_correction():
    x, host = _pair(numpy.random.default_rng(0).standard_normal((5, 7)))
    numpy.testing.assert_allclose(ga.asnumpy(ga.var(x, axis=0, correction=1)), host.var(axis=0, ddof=1))
    numpy.testing.assert_allclose(ga.asnumpy(ga.std(x, correction=2.5)), host.std(ddof=2.5))
    with pytest.raises(ValueError):
        ga.std(x, ddof=1, correction=1)


@gpu
def test_clip_with_array_bounds():
    x, host = _pair(numpy.linspace(-2, 2, 12).reshape(3, 4))
    low, high = _pair(numpy.array([-1.0, -0.5, 0.0, 0.5]))[0], _pair(numpy.array([[0.0], [1.0], [2.0]]))[0]
    expected = numpy.clip(host, ga.asnumpy(low), ga.asnumpy(high))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.clip(x, min=low, max=high)), expected)
    numpy.testing.assert_array_equal(ga.asnumpy(ga.clip(x, low, high)), expected)
    numpy.testing.assert_array_equal(ga.asnumpy(ga.clip(x)), host)


@gpu
def test_set_functions():
    x, host = _pair(numpy.array([[3.0, 1.0, numpy.nan], [1.0, 3.0, numpy.nan]]))
    values, indices, inverse, counts = ga.unique_all(x)
    assert ga.asnumpy(values).size == 4  # every NaN is distinct
    numpy.testing.assert_array_equal(ga.asnumpy(values)[:2], [1.0, 3.0])
    numpy.testing.assert_array_equal(ga.asnumpy(counts), [2, 2, 1, 1])
    assert inverse.shape == x.shape
    numpy.testing.assert_array_equal(ga.asnumpy(values)[ga.asnumpy(inverse)][~numpy.isnan(host)],
                                     host[~numpy.isnan(host)])
    numpy.testing.assert_array_equal(host.ravel()[ga.asnumpy(indices)][:2], [1.0, 3.0])
    assert ga.unique_counts(x).counts.shape == (4,) and ga.unique_inverse(x).inverse_indices.shape == (2, 3)
    assert ga.unique_values(x).shape == (4,)
    a, host_a = _pair([1, 5, 2, 7, 2])
    b, host_b = _pair([2, 7, 9])
    numpy.testing.assert_array_equal(ga.asnumpy(ga.isin(a, b)), numpy.isin(host_a, host_b))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.isin(a, b, invert=True)), numpy.isin(host_a, host_b, invert=True))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.isin(a, ga.zeros(0, dtype=ga.int64))), numpy.zeros(5, bool))


@gpu
def test_cumulative_functions():
    x, host = _pair(numpy.arange(1, 7, dtype=numpy.int32).reshape(2, 3))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.cumulative_sum(x, axis=1)), numpy.cumsum(host, axis=1))
    with_initial = ga.asnumpy(ga.cumulative_sum(x, axis=0, include_initial=True))
    numpy.testing.assert_array_equal(with_initial, numpy.concatenate([numpy.zeros((1, 3)), numpy.cumsum(host, 0)]))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.cumulative_prod(x[0], include_initial=True)), [1, 1, 2, 6])
    with pytest.raises(ValueError):
        ga.cumulative_sum(x)


@gpu
def test_round_vecdot_cross():
    x, host = _pair(numpy.array([0.5, 1.5, 2.5, -0.5, 1.2345]))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.round(x)), numpy.round(host))
    numpy.testing.assert_allclose(ga.asnumpy(ga.round(x, 2)), numpy.round(host, 2))
    a, host_a = _pair(numpy.random.default_rng(1).standard_normal((4, 3)) + 1j)
    b, host_b = _pair(numpy.random.default_rng(2).standard_normal((3,)))
    numpy.testing.assert_allclose(ga.asnumpy(ga.vecdot(a, b)), (numpy.conj(host_a) * host_b).sum(-1))
    real_a = ga.asarray(host_a.real)
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.cross(real_a, b)), numpy.cross(host_a.real, host_b))
    with pytest.raises(ValueError):
        ga.linalg.cross(ga.ones((2, 4)), ga.ones((2, 4)))


@gpu
def test_linalg_extension():
    rng = numpy.random.default_rng(3)
    host = rng.standard_normal((2, 4, 3))
    x = ga.asarray(host)
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.svdvals(x)), numpy.linalg.svd(host, compute_uv=False))
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.matrix_norm(x)), numpy.linalg.norm(host, axis=(-2, -1)))
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.matrix_norm(x, ord=2)),
                                  numpy.linalg.norm(host, ord=2, axis=(-2, -1)))
    for ord in (2, 1, 0, 3, math.inf, -math.inf):
        numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.vector_norm(x, axis=-1, ord=ord)),
                                      numpy.linalg.norm(host, ord=ord, axis=-1), err_msg=str(ord))
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.vector_norm(x)), numpy.linalg.norm(host.ravel()))
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.vector_norm(x, axis=(0, 2), keepdims=True)),
                                  numpy.sqrt((host ** 2).sum(axis=(0, 2), keepdims=True)))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.linalg.diagonal(x, offset=1)),
                                     numpy.diagonal(host, 1, axis1=-2, axis2=-1))
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.trace(x)), numpy.trace(host, axis1=-2, axis2=-1))
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.matmul(x, x.mT)), host @ numpy.swapaxes(host, -1, -2))
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.outer(x[0, 0], x[1, 1])), numpy.outer(host[0, 0], host[1, 1]))
    numpy.testing.assert_allclose(ga.asnumpy(ga.linalg.tensordot(x, x, axes=((1, 2), (1, 2)))),
                                  numpy.tensordot(host, host, axes=((1, 2), (1, 2))))


@gpu
def test_fft_frequencies_and_shifts():
    numpy.testing.assert_allclose(ga.asnumpy(ga.fft.fftfreq(8, d=0.5, dtype=ga.float32)), numpy.fft.fftfreq(8, 0.5))
    assert ga.fft.rfftfreq(8, dtype=ga.float32).dtype == numpy.float32
    device = ga.__array_namespace_info__().default_device()
    assert ga.fft.fftfreq(4, device=device).device == device
    host = numpy.arange(12.0).reshape(3, 4)
    numpy.testing.assert_array_equal(ga.asnumpy(ga.fft.fftshift(ga.asarray(host), axes=(0, 1))),
                                     numpy.fft.fftshift(host, axes=(0, 1)))


@gpu
def test_comparison_of_whole_arrays():
    a = ga.asarray(numpy.array([1.0, numpy.inf, numpy.nan, 2.0]))
    b = ga.asarray(numpy.array([1.0 + 1e-9, numpy.inf, numpy.nan, 2.1]))
    numpy.testing.assert_array_equal(ga.asnumpy(ga.isclose(a, b)), [True, True, False, False])
    numpy.testing.assert_array_equal(ga.asnumpy(ga.isclose(a, b, equal_nan=True)), [True, True, True, False])
    assert ga.allclose(a[:2], b[:2]) and not ga.allclose(a, b)
    assert ga.array_equal(a, a, equal_nan=True) and not ga.array_equal(a, a) and not ga.array_equal(a, a[:2])


@gpu
def test_from_dlpack_copy_and_device():
    x = ga.arange(5)
    assert ga.from_dlpack(x).shape == (5,)
    copied = ga.from_dlpack(x, copy=True)
    copied[0] = 9
    assert int(x[0]) == 0
    with pytest.raises(ValueError):
        ga.from_dlpack(numpy.arange(3), copy=False)
    with pytest.raises(BufferError):
        ga.from_dlpack(x, device="cpu")


@gpu
@pytest.mark.parametrize("dtype", ["int8", "uint32", "int64"])
def test_round_keeps_integer_dtypes(dtype):
    x, host = _pair([1, -2, 3] if dtype[0] == "i" else [1, 2, 3], dtype)
    rounded = ga.round(x)
    assert rounded.dtype == numpy.dtype(dtype)
    numpy.testing.assert_array_equal(ga.asnumpy(rounded), numpy.round(host))
