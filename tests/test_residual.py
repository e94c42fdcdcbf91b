import math

import numpy as np
import pytest

from normviz import _xp, residual
from normviz.methods import method
from normviz.ui.residual import GAINS

torch = pytest.importorskip("torch")

SMALL = residual.StackConfig(depth=3, width=4, tokens=2, seed=3)


VARIANTS = [(a, n) for a in residual.ARRANGEMENTS for n in residual.ARRANGEMENT_NORMS[a]] + [(residual.NO_NORM, None)]


def _taking(norm: str) -> list[str]:
    """The arrangements that run with ``norm`` (nGPT: RMSNorm only)."""
    return [a for a in residual.ARRANGEMENTS if norm in residual.ARRANGEMENT_NORMS[a]]


@pytest.mark.parametrize("arrangement, norm", VARIANTS)
def test_per_layer_gradient_norms_match_finite_differences_in_float64(arrangement, norm):
    run = residual.run_stack(SMALL, arrangement, norm, dtype="float64")
    fd = residual.finite_difference_grad_norms(SMALL, arrangement, norm)
    assert run.grad_norm.shape == fd.shape == (SMALL.depth + 1,)
    assert np.all(run.grad_norm > 1e-3)  # a random projection, not the sum: no gradient is trivially 0
    assert np.allclose(run.grad_norm, fd, rtol=1e-6)


@pytest.mark.parametrize(
    "arrangement, norm, calls_per_layer, final",
    [("post", "ln", 1, 0), ("post", "rms", 1, 0), ("peri", "ln", 2, 1), ("peri", "rms", 2, 1), ("ngpt", "rms", 2, 0),
     ("lns", "ln", 1, 1), ("lns", "rms", 1, 1)],
)  # fmt: skip
def test_the_stack_through_the_library_norms_gives_the_same_numbers(
    monkeypatch, arrangement, norm, calls_per_layer, final
):
    """The stack uses torch's fused ops; normviz.norms on torch tensors, with autograd, agrees. Peri-Norm has two
    Norms per layer and one at the top, nGPT two per layer and none at the top, LNS one per layer (scaled by
    1/√ℓ) and the unscaled one at the top."""
    from normviz.methods import method

    fused = residual.run_stack(SMALL, arrangement, norm, dtype="float64")
    calls = []

    def library(name):
        def fn(h):
            calls.append(name)
            return method(name)(h)

        return fn

    monkeypatch.setattr(residual, "_norm", library)
    ours = residual.run_stack(SMALL, arrangement, norm, dtype="float64")
    assert len(calls) == calls_per_layer * SMALL.depth + final
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
    for arr in _taking("ln"):
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


@pytest.mark.parametrize(
    "kw, name",
    [
        ({"depth": 0}, "depth"),
        ({"depth": 49}, "depth"),
        ({"width": 1}, "width"),
        ({"width": 513}, "width"),
        ({"scale": 0.0}, "scale"),
        ({"gain": math.inf}, "gain"),
        ({"tokens": 0}, "tokens"),
    ],
)
def test_bad_configurations_name_the_argument(kw, name):
    with pytest.raises(ValueError, match=name):
        residual.StackConfig(**kw)


def test_bad_arrangement_or_norm_names_itself():
    with pytest.raises(ValueError, match="arrangement"):
        residual.run_stack(SMALL, "middle", "ln")
    with pytest.raises(ValueError, match="norm"):
        residual.run_stack(SMALL, "pre", "l2")
    with pytest.raises(ValueError, match="norm"):
        residual.run_stack(SMALL, residual.NO_NORM, "ln")
    with pytest.raises(ValueError, match="norm must be one of \\('rms',\\) for 'ngpt'"):
        residual.run_stack(SMALL, "ngpt", "ln")  # nGPT removes no mean: RMSNorm only
    with pytest.raises(ValueError, match="float16"):
        residual.run_stack(SMALL, residual.NO_NORM, None, float16="naive")
    with pytest.raises(ValueError, match="float16"):
        residual.run_stack(SMALL, "pre", "rms", float16="bfloat16")
    with pytest.raises(ValueError, match="path"):
        residual.run_stack(SMALL, "pre", "rms", path="both")


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


def _same_to_the_last_bit(batched: residual.StackRun, alone: residual.StackRun) -> None:
    for name in ("stream_norm", "grad_norm", "peak"):
        np.testing.assert_array_equal(getattr(batched, name), getattr(alone, name), err_msg=name)
    assert batched.loss == alone.loss or (math.isnan(batched.loss) and math.isnan(alone.loss))
    assert (batched.zero_outputs, batched.zero_gradients, batched.unchanged) == (
        alone.zero_outputs,
        alone.zero_gradients,
        alone.unchanged,
    )


