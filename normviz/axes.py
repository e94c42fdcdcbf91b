r"""Which numbers share statistics: the axes of LayerNorm, RMSNorm, BatchNorm and standardization.

A batch of token vectors is a tensor X of shape (B, S, D): B sequences, S
positions, D features (the seed article's example is 8 × 2048 × 7168). The
methods differ only in the axes their statistics run over:

- LayerNorm and RMSNorm: per token (b, s), over the D features
  (Ba et al. 2016; Zhang & Sennrich 2019);
- BatchNorm in training mode: per feature d, over the B·S tokens of the batch
  (Ioffe & Szegedy 2015); in eval mode it uses running statistics instead;
- standardization of a samples × features table (data preprocessing, the
  z-score): per feature, over the samples, which is BatchNorm's statistic on
  the table whose rows are the B·S tokens.

All variances are biased (divide by the group's size n), except PyTorch's
running variance, which BatchNorm updates with the unbiased batch variance
(divide by n − 1). The outputs come from ``normviz.norms``; this module only
builds the example tensors, the group labels and the statistics the page
shows next to them.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from normviz.methods import METHODS
from normviz.norms import batch_norm, layer_norm, rms_norm, standardize

B_MAX, S_MAX, D_MIN, D_MAX = 8, 12, 2, 16
SEED_B, SEED_S, SEED_D = 8, 2048, 7168  # the seed article's tensor
BN_EPS = 1e-5  # torch.nn.BatchNorm1d's default
MOMENTUM = 0.1  # torch.nn.BatchNorm1d's default
TRAIN_BATCHES = 30  # training batches behind the running statistics
TRAIN_B = 8  # sequences per training batch
METHOD_KEYS = ("ln", "rms", "bn", "std")
PAD_VALUE = 0.0


def _check_shape(b: int, s: int, d: int) -> None:
    for name, value, low, high in (("b", b, 1, B_MAX), ("s", s, 1, S_MAX), ("d", d, D_MIN, D_MAX)):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int; got {value!r}")
        if not low <= value <= high:
            raise ValueError(f"{name} must lie in [{low}, {high}]; got {value}")


def _frozen(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    for a in arrays:
        a.flags.writeable = False  # cached: nobody may change them in place
    return arrays


@lru_cache(maxsize=256)
def feature_profile(d: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Per-feature offset (in [−3, 3]) and scale (in [0.3, 3], log-uniform) drawn from ``seed``.

    Every batch drawn with this seed shares them: they are the data's distribution, so that the
    features really differ (a column with offset 3 and one with offset −2 look different).
    """
    rng = np.random.default_rng([seed, d, 0])
    offsets = rng.uniform(-3.0, 3.0, d)
    scales = np.exp(rng.uniform(np.log(0.3), np.log(3.0), d))
    return _frozen(offsets, scales)


def sample(b: int, s: int, d: int, seed: int, *, batch: int = 0) -> np.ndarray:
    """A (b, s, d) float64 batch: offset_d + scale_d · N(0, 1), seeded by (seed, d, batch).

    The noise is drawn at the full size (B_MAX, S_MAX, d) and cut, so a smaller b or s keeps the
    same numbers in the tokens that remain: the page can compare one token across batch sizes.
    """
    _check_shape(b, s, d)
    offsets, scales = feature_profile(d, seed)
    noise = np.random.default_rng([seed, d, 1 + batch]).standard_normal((B_MAX, S_MAX, d))
    return (offsets + scales * noise)[:b, :s]


def lengths(b: int, s: int, seed: int) -> np.ndarray:
    """Real lengths of the b sequences (1 … s); the first is the longest (s), which sets the padding."""
    rng = np.random.default_rng([seed, 7])
    out = rng.integers(1, s + 1, size=B_MAX)[:b]
    out[0] = s
    return out


