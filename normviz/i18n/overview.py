"""Strings of the overview (home) page."""

STRINGS = {
    "nav.overview": {"zh": "概览", "en": "Overview"},
    "overview.title": {"zh": "归一化就是投影", "en": "Normalization is a projection"},
    "overview.intro": {
        "zh": "LayerNorm、RMSNorm 和 L2 归一化都把向量送到一个固定的集合上：L2 送到单位球面，RMSNorm 送到半径 √n 的球面，"
        "LayerNorm 先去掉沿 1 = (1, …, 1) 的分量（落到零均值超平面），再送到同一个 √n 球面上。方向保留，长度（以及 LayerNorm 的整体偏移）被拿掉。",
        "en": "LayerNorm, RMSNorm and L2 normalization all send a vector onto a fixed set: L2 onto the unit sphere, "
        "RMSNorm onto the sphere of radius √n, and LayerNorm first removes the component along 1 = (1, …, 1) "
        "(landing on the zero-mean hyperplane) and then onto the same √n sphere. The direction survives; the "
        "length (and, for LayerNorm, the common offset) is taken away.",
    },
    "overview.col.method": {"zh": "方法", "en": "method"},
    "overview.col.formula": {"zh": "公式", "en": "formula"},
    "overview.col.target": {"zh": "输出落在", "en": "outputs lie on"},
    "overview.col.dof": {"zh": "剩余自由度", "en": "degrees of freedom left"},
    "overview.col.invariant": {"zh": "不受影响的变换", "en": "unchanged by"},
    "overview.target.l2": {"zh": "单位球面 ‖y‖ = 1", "en": "the unit sphere ‖y‖ = 1"},
    "overview.target.rms": {"zh": "半径 √n 的球面", "en": "the sphere of radius √n"},
    "overview.target.ln": {"zh": "零均值超平面 ∩ √n 球面", "en": "zero-mean hyperplane ∩ √n sphere"},
    "overview.invariant.l2": {"zh": "x → a·x（a > 0）", "en": "x → a·x (a > 0)"},
    "overview.invariant.rms": {"zh": "x → a·x（a > 0）", "en": "x → a·x (a > 0)"},
    "overview.invariant.ln": {"zh": "x → a·x + c·1（a > 0）", "en": "x → a·x + c·1 (a > 0)"},
    "overview.examples": {"zh": "几个算出来的例子（ε = 0，本次后端：{backend}）", "en": "Worked examples (ε = 0, computed with {backend})"},
    "overview.col.input": {"zh": "输入 x", "en": "input x"},
    "overview.examples.note": {
        "zh": "(3, 4) 与 (6, 8) 方向相同，L2 之后合为一点；(1, 2, 3) 整体加 100 后，RMSNorm 的输出几乎变成常数，而 LayerNorm 的输出完全不变。",
        "en": "(3, 4) and (6, 8) point the same way and merge after L2; adding 100 to every component of (1, 2, 3) "
        "makes the RMSNorm output nearly constant, while the LayerNorm output does not move at all.",
    },
    "overview.pages": {"zh": "各页内容", "en": "The pages"},
    "overview.page.plane": {
        "zh": "二维：拖动向量，看三种投影和动画，调 ε、γ、β。",
        "en": "Two dimensions: drag a vector, watch the three projections animate, adjust ε, γ and β.",
    },
}
