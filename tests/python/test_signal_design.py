"""Filter design (garray._signal_design, re-exported by garray.scipy.signal) against SciPy.

Host tests: the design is NumPy arithmetic on the host, so nothing here needs a GPU (conftest imports
garray, which loads the extension but makes no arrays). Every public function is compared with
scipy.signal over many parameter combinations (orders 1-12, every band type, analog and digital, fs
given or not, each output form); the comparisons skip, saying why, without SciPy. Bad input raises
SciPy's exception types with SciPy's messages; those tests run without SciPy too, and where SciPy is
present also check that it raises the same type."""

import ast
import pathlib
import warnings

import numpy as np
import pytest

from garray import _signal_design as design
from garray._signal_design._windows import get_window as host_get_window

try:
    from scipy import signal
except ImportError:  # Debian's build machines may lack SciPy; the GPU machine has it.
    signal = None

needs_scipy = pytest.mark.skipif(signal is None, reason="SciPy is not installed: the design tests compare "
                                                        "with scipy.signal")

ORDERS = list(range(1, 13))
BTYPES = ["lowpass", "highpass", "bandpass", "bandstop"]
# (ftype, extra keyword arguments of iirfilter)
FAMILIES = [("butter", {}), ("cheby1", {"rp": 1.0}), ("cheby2", {"rs": 40.0}), ("ellip", {"rp": 0.5, "rs": 50.0}),
            ("bessel_phase", {}), ("bessel_delay", {}), ("bessel_mag", {})]
# (analog, fs, the critical frequencies of a single edge and of a band, in the units of fs)
DOMAINS = [(False, None, 0.3, [0.2, 0.45]), (False, 1000.0, 120.0, [150.0, 320.0]), (True, None, 2.5, [1.5, 6.0])]
DOMAIN_IDS = ["digital", "digital-fs", "analog"]


def assert_same_roots(actual, expected, rtol):
    """The same multiset of complex roots, each within rtol of its partner (greedy nearest matching)."""
    actual = list(np.atleast_1d(np.asarray(actual, dtype=complex)))
    expected = list(np.atleast_1d(np.asarray(expected, dtype=complex)))
    assert len(actual) == len(expected)
    for root in expected:
        distances = [abs(root - other) for other in actual]
        nearest = int(np.argmin(distances))
        assert distances[nearest] <= rtol * max(abs(root), 1.0), (root, actual[nearest])
        actual.pop(nearest)


def assert_same_coefficients(actual, expected, rtol):
    """Equal arrays to rtol, with an absolute floor of rtol times the largest coefficient."""
    actual, expected = np.asarray(actual), np.asarray(expected)
    assert actual.shape == expected.shape
    scale = np.max(np.abs(expected)) if expected.size else 1.0
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=rtol * scale)


def assert_same_zpk(actual, expected, rtol):
    assert_same_roots(actual[0], expected[0], rtol)
    assert_same_roots(actual[1], expected[1], rtol)
    np.testing.assert_allclose(actual[2], expected[2], rtol=rtol)


def assert_same_response(sos, expected_sos, rtol):
    """Cascades with the same frequency response (sections may be ordered differently when poles tie)."""
    _, h = signal.sosfreqz(sos, worN=256)
    _, expected = signal.sosfreqz(expected_sos, worN=256)
    np.testing.assert_allclose(h, expected, rtol=rtol, atol=rtol * np.max(np.abs(expected)))


# ---------------------------------------------------------------------------------------------- IIR


def _tolerance(ftype, N, btype):
    # High-order band designs multiply out 2N roots; elliptic poles carry the degree equation's error.
    order = 2 * N if btype.startswith("band") else N
    return (1e-7 if ftype == "ellip" else 1e-9) * max(1, order / 4) ** 2


@needs_scipy
@pytest.mark.parametrize("domain", DOMAINS, ids=DOMAIN_IDS)
@pytest.mark.parametrize("btype", BTYPES)
@pytest.mark.parametrize("N", ORDERS)
@pytest.mark.parametrize("ftype,options", FAMILIES, ids=[f for f, _ in FAMILIES])
def test_iirfilter_matches_scipy(ftype, options, N, btype, domain):
    analog, fs, edge, band = domain
    Wn = band if btype.startswith("band") else edge
    kwargs = dict(options, btype=btype, analog=analog, ftype=ftype, fs=fs)
    rtol = _tolerance(ftype, N, btype)
    zpk = design.iirfilter(N, Wn, output="zpk", **kwargs)
    assert_same_zpk(zpk, signal.iirfilter(N, Wn, output="zpk", **kwargs), rtol)
    b, a = design.iirfilter(N, Wn, output="ba", **kwargs)
    expected_b, expected_a = signal.iirfilter(N, Wn, output="ba", **kwargs)
    assert_same_coefficients(b, expected_b, 100 * rtol)
    assert_same_coefficients(a, expected_a, 100 * rtol)
    sos = design.iirfilter(N, Wn, output="sos", **kwargs)
    try:
        expected_sos = signal.iirfilter(N, Wn, output="sos", **kwargs)
    except IndexError:
        # SciPy's 'minimal' pairing fails when a real zero is left beside complex ones (odd-order analog
        # cheby2 bands); the design pairs it alone with the poles. The cascade is still b/a.
        assert analog
        sos_b, sos_a = design.sos2tf(sos)
        assert_same_coefficients(sos_b, expected_b, 100 * rtol)
        assert_same_coefficients(sos_a, expected_a, 100 * rtol)
        return
    assert sos.shape == expected_sos.shape
    assert_same_coefficients(sos, expected_sos, 100 * rtol)


