"""Strings of the ε page (flattening, noise amplification, 0/0, ε in half precision)."""

STRINGS = {
    "nav.epsilon": {"zh": "ε", "en": "ε (epsilon)"},
    "overview.page.epsilon": {
        "zh": "根号里的 ε：太大会压平小向量，太小会放大近常数向量的噪声，为 0 时零向量得到 NaN；在 float16 里加它还会直接消失。",
        "en": "The ε under the square root: too large flattens small vectors, too small amplifies the noise of "
        "near-constant ones, 0 turns the zero vector into NaN; and added in float16 it vanishes.",
    },
    "epsp.title": {"zh": "ε：根号里的那个小常数", "en": "ε: the small constant under the square root"},
    "epsp.intro": {
        "zh": "RMSNorm 除以 √(mean(x²) + ε)，LayerNorm 除以 √(σ² + ε)（σ² 为有偏方差，除以 n）。"
        "对均值为 0、长度为 r 的输入，两者给出同一个输出长度 ‖y‖ = √n · r / √(r² + n·ε)。"
        "本页的曲线和表格（最后一张除外，它由 torch 在各 dtype 里算）都由 normviz 的 rms_norm / layer_norm 实际算出；"
        "测试再把曲线和这个公式逐点对照。",
        "en": "RMSNorm divides by √(mean(x²) + ε), LayerNorm by √(σ² + ε) (σ² the biased variance, divided by n). "
        "For an input of length r with mean 0 both give the same output length ‖y‖ = √n · r / √(r² + n·ε). "
        "Every curve, and every table but the last (torch computes that one in each dtype), is computed with "
        "normviz's rms_norm / layer_norm; the tests hold the curves to this formula point by point.",
    },
    "epsp.flat.header": {"zh": "ε 太大：小向量被压平", "en": "ε too large: small vectors are flattened"},
    "epsp.method": {"zh": "方法", "en": "Method"},
    "epsp.n": {"zh": "维数 n", "en": "Dimension n"},
    "epsp.n.help": {
        "zh": "输入是一个固定方向（均值为 0 的随机单位向量）乘以长度 r。",
        "en": "The input is one fixed direction (a random unit vector with mean 0) times a length r.",
    },
    "epsp.user": {"zh": "你的 ε：log₁₀ ε", "en": "Your ε: log₁₀ ε"},
    "epsp.user.help": {
        "zh": "对数刻度：−12 表示 10⁻¹²，0 表示 1。图中的黑色点线就是它。",
        "en": "Log scale: −12 means 10⁻¹², 0 means 1. It is the black dotted curve in the chart.",
    },
    "epsp.user.value": {"zh": "你的 ε = **{eps}**", "en": "Your ε = **{eps}**"},
    "epsp.col.eps": {"zh": "ε", "en": "ε"},
    "epsp.col.small": {"zh": "‖x‖ = {r} 时的 ‖y‖", "en": "‖y‖ at ‖x‖ = {r}"},
    "epsp.col.ratio": {"zh": "占 √n 的比例", "en": "share of √n"},
    "epsp.col.token": {"zh": "‖x‖ = √n（σ = 1）时的 ‖y‖", "en": "‖y‖ at ‖x‖ = √n (σ = 1)"},
    "epsp.col.knee": {"zh": "拐点 ‖x‖ = √(n·ε)", "en": "knee ‖x‖ = √(n·ε)"},
    "epsp.flat.text": {
        "zh": "ε = 0 时，任何非零输入都被送到长度 √n = {root}。ε > 0 时，长度远小于拐点 √(n·ε) 的输入只得到 ‖y‖ ≈ ‖x‖/√ε，"
        "远小于 √n：在这里 ε 的作用就是把小范数的向量压平。σ = 1 的正常向量几乎不受影响。",
        "en": "At ε = 0 every non-zero input goes to length √n = {root}. With ε > 0, an input much shorter than the "
        "knee √(n·ε) only reaches ‖y‖ ≈ ‖x‖/√ε, far below √n: there ε flattens small-norm vectors. An ordinary "
        "vector with σ = 1 is barely touched.",
    },
    "epsp.amp.header": {
        "zh": "ε 太小：近常数向量的噪声被放大",
        "en": "ε too small: the noise of a near-constant vector is amplified",
    },
    "epsp.amp.text": {
        "zh": "取 x = c·𝟏 + δ·z（z 的均值为 0、标准差为 1）。LayerNorm 减去均值后只剩 δ·z，再除以 √(δ² + ε)，"
        "所以噪声被乘上 1/√(δ² + ε)；δ 远小于 √ε 时，这个倍数接近上限 1/√ε。ε = 10⁻⁸ 时上限是 10⁴。"
        "下表的增益是实际测出来的：LayerNorm 输出的标准差除以输入噪声的标准差。",
        "en": "Take x = c·𝟏 + δ·z (z with mean 0 and standard deviation 1). LayerNorm removes the mean, leaving δ·z, "
        "and divides by √(δ² + ε), so the noise is multiplied by 1/√(δ² + ε); for δ far below √ε the factor nears "
        "its bound 1/√ε. At ε = 10⁻⁸ that bound is 10⁴. The gains below are measured: the standard deviation of "
        "LayerNorm's output over that of the input noise.",
    },
    "epsp.noise": {"zh": "噪声 log₁₀ δ", "en": "Noise log₁₀ δ"},
    "epsp.noise.help": {"zh": "噪声的标准差 δ，对数刻度。", "en": "The noise's standard deviation δ, on a log scale."},
    "epsp.c": {"zh": "常数 c", "en": "Constant c"},
    "epsp.c.help": {
        "zh": "共同的偏移。LayerNorm 会把它减掉，所以增益与 c 无关（c 很大时 float64 自身的舍入才开始起作用）。",
        "en": "The common offset. LayerNorm subtracts it, so the gain does not depend on c (until float64's own "
        "rounding shows, for very large c).",
    },
    "epsp.noise.value": {"zh": "δ = **{noise}**，c = **{c}**，n = {n}", "en": "δ = **{noise}**, c = **{c}**, n = {n}"},
    "epsp.col.gain": {"zh": "测得的增益", "en": "measured gain"},
    "epsp.col.predicted": {"zh": "1/√(δ² + ε)", "en": "1/√(δ² + ε)"},
    "epsp.col.bound": {"zh": "上限 1/√ε", "en": "bound 1/√ε"},
    "epsp.col.out_std": {"zh": "输出的标准差", "en": "std of the output"},
    "epsp.undefined": {"zh": "NaN（0/0）", "en": "NaN (0/0)"},
    "epsp.zero.header": {"zh": "ε = 0：零向量得到 0/0", "en": "ε = 0: the zero vector gives 0/0"},
    "epsp.zero.text": {
        "zh": "零向量的均方根和标准差都是 0。ε = 0 时库算出 0/0，输出是 NaN；加上任何 ε > 0，输出就是 0。"
        "LayerNorm 对任何常数向量 c·𝟏 都是如此，因为减去均值后它就成了零向量。",
        "en": "The zero vector has RMS 0 and standard deviation 0. At ε = 0 the library computes 0/0 and returns NaN; "
        "with any ε > 0 the output is 0. For LayerNorm the same holds for every constant vector c·𝟏, which becomes "
        "the zero vector once the mean is removed.",
    },
    "epsp.col.method": {"zh": "方法", "en": "method"},
    "epsp.col.output": {"zh": "库的输出（零向量，n = {n}）", "en": "the library's output (zero vector, n = {n})"},
    "epsp.half.header": {"zh": "在 float16 里加 ε：它会消失", "en": "ε added in float16 vanishes"},
    "epsp.half.live": {
        "zh": "刚刚算出：`np.float16(1e-12) == 0` → **{value}**。",
        "en": "Computed just now: `np.float16(1e-12) == 0` → **{value}**.",
    },
    "epsp.half.text": {
        "zh": "float16 能表示的最小正数约为 6·10⁻⁸（次正规数），比它小的 ε 存进去就是 0；1e-5、1e-6 虽然存得下，却只是次正规数，"
        "有效位很少。更要紧的是加法：方差在 1 附近时，只要 ε 不超过 1 附近相邻两数间距的一半（float16 里是 2⁻¹¹ ≈ 4.9·10⁻⁴，"
        "bfloat16 里是 2⁻⁸ ≈ 3.9·10⁻³），1 + ε 就舍入回 1，ε 等于没加。常用的 10⁻⁵、10⁻⁶ 在这两种 dtype 里都是如此；"
        "表中 10⁻³ 在 float16 里还留得住，在 bfloat16 里就没了。所以 ε 应该在升到 float32 之后再加。"
        "float32 里 1 + 10⁻⁸ 也等于 1，但那无妨：只有方差本身很小时 ε 才起作用，而 float32 能把 ε 和这样小的方差相加而不丢掉它。",
        "en": "The smallest positive float16 is about 6·10⁻⁸ (a subnormal), so a smaller ε is stored as 0; 1e-5 and "
        "1e-6 are stored, but only as subnormals with few significant bits. The addition matters more: with a "
        "variance near 1, 1 + ε rounds back to 1 whenever ε is at most half the gap between 1 and the next number "
        "(2⁻¹¹ ≈ 4.9·10⁻⁴ in float16, 2⁻⁸ ≈ 3.9·10⁻³ in bfloat16), as if ε had not been added. The usual 10⁻⁵ and "
        "10⁻⁶ are lost in both dtypes; in the table 10⁻³ survives in float16 but not in bfloat16. So ε is added "
        "after the upcast to float32. In float32, 1 + 10⁻⁸ is 1 as well, which does no harm: ε only matters when "
        "the variance itself is tiny, and float32 adds ε to such a variance without losing it.",
    },
    "epsp.col.value": {"zh": "ε", "en": "ε"},
    "epsp.col.stored": {"zh": "存进 {dtype}", "en": "stored in {dtype}"},
    "epsp.col.one_plus": {"zh": "{dtype} 里 (1 + ε) − 1", "en": "(1 + ε) − 1 in {dtype}"},
    "epsp.half.caption": {
        "zh": "每个值都由 torch 在对应的 dtype 里当场算出（numpy 没有 bfloat16）。0 表示 ε 消失了。",
        "en": "Each value is computed by torch in that dtype on the spot (numpy has no bfloat16). 0 means ε vanished.",
    },
    "epsp.fig.sqrt_n": {"zh": "√n = {value}（n = {n}）", "en": "√n = {value} (n = {n})"},
    "epsp.fig.user": {"zh": "你的 ε = {eps}", "en": "your ε = {eps}"},
    "epsp.fig.norm.title": {
        "zh": "{method}：输出长度随输入长度的变化（n = {n}）",
        "en": "{method}: output length against input length (n = {n})",
    },
    "epsp.fig.norm.x": {"zh": "输入长度 ‖x‖（对数刻度）", "en": "input length ‖x‖ (log scale)"},
    "epsp.fig.norm.y": {"zh": "输出长度 ‖y‖（对数刻度）", "en": "output length ‖y‖ (log scale)"},
    "epsp.fig.gain.title": {
        "zh": "LayerNorm 把 c·𝟏 + δ·z 的噪声放大了多少",
        "en": "How much LayerNorm amplifies the noise of c·𝟏 + δ·z",
    },
    "epsp.fig.gain.x": {"zh": "噪声 δ（对数刻度）", "en": "noise δ (log scale)"},
    "epsp.fig.gain.y": {"zh": "增益 std(y) / std(δ·z)（对数刻度）", "en": "gain std(y) / std(δ·z) (log scale)"},
    "epsp.fig.gain.current": {"zh": "当前 δ：×{gain}", "en": "current δ: ×{gain}"},
    "epsp.fig.norm.caption": {
        "zh": "每条曲线是 121 个输入长度上库的实际输出。虚线是 √n。ε 越大，拐点 √(n·ε) 越靠右，左边的输出越小。",
        "en": "Each curve is the library's output at 121 input lengths. The dashed line is √n. The larger ε, the "
        "further right the knee √(n·ε), and the smaller the outputs left of it.",
    },
    "epsp.fig.gain.caption": {
        "zh": "实线是测得的增益，同色虚线是上限 1/√ε。ε = 0 时没有上限：增益就是 1/δ，任何噪声都被放大到标准差 1。",
        "en": "Solid: the measured gain; dashed in the same colour: the bound 1/√ε. At ε = 0 there is no bound: the "
        "gain is 1/δ, and any noise is blown up to standard deviation 1.",
    },
}
