"""Reading a checkpoint: which normalization does a model use, judged from its saved tensors.

A checkpoint stores a norm's learned parameters, not its formula. What the
names and shapes can and cannot say:

- a norm module with a 1-D ``weight`` *and* a 1-D ``bias`` is LayerNorm with
  γ and β (Ba et al., 2016): RMSNorm (Zhang & Sennrich, 2019) has no shift;
- a ``weight`` alone is a bias-free LayerNorm or an RMSNorm; the tensors are
  the same shape and the names carry no trace of the mean subtraction. The
  model code decides; the config's ``model_type`` (or ``architectures``) and
  the name of its ε (``rms_norm_eps`` in Hugging Face's convention) point to it;
- Gemma's RMSNorm stores w and scales by 1 + w: stored values near 0 mean an
  effective γ near 1 (the config's ``model_type`` says so);
- ``running_mean`` / ``running_var`` next to the weight mark a BatchNorm;
- most norms act on the hidden state, so their γ is D long (the hidden size);
  a QK-norm (``q_norm`` / ``k_norm``: Qwen3, Gemma 3, OLMo 2) acts on the
  attention's queries and keys instead. Qwen3 and Gemma 3 normalize each head
  on its own, with one γ of length head_dim shared by the heads; OLMo 2
  normalizes the whole query (key) projection, n_heads · head_dim numbers
  (= D for its query; its key's is n_kv_heads · head_dim). ``span`` says which,
  told from the sibling ``q_proj`` / ``k_proj`` matrix or the config's head_dim.

Files are read from bytes in memory, never from a path the file names, and
capped at ``MAX_BYTES``. The format is told by the content: a safetensors
header, the zip archive of ``torch.save``, or its older bare pickle. A torch
file is read only by ``torch.load(..., weights_only=True)``, which refuses
any pickled object beyond tensors and plain containers; nothing else is
unpickled. Bad input raises ``CheckpointError`` with a stable ``code``.

``python -m normviz inspect FILE [--config config.json]`` prints the report.
"""

from __future__ import annotations

import collections
import functools
import io
import itertools
import json
import math
import re
import zipfile
from dataclasses import dataclass, field

import numpy as np

MAX_BYTES = 16 * 2**20  # the app's server.maxUploadSize (16 MB): a checkpoint is read whole, in memory
MAX_CONFIG_BYTES = 2**20  # a config.json is a few KB
# A bound on the work a file can ask for, whatever its size: a real model's state dict has a few hundred tensors
# (GPT-2 148, Llama 3 70B 723), and one that fits MAX_BYTES at most a few thousand. 110 000 one-element tensors fit
# in 12.6 MB; their header alone then costs more than every real file.
MAX_TENSORS = 20_000
CODES = (
    "too_large",
    "empty",
    "truncated",
    "not_a_checkpoint",
    "pickle_refused",
    "unsupported",
    "bad_config",
    "too_many_tensors",
    "time_limit",  # read in a worker process (``inspect_file_isolated``): it ran out of time
    "memory_limit",  # ... or out of memory
)

ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a local file header; an empty archive's end record
FORMATS = ("safetensors", "torch_zip", "torch_legacy")
WRAPPERS = ("state_dict", "model_state_dict", "model", "module")  # training scripts save {"model": state_dict, ...}


class CheckpointError(ValueError):
    """A file that cannot be read as a checkpoint (or config): ``code`` is one of ``CODES``.

    ``str(err)`` is a one-line English message; ``values`` holds the numbers it
    quotes, for a translated message.
    """

    def __init__(self, code: str, message: str, **values):
        if code not in CODES:
            raise ValueError(f"code must be one of {CODES}; got {code!r}")
        super().__init__(" ".join(str(message).split()))  # one line, whatever a file name held
        self.code = code
        self.values = values


# --- reading -------------------------------------------------------------------------------------


def _as_bytes(data, name: str = "data") -> bytes:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"{name} must be bytes; got {type(data).__name__}")


def _check_size(data: bytes, limit: int, what: str) -> None:
    if not data:
        raise CheckpointError("empty", f"the {what} is empty (0 bytes)")
    if len(data) > limit:
        raise CheckpointError(
            "too_large",
            f"the {what} has {len(data)} bytes, more than the limit of {limit} bytes",
            size=len(data),
            limit=limit,
        )


def _too_many(count: int) -> CheckpointError:
    return CheckpointError(
        "too_many_tensors",
        f"the file declares {count} tensors, more than the limit of {MAX_TENSORS}",
        count=count,
        limit=MAX_TENSORS,
    )


