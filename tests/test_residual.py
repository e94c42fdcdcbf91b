import math

import numpy as np
import pytest

from normviz import _xp, residual

torch = pytest.importorskip("torch")

SMALL = residual.StackConfig(depth=3, width=4, tokens=2, seed=3)


@pytest.mark.parametrize("arrangement", residual.ARRANGEMENTS)
@pytest.mark.parametrize("norm", residual.NORMS)
def test_per_layer_gradient_norms_match_finite_differences_in_float64(arrangement, norm):
    run = residual.run_stack(SMALL, arrangement, norm, dtype="float64")
    fd = residual.finite_difference_grad_norms(SMALL, arrangement, norm)
    assert run.grad_norm.shape == fd.shape == (SMALL.depth + 1,)
    assert np.all(run.grad_norm > 1e-3)  # a random projection, not the sum: no gradient is trivially 0
    assert np.allclose(run.grad_norm, fd, rtol=1e-6)


@pytest.mark.parametrize("norm", residual.NORMS)
def test_the_stack_through_the_library_norms_gives_the_same_numbers(monkeypatch, norm):
    """The stack uses torch's fused ops; normviz.norms on torch tensors, with autograd, agrees."""
    from normviz.methods import method

    fused = residual.run_stack(SMALL, "post", norm, dtype="float64")
    calls = []

    def library(name):
        def fn(h):
            calls.append(name)
            return method(name)(h)
        return fn

    monkeypatch.setattr(residual, "_norm", library)
    ours = residual.run_stack(SMALL, "post", norm, dtype="float64")
    assert len(calls) == SMALL.depth
    assert np.allclose(fused.grad_norm, ours.grad_norm, rtol=1e-12)
    assert np.allclose(fused.stream_norm, ours.stream_norm, rtol=1e-12)


def test_post_norm_keeps_the_stream_at_root_d_and_pre_norm_lets_it_grow():
    config = residual.StackConfig(depth=24, width=128, seed=0)
    comp = residual.compare(config)
    d = config.width
    for norm in residual.NORMS:
        post, pre = comp.runs[("post", norm)], comp.runs[("pre", norm)]
        assert np.allclose(post.stream_norm[1:], math.sqrt(d), rtol=1e-4)  # ε ≪ mean square
        assert pre.stream_norm[0] == post.stream_norm[0]  # the same input
        assert pre.stream_norm[-1] > 2.5 * pre.stream_norm[0]
        assert np.all(np.diff(pre.stream_norm) > 0)  # grows at every layer here
    assert comp.root_width == pytest.approx(math.sqrt(d))


def test_layernorm_and_rmsnorm_nearly_coincide_at_this_initialization():
    """res.reading: the two norms' curves lie on top of each other (each token's mean is small)."""
    comp = residual.compare(residual.StackConfig())
    for arr in residual.ARRANGEMENTS:
        ln, rms = comp.runs[(arr, "ln")], comp.runs[(arr, "rms")]
        np.testing.assert_allclose(ln.stream_norm, rms.stream_norm, rtol=0.02)
        np.testing.assert_allclose(ln.grad_norm, rms.grad_norm, rtol=0.1)


def test_with_a_growing_stream_the_pre_norm_gradient_is_smallest_at_the_top():
    """What the page says of the default stack (res.reading): ∂L/∂hₗ grows from the top towards the input,
    and at the top it is R through the final Norm, of size about ‖R‖ / RMS(h_L)."""
    config = residual.StackConfig()  # the page's defaults: depth 24, width 128
    comp = residual.compare(config)
    for norm in residual.NORMS:
        pre = comp.runs[("pre", norm)]
        assert np.argmin(pre.grad_norm) == config.depth and pre.grad_norm[0] > 2 * pre.grad_norm[-1]
        rms_top = pre.stream_norm[-1] / math.sqrt(config.width)
        assert pre.grad_norm[-1] == pytest.approx(math.sqrt(config.tokens * config.width) / rms_top, rel=0.2)


