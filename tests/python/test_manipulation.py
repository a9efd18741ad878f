"""Array manipulation routines (garray/manipulation.h and garray/_joining.py, _windows.py) against
NumPy on a GPU: every routine, every pad mode, negative axes, mixed dtypes, non-contiguous views,
empty and one-element inputs, and the error types and messages NumPy gives."""

import numpy
import pytest

import garray as ga
from conftest import gpu
from destination_support import check_destination_rules

pytestmark = gpu


def host(shape, dtype="float64", seed=0):
    rng = numpy.random.default_rng(seed)
    values = rng.standard_normal(shape) * 10
    if numpy.dtype(dtype).kind == "u":
        values = numpy.abs(values)
    if numpy.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def check(result, expected):
    assert isinstance(result, ga.ndarray)
    assert result.shape == expected.shape
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    numpy.testing.assert_array_equal(result.get(), expected)


# The same data as a C-contiguous array and as a strided view of a larger one.
LAYOUTS = {
    "contiguous": lambda h: (ga.asarray(h), h),
    "strided": lambda h: (ga.asarray(numpy.repeat(h, 2, axis=-1))[..., ::2], h) if h.ndim else (ga.asarray(h), h),
    "reversed": lambda h: (ga.asarray(h[..., ::-1].copy())[..., ::-1], h) if h.ndim else (ga.asarray(h), h),
}


# ----- concatenate and stack ---------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [0, 1, -1, -2, None])
def test_concatenate_axes_and_layouts(layout, axis):
    first, first_host = LAYOUTS[layout](host((3, 4)))
    second, second_host = ga.asarray(host((3, 4), seed=1)), host((3, 4), seed=1)
    check(ga.concatenate([first, second], axis=axis), numpy.concatenate([first_host, second_host], axis=axis))


@pytest.mark.parametrize("dtypes", [("float32", "int16"), ("int8", "uint8"), ("bool", "float64"),
                                    ("complex64", "float64"), ("float16", "int32"), ("uint64", "int64")])
def test_concatenate_promotes_as_numpy(dtypes):
    hosts = [host((2, 3), dtype, seed=i) for i, dtype in enumerate(dtypes)]
    check(ga.concatenate([ga.asarray(h) for h in hosts], axis=1), numpy.concatenate(hosts, axis=1))


def test_concatenate_many_shapes_empty_and_one_element():
    hosts = [host((2, n), seed=n) for n in (0, 1, 5, 0, 3)]
    check(ga.concatenate([ga.asarray(h) for h in hosts], axis=1), numpy.concatenate(hosts, axis=1))
    check(ga.concatenate([ga.asarray(numpy.ones(1))]), numpy.ones(1))
    scalars = [numpy.array(1.5), numpy.arange(3.0)]
    check(ga.concatenate([ga.asarray(h) for h in scalars], axis=None), numpy.concatenate(scalars, axis=None))


def test_concatenate_dtype_casting_and_out():
    hosts = [host((2, 3)), host((1, 3), seed=1)]
    arrays = [ga.asarray(h) for h in hosts]
    check(ga.concatenate(arrays, dtype="float32"), numpy.concatenate(hosts, dtype="float32"))
    check(ga.concatenate(arrays, dtype="int32", casting="unsafe"),
          numpy.concatenate(hosts, dtype="int32", casting="unsafe"))
    out = ga.zeros((3, 3), dtype="float32")
    assert ga.concatenate(arrays, out=out) is out
    numpy.testing.assert_array_equal(out.get(), numpy.concatenate(hosts).astype("float32"))
    strided_out = ga.zeros((3, 6))[:, ::2]
    ga.concatenate(arrays, out=strided_out)
    numpy.testing.assert_array_equal(strided_out.get(), numpy.concatenate(hosts))


def test_concatenate_into_an_overlapping_out():
    base = host((4, 3))
    device = ga.asarray(base)
    ga.concatenate([device[2:], device[:2]], out=device)
    numpy.testing.assert_array_equal(device.get(), numpy.concatenate([base[2:], base[:2]]))