def _safetensors_header(data: bytes) -> dict | None:
    """The parsed header when ``data`` starts like a safetensors file, else None; raises when it is cut off."""
    if len(data) < 9 or data[8:9] != b"{":
        return None
    n = int.from_bytes(data[:8], "little")
    if 8 + n > len(data):
        raise CheckpointError("truncated", f"the safetensors header announces {n} bytes but the file ends before")
    try:
        header = json.loads(data[8 : 8 + n])
    except (ValueError, RecursionError):
        raise CheckpointError("not_a_checkpoint", "the safetensors header is not valid JSON") from None
    if not isinstance(header, dict):
        raise CheckpointError("not_a_checkpoint", "the safetensors header is not a JSON object")
    if (count := len(header) - ("__metadata__" in header)) > MAX_TENSORS:
        raise _too_many(count)  # before any tensor is built
    ends = [
        e["data_offsets"][1]
        for k, e in header.items()
        if k != "__metadata__"
        and isinstance(e, dict)
        and isinstance(e.get("data_offsets"), list)
        and len(e["data_offsets"]) == 2
        and isinstance(e["data_offsets"][1], int)
    ]
    if ends and 8 + n + max(ends) > len(data):
        raise CheckpointError("truncated", "the safetensors data end before the last tensor the header lists")
    return header


def _torch_format(data: bytes) -> str | None:
    """ "torch_zip" or "torch_legacy" when the first bytes are torch.save's, else None (no parsing)."""
    if data.startswith(ZIP_MAGIC):
        return "torch_zip"
    if len(data) >= 2 and data[0] == 0x80 and 2 <= data[1] <= 5:  # pickle protocol 2..5, as torch.save writes
        return "torch_legacy"
    return None


def detect_format(data: bytes) -> str:
    """ "safetensors", "torch_zip" or "torch_legacy", told by the bytes (not by a file name)."""
    data = _as_bytes(data)
    if fmt := _torch_format(data):
        return fmt
    if _safetensors_header(data) is not None:
        return "safetensors"
    raise CheckpointError("not_a_checkpoint", "this is neither a safetensors file nor a PyTorch checkpoint")


_SAFETENSORS_DTYPES = {
    "F64": "<f8",
    "F32": "<f4",
    "F16": "<f2",
    "I64": "<i8",
    "I32": "<i4",
    "I16": "<i2",
    "I8": "i1",
    "U64": "<u8",
    "U32": "<u4",
    "U16": "<u2",
    "U8": "u1",
    "BOOL": "?",
}


def _bfloat16_to_float32(raw: bytes) -> np.ndarray:
    """bfloat16 is the top half of a float32: shifting its 16 bits up is exact."""
    return (np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16).view(np.float32)


def _read_safetensors(data: bytes) -> dict[str, np.ndarray]:
    from safetensors import SafetensorError, deserialize

    try:
        flat = deserialize(data)
    except SafetensorError as exc:
        raise CheckpointError("not_a_checkpoint", f"damaged safetensors file ({exc})") from None
    out = {}
    for name, spec in flat:
        raw = bytes(spec["data"])
        if spec["dtype"] == "BF16":
            arr = _bfloat16_to_float32(raw)
        elif spec["dtype"] in _SAFETENSORS_DTYPES:
            arr = np.frombuffer(raw, dtype=_SAFETENSORS_DTYPES[spec["dtype"]])
        else:
            raise CheckpointError(
                "unsupported", f"tensor {name!r} has dtype {spec['dtype']}, which is not read here", dtype=spec["dtype"]
            )
        out[name] = arr.reshape(spec["shape"])
    return out


def _check_zip(data: bytes) -> None:
    """torch.save writes an uncompressed zip with a ``data.pkl``; anything else is refused before torch sees it.

    Stored (uncompressed) entries cannot expand beyond the file: no zip bomb.
    """
    try:
        entries = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise CheckpointError("truncated", "a zip archive whose directory is missing: truncated or damaged") from None
    if not any(e.filename.endswith("data.pkl") for e in entries):
        raise CheckpointError("not_a_checkpoint", "a zip archive without data.pkl: not a PyTorch checkpoint")
    if (storages := sum("/data/" in e.filename for e in entries)) > MAX_TENSORS:
        raise _too_many(storages)  # one entry per storage: at least as many tensors, before torch unpickles them
    if any(e.compress_type != zipfile.ZIP_STORED or e.file_size != e.compress_size for e in entries) or sum(
        e.file_size for e in entries
    ) > len(data):
        raise CheckpointError("not_a_checkpoint", "a zip archive with compressed entries; torch.save writes none")


def _tensors(obj, prefix: str = "", depth: int = 0, _seen: set | None = None):
    """(name, tensor) pairs of nested dicts, names joined with "."; each dict is walked once (a pickle can make
    one dict the value of many keys at many levels: 10 keys × 15 levels is 10¹⁵ paths to a few hundred bytes)."""
    import torch

    seen = set() if _seen is None else _seen
    if isinstance(obj, torch.Tensor):
        yield prefix, obj
    elif isinstance(obj, dict) and depth < 16 and id(obj) not in seen:
        seen.add(id(obj))
        for key, value in obj.items():
            if isinstance(key, (str, int)):
                yield from _tensors(value, f"{prefix}.{key}" if prefix else str(key), depth + 1, seen)