def test_the_input_norm_follows_the_scale():
    comp = residual.compare(residual.StackConfig(depth=2, width=256, scale=100.0))
    assert comp.runs[("pre", "ln")].stream_norm[0] == pytest.approx(100.0 * 16.0, rel=0.1)


def test_fp16_limits_come_from_torch_finfo():
    comp = residual.compare(residual.StackConfig(depth=1, width=8))
    assert comp.fp16_max == 65504.0 == float(torch.finfo(torch.float16).max)
    assert comp.square_limit == pytest.approx(255.94, abs=0.01)


def test_the_overflow_marker_is_the_first_layer_past_the_limit():
    run = residual.StackRun("pre", "rms", np.ones(5), np.ones(5), np.array([10.0, 300.0, 200.0, 7e4, 8e4]), 0.0)
    assert run.first_above(256.0) == 1 and run.first_above(65504.0) == 3 and run.first_above(1e5) is None


def test_a_growing_pre_norm_stream_crosses_256_and_the_input_scale_pushes_it_past_fp16():
    calm = residual.compare(residual.StackConfig(depth=24, width=64))
    assert all(r.first_above(calm.square_limit) is None for r in calm.runs.values())
    grown = residual.compare(residual.StackConfig(depth=48, width=64, gain=32.0))
    pre = grown.runs[("pre", "rms")]
    first = pre.first_above(grown.square_limit)
    assert first is not None and first > 0  # the input is small: it is the growth that crosses
    assert pre.peak[first - 1] <= grown.square_limit < pre.peak[first]
    assert grown.runs[("post", "rms")].first_above(grown.fp16_max) is None
    pushed = residual.compare(residual.StackConfig(depth=4, width=64, scale=1e5))
    assert all(r.first_above(pushed.fp16_max) == 0 for r in pushed.runs.values())


def test_the_numpy_backend_runs_on_the_cpu():
    comp = residual.compare(residual.StackConfig(depth=2, width=8), backend=_xp.Backend("numpy"))
    assert comp.device == "cpu"


@pytest.mark.parametrize("kw, name", [({"depth": 0}, "depth"), ({"depth": 49}, "depth"), ({"width": 1}, "width"),
                                      ({"width": 513}, "width"), ({"scale": 0.0}, "scale"),
                                      ({"gain": math.inf}, "gain"), ({"tokens": 0}, "tokens")])
def test_bad_configurations_name_the_argument(kw, name):
    with pytest.raises(ValueError, match=name):
        residual.StackConfig(**kw)


def test_bad_arrangement_or_norm_names_itself():
    with pytest.raises(ValueError, match="arrangement"):
        residual.run_stack(SMALL, "middle", "ln")
    with pytest.raises(ValueError, match="norm"):
        residual.run_stack(SMALL, "pre", "l2")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
def test_the_stack_on_cuda_matches_the_cpu():
    config = residual.StackConfig(depth=48, width=512, seed=1)
    gpu = residual.compare(config, backend=_xp.Backend("torch", "cuda"))
    cpu = residual.compare(config)
    assert gpu.device == "cuda"
    for key, run in cpu.runs.items():
        assert np.allclose(gpu.runs[key].stream_norm, run.stream_norm, rtol=1e-3)
        assert np.allclose(gpu.runs[key].grad_norm, run.grad_norm, rtol=1e-3)
        assert np.allclose(gpu.runs[key].peak, run.peak, rtol=1e-3)


def test_a_shallower_stack_is_the_same_network_cut_earlier():
    deep = residual.compare(residual.StackConfig(depth=12, width=32, seed=5))
    cut = residual.compare(residual.StackConfig(depth=6, width=32, seed=5))
    for key, run in cut.runs.items():
        assert np.array_equal(run.stream_norm, deep.runs[key].stream_norm[:7])
    other = residual.compare(residual.StackConfig(depth=6, width=32, seed=6))
    assert not np.allclose(other.runs[("pre", "ln")].stream_norm, cut.runs[("pre", "ln")].stream_norm)