def test_concatenate_errors():
    a, b = ga.asarray(host((2, 3))), ga.asarray(host((3, 2)))
    with pytest.raises(ValueError, match="need at least one array to concatenate"):
        ga.concatenate([])
    with pytest.raises(ValueError, match=r"\(2, 3\) and \(3, 2\)"):
        ga.concatenate([a, b], axis=0)
    with pytest.raises(ValueError, match="same number of dimensions"):
        ga.concatenate([a, ga.asarray(host((3,)))])
    with pytest.raises(ValueError, match="zero-dimensional"):
        ga.concatenate([ga.asarray(numpy.array(1.0))])
    with pytest.raises(IndexError):
        ga.concatenate([a, a], axis=2)
    with pytest.raises(TypeError, match="Cannot cast"):
        ga.concatenate([a, a], dtype="int32")
    with pytest.raises(TypeError):
        ga.concatenate([a, a], out=ga.zeros((4, 3)), dtype="float64")
    with pytest.raises(ValueError, match=r"out has shape \(3, 3\) but the result has shape \(4, 3\)"):
        ga.concatenate([a, a], out=ga.zeros((3, 3)))
    with pytest.raises(TypeError):
        ga.concatenate([a, numpy.ones((2, 3))])


@pytest.mark.parametrize("function", ["concatenate", "stack", "trace"])
def test_destinations_are_checked_first_and_returned_without_an_extra_reference(function, memory_pool):
    a = ga.asarray(host((2, 3)))
    if function == "concatenate":
        # The inputs must cast to out's dtype under `casting` (same_kind): float64 to int32 does not.
        check_destination_rules(lambda out: ga.concatenate([a, a], out=out), (4, 3), "float64", memory_pool, "int32")
    elif function == "stack":
        check_destination_rules(lambda out: ga.stack([a, a], out=out), (2, 2, 3), "float64", memory_pool, "int32")
    else:
        cube = ga.asarray(host((3, 3, 4)))
        check_destination_rules(lambda out: ga.trace(cube, out=out), (4,), "float64", memory_pool)


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_stack(axis):
    hosts = [host((2, 3), seed=i) for i in range(3)]
    check(ga.stack([ga.asarray(h) for h in hosts], axis=axis), numpy.stack(hosts, axis=axis))
    check(ga.stack([ga.asarray(h) for h in hosts], axis=axis, dtype="float32"),
          numpy.stack(hosts, axis=axis).astype("float32"))


def test_stack_scalars_and_errors():
    scalars = [numpy.array(1.0), numpy.array(2.0)]
    check(ga.stack([ga.asarray(h) for h in scalars]), numpy.stack(scalars))
    with pytest.raises(ValueError, match="same shape"):
        ga.stack([ga.asarray(host((2,))), ga.asarray(host((3,)))])
    with pytest.raises(IndexError):
        ga.stack([ga.asarray(host((2,)))], axis=2)
    with pytest.raises(ValueError):
        ga.stack([])


@pytest.mark.parametrize("shapes", [[(3,), (2,)], [(2, 3), (2, 1)], [(), (2,)], [(2, 2, 2), (2, 1, 2)]])
def test_hstack(shapes):
    hosts = [host(s, seed=i) for i, s in enumerate(shapes)]
    check(ga.hstack([ga.asarray(h) for h in hosts]), numpy.hstack(hosts))


@pytest.mark.parametrize("shapes", [[(3,), (3,)], [(2, 3), (1, 3)], [(), ()], [(1, 2, 2), (3, 2, 2)]])
def test_vstack_dstack_column_stack(shapes):
    hosts = [host(s, seed=i) for i, s in enumerate(shapes)]
    arrays = [ga.asarray(h) for h in hosts]
    check(ga.vstack(arrays), numpy.vstack(hosts))
    if len({numpy.atleast_3d(h).shape[:2] for h in hosts}) == 1:
        check(ga.dstack(arrays), numpy.dstack(hosts))
    if all(h.ndim < 3 for h in hosts) and len({numpy.atleast_1d(h).shape[0] for h in hosts}) == 1:
        check(ga.column_stack(arrays), numpy.column_stack(hosts))


# ----- splitting ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("indices", [[2, 5], [-3], [5, 2, 9], [0, 0], [], [20]])
@pytest.mark.parametrize("axis", [0, -1])
def test_split_at_indices(indices, axis):
    h = host((7, 7))
    parts = ga.split(ga.asarray(h), indices, axis=axis)
    expected = numpy.split(h, indices, axis=axis)
    assert len(parts) == len(expected)
    for part, reference in zip(parts, expected):
        check(part, reference)