def _to_numpy(tensor, seen: dict) -> np.ndarray:
    """A CPU tensor as numpy (bfloat16 and float8 as float32); one array for tensors sharing storage."""
    import torch

    if tensor.layout != torch.strided or tensor.is_quantized or tensor.is_complex():
        raise CheckpointError(
            "unsupported",
            f"a tensor of layout {tensor.layout} / dtype {tensor.dtype} is not read here",
            dtype=str(tensor.dtype).removeprefix("torch."),
        )
    key = (
        tensor.untyped_storage().data_ptr(),
        tensor.storage_offset(),
        tuple(tensor.shape),
        tensor.stride(),
        tensor.dtype,
    )
    if key not in seen:
        t = tensor.detach()
        if t.is_floating_point() and t.dtype not in (torch.float16, torch.float32, torch.float64):
            t = t.to(torch.float32)  # tensor.numpy() has no bfloat16 / float8
        seen[key] = t.numpy()
    return seen[key]


def _read_torch(data: bytes, fmt: str) -> dict[str, np.ndarray]:
    if fmt == "torch_zip":
        _check_zip(data)
    import pickle
    import warnings

    import torch

    try:
        with warnings.catch_warnings():  # torch warns about pickle protocols it did not write: noise here
            warnings.simplefilter("ignore")
            obj = torch.load(io.BytesIO(data), weights_only=True, map_location="cpu")
    except pickle.UnpicklingError:
        raise CheckpointError(
            "pickle_refused",
            "the pickle in this file asks for objects beyond tensors and plain "
            "containers (or is damaged); refused, nothing in it was run",
        ) from None
    except (EOFError, IndexError):
        raise CheckpointError("truncated", "the file ends in the middle of its pickle: truncated") from None
    except MemoryError:
        raise  # a worker's memory limit (inspect_file_isolated), not a damaged file
    except Exception as exc:  # torch reports damaged archives as RuntimeError, odd records as others
        raise CheckpointError("not_a_checkpoint", f"torch.load could not read it ({type(exc).__name__})") from None
    if isinstance(obj, dict):
        inner = [obj[k] for k in WRAPPERS if isinstance(obj.get(k), dict)]
        obj = inner[0] if inner else obj
    seen: dict = {}
    pairs = list(itertools.islice(_tensors(obj), MAX_TENSORS + 1))
    if len(pairs) > MAX_TENSORS:
        raise _too_many(sum(1 for _ in _tensors(obj)))
    out = {name: _to_numpy(t, seen) for name, t in pairs}
    if not out:
        raise CheckpointError("not_a_checkpoint", "the file holds no named tensors")
    return out


def read_state_dict(data: bytes, filename: str = "") -> dict[str, np.ndarray]:
    """The named tensors of a safetensors file or a PyTorch state dict (``.pt`` / ``.bin``), as numpy.

    The format is told by the content; ``filename`` only names the file in
    messages. bfloat16 comes back as float32 (exact); tensors that share
    storage in a torch file (tied weights) come back as the same array.
    Raises ``CheckpointError`` (a ``ValueError``) for a file that is empty,
    above ``MAX_BYTES``, cut off, of another kind, or holding a pickle that
    ``torch.load(weights_only=True)`` refuses; ``TypeError`` if ``data`` is not bytes.
    """
    return _read(data, filename)[1]


def _read(data: bytes, filename: str = "") -> tuple[str, dict[str, np.ndarray]]:
    """(format, state dict): ``read_state_dict`` with the format it found, the file parsed once."""
    data = _as_bytes(data)
    _check_size(data, MAX_BYTES, f"file {filename}".strip())
    fmt = detect_format(data)
    state = _read_safetensors(data) if fmt == "safetensors" else _read_torch(data, fmt)
    if not state:
        raise CheckpointError("not_a_checkpoint", "the file holds no tensors")
    return fmt, state


@dataclass(frozen=True)
class Inspection:
    """What ``inspect_file`` found in a file: its format, the report, and whether the config given with it failed."""

    fmt: str
    report: Report
    config_error: bool = False  # a config was given and could not be read: the report was made without it


def inspect_file(data: bytes, config: bytes | None = None, filename: str = "") -> Inspection:
    """``read_state_dict``, ``detect_format``, ``read_config`` and ``inspect`` in one go, the file parsed once.

    Raises ``CheckpointError`` for the checkpoint; a config that cannot be read is ignored and flagged.
    """
    fmt, state = _read(data, filename)
    parsed, config_error = None, False
    if config is not None:
        try:
            parsed = read_config(config)
        except CheckpointError:
            config_error = True
    return Inspection(fmt, inspect(state, parsed), config_error)


TIME_LIMIT_S = 5.0  # CPU seconds for one file in its worker (twice that in wall-clock time, on a shared core)
MEMORY_LIMIT = 512 * 2**20  # bytes of address space beyond the worker's imports: a 16 MB file needs < 100 MB
_ANSWER_CLASSES = frozenset((__name__, c) for c in ("Inspection", "Report", "NormGroup", "Family", "ConfigFacts"))


