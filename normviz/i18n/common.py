"""Strings shared by every page: the shell, the sidebar, methods, messages."""

STRINGS = {
    "app.title": {"zh": "normviz · 归一化的几何", "en": "normviz · the geometry of normalization"},
    "sidebar.projector": {"zh": "投影仪模式（大字、粗线）", "en": "Projector mode (large type, bold lines)"},
    "sidebar.backend": {"zh": "计算后端", "en": "Compute backend"},
    "sidebar.backend.auto": {"zh": "自动（有 GPU 用 torch，否则 numpy）", "en": "Auto (torch on a GPU, else numpy)"},
    "sidebar.backend.in_use": {"zh": "本次计算：{label}", "en": "Computed with: {label}"},
    "sidebar.backend.fallback": {
        "zh": "没有可用的 torch，已改用 numpy。",
        "en": "torch is not available here; using numpy instead.",
    },
    "method.input": {"zh": "输入 x", "en": "input x"},
    "method.l2": {"zh": "L2 归一化", "en": "L2 normalize"},
    "method.rms": {"zh": "RMSNorm", "en": "RMSNorm"},
    "method.ln": {"zh": "LayerNorm", "en": "LayerNorm"},
    "vector.presets": {"zh": "示例向量", "en": "Example vectors"},
    "vector.exact": {"zh": "{name} 精确值", "en": "{name} exact"},
    "eps.label": {"zh": "ε（对数刻度，含 0）", "en": "ε (log scale, including 0)"},
    "eps.help": {
        "zh": "“default” 表示各方法自己的默认值：LayerNorm 1e-5，RMSNorm 1e-6，L2 1e-12。"
        "其它取值同时用于三种方法。ε = 0 时零向量会得到 0/0 = NaN；ε 很大时，小向量会被压扁。",
        "en": "“default” means each method's own default: LayerNorm 1e-5, RMSNorm 1e-6, L2 1e-12. "
        "Any other value applies to all three. At ε = 0 a zero vector gives 0/0 = NaN; a large ε flattens small vectors.",
    },
    "affine.header": {"zh": "仿射参数 γ、β（归一化之后）", "en": "Affine γ, β (after normalizing)"},
    "affine.note": {
        "zh": "γ 逐维缩放、β 平移，作用于 RMSNorm 和 LayerNorm 的输出（RMSNorm 只用 γ）；L2 没有仿射参数。",
        "en": "γ scales each dimension and β shifts, applied to the RMSNorm and LayerNorm outputs "
        "(RMSNorm uses γ only); L2 has no affine parameters.",
    },
    "show.header": {"zh": "显示", "en": "Show"},
    "url.invalid": {
        "zh": "链接里的参数 {names} 不是有效值，已改用默认值。",
        "en": "The link's parameter(s) {names} were not valid; the defaults are shown instead.",
    },
    "readout.stats": {"zh": "x 的统计量", "en": "Statistics of x"},
    "readout.outputs": {"zh": "各方法的输出", "en": "Outputs"},
    "readout.quantity": {"zh": "量", "en": "quantity"},
    "readout.value": {"zh": "值", "en": "value"},
    "readout.norm": {"zh": "范数 ‖·‖", "en": "norm ‖·‖"},
    "readout.output": {"zh": "输出", "en": "output"},
    "readout.method": {"zh": "方法", "en": "method"},
    "anim.play": {"zh": "▶ 播放", "en": "▶ Play"},
    "anim.pause": {"zh": "❚❚ 暂停", "en": "❚❚ Pause"},
    "axis.x1": {"zh": "x₁（第 1 维）", "en": "x₁ (dimension 1)"},
    "axis.x2": {"zh": "x₂（第 2 维）", "en": "x₂ (dimension 2)"},
    "axis.x3": {"zh": "x₃（第 3 维）", "en": "x₃ (dimension 3)"},
    "list.separator": {"zh": "、", "en": ", "},
}

STRINGS.update({
    "zoom.label": {"zh": "视野（坐标轴半宽）", "en": "View (half-width of the axes)"},
    "zoom.help": {
        "zh": "坐标范围固定，拖动滑块时不会跳动；需要看清单位圆时选小一点的视野。",
        "en": "The axis range is fixed so it never jumps while you drag; pick a smaller view to see the unit circle up close.",
    },
    "msg.zero": {
        "zh": "x 是零向量：它没有方向，径向投影无从谈起。ε > 0 时输出为 0；ε = 0 时是 0/0 = NaN。",
        "en": "x is the zero vector: it has no direction, so there is no ray to project along. "
        "With ε > 0 the outputs are 0; with ε = 0 they are 0/0 = NaN.",
    },
    "msg.constant": {
        "zh": "x 的各分量相等（σ = 0）：减去均值后只剩零向量，LayerNorm 在 ε > 0 时输出 0（再加 β），ε = 0 时为 0/0 = NaN。",
        "en": "All components of x are equal (σ = 0): removing the mean leaves the zero vector, so LayerNorm "
        "outputs 0 (plus β) with ε > 0 and 0/0 = NaN with ε = 0.",
    },
    "msg.nan": {
        "zh": "{methods} 的输出是 NaN（0/0）：数学上没有定义，图中不画这些箭头。",
        "en": "The output of {methods} is NaN (0/0): undefined by the math, so those arrows are not drawn.",
    },
})
