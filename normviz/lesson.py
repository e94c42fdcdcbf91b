"""The guided lesson as data: one ``Step`` record per step, and the small computations behind them.

A step names its figure ``kind`` (how the page draws it) and the scene it
starts from; the student may change the scene afterwards. Adding a step is one
record in ``STEPS``, its strings ``lesson.step.<key>.title`` / ``.text`` in
``normviz/i18n/lesson.py`` and, for a new kind, one drawing function in
``normviz/ui/lesson.py``.

Also here: the worked computation of one method for one vector (every
intermediate number, from ``normviz.norms`` and numpy in float64), the score
of a predicted output, and the small scenes of the axes, γ/β, Pre/Post-Norm,
precision and ε steps. The cost step's numbers are the cost page's
(``normviz.cost.compute`` on the step's params); the optional closing step's come from
``normviz.beyond`` and the residual page's ``residual.compare`` (``beyond_scene``, ``beyond.stack_tops``);
the optional real-model step's from a trained model's captured LayerNorm inputs (``normviz.model.run``, analysed
by ``normviz.hidden``: ``model_scene``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from normviz import axes, beyond, geometry, hidden, model, norms, precision, residual, warp
from normviz.format import tex_eps, tex_number, tex_vector
from normviz.methods import METHODS

# Figure kinds: "plane" / "space" (the projection engine, live), "dof" (the kept-fraction chart),
# "pairs" (information), "shift" (invariance counterfactual), "axes", "residual" (the residual page's
# Pre/Post-Norm stack), "precision", "eps", "cost", "summary", "warp" (the warp page's grid morph), "beyond" (the
# optional closing step: DyT, QK-norm, Peri-Norm and nGPT, one massive activation; numbers from normviz.beyond and
# the residual page's comparison), "model" (optional: a trained model's 13 LayerNorm inputs on one sentence).
KINDS = (
    "plane",
    "space",
    "dof",
    "pairs",
    "shift",
    "axes",
    "residual",
    "precision",
    "eps",
    "cost",
    "summary",
    "warp",
    "beyond",
    "model",
)
TARGETS = ("center", "l2", "rms", "ln")  # what a student may predict: x - mu*1, or a method's output


@dataclass(frozen=True)
class Step:
    """One step of the lesson.

    ``x`` is the starting vector of a plane/space step (2 or 3 components);
    ``shown`` the methods drawn; ``target`` what the student predicts before the
    reveal (None: no prediction on this step); ``eps`` the ε of every method
    (0: the exact pictures); ``gamma`` / ``beta`` the affine map; ``params``
    anything else the kind reads (the n of the dof chart, the pairs, ...).
    """

    key: str
    kind: str
    x: tuple[float, ...] = ()
    shown: frozenset[str] = frozenset()
    target: str | None = None
    eps: float = 0.0
    gamma: tuple[float, ...] | None = None
    beta: tuple[float, ...] | None = None
    params: tuple[tuple[str, object], ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}; got {self.kind!r}")
        if self.target is not None and self.target not in TARGETS:
            raise ValueError(f"target must be one of {TARGETS}; got {self.target!r}")
        if self.kind in ("plane", "space") and len(self.x) != (2 if self.kind == "plane" else 3):
            raise ValueError(f"x of a {self.kind} step must have {2 if self.kind == 'plane' else 3} components")

    @property
    def param(self) -> dict:
        return dict(self.params)

    def scene(self, x: tuple[float, ...] | None = None) -> geometry.Scene:
        """The geometry scene of a plane/space step, with ``x`` in place of the step's own if given."""
        x = tuple(float(v) for v in (self.x if x is None else x))
        n = len(x)
        return geometry.Scene(
            x=x,
            eps=self.eps,
            gamma=tuple(self.gamma or (1.0,) * n),
            beta=tuple(self.beta or (0.0,) * n),
            shown=self.shown,
        )