@pytest.mark.parametrize(
    "config",
    [
        residual.StackConfig(depth=24, width=128, seed=0),
        residual.StackConfig(depth=1, width=16, seed=2, gain=0.1),
        residual.StackConfig(depth=48, width=64, seed=7, scale=1000, gain=32),  # inf and NaN in the stacks
        residual.StackConfig(depth=12, width=32, seed=1, scale=0.01),  # tiny: float16's backward overflows
    ],
)
def test_variants_run_side_by_side_give_each_variants_own_numbers_to_the_last_bit(config):
    """compare and float16_runs batch the variants (run_stacks); each run equals run_stack of that variant alone,
    every arrangement (Pre, Post, Peri, nGPT) with each of its Norms."""
    comp = residual.compare(config)
    assert list(comp.runs) == [v for v in VARIANTS if v[1] is not None]
    assert len(residual.float16_runs(config)) == 2 * len(comp.runs)
    for (arrangement, norm), run in comp.runs.items():
        _same_to_the_last_bit(run, residual.run_stack(config, arrangement, norm))
    _same_to_the_last_bit(comp.no_norm, residual.run_stack(config, residual.NO_NORM, None))
    for (arrangement, norm, path), run in residual.float16_runs(config).items():
        _same_to_the_last_bit(run, residual.run_stack(config, arrangement, norm, float16=path))


# --- the stack without a norm (res.none.reading) ----------------------------------------------------


def _r2(x, y) -> float:
    return float(np.corrcoef(x, y)[0, 1] ** 2)


def test_without_a_norm_stream_and_gradient_grow_exponentially_and_pre_norm_like_root_l():
    """The page's defaults: no norm grows about a hundredfold (stream, and gradient towards the input) by
    about the same factor per layer (log-linear); Pre-Norm's stream about 3×, its ‖hₗ‖² about linear in l."""
    config = residual.StackConfig()
    comp = residual.compare(config)
    bare, layers = comp.no_norm, np.arange(config.depth + 1)
    assert (bare.arrangement, bare.norm) == (residual.NO_NORM, None)
    assert bare.stream_norm[0] == comp.runs[("pre", "ln")].stream_norm[0]  # the same input
    grad_growth = bare.grad_norm[0] / bare.grad_norm[-1]
    assert 70 < bare.growth < 150 and 70 < grad_growth < 150
    assert np.all(np.diff(bare.stream_norm) > 0)
    assert _r2(layers, np.log(bare.stream_norm)) > 0.99 and _r2(layers, np.log(bare.grad_norm)) > 0.99
    factors = bare.stream_norm[1:] / bare.stream_norm[:-1]
    assert np.all((factors > 1.1) & (factors < 1.4))  # about the same factor at every layer
    for norm in residual.NORMS:
        pre = comp.runs[("pre", norm)]
        assert 2.5 < pre.growth < 4.0
        assert _r2(layers, pre.stream_norm**2) > 0.99
        assert _r2(layers, np.log(pre.stream_norm)) < _r2(layers, pre.stream_norm**2)
    top = residual.run_stack(config, residual.NO_NORM, None)
    assert top.grad_norm[-1] == pytest.approx(math.sqrt(config.tokens * config.width), rel=0.1)  # ∂L/∂h_L = R


@pytest.mark.parametrize("seed", range(5))
def test_a_small_initialization_keeps_the_stack_without_a_norm_within_1_2x_over_48_layers(seed):
    comp = residual.compare(residual.StackConfig(depth=48, gain=residual.SMALL_GAIN, seed=seed))
    bare = comp.no_norm
    assert 1.0 < bare.growth < 1.2 and 1.0 < bare.grad_norm[0] / bare.grad_norm[-1] < 1.2
    pre = comp.runs[("pre", "rms")]
    assert pre.growth < 1.2 and abs(bare.growth - pre.growth) < 0.05  # about as Pre-Norm does at that gain
    assert residual.SMALL_GAIN < 1 / math.sqrt(residual.DEPTH_MAX)
    gain_1 = residual.compare(residual.StackConfig(depth=48, seed=seed)).no_norm
    assert gain_1.growth > 1000  # raise the gain: exponential again


def test_without_a_norm_the_output_follows_the_input_scale_and_post_norm_stays_at_root_d():
    calm, scaled = residual.compare(residual.StackConfig()), residual.compare(residual.StackConfig(scale=100.0))
    assert scaled.no_norm.stream_norm[-1] / calm.no_norm.stream_norm[-1] == pytest.approx(100.0, rel=0.05)
    assert scaled.runs[("post", "rms")].stream_norm[-1] == pytest.approx(math.sqrt(128), rel=1e-4)


def test_only_pre_peri_lns_and_no_norm_have_a_path_that_hands_the_gradient_down_unchanged():
    """path="skip": along the skip connections alone the gradient reaches h₀ bit for bit as it left the top in
    Pre-Norm, Peri-Norm, LNS and without a norm; in Post-Norm and nGPT it crosses every layer's Norm. No other
    path does it."""
    config = residual.StackConfig(depth=6, width=32, seed=2)
    identity = ("pre", "peri", "lns", residual.NO_NORM)
    for arrangement, norm in VARIANTS:
        runs = {p: residual.run_stack(config, arrangement, norm, path=p) for p in residual.GRADIENT_PATHS}
        assert runs["skip"].unchanged is (arrangement in identity), (arrangement, norm)
        assert not runs["all"].unchanged and not runs["branch"].unchanged
        if arrangement in identity:
            assert np.all(runs["skip"].grad_norm == runs["skip"].grad_norm[-1])
            assert runs["all"].input_gradient > runs["skip"].input_gradient  # the sublayers add their share
        assert np.array_equal(runs["skip"].stream_norm, runs["all"].stream_norm)  # the same forward pass