@needs_scipy
@pytest.mark.parametrize("output", ["ba", "zpk", "sos"])
@pytest.mark.parametrize("N", [1, 2, 5, 8])
def test_named_designs_match_scipy(N, output):
    cases = [
        ("butter", (N, 0.25), {}),
        ("butter", (N, [10.0, 40.0]), {"btype": "bandstop", "fs": 200.0}),
        ("cheby1", (N, 2.0, 0.4), {"btype": "highpass"}),
        ("cheby1", (N, 0.1, [1.0, 3.0]), {"btype": "bandpass", "analog": True}),
        ("cheby2", (N, 60.0, [0.1, 0.6]), {"btype": "bandpass"}),
        ("cheby2", (N, 30.0, 5.0), {"analog": True}),
        ("ellip", (N, 1.0, 60.0, 0.35), {}),
        ("ellip", (N, 0.1, 80.0, [50.0, 90.0]), {"btype": "bandstop", "fs": 400.0}),
        ("bessel", (N, 0.2), {}),
        ("bessel", (N, 3.0), {"analog": True, "norm": "mag", "btype": "high"}),
        ("bessel", (N, [0.1, 0.3]), {"norm": "delay", "btype": "band"}),
    ]
    for name, args, kwargs in cases:
        ours = getattr(design, name)(*args, output=output, **kwargs)
        theirs = getattr(signal, name)(*args, output=output, **kwargs)
        if output == "zpk":
            assert_same_zpk(ours, theirs, 1e-8)
        elif output == "ba":
            assert_same_coefficients(ours[0], theirs[0], 1e-7)
            assert_same_coefficients(ours[1], theirs[1], 1e-7)
        else:
            assert_same_coefficients(ours, theirs, 1e-7)


@needs_scipy
def test_design_defaults_match_scipy():
    assert_same_coefficients(design.butter(3, 0.5)[1], signal.butter(3, 0.5)[1], 1e-12)
    assert_same_coefficients(design.iirfilter(4, [0.2, 0.5])[0], signal.iirfilter(4, [0.2, 0.5])[0], 1e-10)
    assert_same_coefficients(design.bessel(4, 0.3)[1], signal.bessel(4, 0.3)[1], 1e-10)
    for alias in ["butterworth", "chebyshev1", "chebyshevi", "cauer", "elliptic", "bessel"]:
        options = {"rp": 1.0, "rs": 40.0}
        assert_same_coefficients(design.iirfilter(3, 0.3, ftype=alias, btype="low", **options)[1],
                                 signal.iirfilter(3, 0.3, ftype=alias, btype="low", **options)[1], 1e-9)
    for alias in ["l", "lp", "h", "hp", "band", "pass", "bp", "stop", "bands", "bs", "LOW", "BandPass"]:
        Wn = [0.2, 0.4] if alias.lower() not in ("l", "lp", "h", "hp", "low") else 0.3
        assert_same_coefficients(design.butter(3, Wn, btype=alias)[1], signal.butter(3, Wn, btype=alias)[1], 1e-10)


@needs_scipy
@pytest.mark.parametrize("N", list(range(0, 31)))
def test_analog_prototypes_match_scipy(N):
    assert_same_zpk(design.buttap(N), signal.buttap(N), 1e-12)
    for rp in (0.01, 1.0, 3.0):
        assert_same_zpk(design.cheb1ap(N, rp), signal.cheb1ap(N, rp), 1e-12)
    for rs in (20.0, 60.0):
        assert_same_zpk(design.cheb2ap(N, rs), signal.cheb2ap(N, rs), 1e-12)
    for norm in ("phase", "delay", "mag"):
        assert_same_zpk(design.besselap(N, norm=norm), signal.besselap(N, norm=norm), 1e-10)
    if N <= 20:
        for rp, rs in ((0.5, 40.0), (3.0, 80.0), (0.01, 120.0)):
            assert_same_zpk(design.ellipap(N, rp, rs), signal.ellipap(N, rp, rs), 1e-8)


@needs_scipy
@pytest.mark.parametrize("ftype", ["notch", "peak"])
@pytest.mark.parametrize("w0,Q,fs", [(0.1, 1.0, 2.0), (0.5, 30.0, 2.0), (60.0, 30.0, 1000.0), (0.95, 5.0, 2.0)])
def test_notch_and_peak_match_scipy(ftype, w0, Q, fs):
    ours = getattr(design, "iir" + ftype)(w0, Q, fs=fs)
    theirs = getattr(signal, "iir" + ftype)(w0, Q, fs=fs)
    assert_same_coefficients(ours[0], theirs[0], 1e-12)
    assert_same_coefficients(ours[1], theirs[1], 1e-12)


# ---------------------------------------------------------------------------------- order selection