@pytest.mark.parametrize("sections", [1, 3, 4, 7, 9])
def test_array_split_sections(sections):
    h = host((7, 2))
    parts = ga.array_split(ga.asarray(h), sections)
    expected = numpy.array_split(h, sections)
    assert [p.shape for p in parts] == [e.shape for e in expected]
    for part, reference in zip(parts, expected):
        check(part, reference)


def test_split_parts_are_views():
    device = ga.asarray(host((6, 2)))
    parts = ga.split(device, 3)
    assert not parts[1].flags.owndata
    parts[1].fill(7.0)
    numpy.testing.assert_array_equal(device.get()[2:4], numpy.full((2, 2), 7.0))


def test_split_variants_and_errors():
    h = host((4, 6, 8))
    device = ga.asarray(h)
    for ours, theirs, argument in [(ga.hsplit, numpy.hsplit, 3), (ga.vsplit, numpy.vsplit, [1, 3]),
                                   (ga.dsplit, numpy.dsplit, 4)]:
        for part, reference in zip(ours(device, argument), theirs(h, argument)):
            check(part, reference)
    with pytest.raises(ValueError, match="equal division"):
        ga.split(device, 5)
    with pytest.raises(ValueError, match="larger than 0"):
        ga.array_split(device, 0)
    with pytest.raises(IndexError):
        ga.split(device, 2, axis=3)
    with pytest.raises(ValueError, match="vsplit only works"):
        ga.vsplit(ga.asarray(host((4,))), 2)
    with pytest.raises(ValueError, match="dsplit only works"):
        ga.dsplit(ga.asarray(host((4, 4))), 2)
    with pytest.raises(ValueError, match="hsplit only works"):
        ga.hsplit(ga.asarray(numpy.array(1.0)), 2)


# ----- tile and repeat ---------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("reps", [2, (2, 1), (1, 3), (2, 0), (3, 1, 2), (1,), ()])
def test_tile(layout, reps):
    device, h = LAYOUTS[layout](host((2, 3), "int32"))
    check(ga.tile(device, reps), numpy.tile(h, reps))


def test_tile_scalars_and_errors():
    check(ga.tile(ga.asarray(numpy.array(5.0)), (2, 3)), numpy.tile(numpy.array(5.0), (2, 3)))
    check(ga.tile(ga.asarray(numpy.zeros((0, 3))), 2), numpy.tile(numpy.zeros((0, 3)), 2))
    with pytest.raises(ValueError):
        ga.tile(ga.asarray(host((2,))), -1)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("repeats, axis", [(2, None), (3, 0), (2, -1), (0, 1), ([1, 0, 2], 0),
                                           ([2, 2, 2, 2], 1), ([0, 3, 1, 1], -1), (list(range(12)), None)])
def test_repeat(layout, repeats, axis):
    device, h = LAYOUTS[layout](host((3, 4), "float32"))
    check(ga.repeat(device, repeats, axis=axis), numpy.repeat(h, repeats, axis=axis))
    check(device.repeat(repeats, axis), h.repeat(repeats, axis))


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "float16", "complex128"])
def test_repeat_per_position_every_kind_of_dtype(dtype):
    h = host((2, 3, 2), dtype)
    check(ga.repeat(ga.asarray(h), [3, 0, 1], axis=1), numpy.repeat(h, [3, 0, 1], axis=1))


def test_repeat_errors():
    device = ga.asarray(host((3, 4)))
    with pytest.raises(ValueError, match="negative"):
        ga.repeat(device, -1)
    with pytest.raises(ValueError):
        ga.repeat(device, [1, 2], axis=0)
    with pytest.raises(IndexError):
        ga.repeat(device, 2, axis=2)
    with pytest.raises(ValueError):
        ga.repeat(device, ga.asarray(numpy.array([1, 2, 3])), axis=0)


# ----- flip, roll, rot90 -------------------------------------------------------------------------------

@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2), (2, 0, 1)])
def test_flip_is_a_view_with_negative_strides(axis):
    h = host((2, 3, 4))
    device = ga.asarray(h)
    flipped = ga.flip(device, axis)
    check(flipped, numpy.flip(h, axis))
    assert flipped.strides == numpy.flip(h, axis).strides
    assert not flipped.flags.owndata