# --- float16: the hand-written Norm fails silently (res.fp16.text) ----------------------------------


def _one_norm(x, norm: str, *, upcast: bool = False):
    """y and ∂(g·y)/∂x of one float16 Norm on the float64 row x (g fixed, random)."""
    x16 = torch.tensor(x, dtype=torch.float16).requires_grad_(True)
    y = residual._norm_fn(norm, "upcast")(x16) if upcast else residual.hand_written_float16(x16, norm)
    g = torch.from_numpy(np.random.default_rng(1).standard_normal(len(x))).to(torch.float16)
    (y * g).sum().backward()
    return y.detach().double().numpy(), x16.grad.double().numpy()


def _row(peak: float = 0.0, rms: float | None = None, n: int = 128) -> np.ndarray:
    x = np.random.default_rng(0).standard_normal(n)
    if rms is not None:
        return x / np.sqrt(np.mean(x * x)) * rms
    x[3] = peak
    return x


@pytest.mark.parametrize("norm", residual.NORMS)
@pytest.mark.parametrize("peak", [300.0, 1000.0])
def test_a_hand_written_float16_norm_past_256_outputs_zero_and_passes_back_exactly_zero(norm, peak):
    y, grad = _one_norm(_row(peak), norm)
    assert np.all(y == 0) and np.all(grad == 0)  # all finite: no NaN, nothing to warn
    y_up, grad_up = _one_norm(_row(peak), norm, upcast=True)
    assert np.all(np.isfinite(grad_up)) and np.abs(y_up).max() > 1 and np.abs(grad_up).max() > 0
    below = _row(200.0)  # 200² = 40000 < 65504: finite and right
    want = np.asarray(method(norm)(below))
    assert np.allclose(_one_norm(below, norm)[0], want, atol=0.02)


@pytest.mark.parametrize("norm", residual.NORMS)
def test_float16_gives_nan_only_where_a_float16_number_overflows(norm):
    """A value past 65504 is inf once stored in float16 (forward NaN, upcast too). Backward: the zero output
    times an overflowing 2·hᵢ (|hᵢ| > 32752) is NaN; an input with RMS below about 65504^(−1/3) ≈ 0.025,
    zeros included, overflows rsqrt's derivative −½·rsqrt(u)³. At RMS 0.03 to 50 everything is finite."""
    big = _row(70000.0)
    for upcast in (False, True):
        y, grad = _one_norm(big, norm, upcast=upcast)
        assert np.isnan(y).any() and np.isnan(grad).any()
    y, grad = _one_norm(_row(40000.0), norm)
    assert np.all(y == 0) and np.isnan(grad).any()  # the forward pass is silent, the backward is not
    assert np.all(np.isfinite(_one_norm(_row(40000.0), norm, upcast=True)[1]))
    assert 65504.0 ** (-1 / 3) == pytest.approx(0.0248, abs=1e-4)
    for rms in (0.0, 0.001, 0.02):
        y, grad = _one_norm(_row(rms=rms), norm)
        assert np.all(np.isfinite(y)) and not np.all(np.isfinite(grad)), rms  # the forward pass is fine
        assert np.all(np.isfinite(_one_norm(_row(rms=rms), norm, upcast=True)[1]))  # upcasting avoids it
    for rms in (0.03, 1.0, 50.0):
        y, grad = _one_norm(_row(rms=rms), norm)
        assert np.all(np.isfinite(y)) and np.all(np.isfinite(grad)) and np.abs(grad).max() > 0, rms


@pytest.mark.parametrize("norm", residual.NORMS)
def test_in_the_stack_float16_cuts_pre_norm_tokens_off_silently_and_post_norm_turns_it_into_nan(norm):
    """Scale 1000: every token has a component past 256. Pre-Norm: every output 0, ∂L/∂h₀ exactly 0, finite.
    Post-Norm: the outputs are 0 too, and the next layer's Norm of those zeros gives NaN in the backward.
    Upcast: the float32 gradient. Scale 100: some tokens only. Scale 10⁵: past 65504, NaN either way."""
    t = residual.TOKENS

    def runs(scale):
        config = residual.StackConfig(depth=6, width=64, scale=scale)
        return residual.compare(config), residual.float16_runs(config, norms=(norm,))

    comp, f16 = runs(1000.0)
    pre, post = f16[("pre", norm, "naive")], f16[("post", norm, "naive")]
    assert pre.zero_outputs == pre.zero_gradients == t and pre.input_gradient == 0.0
    assert np.all(np.isfinite(pre.grad_norm)) and np.all(pre.grad_norm == 0)
    assert post.zero_outputs == t and math.isnan(post.input_gradient)
    for arr in _taking(norm):
        up = f16[(arr, norm, "upcast")]
        assert up.input_gradient == pytest.approx(comp.runs[(arr, norm)].input_gradient, rel=0.02)
        assert up.zero_outputs == up.zero_gradients == 0
    comp, f16 = runs(100.0)
    assert 0 < f16[("pre", norm, "naive")].zero_gradients < t
    for arr in _taking(norm):
        peak = comp.runs[(arr, norm)].peak
        assert f16[(arr, norm, "naive")].zero_outputs > 0 and peak.max() < comp.fp16_max
    few_thousand = residual.float16_runs(residual.StackConfig(depth=6, scale=3000.0), norms=(norm,))
    assert math.isnan(few_thousand[("pre", norm, "naive")].input_gradient)
    comp, f16 = runs(1e4)  # components of order 10⁴: the backward's sums of gᵢ·hᵢ overflow
    assert math.isnan(f16[("pre", norm, "naive")].input_gradient) and f16[("pre", norm, "naive")].zero_outputs == t
    assert math.isfinite(f16[("pre", norm, "upcast")].input_gradient) and comp.runs[("pre", norm)].peak.max() < 65504
    comp, f16 = runs(1e5)
    assert all(math.isnan(run.input_gradient) for run in f16.values())
    comp, f16 = runs(1.0)
    for arr in _taking(norm):
        for path in residual.FLOAT16_PATHS:
            got = f16[(arr, norm, path)]
            assert got.input_gradient == pytest.approx(comp.runs[(arr, norm)].input_gradient, rel=0.01)
            assert got.zero_outputs == 0