def _inspect_outcome(data: bytes, config: bytes | None, filename: str) -> Inspection | tuple[str, str, dict]:
    """``inspect_file`` for the worker: a refusal comes back as (code, message, values), not as an exception."""
    try:
        return inspect_file(data, config, filename)
    except CheckpointError as exc:
        return exc.code, str(exc), exc.values


def inspect_file_isolated(
    data: bytes,
    config: bytes | None = None,
    filename: str = "",
    *,
    time_limit_s: float = TIME_LIMIT_S,
    memory_limit: int = MEMORY_LIMIT,
) -> Inspection:
    """``inspect_file`` in a worker process, for files from strangers (the page's uploads).

    The worker is a fresh interpreter that gets ``time_limit_s`` CPU seconds (twice that in wall-clock time)
    and ``memory_limit`` bytes beyond its imports (numpy, safetensors, and torch for a torch file), then ends;
    the caller waits on a pipe without holding its interpreter lock, and keeps no memory the parse used. A
    worker that runs out raises ``CheckpointError`` with code "time_limit" or "memory_limit"; every other
    refusal is ``inspect_file``'s. The answer is loaded with only this module's classes and numpy's allowed.
    """
    from normviz import _isolated

    data = _as_bytes(data)
    _check_size(data, MAX_BYTES, f"file {filename}".strip())  # no process for what the size alone refuses
    return _isolated.read_file(
        f"{__name__}:_inspect_outcome",
        data,
        config,
        filename,
        error=CheckpointError,
        unreadable="not_a_checkpoint",
        time_limit_s=time_limit_s,
        memory_limit=memory_limit,
        preload=("safetensors", "torch") if _torch_format(data) else ("safetensors",),
        allowed=_ANSWER_CLASSES,
    )


def read_config(data: bytes) -> dict:
    """A ``config.json`` (UTF-8 JSON object) as a dict; ``CheckpointError`` with code "bad_config" otherwise.

    An empty or oversized file gets "empty" / "too_large".
    """
    data = _as_bytes(data)
    _check_size(data, MAX_CONFIG_BYTES, "config file")
    try:
        config = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise CheckpointError("bad_config", "the config file is not UTF-8 JSON") from None
    if not isinstance(config, dict):
        raise CheckpointError("bad_config", "the config file is JSON but not an object ({...})")
    return config


# --- recognising norms ---------------------------------------------------------------------------

# The last part of a module's name: ln_1, ln_f, lnf, ln, layernorm, LayerNorm, layer_norm, norm, norm1,
# input_layernorm, post_attention_layernorm, final_layer_norm, rms_norm, q_norm, attention_norm, ...
NORM_MODULE = re.compile(r"^(ln(_?[a-z0-9]+)?|.*norm(_?[a-z0-9]+)?|.*_ln(_?[a-z0-9]+)?|bn\d*)$", re.IGNORECASE)
# weight normalization reparametrizes a linear layer; a GroupNorm is not told apart by its tensors, so only by name
NOT_NORM_MODULE = re.compile(r"(weight_?norm|^normal|group)", re.IGNORECASE)
# A norm on the attention's queries or keys (QK-norm): q_norm, k_norm, q_layernorm, query_norm, key_layer_norm, ...
QK_MODULE = re.compile(r"^(q|k|query|key)_?(norm|layernorm|layer_norm|ln)$", re.IGNORECASE)
# What one γ spans: the hidden state (length D); one attention head (head_dim, shared by the heads); a whole
# query or key projection (n_heads · head_dim); something else (a vision tower's width, an unplaced QK-norm).
SPANS = ("hidden", "head", "projection", "other")
SCALE_NAMES = ("weight", "gamma", "scale", "g")
SHIFT_NAMES = ("bias", "beta", "b", "offset")
RUNNING_NAMES = ("running_mean", "running_var", "num_batches_tracked")

KINDS = ("layernorm", "rmsnorm", "gemma_rmsnorm", "bias_free_layernorm", "scale_only", "batchnorm", "shift_only")
# Why a module got its kind (what ``_classify`` went by).
EVIDENCE = (
    "weight_and_bias",
    "running_stats",
    "bias_only",
    "names_only",
    "model_type",
    "rms_eps",
    "other_eps",
    "config_silent",
)
# What a weight-only norm is, by the model family (config model_type, or architectures[0] before "For").
MODEL_TYPES = {
    **dict.fromkeys(
        ("llama", "mistral", "mixtral", "qwen2", "qwen3", "phi3", "deepseek_v3", "t5", "mt5", "gemma3n", "olmo2"),
        "rmsnorm",
    ),
    **dict.fromkeys(("gemma", "gemma2", "gemma3", "gemma3_text"), "gemma_rmsnorm"),  # x / rms(x) * (1 + w)
    "cohere": "bias_free_layernorm",
}
EPS_KEYS = ("rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon", "norm_eps")


