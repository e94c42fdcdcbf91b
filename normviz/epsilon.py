r"""ε: what the small constant inside the square root does, computed with the library.

For an input x of L2 norm r whose mean is 0 (so RMSNorm and LayerNorm divide
by the same σ = RMS = r/√n), both methods give

    ‖y‖ = √n · r / √(r² + n·ε)

(``closed_form``; the page computes the curves with ``normviz.norms`` and a
test holds them to this formula). Three effects follow:

* flattening: where r² ≪ n·ε, ‖y‖ ≈ r/√ε ≪ √n, the small vector is not
  brought up to √n;
* amplification: LayerNorm of a near-constant vector c·𝟏 + δ·z (z with mean 0
  and standard deviation 1) gives δ·z / √(δ² + ε): the noise is multiplied by
  1/√(δ² + ε), up to 1/√ε (10⁴ at ε = 10⁻⁸);
* 0/0: at ε = 0 the zero vector (and, for LayerNorm, any constant vector)
  gives NaN.

``rounded`` shows what ε becomes when it is stored, or added to a variance
near 1, in float16 and bfloat16 (torch, imported lazily: numpy has no
bfloat16), which is why ε is added after the upcast to float32.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from normviz import _xp
from normviz.methods import METHODS

NUMPY = _xp.Backend("numpy")
KEYS = ("rms", "ln")
EPS_SET = (0.0, 1e-8, 1e-6, 1e-5, 1e-3)
NORM_RANGE = (1e-8, 1e4)
NOISE_RANGE = (1e-10, 1.0)
CURVE_POINTS = 121
N_MAX = 8192
ROUNDED_VALUES = (1e-3, 1e-5, 1e-6, 1e-8, 1e-12)


def _check_key(key: str) -> None:
    if key not in KEYS:
        raise ValueError(f"key must be one of {KEYS}; got {key!r}")


def _check_n(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 2 <= n <= N_MAX:
        raise ValueError(f"n must be an integer between 2 and {N_MAX}; got {n!r}")
    return int(n)


def direction(n: int, seed: int = 0) -> np.ndarray:
    """A random unit vector of R^n with mean exactly 0 (float64)."""
    z = np.random.default_rng(int(seed)).standard_normal(_check_n(n))
    z -= z.mean()
    return z / np.linalg.norm(z)


def standard_noise(n: int, seed: int = 0) -> np.ndarray:
    """z with mean 0 and (biased) standard deviation exactly 1, up to rounding."""
    return math.sqrt(_check_n(n)) * direction(n, seed)


def closed_form(n: int, r, eps: float) -> np.ndarray:
    """‖y‖ = √n · r / √(r² + n·ε) for a zero-mean input of norm r (RMSNorm and LayerNorm alike)."""
    r = np.asarray(r, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return math.sqrt(n) * r / np.sqrt(r * r + n * eps)


def norm_grid(points: int = CURVE_POINTS) -> np.ndarray:
    return np.geomspace(*NORM_RANGE, points)


def output_norms(
    key: str, n: int, eps: float, *, seed: int = 0, r=None, backend: _xp.Backend | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Input norms r and the library's ‖method(r·u, eps)‖ for the zero-mean unit vector u = ``direction``."""
    _check_key(key)
    r = norm_grid() if r is None else np.asarray(r, dtype=np.float64)
    rows = r[:, None] * direction(n, seed)[None, :]
    y = _xp.to_numpy(METHODS[key]((backend or NUMPY).asarray(rows), eps=eps)).astype(np.float64)
    return r, np.linalg.norm(y, axis=-1)


@dataclass(frozen=True)
class Amplification:
    """LayerNorm of c·𝟏 + δ·z: the measured gain std(y)/std(δ·z) and its bound 1/√ε."""

    eps: float
    noise: float  # δ
    gain: float  # NaN where the output is NaN (ε = 0 and δ = 0)
    output_std: float

    @property
    def bound(self) -> float:
        return 1.0 / math.sqrt(self.eps) if self.eps > 0.0 else math.inf

    @property
    def predicted(self) -> float:
        """1/√(δ² + ε): what the gain should be."""
        total = self.noise * self.noise + self.eps
        return 1.0 / math.sqrt(total) if total > 0.0 else math.inf