def test_a_tiny_input_makes_the_hand_written_float16_gradient_non_finite_in_the_stack():
    config = residual.StackConfig(depth=4, width=64, scale=0.01)
    comp, f16 = residual.compare(config), residual.float16_runs(config, norms=("rms",))
    for arr in _taking("rms"):
        assert not math.isfinite(f16[(arr, "rms", "naive")].input_gradient)
        assert f16[(arr, "rms", "upcast")].input_gradient == pytest.approx(
            comp.runs[(arr, "rms")].input_gradient, rel=0.02
        )


@pytest.mark.parametrize("norm", residual.NORMS)
def test_the_upcast_float16_norm_is_the_library_on_the_float16_input(norm):
    """The stack's "upcast" path (torch's op on the float16 input widened to float32, cast back) gives what
    normviz.norms gives on that float16 input, values past 256 and past 65504 included."""
    x = torch.from_numpy(
        np.random.default_rng(3).standard_normal((6, 64)) * np.array([[1], [30], [300], [3e3], [1e4], [1e6]])
    )
    x = x.float()
    ours = residual._norm_fn(norm, "upcast")(x)
    library = method(norm)(x.half()).float()
    np.testing.assert_array_equal(torch.isnan(ours).numpy(), torch.isnan(library).numpy())
    finite = torch.isfinite(library)
    assert finite[:5].all() and not finite[5].all()
    np.testing.assert_allclose(ours[finite].numpy(), library[finite].numpy(), rtol=1e-3, atol=1e-3)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
def test_the_float16_runs_on_cuda_tell_the_same_story():
    config = residual.StackConfig(depth=6, width=64, scale=1000.0)
    gpu = residual.float16_runs(config, backend=_xp.Backend("torch", "cuda"))
    cpu = residual.float16_runs(config)
    for key, run in cpu.items():
        got = gpu[key]
        assert (got.zero_outputs, got.zero_gradients) == (run.zero_outputs, run.zero_gradients), key
        assert math.isnan(got.input_gradient) == math.isnan(run.input_gradient), key
        if not math.isnan(run.input_gradient):
            assert got.input_gradient == pytest.approx(run.input_gradient, rel=1e-2, abs=1e-12), key


# --- Peri-Norm and nGPT (issue #22) ------------------------------------------------------------------


def _direct(config: residual.StackConfig, arrangement: str, norm: str) -> dict:
    """Peri-Norm and nGPT written out plainly in float64 torch from the same draws, autograd for the gradients:
    Peri  h ← h + N(f(N(h))), N at the top (Kim et al. 2025, eq. y = x + Norm(Module(Norm(x))));
    nGPT  h ← N(h + 0.05·(N(f(h)) − h)), nothing at the top (Loshchilov et al. 2024, α at its initial 0.05).
    The peak of a layer: its hidden units, every Norm's input and hₗ."""
    import torch.nn.functional as F

    h0, weights, r = residual.parameters(config, dtype=torch.float64)
    eps = method(norm).default_eps

    def n(x):
        if norm == "ln":
            return F.layer_norm(x, (x.shape[-1],), eps=eps)
        return x / torch.sqrt((x * x).mean(dim=-1, keepdim=True) + eps)

    def f(u, w1, w2):
        hidden = F.gelu(u @ w1.T)
        return hidden, config.gain * (hidden @ w2.T)

    h = h0.clone().requires_grad_(True)
    streams, peaks = [h], [float(h.detach().abs().max())]
    for w1, w2 in weights:
        if arrangement == "peri":
            hidden, out = f(n(h), w1, w2)
            new = h + n(out)
            inputs = (hidden, out, new)
        else:
            hidden, out = f(h, w1, w2)
            step = h + 0.05 * (n(out) - h)
            new = n(step)
            inputs = (hidden, out, step, new)
        peaks.append(max(float(x.detach().abs().max()) for x in inputs))
        new.retain_grad()
        streams.append(new)
        h = new
    top = n(h) if arrangement == "peri" else h
    loss = (top * r).sum()
    loss.backward()
    return {
        "stream_norm": np.array([float(s.detach().norm(dim=-1).mean()) for s in streams]),
        "grad_norm": np.array([float(s.grad.norm()) for s in streams]),
        "peak": np.array(peaks),
        "loss": float(loss.detach()),
    }


