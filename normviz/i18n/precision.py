"""Strings of the precision page (float16, bfloat16, float32; naive and upcast reductions)."""

STRINGS = {
    "nav.precision": {"zh": "精度", "en": "Precision"},
    "overview.page.precision": {
        "zh": "在 float16、bfloat16、float32 里算 RMSNorm 和 LayerNorm：看 float16 的平方在 |x| > 256 时溢出，"
        "看 float32 归约怎么修好它，看 bfloat16 约 2⁻⁸ 的相对误差。",
        "en": "RMSNorm and LayerNorm in float16, bfloat16 and float32: watch the float16 square overflow above "
        "|x| = 256, the float32 reduction repair it, and bfloat16 keep a relative error of about 2⁻⁸.",
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
    "prec.limits.header": {"zh": "各 dtype 的界限（由 finfo 读出）", "en": "The limits of each dtype (read from finfo)"},
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
        "zh": "x = 偏移 + 散布 · z（z 的各分量取自均值 0、方差 1 的高斯分布，由种子决定），再整体缩放，使最大的 |xᵢ| 等于滑块的值。"
        "偏移和散布只决定形状，滑块决定大小。",
        "en": "x = offset + spread · z (z's components drawn from a Gaussian with mean 0 and variance 1, by the seed), then scaled so that the largest "
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
    "prec.seed": {"zh": "种子", "en": "Seed"},
    "prec.seed.help": {"zh": "换一个种子就换一组 z。", "en": "Another seed draws another z."},
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
        "RMSNorm 用 ε = {rms}，LayerNorm 用 ε = {ln}（normviz 的默认值）。",
        "en": "Error = max|y − y₆₄| / max|y₆₄|, where y₆₄ is the float64 result on the float64 input, so rounding x "
        "into the narrow dtype counts too. RMSNorm uses ε = {rms}, LayerNorm ε = {ln} (normviz's defaults).",
    },
    "prec.msg.square.rms": {
        "zh": "RMSNorm：float16 里有 {count} 个分量 xᵢ 的平方溢出成 inf（|xᵢ| > {sq}）。直接算时平方的均值是 inf，"
        "x / inf 把输出全部变成 0；先升精度的算法在 float32 里求平方，没有溢出。",
        "en": "RMSNorm: in float16, {count} component(s) xᵢ square to inf (|xᵢ| > {sq}). The naive mean of squares is "
        "inf and x / inf turns the whole output into 0; the upcast path squares in float32 and does not overflow.",
    },
    "prec.msg.square.ln": {
        "zh": "LayerNorm：float16 里有 {count} 个中心化后的分量 xᵢ − μ 的平方溢出成 inf（|xᵢ − μ| > {sq}）。"
        "直接算时方差是 inf，输出全部变成 0；先升精度的算法在 float32 里求方差，没有溢出。",
        "en": "LayerNorm: in float16, {count} centred component(s) xᵢ − μ square to inf (|xᵢ − μ| > {sq}). The naive "
        "variance is inf and the whole output becomes 0; the upcast path takes the variance in float32 and does "
        "not overflow.",
    },
    "prec.msg.stored": {
        "zh": "{count} 个分量超过 float16 的最大值 {max}，存进 float16 时已经是 inf：无论怎么归约，inf / inf 都是 NaN。"
        "这时只能换 dtype（bfloat16 或 float32）。",
        "en": "{count} component(s) exceed float16's largest number {max} and are already inf once stored in "
        "float16: whatever the reduction, inf / inf is NaN. Only another dtype (bfloat16 or float32) helps here.",
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
    "prec.fig.title": {"zh": "{method}：相对 float64 的误差随 max|x| 的变化", "en": "{method}: error against float64 as max|x| grows"},
    "prec.fig.x": {"zh": "max|xᵢ|（对数刻度）", "en": "max|xᵢ| (log scale)"},
    "prec.fig.y": {"zh": "max|y − y₆₄| / max|y₆₄|（对数刻度）", "en": "max|y − y₆₄| / max|y₆₄| (log scale)"},
    "prec.fig.trace": {"zh": "{dtype} {path}", "en": "{dtype} {path}"},
    "prec.fig.roundoff": {"zh": "{dtype}：2^−{bits}", "en": "{dtype}: 2^−{bits}"},
    "prec.fig.nan": {"zh": "输出含 NaN", "en": "output has NaN"},
    "prec.fig.overflow": {"zh": "float16 平方溢出：{value}", "en": "float16 square overflows: {value}"},
    "prec.fig.current": {"zh": "当前 max|x| = {value}", "en": "now max|x| = {value}"},
    "prec.fig.caption": {
        "zh": "每条曲线都是在同一形状的向量上、把 max|x| 从 0.01 扫到 10⁵ 实际算出来的（每十倍 {per_decade} 个点）。虚线是直接算，实线是先升精度；"
        "水平虚线是各 dtype 一次舍入的上限 2^−有效位数。误差为 1 表示输出全为 0；顶部的 × 表示输出含 NaN。"
        "偏移为 0 时，float16 直接算在 √{max} ≈ {sq} 之后跳到 1，先升精度一直保持在 2^−{bits} 附近，直到 x 本身超过 {max}。"
        "最左端 float16 直接算的误差又变大：小于 tiny ≈ {tiny} 的平方是次正规数，有效位更少。",
        "en": "Every curve is computed on the same shape with max|x| swept from 0.01 to 10⁵ ({per_decade} points per decade). "
        "Dotted: naive; solid: upcast; the flat dashed lines are each dtype's bound for one rounding, 2^−bits. An error "
        "of 1 means the output is all 0; an × on top means the output has a NaN. At offset 0, float16 naive jumps to 1 past "
        "√{max} ≈ {sq}, while upcast stays near 2^−{bits} until x itself exceeds {max}. At the far left the float16 "
        "naive error grows again: squares below tiny ≈ {tiny} are subnormal and keep fewer bits.",
    },
    "prec.fix.header": {"zh": "修法：归约在 float32 里做", "en": "The fix: reduce in float32"},
    "prec.fix.text": {
        "zh": "先升精度的做法把 x 转成 float32，在那里求平方、求均值、加 ε、开方并做除法，只把最终结果舍入回输入的 dtype。在融合的 GPU 内核里这些转换发生在寄存器中，"
        "读进来和写出去的仍然是 16 位，显存流量不变（本页逐步调用 torch，会生成 float32 的中间张量）。"
        "float32 的平方要到 |x| ≈ 1.8·10¹⁹ 才溢出。它修不了两件事：x 本身已经超出 float16 的范围（那是存储的问题），"
        "以及 bfloat16 的 8 个有效位（结果还要转回 bfloat16）。",
        "en": "The upcast path converts x to float32, takes the squares, the mean, the + ε, the square root and the "
        "division there, and rounds only the final result back to the input's dtype. In a fused "
        "GPU kernel these conversions happen in registers and it still reads and writes 16-bit numbers, so memory "
        "traffic is unchanged (this page calls torch step by step, which makes float32 temporaries). A float32 "
        "square overflows only near "
        "|x| ≈ 1.8·10¹⁹. It cannot fix two things: an x already beyond float16's range (a storage problem), and "
        "bfloat16's 8 significant bits (the result is cast back to bfloat16).",
    },
    "prec.naive.note": {
        "zh": "“直接算”用 torch 在输入的 dtype 里逐步计算：x / sqrt(mean(x·x) + ε)（LayerNorm 先减均值）。"
        "torch 的 mean 在内部用更宽的类型累加，只把结果舍入回 dtype，所以溢出来自单个平方，而不是累加和。计算设备：{device}。",
        "en": "“Naive” runs each step in torch in the input's dtype: x / sqrt(mean(x·x) + ε) (LayerNorm subtracts the "
        "mean first). torch accumulates inside mean in a wider type and rounds only the result, so the overflow "
        "comes from single squares, not from the running sum. Computed on: {device}.",
    },
}