ALL = frozenset(METHODS)
# The real-model step's sentence: the first example of the real-model page, so its link opens the same run.
MODEL_SENTENCE = "The students dragged the vector and watched it land on the sphere."
# x̂ = (x − c) / s: the centre c and the scale s of each method
FORM = {"l2": ("0", "max(‖x‖₂, ε)"), "rms": ("0", "√(mean(x²) + ε)"), "ln": ("μ", "√(σ² + ε)")}
# The story: the formula, what x is (one token's D features), the geometry with predictions, freedom,
# information and invariance, γ and β, where the norm sits in a network, then numerics and cost.
STEPS: tuple[Step, ...] = (
    Step("form", "plane", x=(3.0, 4.0), shown=ALL),
    Step("axes", "axes", params=(("shape", (2, 3, 4)), ("seed", 7))),
    Step("l2", "plane", x=(3.0, 4.0), shown=frozenset({"l2"}), target="l2"),
    Step("rms", "plane", x=(3.0, 4.0), shown=frozenset({"rms"}), target="rms"),
    Step("rms3d", "space", x=(2.0, 4.0, 6.0), shown=frozenset({"rms"}), target="rms"),
    Step("center", "space", x=(1.0, 2.0, 3.0), shown=frozenset({"ln"}), target="center"),
    Step("ln", "space", x=(2.0, 4.0, 6.0), shown=frozenset({"ln"}), target="ln"),
    Step("extreme", "plane", x=(1.0, 3.0), shown=frozenset({"ln"}), target="ln"),
    # the warp page's 2D grid (7 × 7 lines on [−3, 3]²) morphing into LayerNorm's two points at ε = 0
    Step("warp", "warp", params=(("method", "ln"), ("extent", 3.0), ("count", 7))),
    Step("dof", "dof", params=(("n", 768),)),
    Step("information", "pairs", params=(("pairs", (((3.0, 4.0), (6.0, 8.0)), ((3.0, 4.0), (4.0, 3.0)))),)),
    Step("invariance", "shift", x=(1.0, 2.0, 3.0), params=(("shift", 100.0),)),
    Step(
        "affine",
        "plane",
        x=(3.0, 4.0),
        shown=frozenset({"ln", "rms"}),
        gamma=(2.0, 0.5),
        beta=(0.5, -1.0),
        params=(("scale", 2.0), ("shift", 100.0)),
    ),
    Step("prepost", "residual", params=(("depth", 24), ("width", 128))),
    Step("precision", "precision", params=(("x", (300.0, 300.0)),)),
    Step("eps", "eps", params=(("x", (5.0, 5.001, 4.999)), ("log_eps", -5.0))),
    # The cost page's calculator (normviz.cost.compute) on these Inputs, D from the step's slider.
    Step(
        "cost",
        "cost",
        params=(
            ("tokens", 32768),
            ("hidden", 2048),
            ("layers", 24),
            ("norms_per_layer", 2),
            ("bytes_per_value", 2),
            ("bandwidth", 2e12),
        ),
    ),
    # Optional: a trained model (normviz.model, all-MiniLM-L6-v2) reads MODEL_SENTENCE; what its 13 LayerNorms
    # receive (normviz.hidden), outliers flagged above the real-model page's default threshold.
    Step("model", "model", params=(("sentence", MODEL_SENTENCE), ("threshold", hidden.DEFAULT_THRESHOLD))),
    # Optional, before the summary: what came after LayerNorm and RMSNorm (normviz.beyond, the residual page's
    # default stack). x and the offset are the invariance step's; the outlier: one coordinate s among D − 1 ones.
    Step(
        "beyond",
        "beyond",
        params=(
            ("x", (1.0, 2.0, 3.0)),
            ("offset", 100.0),
            ("head_dim", 128),
            ("keys", 8),
            ("qk_scale", 4.0),
            ("seed", 0),
            ("outlier_dim", 128),
            ("outlier", 100.0),
        ),
    ),
    Step("summary", "summary"),
)
KEYS = tuple(s.key for s in STEPS)


def step(number: int) -> Step:
    """The step with 1-based ``number``; ValueError outside 1..len(STEPS)."""
    if not 1 <= number <= len(STEPS):
        raise ValueError(f"number must be in 1..{len(STEPS)}; got {number!r}")
    return STEPS[number - 1]


# --- the worked computation ---------------------------------------------------------------------