@pytest.mark.parametrize("arrangement, norm", [("peri", "ln"), ("peri", "rms"), ("ngpt", "rms")])
@pytest.mark.parametrize(
    "config",
    [
        SMALL,
        residual.StackConfig(depth=5, width=16, tokens=3, seed=4, scale=3.0, gain=2.0),
        residual.StackConfig(depth=3, width=16, tokens=3, seed=4, scale=0.1, gain=32.0),  # the block output peaks
    ],
)
def test_peri_norm_and_ngpt_give_the_numbers_of_a_direct_torch_computation(config, arrangement, norm):
    run = residual.run_stack(config, arrangement, norm, dtype="float64")
    want = _direct(config, arrangement, norm)
    for name in ("stream_norm", "grad_norm", "peak"):
        np.testing.assert_allclose(getattr(run, name), want[name], rtol=1e-12, err_msg=name)
    assert run.loss == pytest.approx(want["loss"], rel=1e-12)
    assert residual.NGPT_ALPHA == 0.05  # the paper's initial eigen learning rate


def test_peri_norm_adds_about_root_d_per_layer_whatever_the_gain():
    """res.peri.reading: ‖hₗ‖² grows by about D per layer (‖h_L‖ near √(‖h₀‖² + L·D), within 6 %), and the gain
    hardly matters (the output Norm divides it away); Pre-Norm's growth does depend on the gain."""
    for depth in (6, 24, 48):
        comps = {g: residual.compare(residual.StackConfig(depth=depth, gain=g)) for g in (0.05, 1.0, 32.0)}
        for norm in residual.NORMS:
            tops = [c.runs[("peri", norm)].stream_norm[-1] for c in comps.values()]
            assert max(tops) / min(tops) < 1.01
            for comp in comps.values():
                assert comp.runs[("peri", norm)].stream_norm[-1] == pytest.approx(comp.peri_estimate(norm), rel=0.06)
        pre = [c.runs[("pre", "rms")].growth for c in comps.values()]
        assert max(pre) / min(pre) > 1.5


@pytest.mark.parametrize("gain", [float(g) for g in GAINS])
def test_with_input_scale_1_the_peri_norm_gradient_is_smallest_at_the_top_and_largest_at_the_input(gain):
    """res.peri.reading, at every gain the page offers: largest at the input; smallest at the top, or within a few per
    cent of the smallest (at width 32 and depth 48 a middle layer can undercut the top by 2 %)."""
    for depth in (1, 6, 24, 48):
        comp = residual.compare(residual.StackConfig(depth=depth, gain=gain))
        for norm in residual.NORMS:
            grad = comp.runs[("peri", norm)].grad_norm
            assert np.argmin(grad) == depth and np.argmax(grad) == 0, (depth, norm)


@pytest.mark.parametrize("width, seed, depth", [(16, 7, 24), (32, 2, 48), (32, 7, 48), (64, 1, 48), (256, 0, 24)])
def test_the_peri_norm_gradient_claim_holds_within_a_few_per_cent_at_every_width(width, seed, depth):
    comp = residual.compare(residual.StackConfig(depth=depth, width=width, seed=seed))
    for norm in residual.NORMS:
        grad = comp.runs[("peri", norm)].grad_norm
        assert np.argmax(grad) == 0 and grad[-1] <= 1.05 * grad.min(), (norm, grad[-1] / grad.min())


@pytest.mark.parametrize("scale", [0.01, 1.0, 1e3, 1e5])
@pytest.mark.parametrize("gain", [0.05, 1.0, 32.0])
def test_ngpt_keeps_the_stream_at_root_d_from_layer_1_whatever_the_scale_and_the_gain(scale, gain):
    comp = residual.compare(residual.StackConfig(scale=scale, gain=gain))
    run = comp.runs[("ngpt", "rms")]
    assert run.stream_norm[0] == comp.runs[("pre", "rms")].stream_norm[0]  # the drawn input, not normalized
    np.testing.assert_allclose(run.stream_norm[1:], comp.root_width, rtol=3e-3)


@pytest.mark.parametrize("seed", range(3))
def test_the_output_norm_keeps_peri_and_ngpt_below_256_where_pre_norm_crosses_it(seed):
    """Gain 32, 48 layers: Pre-Norm's stream crosses 256 (its first layer is past the input); Peri-Norm's and
    nGPT's every Norm input stays below it: the sublayer output (about gain × a few) is normalized before it adds up."""
    comp = residual.compare(residual.StackConfig(depth=48, width=64, gain=32.0, seed=seed))
    first = comp.runs[("pre", "rms")].first_above(comp.square_limit)
    assert first is not None and first > 0
    for arr, norm in (("peri", "ln"), ("peri", "rms"), ("ngpt", "rms")):
        run = comp.runs[(arr, norm)]
        assert run.first_above(comp.square_limit) is None and run.first_above(comp.fp16_max) is None, (arr, norm)