def amplification(
    eps: float, noise: float, *, c: float = 1.0, n: int = 2048, seed: int = 0, backend: _xp.Backend | None = None
) -> Amplification:
    """Measure how much LayerNorm (the library, at ``eps``) multiplies the noise of c·𝟏 + noise·z."""
    gains, stds = _gains(eps, np.array([float(noise)]), c=c, n=n, seed=seed, backend=backend)
    return Amplification(float(eps), float(noise), float(gains[0]), float(stds[0]))


def _gains(
    eps: float, noises: np.ndarray, *, c: float, n: int, seed: int, backend: _xp.Backend | None
) -> tuple[np.ndarray, np.ndarray]:
    if not (math.isfinite(c) and np.all(np.isfinite(noises)) and np.all(noises >= 0.0)):
        raise ValueError(f"c must be finite and noise finite and >= 0; got {c!r}, {noises!r}")
    z = standard_noise(n, seed)
    rows = c + noises[:, None] * z[None, :]
    y = _xp.to_numpy(METHODS["ln"]((backend or NUMPY).asarray(rows), eps=eps)).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.std(y, axis=-1)
        spread = np.std(rows - rows.mean(axis=-1, keepdims=True), axis=-1)
        gains = np.where(spread > 0.0, out / np.where(spread > 0.0, spread, 1.0), np.nan)
    return np.where(np.all(np.isfinite(y), axis=-1), gains, np.nan), out


def noise_grid(points: int = 81) -> np.ndarray:
    return np.geomspace(*NOISE_RANGE, points)


def gain_curve(
    eps: float, *, c: float = 1.0, n: int = 2048, seed: int = 0, backend: _xp.Backend | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Noise levels δ and the measured gain of LayerNorm on c·𝟏 + δ·z at ``eps``."""
    noises = noise_grid()
    return noises, _gains(eps, noises, c=c, n=n, seed=seed, backend=backend)[0]


@dataclass(frozen=True)
class ZeroCase:
    """A method on the zero vector at one ε: the library's output."""

    key: str
    eps: float
    y: np.ndarray

    @property
    def nan(self) -> bool:
        return bool(np.any(np.isnan(self.y)))


def zero_vector(key: str, eps: float, *, n: int = 4, backend: _xp.Backend | None = None) -> ZeroCase:
    _check_key(key)
    y = METHODS[key]((backend or NUMPY).asarray(np.zeros(_check_n(n))), eps=eps)
    return ZeroCase(key, float(eps), _xp.to_numpy(y).astype(np.float64))


@dataclass(frozen=True)
class Rounded:
    """ε stored in each dtype, and 1 + ε computed in it (a variance near 1 plus ε)."""

    eps: float
    stored: dict[str, float]  # dtype -> the stored value, read back as float
    one_plus: dict[str, float]  # dtype -> (1 + ε) − 1, computed in the dtype

    def vanishes(self, dtype: str) -> bool:
        return self.stored[dtype] == 0.0

    def swallowed(self, dtype: str) -> bool:
        return self.one_plus[dtype] == 0.0


ROUND_DTYPES = ("float16", "bfloat16", "float32")


def rounded(eps: float) -> Rounded:
    """What ε becomes in float16, bfloat16 and float32 (torch), and whether 1 + ε still exceeds 1."""
    import torch

    stored, one_plus = {}, {}
    for name in ROUND_DTYPES:
        dt = getattr(torch, name)
        e = torch.tensor(float(eps), dtype=dt)
        one = torch.tensor(1.0, dtype=dt)
        stored[name] = float(e.to(torch.float64))
        one_plus[name] = float(((one + e) - one).to(torch.float64))
    return Rounded(float(eps), stored, one_plus)


def rounded_table(values=ROUNDED_VALUES) -> list[Rounded]:
    return [rounded(v) for v in values]


def float16_vanishes(eps: float) -> bool:
    """``np.float16(eps) == 0``, computed."""
    return bool(np.float16(eps) == 0)