@dataclass(frozen=True)
class Worked:
    """Every number of one method applied to one vector (float64).

    LayerNorm: mean = μ, var = σ² (biased), centered = x − μ·1, denom = √(σ² + ε).
    RMSNorm: mean = 0 (nothing subtracted), var = mean(x²), denom = √(mean(x²) + ε).
    L2: denom = max(‖x‖₂, ε). ``normalized`` = centered / denom (what the method
    gives with γ = 1, β = 0); ``output`` = normalized · γ + β, computed by normviz.
    """

    method: str
    x: np.ndarray
    eps: float
    mean: float
    var: float
    centered: np.ndarray
    denom: float
    normalized: np.ndarray
    gamma: np.ndarray
    beta: np.ndarray
    output: np.ndarray


def worked(method: str, x, *, eps: float = 0.0, gamma=None, beta=None) -> Worked:
    """The steps of ``method`` ("ln", "rms" or "l2") on ``x``; the output comes from normviz's own function."""
    m = METHODS[method] if method in METHODS else None
    if m is None:
        raise ValueError(f"method must be one of {tuple(METHODS)}; got {method!r}")
    x = np.asarray(x, dtype=np.float64)
    if x.ndim != 1 or x.size < 1:
        raise ValueError(f"x must be a non-empty vector; got shape {x.shape}")
    n = x.size
    g = np.ones(n) if gamma is None or not m.has_weight else np.asarray(gamma, dtype=np.float64)
    b = np.zeros(n) if beta is None or not m.has_bias else np.asarray(beta, dtype=np.float64)
    if method == "ln":
        mean = float(x.mean())
        centered = x - mean
        var = float(np.mean(centered * centered))
        denom = math.sqrt(var + eps)
    elif method == "rms":
        mean, centered = 0.0, x.copy()
        var = float(np.mean(x * x))
        denom = math.sqrt(var + eps)
    else:
        mean, centered = 0.0, x.copy()
        var = float(np.dot(x, x))
        denom = max(math.sqrt(var), eps)
    normalized = np.asarray(m(x, eps=eps), dtype=np.float64)
    output = np.asarray(m(x, eps=eps, weight=g, bias=b), dtype=np.float64)
    return Worked(method, x, float(eps), mean, var, centered, denom, normalized, g, b, output)


def truth(step_: Step, x) -> np.ndarray:
    """What the student predicts on ``step_`` for input ``x``: x − μ·1 or the target method's output (γ = 1, β = 0)."""
    if step_.target is None:
        raise ValueError(f"step {step_.key!r} has no prediction")
    x = np.asarray(x, dtype=np.float64)
    if step_.target == "center":
        return x - x.mean()
    return np.asarray(METHODS[step_.target](x, eps=step_.eps), dtype=np.float64)


# --- predict, then reveal -----------------------------------------------------------------------

VERDICTS = ("exact", "close", "near", "far")


@dataclass(frozen=True)
class Score:
    distance: float  # ‖guess − truth‖₂
    relative: float  # distance / max(‖truth‖₂, 1)
    verdict: str  # one of VERDICTS


def score(guess, true) -> Score:
    """How far a predicted output is from the true one: the Euclidean distance and a verdict.

    The verdict compares the distance with the size of the answer (at least 1):
    within 2 % exact, 10 % close, 30 % near, else far.
    """
    guess = np.asarray(guess, dtype=np.float64)
    true = np.asarray(true, dtype=np.float64)
    if guess.shape != true.shape:
        raise ValueError(f"guess must have shape {true.shape}; got {guess.shape}")
    d = float(np.linalg.norm(guess - true))
    rel = d / max(float(np.linalg.norm(true)), 1.0)
    verdict = "exact" if rel <= 0.02 else "close" if rel <= 0.1 else "near" if rel <= 0.3 else "far"
    return Score(d, rel, verdict)


# --- the small scenes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AxesScene:
    """A B×S×D tensor and the groups LayerNorm (axis=-1: each token) and BatchNorm (axis=(0, 1): each feature)
    average."""

    x: np.ndarray  # (B, S, D)
    token_means: np.ndarray  # (B, S): LayerNorm's μ per token
    feature_means: np.ndarray  # (D,): BatchNorm's μ per feature
    ln_out: np.ndarray  # layer_norm(x, axis=-1)
    bn_out: np.ndarray  # BatchNorm at training time over axes (0, 1), no γ/β
    ln_groups: int
    bn_groups: int


