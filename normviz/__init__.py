"""normviz: the geometry of normalization layers, exactly and fast.

>>> import normviz as nv
>>> nv.l2_normalize([3.0, 4.0])
array([0.6, 0.8])
"""

from normviz.methods import METHODS
from normviz.norms import derf, dyt, l2_normalize, layer_norm, rms_norm
from normviz.norms_family import batch_norm, lp_normalize, min_max, softmax, standardize

__all__ = [
    "layer_norm",
    "rms_norm",
    "l2_normalize",
    "dyt",
    "derf",
    "lp_normalize",
    "softmax",
    "min_max",
    "standardize",
    "batch_norm",
    "METHODS",
]
__version__ = "0.1.0"