def test_a_large_input_stays_in_peri_norms_stream_and_leaves_ngpts_after_layer_1():
    """Scale 1000: every variant is past 256 at the input (layer 0). Peri-Norm's stream keeps the input's scale
    (every layer past 256); nGPT's is back on the √D sphere after layer 1. Scale 10⁵: past 65504 at layer 0."""
    comp = residual.compare(residual.StackConfig(depth=6, width=64, scale=1000.0))
    for run in comp.runs.values():
        assert run.first_above(comp.square_limit) == 0
    assert np.all(comp.runs[("peri", "rms")].peak > comp.square_limit)
    ngpt = comp.runs[("ngpt", "rms")]
    assert ngpt.peak[1] > comp.square_limit and np.all(ngpt.peak[2:] < 10)
    pushed = residual.compare(residual.StackConfig(depth=6, width=64, scale=1e5))
    for key in (("peri", "ln"), ("peri", "rms"), ("ngpt", "rms")):
        assert pushed.runs[key].first_above(pushed.fp16_max) == 0
    assert np.all(pushed.runs[("ngpt", "rms")].peak[2:] < 10)


@pytest.mark.parametrize("scale", [100.0, 1000.0])
def test_float16_cut_off_tokens_meet_peri_and_ngpts_extra_norm_and_give_nan(scale):
    """res.f16.newer: a token the hand-written float16 Norm cut to 0 gives the next sublayer 0 and that row of
    zeros a Norm: NaN in the backward, not Pre-Norm's silent 0. Upcast: the float32 gradient."""
    config = residual.StackConfig(depth=6, width=64, scale=scale)
    comp, f16 = residual.compare(config), residual.float16_runs(config, norms=("rms",))
    for arr in ("peri", "ngpt"):
        naive, upcast = f16[(arr, "rms", "naive")], f16[(arr, "rms", "upcast")]
        assert naive.zero_outputs > 0 and math.isnan(naive.input_gradient), arr
        assert upcast.input_gradient == pytest.approx(comp.runs[(arr, "rms")].input_gradient, rel=0.02)
    assert f16[("pre", "rms", "naive")].input_gradient >= 0.0  # Pre-Norm: finite, the cut tokens silent


# --- LayerNorm scaling (Sun et al. 2025; issue #29) ------------------------------------------------------


def _direct_scaled(config: residual.StackConfig, arrangement: str, norm: str) -> dict:
    """Pre-Norm and LNS written out plainly in float64 torch from the same draws, autograd for the gradients:
    Pre h ← h + f(N(h)); LNS h ← h + f(N(h)/√ℓ), ℓ = 1 … L; N at the top, unscaled, for both (Sun et al. 2025,
    h' = LayerNorm(h)·1/√ℓ). The peak of a layer: its hidden units and hₗ (the Norm's input is the stream)."""
    import torch.nn.functional as F

    h0, weights, r = residual.parameters(config, dtype=torch.float64)
    eps = method(norm).default_eps

    def n(x):
        if norm == "ln":
            return F.layer_norm(x, (x.shape[-1],), eps=eps)
        return x / torch.sqrt((x * x).mean(dim=-1, keepdim=True) + eps)

    h = h0.clone().requires_grad_(True)
    streams, peaks = [h], [float(h.detach().abs().max())]
    for ell, (w1, w2) in enumerate(weights, start=1):
        u = n(h) / math.sqrt(ell) if arrangement == "lns" else n(h)
        hidden = F.gelu(u @ w1.T)
        new = h + config.gain * (hidden @ w2.T)
        peaks.append(max(float(hidden.detach().abs().max()), float(new.detach().abs().max())))
        new.retain_grad()
        streams.append(new)
        h = new
    loss = (n(h) * r).sum()
    loss.backward()
    every = torch.stack([s.detach() for s in streams])
    lengths = every.norm(dim=-1)
    steps = (every[1:] - every[:-1]).norm(dim=-1) / lengths[:-1]
    return {
        "stream_norm": lengths.mean(dim=-1).numpy(),
        "grad_norm": np.array([float(s.grad.norm()) for s in streams]),
        "peak": np.array(peaks),
        "loss": float(loss.detach()),
        "mean_square": (lengths**2).mean(dim=-1).numpy() / config.width,
        "added": ((every - every[0]) ** 2).sum(dim=-1).mean(dim=-1).numpy() / config.width,
        "update_ratio": np.concatenate([[np.nan], steps.mean(dim=-1).numpy()]),
    }


@pytest.mark.parametrize("arrangement", ["pre", "lns"])
@pytest.mark.parametrize("norm", residual.NORMS)
@pytest.mark.parametrize(
    "config",
    [
        SMALL,
        residual.StackConfig(depth=7, width=16, tokens=3, seed=4, scale=3.0, gain=2.0),
        residual.StackConfig(depth=5, width=16, tokens=3, seed=4, scale=0.1, gain=32.0),
    ],
)
def test_lns_and_pre_norm_give_the_numbers_of_a_direct_torch_computation(config, arrangement, norm):
    run = residual.run_stack(config, arrangement, norm, dtype="float64")
    want = _direct_scaled(config, arrangement, norm)
    for name in ("stream_norm", "grad_norm", "peak", "mean_square", "added", "update_ratio"):
        np.testing.assert_allclose(getattr(run, name), want[name], rtol=1e-12, err_msg=name)
    assert run.loss == pytest.approx(want["loss"], rel=1e-12)
    assert np.isnan(run.update_ratio[0]) and run.added[0] == 0.0


