"""Libraries that find garray through the Array API or NumPy's protocols, unchanged: scikit-learn
with array_api_dispatch=True fits PCA, LinearDiscriminantAnalysis and Ridge on garray arrays as on
NumPy's (the fitted attributes being garray arrays), and xarray's DataArray over a garray array
computes on the GPU. Each skips, saying why, when its package or a GPU is absent."""

import numpy
import pytest

import garray as ga
from conftest import gpu

pytestmark = gpu


def _data(seed=0, n=200, features=6):
    rng = numpy.random.default_rng(seed)
    X = rng.standard_normal((n, features)) @ rng.standard_normal((features, features))
    y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(numpy.int64)
    return X, y


@pytest.fixture
def sklearn():
    module = pytest.importorskip("sklearn", reason="scikit-learn is not installed")
    pytest.importorskip("array_api_compat", reason="scikit-learn's array API dispatch needs array-api-compat")
    with module.config_context(array_api_dispatch=True):
        yield module


def _assert_fitted_like(estimator, reference, names, rtol=1e-6, atol=1e-8):
    for name in names:
        value = getattr(estimator, name)
        assert isinstance(value, ga.ndarray), f"{name} is a {type(value).__name__}, not a garray array"
        numpy.testing.assert_allclose(ga.asnumpy(value), getattr(reference, name), rtol=rtol, atol=atol,
                                      err_msg=name)


def test_sklearn_pca(sklearn):
    from sklearn.decomposition import PCA
    X, _y = _data()
    reference = PCA(n_components=3, svd_solver="full").fit(X)
    fitted = PCA(n_components=3, svd_solver="full").fit(ga.asarray(X))
    _assert_fitted_like(fitted, reference, ["explained_variance_", "singular_values_", "mean_"])
    # Components are defined up to sign: compare each row up to its sign.
    components = ga.asnumpy(fitted.components_)
    signs = numpy.sign((components * reference.components_).sum(axis=1, keepdims=True))
    numpy.testing.assert_allclose(components * signs, reference.components_, rtol=1e-6, atol=1e-8)
    transformed = fitted.transform(ga.asarray(X))
    assert isinstance(transformed, ga.ndarray)
    numpy.testing.assert_allclose(numpy.abs(ga.asnumpy(transformed)), numpy.abs(reference.transform(X)),
                                  rtol=1e-6, atol=1e-8)


def test_sklearn_linear_discriminant_analysis(sklearn):
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    X, y = _data(1)
    reference = LinearDiscriminantAnalysis().fit(X, y)
    fitted = LinearDiscriminantAnalysis().fit(ga.asarray(X), ga.asarray(y))
    _assert_fitted_like(fitted, reference, ["coef_", "intercept_", "means_"], rtol=1e-5, atol=1e-7)
    numpy.testing.assert_array_equal(ga.asnumpy(fitted.predict(ga.asarray(X))), reference.predict(X))


def test_sklearn_ridge_svd(sklearn):
    from sklearn.linear_model import Ridge
    X, _y = _data(2)
    target = X @ numpy.arange(1.0, X.shape[1] + 1) + 0.1
    reference = Ridge(alpha=0.5, solver="svd").fit(X, target)
    fitted = Ridge(alpha=0.5, solver="svd").fit(ga.asarray(X), ga.asarray(target))
    _assert_fitted_like(fitted, reference, ["coef_"])
    numpy.testing.assert_allclose(float(fitted.intercept_), reference.intercept_, rtol=1e-6, atol=1e-8)
    numpy.testing.assert_allclose(ga.asnumpy(fitted.predict(ga.asarray(X))), reference.predict(X), rtol=1e-6)


@pytest.fixture
def xarray():
    return pytest.importorskip("xarray", reason="xarray is not installed")


def test_xarray_data_array_over_garray(xarray):
    host = numpy.random.default_rng(3).standard_normal((4, 5))
    data = xarray.DataArray(ga.asarray(host), dims=("time", "space"))
    reference = xarray.DataArray(host, dims=("time", "space"))
    assert isinstance(data.data, ga.ndarray)
    summed = (data * 2 + 1)
    assert isinstance(summed.data, ga.ndarray)
    numpy.testing.assert_allclose(ga.asnumpy(summed.data), (reference * 2 + 1).values)
    mean = data.mean(dim="time")
    assert isinstance(mean.data, ga.ndarray) and mean.dims == ("space",)
    numpy.testing.assert_allclose(ga.asnumpy(mean.data), reference.mean(dim="time").values)
    picked = data.isel(space=[0, 2])
    numpy.testing.assert_array_equal(ga.asnumpy(picked.data), reference.isel(space=[0, 2]).values)
    kept = data.where(data > 0, 0.0)
    assert isinstance(kept.data, ga.ndarray)
    numpy.testing.assert_array_equal(ga.asnumpy(kept.data), reference.where(reference > 0, 0.0).values)
