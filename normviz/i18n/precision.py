"""Strings of the precision page (float16, bfloat16, float32; naive and upcast reductions)."""

STRINGS = {
    "nav.precision": {"zh": "精度", "en": "Precision"},
    "overview.page.precision": {
        "zh": "在 float16、bfloat16、float32 里算 RMSNorm 和 LayerNorm：看 float16 的平方在 |x| > 256 时溢出（手写的平方和更早），"
        "输出和梯度悄无声息地变成 0；看 float32 归约怎么修好它、加大 ε 为什么修不好，看 bfloat16 约 2⁻⁸ 的相对误差，"
        "再逐行看大模型里的 RMSNorm 模块。",
        "en": "RMSNorm and LayerNorm in float16, bfloat16 and float32: watch the float16 square overflow above "
        "|x| = 256 (a hand-written sum of squares much sooner) and the output and gradient silently turn to 0, the "
        "float32 reduction repair it while a larger ε cannot, bfloat16 keep a relative error of about 2⁻⁸, and the "
        "RMSNorm module of LLM codebases line by line.",
    },
    "prec.title": {"zh": "精度：半精度里的归一化", "en": "Precision: normalization in half precision"},
    "prec.intro": {
        "zh": "混合精度训练把激活存成 16 位浮点数。RMSNorm 和 LayerNorm 都要先求平方的均值，而平方会让大数更大。"
        "本页把同一个向量按三种方式各算一遍：**直接算**——每一步都在输入的 dtype 里做；**先升精度**——在 float32 里归约，"
        "结果再转回输入的 dtype（normviz 的做法，也是 Llama 的 RMSNorm 里 `x.float()` 再 `.type_as(x)` 的做法）；"
        "以及 float64 的参考结果。下面所有数字都是当场算出来的，dtype 的界限也是从 `torch.finfo` / `numpy.finfo` 读的。",
        "en": "Mixed-precision training stores activations as 16-bit floats. RMSNorm and LayerNorm both start from "
        "the mean of squares, and squaring makes large numbers larger. This page computes one vector three ways: "
        "**naive**, every step in the input's dtype; **upcast**, the reduction in float32 and the result cast back to "
        "the input's dtype (what normviz does, and what Llama's RMSNorm does with `x.float()` … `.type_as(x)`); and "
        "a float64 reference. Every number below is computed on the spot; the dtype limits are read from "
        "`torch.finfo` / `numpy.finfo`.",
    },
    "prec.limits.header": {
        "zh": "各 dtype 的界限（由 finfo 读出）",
        "en": "The limits of each dtype (read from finfo)",
    },
    "prec.col.dtype": {"zh": "dtype", "en": "dtype"},
    "prec.col.max": {"zh": "最大值 max", "en": "largest (max)"},
    "prec.col.tiny": {"zh": "最小正规数 tiny", "en": "smallest normal (tiny)"},
    "prec.col.eps": {"zh": "机器精度 eps", "en": "machine epsilon (eps)"},
    "prec.col.bits": {"zh": "有效位数", "en": "significant bits"},
    "prec.col.square": {"zh": "平方溢出阈值 √max", "en": "square overflows above √max"},
    "prec.col.source": {"zh": "来源", "en": "read from"},
    "prec.limits.caption": {
        "zh": "有效位数 = 1 − log₂(eps)，含隐含的最高位 1。舍入到最近时，一次舍入的相对误差至多 eps/2 = 2^−有效位数"
        "（bfloat16：2⁻⁸ ≈ {bf16}；float16：2⁻¹¹ ≈ {fp16}）。float16 里 |x| > √{max} ≈ {sq} 时 x·x 超过最大值，变成 inf；"
        "bfloat16 的指数范围和 float32 相同，|x| 要到约 1.8·10¹⁹ 时平方才溢出（见上表倒数第二列）。",
        "en": "Significant bits = 1 − log₂(eps), the implicit leading 1 included. With round-to-nearest, one rounding "
        "changes a number by at most eps/2 = 2^−bits relatively (bfloat16: 2⁻⁸ ≈ {bf16}; float16: 2⁻¹¹ ≈ {fp16}). In "
        "float16, x·x exceeds the largest number and becomes inf once |x| > √{max} ≈ {sq}; bfloat16 has float32's "
        "exponent range, so a square overflows only once |x| nears 1.8·10¹⁹ (the table's second-last column).",
    },
    "prec.input.header": {"zh": "输入向量", "en": "The input vector"},
    "prec.input.text": {
        "zh": "x = 偏移 + 散布 · z（z 的各分量取自均值 0、方差 1 的高斯分布，由随机种子决定），再整体缩放，使最大的 |xᵢ| 等于滑块的值。"
        "偏移和散布只决定形状，滑块决定大小。",
        "en": "x = offset + spread · z (z's components drawn from a Gaussian with mean 0 and variance 1, by the random seed), then scaled so that the largest "
        "|xᵢ| equals the slider's value. Offset and spread set the shape; the slider sets the size.",
    },
    "prec.max_abs": {"zh": "log₁₀ max|xᵢ|", "en": "log₁₀ max|xᵢ|"},
    "prec.max_abs.help": {
        "zh": "对数刻度：−2 表示 0.01，5 表示 10⁵。滑块的值取 4 位有效数字，所以 2.41 就是 257；下方的按钮给出精确值。",
        "en": "Log scale: −2 means 0.01, 5 means 10⁵. The slider's value is rounded to 4 significant digits, so 2.41 is "
        "257; the buttons below set exact values.",
    },
    "prec.max_abs.value": {"zh": "当前 max|xᵢ| = **{value}**", "en": "Now max|xᵢ| = **{value}**"},
    "prec.presets": {"zh": "直接设为", "en": "Set to"},
    "prec.n": {"zh": "维数 n（2 … 8192）", "en": "Dimension n (2 … 8192)"},
    "prec.n.help": {"zh": "向量的分量个数。", "en": "Number of components of the vector."},
    "prec.offset": {"zh": "偏移（缩放前）", "en": "Offset (before scaling)"},
    "prec.offset.help": {
        "zh": "所有分量共同的偏移，相对于散布而言。偏移远大于散布时，LayerNorm 减均值会抵消掉大部分有效位。",
        "en": "A shift shared by all components, relative to the spread. When it dwarfs the spread, LayerNorm's "
        "subtraction of the mean cancels most of the significant bits.",
    },
    "prec.spread": {"zh": "散布（缩放前）", "en": "Spread (before scaling)"},
    "prec.spread.help": {
        "zh": "随机部分的标准差。偏移和散布都为 0 时 x 是零向量。",
        "en": "Standard deviation of the random part. With offset and spread both 0, x is the zero vector.",
    },
    "prec.seed": {"zh": "随机种子", "en": "Random seed"},
    "prec.seed.help": {"zh": "换一个随机种子就换一组 z。", "en": "Another seed draws another z."},
    "prec.reduce": {"zh": "直接算时的归约", "en": "Naive reduction"},
    "prec.reduce.help": {
        "zh": "mean：x.pow(2).mean(-1)，torch 在更宽的类型里累加，只舍入均值；sum：手写的 x.pow(2).sum(-1) / D，"
        "先把和舍入成输入的 dtype 再除以 D。只影响“直接算”；先升精度的算法总在 float32 里归约。",
        "en": "mean: x.pow(2).mean(-1), which torch adds up in a wider type and rounds only as the mean; sum: the "
        "hand-written x.pow(2).sum(-1) / D, the sum rounded to the input's dtype before dividing by D. Only the naive "
        "path changes; the upcast path always reduces in float32.",
    },
    "prec.eps": {"zh": "ε（提高它试试能否救回溢出）", "en": "ε (raise it: can it rescue an overflow?)"},
    "prec.eps.help": {
        "zh": "最左边是各方法的默认值（RMSNorm 1e-6 / LayerNorm 1e-5）。ε 加在根号里的归约上，所有算法和 float64 参考用同一个值。",
        "en": "Far left: each method's default (RMSNorm 1e-6 / LayerNorm 1e-5). ε is added to the reduction under the "
        "square root, the same value in every path and in the float64 reference.",
    },
    "prec.method": {"zh": "图中的方法", "en": "Method in the chart"},
    "prec.current.header": {"zh": "这个向量上的结果", "en": "Results on this vector"},
    "prec.col.path": {"zh": "算法", "en": "path"},
    "prec.col.error": {"zh": "{method} 误差", "en": "{method} error"},
    "prec.col.outcome": {"zh": "{method} 输出", "en": "{method} output"},
    "prec.path.naive": {"zh": "直接算", "en": "naive"},
    "prec.path.upcast": {"zh": "先升精度", "en": "upcast"},
    "prec.path.reference": {"zh": "float64 参考", "en": "float64 reference"},
    "prec.outcome.ok": {"zh": "有限", "en": "finite"},
    "prec.outcome.zero": {"zh": "全为 0", "en": "all 0"},
    "prec.outcome.nan": {"zh": "{count} 个 NaN/inf", "en": "{count} NaN/inf"},
    "prec.error.caption": {
        "zh": "误差 = max|y − y₆₄| / max|y₆₄|，y₆₄ 是 float64 输入上的 float64 结果，所以把 x 存进窄 dtype 的舍入也算在内。"
        "RMSNorm 用 ε = {rms}，LayerNorm 用 ε = {ln}，每种算法和 float64 参考都用同一个 ε（由上面的 ε 控件决定，默认是 normviz 的默认值）。",
        "en": "Error = max|y − y₆₄| / max|y₆₄|, where y₆₄ is the float64 result on the float64 input, so rounding x "
        "into the narrow dtype counts too. RMSNorm uses ε = {rms}, LayerNorm ε = {ln}, the same in every path and in "
        "the float64 reference (set by the ε control above; by default normviz's own defaults).",
    },
    "prec.msg.square.rms": {
        "zh": "RMSNorm：float16 里有 {count} 个分量 xᵢ 的平方溢出成 inf（|xᵢ| > {sq}）。直接算时平方的归约 {reduction} 是 inf，"
        "x / inf 把输出全部变成 0；先升精度的算法在 float32 里求平方，没有溢出。",
        "en": "RMSNorm: in float16, {count} component(s) xᵢ square to inf (|xᵢ| > {sq}). The naive reduction of the "
        "squares, {reduction}, is inf and x / inf turns the whole output into 0; the upcast path squares in float32 "
        "and does not overflow.",
    },
    "prec.msg.square.ln": {
        "zh": "LayerNorm：float16 里有 {count} 个中心化后的分量 xᵢ − μ 的平方溢出成 inf（|xᵢ − μ| > {sq}）。"
        "直接算时方差（{reduction}）是 inf，输出全部变成 0；先升精度的算法在 float32 里求方差，没有溢出。",
        "en": "LayerNorm: in float16, {count} centred component(s) xᵢ − μ square to inf (|xᵢ − μ| > {sq}). The naive "
        "variance ({reduction}) is inf and the whole output becomes 0; the upcast path takes the variance in float32 "
        "and does not overflow.",
    },
    "prec.msg.stored": {
        "zh": "{count} 个分量超过 float16 的最大值 {max}，存进 float16 时已经是 inf：无论怎么归约，inf / inf 都是 NaN。"
        "这时只能换 dtype（bfloat16 或 float32）。",
        "en": "{count} component(s) exceed float16's largest number {max} and are already inf once stored in "
        "float16: whatever the reduction, inf / inf is NaN. Only another dtype (bfloat16 or float32) helps here.",
    },
    "prec.msg.sum.rms": {
        "zh": "RMSNorm：float16 里没有一个平方溢出，溢出的是它们的和。手写的 sum(-1) / D 把 Σx² 舍入成 float16，"
        "而 Σx² = D·RMS²，RMS(x) 超过约 √({max} / D) = {thr}（D = {n}）时就超过 {max}；这个 x 的 RMS 是 {rms}。"
        "于是和是 inf，输出全为 0；mean(-1) 和先升精度的算法都没事。",
        "en": "RMSNorm: no square overflows in float16, their sum does. The hand-written sum(-1) / D rounds Σx² to "
        "float16, and Σx² = D·RMS² passes {max} once RMS(x) exceeds about √({max} / D) = {thr} (D = {n}); this x has "
        "RMS {rms}. The sum is inf and the output all 0, while mean(-1) and the upcast path are fine.",
    },
    "prec.msg.sum.ln": {
        "zh": "LayerNorm：float16 里没有一个中心化平方 (xᵢ − μ)² 溢出，溢出的是它们的和。Σ(xᵢ − μ)² = D·σ²，"
        "σ 超过约 √({max} / D) = {thr}（D = {n}）时就超过 {max}；这个 x 的 σ 是 {std}。于是方差是 inf，输出全为 0；"
        "mean(-1) 和先升精度的算法都没事。",
        "en": "LayerNorm: no centred square (xᵢ − μ)² overflows in float16, their sum does. Σ(xᵢ − μ)² = D·σ² passes "
        "{max} once σ exceeds about √({max} / D) = {thr} (D = {n}); this x has σ = {std}. The variance is inf and "
        "the output all 0, while mean(-1) and the upcast path are fine.",
    },
    "prec.msg.centre": {
        "zh": "LayerNorm：手写的均值 sum(-1) / D 在 float16 里先把 Σxᵢ 舍入，而 Σxᵢ 已超过 {max}：μ 是 inf，x − μ 是 −inf，"
        "输出是 NaN。先升精度的算法没有这个问题。",
        "en": "LayerNorm: the hand-written mean sum(-1) / D rounds Σxᵢ to float16 first, and Σxᵢ already passes {max}: "
        "μ is inf, x − μ is −inf and the output NaN. The upcast path has no such problem.",
    },
    "prec.msg.fine.sum": {
        "zh": "float16 里没有溢出：每个 |xᵢ| 和 |xᵢ − μ| 都不超过 {sq}，Σx² 和 Σ(xᵢ − μ)² 也都在 {max} 以下"
        "（RMS 和 σ 都低于约 √({max} / D) = {thr}，D = {n}）。",
        "en": "No float16 overflow: every |xᵢ| and |xᵢ − μ| is at most {sq}, and Σx² and Σ(xᵢ − μ)² stay below {max} "
        "(RMS and σ under about √({max} / D) = {thr}, D = {n}).",
    },
    "prec.msg.eps": {
        "zh": "把 ε 提高到 {eps} 救不了 float16 直接算的 {methods}：归约已经是 inf，inf + ε 仍是 inf，输出仍是 0"
        "（前向遇到 inf / inf 的地方是 NaN）。平方或平方和溢出时，只有在 float32 里归约（先升精度）才能修好；"
        "x 本身已经是 inf 时，只能换更宽的 dtype。",
        "en": "Raising ε to {eps} does not rescue {methods} in float16 naive: the reduction is already inf, inf + ε is "
        "still inf, and the output stays 0 (NaN where the forward pass meets inf / inf). Only reducing in float32 (the upcast path) "
        "fixes an overflowing square or sum; an x that is already inf needs a wider dtype.",
    },
    "prec.eps.note": {
        "zh": "ε = {eps} 用在每种算法和 float64 参考里，所以误差是同条件比较。ε 大了还会把 RMS 不比 √ε 大多少的向量压短（见 ε 页）。",
        "en": "ε = {eps} is used in every path and in the float64 reference, so the errors compare like with like. A "
        "large ε also shortens vectors whose RMS is not much larger than √ε (see the ε page).",
    },
    "prec.msg.fine": {
        "zh": "float16 里没有平方溢出（|xᵢ| 和 |xᵢ − μ| 都不超过 {sq}）。",
        "en": "No float16 square overflows (every |xᵢ| and |xᵢ − μ| is at most {sq}).",
    },
    "prec.bf16": {
        "zh": "**bfloat16 不溢出，但不准**：它只有 {bits} 个有效位，这个向量上先升精度的 RMSNorm 误差是 {err}，"
        "与一次舍入的上限 2⁻⁸ ≈ {u} 同一量级（输入和输出各舍入一次）。float32 的同一误差是 {f32}。",
        "en": "**bfloat16 does not overflow, but it is not exact**: with {bits} significant bits, the upcast RMSNorm "
        "on this vector is off by {err}, the same order as one rounding's bound 2⁻⁸ ≈ {u} (x is rounded once on the "
        "way in and y once on the way out). The same error in float32 is {f32}.",
    },
    "prec.bf16.exact": {
        "zh": "**bfloat16 不溢出，在这个向量上还（几乎）没有误差**：先升精度的 RMSNorm 误差是 {err}，远低于一次舍入的上限 "
        "2⁻⁸ ≈ {u}，因为 x 和 y 恰好能用它的 {bits} 个有效位表示（例如零向量或常数向量）。加上随机的散布，误差就回到 2⁻⁸ 的量级。"
        "float32 的同一误差是 {f32}。",
        "en": "**bfloat16 does not overflow, and on this vector it is (almost) exact**: the upcast RMSNorm is off by "
        "{err}, far below one rounding's bound 2⁻⁸ ≈ {u}, because x and y happen to fit in its {bits} significant "
        "bits (a zero or constant vector, for instance). A random spread brings the error back to the order of "
        "2⁻⁸. The same error in float32 is {f32}.",
    },
    "prec.fig.title": {
        "zh": "{method}：相对 float64 的误差随 max|x| 的变化",
        "en": "{method}: error against float64 as max|x| grows",
    },
    "prec.fig.x": {"zh": "max|xᵢ|（对数刻度）", "en": "max|xᵢ| (log scale)"},
    "prec.fig.y": {"zh": "max|y − y₆₄| / max|y₆₄|（对数刻度）", "en": "max|y − y₆₄| / max|y₆₄| (log scale)"},
    "prec.fig.trace": {"zh": "{dtype} {path}", "en": "{dtype} {path}"},
    "prec.fig.roundoff": {"zh": "{dtype}：2^−{bits}", "en": "{dtype}: 2^−{bits}"},
    "prec.fig.nan": {"zh": "输出含 NaN", "en": "output has NaN"},
    "prec.fig.overflow": {"zh": "float16 平方溢出：{value}", "en": "float16 square overflows: {value}"},
    "prec.fig.sum_overflow": {"zh": "float16 Σx² 达到 {max}：{value}", "en": "float16 Σx² reaches {max}: {value}"},
    "prec.fig.caption.sum": {
        "zh": "归约选 sum(-1) / D 时，float16 直接算的曲线在长虚线处就已失败：那里这个形状的精确 Σx² 达到 {max}。",
        "en": "With sum(-1) / D the naive float16 curve fails already at the long-dashed line, where the exact Σx² "
        "of this shape reaches {max}.",
    },
    "prec.fig.current": {"zh": "当前 max|x| = {value}", "en": "now max|x| = {value}"},
    "prec.fig.caption": {
        "zh": "每条曲线都是在同一形状的向量上、把 max|x| 从 0.01 扫到 10⁵ 实际算出来的（每十倍 {per_decade} 个点）。虚线是直接算，实线是先升精度；"
        "水平虚线是各 dtype 一次舍入的上限 2^−有效位数。误差为 1 表示输出全为 0；顶部的 × 表示输出含 NaN。"
        "偏移为 0 时，float16 直接算（mean(-1)）在 √{max} ≈ {sq} 之后跳到 1，先升精度一直保持在 2^−{bits} 附近，直到 x 本身超过 {max}。"
        "最左端 float16 直接算的误差又变大：小于 tiny ≈ {tiny} 的平方是次正规数，有效位更少。",
        "en": "Every curve is computed on the same shape with max|x| swept from 0.01 to 10⁵ ({per_decade} points per decade). "
        "Dotted: naive; solid: upcast; the flat dashed lines are each dtype's bound for one rounding, 2^−bits. An error "
        "of 1 means the output is all 0; an × on top means the output has a NaN. At offset 0, float16 naive with mean(-1) jumps to 1 past "
        "√{max} ≈ {sq}, while upcast stays near 2^−{bits} until x itself exceeds {max}. At the far left the float16 "
        "naive error grows again: squares below tiny ≈ {tiny} are subnormal and keep fewer bits.",
    },
    "prec.grad.header": {"zh": "传给下一层的梯度", "en": "The gradient reaching the layer below"},
    "prec.grad.text": {
        "zh": "训练还要走回头路。取 L = Σᵢ gᵢ yᵢ，g 是从上面传来的一个固定的随机梯度（由随机种子决定），torch 的自动求导给出 ∂L/∂x："
        "这个归一化层交给下一层的东西。表中是它的长度 ‖∂L/∂x‖、相对 float64 的误差，以及它是有限、全为 0 还是含 NaN。",
        "en": "Training also needs the way back. For L = Σᵢ gᵢ yᵢ, with g a fixed random gradient arriving from above (drawn "
        "from the random seed), torch's autograd gives ∂L/∂x: what this norm hands down to the layer below. The table shows "
        "its length ‖∂L/∂x‖, its error against float64, and whether it is finite, all 0 or NaN.",
    },
    "prec.col.grad": {"zh": "{method} ‖∂L/∂x‖", "en": "{method} ‖∂L/∂x‖"},
    "prec.col.grad_outcome": {"zh": "{method} ∂L/∂x", "en": "{method} ∂L/∂x"},
    "prec.grad.silent": {
        "zh": "**无声的失败。** float16 直接算时，{methods} 输出 0，∂L/∂x 的 {n} 个分量也全都恰好是 0：有限、没有 NaN、不报错。"
        "经过这个归一化层，没有任何信号传回下面的层，它们经由这里从这个词元学不到东西，而损失仍是有限的数"
        "（残差连接的恒等路径绕过归一化，仍带着它自己的梯度）。先升精度的 RMSNorm 传下去的是 ‖∂L/∂x‖ = {up}"
        "（相对 float64 的误差 {err}）。",
        "en": "**A silent failure.** In float16 naive, {methods} outputs 0 and ∂L/∂x is exactly 0 in all {n} "
        "components: finite, no NaN, no error raised. Nothing flows back through this norm to the layers below, so they "
        "learn nothing from this token through it, while the loss stays finite (a residual connection's identity path "
        "goes around the norm and still carries its own gradient). The upcast RMSNorm hands down ‖∂L/∂x‖ = {up} "
        "(error {err} against float64).",
    },
    "prec.grad.nan_when": {
        "zh": "NaN 只在 x 本身变成 inf 时出现（试试 10⁵ 按钮）。",
        "en": "NaN appears only once x itself is inf (try the 10⁵ button).",
    },
    "prec.grad.nan_when.sum": {
        "zh": "NaN 只在前向遇到 inf / inf 时出现：x 本身变成 inf（试试 10⁵ 按钮），或者用 sum(-1) / D 时 LayerNorm 的 Σxᵢ 超过 {max}、μ 成了 inf。",
        "en": "NaN appears only where the forward pass meets inf / inf: once x itself is inf (try the 10⁵ button), or, "
        "with sum(-1) / D, once LayerNorm's Σxᵢ passes {max} and μ is inf.",
    },
    "prec.grad.mean_nan": {
        "zh": "LayerNorm：手写的均值 sum(-1) / D 在这里是 inf（Σxᵢ 超过 {max}），x − μ 是 −inf，前向遇到 inf / inf，"
        "输出和 ∂L/∂x 都成了 NaN（{n} 个分量里 {count} 个），尽管 x 里没有 inf。",
        "en": "LayerNorm: the hand-written mean sum(-1) / D is inf here (Σxᵢ passes {max}), x − μ is −inf, the forward "
        "pass meets inf / inf, and the output and ∂L/∂x turn to NaN ({count} of {n} components), though x holds no "
        "inf.",
    },
    "prec.grad.nan": {
        "zh": "**这时才出现 NaN**：x 有分量超过 {max}，存进 float16 时已经是 inf。前向遇到 inf / inf = NaN，反向把它传开："
        "float16 直接算的 RMSNorm，∂L/∂x 的 {n} 个分量里有 {count} 个是 NaN；先升精度的算法有 {up_count} 个，同样救不了。"
        "梯度变成 NaN 的原因是 x 本身溢出，而不是某个平方溢出。",
        "en": "**Here NaN appears**: x has components beyond {max}, already inf once stored in float16. The forward pass "
        "meets inf / inf = NaN and the backward pass spreads it: {count} of the {n} components of ∂L/∂x are NaN in "
        "float16 naive RMSNorm, and {up_count} on the upcast path, which cannot help either. What turns the gradient to "
        "NaN is x itself overflowing, not a square.",
    },
    "prec.grad.fine": {
        "zh": "这里没有溢出：每种算法传下去的梯度都有限且不为 0。",
        "en": "No overflow here: every path hands down a finite, non-zero gradient.",
    },
    "prec.module.header": {"zh": "参考实现，逐行", "en": "The reference implementation, line by line"},
    "prec.module.text": {
        "zh": "大多数大模型代码库共用同一个 RMSNorm 模块：权重初始化为 𝟏，输入先用 `.float()` 升到 float32，"
        "沿最后一维求平方的均值并保留这一维（长度 1），加 ε 后取 `torch.rsqrt`，用 `.type_as(x)` 转回输入的 dtype，最后乘权重。"
        "下表把每一行照原样跑在本页的 x 上（当作 (B, S, D) 输入，B = S = 1，D = n）：它产生的形状、之后的 dtype 和前几个值。"
        "权重用模型的 dtype，和 `model.to(dtype)` 之后一样（新建的模块权重是 float32，那时 `w * y` 会变成 float32）。",
        "en": "Most LLM codebases share one RMSNorm module: a weight initialised to 𝟏, the input upcast with "
        "`.float()`, the mean of squares over the last axis kept as an axis of length 1, `torch.rsqrt` of it plus ε, "
        "the cast back with `.type_as(x)`, then the weight. Below, each line runs as written on this page's x, taken "
        "as a (B, S, D) input with B = S = 1 and D = n: the shape it produces, the dtype after it, and its first "
        "values. The weight is in the model's dtype, as after `model.to(dtype)` (a freshly built module keeps "
        "float32 weights, and `w * y` would then come out in float32).",
    },
    "prec.module.dtype": {"zh": "x（和模型）的 dtype", "en": "dtype of x (and of the model)"},
    "prec.module.col.line": {"zh": "代码行", "en": "line"},
    "prec.module.col.shape": {"zh": "形状", "en": "shape"},
    "prec.module.col.dtype": {"zh": "之后的 dtype", "en": "dtype after it"},
    "prec.module.col.value": {"zh": "在这个 x 上", "en": "on this x"},
    "prec.module.reference": {
        "zh": "**参考模块**（权重 `torch.ones(D)`）",
        "en": "**The reference module** (weight `torch.ones(D)`)",
    },
    "prec.module.gemma": {
        "zh": "**Gemma 的变体**：权重是相对 𝟏 的偏移 w，初始化为 0；乘 1 + wᵢ 这一步在 float32 里做，之后只转回一次。",
        "en": "**Gemma's variant**: the weight is an offset w from 𝟏, initialised to zeros, and the scaling by 1 + wᵢ "
        "happens in float32, before the one cast back.",
    },
    "prec.module.check": {
        "zh": "核对（{dtype}）：max |out − normviz.rms_norm(x)| = {lib}，max |out − torch.nn.RMSNorm(D)(x)| = {torch}。",
        "en": "Check ({dtype}): max |out − normviz.rms_norm(x)| = {lib}, max |out − torch.nn.RMSNorm(D)(x)| = {torch}.",
    },
    "prec.module.gemma.check": {
        "zh": "初始时（w = 0）Gemma 的输出和参考模块完全相同：最大差 {gap}；与 torch.nn.RMSNorm 的最大差 {torch}。",
        "en": "At initialisation (w = 0) Gemma's output is the reference module's: largest difference {gap}; against "
        "torch.nn.RMSNorm {torch}.",
    },
    "prec.gamma.header": {
        "zh": "**训练后的 γ 用什么 dtype。** 这里 γ = 𝟏 + {spread}·z（z 取自高斯分布，由随机种子决定），存成 float32 的主副本 g"
        "（Gemma 的偏移：w = g − 𝟏）。初始时 γ = 𝟏，"
        "任何 dtype 都能精确表示它，所以训练之前看不出下面的差别。每一行都在 float32 的 h · inv 之后乘 γ，"
        "误差是相对同一个 γ 的 float64 结果。",
        "en": "**What the dtype of a trained γ does.** Here γ = 𝟏 + {spread}·z (z Gaussian, from the random seed), kept as a "
        "float32 master copy g (Gemma's offset: w = g − 𝟏). At initialisation γ = 𝟏, which every dtype holds "
        "exactly, so none of this shows before training. Each row applies γ after the float32 h · inv; the error is "
        "against float64 with the same γ.",
    },
    "prec.gamma.col.variant": {"zh": "γ 的用法", "en": "how γ is applied"},
    "prec.gamma.col.code": {"zh": "代码", "en": "code"},
    "prec.gamma.col.dtype": {"zh": "输出 dtype", "en": "output dtype"},
    "prec.gamma.col.error": {"zh": "相对 float64 的误差", "en": "error against float64"},
    "prec.gamma.model": {
        "zh": "参考写法：γ 用模型的 dtype，在转回之后乘",
        "en": "reference: γ in the model's dtype, after the cast",
    },
    "prec.gamma.float32": {"zh": "γ 用 float32，最后只转回一次", "en": "γ in float32, one cast at the end"},
    "prec.gamma.bf16_gamma": {
        "zh": "错误：升精度之后乘一个仍是 bfloat16 的 γ",
        "en": "bug: γ kept in bfloat16 after the upcast",
    },
    "prec.gamma.gemma_offset": {
        "zh": "Gemma 的 𝟏 + w 在模型的 dtype 里算（不是 float32）",
        "en": "Gemma's 𝟏 + w in the model's dtype (not float32)",
    },
    "prec.gamma.text": {
        "zh": "留在 bfloat16 里的 γ 被舍入到 8 个有效位：这里最大的相对改变是 {gerr}（上限 2⁻⁸ = {u}）。"
        "它和 float32 的 h · inv 相乘的结果是 float32（torch 把 bfloat16 × float32 提升为 float32），所以输出以 float32 离开，"
        "每个值 {bytes} 字节，而 x 是 {xbytes} 字节；下一层若是 16 位权重的矩阵乘，会直接报 dtype 不一致的错。"
        "它的误差 {bug} 带着 γ 的舍入：对比 γ 用 float32 时的 {f32} 和 γ 用模型 dtype 时的 {model}。"
        "它不会改变输出的尺度，更不会差一个数量级（常见的说法如此，但不对）。"
        "Gemma 的偏移写法若在模型的 dtype 里算 𝟏 + w，小的偏移会被舍掉：w 的 {n} 个分量里有 {lost} 个完全消失"
        "（1 + wᵢ 恰好舍入成 1；误差 {gemma}）。上面的变体在 float32 里加 1（`1 + w.float()`），什么也不丢。",
        "en": "A γ kept in bfloat16 is rounded to 8 significant bits: here its largest relative change is {gerr} (at "
        "most 2⁻⁸ = {u}). Its product with the float32 h · inv is float32 (torch promotes bfloat16 × float32 to "
        "float32), so the output leaves in float32, {bytes} bytes a value against {xbytes} for x, and a next layer "
        "that multiplies by 16-bit weights stops with a dtype mismatch error. Its error, {bug}, carries γ's rounding: compare "
        "{f32} with γ in float32, {model} with γ in the model's dtype. It does not change the output's scale, "
        "let alone by an order of magnitude (as is commonly claimed). Gemma's offset form, with 𝟏 + w computed in the "
        "model's dtype, rounds small learned offsets away: {lost} of the {n} components of w vanish entirely "
        "(1 + wᵢ rounds to exactly 1; error {gemma}). The variant above adds 1 in float32 (`1 + w.float()`), where "
        "nothing is lost.",
    },
    "prec.fix.header": {"zh": "修法：归约在 float32 里做", "en": "The fix: reduce in float32"},
    "prec.fix.text": {
        "zh": "先升精度的做法把 x 转成 float32，在那里求平方、求均值、加 ε、开方并做除法，只把最终结果舍入回输入的 dtype。在融合的 GPU 内核里这些转换发生在寄存器中，"
        "读进来和写出去的仍然是 16 位，显存流量不变（本页逐步调用 torch，会生成 float32 的中间张量）。"
        "float32 的平方要到 |x| ≈ 1.8·10¹⁹ 才溢出。它修不了两件事：x 本身已经超出 float16 的范围（那是存储的问题），"
        "以及 bfloat16 的 8 个有效位（结果还要转回 bfloat16）。"
        "加大 ε 则什么也修不了：inf + ε 仍是 inf。",
        "en": "The upcast path converts x to float32, takes the squares, the mean, the + ε, the square root and the "
        "division there, and rounds only the final result back to the input's dtype. In a fused "
        "GPU kernel these conversions happen in registers and it still reads and writes 16-bit numbers, so memory "
        "traffic is unchanged (this page calls torch step by step, which makes float32 temporaries). A float32 "
        "square overflows only near "
        "|x| ≈ 1.8·10¹⁹. It cannot fix two things: an x already beyond float16's range (a storage problem), and "
        "bfloat16's 8 significant bits (the result is cast back to bfloat16). A larger ε fixes nothing here: inf + ε is "
        "still inf.",
    },
    "prec.naive.note": {
        "zh": "“直接算”用 torch 在输入的 dtype 里逐步计算：x / sqrt(r(x·x) + ε)（LayerNorm 先用同一个归约 r 减均值）。"
        "r = mean(-1) 时，torch 在更宽的类型里累加，只把均值舍入回 dtype，所以只有单个平方会溢出：|xᵢ| > {sq}。"
        "r 是手写的 sum(-1) / D 时，和本身要舍入成 float16（实测：torch 同样在 float32 里累加，但在除以 D 之前把总和舍入一次），"
        "所以 Σx² 一到 {inf}（{max} 之上半个 float16 步长）就是 inf，也就是 RMS(x) 超过约 √({max} / D) = {thr}（D = {n}），"
        "远低于 256。计算设备：{device}。",
        "en": "“Naive” runs each step in torch in the input's dtype: x / sqrt(r(x·x) + ε) (LayerNorm first subtracts "
        "the mean, taken with the same reduction r). With r = mean(-1), torch adds up in a wider type and rounds only "
        "the mean to the dtype, so only a single square can overflow: |xᵢ| > {sq}. With the hand-written "
        "r = sum(-1) / D, the total itself is rounded to float16 (measured: torch adds in float32 here too, but rounds "
        "the total once before the division), so it is inf as soon as Σx² reaches {inf} (half a float16 step above "
        "{max}): once RMS(x) exceeds about √({max} / D) = {thr} for D = {n}, far below 256. Computed on: {device}.",
    },
}