def axes_scene(shape=(2, 3, 4), seed: int = 7) -> AxesScene:
    """The axes page's (B, S, D) tensor for ``seed`` (``axes.sample``: its figure shows the same numbers), normalized
    over the last axis and over the batch and sequence axes."""
    x = axes.sample(*shape, seed)
    ln_out, bn_out = axes.output("ln", x, eps=0.0), axes.output("bn", x, eps=0.0)  # the axes page's own
    return AxesScene(x, x.mean(axis=-1), x.mean(axis=(0, 1)), ln_out, bn_out, shape[0] * shape[1], shape[2])


# The precision step's rows: (key, dtype, reduction). Each row is ONE computation, precision.naive_steps: its
# squares, its Σ (where it forms one), its mean square and its output. "fp32" is x.float() and then the same
# steps in float32, as normviz reduces (its output stays float32 here).
PRECISION_ROWS = (("fp16_mean", "float16", "mean"), ("fp16_sum", "float16", "sum"), ("fp32", "float32", "sum"))


@dataclass(frozen=True)
class AffineRow:
    """One input of the γ/β step, ``scale``·x + ``shift``·𝟏, and what LayerNorm (γ, β) and RMSNorm (γ) give it."""

    scale: float
    shift: float
    x: np.ndarray
    ln: np.ndarray
    rms: np.ndarray


def affine_rows(step_: Step, x) -> list[AffineRow]:
    """x, a·x and a·x + c·𝟏 (a, c: the step's ``scale`` and ``shift``) through the step's own γ and β.

    γ and β are the same for every input, so they cannot tell these apart where the norm cannot: at ε = 0
    LayerNorm gives all three one output (x not constant), RMSNorm gives x and a·x one output (x ≠ 0)."""
    x = np.asarray(x, dtype=np.float64)
    n = x.size
    gamma = np.asarray(step_.gamma or (1.0,) * n, dtype=np.float64)
    beta = np.asarray(step_.beta or (0.0,) * n, dtype=np.float64)
    a, c = float(step_.param["scale"]), float(step_.param["shift"])
    rows = []
    for scale, shift in ((1.0, 0.0), (a, 0.0), (a, c)):
        v = scale * x + shift
        with np.errstate(invalid="ignore", divide="ignore"):
            ln = norms.layer_norm(v, weight=gamma, bias=beta, eps=step_.eps)
            rms = norms.rms_norm(v, weight=gamma, eps=step_.eps)
        rows.append(AffineRow(scale, shift, v, np.asarray(ln, dtype=np.float64), np.asarray(rms, dtype=np.float64)))
    return rows


@dataclass(frozen=True)
class PrePost:
    """What the Pre/Post-Norm step says about the residual page's stack (LayerNorm runs): the stream's
    length ‖hₗ‖ at the input and at the top, for each arrangement, against √D."""

    depth: int
    width: int
    start: float  # ‖h₀‖, the same input for both
    pre_top: float  # Pre-Norm's ‖h_depth‖: nothing normalizes the stream
    post_top: float  # Post-Norm's ‖h_depth‖: brought back to √D by every layer's Norm (ε > 0: a hair below)
    root_width: float  # √D


def prepost(comp: residual.Comparison, norm: str = "ln") -> PrePost:
    """The step's numbers, read from a ``residual.compare`` result (the page's cached one)."""
    depth = comp.config.depth
    pre, post = comp.runs[("pre", norm)], comp.runs[("post", norm)]
    return PrePost(
        depth,
        comp.config.width,
        float(pre.stream_norm[0]),
        float(pre.stream_norm[depth]),
        float(post.stream_norm[depth]),
        comp.root_width,
    )


@dataclass(frozen=True)
class PrecisionScene:
    """RMSNorm of one vector stored in float16, three ways, and float16's limits (finfo)."""

    x: tuple[float, ...]
    rows: dict[str, precision.NaiveSteps]  # PRECISION_ROWS key -> that computation's intermediates
    fp16_max: float
    threshold: float  # √(fp16 max): the largest |x| whose square is finite in float16
    sum_threshold: float  # √(fp16 max / n): the RMS (here |x₁| = |x₂|) above which Σx² passes max
    source: str  # where fp16_max comes from (precision.limits: torch.finfo)


