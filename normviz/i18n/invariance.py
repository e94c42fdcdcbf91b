"""Strings of the invariance page."""

STRINGS = {
    "nav.invariance": {"zh": "不变性", "en": "Invariance"},
    "overview.page.invariance": {
        "zh": "不变性：对 x 做 a·x + c·𝟏，看谁不动；(1,2,3) 与 (101,102,103) 的反事实，以及不除 σ 时饱和的 softmax。",
        "en": "Invariances: apply a·x + c·𝟏 and see who stays put; the (1,2,3) vs (101,102,103) counterfactual, and "
        "the softmax that saturates without dividing by σ.",
    },
    "inv.title": {"zh": "不变性：缩放与平移之下谁不动", "en": "Invariances: who stays put under scaling and shifting"},
    "inv.intro": {
        "zh": "把输入换成 a·x + c·𝟏：a 整体缩放，c 给每个分量加同一个数。LayerNorm 先减均值 μ（c 被消掉），"
        "再除以标准差 σ（a > 0 被消掉），所以 a > 0 时输出不变，ε = 0 时精确不变。"
        "这里的 σ 按 1/n 计算（有偏方差）：σ² = (1/n) Σ (xᵢ − μ)²。RMSNorm 和 L2 只除以一个长度，"
        "能消掉 a > 0 的缩放（ε = 0 时精确），消不掉平移。",
        "en": "Replace the input by a·x + c·𝟏: a scales the whole vector, c adds the same number to every component. "
        "LayerNorm first subtracts the mean μ (which removes c) and then divides by the standard deviation σ "
        "(which removes a > 0), so for a > 0 its output does not change, exactly so at ε = 0. Here σ is taken with "
        "1/n, the biased variance: σ² = (1/n) Σ (xᵢ − μ)². RMSNorm and L2 only divide by a length: they remove a "
        "scaling by a > 0 (exactly at ε = 0) but not the shift.",
    },
    "inv.x": {"zh": "输入 x（用逗号分隔）", "en": "Input x (comma-separated)"},
    "inv.a": {"zh": "缩放 a", "en": "Scale a"},
    "inv.a.help": {
        "zh": "a > 0 时三种方法都看不到这个缩放（ε = 0 时精确）；a < 0 翻转符号；a = 0 时输入变成常数向量 c·𝟏。",
        "en": "For a > 0 none of the three methods sees the scaling (exactly at ε = 0); a < 0 flips the sign; a = 0 "
        "turns the input into the constant vector c·𝟏.",
    },
    "inv.c": {"zh": "平移 c（每个分量都加 c）", "en": "Shift c (added to every component)"},
    "inv.c.help": {
        "zh": "只有 LayerNorm 能消掉 c，而且对任何 ε 都精确：减均值正好把 c 减掉。RMSNorm 和 L2 消不掉它。",
        "en": "Only LayerNorm removes c, and exactly so for any ε: subtracting the mean takes c away. RMSNorm and L2 "
        "do not.",
    },
    "inv.eps.help": {
        "zh": "本页默认 ε = 0：这时不变性是精确的。选 “default” 用 normviz 各函数的默认值（LayerNorm {ln}，RMSNorm {rms}，L2 {l2}），"
        "可以看到 ε 让缩放不变性变成近似，在 a 接近 0 时尤其明显；LayerNorm 对平移 c 的不变性不受 ε 影响。",
        "en": "This page starts at ε = 0, where the invariances are exact. “default” uses the default of each normviz "
        "function (LayerNorm {ln}, RMSNorm {rms}, L2 {l2}) and shows how ε makes the scale invariance approximate, "
        "most visibly near a = 0; LayerNorm's invariance to the shift c does not depend on ε.",
    },
    "inv.col.method": {"zh": "方法", "en": "method"},
    "inv.col.distance": {"zh": "距离", "en": "distance"},
    "inv.case.flip": {
        "zh": "a = {a} < 0：方向反了。对 LayerNorm 来说 LN(a·x + c·𝟏) = −LN(x)（ε = 0 时精确）：平移仍被消掉，符号整个翻转，"
        "距离是 2√n。RMSNorm 和 L2 也一样翻到对面（再加上平移带来的偏差）。",
        "en": "a = {a} < 0: the direction is reversed. For LayerNorm, LN(a·x + c·𝟏) = −LN(x) (exactly at ε = 0): the "
        "shift is still removed and the sign flips as a whole, at distance 2√n. RMSNorm and L2 flip to the "
        "opposite side too (plus whatever the shift adds).",
    },
    "inv.case.zero": {
        "zh": "a = 0：输入只剩常数向量 {c}·𝟏，原来的形状全部没了。LayerNorm 减去均值后得到零向量，σ = 0，在 ε > 0 时输出 0；"
        "RMSNorm 和 L2 只看到一个沿 𝟏 的方向（c = 0 时是零向量）。",
        "en": "a = 0: the input is just the constant vector {c}·𝟏, and the shape of x is gone. LayerNorm subtracts "
        "the mean and is left with the zero vector, σ = 0, so with ε > 0 it outputs 0; RMSNorm and L2 see only "
        "the direction of 1 (the zero vector if c = 0).",
    },
    "inv.case.zero_nan": {
        "zh": "a = 0：输入只剩常数向量 {c}·𝟏。LayerNorm 减均值后是零向量，σ = 0，而 ε = 0，于是输出 0/0 = NaN（表中如实显示）。",
        "en": "a = 0: the input is just the constant vector {c}·𝟏. LayerNorm is left with the zero vector, σ = 0, and "
        "with ε = 0 its output is 0/0 = NaN (shown as such in the table).",
    },
    "inv.case.rounded": {
        "zh": "x 的分量比 c = {c} 小得太多：在 float64 里 a·x + c·𝟏 舍入成了常数向量 c·𝟏，x 的形状已经丢失。"
        "这不是 LayerNorm 的问题，而是输入本身：LayerNorm 在 ε = 0 时输出 0/0，其余方法只看到 1 的方向。",
        "en": "The components of x are far smaller than c = {c}: in float64, a·x + c·𝟏 rounds to the constant vector "
        "c·𝟏, and the shape of x is lost before any norm sees it. LayerNorm then gives 0/0 at ε = 0, and the "
        "other methods see only the direction of 1.",
    },
    "inv.undefined": {"zh": "无定义（0/0）", "en": "undefined (0/0)"},
    "inv.map.holes": {
        "zh": "LayerNorm 图里空白的格子没有距离：那里的 a·x + c·𝟏 是常数向量（a = 0，或 x 相对 c 太小、在 float64 里被舍掉），"
        "ε = 0 时输出是 0/0。",
        "en": "Blank cells in LayerNorm's map have no distance: there a·x + c·𝟏 is a constant vector (a = 0, or x so "
        "small next to c that float64 rounds it away), whose output at ε = 0 is 0/0.",
    },
    "inv.map.header": {
        "zh": "离 (a, c) = (1, 0) 时的输出有多远",
        "en": "How far each output is from its value at (a, c) = (1, 0)",
    },
    "inv.fig.dist.colorbar": {"zh": "距离 / 半径（对数）", "en": "distance / radius (log)"},
    "inv.fig.dist.current": {"zh": "当前 (a, c)", "en": "current (a, c)"},
    "inv.fig.dist.x": {"zh": "缩放 a", "en": "scale a"},
    "inv.fig.dist.y": {"zh": "平移 c", "en": "shift c"},
    "inv.map.caption": {
        "zh": "颜色是 ‖f(a·x + c·𝟏) − f(x)‖ 除以目标球的半径（L2 为 1，其余为 √n），取对数刻度，三张图共用，最大为 2（翻到对面），"
        "1e-16 左右只是舍入误差。"
        "ε = 0 时，LayerNorm 在 a > 0 的整个右半边都是 0（默认 ε 下是 1e-5 量级，越靠近 a = 0 越大）；RMSNorm 和 L2 只在 c = 0 那条水平线上是 0，一离开就开始漂移。"
        "a < 0 的左半边是翻转后的输出。",
        "en": "The colour is ‖f(a·x + c·𝟏) − f(x)‖ divided by the radius of the target sphere (1 for L2, √n for the "
        "others), on one log scale for all three maps: 2 is the maximum (the opposite point), and about 1e-16 is "
        "just rounding. At ε = 0, LayerNorm "
        "is 0 over the whole right half a > 0 (with the default ε it is of order 1e-5, more near a = 0); RMSNorm and "
        "L2 are 0 only on the horizontal line c = 0 and drift as soon as they leave it. The left half a < 0 holds the flipped outputs.",
    },
    "inv.col.scale_only": {"zh": "a > 0、c = 0 上的最大距离", "en": "largest distance for a > 0, c = 0"},
    "inv.col.scale_shift": {"zh": "a > 0、任意 c 上的最大距离", "en": "largest distance for a > 0, any c"},
    "inv.map.eps_note": {
        "zh": "距离按半径归一。ε = 0 时“不变”的那一栏是 1e-16 量级的舍入误差；默认 ε 下 a 接近 0 时会略大，"
        "因为 ε 在 σ² 很小时不可忽略——严格的不变性只在 ε = 0 时成立。",
        "en": "Distances are relative to the radius. At ε = 0 the invariant column is rounding noise of order 1e-16; "
        "with the default ε it grows a little near a = 0, where ε is no longer negligible next to a tiny σ². Exact "
        "invariance holds only at ε = 0.",
    },
    "inv.cf.header": {"zh": "反事实：不减均值会怎样", "en": "Counterfactual: what if the mean were not subtracted"},
    "inv.cf.text": {
        "zh": "RMSNorm 不减均值。把 x = {x} 的每个分量加 {shift} 得到 {xs}：RMS 从 {rms} 变成 {rms_s}，"
        "输出从 {out} 变成 {out_s}（ε = 0），三个分量几乎相等，原来 {ratio} 的比例被压成 {ratio_s}。"
        "一个和内容无关的公共偏移吃掉了动态范围。LayerNorm 对两个输入给出同一个 {ln}。"
        "下面的表用上面输入框里的 x 和页面的 ε，平移量可以改。",
        "en": "RMSNorm does not subtract the mean. Add {shift} to every component of x = {x} to get {xs}: the RMS goes "
        "from {rms} to {rms_s} and the output from {out} to {out_s} (ε = 0), three almost equal components, the "
        "proportions {ratio} squeezed to {ratio_s}. A common offset that has nothing to do with the content has "
        "eaten the dynamic range. LayerNorm gives the same {ln} for both inputs. The table below uses the x "
        "entered above and the page's ε; the shift can be changed.",
    },
    "inv.shift": {"zh": "平移量（加到每个分量上）", "en": "Shift (added to every component)"},
    "inv.shift.help": {
        "zh": "原文的例子是 100。偏移越大，RMSNorm 输出里剩下的差别越小。",
        "en": "The example uses 100. The larger the offset, the less difference is left in the RMSNorm output.",
    },
    "inv.col.input": {"zh": "输入", "en": "input"},
    "inv.col.rms_value": {"zh": "RMS(x)", "en": "RMS(x)"},
    "inv.col.rms_out": {"zh": "RMSNorm 输出", "en": "RMSNorm output"},
    "inv.col.ratio": {"zh": "比例（除以第一个分量）", "en": "ratios (over the first component)"},
    "inv.col.ln_out": {"zh": "LayerNorm 输出", "en": "LayerNorm output"},
    "inv.fig.cf.title": {"zh": "平移前后各分量的输出", "en": "Output components before and after the shift"},
    "inv.fig.cf.x": {"zh": "分量", "en": "component"},
    "inv.fig.cf.y": {"zh": "输出值", "en": "output value"},
    "inv.cf.caption": {
        "zh": "斜线条纹是平移后的输入。RMSNorm 的两组柱子差别很大：平移后几乎一样高。LayerNorm 的两组完全重合。"
        "代价也在这里：在 LayerNorm 之后，x 和 x + 100·𝟏 再也分不出来，整体偏移这个量被永久拿掉了。",
        "en": "Hatched bars are the shifted input. RMSNorm's two groups differ a lot: after the shift they are nearly "
        "level. LayerNorm's two groups coincide. That is also the price: after LayerNorm x and x + 100·𝟏 can no longer "
        "be told apart, the common offset is gone for good.",
    },
    "inv.sigma.header": {"zh": "反事实：不除以 σ 会怎样", "en": "Counterfactual: what if σ were not divided out"},
    "inv.sigma.text": {
        "zh": "只减均值、不除标准差：(1, 2, 3) 变成 (−1, 0, 1)，而 1000·(1, 2, 3) 变成 (−1000, 0, 1000)，形状相同，“音量”大了 1000 倍。"
        "下一层用权重 w = (1, 0, −1) 取点积，logit 从 −2 变成 −2000。再加两行权重 (0, 1, 0) 和 (−1, 0, 1)，"
        "对这三个 logit 做 softmax：放大 1000 倍后它饱和成 one-hot，梯度几乎为 0。LayerNorm 再除以 σ，"
        "对任何 s > 0 都给出同一组 logit（ε = 0 时精确），softmax 不变。",
        "en": "Subtract the mean but do not divide by the standard deviation: (1, 2, 3) becomes (−1, 0, 1), while "
        "1000·(1, 2, 3) becomes (−1000, 0, 1000), the same shape at 1000 times the volume. A next layer with weight "
        "w = (1, 0, −1) takes a dot product and the logit goes from −2 to −2000. With two more weight rows (0, 1, 0) "
        "and (−1, 0, 1), take the softmax of the three logits: at 1000 times the scale it saturates into a one-hot "
        "vector, with gradients close to 0. LayerNorm also divides by σ and gives the same logits for every "
        "s > 0 (exactly at ε = 0), so the softmax does not move.",
    },
    "inv.sigma.seed_x": {
        "zh": "这一节需要三个分量（w = (1, 0, −1)），输入框里的 x 不是三维，所以这里用 (1, 2, 3)。",
        "en": "This part needs three components (w = (1, 0, −1)); the x above is not three-dimensional, so (1, 2, 3) "
        "is used here.",
    },
    "inv.scale": {"zh": "放大倍数 s（输入为 s·x）", "en": "Scale s (the input is s·x)"},
    "inv.scale.help": {
        "zh": "原文的例子是 1000。表格同时列出 s = 1 作对照。",
        "en": "The example uses 1000. The table also lists s = 1 for comparison.",
    },
    "inv.col.s": {"zh": "s", "en": "s"},
    "inv.col.path": {"zh": "处理", "en": "processing"},
    "inv.col.vector": {"zh": "向量", "en": "vector"},
    "inv.col.logits": {"zh": "logits z = W·向量", "en": "logits z = W·vector"},
    "inv.col.softmax": {"zh": "softmax(z)", "en": "softmax(z)"},
    "inv.path.centered": {"zh": "只减均值", "en": "centred only"},
    "inv.path.ln": {"zh": "LayerNorm", "en": "LayerNorm"},
    "inv.fig.sm.bars": {"zh": "s = {s} 时的 softmax 概率", "en": "softmax probabilities at s = {s}"},
    "inv.fig.sm.curve": {"zh": "最大概率随 s 的变化", "en": "largest probability against s"},
    "inv.fig.sm.centered": {"zh": "只减均值（不除 σ）", "en": "centred only (no division by σ)"},
    "inv.fig.sm.ln": {"zh": "LayerNorm", "en": "LayerNorm"},
    "inv.fig.sm.current": {"zh": "当前 s = {s}", "en": "current s = {s}"},
    "inv.fig.sm.p": {"zh": "概率", "en": "probability"},
    "inv.fig.sm.logit": {"zh": "logit", "en": "logit"},
    "inv.fig.sm.pmax": {"zh": "最大概率", "en": "largest probability"},
    "inv.fig.sm.scale": {"zh": "放大倍数 s（对数）", "en": "scale s (log)"},
    "inv.sigma.caption": {
        "zh": "只减均值时，最大概率随 s 一路升到 1：s 稍大一点，softmax 就成了 one-hot。LayerNorm 的曲线是平的"
        "（若 ε > 0，s 很小时会略低：σ² 小到和 ε 相当）。除以 σ 就是把“形状”和“音量”分开。",
        "en": "Centred only, the largest probability climbs to 1 as s grows: once s is a little larger, the softmax "
        "is one-hot. LayerNorm's curve is flat (with ε > 0 it dips for tiny s, once σ² is as small as ε). "
        "Dividing by σ separates the shape from the volume.",
    },
    "inv.neg.header": {"zh": "a ≤ 0 时", "en": "When a ≤ 0"},
    "inv.neg.text": {
        "zh": "- **a < 0**：减均值后再除以 |a|·σ，剩下的是 −(x − μ)/σ，所以 LN(a·x + c·𝟏) = −LN(x)（ε = 0 时精确）。输出翻到球面上的对跖点，"
        "不变性只对正的缩放成立。\n"
        "- **a = 0**：a·x + c·𝟏 = c·𝟏 是常数向量，x 的信息全部丢失。减均值后是零向量，σ = 0：ε > 0 时 LayerNorm 输出 0"
        "（再加 β），ε = 0 时是 0/0 = NaN。把上面的 a 拖到 0 或负数，表格和图会给出这些值。",
        "en": "- **a < 0**: after subtracting the mean and dividing by |a|·σ what is left is −(x − μ)/σ, so "
        "LN(a·x + c·𝟏) = −LN(x) (exactly at ε = 0). The output jumps to the antipodal point of the sphere; the invariance holds for "
        "positive scaling only.\n"
        "- **a = 0**: a·x + c·𝟏 = c·𝟏 is a constant vector and everything about x is lost. Subtracting the mean "
        "leaves the zero vector, σ = 0: with ε > 0 LayerNorm outputs 0 (plus β), with ε = 0 it is 0/0 = NaN. Drag a "
        "above to 0 or below and the table and maps show these values.",
    },
}
