"""Array-namespace glue: which library an array belongs to, and the app's backend.

Here: an array's array-API namespace (array-api-compat), the dtype reductions
run in and the result's, the way back to numpy, and the app's choice of backend
(``Backend``, ``resolve_backend``, torch's CPU threads). Generic code (the exact
path ``_exact``, ``geometry``) sees only ``xp``. torch is never imported at
module level, here or anywhere in normviz (tests/test_layering.py): the
modules that run torch's own ops (the fast path ``_torch_path``, the topics
that use autograd or ``torch.nn.functional``) import it inside the functions
that need it, so a CPU-only app starts without it.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

import array_api_compat
import numpy as np

BACKENDS = ("numpy", "torch")


def namespace(x):
    """The array-API namespace of ``x`` (numpy, torch or any compliant library)."""
    return array_api_compat.array_namespace(x)


def is_torch(x) -> bool:
    """True for a torch tensor; never imports torch itself."""
    return array_api_compat.is_torch_array(x)


def is_numpy(x) -> bool:
    return isinstance(x, np.ndarray)


def as_array(x, name: str = "x"):
    """Return ``x`` if it is an array of a known library, else ``np.asarray(x)``.

    Raises ``TypeError`` naming ``name`` for data numpy cannot read as numbers,
    and for numpy masked arrays: a mask cannot be honoured along one axis and
    ignored along another, so it is refused rather than guessed at.
    """
    ma = sys.modules.get("numpy.ma")  # not imported: x cannot be a masked array
    if ma is not None and isinstance(x, ma.MaskedArray):
        raise TypeError(
            f"{name} must not be a masked array (numpy.ma): its mask would be ignored; "
            f"pass {name}.filled(value) or the plain data you mean"
        )
    if array_api_compat.is_array_api_obj(x) and not isinstance(x, (bool, int, float, complex)):
        if isinstance(x, np.generic):
            return np.asarray(x)
        return x
    try:
        arr = np.asarray(x)
    except (ValueError, TypeError) as exc:  # ragged lists, unconvertible objects
        raise TypeError(f"{name} must be numeric array-like data; {exc}") from None
    return arr


def check_real(x, xp, name: str = "x") -> None:
    """Raise ``TypeError`` unless ``x`` has a real floating or integer dtype."""
    dtype = x.dtype
    if isinstance(x, np.ndarray) and dtype.kind not in "fiu":
        kind = "complex" if dtype.kind == "c" else f"non-numeric ({dtype})"
        raise TypeError(f"{name} must be real numbers (floating or integer); got {kind} data")
    if not isinstance(x, np.ndarray) and not (xp.isdtype(dtype, "real floating") or xp.isdtype(dtype, "integral")):
        kind = "complex" if xp.isdtype(dtype, "complex floating") else f"non-numeric ({dtype})"
        raise TypeError(f"{name} must be real numbers (floating or integer); got {kind} data")


def compute_dtype(xp, dtype):
    """The dtype reductions run in: float64 stays float64, everything else float32.

    float16/bfloat16 squares overflow or lose precision (fp16 max is 65504, so
    x**2 overflows for |x| > 256); integers go to the namespace's default real
    floating dtype, as its ``mean`` would (float64 for numpy, float32 for torch).
    Byte order does not count: a big-endian '>f8' computes in (native) float64.
    """
    if isinstance(dtype, np.dtype):
        dtype = dtype.newbyteorder("=")
    if dtype == xp.float64:
        return xp.float64
    if xp.isdtype(dtype, "integral"):
        return xp.__array_namespace_info__().default_dtypes()["real floating"]
    return xp.float32


def result_dtype(xp, dtype):
    """The dtype of the result: x's own for floats, the compute dtype for integers."""
    if xp.isdtype(dtype, "real floating"):
        return dtype
    return compute_dtype(xp, dtype)


def device(x):
    return array_api_compat.device(x)


def to_numpy(x) -> np.ndarray:
    """A numpy copy/view of any supported array (bfloat16 goes through float32)."""
    if isinstance(x, np.ndarray):
        return x
    if is_torch(x):
        import torch

        t = x.detach()
        if t.dtype == torch.bfloat16:
            t = t.to(torch.float32)
        return t.cpu().numpy()
    return np.asarray(x)


# ----------------------------------------------------------------------------
# The app's backend


@dataclass(frozen=True)
class Backend:
    """Where the app computes: ``numpy`` on the CPU or ``torch`` on ``device``."""

    name: str
    device: str = "cpu"

    @property
    def label(self) -> str:
        return "numpy (CPU)" if self.name == "numpy" else f"torch ({self.device})"

    def asarray(self, data, dtype: str = "float64"):
        """Move numpy data onto this backend with the given dtype name."""
        if self.name == "numpy":
            return np.asarray(data, dtype=dtype)
        import torch

        return torch.as_tensor(np.asarray(data), device=self.device).to(getattr(torch, dtype))


def torch_installed() -> bool:
    return "torch" in sys.modules or importlib.util.find_spec("torch") is not None


def _gpu_hint() -> bool:
    """Cheap check for an NVIDIA/ROCm device node, so a CPU-only app never imports torch."""
    return any(os.path.exists(p) for p in ("/dev/nvidiactl", "/dev/nvidia0", "/dev/kfd"))


@lru_cache(maxsize=8)
def resolve_backend(requested: str | None = None) -> Backend:
    """The backend to use: ``requested``, else ``$NORMVIZ_BACKEND``, else auto.

    Auto is torch on CUDA when a GPU is present and numpy otherwise. Asking for
    torch without torch installed falls back to numpy.
    """
    choice = (requested or os.environ.get("NORMVIZ_BACKEND") or "auto").strip().lower()
    if choice not in (*BACKENDS, "auto"):
        raise ValueError(f"backend must be one of {BACKENDS + ('auto',)}; got {choice!r}")
    if choice == "numpy" or not torch_installed():
        return Backend("numpy")
    if choice == "auto" and not _gpu_hint():
        return Backend("numpy")
    import torch

    if torch.cuda.is_available():
        return Backend("torch", "cuda")
    return Backend("numpy") if choice == "auto" else Backend("torch", "cpu")


@contextmanager
def one_cpu_thread(device: str):
    """torch on one intra-op thread while the block runs (on the CPU; elsewhere nothing changes).

    The app runs one process per core (DESIGN.md) and its torch arrays are small: on a
    2-core machine torch's two threads spin-waited on each other and made small sweeps and
    stacks many times slower (benchmarks/README.md). The count is process-wide: concurrent
    blocks may leave it at 1 afterwards, which is what `make run` / `make serve` set anyway
    (OMP_NUM_THREADS=1).
    """
    if device != "cpu":
        yield
        return
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)
