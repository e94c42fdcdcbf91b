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
    "method.l2": {"zh": "L2 归一化", "en": "L2 normalization"},
    "method.rms": {"zh": "RMSNorm", "en": "RMSNorm"},
    "method.ln": {"zh": "LayerNorm", "en": "LayerNorm"},
    "vector.presets": {"zh": "示例向量", "en": "Example vectors"},
    "vector.exact": {"zh": "{name} 精确值", "en": "{name} exact"},
    "eps.label": {"zh": "ε（对数刻度，含 0）", "en": "ε (log scale, including 0)"},
    "eps.default": {"zh": "默认", "en": "default"},
    "eps.help": {
        "zh": "“默认”（链接里写作 default）让每种方法用各自常见的 ε：LayerNorm 1e-5（torch.nn.LayerNorm 的默认值）；"
        "RMSNorm 1e-6，这是 normviz 的默认值，也是第一代 LLaMA 的取法（Llama 2 和 Llama 3 在 config.json 里写的是 "
        "rms_norm_eps = 1e-5，自带的类 LLaMA 示例检查点也是）——torch.nn.RMSNorm 自己的默认值是所用 dtype 的机器精度 "
        "torch.finfo(dtype).eps；L2 1e-12（F.normalize 的默认值）。选其它值时三种方法用同一个 ε。"
        "半径 √n 和二维里 LayerNorm 的两个点只在 ε = 0 时精确成立。ε = 0 时零向量得到 0/0 = NaN；ε 越大，长度小的向量被拉向 0 越多。",
        "en": "“default” gives each method its usual ε: LayerNorm 1e-5 (torch.nn.LayerNorm's default); RMSNorm 1e-6, "
        "normviz's default and the first LLaMA's (Llama 2 and Llama 3 set rms_norm_eps = 1e-5 in their config.json, "
        "as does the bundled LLaMA-like example checkpoint), while torch.nn.RMSNorm itself defaults to the machine "
        "epsilon of the dtype, torch.finfo(dtype).eps; L2 1e-12 (F.normalize's default). Any other value is used by "
        "all three. The radius √n and LayerNorm's two points in 2D are exact only at ε = 0. At ε = 0 a zero vector "
        "gives 0/0 = NaN; the larger ε, the more it pulls short vectors towards 0.",
    },
    "affine.header": {"zh": "仿射参数 γ、β（归一化之后）", "en": "Affine γ, β (after normalizing)"},
    "affine.note": {
        "zh": "γ 逐维缩放、β 整体平移，作用在 RMSNorm 和 LayerNorm 的输出上（RMSNorm 只有 γ）；L2 没有这两个参数。"
        "它们是训练出来后固定不变的：对每个输入都一样，并不能把某个输入自己的长度或均值还给它。",
        "en": "γ scales each dimension and β shifts, applied to the RMSNorm and LayerNorm outputs (RMSNorm has γ "
        "only); L2 has neither. They are learned and then fixed, the same for every input: they do not give an input "
        "back its own length or mean.",
    },
    "show.header": {"zh": "显示", "en": "Show"},
    "url.bad.header": {
        "zh": "链接里有些参数不是有效值，已按下面说明改用其它值：",
        "en": "Some values in this link were not valid; these were used instead:",
    },
    "url.bad.number": {
        "zh": "{name} = {given}：应为 {low} 到 {high} 之间的数；现用 {used}。",
        "en": "{name} = {given}: must be a number from {low} to {high}; using {used}.",
    },
    "url.bad.integer": {
        "zh": "{name} = {given}：应为 {low} 到 {high} 之间的整数；现用 {used}。",
        "en": "{name} = {given}: must be a whole number from {low} to {high}; using {used}.",
    },
    "url.bad.choice": {
        "zh": "{name} = {given}：只能取 {options} 中的一个{case}；现用 {used}。",
        "en": "{name} = {given}: must be one of {options}{case}; using {used}.",
    },
    "url.bad.multi": {
        "zh": "{name} = {given}：每个值都只能取自 {options}{case}；现用 {used}。",
        "en": "{name} = {given}: each value must be one of {options}{case}; using {used}.",
    },
    "url.case": {"zh": "（区分大小写）", "en": " (case matters)"},
    "url.used.default": {"zh": "默认值", "en": "the default"},
    "url.used.none": {"zh": "（一个也不选）", "en": "(none)"},
    "input.clamped": {
        "zh": "{field}：{given} 超出了允许的范围 {low} 到 {high}，已改用 {used}。",
        "en": "{field}: {given} is outside the allowed range {low} to {high}; using {used}.",
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
    "anim.group": {"zh": "投影动画", "en": "The projection's animation"},
    "axis.x1": {"zh": "x₁（第 1 维）", "en": "x₁ (dimension 1)"},
    "axis.x2": {"zh": "x₂（第 2 维）", "en": "x₂ (dimension 2)"},
    "axis.x3": {"zh": "x₃（第 3 维）", "en": "x₃ (dimension 3)"},
    "list.separator": {"zh": "、", "en": ", "},
}

STRINGS.update(
    {
        "zoom.label": {"zh": "视野（坐标轴半宽）", "en": "View (half-width of the axes)"},
        "zoom.help": {
            "zh": "坐标范围固定，拖动滑块时不会跳动；需要看清单位圆时选小一点的视野。",
            "en": "The axis range is fixed so it never jumps while you drag; pick a smaller view to see the unit circle up close.",
        },
        "msg.zero": {
            "zh": "x 是零向量：它没有方向，也就没有可以沿着投影的射线。ε > 0 时输出是 0（LayerNorm 是 β）；ε = 0 时是 0/0 = NaN。",
            "en": "x is the zero vector: it has no direction, so there is no ray to project along. "
            "With ε > 0 the outputs are 0 (LayerNorm's is β); with ε = 0 they are 0/0 = NaN.",
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
    }
)