def test_lns_differs_from_pre_norm_from_layer_2_on_and_is_pre_norm_in_layer_1():
    """1/√1 = 1: a stack of one layer is Pre-Norm to the last bit; from layer 2 on LNS's block reads a smaller input."""
    one = residual.StackConfig(depth=1, width=32, seed=3)
    for norm in residual.NORMS:
        pre, lns = residual.run_stack(one, "pre", norm), residual.run_stack(one, "lns", norm)
        for name in ("stream_norm", "grad_norm", "peak", "update_ratio"):
            np.testing.assert_array_equal(getattr(pre, name), getattr(lns, name), err_msg=name)
    comp = residual.compare(residual.StackConfig(depth=6, width=32, seed=3))
    for norm in residual.NORMS:
        pre, lns = comp.runs[("pre", norm)], comp.runs[("lns", norm)]
        assert np.array_equal(pre.stream_norm[:2], lns.stream_norm[:2])
        assert np.all(lns.stream_norm[2:] < pre.stream_norm[2:])


def test_gelu_mean_square_is_the_integral_and_starts_like_a_quarter_of_the_variance():
    from scipy import integrate, special, stats

    def direct(v):
        s = math.sqrt(v)
        return integrate.quad(lambda z: (s * z * special.ndtr(s * z)) ** 2 * stats.norm.pdf(z), -np.inf, np.inf)[0]

    variances = np.array([1.0, 0.5, 1 / 24, 1 / 48, 1e-3, 0.0])
    np.testing.assert_allclose(residual.gelu_mean_square(variances), [direct(v) for v in variances], rtol=1e-12)
    assert float(residual.gelu_mean_square(1.0)) == pytest.approx(0.4252, abs=1e-4)
    # torch's GELU on a large sample agrees (the block's own nonlinearity)
    z = torch.from_numpy(np.random.default_rng(0).standard_normal(2_000_000))
    assert float((torch.nn.functional.gelu(z) ** 2).mean()) == pytest.approx(0.4252, rel=3e-3)
    for v in (1e-2, 1e-3):
        assert (residual.gelu_mean_square(v) - v / 4) / v**2 == pytest.approx(3 / (2 * math.pi), rel=0.03)
    for bad in (-1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match="variance"):
            residual.gelu_mean_square(bad)


def test_expected_added_is_linear_for_pre_norm_and_a_quarter_log_for_lns():
    deep = residual.StackConfig(depth=48, gain=2.0)
    pre, lns = residual.expected_added(deep, "pre"), residual.expected_added(deep, "lns")
    assert pre[0] == lns[0] == 0.0 and pre.shape == lns.shape == (49,)
    np.testing.assert_allclose(pre, 4.0 * 0.42522148257 * np.arange(49), rtol=1e-9)
    layers = np.arange(1, 49)
    np.testing.assert_allclose(np.diff(lns), 4.0 * residual.gelu_mean_square(1 / layers), rtol=1e-12)
    # (g²/4)·ln L + C: the doubling from 24 to 48 layers adds (g²/4)·ln 2, to within the O(1/L) rest
    assert lns[48] - lns[24] == pytest.approx(math.log(2), abs=0.03)
    assert residual.expected_added(residual.StackConfig(), "lns")[24] == pytest.approx(1.3098, abs=1e-4)
    with pytest.raises(ValueError, match="arrangement"):
        residual.expected_added(deep, "post")


@pytest.mark.parametrize("norm", residual.NORMS)
def test_over_many_draws_of_the_weights_the_layers_add_what_expected_added_says(norm):
    """The expectation over the weights, by Monte Carlo with independent draws (numpy, float64, ε = 0): a fixed
    input of scale 3, 400 draws of a 12-layer stack of width 64."""
    rng = np.random.default_rng(29)
    depth, width, tokens = 12, 64, 8
    h0 = 3.0 * rng.standard_normal((tokens, width))

    def n(x):
        if norm == "ln":
            x = x - x.mean(axis=-1, keepdims=True)
        return x / np.sqrt((x * x).mean(axis=-1, keepdims=True))

    from scipy import special

    added = {"pre": [], "lns": []}
    for _ in range(400):
        weights = rng.standard_normal((depth, 2, width, width)) / math.sqrt(width)
        for arrangement, out in added.items():
            h = h0
            for ell in range(1, depth + 1):
                a = n(h) / (math.sqrt(ell) if arrangement == "lns" else 1.0) @ weights[ell - 1, 0].T
                h = h + (a * special.ndtr(a)) @ weights[ell - 1, 1].T
            out.append(((h - h0) ** 2).sum(axis=-1).mean() / width)
    config = residual.StackConfig(depth=depth, width=width)
    for arrangement, out in added.items():
        assert np.mean(out) == pytest.approx(residual.expected_added(config, arrangement)[-1], rel=0.02), arrangement