def test_fliplr_flipud_and_errors():
    h = host((3, 4))
    check(ga.fliplr(ga.asarray(h)), numpy.fliplr(h))
    check(ga.flipud(ga.asarray(h)), numpy.flipud(h))
    check(ga.flip(ga.asarray(h)[::2, 1:], 1), numpy.flip(h[::2, 1:], 1))
    with pytest.raises(ValueError, match=">= 2-d"):
        ga.fliplr(ga.asarray(host((3,))))
    with pytest.raises(ValueError, match=">= 1-d"):
        ga.flipud(ga.asarray(numpy.array(1.0)))
    with pytest.raises(IndexError):
        ga.flip(ga.asarray(h), 2)
    with pytest.raises(ValueError):
        ga.flip(ga.asarray(h), (0, 0))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shift, axis", [(1, None), (-7, None), (13, 0), (-1, 1), ((1, 2), (0, 1)),
                                         (3, (0, 1)), ((1, -2), 1), ((2, 5), (-1, -1)), (0, 0)])
def test_roll(layout, shift, axis):
    device, h = LAYOUTS[layout](host((4, 5)))
    check(ga.roll(device, shift, axis), numpy.roll(h, shift, axis))


def test_roll_empty_and_errors():
    check(ga.roll(ga.asarray(numpy.zeros((0, 3))), 2, 1), numpy.roll(numpy.zeros((0, 3)), 2, 1))
    check(ga.roll(ga.asarray(numpy.zeros((0, 3))), 2), numpy.roll(numpy.zeros((0, 3)), 2))
    with pytest.raises(IndexError):
        ga.roll(ga.asarray(host((3,))), 1, axis=1)
    with pytest.raises(ValueError):
        ga.roll(ga.asarray(host((3, 3))), (1, 2, 3), axis=(0, 1))


@pytest.mark.parametrize("k", [-3, -1, 0, 1, 2, 3, 5])
@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (1, 2), (-1, 0)])
def test_rot90(k, axes):
    h = host((2, 3, 4))
    rotated = ga.rot90(ga.asarray(h), k, axes)
    check(rotated, numpy.rot90(h, k, axes))
    assert not rotated.flags.owndata


def test_rot90_errors():
    device = ga.asarray(host((2, 3)))
    with pytest.raises(ValueError, match="Axes must be different"):
        ga.rot90(device, 1, (0, 0))
    with pytest.raises(ValueError, match="out of range"):
        ga.rot90(device, 1, (0, 3))
    with pytest.raises(ValueError, match="len\\(axes\\) must be 2"):
        ga.rot90(device, 1, (0,))


# ----- pad ---------------------------------------------------------------------------------------------

MODES = ["constant", "edge", "reflect", "symmetric", "wrap"]
WIDTHS = [1, (2, 3), ((1, 0), (0, 2)), ((3,), (1,)), ((0, 0), (4, 1))]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("width", WIDTHS)
def test_pad_modes_and_width_forms(layout, mode, width):
    device, h = LAYOUTS[layout](host((4, 5), "float32"))
    check(ga.pad(device, width, mode), numpy.pad(h, width, mode))


@pytest.mark.parametrize("shape", [(3, 2), (4, 5)])
@pytest.mark.parametrize("mode", ["reflect", "symmetric"])
@pytest.mark.parametrize("width", [(7, 2), (1, 11), (9, 9), (0, 13), ((2, 17), (10, 3))])
def test_pad_mirrors_wider_than_the_axis_as_numpy(mode, width, shape):
    # NumPy 2's iterative reflection (NumPy 1.x gave a different, irregular result for some wide pads).
    h = host(shape)
    check(ga.pad(ga.asarray(h), width, mode), numpy.pad(h, width, mode))


@pytest.mark.parametrize("width", [(7, 2), (1, 11), (9, 9)])
def test_pad_wrap_wider_than_the_axis_repeats_whole_periods(width):
    # NumPy 2's wrap (NumPy 1.x gave a different, irregular result for some wide pads).
    h = host((3, 2))
    before, after = width
    expected = h
    for axis in range(2):
        positions = numpy.arange(-before, h.shape[axis] + after) % h.shape[axis]
        expected = numpy.take(expected, positions, axis=axis)
    check(ga.pad(ga.asarray(h), width, "wrap"), expected)