# (wp, ws, analog, fs)
ORDER_SPECS = [
    (0.2, 0.3, False, None), (0.3, 0.2, False, None), ([0.2, 0.5], [0.1, 0.6], False, None),
    ([0.1, 0.6], [0.2, 0.5], False, None), (100.0, 150.0, False, 1000.0), ([100.0, 200.0], [50.0, 300.0], False, 1000.0),
    ([50.0, 300.0], [100.0, 200.0], False, 1000.0), (2.0, 3.0, True, None), (30.0, 10.0, True, None),
    ([20.0, 50.0], [14.0, 60.0], True, None), ([14.0, 60.0], [20.0, 50.0], True, None),
    ([0.05, 0.7], [0.3, 0.35], False, None),
]


@needs_scipy
@pytest.mark.parametrize("gpass,gstop", [(3.0, 40.0), (0.5, 60.0), (1.0, 25.0), (0.1, 80.0)])
@pytest.mark.parametrize("spec", ORDER_SPECS)
@pytest.mark.parametrize("name", ["buttord", "cheb1ord", "cheb2ord", "ellipord"])
def test_order_selection_matches_scipy(name, spec, gpass, gstop):
    wp, ws, analog, fs = spec
    order, wn = getattr(design, name)(wp, ws, gpass, gstop, analog=analog, fs=fs)
    expected_order, expected_wn = getattr(signal, name)(wp, ws, gpass, gstop, analog=analog, fs=fs)
    assert order == expected_order
    assert np.shape(wn) == np.shape(expected_wn)
    # SciPy finds a bandstop's passband edges with fminbound (to about 1e-5); the design solves for them.
    bandstop = np.size(wp) == 2 and np.atleast_1d(wp)[0] < np.atleast_1d(ws)[0]
    np.testing.assert_allclose(wn, expected_wn, rtol=1e-3 if bandstop else 1e-10)


@needs_scipy
@pytest.mark.parametrize("output", ["ba", "zpk", "sos"])
@pytest.mark.parametrize("ftype", ["butter", "cheby1", "cheby2", "ellip"])
def test_iirdesign_matches_scipy(ftype, output):
    for wp, ws, analog, fs in ORDER_SPECS[:5] + ORDER_SPECS[7:9]:
        ours = design.iirdesign(wp, ws, 1.0, 40.0, analog=analog, ftype=ftype, output=output, fs=fs)
        theirs = signal.iirdesign(wp, ws, 1.0, 40.0, analog=analog, ftype=ftype, output=output, fs=fs)
        bandstop = np.size(wp) == 2 and np.atleast_1d(wp)[0] < np.atleast_1d(ws)[0]
        rtol = 1e-3 if bandstop else 1e-7  # SciPy's bandstop edges come from fminbound (see above)
        if output == "zpk":
            assert_same_zpk(ours, theirs, rtol)
        elif output == "sos":
            assert_same_coefficients(ours, theirs, 10 * rtol)
        else:
            assert_same_coefficients(ours[1], theirs[1], 10 * rtol)


# ------------------------------------------------------------------------------ transforms and forms