@dataclass(frozen=True)
class ConfigFacts:
    """What a config.json says about the norms: the model family and the name and value of its ε."""

    model_type: str | None
    architecture: str | None
    family: str | None  # the key of MODEL_TYPES it matched, if any
    eps_key: str | None
    eps: float | None
    hidden_size: int | None = None
    head_dim: int | None = None  # head_dim, or hidden_size // num_attention_heads as transformers defaults it


def _int_of(layers: list[dict], keys: tuple[str, ...]) -> int | None:
    """The first positive integer under one of ``keys`` in the config's layers (bools are not integers)."""
    for c in layers:
        for k in keys:
            v = c.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and v > 0:
                return v
    return None


def _family(name: str | None) -> str | None:
    if not isinstance(name, str):
        return None
    bare = name.lower().split("for")[0].replace("_", "").replace("-", "")
    return next((k for k in sorted(MODEL_TYPES, key=len, reverse=True) if k.replace("_", "") == bare), None)


def config_facts(config: dict | None) -> ConfigFacts | None:
    """The norm-related facts of a config (its ``text_config`` too, as multimodal configs nest them)."""
    if config is None:
        return None
    if not isinstance(config, dict):
        raise TypeError(f"config must be a dict or None; got {type(config).__name__}")
    layers = [config] + [config[k] for k in ("text_config",) if isinstance(config.get(k), dict)]
    model_type = next((c["model_type"] for c in layers if isinstance(c.get("model_type"), str)), None)
    archs = config.get("architectures")
    arch = archs[0] if isinstance(archs, list) and archs and isinstance(archs[0], str) else None
    family = next((f for f in (_family(c.get("model_type")) for c in layers) if f), None) or _family(arch)
    eps_key, eps = None, None
    for c in layers:
        for k in EPS_KEYS:
            if k in c and eps_key is None:
                value = c[k]
                eps_key = k
                eps = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    hidden = _int_of(layers, ("hidden_size", "n_embd", "d_model"))
    heads = _int_of(layers, ("num_attention_heads", "n_head", "num_heads"))
    head_dim = _int_of(layers, ("head_dim",)) or (hidden // heads if hidden and heads and hidden % heads == 0 else None)
    return ConfigFacts(model_type, arch, family, eps_key, eps, hidden, head_dim)


def _classify(has_scale: bool, has_shift: bool, running: bool, facts: ConfigFacts | None) -> tuple[str, str]:
    """(kind, evidence) of one norm module."""
    if running:
        return "batchnorm", "running_stats"
    if has_scale and has_shift:
        return "layernorm", "weight_and_bias"
    if not has_scale:
        return "shift_only", "bias_only"
    if facts is None:
        return "scale_only", "names_only"
    if facts.family:
        return MODEL_TYPES[facts.family], "model_type"
    if facts.eps_key == "rms_norm_eps":
        return "rmsnorm", "rms_eps"
    if facts.eps_key:
        return "scale_only", "other_eps"
    return "scale_only", "config_silent"


@dataclass(frozen=True)
class NormGroup:
    """One norm module: its parameters, what it is, and its effective γ (1 + w for Gemma)."""

    module: str  # "h.3.ln_1"
    family: str  # the module with its layer number as N: "h.N.ln_1"
    layer: int | None  # 3; None outside the numbered layers (ln_f, model.norm)
    kind: str
    evidence: str
    size: int
    names: tuple[str, ...]  # the tensors of this module
    dtype: str
    gamma: np.ndarray | None = field(repr=False)  # float64, the scale the norm applies
    beta: np.ndarray | None = field(repr=False)
    span: str = "hidden"  # one of SPANS: what one γ covers
    target: str | None = None  # "q" or "k" for a QK-norm, else None
    heads: int | None = None  # the heads a QK-norm covers (its projection's rows / head_dim), when known

    @property
    def count(self) -> int:
        """Learned numbers in this module (running statistics are not learned)."""
        return sum(a.size for a in (self.gamma, self.beta) if a is not None)

    STATS = ("mean", "std", "min", "max", "median")
    QUARTILES = (0.25, 0.5, 0.75)

    @functools.cached_property
    def _gamma_numbers(self) -> dict:
        """``STATS`` by name and the ``QUARTILES`` by q, computed once per module: the page's module table
        shows them on every rerun (a model has hundreds of modules)."""
        g = self.gamma
        if g is None or g.size == 0:
            return {}
        numbers = {name: float(getattr(np, name)(g)) for name in self.STATS}
        numbers.update({q: float(np.quantile(g, q)) for q in self.QUARTILES})
        return numbers

    def stat(self, name: str) -> float:
        """mean / std (biased, across the γ components) / min / max / median of γ; NaN without γ."""
        if name not in self.STATS:
            raise ValueError(f"name must be one of {self.STATS}; got {name!r}")
        return self._gamma_numbers.get(name, math.nan)

    def quantile(self, q: float) -> float:
        """The q-quantile of γ's components (numpy's default, linear interpolation); NaN without γ."""
        if q in self.QUARTILES:
            return self._gamma_numbers.get(q, math.nan)
        if self.gamma is None or self.gamma.size == 0:
            return math.nan
        return float(np.quantile(self.gamma, q))

    @property
    def beta_mean(self) -> float:
        return float(np.mean(self.beta)) if self.beta is not None and self.beta.size else math.nan


@dataclass(frozen=True)
class Family:
    """The modules that sit at the same place in every layer (``h.N.ln_1``), in layer order."""

    name: str
    groups: tuple[NormGroup, ...]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(g.kind for g in self.groups))

    @property
    def spans(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(g.span for g in self.groups))

    @property
    def sizes(self) -> tuple[int, ...]:
        """The γ lengths of its modules (one, unless the layers differ)."""
        return tuple(dict.fromkeys(g.size for g in self.groups))

    @property
    def count(self) -> int:
        return sum(g.count for g in self.groups)

    def gammas(self) -> np.ndarray:
        parts = [g.gamma for g in self.groups if g.gamma is not None]
        return np.concatenate(parts) if parts else np.zeros(0)