@pytest.mark.parametrize("values", [5, (1.5, -2), ((1, 2), (3, 4)), ((7,), (8,))])
def test_pad_constant_values(values):
    h = host((3, 4), "float64")
    check(ga.pad(ga.asarray(h), ((1, 2), (2, 1)), constant_values=values),
          numpy.pad(h, ((1, 2), (2, 1)), constant_values=values))


@pytest.mark.parametrize("mode", MODES)
def test_pad_one_element_three_dims_and_empty(mode):
    one = numpy.array([4.0])
    check(ga.pad(ga.asarray(one), 3, mode), numpy.pad(one, 3, mode))
    cube = host((2, 3, 2), "int16")
    check(ga.pad(ga.asarray(cube), ((1, 2), (0, 1), (2, 2)), mode),
          numpy.pad(cube, ((1, 2), (0, 1), (2, 2)), mode))
    empty = numpy.zeros((0, 3))
    check(ga.pad(ga.asarray(empty), ((0, 0), (1, 1)), mode), numpy.pad(empty, ((0, 0), (1, 1)), mode))


def test_pad_errors():
    device = ga.asarray(host((3, 4)))
    with pytest.raises(ValueError, match="negative"):
        ga.pad(device, -1)
    with pytest.raises(TypeError, match="integral"):
        ga.pad(device, 1.5)
    with pytest.raises(ValueError, match="can't extend empty axis"):
        ga.pad(ga.asarray(numpy.zeros((0, 3))), 1, "reflect")
    with pytest.raises(ValueError, match="not supported"):
        ga.pad(device, 1, "bogus")
    with pytest.raises(NotImplementedError):
        ga.pad(device, 1, "mean")
    with pytest.raises(ValueError, match="unsupported keyword"):
        ga.pad(device, 1, "edge", constant_values=3)


# ----- triangles, diagonals, trace ---------------------------------------------------------------------

@pytest.mark.parametrize("k", [-2, -1, 0, 1, 3])
@pytest.mark.parametrize("shape", [(4, 4), (3, 5), (2, 3, 4), (5,)])
def test_tril_triu(k, shape):
    h = host(shape)
    check(ga.tril(ga.asarray(h), k), numpy.tril(h, k))
    check(ga.triu(ga.asarray(h), k), numpy.triu(h, k))


@pytest.mark.parametrize("dtype", ["bool", "uint8", "complex64", "float16"])
def test_tril_triu_keep_the_dtype(dtype):
    h = host((3, 3), dtype)
    check(ga.tril(ga.asarray(h)), numpy.tril(h))
    check(ga.triu(ga.asarray(h)[::-1], -1), numpy.triu(h[::-1], -1))


@pytest.mark.parametrize("k", [-4, -1, 0, 2, 5])
def test_diag(k):
    vector = host((3,))
    check(ga.diag(ga.asarray(vector), k), numpy.diag(vector, k))
    matrix = host((3, 5))
    check(ga.diag(ga.asarray(matrix), k), numpy.diag(matrix, k))
    check(ga.diag(ga.asarray(numpy.zeros(0)), k), numpy.diag(numpy.zeros(0), k))
    with pytest.raises(ValueError, match="1- or 2-d"):
        ga.diag(ga.asarray(host((2, 2, 2))))


@pytest.mark.parametrize("offset, axis1, axis2", [(0, 0, 1), (1, 0, 1), (-2, 1, 0), (0, -1, 0), (1, 2, 1),
                                                  (7, 0, 2)])
def test_diagonal_is_a_read_only_view(offset, axis1, axis2):
    h = host((3, 4, 5))
    diagonal = ga.diagonal(ga.asarray(h), offset, axis1, axis2)
    check(diagonal, numpy.diagonal(h, offset, axis1, axis2))
    assert not diagonal.flags.writeable
    check(ga.asarray(h).diagonal(offset, axis1, axis2), h.diagonal(offset, axis1, axis2))