def precision_scene(x=(300.0, 300.0)) -> PrecisionScene:
    x16 = np.asarray(x, dtype=np.float64).astype(np.float16).astype(np.float64)  # x as stored in float16
    rows = {key: precision.naive_steps(x16, dtype, reduction) for key, dtype, reduction in PRECISION_ROWS}
    fp16 = precision.limits("float16")  # torch.finfo, as on the precision page
    return PrecisionScene(
        tuple(float(v) for v in x),
        rows,
        fp16.max,
        fp16.square_overflow,
        precision.sum_overflow_rms(len(x16)),
        fp16.source,
    )


@dataclass(frozen=True)
class EpsRow:
    x: tuple[float, ...]
    eps: float
    sigma: float  # biased σ of x
    output: np.ndarray  # layer_norm(x, eps)
    norm: float  # ‖output‖


def eps_rows(x=(5.0, 5.001, 4.999), eps_values=(0.0, 1e-5, 1e-3)) -> list[EpsRow]:
    """LayerNorm of a near-constant vector and of the zero vector at several ε (normviz.layer_norm)."""
    rows = []
    for v in (tuple(x), tuple(0.0 for _ in x)):
        arr = np.asarray(v, dtype=np.float64)
        sigma = float(np.sqrt(np.mean((arr - arr.mean()) ** 2)))
        for eps in eps_values:
            with np.errstate(invalid="ignore", divide="ignore"):
                out = np.asarray(norms.layer_norm(arr, eps=eps), dtype=np.float64)
                rows.append(EpsRow(v, float(eps), sigma, out, float(np.linalg.norm(out))))
    return rows


@dataclass(frozen=True)
class GridGroup:
    """The grid points that share one output: how many, the output, and the side of the diagonal they lie on."""

    count: int
    output: np.ndarray
    side: str  # "below" (x₁ > x₂), "above" (x₁ < x₂) or "mixed"


@dataclass(frozen=True)
class GridLanding:
    """Where the grid points (``normviz.warp.grid_vertices``) of the warp step go: groups by output, largest
    first, and the points whose output is undefined (0/0: NaN at ε = 0)."""

    key: str
    eps: float
    total: int
    groups: tuple[GridGroup, ...]
    undefined: int


def grid_landing(step_: Step) -> GridLanding:
    """The warp step's grid through its method at the step's ε, every output from the library
    (``normviz.warp.warp``); two outputs are one when ``normviz.warp.same_output`` would call them so."""
    p = step_.param
    key = p["method"]
    verts = warp.grid_vertices(2, extent=p["extent"], count=p["count"])
    out = warp.warp(verts, key, eps=step_.eps)
    defined = np.all(np.isfinite(out), axis=1)
    groups, left = [], np.flatnonzero(defined)
    while len(left):
        first = out[left[0]]
        same = np.linalg.norm(out[left] - first, axis=1) <= warp.SAME_OUTPUT_RTOL * (1 + np.linalg.norm(first))
        members = verts[left[same]]
        below, above = members[:, 0] > members[:, 1], members[:, 0] < members[:, 1]
        side = "below" if below.all() else "above" if above.all() else "mixed"
        groups.append(GridGroup(int(same.sum()), first, side))
        left = left[~same]
    groups.sort(key=lambda g: (-g.count, g.side != "below"))
    return GridLanding(key, float(step_.eps), len(verts), tuple(groups), int(np.sum(~defined)))