def mask(lens: np.ndarray, s: int) -> np.ndarray:
    """(b, s) booleans: True at real tokens, False at padding."""
    return np.arange(s)[None, :] < np.asarray(lens)[:, None]


def padded(x: np.ndarray, lens: np.ndarray) -> np.ndarray:
    """x with the positions past each sequence's length replaced by PAD_VALUE (zeros, as usual)."""
    return np.where(mask(lens, x.shape[1])[:, :, None], x, PAD_VALUE)


# --- the methods: every output comes from normviz.norms ------------------------------------------


def batch_norm_train(x, *, eps: float = BN_EPS):
    """BatchNorm in training mode without γ, β: per feature (last axis) over every other axis.

    y[..., d] = (x[..., d] − μ_d) / √(σ²_d + ε), μ_d and the biased σ²_d over all tokens of the batch.
    This is the one place the page's BatchNorm is computed.
    """
    x = np.asarray(x, dtype=np.float64)
    return batch_norm(x, axis=tuple(range(x.ndim - 1)), eps=eps)


def output(method: str, x: np.ndarray, *, eps: float | None = None) -> np.ndarray:
    """The method's output for x of shape (b, s, d) ("std" standardizes the (b·s) × d table; same shape)."""
    if method == "ln":
        return layer_norm(x, axis=-1, eps=METHODS["ln"].default_eps if eps is None else eps)
    if method == "rms":
        return rms_norm(x, axis=-1, eps=METHODS["rms"].default_eps if eps is None else eps)
    if method == "bn":
        return batch_norm_train(x, eps=BN_EPS if eps is None else eps)
    if method == "std":  # the tokens as rows of a data table, each feature standardized over them
        table = np.asarray(x, dtype=np.float64).reshape(-1, x.shape[-1])
        return standardize(table, axis=0, eps=default_eps("std") if eps is None else eps).reshape(x.shape)
    raise ValueError(f"method must be one of {METHOD_KEYS}; got {method!r}")


def default_eps(method: str) -> float:
    if method in ("ln", "rms"):
        return METHODS[method].default_eps
    if method == "bn":
        return BN_EPS
    if method == "std":
        return inspect.signature(standardize).parameters["eps"].default
    raise ValueError(f"method must be one of {METHOD_KEYS}; got {method!r}")


def groups(method: str, b: int, s: int, d: int) -> np.ndarray:
    """(b, s, d) integer labels: entries with the same label share one μ and σ.

    LayerNorm, RMSNorm: the token, b·s + s'. BatchNorm, standardization: the feature d.
    """
    _check_shape(b, s, d)
    bb, ss, dd = np.meshgrid(np.arange(b), np.arange(s), np.arange(d), indexing="ij")
    if method in ("ln", "rms"):
        return bb * s + ss
    if method in ("bn", "std"):
        return dd
    raise ValueError(f"method must be one of {METHOD_KEYS}; got {method!r}")


# --- statistics ------------------------------------------------------------------------------------


def _moments(x: np.ndarray, axis) -> tuple[np.ndarray, np.ndarray]:
    """Mean and biased standard deviation over ``axis`` (two passes)."""
    mu = x.mean(axis=axis)
    centered = x - np.expand_dims(mu, axis)
    return mu, np.sqrt((centered * centered).mean(axis=axis))