def _numpy_growth(config: residual.StackConfig, arrangement: str, norm: str) -> dict:
    """Pre-Norm or LNS as a plain numpy loop in float64 over the stack's own draws (numpy's float32 draws,
    widened), GELU as x·Φ(x): ‖hₗ‖²/D, ‖hₗ − h₀‖²/D and ‖hₗ − hₗ₋₁‖/‖hₗ₋₁‖, means over tokens."""
    from scipy import special

    z, _, weights = residual._draws(config.seed, config.width, config.tokens, "float32")
    eps = method(norm).default_eps
    h0 = z.astype(np.float64) * config.scale
    h, streams = h0, [h0]
    for ell in range(1, config.depth + 1):
        x = h - h.mean(axis=-1, keepdims=True) if norm == "ln" else h
        u = x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + eps)
        if arrangement == "lns":
            u = u / math.sqrt(ell)
        a = u @ weights[ell - 1, 0].astype(np.float64).T
        h = h + config.gain * (a * special.ndtr(a)) @ weights[ell - 1, 1].astype(np.float64).T
        streams.append(h)
    s = np.stack(streams)
    lengths = np.linalg.norm(s, axis=-1)
    return {
        "mean_square": (lengths**2).mean(axis=-1) / config.width,
        "added": ((s - s[0]) ** 2).sum(axis=-1).mean(axis=-1) / config.width,
        "update_ratio": (np.linalg.norm(s[1:] - s[:-1], axis=-1) / lengths[:-1]).mean(axis=-1),
    }


@pytest.mark.parametrize("norm", residual.NORMS)
@pytest.mark.parametrize(
    "config",
    [
        residual.StackConfig(),
        residual.StackConfig(depth=48, width=64, seed=7, gain=4.0),
        residual.StackConfig(depth=9, width=256, seed=2, scale=100.0, gain=0.25),
        residual.StackConfig(depth=1, width=16),
    ],
)
def test_depth_growth_reads_the_numbers_a_plain_numpy_loop_gives(config, norm):
    """res.lns.reading's numbers, recomputed without torch: the stream's mean square at the input and the top,
    what the layers added by layer ⌊L/2⌋ and L, the top layer's update-to-stream ratio; the expectations."""
    growth = residual.depth_growth(residual.compare(config), norm)
    depth, half = config.depth, config.depth // 2
    assert (growth.norm, growth.depth, growth.half) == (norm, depth, half)
    for arrangement in ("pre", "lns"):
        want = _numpy_growth(config, arrangement, norm)
        assert growth.start == pytest.approx(want["mean_square"][0], rel=1e-5)
        assert growth.top[arrangement] == pytest.approx(want["mean_square"][depth], rel=1e-4)
        assert growth.factor(arrangement) == pytest.approx(
            want["mean_square"][depth] / want["mean_square"][0], rel=1e-4
        )
        assert growth.added[arrangement] == pytest.approx(want["added"][depth], rel=1e-3)
        assert growth.added_half[arrangement] == pytest.approx(want["added"][half], rel=1e-3, abs=1e-12)
        assert growth.update_top[arrangement] == pytest.approx(want["update_ratio"][depth - 1], rel=1e-4)
        expected = residual.expected_added(config, arrangement)
        assert (growth.expected[arrangement], growth.expected_half[arrangement]) == (expected[depth], expected[half])
        if half:
            assert growth.doubling(arrangement) == pytest.approx(want["added"][depth] / want["added"][half], rel=2e-3)
        else:
            assert math.isnan(growth.doubling(arrangement)) and math.isnan(growth.doubling(arrangement, expected=True))
    assert growth.per_layer == pytest.approx(config.gain**2 * 0.42522148, rel=1e-7)


def test_at_the_page_defaults_lns_holds_the_stream_down_and_its_top_update_is_a_smaller_share():
    """The page's defaults (D = 128, 24 layers, gain 1, scale 1, random seed 0): Pre-Norm's ‖hₗ‖²/D grows about
    tenfold, LNS's about twofold; the measured additions sit within 15 % of the expectation; from 12 to 24 layers
    Pre-Norm's additions double and LNS's grow by less than a fifth; the top layer's update is about a fifth of the
    stream with Pre-Norm and under a tenth with LNS."""
    for norm in residual.NORMS:
        g = residual.depth_growth(residual.compare(residual.StackConfig()), norm)
        assert 8 < g.factor("pre") < 14 and 1.8 < g.factor("lns") < 2.8
        for arrangement in ("pre", "lns"):
            assert g.added[arrangement] == pytest.approx(g.expected[arrangement], rel=0.15)
        assert 1.8 < g.doubling("pre") < 2.2 and 1.0 < g.doubling("lns") < 1.2
        assert g.doubling("pre", expected=True) == 2.0
        assert 0.15 < g.update_top["pre"] < 0.3 and g.update_top["lns"] < 0.1


def test_the_lns_formulas_fit_a_phone_line_by_line():
    """Each display line of LNS_TEX renders in at most about 40 characters (commands and braces dropped)."""
    import re

    for line in residual.LNS_TEX:
        visible = re.sub(r"\\(operatorname|text|mathbb|tfrac|textstyle|big|Big)\b", "", line)
        visible = re.sub(r"\\[a-zA-Z]+", "x", visible)  # a symbol (\ell, \sigma, \lVert) is one character
        visible = re.sub(r"[{}_^ ]|\\[,;! ]", "", visible)
        assert len(visible) <= 40, (line, len(visible))