@dataclass(frozen=True)
class Beyond:
    """The numbers of the optional closing step, all from ``normviz.beyond`` (γ = 1, β = 0, ε = 0 throughout).

    DyT (α: the library's default α₀) next to LayerNorm on x and on x + offset·𝟏; QK-norm with RMSNorm on one
    seeded query and ``keys`` seeded keys of ``head_dim`` coordinates, plain and normed, with q and every key
    scaled by 1 and by ``qk_scale``; RMSNorm's factor on the other coordinates of a vector of D − 1 ones and one
    coordinate ``outlier`` (D = ``outlier_dim``)."""

    x: np.ndarray
    alpha: float
    dyt: np.ndarray  # DyT(x)
    ln: np.ndarray  # LayerNorm(x)
    distance: float  # ‖DyT(x) − LN(x)‖ / √n
    derf: np.ndarray  # Derf(x) = erf(α·x + s) with the library's α₀ and s₀ (0.5 and 0, as DyT's α₀)
    derf_distance: float  # ‖Derf(x) − LN(x)‖ / √n
    dyt_curve: beyond.Squash  # tanh(α·x): slope α at 0, 99 % of its bound at ±artanh(0.99)/α
    derf_curve: beyond.Squash  # erf(α·x): slope 2α/√π at 0, 99 % at ±erfinv(0.99)/α
    vit: beyond.Reported  # Chen et al.'s ViT-B top-1 with LayerNorm, DyT and Derf (their numbers)
    frozen_c: float  # σ(x) at ε = 0 (biased): the constant LayerNorm's σ is frozen at (Baroni et al., 2025)
    frozen_double: np.ndarray  # LN_c(2x) = (2x − mean(2x)·𝟏)/c = 2·LN(x): the frozen map keeps the length
    ln_double: np.ndarray  # LayerNorm(2x) = LayerNorm(x)
    offset: float
    offset_dyt: np.ndarray  # DyT(x + offset·𝟏): saturated near 𝟏
    offset_ln: np.ndarray  # LayerNorm(x + offset·𝟏) = LayerNorm(x)
    offset_distance: float
    offset_limit: float  # the gap as the offset grows without bound: √2 at ε = 0
    head_dim: int
    bound: float  # √d · max|γ_q γ_k| with γ = 1: √d
    qk_scale: float
    plain_max: tuple[float, float]  # max |q·kⱼ|/√d at scale 1 and at qk_scale
    normed_max: tuple[float, float]  # the same after RMSNorm on q and on each kⱼ
    plain_entropy: tuple[float, float]  # the softmax's entropy (nats) at scale 1 and at qk_scale
    outlier_dim: int
    outlier: float
    rms_factor: float  # what RMSNorm multiplies the other coordinates by, outlier s instead of 0
    dyt_other: float  # DyT of a coordinate 1: the same whatever the outlier


def beyond_scene(step_: Step) -> Beyond:
    """The closing step's numbers for its params (see ``Beyond``)."""
    p = step_.param
    x = np.asarray(p["x"], dtype=np.float64)
    base, moved, _ = beyond.where_they_part(x, offset=p["offset"], eps=0.0)
    derf = beyond.squash_values("derf", x, alpha=beyond.DERF_ALPHA, shift=beyond.DERF_SHIFT)
    d, m, scale = int(p["head_dim"]), int(p["keys"]), float(p["qk_scale"])
    rng = np.random.default_rng(int(p["seed"]))
    q, keys = rng.standard_normal(d), rng.standard_normal((m, d))
    sweep = beyond.qk_sweep(q, keys, (1.0, scale), norm="rms", eps=0.0)
    plain = np.max(np.abs(sweep.logits_plain), axis=1)
    normed = np.max(np.abs(sweep.logits_normed), axis=1)
    n_out, s = int(p["outlier_dim"]), float(p["outlier"])
    rest = np.ones(n_out - 1)
    effect = beyond.outlier_effect(rest, s, eps=0.0)
    return Beyond(
        x=x,
        alpha=beyond.DYT_ALPHA,
        dyt=base.dyt,
        ln=base.ln,
        distance=base.distance,
        derf=derf,
        derf_distance=float(np.linalg.norm(derf - base.ln) / math.sqrt(x.size)),
        dyt_curve=beyond.squash("dyt", alpha=beyond.DYT_ALPHA),
        derf_curve=beyond.squash("derf", alpha=beyond.DERF_ALPHA, shift=beyond.DERF_SHIFT),
        vit=next(r for r in beyond.DERF_REPORTED if r.key == "vit"),
        frozen_c=float(np.std(x)),
        frozen_double=hidden.frozen_layer_norm(2 * x[None], float(np.std(x)))[0],
        ln_double=norms.layer_norm(2 * x, eps=0.0),
        offset=float(p["offset"]),
        offset_dyt=moved.dyt,
        offset_ln=moved.ln,
        offset_distance=moved.distance,
        offset_limit=moved.limit,
        head_dim=d,
        bound=sweep.bound,
        qk_scale=scale,
        plain_max=(float(plain[0]), float(plain[1])),
        normed_max=(float(normed[0]), float(normed[1])),
        plain_entropy=(float(sweep.entropy_plain[0]), float(sweep.entropy_plain[1])),
        outlier_dim=n_out,
        outlier=s,
        rms_factor=beyond.rms_outlier_factor(rest, s, eps=0.0),
        dyt_other=float(effect.dyt[effect.others][0]),
    )


