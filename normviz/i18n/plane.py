"""Strings of the 2D plane page."""

STRINGS = {
    "nav.plane": {"zh": "平面", "en": "Plane"},
    "plane.title": {"zh": "平面：二维里的三种归一化", "en": "Plane: the three norms in two dimensions"},
    "plane.intro": {
        "zh": "拖动 x，看它被投影到哪里。L2 把 x 沿射线缩放到单位圆；RMSNorm 沿同一条射线缩放到半径 √2 的圆；"
        "LayerNorm 先沿 (1, 1) 方向减去均值，落到直线 x₁ + x₂ = 0 上，再缩放到 √2 的圆上。"
        "√2 这个半径只在 ε = 0 时精确；ε 越大，RMSNorm 和 LayerNorm 的箭头停得离圆越远。",
        "en": "Drag x and watch where it lands. L2 rescales x along its ray to the unit circle; RMSNorm rescales along "
        "the same ray to the circle of radius √2; LayerNorm first removes the mean along (1, 1), landing on the "
        "line x₁ + x₂ = 0, and then rescales onto the √2 circle. The radius √2 is exact only at ε = 0; the larger ε, "
        "the further inside the circle the RMSNorm and LayerNorm arrows stop.",
    },
    "plane.trace.unit_circle": {"zh": "单位圆 ‖y‖ = 1", "en": "unit circle ‖y‖ = 1"},
    "plane.trace.sqrt2_circle": {
        "zh": "圆 ‖y‖ = √2（ε = 0 时 RMSNorm 的落点）",
        "en": "circle ‖y‖ = √2 (RMSNorm at ε = 0)",
    },
    "plane.trace.zero_mean_line": {"zh": "零均值线 x₁ + x₂ = 0", "en": "zero mean: x₁ + x₂ = 0"},
    "plane.trace.ray": {"zh": "过 x 的射线", "en": "ray through x"},
    "plane.trace.ln_points": {
        "zh": "ε = 0 时 LayerNorm 只有这两点 ±(1, −1)（ε > 0 时落在两点之间的线段上）",
        "en": "LayerNorm's only outputs at ε = 0: ±(1, −1) (with ε > 0, on the segment between them)",
    },
    "plane.trace.rms_ellipse": {
        "zh": "RMSNorm 加 γ 后的落点：椭圆 γ ⊙ (√2 圆)（ε = 0）",
        "en": "RMSNorm's reach with γ: the ellipse γ ⊙ (√2 circle) (ε = 0)",
    },
    "plane.trace.ln_points_affine": {
        "zh": "LayerNorm 加 γ、β 后的落点：γ ⊙ ±(1, −1) + β 两点（ε = 0）",
        "en": "LayerNorm's reach with γ, β: the two points γ ⊙ ±(1, −1) + β (ε = 0)",
    },
    "plane.trace.decomposition": {"zh": "μ·𝟏 + (x − μ·𝟏)", "en": "μ·𝟏 + (x − μ·𝟏)"},
    "plane.stage.start": {"zh": "起点：x", "en": "Start: x"},
    "plane.stage.center": {
        "zh": "第 {k} 步：LayerNorm 减去 μ·𝟏，落到 x₁ + x₂ = 0 上",
        "en": "Step {k}: LayerNorm subtracts μ·𝟏 and lands on x₁ + x₂ = 0",
    },
    "plane.stage.scale": {
        "zh": "第 {k} 步：沿射线缩放到圆上",
        "en": "Step {k}: rescaled along the ray onto the circle",
    },
    "plane.stage.affine": {
        "zh": "第 {k} 步：乘 γ（LayerNorm 再加 β）",
        "en": "Step {k}: multiply by γ (LayerNorm adds β)",
    },
    "plane.caption": {
        "zh": "图里要看的是：L2 和 RMSNorm 只做缩放，箭头始终在 x 的射线上，所以保留 x 的方向，分别停在半径 1 和 √2 的圆上（√2 在 ε = 0 时精确）。"
        "LayerNorm 会改变方向：它先去掉沿 𝟏 = (1, 1) 的公共部分 μ·𝟏，再缩放剩下的部分，所以保留的是 x − μ·𝟏 的方向，而不是 x 的方向。"
        "例如 (3, 4) 在 53° 方向，LayerNorm 把它送到 135° 方向的 (−1, 1)。\n\n"
        "这里 σ² = ((x₁ − μ)² + (x₂ − μ)²)/2 是有偏方差（除以 n）。用它、并且 ε = 0 时，LayerNorm 的输出正好在 √2 圆上；"
        "若像 torch.std 默认那样除以 n − 1，半径会是 1。二维里零均值直线与 √2 圆只交于 ±(1, −1) 两点，"
        "所以 ε = 0 时 LayerNorm 只有这两种输出，自由度 n − 2 = 0。ε > 0 时输出落在两点之间的线段上，σ 越小越靠近 0："
        "ε = 1 时 (3, 4) 被送到 (−0.447, 0.447)。n 维里这个交集是一个 n − 2 维球面，所以 LayerNorm 剩 n − 2 个自由度。\n\n"
        "γ 和 β 是训练出来后固定的参数：γ 逐轴拉伸，β 整体平移，每个输入得到的都是同一组缩放和偏移，"
        "它们不会把某个输入自己的长度或均值还给它。加上 γ 后，RMSNorm 的输出在椭圆 γ ⊙ (√2 圆) 上；"
        "LayerNorm 的输出仍然只有两点，即 γ ⊙ ±(1, −1) + β（ε = 0）。",
        "en": "What to look for: L2 and RMSNorm only rescale, so their arrows stay on the ray through x and keep the "
        "direction of x, stopping on the circles of radius 1 and √2 (√2 exactly at ε = 0). LayerNorm changes the direction: it first "
        "removes the shared part μ·𝟏 along 𝟏 = (1, 1) and then rescales what is left, so it keeps the direction of "
        "x − μ·𝟏, not that of x. (3, 4), pointing at 53°, goes to (−1, 1), pointing at 135°.\n\n"
        "Here σ² = ((x₁ − μ)² + (x₂ − μ)²)/2 is the biased variance (divided by n). With it, and at ε = 0, LayerNorm's "
        "outputs lie exactly on the √2 circle; dividing by n − 1, as torch.std does by default, would give radius 1. "
        "In two dimensions the zero-mean line meets the √2 circle only at ±(1, −1), so at ε = 0 LayerNorm has just "
        "these two outputs: n − 2 = 0 degrees of freedom. With ε > 0 the output lies on the segment between them, "
        "nearer 0 the smaller σ is: at ε = 1, (3, 4) goes to (−0.447, 0.447). In n dimensions the intersection is an "
        "(n − 2)-dimensional sphere, which leaves LayerNorm n − 2 degrees of freedom.\n\n"
        "γ and β are learned once and then fixed: γ stretches each axis and β shifts everything, by the same amounts "
        "for every input. They do not give an input back its own length or mean. With γ, RMSNorm's outputs lie on "
        "the ellipse γ ⊙ (√2 circle); LayerNorm's are still just two points, γ ⊙ ±(1, −1) + β (at ε = 0).",
    },
    "plane.outside": {
        "zh": "x 在当前视野之外：视野边缘的黑色箭头指向它。想看到 x 本身，请选择更大的视野。",
        "en": "x lies outside the current view: the black arrow at the edge points to it. Choose a wider view to see x itself.",
    },
}
