"""The papers behind the results the pages state, and which page cites which.

Facts only (authors, year, title, venue, arXiv identifier); what each paper is cited for, in zh and
en, is ``sources.why.<key>`` in ``normviz/i18n/sources.py``. A page lists its sources with
``normviz.ui.kit.layout.sources_section(t, page)``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    key: str
    authors: str  # as cited: "Ba, Kiros & Hinton"
    year: int
    title: str  # the paper's own title, untranslated
    venue: str
    arxiv: str  # the arXiv identifier, e.g. "1607.06450"

    @property
    def url(self) -> str:
        return f"https://arxiv.org/abs/{self.arxiv}"


SOURCES = {
    s.key: s
    for s in (
        Source("ba2016", "Ba, Kiros & Hinton", 2016, "Layer Normalization", "arXiv", "1607.06450"),
        Source(
            "zhang2019", "Zhang & Sennrich", 2019, "Root Mean Square Layer Normalization", "NeurIPS 2019", "1910.07467"
        ),
        Source(
            "xiong2020",
            "Xiong et al.",
            2020,
            "On Layer Normalization in the Transformer Architecture",
            "ICML 2020",
            "2002.04745",
        ),
        Source(
            "ioffe2015",
            "Ioffe & Szegedy",
            2015,
            "Batch Normalization: Accelerating Deep Network Training by Reducing Internal Covariate Shift",
            "ICML 2015",
            "1502.03167",
        ),
        Source("riechers2024", "Riechers", 2024, "Geometry and Dynamics of LayerNorm", "arXiv", "2405.04134"),
        Source(
            "kim2025",
            "Kim et al.",
            2025,
            "Peri-LN: Revisiting Normalization Layer in the Transformer Architecture",
            "ICML 2025",
            "2502.02732",
        ),
        Source(
            "gemma2024",
            "Gemma Team",
            2024,
            "Gemma 2: Improving Open Language Models at a Practical Size",
            "arXiv",
            "2408.00118",
        ),
        Source(
            "loshchilov2024",
            "Loshchilov et al.",
            2024,
            "nGPT: Normalized Transformer with Representation Learning on the Hypersphere",
            "ICLR 2025",
            "2410.01131",
        ),
        Source("zhu2025", "Zhu et al.", 2025, "Transformers without Normalization", "CVPR 2025", "2503.10622"),
        Source(
            "henry2020",
            "Henry et al.",
            2020,
            "Query-Key Normalization for Transformers",
            "Findings of EMNLP 2020",
            "2010.04245",
        ),
        Source(
            "dehghani2023",
            "Dehghani et al.",
            2023,
            "Scaling Vision Transformers to 22 Billion Parameters",
            "ICML 2023",
            "2302.05442",
        ),
        Source(
            "sun2024", "Sun et al.", 2024, "Massive Activations in Large Language Models", "COLM 2024", "2402.17762"
        ),
        Source(
            "qiu2026",
            "Qiu et al.",
            2026,
            "A Unified View of Attention and Residual Sinks: Outlier-Driven Rescaling is Essential for Transformer "
            "Training",
            "arXiv",
            "2601.22966",
        ),
        Source(
            "chen2025",
            "Chen, Lu, Zhu, Sun & Liu",
            2025,
            "Stronger Normalization-Free Transformers",
            "arXiv",
            "2512.10938",
        ),
        Source(
            "verma2026",
            "Verma",
            2026,
            "When Does Removing LayerNorm Help? Activation Bounding as a Regime-Dependent Implicit Regularizer",
            "arXiv",
            "2604.23434",
        ),
        Source(
            "baroni2025",
            "Baroni et al.",
            2025,
            "Transformers Don't Need LayerNorm at Inference Time: Scaling LayerNorm Removal to GPT-2 XL and the "
            "Implications for Mechanistic Interpretability",
            "arXiv",
            "2507.02559",
        ),
        Source(
            "sun2025",
            "Sun et al.",
            2025,
            "The Curse of Depth in Large Language Models",
            "NeurIPS 2025",
            "2502.05795",
        ),
        Source("chen2026", "Chen & Yao", 2026, "Attention Sinks Induce Gradient Sinks", "arXiv", "2603.17771"),
    )
}

_NORMS = ("ba2016", "zhang2019")
_GEOMETRY = (*_NORMS, "riechers2024")
# page name -> the sources its statements rest on, in the order they are listed
PAGE_SOURCES = {
    "overview": _NORMS,
    "plane": _GEOMETRY,
    "space": _GEOMETRY,
    "highdim": _GEOMETRY,
    "dof": _GEOMETRY,
    "information": _NORMS,
    "invariance": _NORMS,
    "warp": _GEOMETRY,
    "axes": ("ba2016", "zhang2019", "ioffe2015"),
    "family": ("ba2016", "zhang2019", "ioffe2015"),
    "checkpoint": _NORMS,
    "gradient": (*_GEOMETRY, "chen2026"),
    "residual": ("xiong2020", "kim2025", "gemma2024", "loshchilov2024", "sun2025", "ba2016", "zhang2019"),
    # the optional closing step ("beyond") cites the residual page's Peri-Norm (and Gemma 2's) and nGPT
    "lesson": (
        "ba2016",
        "zhang2019",
        "xiong2020",
        "ioffe2015",
        "riechers2024",
        "kim2025",
        "gemma2024",
        "loshchilov2024",
        "chen2025",
        "baroni2025",
    ),
    "model": ("ba2016", "zhang2019", "sun2024", "baroni2025", "chen2026"),
    "beyond": (
        "zhu2025",
        "henry2020",
        "dehghani2023",
        "loshchilov2024",
        "kim2025",
        "gemma2024",
        "sun2024",
        "qiu2026",
        "chen2025",
        "verma2026",
    ),
}