@dataclass(frozen=True)
class FrozenScene:
    """The real model with every LayerNorm's σ frozen (``normviz.model.calibrate``'s constants on its shipped
    sentences, [CLS] with its own; no fine-tuning): the cosine of the sentence embedding to the ordinary model's."""

    sentence: str
    cosine: float  # every LayerNorm frozen, [CLS] with its own constant ("cls")
    cosine_one: float  # every LayerNorm frozen with one constant for all tokens ("one")


def frozen_scene(sentence: str) -> FrozenScene:
    """Three forward passes of ``sentence`` (ordinary, frozen "cls", frozen "one"). Raises
    ``normviz.model.ModelFileError`` when the model's files are missing or altered."""
    calibration = model.calibrate()
    plain = model.run(sentence).embedding
    cls, one = (model.run(sentence, frozen=calibration.constants(mode)).embedding for mode in ("cls", "one"))
    return FrozenScene(sentence, float(plain @ cls), float(plain @ one))


@dataclass(frozen=True)
class ModelScene:
    """What the 13 LayerNorms of a trained model receive on one sentence (the optional real-model step).

    Per norm k (``names``, ``normviz.model.NORMS``) and token j of the captured inputs x (``normviz.model.run``):
    ``shares[k, j]`` = μ²·D/‖x‖², the share of ‖x‖² along 𝟏 (``hidden.token_stats``), and ``gaps[k, j]`` =
    ‖LN(x) − RMS(x)‖/‖LN(x)‖ at γ = 1, β = 0 and the model's ε (``hidden.ln_rms_gap``); ``formula_error`` =
    max |gap_from_share(share) − gap| over every norm and token: how far the ε = 0 closed form is from the gaps
    computed with ε. The last norm: the coordinates with γ ≈ 0 (``hidden.gamma_summary(γ).small``, smallest |γ|
    first), its input's outlier coordinates above ``threshold`` (``hidden.outliers``, most often flagged first),
    ``both`` = the first in the second, and ``both_ratio`` = the largest |xᵢ|/RMS(x) among ``both`` (NaN if none).
    Coordinates are 0-based, as on the real-model page.
    """

    sentence: str
    tokens: tuple[str, ...]
    names: tuple[str, ...]
    eps: float
    shares: np.ndarray  # (13, S)
    gaps: np.ndarray  # (13, S)
    formula_error: float
    threshold: float
    small_gamma: tuple[int, ...]
    small_below: float
    outliers: tuple[int, ...]
    both: tuple[int, ...]
    both_ratio: float

    @property
    def mean_share(self) -> np.ndarray:
        """(13,) each norm's share along 𝟏, averaged over the tokens."""
        return self.shares.mean(axis=1)

    @property
    def mean_gap(self) -> np.ndarray:
        """(13,) each norm's ‖LN − RMS‖/‖LN‖, averaged over the tokens."""
        return self.gaps.mean(axis=1)

    @property
    def top(self) -> int:
        """The norm with the largest mean share."""
        return int(np.argmax(self.mean_share))

    @property
    def low(self) -> int:
        """The norm with the smallest mean share."""
        return int(np.argmin(self.mean_share))