def token_stats(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per token: μ_{b,s}, σ_{b,s} (biased) and RMS_{b,s}, each of shape (b, s)."""
    mu, sigma = _moments(x, -1)
    return mu, sigma, np.sqrt((x * x).mean(axis=-1))


def feature_stats(x: np.ndarray, real: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per feature over the tokens: μ_d and biased σ_d, shape (d,); ``real`` (b, s) keeps those tokens only."""
    rows = x.reshape(-1, x.shape[-1]) if real is None else x[np.asarray(real, dtype=bool)]
    return _moments(rows, 0)


@dataclass(frozen=True)
class View:
    """What the figure and the tables show for one tensor and one method."""

    method: str
    x: np.ndarray  # (b, s, d) as the method sees it (padding included when on)
    real: np.ndarray  # (b, s) True at real tokens
    y: np.ndarray  # the method's output
    group_mu: np.ndarray  # (b, s, d): the μ of each entry's group
    group_scale: np.ndarray  # (b, s, d): the σ (or, for RMSNorm, the RMS) of each entry's group
    labels: np.ndarray  # (b, s, d) group labels
    eps: float

    @property
    def padding(self) -> bool:
        return not bool(self.real.all())


def view(method: str, b: int, s: int, d: int, seed: int, *, pad: bool = False) -> View:
    """The tensor, its groups, each group's μ and σ broadcast to its entries, and the output.

    With ``pad`` the sequences have the lengths of ``lengths`` and zeros after them; LayerNorm,
    RMSNorm and BatchNorm see the padded tensor, standardization keeps the real tokens only.
    """
    x = sample(b, s, d, seed)
    real = mask(lengths(b, s, seed), s) if pad else np.ones((b, s), dtype=bool)
    if pad:
        x = padded(x, lengths(b, s, seed))
    eps = default_eps(method)
    labels = groups(method, b, s, d)
    if method in ("ln", "rms"):
        y = output(method, x)
        mu, sigma, rms = token_stats(x)
        scale = rms if method == "rms" else sigma
        return View(
            method, x, real, y, np.repeat(mu[..., None], d, -1), np.repeat(scale[..., None], d, -1), labels, eps
        )
    if method == "bn":
        y = output("bn", x)
        mu, sigma = feature_stats(x)
    else:  # standardization of the table of real tokens; padding rows stay NaN
        y = np.full_like(x, np.nan)
        y[real] = output("std", x[real])
        mu, sigma = feature_stats(x, real)
    return View(
        method, x, real, y, np.broadcast_to(mu, x.shape).copy(), np.broadcast_to(sigma, x.shape).copy(), labels, eps
    )


# --- batch size: BatchNorm depends on it, LayerNorm does not ----------------------------------------


@dataclass(frozen=True)
class BatchSweep:
    """The output at token (0, 0) for each batch size 1 … B_MAX (the same first sequences)."""

    sizes: np.ndarray  # (B_MAX,)
    ln: np.ndarray  # (B_MAX, d)
    rms: np.ndarray  # (B_MAX, d)
    bn: np.ndarray  # (B_MAX, d)
    bn_mu: np.ndarray  # (B_MAX, d): BatchNorm's μ_d at each size

    def spread(self, method: str) -> float:
        """Largest |y_B − y_{B_MAX}| over every size and feature: 0 means independent of B."""
        out = getattr(self, method)
        return float(np.max(np.abs(out - out[-1])))


def batch_sweep(s: int, d: int, seed: int) -> BatchSweep:
    """Token (0, 0) normalized inside batches of 1 … B_MAX sequences of length s."""
    full = sample(B_MAX, s, d, seed)
    sizes = np.arange(1, B_MAX + 1)
    ln = np.stack([output("ln", full[:k])[0, 0] for k in sizes])
    rms = np.stack([output("rms", full[:k])[0, 0] for k in sizes])
    bn = np.stack([output("bn", full[:k])[0, 0] for k in sizes])
    bn_mu = np.stack([feature_stats(full[:k])[0] for k in sizes])
    return BatchSweep(sizes, ln, rms, bn, bn_mu)


# --- train vs eval ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainEval:
    """BatchNorm's running statistics and the three outputs of one token."""

    running_mean: np.ndarray  # (d,) after TRAIN_BATCHES updates
    running_var: np.ndarray  # (d,) unbiased, as PyTorch keeps it
    history: np.ndarray  # (TRAIN_BATCHES + 1, d): running_mean after 0, 1, ... updates
    token: np.ndarray  # (d,) the token x[0, 0] of the current batch
    train_batch: np.ndarray  # (d,) its training-mode output inside the current (b, s) batch
    train_alone: np.ndarray  # (d,) its training-mode output in a batch of itself (B = S = 1)
    eval_out: np.ndarray  # (d,) its eval-mode output with the running statistics
    ln_out: np.ndarray  # (d,) LayerNorm of the token (any batch)


@lru_cache(maxsize=256)
def running_stats(
    s: int, d: int, seed: int, *, batches: int = TRAIN_BATCHES, momentum: float = MOMENTUM
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """PyTorch's update over ``batches`` training batches of TRAIN_B × s tokens, from mean 0 and var 1.

    running ← (1 − momentum) · running + momentum · batch statistic, with the unbiased batch variance.
    Training batch k is ``sample(TRAIN_B, s, d, seed, batch=1 + k)``. Returns (running_mean,
    running_var, history of running_mean), read-only.
    """
    mean, var = np.zeros(d), np.ones(d)
    history = [mean]
    for k in range(batches):
        rows = sample(TRAIN_B, s, d, seed, batch=1 + k).reshape(-1, d)
        mu, sigma = _moments(rows, 0)
        n = rows.shape[0]
        mean = (1 - momentum) * mean + momentum * mu
        var = (1 - momentum) * var + momentum * sigma**2 * n / (n - 1)
        history.append(mean)
    return _frozen(mean, var, np.stack(history))


def warmup_share(batches: int = TRAIN_BATCHES, momentum: float = MOMENTUM) -> float:
    """How far the running mean has moved from its start towards a constant batch mean: 1 − (1 − momentum)^k."""
    return 1.0 - (1.0 - momentum) ** batches


def eval_norm(x, running_mean, running_var, *, eps: float = BN_EPS) -> np.ndarray:
    """BatchNorm in eval mode without γ, β: (x − running_mean) / √(running_var + ε), for each token alone."""
    return (np.asarray(x, dtype=np.float64) - running_mean) / np.sqrt(running_var + eps)


def train_eval(b: int, s: int, d: int, seed: int) -> TrainEval:
    x = sample(b, s, d, seed)
    mean, var, history = running_stats(s, d, seed)
    token = x[0, 0]
    return TrainEval(
        mean,
        var,
        history,
        token,
        output("bn", x)[0, 0],
        output("bn", x[:1, :1])[0, 0],
        eval_norm(token, mean, var),
        output("ln", x[:1, :1])[0, 0],
    )


# --- padding -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PaddingEffect:
    lens: np.ndarray  # (b,)
    mu_real: np.ndarray  # (d,) BatchNorm's μ_d over the real tokens only
    sigma_real: np.ndarray
    mu_pad: np.ndarray  # (d,) over every position, padding included
    sigma_pad: np.ndarray
    ln_change: float  # max |LN(real tokens, padded batch) − LN(same tokens, no padding)|
    bn_change: float  # the same for BatchNorm


def padding_effect(b: int, s: int, d: int, seed: int) -> PaddingEffect:
    """How padding moves BatchNorm's per-feature statistics and outputs, and leaves LayerNorm's alone."""
    x = sample(b, s, d, seed)
    lens = lengths(b, s, seed)
    real = mask(lens, s)
    xp = padded(x, lens)
    mu_r, sig_r = feature_stats(xp, real)
    mu_p, sig_p = feature_stats(xp)
    ln_alone = np.concatenate([output("ln", x[i : i + 1, :n]).reshape(-1, d) for i, n in enumerate(lens)])
    bn_alone = output("bn", x[real])  # BatchNorm over the real tokens only
    return PaddingEffect(
        lens,
        mu_r,
        sig_r,
        mu_p,
        sig_p,
        float(np.max(np.abs(output("ln", xp)[real] - ln_alone))),
        float(np.max(np.abs(output("bn", xp)[real] - bn_alone))),
    )