def test_diagonal_errors():
    with pytest.raises(ValueError):
        ga.diagonal(ga.asarray(host((3,))))
    with pytest.raises(ValueError):
        ga.diagonal(ga.asarray(host((3, 3))), 0, 1, 1)
    with pytest.raises(IndexError):
        ga.diagonal(ga.asarray(host((3, 3))), 0, 0, 2)


def close(result, expected):
    """Sums may add in another order than NumPy's: same shape and dtype, values to rounding."""
    assert result.shape == expected.shape and result.dtype == expected.dtype, (result.dtype, expected.dtype)
    numpy.testing.assert_allclose(result.get(), expected, rtol=1e-6 if expected.dtype.itemsize <= 4 else 1e-12,
                                  atol=1e-15)


@pytest.mark.parametrize("dtype", ["bool", "int8", "float32", "complex128"])
@pytest.mark.parametrize("offset", [-1, 0, 2])
def test_trace(dtype, offset):
    h = host((3, 4, 2), dtype)
    close(ga.trace(ga.asarray(h), offset), numpy.asarray(numpy.trace(h, offset)))
    close(ga.asarray(h).trace(offset, 1, 2), numpy.asarray(h.trace(offset, 1, 2)))
    wide = "complex128" if dtype == "complex128" else "float64"
    close(ga.trace(ga.asarray(h), offset, dtype=wide), numpy.asarray(numpy.trace(h, offset, dtype=wide)))
    out = ga.zeros((2,), dtype=wide)
    assert ga.trace(ga.asarray(h), offset, out=out) is out
    close(out, numpy.trace(h, offset).astype(wide))


# ----- copyto and outer --------------------------------------------------------------------------------

def test_copyto_broadcasts_casts_and_masks():
    destination_host = host((3, 4))
    destination = ga.asarray(destination_host)
    source_host = host((4,), "int32", seed=1)
    mask_host = host((3, 1), seed=2) > 0
    ga.copyto(destination, ga.asarray(source_host), where=ga.asarray(mask_host))
    numpy.copyto(destination_host, source_host, where=mask_host)
    numpy.testing.assert_array_equal(destination.get(), destination_host)
    ga.copyto(destination[:, ::2], 2.5)
    numpy.copyto(destination_host[:, ::2], 2.5)
    numpy.testing.assert_array_equal(destination.get(), destination_host)
    ga.copyto(destination, numpy.float32(4.0))
    numpy.testing.assert_array_equal(destination.get(), numpy.full((3, 4), 4.0))


def test_copyto_errors():
    integers = ga.zeros((3,), dtype="int32")
    with pytest.raises(TypeError, match="Cannot cast"):
        ga.copyto(integers, ga.asarray(host((3,))))
    with pytest.raises(TypeError):
        ga.copyto(integers, 1.5)
    with pytest.raises(TypeError):
        ga.copyto(integers, ga.zeros(3, dtype="int32"), where=ga.zeros(3, dtype="int32"))
    with pytest.raises(ValueError):
        ga.copyto(integers, ga.zeros(4, dtype="int32"))
    ga.copyto(integers, ga.asarray(host((3,))), casting="unsafe")


def test_outer_of_hanning_windows():
    close(ga.outer(ga.hanning(31), ga.hanning(31)), numpy.outer(numpy.hanning(31), numpy.hanning(31)))
    a, b = host((2, 3)), host((4,), "float32", seed=1)
    close(ga.outer(ga.asarray(a), ga.asarray(b)), numpy.outer(a, b))


# ----- windows -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
@pytest.mark.parametrize("m", [-3, 0, 1, 2, 5, 31, 64, 1001])
def test_windows(name, m):
    window = getattr(ga, name)(m)
    expected = getattr(numpy, name)(m)
    assert window.dtype == numpy.float64 and window.shape == expected.shape
    numpy.testing.assert_allclose(window.get(), expected, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("beta", [0.0, 0.5, 5.0, 8.6, 14.0, 50.0, 300.0])
@pytest.mark.parametrize("m", [0, 1, 2, 7, 64, 513])
def test_kaiser(m, beta):
    window = ga.kaiser(m, beta)
    expected = numpy.kaiser(m, beta)
    assert window.dtype == numpy.float64 and window.shape == expected.shape
    numpy.testing.assert_allclose(window.get(), expected, rtol=1e-12, atol=1e-300)