def model_scene(step_: Step) -> ModelScene:
    """Run the model on the step's sentence and analyse what its 13 LayerNorms received (see ``ModelScene``).

    Raises ``normviz.model.ModelFileError`` when the model's files are missing or altered (torch, safetensors and
    tokenizers must be installed)."""
    p = step_.param
    run = model.run(p["sentence"])
    table = hidden.per_layer(run.inputs, run.eps)
    shares, gaps = table.share_ones, table.gap
    last = hidden.gamma_summary(run.gammas[-1], run.betas[-1])
    found = hidden.outliers(run.inputs[-1], p["threshold"])
    flagged = [int(c) for c in found.coordinates]
    both = tuple(int(c) for c in last.small if int(c) in flagged)
    return ModelScene(
        sentence=run.text,
        tokens=run.tokens,
        names=model.NORMS,
        eps=run.eps,
        shares=shares,
        gaps=gaps,
        formula_error=float(np.max(np.abs(hidden.gap_from_share(shares) - gaps))),
        threshold=float(p["threshold"]),
        small_gamma=tuple(int(c) for c in last.small),
        small_below=last.small_below,
        outliers=tuple(flagged),
        both=both,
        both_ratio=float(np.max(found.max_ratio[list(both)])) if both else float("nan"),
    )


# --- the worked computation as LaTeX ------------------------------------------------------------


def worked_latex(w: Worked) -> list[str]:
    """One LaTeX line per step of ``w``, every number filled in (see ``Worked``)."""
    n = w.x.size
    x, eps = tex_vector(w.x), tex_eps(w.eps)
    lines = [rf"\mathbf{{x}} = {x}, \quad n = {n}"]
    if w.method == "ln":
        lines += [
            rf"\mu = \tfrac{{1}}{{n}}\textstyle\sum_i x_i = {tex_number(w.mean)}",
            rf"\mathbf{{x}} - \mu\mathbf{{1}} = {tex_vector(w.centered)}",
            rf"\sigma^2 = \tfrac{{1}}{{n}}\textstyle\sum_i (x_i - \mu)^2 = {tex_number(w.var)}",
            rf"\sqrt{{\sigma^2 + \varepsilon}} = \sqrt{{{tex_number(w.var)} + {eps}}} = {tex_number(w.denom)}",
            rf"\hat{{\mathbf{{x}}}} = (\mathbf{{x}} - \mu\mathbf{{1}}) / {tex_number(w.denom)} "
            rf"= {tex_vector(w.normalized)}",
            rf"\mathbf{{y}} = \hat{{\mathbf{{x}}}} \odot \boldsymbol{{\gamma}} + \boldsymbol{{\beta}}, \quad "
            rf"\boldsymbol{{\gamma}} = {tex_vector(w.gamma)}, \ \boldsymbol{{\beta}} = {tex_vector(w.beta)}",
            rf"\mathbf{{y}} = {tex_vector(w.output)}",
        ]
    elif w.method == "rms":
        lines += [
            rf"\tfrac{{1}}{{n}}\textstyle\sum_i x_i^2 = {tex_number(w.var)}",
            rf"\mathrm{{RMS}} = \sqrt{{{tex_number(w.var)} + {eps}}} = {tex_number(w.denom)}",
            rf"\hat{{\mathbf{{x}}}} = \mathbf{{x}} / {tex_number(w.denom)} = {tex_vector(w.normalized)}",
            rf"\mathbf{{y}} = \hat{{\mathbf{{x}}}} \odot \boldsymbol{{\gamma}}, \quad "
            rf"\boldsymbol{{\gamma}} = {tex_vector(w.gamma)}",
            rf"\mathbf{{y}} = {tex_vector(w.output)}",
        ]
    else:
        lines += [
            rf"\lVert\mathbf{{x}}\rVert_2 = \sqrt{{\textstyle\sum_i x_i^2}} = \sqrt{{{tex_number(w.var)}}} "
            rf"= {tex_number(math.sqrt(w.var))}",
            rf"\max(\lVert\mathbf{{x}}\rVert_2, \varepsilon) = \max({tex_number(math.sqrt(w.var))}, {eps}) "
            rf"= {tex_number(w.denom)}",
            rf"\mathbf{{y}} = \mathbf{{x}} / {tex_number(w.denom)} = {tex_vector(w.output)}",
        ]
    return lines
