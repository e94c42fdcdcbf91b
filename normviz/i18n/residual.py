"""Strings of the residual (Pre-Norm vs Post-Norm) page."""

STRINGS = {
    "nav.residual": {"zh": "Pre-Norm 与 Post-Norm", "en": "Pre- vs Post-Norm"},
    "overview.page.residual": {
        "zh": "在一个随机初始化的深层残差网络里逐层比较 Pre-Norm 和 Post-Norm：残差流范数、梯度范数、float16 何时溢出。",
        "en": "A randomly initialized deep residual stack, layer by layer, with Pre-Norm and with Post-Norm: "
        "residual-stream norm, gradient norm, and where float16 would overflow.",
    },
    "res.title": {"zh": "残差流：Pre-Norm 与 Post-Norm", "en": "The residual stream: Pre-Norm and Post-Norm"},
    "res.intro": {
        "zh": "Transformer 的每一层都在残差流 h 上加一个子层 f 的输出，归一化可以放在两个位置。"
        "Post-Norm：h ← Norm(h + f(h))，先相加再归一化，残差流每层都被拉回同一个尺度。"
        "Pre-Norm：h ← h + f(Norm(h))，只归一化子层的输入，残差路径是恒等映射，h 本身不被归一化，"
        "所以通常在最顶上再放一个 Norm。",
        "en": "Every Transformer layer adds the output of a sublayer f to the residual stream h, and the "
        "normalization can sit in one of two places. Post-Norm: h ← Norm(h + f(h)), add first and then "
        "normalize, so the stream is brought back to one scale after every layer. Pre-Norm: h ← h + f(Norm(h)), "
        "only the sublayer's input is normalized; the residual path is the identity and h itself is never "
        "normalized, which is why a final Norm usually sits at the top.",
    },
    "res.models": {
        "zh": "谁用哪种：原始 Transformer（Vaswani 等，2017）和 BERT 用 Post-Norm（LayerNorm）；GPT-2 用 Pre-Norm（LayerNorm），"
        "LLaMA 用 Pre-Norm（RMSNorm）。Xiong 等（2020，《On Layer Normalization in the Transformer Architecture》，"
        "arXiv:2002.04745）分析了初始化时两者的梯度：Post-Norm 靠近输出层的参数梯度很大，需要学习率预热（warm-up）；"
        "Pre-Norm 的梯度表现平稳，可以去掉预热。",
        "en": "Who uses which: the original Transformer (Vaswani et al., 2017) and BERT are Post-Norm (LayerNorm); "
        "GPT-2 is Pre-Norm (LayerNorm) and LLaMA is Pre-Norm (RMSNorm). Xiong et al. (2020, “On Layer "
        "Normalization in the Transformer Architecture”, arXiv:2002.04745) analyse the gradients of both at "
        "initialization: in Post-Norm the gradients of the parameters near the output are large, so training "
        "needs a learning-rate warm-up; in Pre-Norm they are well behaved and the warm-up can be dropped.",
    },
    "res.stack.header": {"zh": "一个玩具深层网络", "en": "A toy deep stack"},
    "res.block": {
        "zh": "网络是这样搭的（一个种子决定全部随机数，四种变体共用同一组权重）：一批 token，每个宽 D；"
        "输入 h₀ = 尺度 × z，z 的分量服从 N(0, 1)。每层的子层是一个两层 MLP f(u) = 增益 × W₂ GELU(W₁ u)，"
        "W₁、W₂ 都是 D × D，元素服从 N(0, 1/D)，无偏置。Norm 是 torch.nn.functional 的 layer_norm 或 rms_norm（ε 取本库的默认值，γ = 1，β = 0），"
        "自动求导穿过它；测试里用本库的归一化函数跑同一个网络，结果一致。层数变少时是同一个网络在更浅处截断。损失是输出的一个固定随机投影 L = Σ 输出 ⊙ R（R 的元素服从 N(0, 1)）；"
        "不用输出之和，因为 LayerNorm 的输出各分量之和恒为 0，Post-Norm 的梯度会全是 0。"
        "每层记录：残差流 hₗ 的范数（对 token 取平均）、‖∂L/∂hₗ‖（对全部 token 的 Frobenius 范数，由 autograd 算出），"
        "以及这一层算出的最大 |值|（MLP 隐藏单元、相加的和以及 hₗ）。第 0 层是输入本身。",
        "en": "How the stack is built (one seed draws every random number; the four variants share the same "
        "weights): a batch of tokens, each of width D; the input h₀ = scale × z with z's entries from N(0, 1). "
        "Each layer's sublayer is a two-layer MLP f(u) = gain × W₂ GELU(W₁ u), with W₁ and W₂ of size D × D, "
        "entries from N(0, 1/D), no biases. Norm is torch.nn.functional's layer_norm or rms_norm (this library's default ε, γ = 1, "
        "β = 0), and autograd flows through it; the tests run the same stack through this library's norms and "
        "get the same numbers. A smaller depth cuts the same network earlier. The loss is a fixed random projection of the "
        "output, L = Σ output ⊙ R with R's entries from N(0, 1); not the plain sum, because a LayerNorm output "
        "always sums to 0, which would make every Post-Norm gradient 0. For each layer the page records the "
        "norm of the residual stream hₗ (averaged over tokens), ‖∂L/∂hₗ‖ (Frobenius norm over all tokens, by "
        "autograd), and the largest |value| the layer computes (the MLP's hidden units, the sum and hₗ). "
        "Layer 0 is the input itself.",
    },
    "res.depth": {"zh": "层数", "en": "Depth (layers)"},
    "res.depth.help": {"zh": "残差层的个数，1 到 48。", "en": "Number of residual layers, 1 to 48."},
    "res.width": {"zh": "宽度 D", "en": "Width D"},
    "res.width.help": {
        "zh": "每个 token 的维数。D = 512、48 层在 CPU 上要算一会儿。",
        "en": "Dimension of each token. D = 512 with 48 layers takes a while on a CPU.",
    },
    "res.scale": {"zh": "输入尺度（h₀ 的标准差）", "en": "Input scale (std of h₀)"},
    "res.scale.help": {
        "zh": "把输入整体放大，推动残差流靠近 float16 的上限。",
        "en": "Scale the input up to push the residual stream towards float16's limits.",
    },
    "res.gain": {"zh": "子层增益", "en": "Sublayer gain"},
    "res.gain.help": {
        "zh": "子层输出乘的系数：它越大，Pre-Norm 的残差流每层长得越多。",
        "en": "Multiplier of the sublayer's output: the larger it is, the more the Pre-Norm stream grows per layer.",
    },
    "res.seed": {"zh": "随机种子", "en": "Random seed"},
    "res.seed.help": {"zh": "决定输入、权重和投影 R。", "en": "Draws the input, the weights and the projection R."},
    "res.spinner": {"zh": "正在前向和反向计算四种变体…", "en": "Running the four variants forward and backward…"},
    "res.no_torch": {
        "zh": "这一页需要 torch（自动求导），但当前环境没有安装，所以无法计算。",
        "en": "This page needs torch (for autograd), which is not installed here, so it cannot compute.",
    },
    "res.col.variant": {"zh": "变体", "en": "variant"},
    "res.col.peak": {"zh": "最大 \\|值\\|", "en": "max \\|value\\|"},
    "res.col.square": {"zh": "首个 \\|值\\| > {limit} 的层", "en": "first layer with \\|value\\| > {limit}"},
    "res.col.overflow": {"zh": "首个 \\|值\\| > {limit} 的层", "en": "first layer with \\|value\\| > {limit}"},
    "res.none": {"zh": "无", "en": "none"},
    "res.timing": {
        "zh": "在 {device} 上用 float32 计算（{tokens} 个 token），四种变体前向加反向共 {seconds} 秒（结果按控件取值缓存）。",
        "en": "Computed in float32 on {device} ({tokens} tokens); the four variants forward and backward took "
        "{seconds} s (results are cached by the controls' values).",
    },
    "res.reading": {
        "zh": "怎么读：上图中 Post-Norm 的残差流范数每层都停在 √D（ε 远小于均方时；虚线），"
        "Pre-Norm 的残差流没人归一化，每层加上一个子层输出，范数随层数增长。中图是损失对每层残差流 hₗ 的梯度范数"
        "（不是 Xiong 等分析的权重梯度）。残差流随深度变长时（默认设置就是这样），Pre-Norm 的 ‖∂L/∂hₗ‖ 在顶层最小、往输入方向变大："
        "恒等路径把梯度原样传下去，每个子层再加上自己的一份，而顶上那个 Norm 要除以已经变大的 h 的均方根。"
        "Post-Norm 的 hₗ 每层都在 √D，梯度往下传时要穿过每一层 Norm 的雅可比矩阵。"
        "下图把每层的最大 |值| 和 float16 的两条界线比：256 以上单个平方 xᵢ² 就超过 65504，"
        "若在 float16 里算 RMSNorm 的平方和会得到 inf（圆圈标出首次越界的层）；65504 以上数值本身就无法用 float16 表示（叉号）。"
        "调大子层增益或输入尺度，看它们出现在哪一层。"
        "LayerNorm 和 RMSNorm 的曲线几乎重合（绿线压在蓝线下面）：在这样的随机初始化下，每个 token 的均值比它的均方根小得多，"
        "减不减均值差别很小。",
        "en": "How to read it: in the top panel the Post-Norm stream norm sits at √D after every layer (when ε "
        "is small next to the mean square; dashed line), while the Pre-Norm stream is never normalized: every "
        "layer adds a sublayer output and its norm grows with depth. The middle panel is the gradient norm of "
        "the loss with respect to each stream hₗ (not the weight gradients Xiong et al. analyse). When the stream "
        "grows with depth, as it does with the default controls, Pre-Norm's ‖∂L/∂hₗ‖ is smallest at the top and "
        "grows towards the input: the identity path hands the gradient down whole and every sublayer adds its "
        "share, while the final Norm divides by the RMS of the grown h. Post-Norm keeps every hₗ at √D, and its "
        "gradient crosses each layer's Norm Jacobian on the way down. The bottom panel compares each layer's largest |value| with "
        "float16's two limits: above 256 a single square xᵢ² exceeds 65504, so an RMSNorm whose sum of squares "
        "ran in float16 would get inf (a circle marks the first layer past it); above 65504 the value itself "
        "is not representable in float16 (a cross). Raise the sublayer gain or the input scale to see where "
        "they appear. The LayerNorm and RMSNorm curves lie almost on top of each other (the green under the "
        "blue): at this random initialization each token's mean is small next to its RMS, so subtracting it "
        "changes little.",
    },
    "res.fp16.header": {"zh": "为什么关心 float16 的上限", "en": "Why float16's limit matters"},
    "res.fp16.text": {
        "zh": "一个用 fp16 激活做混合精度训练的模型里，某层残差流的范数漂到了 10⁴ 量级。float16 能表示的最大有限值是 65504，"
        "256² = 65536 已经超过它，所以只要有一个分量 |xᵢ| > 256，在 fp16 里算平方和就得到 inf，归一化输出变成 0，"
        "反向传播随之出现 NaN。解决办法是在 float32 里做归约（本库就是这样做的），并监控每层激活的最大绝对值。"
        "Pre-Norm 的残差流不被归一化，它的尺度正是需要盯住的量。",
        "en": "In a model trained in mixed precision with fp16 activations, the norm of one layer's residual "
        "stream drifted to the order of 10⁴. float16's largest finite value is 65504 and 256² = 65536 is "
        "already above it, so a single component with |xᵢ| > 256 makes a sum of squares computed in fp16 inf; "
        "the normalized output becomes 0 and the backward pass turns to NaN. The remedy is to reduce in float32 "
        "(as this library does) and to watch each layer's largest absolute activation. The Pre-Norm stream is "
        "never normalized, so its scale is exactly the quantity to watch.",
    },
    "res.fig.stream.title": {"zh": "残差流范数 ‖hₗ‖（token 平均）", "en": "Residual-stream norm ‖hₗ‖ (mean over tokens)"},
    "res.fig.grad.title": {"zh": "梯度范数 ‖∂L/∂hₗ‖", "en": "Gradient norm ‖∂L/∂hₗ‖"},
    "res.fig.peak.title": {"zh": "本层最大 |值| 与 float16 的界", "en": "Largest |value| in the layer vs float16's limits"},
    "res.fig.stream.y": {"zh": "‖hₗ‖", "en": "‖hₗ‖"},
    "res.fig.grad.y": {"zh": "‖∂L/∂hₗ‖", "en": "‖∂L/∂hₗ‖"},
    "res.fig.peak.y": {"zh": "最大 |值|", "en": "max |value|"},
    "res.fig.layer": {"zh": "层 l（0 = 输入）", "en": "layer l (0 = input)"},
    "res.fig.arr.pre": {"zh": "Pre-Norm", "en": "Pre-Norm"},
    "res.fig.arr.post": {"zh": "Post-Norm", "en": "Post-Norm"},
    "res.fig.series": {"zh": "{arrangement} · {norm}", "en": "{arrangement} · {norm}"},
    "res.fig.root_width": {"zh": "√D = {value}", "en": "√D = {value}"},
    "res.fig.fp16_max": {"zh": "float16 最大值 {value}", "en": "float16 max {value}"},
    "res.fig.fp16_square": {"zh": "√65504 ≈ {value}：xᵢ² 在 fp16 溢出", "en": "√65504 ≈ {value}: xᵢ² overflows in fp16"},
    "res.fig.square": {"zh": "{name}：第 {layer} 层首次 > {limit}", "en": "{name}: first > {limit} at layer {layer}"},
    "res.fig.overflow": {"zh": "{name}：第 {layer} 层首次溢出 fp16", "en": "{name}: first fp16 overflow at layer {layer}"},
}