def random_zpk(rng, n_zeros, n_poles, stable=True):
    """Conjugate-closed zeros and poles (real ones included where the count is odd) and a gain."""
    def roots(n):
        pairs = rng.uniform(-0.9, -0.1, n // 2) + 1j * rng.uniform(0.1, 0.9, n // 2)
        real = rng.uniform(-0.9, -0.1, n % 2)
        values = np.concatenate((pairs, pairs.conj(), real))
        return values if stable else -values
    return roots(n_zeros), roots(n_poles), float(rng.uniform(0.5, 2.0))


@needs_scipy
@pytest.mark.parametrize("n_zeros,n_poles", [(0, 1), (0, 4), (1, 3), (2, 2), (3, 5), (4, 7), (6, 6)])
def test_zpk_transforms_match_scipy(n_zeros, n_poles):
    rng = np.random.default_rng(n_zeros * 10 + n_poles)
    z, p, k = random_zpk(rng, n_zeros, n_poles)
    z = z.astype(complex)
    for name, args in [("lp2lp_zpk", (3.0,)), ("lp2hp_zpk", (0.5,)), ("lp2bp_zpk", (2.0, 0.7)),
                       ("lp2bs_zpk", (2.0, 0.7)), ("bilinear_zpk", (10.0,))]:
        assert_same_zpk(getattr(design, name)(z, p, k, *args), getattr(signal, name)(z, p, k, *args), 1e-10)


@needs_scipy
@pytest.mark.parametrize("n_zeros,n_poles", [(0, 1), (0, 3), (1, 2), (2, 2), (3, 4), (2, 5)])
def test_ba_transforms_match_scipy(n_zeros, n_poles):
    rng = np.random.default_rng(100 + n_zeros * 10 + n_poles)
    b, a = signal.zpk2tf(*random_zpk(rng, n_zeros, n_poles))
    for name, args in [("lp2lp", (3.0,)), ("lp2lp", ([0.5],)), ("lp2hp", (0.5,)), ("lp2hp", (1.0,)),
                       ("lp2bp", (2.0, 0.7)), ("lp2bs", (2.0, 0.7)), ("bilinear", (10.0,)), ("bilinear", ())]:
        ours = getattr(design, name)(b, a, *args)
        theirs = getattr(signal, name)(b, a, *args)
        assert_same_coefficients(ours[0], theirs[0], 1e-10)
        assert_same_coefficients(ours[1], theirs[1], 1e-10)


@needs_scipy
@pytest.mark.parametrize("pairing", [None, "nearest", "keep_odd", "minimal"])
@pytest.mark.parametrize("n_zeros,n_poles", [(0, 0), (0, 1), (1, 1), (2, 3), (3, 3), (4, 5), (5, 5), (6, 8),
                                             (7, 7), (1, 6)])
def test_zpk2sos_matches_scipy(n_zeros, n_poles, pairing):
    rng = np.random.default_rng(200 + n_zeros * 10 + n_poles)
    z, p, k = random_zpk(rng, n_zeros, n_poles)
    cases = [{"pairing": pairing}]
    if n_zeros <= n_poles and pairing in (None, "minimal"):
        cases.append({"analog": True})
    for options in cases:
        ours = design.zpk2sos(z, p, k, **options)
        try:
            expected = signal.zpk2sos(z, p, k, **options)
        except IndexError:
            # SciPy's 'minimal' pairing fails when only complex zeros are left for a real pole; the
            # design gives that pole a section of its own. The cascade is still the filter.
            assert options.get("analog") or pairing == "minimal"
            for x, y in zip(design.sos2tf(ours), signal.zpk2tf(z, p, k)):
                assert_same_coefficients(np.trim_zeros(x, "f"), y, 1e-12)
        else:
            assert_same_coefficients(ours, expected, 1e-12)


@needs_scipy
@pytest.mark.parametrize("N", [1, 2, 3, 6, 9])
def test_conversions_match_scipy(N):
    sos = signal.ellip(N, 1.0, 50.0, [0.2, 0.3], btype="bandpass", output="sos")
    z, p, k = design.sos2zpk(sos)
    expected = signal.sos2zpk(sos)
    assert_same_zpk((z, p, k), expected, 1e-8)
    b, a = design.sos2tf(sos)
    expected_b, expected_a = signal.sos2tf(sos)
    assert_same_coefficients(b, expected_b, 1e-12)
    assert_same_coefficients(a, expected_a, 1e-12)
    assert_same_zpk(design.tf2zpk(b, a), signal.tf2zpk(b, a), 1e-5)
    ours = design.zpk2tf(*expected)
    assert_same_coefficients(ours[0], signal.zpk2tf(*expected)[0], 1e-12)
    assert_same_coefficients(ours[1], signal.zpk2tf(*expected)[1], 1e-12)
    small_b, small_a = signal.butter(N, 0.3)
    assert_same_coefficients(design.tf2sos(small_b, small_a), signal.tf2sos(small_b, small_a), 1e-8)
    assert_same_coefficients(design.tf2sos(small_b, small_a, pairing="keep_odd"),
                             signal.tf2sos(small_b, small_a, pairing="keep_odd"), 1e-8)
    analog_b, analog_a = signal.butter(N, 2.0, analog=True)
    assert_same_coefficients(design.tf2sos(analog_b, analog_a, analog=True),
                             signal.tf2sos(analog_b, analog_a, analog=True), 1e-8)
    assert design.sos2tf(np.array([[1, 2, 1, 1, 0, 0]])).__class__ is tuple
    assert design.sos2tf(np.array([[1, 2, 1, 1, 0, 0]]))[0].dtype == np.float64


@needs_scipy
def test_zpk2tf_and_normalize_match_scipy():
    rows = np.array([[0.5, -0.5], [1j, -1j]])
    # Per-row gains as an array: SciPy 1.18's zpk2tf takes the gain's dtype with result_type, which
    # refuses a Python list.
    for z, p, k in [([], [], 2.0), ([1.0, 2.0], [0.5], 3), (rows, [0.1, 0.2], np.array([1.0, 2.0])),
                    (rows, [0.3], 1.5)]:
        ours, theirs = design.zpk2tf(z, p, k), signal.zpk2tf(z, p, k)
        for x, y in zip(ours, theirs):
            assert x.dtype == y.dtype
            assert_same_coefficients(x, y, 1e-14)
    # Ragged numerators are padded on the left, as SciPy 1.10 pads them; SciPy 1.18 refuses them, so
    # the reference gets the padded rows.
    for b, a, padded in [([3, -2, 5], [2, 3, 1], None), ([[1, 2], [3, 4]], [0, 2, 4], None), ([1.0], [4.0], None),
                         ([[1], [1, 2, 3]], [1, 1], [[0, 0, 1], [1, 2, 3]])]:
        ours, theirs = design.normalize(b, a), signal.normalize(b if padded is None else padded, a)
        assert_same_coefficients(ours[0], theirs[0], 1e-14)
        assert_same_coefficients(ours[1], theirs[1], 1e-14)
    with pytest.warns(design.BadCoefficients, match="Badly conditioned"):
        b, a = design.normalize([0, 3, 6], [2, -5, 4])
    assert_same_coefficients(b, [1.5, 3.0], 1e-14)
    with pytest.warns(design.BadCoefficients):
        b, _ = design.normalize([0, 0], [1, 2])
    assert b.shape == (1,)


# ------------------------------------------------------------------------------------------------ FIR

FIR_CUTOFFS = [(0.3, True), (0.3, False), ([0.2, 0.5], False), ([0.2, 0.5], True), ([0.1, 0.4, 0.6], True),
               ([0.1, 0.4, 0.6, 0.8], False), (0.3, "lowpass"), (0.3, "highpass"), ([0.2, 0.5], "bandpass"),
               ([0.2, 0.5], "bandstop")]


@needs_scipy
@pytest.mark.parametrize("window", ["hamming", "hann", "blackman", "boxcar", ("kaiser", 5.0), 8.6, "triang",
                                    "bartlett", "flattop", "nuttall", "blackmanharris", "parzen", "bohman",
                                    "cosine", "barthann", "lanczos", ("tukey", 0.3), ("gaussian", 7.0),
                                    ("general_gaussian", 1.5, 7.0), ("general_hamming", 0.7), "exponential",
                                    ("general_cosine", [0.5, 0.3, 0.2])])
@pytest.mark.parametrize("numtaps", [1, 2, 7, 16, 31, 64, 101])
def test_windows_match_scipy(numtaps, window):
    for fftbins in (True, False):
        np.testing.assert_allclose(host_get_window(window, numtaps, fftbins=fftbins),
                                   signal.get_window(window, numtaps, fftbins=fftbins), rtol=1e-12, atol=1e-14)


@needs_scipy
@pytest.mark.parametrize("numtaps", [1, 5, 16, 31, 64, 127])
@pytest.mark.parametrize("cutoff,pass_zero", FIR_CUTOFFS)
def test_firwin_matches_scipy(numtaps, cutoff, pass_zero):
    pass_nyquist = bool(np.size(cutoff) & 1) ^ (pass_zero in (True, "lowpass", "bandstop"))
    if pass_nyquist and numtaps % 2 == 0:
        pytest.skip("an even numtaps cannot pass Nyquist (the error is tested below)")
    for options in [{}, {"window": "hann"}, {"window": ("kaiser", 4.0)}, {"width": 0.05}, {"scale": False},
                    {"fs": 300.0}]:
        scaled_cutoff = np.asarray(cutoff) * (options["fs"] / 2 if "fs" in options else 1)
        ours = design.firwin(numtaps, scaled_cutoff, pass_zero=pass_zero, **options)
        theirs = signal.firwin(numtaps, scaled_cutoff, pass_zero=pass_zero, **options)
        np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-14)


