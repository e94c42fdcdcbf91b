"""transformers' own BertModel on the shipped model's files, offline: the reference the model tests compare
normviz.model's forward pass (and its frozen-σ variant) with. transformers is a dev dependency."""

from __future__ import annotations

import pytest


def reference_bert(folder):
    """BertModel.from_pretrained(folder) in eval mode, never touching the network; skips without transformers."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HF_HUB_OFFLINE", "1")
        mp.setenv("TRANSFORMERS_OFFLINE", "1")
        transformers = pytest.importorskip("transformers")
        model = transformers.BertModel.from_pretrained(str(folder), local_files_only=True)
    return model.eval()