@dataclass(frozen=True)
class Report:
    """What ``inspect`` found: the norm modules, their families, counts and the share of the model."""

    groups: tuple[NormGroup, ...]
    families: tuple[Family, ...]
    tensors: int
    total_params: int  # floating-point numbers in the file, tied tensors once
    tied: tuple[tuple[str, str], ...]  # (name, the name it shares storage with)
    other_1d: tuple[str, ...]  # 1-D float tensors that are neither norm parameters nor linear biases
    config: ConfigFacts | None
    hidden: int | None = None  # the hidden size D: the config's when a norm has that length, else the commonest

    @property
    def qk_groups(self) -> tuple[NormGroup, ...]:
        """The QK-norms (q_norm, k_norm), in table order."""
        return tuple(g for g in self.groups if g.target is not None)

    @property
    def norm_params(self) -> int:
        return sum(g.count for g in self.groups)

    @property
    def share(self) -> float:
        """norm_params / total_params (0 for a file without floating-point tensors)."""
        return self.norm_params / self.total_params if self.total_params else 0.0

    @property
    def counts(self) -> dict[str, int]:
        """Norm modules of each kind (only the kinds present)."""
        out: dict[str, int] = {}
        for g in self.groups:
            out[g.kind] = out.get(g.kind, 0) + 1
        return out

    @property
    def verdict(self) -> str:
        """One kind for the whole model, "mixed" when the modules disagree, "none" without norms."""
        kinds = list(self.counts)
        return "none" if not kinds else kinds[0] if len(kinds) == 1 else "mixed"


def _split(name: str) -> tuple[str, str]:
    module, _, leaf = name.rpartition(".")
    return module, leaf


def _is_norm_module(module: str) -> bool:
    last = module.rpartition(".")[2]
    return bool(last) and bool(NORM_MODULE.match(last)) and not NOT_NORM_MODULE.search(last)


_LAYER_PART = re.compile(r"(?:^|\.)(\d{1,6})(?=\.|$)")  # the first name part of 1 to 6 decimal digits
_DIGITS = re.compile(r"(\d+)")


def _layer(module: str) -> tuple[int | None, str]:
    """(3, "h.N.ln_1") for "h.3.ln_1": the first all-digit name part is the layer; (None, module) without one."""
    m = _LAYER_PART.search(module)
    if m is None:
        return None, module
    return int(m.group(1)), f"{module[: m.start(1)]}N{module[m.end(1) :]}"


def _natural(name: str) -> tuple:
    """Sort key that puts h.2 before h.10: the text between runs of digits, and the runs as numbers.

    ``re.split`` with a group alternates text and digits (text first, maybe empty), so two keys hold
    text against text and numbers against numbers at each place."""
    parts: list = _DIGITS.split(name)
    parts[1::2] = map(int, parts[1::2])
    return tuple(parts)


@functools.cache
def _dtype_text(dtype: np.dtype) -> str:
    return str(dtype)  # numpy builds the name anew each time: about 17 µs


def _storage_key(a: np.ndarray):
    return (a.__array_interface__["data"][0], a.shape, a.strides, a.dtype.str) if a.size else None


def _is_linear_bias(name: str, matrices: set[str]) -> bool:
    module, leaf = _split(name)
    return leaf in SHIFT_NAMES and module in matrices


def _qk_target(module: str) -> str | None:
    """ "q" or "k" when the module's last name part is a QK-norm's (q_norm, k_layernorm, query_norm, ...)."""
    m = QK_MODULE.match(module.rpartition(".")[2])
    return None if m is None else m.group(1)[0].lower()