@needs_scipy
@pytest.mark.parametrize("numtaps", [5, 6, 31, 32, 101])
@pytest.mark.parametrize("antisymmetric", [False, True])
def test_firwin2_matches_scipy(numtaps, antisymmetric):
    type_iii = antisymmetric and numtaps % 2
    curves = [([0, 0.5, 1], [0, 1, 0]), ([0, 0.3, 0.3, 0.6, 1], [0, 0, 1, 1, 0]), ([0, 0.2, 0.5, 1], [0, 1, 0.5, 0])]
    if not antisymmetric and numtaps % 2:
        curves += [([0, 0.5, 1], [1, 1, 1]), ([0, 0.4, 0.4, 1], [1, 1, 0, 0])]
    if antisymmetric and not type_iii:
        curves += [([0, 0.5, 1], [0, 1, 1])]
    for freq, gain in curves:
        for options in [{}, {"window": None}, {"window": "hann"}, {"nfreqs": 1025}, {"fs": 8000.0}]:
            scaled = np.asarray(freq, dtype=float) * (options["fs"] / 2 if "fs" in options else 1)
            ours = design.firwin2(numtaps, scaled, gain, antisymmetric=antisymmetric, **options)
            theirs = signal.firwin2(numtaps, scaled, gain, antisymmetric=antisymmetric, **options)
            np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-14)


@needs_scipy
def test_kaiser_formulas_match_scipy():
    for a in [8.0, 15.0, 21.0, 21.5, 30.0, 50.0, 50.5, 80.0, -60.0]:
        assert design.kaiser_beta(abs(a)) == pytest.approx(signal.kaiser_beta(abs(a)), rel=1e-14)
        for width in [0.01, 0.1, 0.3]:
            assert design.kaiserord(a, width) == signal.kaiserord(a, width)
    for numtaps, width in [(1, 0.1), (31, 0.05), (101, 0.2)]:
        assert design.kaiser_atten(numtaps, width) == pytest.approx(signal.kaiser_atten(numtaps, width), rel=1e-14)


# ------------------------------------------------------------------------------------------ responses


@needs_scipy
@pytest.mark.parametrize("worN", [None, 0, 1, 8, 512, 1000, np.array([0.0, 0.3, 1.0, 3.0])])
@pytest.mark.parametrize("whole", [False, True])
@pytest.mark.parametrize("fs", [2 * np.pi, 2.0, 44100.0])
def test_digital_responses_match_scipy(worN, whole, fs):
    b, a = signal.ellip(5, 1.0, 40.0, 0.3)
    sos = signal.ellip(5, 1.0, 40.0, 0.3, output="sos")
    z, p, k = signal.ellip(5, 1.0, 40.0, 0.3, output="zpk")
    if isinstance(worN, np.ndarray):
        worN = worN * fs / 8
    cases = [
        (design.freqz(b, a, worN=worN, whole=whole, fs=fs), signal.freqz(b, a, worN=worN, whole=whole, fs=fs)),
        (design.freqz(b, worN=worN, whole=whole, fs=fs), signal.freqz(b, worN=worN, whole=whole, fs=fs)),
        (design.freqz(b + 1j, a, worN=worN, whole=whole, fs=fs),
         signal.freqz(b + 1j, a, worN=worN, whole=whole, fs=fs)),
        (design.sosfreqz(sos, worN=worN, whole=whole, fs=fs), signal.sosfreqz(sos, worN=worN, whole=whole, fs=fs)),
        (design.freqz_zpk(z, p, k, worN=worN, whole=whole, fs=fs),
         signal.freqz_zpk(z, p, k, worN=worN, whole=whole, fs=fs)),
    ]
    if worN is not None:
        cases.append((design.freqz(b, a, worN, whole, None, fs, True), signal.freqz(b, a, worN, whole, None, fs, True)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # group delay at a singular frequency warns in both
        cases.append((design.group_delay((b, a), w=512 if worN is None else worN, whole=whole, fs=fs),
                      signal.group_delay((b, a), w=512 if worN is None else worN, whole=whole, fs=fs)))
    for (w, h), (expected_w, expected_h) in cases:
        np.testing.assert_allclose(w, expected_w, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(h, expected_h, rtol=1e-9, atol=1e-12)


@needs_scipy
def test_freqz_plot_callback_and_nd_numerator():
    seen = []
    w, h = design.freqz([1, 2, 1], [1, -0.5], worN=16, plot=lambda w, h: seen.append((w, h)))
    assert seen and seen[0][0] is w
    b = np.random.default_rng(0).standard_normal((3, 16))
    w = np.linspace(0, np.pi, 16, endpoint=False)
    np.testing.assert_allclose(design.freqz(b, worN=w)[1], signal.freqz(b, worN=w)[1], rtol=1e-12)


@needs_scipy
@pytest.mark.parametrize("worN", [None, 5, 200, np.array([0.1, 1.0, 10.0])])
def test_analog_responses_match_scipy(worN):
    for b, a in [signal.butter(4, 2.0, analog=True), signal.cheby2(5, 40.0, [1.0, 3.0], "bandstop", analog=True),
                 ([1.0], [1.0, 1.0])]:
        w, h = design.freqs(b, a, worN=worN)
        expected_w, expected_h = signal.freqs(b, a, worN=worN)
        np.testing.assert_allclose(w, expected_w, rtol=1e-12)
        np.testing.assert_allclose(h, expected_h, rtol=1e-9, atol=1e-14)
        z, p, k = signal.tf2zpk(b, a)
        w, h = design.freqs_zpk(z, p, k, worN=worN)
        expected_w, expected_h = signal.freqs_zpk(z, p, k, worN=worN)
        np.testing.assert_allclose(w, expected_w, rtol=1e-12)
        np.testing.assert_allclose(h, expected_h, rtol=1e-9, atol=1e-14)
    np.testing.assert_allclose(design.findfreqs([1, 0], [1, 3, 2], 9), signal.findfreqs([1, 0], [1, 3, 2], 9))


# ------------------------------------------------------------------------------------------ bad input

# (function, args, kwargs, exception type, message fragment): SciPy's types and messages.
BAD_INPUT = [
    ("butter", (4, 1.2), {}, ValueError, "Digital filter critical frequencies must be 0 < Wn < 1"),
    ("butter", (4, 600.0), {"fs": 1000.0}, ValueError, r"must be 0 < Wn < fs/2 \(fs=1000.0 -> fs/2=500.0\)"),
    ("butter", (4, 0.0), {}, ValueError, "filter critical frequencies must be greater than 0"),
    ("butter", (4, -0.5), {"analog": True}, ValueError, "filter critical frequencies must be greater than 0"),
    ("butter", (4, [0.5, 0.2]), {"btype": "band"}, ValueError, r"Wn\[0\] must be less than Wn\[1\]"),
    ("butter", (4, 0.3), {"btype": "band"}, ValueError, "Wn must specify start and stop frequencies"),
    ("butter", (4, [0.2, 0.4]), {"btype": "low"}, ValueError, "Must specify a single critical frequency Wn"),
    ("butter", (-1, 0.3), {}, ValueError, "Filter order must be a nonnegative integer"),
    ("butter", (2.5, 0.3), {}, ValueError, "Filter order must be a nonnegative integer"),
    ("butter", (4, 0.3), {"btype": "notch"}, ValueError, "'notch' is an invalid bandtype for filter."),
    ("butter", (4, 0.3), {"output": "ss"}, ValueError, "'ss' is not a valid output form."),
    ("butter", (4, 0.3), {"analog": True, "fs": 100.0}, ValueError, "fs cannot be specified for an analog filter"),
    ("iirfilter", (4, 0.3), {"ftype": "chebyshev3"}, ValueError, "'chebyshev3' is not a valid basic IIR filter."),
    ("iirfilter", (4, 0.3), {"ftype": "cheby1"}, ValueError, r"passband ripple \(rp\) must be provided"),
    ("iirfilter", (4, 0.3), {"ftype": "cheby2"}, ValueError, r"stopband attenuation \(rs\) must be provided"),
    ("iirfilter", (4, 0.3), {"ftype": "ellip", "rp": 1.0}, ValueError, "Both rp and rs must be provided"),
    ("iirfilter", (4, 0.3), {"ftype": "ellip", "rs": 40.0}, ValueError, "Both rp and rs must be provided"),
    ("cheby1", (4, -1.0, 0.3), {}, ValueError, r"passband ripple \(rp\) must be positive"),
    ("cheby2", (4, -40.0, 0.3), {}, ValueError, r"stopband attenuation \(rs\) must be positive"),
    ("bessel", (4, 0.3), {"norm": "group"}, ValueError, "'bessel_group' is not a valid basic IIR filter."),
    ("besselap", (4,), {"norm": "group"}, ValueError, "normalization not understood"),
    ("buttap", (-2,), {}, ValueError, "Filter order must be a nonnegative integer"),
    ("ellipap", (3, 1.0, np.inf), {}, ValueError, "Cannot design a filter with given rp and rs specifications."),
    ("buttord", (0.2, 0.3, 0.0, 40.0), {}, ValueError, "gpass should be larger than 0.0"),
    ("cheb1ord", (0.2, 0.3, 3.0, -1.0), {}, ValueError, "gstop should be larger than 0.0"),
    ("ellipord", (0.2, 0.3, 50.0, 40.0), {}, ValueError, "gpass should be smaller than gstop"),
    ("cheb2ord", (0.2, 0.3, 3.0, 40.0), {"analog": True, "fs": 10.0}, ValueError, "fs cannot be specified"),
    ("iirdesign", (0.2, 0.3, 1.0, 40.0), {"ftype": "bessel"}, ValueError, "bessel does not have order selection"),
    ("iirdesign", (0.2, 0.3, 1.0, 40.0), {"ftype": "foo"}, ValueError, "Invalid IIR filter type: foo"),
    ("iirdesign", ([0.2, 0.3], 0.4, 1.0, 40.0), {}, ValueError, "wp and ws must have one or two elements each"),
    ("iirdesign", (0.2, 1.3, 1.0, 40.0), {}, ValueError, "Values for wp, ws must be less than 1"),
    ("iirdesign", (0.0, 0.3, 1.0, 40.0), {}, ValueError, "Values for wp, ws must be greater than 0"),
    ("iirdesign", (200.0, 600.0, 1.0, 40.0), {"fs": 1000.0}, ValueError, "Values for wp, ws must be less than fs/2"),
    ("iirdesign", ([0.2, 0.5], [0.3, 0.6], 1.0, 40.0), {}, ValueError,
     "Passband must lie strictly inside stopband or vice versa"),
    ("iirnotch", (1.5, 30.0), {}, ValueError, "w0 should be such that 0 < w0 < 1"),
    ("iirpeak", (600.0, 30.0), {"fs": 1000.0}, ValueError, "w0 should be such that 0 < w0 < 1"),
    ("firwin", (16, 0.3), {"pass_zero": False}, ValueError,
     "A filter with an even number of coefficients must have zero response at the Nyquist frequency."),
    ("firwin", (15, 1.0), {}, ValueError, "Invalid cutoff frequency: frequencies must be greater than 0"),
    ("firwin", (15, 0.0), {}, ValueError, "Invalid cutoff frequency"),
    ("firwin", (15, [0.5, 0.3]), {}, ValueError, "the frequencies must be strictly increasing"),
    ("firwin", (15, []), {}, ValueError, "At least one cutoff frequency must be given."),
    ("firwin", (15, [[0.1, 0.2]]), {}, ValueError, "The cutoff argument must be at most one-dimensional."),
    ("firwin", (15, [0.1, 0.2]), {"pass_zero": "lowpass"}, ValueError,
     'cutoff must have one element if pass_zero=="lowpass"'),
    ("firwin", (15, 0.1), {"pass_zero": "bandpass"}, ValueError,
     'cutoff must have at least two elements if pass_zero=="bandpass"'),
    ("firwin", (15, 0.1), {"pass_zero": "allpass"}, ValueError, 'pass_zero must be True, False, "bandpass"'),
    ("firwin", (15, 0.1), {"window": "no-such-window"}, ValueError, "Unknown window type."),
    ("firwin", (15, 0.1), {"window": "kaiser"}, ValueError,
     "The 'kaiser' window needs one or more parameters -- pass a tuple."),
    ("firwin2", (16, [0, 0.5, 1], [1, 1, 1]), {}, ValueError,
     "A Type II filter must have zero gain at the Nyquist frequency."),
    ("firwin2", (15, [0, 0.5, 1], [0, 1, 1]), {"antisymmetric": True}, ValueError,
     "A Type III filter must have zero gain at zero and Nyquist frequencies."),
    ("firwin2", (16, [0, 0.5, 1], [1, 1, 1]), {"antisymmetric": True}, ValueError,
     "A Type IV filter must have zero gain at zero frequency."),
    ("firwin2", (15, [0, 0.5, 1], [1, 1]), {}, ValueError, "freq and gain must be of same length."),
    ("firwin2", (15, [0, 0.5, 0.9], [1, 1, 0]), {}, ValueError, "freq must start with 0 and end with fs/2."),
    ("firwin2", (15, [0, 0.6, 0.5, 1], [1, 1, 0, 0]), {}, ValueError, "The values in freq must be nondecreasing."),
    ("firwin2", (15, [0, 0.5, 0.5, 0.5, 1], [1, 1, 0, 0, 0]), {}, ValueError,
     "A value in freq must not occur more than twice."),
    ("firwin2", (15, [0, 0, 0.5, 1], [1, 1, 0, 0]), {}, ValueError, "Value 0 must not be repeated in freq"),
    ("firwin2", (15, [0, 0.5, 1, 1], [1, 1, 0, 0]), {}, ValueError, "Value fs/2 must not be repeated in freq"),
    ("firwin2", (64, [0, 0.5, 1], [1, 1, 0]), {"nfreqs": 33}, ValueError, "ntaps must be less than nfreqs"),
    ("kaiserord", (5.0, 0.1), {}, ValueError, "is too small for the Kaiser formula"),
    ("freqz", ([1, 1], [1]), {"worN": -4}, ValueError, "worN must be nonnegative, got -4"),
    ("sosfreqz", (np.ones((2, 5)),), {}, ValueError, r"sos array must be shape \(n_sections, 6\)"),
    ("sosfreqz", (np.ones((1, 2, 6)),), {}, ValueError, "sos array must be 2D"),
    ("sosfreqz", ([[1, 0, 0, 2, 0, 0]],), {}, ValueError, r"sos\[:, 3\] should be all ones"),
    ("sosfreqz", (np.zeros((0, 6)),), {}, ValueError, "Cannot compute frequencies with no sections"),
    ("freqs_zpk", ([], [-1.0], [1.0, 2.0]), {}, ValueError, "k must be a single scalar gain"),
    ("findfreqs", ([1], [1, 1], 10), {"kind": "xy"}, ValueError, "input must be one of"),
    ("zpk2sos", ([], [0.5], 1.0), {"pairing": "closest"}, ValueError, "pairing must be one of"),
    ("zpk2sos", ([], [-1.0], 1.0), {"pairing": "nearest", "analog": True}, ValueError,
     'for analog zpk2sos conversion, pairing must be "minimal"'),
    ("zpk2sos", ([-1.0, -2.0], [-1.0], 1.0), {"analog": True}, ValueError, "must have len"),
    ("zpk2sos", ([], [0.5 + 0.5j], 1.0), {}, ValueError, "Array contains complex value with no matching conjugate."),
    ("zpk2sos", ([], [0.5], 1.0 + 1.0j), {}, ValueError, "k must be real"),
    ("normalize", ([1, 2], [0, 0]), {}, ValueError, "Denominator must have at least on nonzero element."),
    ("normalize", ([1, 2], [[1, 2]]), {}, ValueError, "Denominator polynomial must be rank-1 array."),
    ("lp2hp_zpk", ([-1.0, -2.0], [-1.0], 1.0), {}, ValueError, "Improper transfer function."),
    ("bilinear_zpk", ([-1.0, -2.0], [-1.0], 1.0, 2.0), {}, ValueError, "Improper transfer function."),
]


@pytest.mark.parametrize("name,args,kwargs,error,message", BAD_INPUT,
                         ids=[f"{case[0]}-{index}" for index, case in enumerate(BAD_INPUT)])
def test_bad_input_raises_scipys_exception(name, args, kwargs, error, message):
    with pytest.raises(error, match=message):
        getattr(design, name)(*args, **kwargs)
    if signal is not None:
        with pytest.raises(error), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            getattr(signal, name)(*args, **kwargs)


@pytest.mark.parametrize("fs", [0.0, -1.0, [1.0, 2.0], np.inf])
def test_bad_sampling_frequency_raises_value_error(fs):
    with pytest.raises(ValueError, match="Sampling frequency fs must be"):
        design.butter(2, 0.1, fs=fs)
    with pytest.raises(ValueError, match="Sampling frequency fs must be"):
        design.firwin(5, 0.1, fs=fs)
    with pytest.raises(ValueError, match="Sampling frequency fs must be"):
        design.freqz([1, 1], fs=fs)


def test_unavailable_windows_say_so():
    with pytest.raises(NotImplementedError, match="'dpss' window is not available"):
        design.firwin(15, 0.3, window=("dpss", 3.0))


def test_inputs_are_left_unchanged():
    z, p = np.array([-1.0, 0.5j, -0.5j]), np.array([0.3, 0.2 + 0.4j, 0.2 - 0.4j])
    sos = signal.butter(4, 0.3, output="sos") if signal is not None else np.array([[1.0, 2, 1, 1, 0.1, 0.2]])
    freq, gain = [0.0, 0.3, 0.3, 1.0], [1.0, 1.0, 0.0, 0.0]
    copies = [z.copy(), p.copy(), sos.copy(), list(freq), list(gain)]
    design.zpk2sos(z, p, 1.0)
    design.lp2bs_zpk(z, p, 1.0, 2.0, 1.0)
    design.sosfreqz(sos)
    design.sos2zpk(sos)
    design.firwin2(15, freq, gain)
    for before, after in zip(copies, [z, p, sos, freq, gain]):
        np.testing.assert_array_equal(before, after)


def test_design_package_needs_no_extension():
    """The design modules import only NumPy, the standard library and each other (relative imports),
    so they work wherever NumPy does; nothing of the GPU extension is needed."""
    package = pathlib.Path(design.__file__).parent
    allowed = {"decimal", "math", "numpy", "operator", "warnings"}
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                assert {alias.name.split(".")[0] for alias in node.names} <= allowed, path.name
            elif isinstance(node, ast.ImportFrom) and not node.level:
                assert node.module.split(".")[0] in allowed, path.name


def test_public_names_are_scipys():
    if signal is not None:
        for name in design.__all__:
            assert hasattr(signal, name), name
    for name in design.__all__:
        assert callable(getattr(design, name)), name