def _hidden(sizes: list[int], facts: ConfigFacts | None) -> int | None:
    """D: the config's hidden size when a norm other than a QK-norm has that length (``sizes``: theirs), else the
    commonest such length (the longer of two as common)."""
    counts = collections.Counter(sizes)
    if facts is not None and facts.hidden_size in counts:
        return facts.hidden_size
    if counts:
        return max(counts, key=lambda n: (counts[n], n))
    return facts.hidden_size if facts is not None else None


def _projection_rows(arrays: dict[str, np.ndarray], module: str, target: str) -> int | None:
    """Rows of the projection the QK-norm follows: ``<parent>.q_proj.weight`` (Llama-style, torch's (out, in)),
    or ``<parent>.query.weight`` (BERT-style); None when there is none."""
    parent = module.rpartition(".")[0]
    names = ("q_proj", "query") if target == "q" else ("k_proj", "key")
    for name in names:
        w = arrays.get(f"{parent}.{name}.weight" if parent else f"{name}.weight")
        if w is not None and w.ndim == 2:
            return int(w.shape[0])
    return None


def _span(
    module: str,
    size: int,
    target: str | None,
    arrays: dict[str, np.ndarray],
    hidden: int | None,
    facts: ConfigFacts | None,
) -> tuple[str, int | None]:
    """(span, heads) of one norm module of γ length ``size``: what one γ covers, and for a QK-norm (``target``
    "q" or "k") how many heads share it."""
    if target is None:
        return ("hidden" if size == hidden else "other"), None
    head_dim = facts.head_dim if facts is not None else None
    rows = _projection_rows(arrays, module, target)
    if rows is not None:
        # one γ per head, shared by rows / size heads (Qwen3, Gemma 3); with a single key head (Gemma 3 1B) the
        # head is the whole projection, and the config's head_dim says which to call it
        if rows % size == 0 and (rows != size or head_dim == size):
            return "head", rows // size
        if rows == size:  # the whole projection at once (OLMo 2)
            return "projection", (rows // head_dim if head_dim and rows % head_dim == 0 else None)
        return "other", None
    if head_dim == size:
        return "head", None
    if size == hidden:  # as many numbers as the hidden state: all the heads at once
        return "projection", None
    return "other", None


def inspect(state: dict, config: dict | None = None) -> Report:
    """Find and classify every norm module of a state dict (names -> numpy arrays).

    A norm module is one whose last name part looks like a norm (``ln_1``,
    ``ln_f``, ``layernorm``, ``layer_norm``, ``norm``, ``input_layernorm``,
    ``final_layer_norm``, ...) and whose ``weight``/``bias`` (or ``gamma``/
    ``beta``, ``scale``) are 1-D floating-point tensors. ``config`` (a parsed
    config.json) settles what a weight-only norm is when its ``model_type`` is
    known or its ε is called ``rms_norm_eps``; otherwise the report says it
    cannot tell a bias-free LayerNorm from an RMSNorm. Each module's ``span``
    says what its γ covers: the hidden state (length D), or for a QK-norm one
    head (head_dim) or the whole query/key projection.
    """
    if not isinstance(state, dict):
        raise TypeError(f"state must be a dict of name -> array; got {type(state).__name__}")
    facts = config_facts(config)
    arrays = {str(k): np.asarray(v) for k, v in state.items()}

    seen: dict = {}
    tied, total = [], 0
    for name, a in arrays.items():
        key = _storage_key(a)
        if key is not None and key in seen:
            tied.append((name, seen[key]))
            continue
        if key is not None:
            seen[key] = name
        if a.dtype.kind == "f":
            total += a.size

    modules: dict[str, dict[str, np.ndarray]] = {}
    for name, a in arrays.items():
        module, leaf = _split(name)
        if _is_norm_module(module) and leaf in (*SCALE_NAMES, *SHIFT_NAMES, *RUNNING_NAMES):
            modules.setdefault(module, {})[leaf] = a

    found = []  # (module, params, scale, shift, target): the modules with a norm's per-feature parameters
    for module, params in modules.items():
        scale = next((params[n] for n in SCALE_NAMES if n in params), None)
        shift = next((params[n] for n in SHIFT_NAMES if n in params), None)
        learned = [a for a in (scale, shift) if a is not None]
        if (
            not learned
            or any(a.ndim != 1 or a.dtype.kind != "f" for a in learned)
            or len({a.size for a in learned}) != 1
        ):
            continue  # not a norm's per-feature parameters (a 2-D "norm.weight" is a projection)
        found.append((module, params, scale, shift, learned[0], _qk_target(module)))
    hidden = _hidden([first.size for *_, first, target in found if target is None], facts)

    groups = []
    for module, params, scale, shift, first, target in found:  # one pass, each module built once
        running = "running_mean" in params or "running_var" in params
        kind, evidence = _classify(scale is not None, shift is not None, running, facts)
        gamma = None if scale is None else scale.astype(np.float64)
        if kind == "gemma_rmsnorm":
            gamma += 1.0
        layer, family = _layer(module)
        span, heads = _span(module, first.size, target, arrays, hidden, facts)
        groups.append(
            NormGroup(
                module,
                family,
                layer,
                kind,
                evidence,
                first.size,
                tuple(f"{module}.{leaf}" for leaf in params),
                _dtype_text(first.dtype),
                gamma,
                None if shift is None else shift.astype(np.float64),
                span=span,
                target=target,
                heads=heads,
            )
        )
    groups.sort(key=lambda g: (g.layer is None, -1 if g.layer is None else g.layer, _natural(g.module)))

    by_family: dict[str, list[NormGroup]] = {}
    for g in groups:
        by_family.setdefault(g.family, []).append(g)
    families = tuple(Family(name, tuple(gs)) for name, gs in by_family.items())

    in_norms = {n for g in groups for n in g.names}
    matrices = {n.rpartition(".")[0] for n, a in arrays.items() if a.ndim >= 2}
    other = tuple(
        n
        for n, a in arrays.items()
        if a.ndim == 1 and a.dtype.kind == "f" and n not in in_norms and not _is_linear_bias(n, matrices)
    )
    return Report(tuple(groups), families, len(arrays), total, tuple(tied), other, facts, hidden)


NEAR_ONE = 0.1  # "near 1": |γ − 1| <= 0.1


@dataclass(frozen=True)
class GammaSpread:
    """Where a file's γ lie: the extremes, the modules with the lowest and highest median, the share near 1."""

    low: float
    high: float
    median_low: tuple[float, str]  # (the lowest module median, that module)
    median_high: tuple[float, str]
    near_one: float  # the share of all γ components with |γ − 1| <= NEAR_ONE


def _medians(parts: list[np.ndarray]) -> np.ndarray:
    """np.median of each non-empty array of ``parts``, for all of them at once (one sort, not one call each)."""
    counts = np.fromiter(map(len, parts), dtype=np.intp, count=len(parts))
    owner = np.repeat(np.arange(len(parts)), counts)
    values = np.concatenate(parts)
    ordered = values[np.lexsort((values, owner))]
    starts = np.cumsum(counts) - counts
    low, high = ordered[starts + (counts - 1) // 2], ordered[starts + counts // 2]
    return np.where(counts % 2 == 1, low, (low + high) / 2)


def gamma_spread(report: Report) -> GammaSpread | None:
    """The spread of effective γ over the whole file (finite components); None without γ."""
    groups, parts = [], []
    for g in report.groups:
        if g.gamma is not None and (finite := g.gamma[np.isfinite(g.gamma)]).size:
            groups.append(g.module)
            parts.append(finite)
    if not groups:
        return None
    values = np.concatenate(parts)
    medians = _medians(parts)

    def at(m: float, pick) -> tuple[float, str]:  # a tie goes by the module name, as min() / max() of pairs
        return float(m), pick(groups[i] for i in np.flatnonzero(medians == m))

    return GammaSpread(
        float(values.min()),
        float(values.max()),
        at(medians.min(), min),
        at(medians.max(), max),
        float(np.mean(np.abs(values - 1.0) <= NEAR_ONE)),
    )


def gamma_histogram(
    report: Report, bins: int = 40, *, top: int | None = None
) -> tuple[np.ndarray, dict[str | None, np.ndarray]]:
    """Bin edges shared by all families and each family's counts of γ values (effective γ).

    With ``top``, only the first ``top`` families get counts of their own; the rest are counted together,
    under the key None (one histogram for them, however many there are).
    """
    values = {f.name: f.gammas() for f in report.families}
    values = {k: v[np.isfinite(v)] for k, v in values.items() if v.size}
    if not values:
        return np.zeros(0), {}
    everything = np.concatenate(list(values.values()))
    if not everything.size:
        return np.zeros(0), {}
    low, high = float(everything.min()), float(everything.max())
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    edges = np.linspace(low, high, bins + 1)
    names = list(values)
    own = names if top is None else names[:top]
    counts: dict[str | None, np.ndarray] = {k: np.histogram(values[k], bins=edges)[0] for k in own}
    if len(own) < len(names):
        counts[None] = np.histogram(np.concatenate([values[k] for k in names[len(own) :]]), bins=edges)[0]
    return edges, counts


def evidence_of(report: Report) -> dict[str, list[str]]:
    """The kinds of evidence used, each with the families it decided (in table order)."""
    out: dict[str, dict[str, None]] = {}  # insertion-ordered sets: linear in the modules
    for fam in report.families:
        for g in fam.groups:
            out.setdefault(g.evidence, {})[fam.name] = None
    return {evidence: list(names) for evidence, names in out.items()}


def evidence_values(facts: ConfigFacts | None) -> dict[str, str]:
    return {"family": (facts.family or "") if facts else "", "eps_key": (facts.eps_key or "") if facts else ""}
