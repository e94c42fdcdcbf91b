"""Strings of the beyond page (DyT and Derf, QK-norm, nGPT, Peri-Norm, outliers)."""

STRINGS = {
    "nav.beyond": {"zh": "经典之后", "en": "Beyond the classic three"},
    "overview.page.beyond": {
        "zh": "经典之后：DyT 和 Derf 用逐坐标的 tanh 或 erf 代替归一化，QK-norm 给注意力 logit 设上限，nGPT 让残差流留在球面上，"
        "Peri-Norm 在子层两端都归一化，以及一个巨大的激活值怎样让 RMSNorm 缩小其余所有坐标。",
        "en": "Beyond the classic three: DyT and Derf replace the norm with a tanh or an erf per coordinate, QK-norm caps the "
        "attention logits, nGPT keeps the residual stream on a sphere, Peri-Norm normalizes both ends of a "
        "sublayer, and one massive activation makes RMSNorm shrink every other coordinate.",
    },
    "beyond.title": {
        "zh": "经典之后：DyT 与 Derf、QK-norm、球面与离群值",
        "en": "Beyond the classic three: DyT and Derf, QK-norm, the sphere, outliers",
    },
    "beyond.intro": {
        "zh": "前面的页面讲 L2、RMSNorm 和 LayerNorm。近几年的模型在它们之外又走了几步：有的干脆去掉归一化，"
        "有的把它放到新的位置，有的让整个网络都活在球面上。每一节都只比前面的图多走一步："
        "公式、一张图、以及由库算出来的结论。除非另外说明，γ = 1、β = 0、ε = 0。",
        "en": "The other pages are about L2, RMSNorm and LayerNorm. Recent models have taken a few more steps: some "
        "drop the norm altogether, some put it in new places, some keep the whole network on a sphere. Each "
        "section is one step from the pictures before it: the formula, a picture, and what the library computes. "
        "Unless said otherwise γ = 1, β = 0 and ε = 0.",
    },
    # --- DyT
    "beyond.dyt.header": {
        "zh": "Dynamic Tanh（DyT）与 Dynamic erf（Derf）",
        "en": "Dynamic Tanh (DyT) and Dynamic erf (Derf)",
    },
    "beyond.dyt.text": {
        "zh": "Zhu 等（2025）用 y = γ ⊙ tanh(α·x) + β 代替 LayerNorm，α 是一个可学习的标量。它不求 x 的均值，也不求"
        "它的尺度：每个坐标各自经过同一条 S 形曲线。所以（γ = 1、β = 0 时）它的输出落在开区间的方盒 (−1, 1)ⁿ 里，"
        "平面上是正方形、空间里是立方体，而不是球面；小的输入几乎按直线通过（tanh(a) ≈ a），长度保留了一部分，"
        "大的输入饱和到 ±1。图里画出 x、它的三个输出、三种输出所在的集合（ε = 0），以及 DyT 把穿过 x 的整条射线 t·x "
        "（0 ≤ t ≤ 3）送到哪里：RMSNorm 把这条射线上 t > 0 的所有点送到同一个点，DyT 却画出一条曲线，"
        "靠近原点时沿着射线，越往外越弯向由 x 各坐标的符号决定的方盒角点（为 0 的坐标保持为 0）。",
        "en": "Zhu et al. (2025) replace LayerNorm with y = γ ⊙ tanh(α·x) + β, with one learned scalar α. It takes "
        "neither the mean nor the scale of x: each coordinate goes through the same S-curve on its own. So (with "
        "γ = 1, β = 0) its outputs fill the open box (−1, 1)ⁿ, a square in the plane and a cube in space, not a "
        "sphere; small inputs pass almost linearly (tanh(a) ≈ a), so part of the length survives, and large ones "
        "saturate at ±1. The picture shows x, its three outputs, the sets the three kinds of output lie on "
        "(ε = 0), and where DyT sends the whole ray t·x through x (0 ≤ t ≤ 3): RMSNorm sends every point of it "
        "with t > 0 to one point, while DyT draws a curve that follows the ray near the origin and bends, further "
        "out, towards the corner of the box given by the signs of x's coordinates (a zero coordinate stays 0).",
    },
    "beyond.dim": {"zh": "维数", "en": "Dimension"},
    "beyond.alpha": {"zh": "α（DyT 与 Derf 共用）", "en": "α (DyT and Derf alike)"},
    "beyond.alpha.help": {
        "zh": "α 决定多大的输入开始饱和：|α·xᵢ| 小时 tanh 几乎是直线，大时接近 ±1；erf 也一样。"
        "两篇论文的默认初始值都是 0.5。",
        "en": "α sets where inputs start to saturate: while |α·xᵢ| is small tanh is nearly a straight line, when "
        "it is large the output is close to ±1; so is erf. Both papers' default initial value is 0.5.",
    },
    "beyond.shift": {"zh": "Derf 的平移 s", "en": "Derf's shift s"},
    "beyond.shift.help": {
        "zh": "Derf 的 erf(α·x + s) 里可学习的平移（论文里初始为 0）。DyT 没有这个参数。",
        "en": "The learned shift inside Derf's erf(α·x + s) (0 at the start of training in the paper). DyT has none.",
    },
    "beyond.x": {"zh": "输入 x{i}", "en": "Input x{i}"},
    "beyond.x.help": {
        "zh": "输入向量的一个坐标；所有坐标相等时，ε = 0 的 LayerNorm 没有定义（0/0）。",
        "en": "One coordinate of the input; when all coordinates are equal, LayerNorm at ε = 0 is not defined (0/0).",
    },
    "beyond.dyt.description": {
        "zh": "输入 x、DyT、Derf、LayerNorm 和 RMSNorm 的输出，DyT 与 Derf 共同的开方盒、两者各自对图中方盒的像、"
        "RMSNorm 的球面和 LayerNorm 的输出集合，以及 DyT 和 Derf 下射线 t·x 的像。",
        "en": "The input x, its outputs under DyT, Derf, LayerNorm and RMSNorm, the open box DyT and Derf share, each "
        "one's image of the box drawn, RMSNorm's sphere, LayerNorm's set of outputs, and the images of the ray t·x "
        "under DyT and Derf.",
    },
    "beyond.undefined": {"zh": "0/0，没有定义", "en": "0/0, not defined"},
    "beyond.dyt.zero": {
        "zh": "x = 0：DyT 给出 0，而 ε = 0 时 LayerNorm 和 RMSNorm 都是 0/0，没有定义，x 也没有方向可比。",
        "en": "x = 0: DyT gives 0, while at ε = 0 LayerNorm and RMSNorm are both 0/0, not defined, and x has no "
        "direction to compare with.",
    },
    "beyond.dyt.reading": {
        "zh": "x = {x}：DyT(x) = {dyt}，LayerNorm(x) = {ln}，RMSNorm(x) = {rms}。cos(DyT(x), x) = {cos}（1 表示方向完全相同）。"
        "‖DyT(x)‖ = {norm}；如果 tanh 是直线，它会是 α‖x‖ = {linear}；RMSNorm 的球面半径是 √n = {root}。"
        "DyT 输出中最大的 |DyT(x)ᵢ| 是 {top}（tanh 总小于 1）。它与 LayerNorm 的均方根差距 ‖DyT(x) − LN(x)‖/√n = {gap}。",
        "en": "x = {x}: DyT(x) = {dyt}, LayerNorm(x) = {ln}, RMSNorm(x) = {rms}. cos(DyT(x), x) = {cos} (1 would "
        "mean exactly the same direction). ‖DyT(x)‖ = {norm}; if tanh were a straight line it would be "
        "α‖x‖ = {linear}; RMSNorm's sphere has radius √n = {root}. The largest |DyT(x)ᵢ| is {top} (tanh stays below 1). "
        "The root-mean-square gap to LayerNorm, ‖DyT(x) − LN(x)‖/√n, is {gap}.",
    },
    # --- Derf beside DyT
    "beyond.derf.text": {
        "zh": "Chen 等（2025）把 tanh 换成误差函数 erf，称为 Dynamic erf（Derf）：y = γ ⊙ erf(α·x + s) + β，"
        "其中 α 和 s 各是一个可学习的标量（初值 0.5 和 0），γ、β 按通道。erf 和 tanh 一样是奇函数、有界、单调，"
        "但在 0 附近更陡，也更快贴近 ±1。图里用同一个 α 把 Derf 画在 DyT 旁边：Derf(x)、它对射线 t·x 的像，"
        "以及两条曲线各自把图中画出的方盒 [−E, E]ⁿ 送到哪里。平移 s 只属于 Derf：它让曲线沿 x 方向移动。",
        "en": "Chen et al. (2025) put the error function erf in place of tanh and call it Dynamic erf (Derf): "
        "y = γ ⊙ erf(α·x + s) + β, with α and s one learned scalar each (0.5 and 0 at the start) and γ, β per "
        "channel. Like tanh, erf is odd, bounded and increasing, but it is steeper near 0 and closes in on ±1 "
        "sooner. The picture draws Derf beside DyT with the same α: Derf(x), its image of the ray t·x, and where "
        "each curve sends the box [−E, E]ⁿ drawn in the picture. The shift s is Derf's alone: it moves the "
        "curve along x.",
    },
    "beyond.derf.zero": {
        "zh": "Derf(0) = erf(s)·𝟏，这里 s = {s}，每个坐标都是 {value}。",
        "en": "Derf(0) = erf(s)·𝟏, here with s = {s}: {value} in every coordinate.",
    },
    "beyond.derf.reading": {
        "zh": "同一个 α、平移 s = {s} 时，Derf(x) = {derf}，cos(Derf(x), x) = {cos}，最大的 |Derf(x)ᵢ| 是 {top}（erf 总小于 1）。",
        "en": "With the same α and the shift s = {s}, Derf(x) = {derf}, cos(Derf(x), x) = {cos}, and the largest "
        "|Derf(x)ᵢ| is {top} (erf stays below 1).",
    },
    "beyond.derf.box": {
        "zh": "在整个 ℝ{power} 上，两者的像都是开方盒 (−1, 1){power}（灰色虚线）。图中画出的方盒 [−{e}, {e}]{power} "
        "在 DyT 下变成 [{dlo}, {dhi}]{power}，以 0 为中心；在 Derf 下变成 [{elo}, {ehi}]{power}，中心在 {centre}·𝟏。",
        "en": "Over all of ℝ{power} both images are the open box (−1, 1){power} (grey, dashed). The box drawn, "
        "[−{e}, {e}]{power}, goes to [{dlo}, {dhi}]{power} under DyT, centred at 0, and to [{elo}, {ehi}]{power} under "
        "Derf, centred at {centre}·𝟏.",
    },
    "beyond.derf.box.shifted": {
        "zh": "是平移 s = {s} 把它移离了中心：围绕 0 对称分布的输入，输出不再围绕 0 对称；Derf(0) = erf(s)·𝟏，"
        "每个坐标是 {start}，Derf 对射线的像就从那里出发。",
        "en": "The shift s = {s} moved it off centre: inputs spread evenly around 0 no longer give outputs spread "
        "evenly around 0, and Derf(0) = erf(s)·𝟏 has {start} in every coordinate, where Derf's image of the ray "
        "starts.",
    },
    "beyond.derf.box.saturated": {
        "zh": "这个方盒相对 1/α 太宽，两端都已饱和：到显示的位数为止，Derf 的像仍以 0 为中心，看不出平移 s = {s}；"
        "但 Derf(0) = erf(s)·𝟏 每个坐标是 {start}，不是 0。把 α 调小就能看到方盒偏向一边。",
        "en": "The box drawn is so wide against 1/α that both of its ends saturate: to the digits shown Derf's image "
        "is still centred at 0 and the shift s = {s} does not show there, yet Derf(0) = erf(s)·𝟏 has {start} in "
        "every coordinate, not 0. A smaller α shows the box slide to one side.",
    },
    "beyond.derf.box.centred": {
        "zh": "s = 0 时两个方盒都以 0 为中心；把 s 调离 0，看 Derf 的方盒怎样偏到一边。",
        "en": "With s = 0 both boxes are centred at 0; move s away from 0 to see Derf's box slide to one side.",
    },
    "beyond.derf.header": {"zh": "两条曲线：tanh 与 erf", "en": "The two curves: tanh and erf"},
    "beyond.squash.description": {
        "zh": "tanh(α·x) 和 erf(α·x + s) 画在同一条 x 轴上，界 ±1，两者在 x = 0 处的切线，两者达到界的 99 % 的点，以及 Derf 的中心。",
        "en": "tanh(α·x) and erf(α·x + s) on one x axis, the bound ±1, each curve's tangent at x = 0, the points where "
        "each reaches 99 % of its bound, and Derf's centre.",
    },
    "beyond.derf.slope": {
        "zh": "在 x = 0 处，DyT 的斜率是 α = {a}，Derf 的斜率是 (2α/√π)·e^(−s²) = {d0}，s = 0 时这就是它最大的斜率 "
        "2α/√π，是 DyT 的 2/√π = {ratio} 倍。",
        "en": "At x = 0 DyT's slope is α = {a} and Derf's is (2α/√π)·e^(−s²) = {d0}; with s = 0 that is its "
        "steepest slope, 2α/√π, which is 2/√π = {ratio} times DyT's.",
    },
    "beyond.derf.slope.shifted": {
        "zh": "在 x = 0 处，DyT 的斜率是 α = {a}，Derf 的斜率是 (2α/√π)·e^(−s²) = {d0}，小于它最大的斜率 "
        "2α/√π = {dmax}（DyT 的 2/√π = {ratio} 倍），那是在它的中心 x = −s/α = {centre} 处。",
        "en": "At x = 0 DyT's slope is α = {a} and Derf's is (2α/√π)·e^(−s²) = {d0}, less than its steepest "
        "slope 2α/√π = {dmax} (2/√π = {ratio} times DyT's), which it has at its centre x = −s/α = {centre}.",
    },
    "beyond.derf.saturation": {
        "zh": "这里“饱和”指曲线达到界 1 的 {pct} %：DyT 在 x = ±artanh({q})/α = ±{xd} 处达到 ±{q}，"
        "Derf 在 x = (±erfinv({q}) − s)/α 处，即 {lo} 和 {hi}。",
        "en": "Saturating here means reaching {pct} % of the bound 1: DyT reaches ±{q} at x = ±artanh({q})/α = "
        "±{xd}, Derf at x = (±erfinv({q}) − s)/α, that is at {lo} and {hi}.",
    },
    "beyond.derf.window": {
        "zh": "两点之间不饱和的窗口，DyT 宽 {wdyt}，Derf 宽 {wderf}：无论 α 取多少，DyT 的窗口都是 Derf 的 "
        "artanh({q})/erfinv({q}) = {ratio} 倍。s 只移动 Derf 的窗口，不改变它的宽度。",
        "en": "The unsaturated window between the two is {wdyt} wide for DyT and {wderf} for Derf: DyT's is "
        "artanh({q})/erfinv({q}) = {ratio} times Derf's, whatever α. The shift moves Derf's window, it does not "
        "widen it.",
    },
    "beyond.derf.match.header": {"zh": "与 LayerNorm 的斜率对齐", "en": "Matching LayerNorm's slope"},
    "beyond.rms": {"zh": "输入的 RMS r（均值为 0，所以 σ = r）", "en": "Input RMS r (zero mean, so σ = r)"},
    "beyond.rms.help": {
        "zh": "一个有 {n} 个坐标、均值为 0 的输入（由固定的随机数生成器给出），缩放到这个 RMS。",
        "en": "An input of {n} coordinates with zero mean (from a fixed random generator), scaled to this RMS.",
    },
    "beyond.derf.match": {
        "zh": "取一个有 n = {n} 个坐标、均值为 0、RMS 为 r = {r} 的输入（所以 σ = r），ε = 0。沿任何与 𝟏 和 x 都正交的"
        "方向，LayerNorm 把一个小的变化乘以 1/σ = {gain}（对库里的 LayerNorm 做中心差分测得 {measured}），"
        "沿 𝟏 或沿 x 的变化则乘以 0（测得 {ones}、{along}）。DyT 和 Derf 在 0 处对每个方向都是同一个斜率："
        "DyT 在 α = 1/r = {adyt} 时、Derf（s = 0）在 α = √π/(2r) = {aderf} 时，这个斜率等于 1/σ"
        "（测得 {mdyt} 和 {mderf}）。这只在 0 附近成立：离 0 越远，两条曲线越饱和，斜率越小。"
        "反过来，当前的 α = {alpha} 对 DyT 来说对应 RMS 为 1/α = {rdyt} 的输入，对 Derf 来说对应 √π/(2α) = {rderf}。",
        "en": "Take an input of n = {n} coordinates with zero mean and RMS r = {r} (so σ = r), at ε = 0. LayerNorm "
        "multiplies a small change along any direction orthogonal to 𝟏 and x by 1/σ = {gain} (central differences "
        "on the library's LayerNorm: {measured}), and a change along 𝟏 or along x by 0 (measured: {ones}, "
        "{along}). DyT and Derf have one slope at 0, the same in every direction: it equals 1/σ for "
        "α = 1/r = {adyt} (DyT) and for α = √π/(2r) = {aderf} (Derf, s = 0); measured: {mdyt} and {mderf}. "
        "That holds near 0 only: further out both curves saturate and their slopes fall. The other way round, "
        "the current α = {alpha} matches inputs of RMS 1/α = {rdyt} under DyT and √π/(2α) = {rderf} under Derf.",
    },
    "beyond.derf.reported.header": {"zh": "论文报告的结果", "en": "What the papers report"},
    "beyond.derf.reported.col.bench": {"zh": "任务", "en": "benchmark"},
    "beyond.derf.reported.col.diff": {"zh": "Derf − LayerNorm", "en": "Derf − LayerNorm"},
    "beyond.derf.reported.vit": {
        "zh": "ViT-B，ImageNet-1K top-1 准确率（越高越好）",
        "en": "ViT-B, ImageNet-1K top-1 accuracy (higher is better)",
    },
    "beyond.derf.reported.dit": {
        "zh": "DiT-L/4，ImageNet 上的 FID（越低越好）",
        "en": "DiT-L/4, FID on ImageNet (lower is better)",
    },
    "beyond.derf.reported.text": {
        "zh": "上表是 Chen 等（2025）报告的数字，不是本应用算出来的。按他们的结果，Derf 比 LayerNorm 的 top-1 高 {vit} 个百分点、"
        "FID 变化 {dit}；比 DyT 分别是 {vit_dyt} 个百分点和 {dit_dyt}。他们的消融实验认为，替代归一化的曲线"
        "必须以 0 为中心、有界、在 0 附近够陡、单调；tanh 和 erf 都满足（erf(α·x + s) 在 s = 0 时以 0 为中心，"
        "平移把中心移到 x = −s/α）。",
        "en": "The table gives the numbers Chen et al. (2025) report, not numbers computed here. By their results Derf beats "
        "LayerNorm by {vit} points of top-1 accuracy and changes the FID by {dit}; against DyT, {vit_dyt} points "
        "and {dit_dyt}. Their ablations find that a curve replacing the norm must be zero-centred, bounded, steep "
        "near 0 and monotone; tanh and erf are all four (erf(α·x + s) is centred at 0 with s = 0, and a shift "
        "moves its centre to x = −s/α).",
    },
    "beyond.derf.regime": {
        "zh": "这样的好处从哪里来？Verma（2026）研究的是 DyT（不是 Derf）：在 {p0}–{p1} 参数、用 {t0}–{t1} 个词元（token）"
        "训练的 GPT-2 系列模型上，该文报告 DyT 在 {p0} 参数、{t0} 个词元时让验证损失降低 {lower} %，在 {p0} 参数、"
        "{t1} 个词元时却让它升高 {higher} %；模型变大后，{t0} 个词元时的好处消失（{p1} 参数时升高 {gone} %），"
        "而 {t1} 个词元时的损失增幅达到 {worst} %。该文把这解释为有界激活起了正则化的作用：{t0} 个词元时 DyT 有 "
        "{sat0} % 的激活饱和，{t1} 个词元时是 {sat1} %。按该文自己的说明，所有实验都受算力限制，每个参数的训练词元数"
        "少于 {tp}。这些是该文的数字和结论，不是本应用的。",
        "en": "Where does such a gain come from? Verma (2026) studies DyT (not Derf): in GPT-2-family models of {p0}–{p1} "
        "parameters trained on {t0}–{t1} tokens, the paper reports that DyT lowers the validation loss by "
        "{lower} % at {p0} parameters on {t0} tokens but raises it by {higher} % at {p0} parameters on {t1} "
        "tokens; with more capacity the {t0}-token benefit vanishes (the loss is {gone} % higher at {p1} "
        "parameters), while the {t1}-token penalty reaches {worst} %. The paper reads this as bounded activations "
        "acting as a regularizer: {sat0} % of DyT's activations saturate at {t0} tokens, {sat1} % at {t1}. Its "
        "scope, as it states it: every run is compute-limited, with fewer than {tp} training tokens per "
        "parameter. These are that paper's numbers and conclusions, not the app's.",
    },
    "beyond.jac.header": {"zh": "雅可比矩阵：对角的与稠密的", "en": "The Jacobians: diagonal and dense"},
    "beyond.jac.description": {
        "zh": "在 x 处 DyT、LayerNorm 和 RMSNorm 的雅可比矩阵 ∂yᵢ/∂xⱼ，每格写出数值。",
        "en": "The Jacobians ∂yᵢ/∂xⱼ of DyT, LayerNorm and RMSNorm at x, each cell with its value.",
    },
    "beyond.jac.dyt": {
        "zh": "把一个输入 xⱼ 挪动一点点，DyT 只有输出 yⱼ 跟着变：在 {off} 对 i ≠ j 中，有 "
        "{untouched} 对的 yᵢ 一位都没有变，所以它的雅可比矩阵是对角的。对角线 α(1 − tan"
        "h²(α·xᵢ)) = {diagonal}，都不超过 α = {alpha}：饱和的坐标几乎不再随输入"
        "变化。",
        "en": "Nudge one input xⱼ and only DyT's output yⱼ follows: for {untouched} of the {off} pairs i ≠ j, yᵢ did "
        "not change in a single bit, so its Jacobian is diagonal. Its diagonal α(1 − tanh²(α·xᵢ)) = {diagonal} "
        "never exceeds α = {alpha}: a saturated coordinate hardly responds to its input any more.",
    },
    "beyond.jac.ln": {
        "zh": "LayerNorm 的雅可比矩阵把坐标混在一起：{off} 个非对角元素中有 {mixed} 个不为 0"
        "（反向传播页有它的推导）。它把 𝟏 送到 0（|J·𝟏| 的最大分量 {ones}：沿 𝟏 平移不改变输"
        "出），ε = 0 时也把 x 本身送到 0（{along}：缩放 x 不改变输出），所以它的秩是 "
        "{rank}（共 {n} 维）：它恰好忘掉这两个方向。",
        "en": "LayerNorm's Jacobian mixes the coordinates: {mixed} of its {off} off-diagonal entries are nonzero (the "
        "backward page derives it). It sends 𝟏 to 0 (largest |J·𝟏| component {ones}: a shift along 𝟏 changes "
        "nothing) and, at ε = 0, x itself to 0 ({along}: scaling x changes nothing), so its rank is {rank} of "
        "{n}: it forgets exactly these two directions.",
    },
    "beyond.jac.ln.zero": {
        "zh": "在平面上（n = 2），ε = 0 时 LayerNorm 的雅可比矩阵是零矩阵：它只会输出 (1, −"
        "1) 或 (−1, 1)，x 的微小移动不改变输出。它仍然把 𝟏 和 x 送到 0（{ones}、"
        "{along}），而 n = 2 时这两个方向已经占满整个平面，所以秩是 {rank}。在 3D 里它会"
        "把坐标混在一起。",
        "en": "In the plane (n = 2) LayerNorm's Jacobian at ε = 0 is the zero matrix: its only outputs are (1, −1) and "
        "(−1, 1), so a small move of x changes nothing. It still sends 𝟏 and x to 0 ({ones}, {along}), and for n "
        "= 2 those two directions fill the whole plane, so the rank is {rank}. In 3D it mixes the coordinates.",
    },
    "beyond.jac.ln.frozen": {
        "zh": "这里 {outputs}，即 ±√(n − 1) = ±{root}，是一个输出能达到的最大值（x 有两"
        "个坐标相等）：它那一行是 0，x 的微小移动不改变它。",
        "en": "Here {outputs}, that is ±√(n − 1) = ±{root}, as large as an output can get (two coordinates of x are "
        "equal): its row is 0, and a small move of x does not change it.",
    },
    "beyond.jac.ln.undefined": {
        "zh": "x 的各坐标都相等（x 是 𝟏 的倍数）：ε = 0 时 LayerNorm 的输出和雅可比矩阵都是 0/0，没有定义。",
        "en": "All coordinates of x are equal (x is a multiple of 𝟏): at ε = 0 LayerNorm's output and its Jacobian "
        "are 0/0, not defined.",
    },
    "beyond.part.header": {"zh": "DyT 与 LayerNorm 在哪里分开", "en": "Where DyT and LayerNorm part"},
    "beyond.part.base": {"zh": "x", "en": "x"},
    "beyond.part.offset": {"zh": "x + {c}·𝟏", "en": "x + {c}·𝟏"},
    "beyond.part.outlier": {"zh": "x₁ 换成 {big}", "en": "x₁ set to {big}"},
    "beyond.part.col.case": {"zh": "输入", "en": "input"},
    "beyond.part.col.x": {"zh": "数值", "en": "values"},
    "beyond.part.col.dyt": {"zh": "DyT", "en": "DyT"},
    "beyond.part.col.ln": {"zh": "LayerNorm", "en": "LayerNorm"},
    "beyond.part.col.gap": {"zh": "差距", "en": "gap"},
    "beyond.part.col.limit": {"zh": "极限", "en": "limit"},
    "beyond.part.text": {
        "zh": "差距是 ‖DyT − LN‖/√n。对 x 本身它是 {base}。加上 {shift}·𝟏 后，LayerNorm 的输出不动（它减掉了均值），"
        "DyT 却把每个坐标都推到接近 1：差距变成 {offset}，偏移继续增大时趋于 {offset_limit}（ε = 0 时为 √2）。"
        "把 x₁ 换成 {big}：LayerNorm 给这个大坐标约 √(n − 1)，把其余坐标都挤到约 −1/√(n − 1)；"
        "DyT 把 x₁ 饱和到 1，其余坐标原样不动：差距是 {outlier}，x₁ 继续增大时趋于 {outlier_limit}。",
        "en": "The gap is ‖DyT − LN‖/√n. On x itself it is {base}. Add {shift}·𝟏 and LayerNorm's output does not move "
        "(it removes the mean), while DyT pushes every coordinate close to 1: the gap becomes {offset}, and tends "
        "to {offset_limit} as the offset grows (√2 at ε = 0). Set x₁ to {big}: LayerNorm gives that coordinate "
        "about √(n − 1) and squeezes all the others to about −1/√(n − 1), while DyT saturates x₁ at 1 and leaves "
        "the others as they were: the gap is {outlier}, and tends to {outlier_limit} as x₁ grows.",
    },
    "beyond.part.undefined": {
        "zh": "x 的各坐标都相等时，ε = 0 的 LayerNorm 对 x 和 x + {c}·𝟏 都没有定义（0/0），表中这两行的差距因此空着；"
        "换一个各坐标不全相等的 x 再比较。",
        "en": "With all coordinates of x equal, LayerNorm at ε = 0 is not defined for x nor for x + {c}·𝟏 (0/0), so "
        "those two rows have no gap; pick an x whose coordinates differ to compare them.",
    },
    # --- QK-norm
    "beyond.qk.header": {"zh": "QK-norm：给注意力 logit 设上限", "en": "QK-norm: a cap on the attention logits"},
    "beyond.qk.text": {
        "zh": "注意力用 logit ℓⱼ = q·kⱼ/√d 比较查询 q 和每个键 kⱼ，再用 softmax 变成权重。如果训练让 q 和 k 都放大 s 倍，"
        "每个 logit 就放大 s² 倍，softmax 几乎把全部权重给一个键，熵趋于 0：Dehghani 等在 ViT-22B 中遇到的正是这种发散。"
        "QK-norm 先在每个头的 d 个坐标上归一化 q 和每个 k（Henry 等 2020 用 L2，ViT-22B 用 LayerNorm，"
        "Qwen3 和 Gemma 3 逐头用 RMSNorm；OLMo 2 对整个查询和键的投影用 RMSNorm）。ε = 0 时归一化后的向量与 s 无关，"
        "长度都是 √d（LayerNorm 的输出均值为 0，长度同样是 √d），由柯西–施瓦茨不等式，每个 logit 都被封顶："
        "|ℓⱼ| ≤ √d·maxᵢ |γ_q,ᵢ γ_k,ᵢ|。这里 γ_q = γ_k = γ·𝟏，上限就是 √d·γ²；ε > 0 只会让向量变短，上限仍然成立。",
        "en": "Attention compares a query q with each key kⱼ through the logit ℓⱼ = q·kⱼ/√d and turns the logits "
        "into weights with a softmax. If training scales q and k by s, every logit is scaled by s², the softmax "
        "gives nearly all the weight to one key and its entropy falls towards 0: the divergence Dehghani et al. "
        "met in ViT-22B. QK-norm first normalizes q and every k over the head's d coordinates (Henry et al. 2020 "
        "with L2, ViT-22B with LayerNorm, Qwen3 and Gemma 3 with RMSNorm per head; OLMo 2 applies RMSNorm to the "
        "whole query and key projections). At ε = 0 the normalized vectors do not depend on s and have length √d "
        "(LayerNorm's output has mean 0 and length √d as well), so Cauchy–Schwarz caps every logit: "
        "|ℓⱼ| ≤ √d·maxᵢ |γ_q,ᵢ γ_k,ᵢ|. Here γ_q = γ_k = γ·𝟏, so the cap is √d·γ²; ε > 0 only makes the vectors "
        "shorter, and the cap still holds.",
    },
    "beyond.qk.d": {"zh": "每个头的维数 d", "en": "Head dimension d"},
    "beyond.qk.d.help": {
        "zh": "一个查询和 {m} 个键，各 d 个坐标，由固定的随机数生成器按均值 0、方差 1 的正态分布抽取。",
        "en": "One query and {m} keys of d coordinates each, drawn from a normal distribution with mean 0 and "
        "variance 1 by a fixed random generator.",
    },
    "beyond.qk.norm": {"zh": "QK-norm 用的归一化", "en": "The norm QK-norm uses"},
    "beyond.qk.gain": {"zh": "权重 γ（γ_q = γ_k = γ·𝟏）", "en": "Weight γ (γ_q = γ_k = γ·𝟏)"},
    "beyond.qk.gain.help": {
        "zh": "训练中学到的 γ 会移动上限本身：上限是 √d·γ²。",
        "en": "The learned γ moves the cap itself: the cap is √d·γ².",
    },
    "beyond.qk.scale": {"zh": "q 和 k 的放大倍数 s", "en": "Scale s of q and k"},
    "beyond.qk.scale.help": {
        "zh": "把查询和每个键都乘以 s；图中的竖线标出这个 s。",
        "en": "The query and every key are multiplied by s; the vertical line in the chart marks this s.",
    },
    "beyond.qk.description": {
        "zh": "随 s 变化：最大的 |logit|（不归一化与 QK-norm，以及上限）、每个键的 softmax 权重、softmax 的熵。",
        "en": "Against s: the largest |logit| (plain, with QK-norm, and the cap), each key's softmax weight, and the "
        "softmax's entropy.",
    },
    "beyond.qk.reading": {
        "zh": "s = {s} 时，不归一化的 logit 最大到 |ℓ| = {plain}，即 s = 1 时的 "
        "{plain1} 乘以 s² = {square}；{softmax}熵是 {entropy} 奈特（s"
        " = 1 时 {entropy1}；{m} 个键完全平均时是 log {m} = {logm}）。用 Q"
        "K-norm 时最大的 |ℓ| 是 {normed}，低于上限 √{d}·{g}² = {bound}，"
        "熵是 {entropy_normed} 奈特，而且与 s 无关：在整段 s 从 {low} 到 "
        "{high} 的范围内，归一化后的 logit 最多变化 {spread}。",
        "en": "At s = {s} the plain logits reach |ℓ| = {plain}, their size at s = 1, {plain1}, times s² = {square}; "
        "{softmax} and its entropy is {entropy} nats (at s = 1: {entropy1}; all {m} keys equal would give log "
        "{m} = {logm}). With QK-norm the largest |ℓ| is {normed}, under the cap √{d}·{g}² = {bound}, and the "
        "entropy is {entropy_normed} nats, whatever s is: over the whole range of s from {low} to {high} the "
        "normalized logits change by at most {spread}.",
    },
    "beyond.qk.softmax.collapsed": {
        "zh": "softmax 把除 {rest} 之外的全部权重都给了一个键，",
        "en": "the softmax gives all but {rest} of the weight to one key",
    },
    "beyond.qk.softmax.spread": {
        "zh": "softmax 给权重最大的键 {top}（{m} 个键平均分配时每个是 1/{m}），",
        "en": "the softmax gives its top key {top} of the weight (1/{m} each if all {m} were equal)",
    },
    "beyond.qk.checkpoint": {
        "zh": "在检查点读取页看一个 Qwen3 式的检查点：q_norm 和 k_norm 的 γ 长度都是 head_dim",
        "en": "See a Qwen3-style checkpoint in the checkpoint reader: the γ of q_norm and k_norm are head_dim long",
    },
    # --- nGPT
    "beyond.ngpt.header": {"zh": "nGPT：一切都在球面上", "en": "nGPT: everything on the hypersphere"},
    "beyond.ngpt.text": {
        "zh": "nGPT（Loshchilov 等，2024）让隐藏状态 h 始终是单位向量（权重矩阵的行也归一化）。每个块给出一个单位向量 h_A，"
        "h 沿着连向 h_A 的弦走 α 的比例，再归一化回球面。这里 α 是一个数，h + α(h_A − h) 就在 h 和 h_A 张成的平面里，"
        "所以 h 沿着从 h 到 h_A 的大圆移动；论文为每个坐标学一个 α（一个向量），这时一步一般会离开这个大圆，但仍在球面上。"
        "Pre-Norm 则把块的整个输出加到残差流上，不再归一化，残差流的长度平均而言随深度增长。这里每个块的 h_A 是一个随机方向"
        "（两条流用同一组），Pre-Norm 块的输出是 g·h_A。",
        "en": "nGPT (Loshchilov et al., 2024) keeps the hidden state h a unit vector (and the rows of its weight "
        "matrices too). Each block proposes a unit vector h_A; h moves a fraction α of the chord towards it and is "
        "normalized back onto the sphere. With one number α, as here, h + α(h_A − h) lies in the plane of h and "
        "h_A, so h moves along the great circle from h towards h_A; the paper learns one α per coordinate (a "
        "vector), and then a step generally leaves that great circle, though not the sphere. Pre-Norm instead adds the block's whole output to the stream, which is "
        "not normalized again, and on average the stream's length grows with depth. Here each block's h_A is a random "
        "direction (the same ones for both streams), and the Pre-Norm block's output is g·h_A.",
    },
    "beyond.ngpt.alpha": {"zh": "步长 α", "en": "Step size α"},
    "beyond.ngpt.alpha.help": {
        "zh": "论文里 α 是可学习的，初始值 {start}；大一些的 α 让每一步在图上看得清楚。",
        "en": "In the paper α is learned, starting at {start}; a larger α makes each step visible in the picture.",
    },
    "beyond.ngpt.steps": {"zh": "层数 L", "en": "Layers L"},
    "beyond.ngpt.gain": {"zh": "Pre-Norm 块输出的长度 g", "en": "Length g of a Pre-Norm block's output"},
    "beyond.ngpt.gain.help": {
        "zh": "Pre-Norm 每层加上 g·h_A；g 越大，残差流长得越快。",
        "en": "Pre-Norm adds g·h_A at each layer; the larger g, the faster the stream grows.",
    },
    "beyond.ngpt.description": {
        "zh": "单位球面上 nGPT 的残差流（沿大圆的弧）、各块给出的方向 h_A，以及离开球面的 Pre-Norm 残差流。",
        "en": "nGPT's stream on the unit sphere (arcs of great circles), the blocks' directions h_A, and the Pre-Norm "
        "stream leaving the sphere.",
    },
    "beyond.ngpt.reading": {
        "zh": "L = {steps} 层之后，每个 ‖hₗ‖ 都等于 1，误差不超过 {off}；每一步平均转过 "
        "{angle}°（α = {alpha}）。从同一个 h₀ 出发（‖h₀‖ = {start}），这一次"
        "抽到的 Pre-Norm 残差流最后 ‖h_L‖ = {pre}。对与 h 无关的随机方向，‖h_L‖²"
        " 的期望是 ‖h₀‖² + L·g²，其平方根为 {expected}（g = {g}）：平均而言长度随"
        "层数增长；而单独一次抽样是一次随机游走，中途也可能变短。nGPT 的长度始终是 1。",
        "en": "With L = {steps}, every ‖hₗ‖ equals 1 within {off}; each step turns h by {angle}° on average (α = "
        "{alpha}). Started from the same h₀ (‖h₀‖ = {start}), this draw of the Pre-Norm stream ends at ‖h_L‖ = "
        "{pre}. For random directions unrelated to h the expected ‖h_L‖² is ‖h₀‖² + L·g², whose square root is "
        "{expected} (g = {g}): on average the length grows with the number of layers, while one draw is a random "
        "walk that may also shrink for a while. nGPT's length stays 1.",
    },
    # --- Peri-Norm
    "beyond.peri.header": {"zh": "三明治归一化与 Peri-LN", "en": "Sandwich norms and Peri-LN"},
    "beyond.peri.text": {
        "zh": "Peri-LN（Kim 等，2025）和 Gemma 2 的“三明治”做法在子层的输入之外，还把子层的输出归一化，然后才加到残差流上；"
        "残差流本身不归一化。于是每层加上一个长度约为 √D 的向量（输出归一化的球面半径），残差流大致按 √(‖h₀‖² + L·D) 增长。"
        "下图是“Pre-Norm 与 Post-Norm”页的默认玩具网络（RMSNorm，初始化时），只画 Pre-Norm、Peri-Norm 和 nGPT；"
        "那一页还能改深度、宽度、输入尺度和增益，看 float16 在哪一层溢出。",
        "en": "Peri-LN (Kim et al., 2025) and Gemma 2's \"sandwich\" normalize each sublayer's output as well as its "
        "input before it joins the residual stream; the stream itself is not normalized. So every layer adds a "
        "vector of length about √D (the output norm's sphere), and the stream grows roughly like "
        "√(‖h₀‖² + L·D). The chart is the Pre- vs Post-Norm page's default toy stack (RMSNorm, at initialization) "
        "with Pre-Norm, Peri-Norm and nGPT drawn; on that page depth, width, input scale and gain can change, and "
        "it shows the layer where float16 overflows.",
    },
    "beyond.peri.description": {
        "zh": "玩具网络逐层的残差流长度、梯度长度和最大绝对值：Pre-Norm、Peri-Norm 和 nGPT。",
        "en": "The toy stack layer by layer, stream length, gradient length and largest absolute value: Pre-Norm, "
        "Peri-Norm and nGPT.",
    },
    "beyond.peri.reading": {
        "zh": "这个网络有 {depth} 层、宽度 D = {width}，输入长度 ‖h₀‖ = {start}。Peri-Norm 的残差流长到 {peri}，"
        "接近估计值 √(‖h₀‖² + L·D) = {estimate}；Pre-Norm 的长到 {pre}。nGPT 的残差流在玩具网络里留在 RMSNorm 的球面上"
        "（半径 √D = {root}，而不是 nGPT 的单位球面）：顶层是 {ngpt}。",
        "en": "This stack has {depth} layers of width D = {width}, and its input has length ‖h₀‖ = {start}. Peri-Norm's "
        "stream grows to {peri}, close to the estimate √(‖h₀‖² + L·D) = {estimate}; Pre-Norm's grows to {pre}. "
        "In the toy, nGPT's stream stays on RMSNorm's sphere (radius √D = {root}, instead of nGPT's unit sphere): "
        "at the top it is {ngpt}.",
    },
    "beyond.peri.no_torch": {
        "zh": "玩具网络用 torch 运行（需要自动求导），这台服务器上没有安装 torch，所以这里不画图。",
        "en": "The toy stack runs in torch (it needs autograd), and torch is not installed on this server, so there "
        "is no chart here.",
    },
    "beyond.peri.link": {
        "zh": "在“Pre-Norm 与 Post-Norm”页打开这个网络，只显示 Pre、Peri 和 nGPT",
        "en": "Open this stack on the Pre- vs Post-Norm page with Pre, Peri and nGPT shown",
    },
    # --- outliers
    "beyond.out.header": {"zh": "一个巨大的激活值", "en": "One massive activation"},
    "beyond.out.text": {
        "zh": "训练好的语言模型里会长出极少数比其余坐标大几个数量级的激活：Sun 等（2024）称之为巨大激活值（massive activations）；"
        "Qiu 等（2026）把几乎每个词元都在同一批维度上出现的这种激活称为残差汇聚，并认为离群值和归一化一起，"
        "相当于把其余所有坐标整体缩小。这里 x 有 D 个坐标：一个离群值 s，其余 D − 1 个 r 由固定的随机数生成器"
        "按均值 0、方差 1 的正态分布抽取。上图：随着 s 增大，其他坐标的输出被乘以什么因子；下图：所选 s 时前面几个坐标的输出（最多 16 个）。",
        "en": "Trained language models grow a very few activations orders of magnitude larger than the rest: Sun et "
        "al. (2024) call them massive activations; Qiu et al. (2026) call those that sit in the same dimensions "
        "for nearly every token residual sinks, and argue that the outlier together with the norm amounts to "
        "scaling every other coordinate down. Here x has D coordinates: one outlier s, and D − 1 ordinary ones, r, "
        "drawn from a normal distribution with mean 0 and variance 1 by a fixed random generator. The upper chart: "
        "the factor by which the other coordinates' outputs are multiplied as s grows; the lower one: the outputs of the first "
        "coordinates (at most 16) at the chosen s.",
    },
    "beyond.out.s": {"zh": "离群值 s", "en": "Outlier s"},
    "beyond.out.s.help": {
        "zh": "x 的第一个坐标；其余坐标固定不变。",
        "en": "The first coordinate of x; the others stay fixed.",
    },
    "beyond.out.D": {"zh": "维数 D", "en": "Dimension D"},
    "beyond.out.description": {
        "zh": "其他坐标的输出随 s 缩放的因子（RMSNorm、LayerNorm、DyT，公式与库的实测），以及所选 s 时的前几个输出。",
        "en": "The factor by which the other coordinates' outputs scale with s (RMSNorm, LayerNorm, DyT; formula and "
        "the library's measurement), and the first few outputs at the chosen s.",
    },
    "beyond.out.rms": {
        "zh": "**RMSNorm.** s = {s}（D = {dim}，‖r‖ = {rest}）时，与 s = 0 相比，其他每个输出都乘以 "
        "f(s) = 1/√(1 + s²/‖r‖²) = {factor}；由库的输出实测为 {measured}（最大差 {error}）。离群值自己的输出是 {own}；"
        "s 增大时它趋于 √D = {root}，其余输出则趋于 0。",
        "en": "**RMSNorm.** At s = {s} (D = {dim}, ‖r‖ = {rest}), compared with s = 0, every other output is "
        "multiplied by f(s) = 1/√(1 + s²/‖r‖²) = {factor}; measured on the library's outputs: {measured} (largest "
        "difference {error}). The outlier's own output is {own}; as s grows it tends to √D = {root}, while the "
        "others tend to 0.",
    },
    "beyond.out.ln": {
        "zh": "**LayerNorm.** 其他输出变成 a(s)·(rⱼ − r̄) + b(s)：与 s = r̄（离群值不改变均值）时相比，它们的离散程度乘以 {factor}，"
        "并且整体平移 b(s) = {shift}；s → +∞ 时 b(s) 趋于 −1/√(D − 1) = {limit}，其余输出挤到同一个值上，"
        "离群值自己的输出（现在是 {own}）趋于 √(D − 1) = {root}。",
        "en": "**LayerNorm.** The other outputs become a(s)·(rⱼ − r̄) + b(s): compared with s = r̄ (where the outlier "
        "does not move the mean), their spread is multiplied by {factor}, and they all shift by b(s) = {shift}; as "
        "s → +∞, b(s) tends to −1/√(D − 1) = {limit}, the others collapse onto one value, and the outlier's own "
        "output (now {own}) tends to √(D − 1) = {root}.",
    },
    "beyond.out.dyt": {
        "zh": "**DyT**（α = {alpha}）逐个坐标处理：其他输出的变化是 {change}，离群值的输出是"
        " tanh(α·s) = {own}，不超过 1。在整段 {count} 个 s（从 0 到 "
        "{high}）上，RMSNorm 和 LayerNorm 的公式与库的输出相差不超过 {error}。",
        "en": "**DyT** (α = {alpha}) treats each coordinate alone: the other outputs change by {change}, and the "
        "outlier's is tanh(α·s) = {own}, at most 1. Over the whole sweep of {count} values of s from 0 to "
        "{high}, the formulas for RMSNorm and LayerNorm agree with the library's outputs within {error}.",
    },
    "beyond.out.model_link": {
        "zh": "在“真实模型”页看一个训练好的模型自己的离群坐标",
        "en": "See a trained model's own outlier coordinates on the real-model page",
    },
    # --- the figures (normviz.figures.beyond)
    # --- shared -------------------------------------------------------------------------------------------
    "beyond.fig.dyt": {"zh": "DyT", "en": "DyT"},
    "beyond.fig.derf": {"zh": "Derf", "en": "Derf"},
    "beyond.fig.eps": {"zh": "ε = {eps}", "en": "ε = {eps}"},
    "beyond.fig.eps_pair": {
        "zh": "ε = {ln}（LayerNorm）、{rms}（RMSNorm）",
        "en": "ε = {ln} (LayerNorm), {rms} (RMSNorm)",
    },
    "beyond.fig.current": {"zh": "当前 s = {s}", "en": "current s = {s}"},
    "beyond.fig.step": {"zh": "第 {l} 步", "en": "step {l}"},
    # --- DyT beside LayerNorm and RMSNorm ---------------------------------------------------------------
    "beyond.fig.dyt.title": {
        "zh": "DyT、LayerNorm、RMSNorm：α = {alpha}，{eps}",
        "en": "DyT, LayerNorm, RMSNorm: α = {alpha}, {eps}",
    },
    "beyond.fig.dyt.box2": {
        "zh": "DyT 的输出（γ = 1，β = 0）：都在开正方形 (−1, 1)² 内",
        "en": "DyT's outputs (γ = 1, β = 0): inside the open square (−1, 1)²",
    },
    "beyond.fig.dyt.box3": {
        "zh": "DyT 的输出（γ = 1，β = 0）：都在开立方体 (−1, 1)³ 内",
        "en": "DyT's outputs (γ = 1, β = 0): inside the open cube (−1, 1)³",
    },
    "beyond.fig.dyt.rms2": {
        "zh": "ε = 0 时 RMSNorm 的落点：半径 √2 的圆",
        "en": "RMSNorm at ε = 0: the circle of radius √2",
    },
    "beyond.fig.dyt.rms3": {
        "zh": "ε = 0 时 RMSNorm 的落点：半径 √3 的球面",
        "en": "RMSNorm at ε = 0: the sphere of radius √3",
    },
    "beyond.fig.dyt.ln2": {
        "zh": "ε = 0 时 LayerNorm 的落点：只有 ±(1, −1) 两个点",
        "en": "LayerNorm at ε = 0: only the two points ±(1, −1)",
    },
    "beyond.fig.dyt.ln3": {
        "zh": "ε = 0 时 LayerNorm 的落点：平面 x₁ + x₂ + x₃ = 0 上半径 √3 的圆",
        "en": "LayerNorm at ε = 0: the circle of radius √3 in the plane x₁ + x₂ + x₃ = 0",
    },
    "beyond.fig.dyt.ray": {"zh": "射线 t·x（t ≥ 0）", "en": "the ray t·x (t ≥ 0)"},
    "beyond.fig.dyt.curve": {
        "zh": "DyT(t·x)，0 ≤ t ≤ {reach}：从原点出发，趋向方盒上的 sign(x)",
        "en": "DyT(t·x), 0 ≤ t ≤ {reach}: from the origin towards sign(x) on the box",
    },
    "beyond.fig.dyt.out": {"zh": "{method}(x)", "en": "{method}(x)"},
    "beyond.fig.dyt.title_derf": {
        "zh": "DyT、Derf（s = {s}）、LayerNorm、RMSNorm：α = {alpha}，{eps}",
        "en": "DyT, Derf (s = {s}), LayerNorm, RMSNorm: α = {alpha}, {eps}",
    },
    "beyond.fig.dyt.box2.shared": {
        "zh": "DyT 和 Derf 对整个平面的像：开正方形 (−1, 1)²",
        "en": "DyT's and Derf's image of the whole plane: the open square (−1, 1)²",
    },
    "beyond.fig.dyt.box3.shared": {
        "zh": "DyT 和 Derf 对整个空间的像：开立方体 (−1, 1)³",
        "en": "DyT's and Derf's image of all of space: the open cube (−1, 1)³",
    },
    "beyond.fig.dyt.image": {
        "zh": "{method} 对图中方盒的像：{box}",
        "en": "{method}'s image of the box drawn: {box}",
    },
    "beyond.fig.dyt.derf_curve": {
        "zh": "Derf(t·x)，0 ≤ t ≤ {reach}：从 erf({s})·𝟏 出发",
        "en": "Derf(t·x), 0 ≤ t ≤ {reach}: from erf({s})·𝟏",
    },
    # --- tanh and erf ------------------------------------------------------------------------------------
    "beyond.fig.squash.title": {
        "zh": "tanh(α·x) 与 erf(α·x + s)：α = {alpha}，s = {s}",
        "en": "tanh(α·x) and erf(α·x + s): α = {alpha}, s = {s}",
    },
    "beyond.fig.squash.x": {"zh": "输入 x（一个坐标）", "en": "input x (one coordinate)"},
    "beyond.fig.squash.y": {"zh": "输出 y", "en": "output y"},
    "beyond.fig.squash.bounds": {"zh": "界 ±1（达不到）", "en": "the bound ±1 (never reached)"},
    "beyond.fig.squash.dyt": {"zh": "DyT：tanh({alpha}·x)", "en": "DyT: tanh({alpha}·x)"},
    "beyond.fig.squash.derf": {"zh": "Derf：erf({alpha}·x + {s})", "en": "Derf: erf({alpha}·x + {s})"},
    "beyond.fig.squash.tangent": {
        "zh": "{method} 在 x = 0 处的切线，斜率 {slope}",
        "en": "{method}'s tangent at x = 0, slope {slope}",
    },
    "beyond.fig.squash.sat": {
        "zh": "{method} 在 x = {lo} 和 {hi} 处达到 ∓{q}",
        "en": "{method} reaches ∓{q} at x = {lo} and {hi}",
    },
    "beyond.fig.squash.centre": {"zh": "Derf 的中心 x = −s/α = {x}", "en": "Derf's centre x = −s/α = {x}"},
    # --- Jacobians ------------------------------------------------------------------------------------------
    "beyond.fig.jac.title": {"zh": "x 处的雅可比矩阵 ∂yᵢ/∂xⱼ", "en": "The Jacobian ∂yᵢ/∂xⱼ at x"},
    "beyond.fig.jac.x": {"zh": "j（输入 xⱼ）", "en": "j (input xⱼ)"},
    "beyond.fig.jac.y": {"zh": "i（输出 yᵢ）", "en": "i (output yᵢ)"},
    "beyond.fig.jac.scale": {"zh": "∂yᵢ/∂xⱼ 的值", "en": "value of ∂yᵢ/∂xⱼ"},
    "beyond.fig.jac.hover": {
        "zh": "i = {i}，j = {j}：∂yᵢ/∂xⱼ = {value}",
        "en": "i = {i}, j = {j}: ∂yᵢ/∂xⱼ = {value}",
    },
    # --- QK-norm --------------------------------------------------------------------------------------------
    "beyond.fig.qk.title": {"zh": "q 和每个键都乘以 s", "en": "q and every key scaled by s"},
    "beyond.fig.qk.max.title": {"zh": "各键中最大的 |logit|", "en": "The largest |logit| over the keys"},
    "beyond.fig.qk.probs.title": {
        "zh": "各键的概率 pⱼ（虚线：不归一化；实线：QK-norm）",
        "en": "pⱼ per key (dashed: plain; solid: QK-norm)",
    },
    "beyond.fig.qk.entropy.title": {"zh": "softmax 的熵（单位：奈特）", "en": "The softmax's entropy (in nats)"},
    "beyond.fig.qk.x": {"zh": "q 和键的缩放倍数 s（对数刻度）", "en": "scale s of q and the keys (log scale)"},
    "beyond.fig.qk.max.y": {"zh": "max |ℓⱼ|", "en": "max |ℓⱼ|"},
    "beyond.fig.qk.probs.y": {"zh": "概率 pⱼ", "en": "probability pⱼ"},
    "beyond.fig.qk.entropy.y": {"zh": "熵 H（奈特）", "en": "entropy H (nats)"},
    "beyond.fig.qk.plain": {"zh": "不归一化：q·k/√d", "en": "plain: q·k/√d"},
    "beyond.fig.qk.normed": {"zh": "加 QK-norm（{norm}）", "en": "with QK-norm ({norm})"},
    "beyond.fig.qk.bound": {
        "zh": "QK-norm 的上界 √d·max|γ_q γ_k| = {value}",
        "en": "QK-norm's bound √d·max|γ_q γ_k| = {value}",
    },
    "beyond.fig.qk.key": {"zh": "键 {k}", "en": "key {k}"},
    "beyond.fig.qk.entropy_max": {
        "zh": "log m = {value}（各键概率相等时）",
        "en": "log m = {value} (all keys equally likely)",
    },
    # --- nGPT on the sphere, the Pre-Norm stream off it --------------------------------------------------
    "beyond.fig.sphere.title": {
        "zh": "nGPT 留在单位球面上，Pre-Norm 离开它",
        "en": "nGPT on the unit sphere, Pre-Norm off it",
    },
    "beyond.fig.sphere.unit": {"zh": "单位球面 ‖h‖ = 1", "en": "unit sphere ‖h‖ = 1"},
    "beyond.fig.sphere.arcs": {
        "zh": "nGPT：h ← Norm(h + α·(h_A − h))，α = {alpha}",
        "en": "nGPT: h ← Norm(h + α·(h_A − h)), α = {alpha}",
    },
    "beyond.fig.sphere.points": {"zh": "nGPT 的 h₀ … h_L", "en": "nGPT's h₀ … h_L"},
    "beyond.fig.sphere.targets": {"zh": "各块给出的方向 h_A", "en": "the blocks' suggestions h_A"},
    "beyond.fig.sphere.pre": {
        "zh": "Pre-Norm 残差流：h ← h + g·h_A，g = {gain}",
        "en": "Pre-Norm stream: h ← h + g·h_A, g = {gain}",
    },
    "beyond.fig.sphere.start": {"zh": "起点 h₀", "en": "start h₀"},
    # --- the stream's length --------------------------------------------------------------------------------
    "beyond.fig.norms.title": {"zh": "残差流的长度 ‖hₗ‖，一步一步", "en": "The stream's length ‖hₗ‖, step by step"},
    "beyond.fig.norms.x": {"zh": "步数 l（0 = 起点）", "en": "step l (0 = start)"},
    "beyond.fig.norms.y": {"zh": "长度 ‖hₗ‖", "en": "length ‖hₗ‖"},
    "beyond.fig.norms.ngpt": {"zh": "nGPT：‖hₗ‖ = 1", "en": "nGPT: ‖hₗ‖ = 1"},
    "beyond.fig.norms.pre": {"zh": "Pre-Norm：‖hₗ‖，没有什么把它缩回", "en": "Pre-Norm: ‖hₗ‖, nothing scales it back"},
    "beyond.fig.norms.expected": {
        "zh": "期望 ‖hₗ‖² 的平方根：√(‖h₀‖² + l·g²)，g = {gain}",
        "en": "√(expected ‖hₗ‖²) = √(‖h₀‖² + l·g²), g = {gain}",
    },
    # --- one outlier ----------------------------------------------------------------------------------------
    "beyond.fig.out.title": {
        "zh": "D = {D} 个坐标中有一个离群值 s（{eps}）",
        "en": "One outlier s among D = {D} ({eps})",
    },
    "beyond.fig.out.factor.title": {"zh": "其他坐标的输出被乘上的倍数", "en": "Factor on the other outputs"},
    "beyond.fig.out.factor.x": {"zh": "离群值 s（对数刻度）", "en": "outlier s (log scale)"},
    "beyond.fig.out.factor.y": {"zh": "倍数", "en": "factor"},
    "beyond.fig.out.rms": {"zh": "RMSNorm：公式", "en": "RMSNorm: formula"},
    "beyond.fig.out.rms_measured": {"zh": "RMSNorm：实测", "en": "RMSNorm: measured"},
    "beyond.fig.out.ln": {"zh": "LayerNorm 的离散程度：公式", "en": "LayerNorm's spread: formula"},
    "beyond.fig.out.ln_measured": {"zh": "LayerNorm 的离散程度：实测", "en": "LayerNorm's spread: measured"},
    "beyond.fig.out.dyt": {"zh": "DyT：不变（倍数 1）", "en": "DyT: unchanged (factor 1)"},
    "beyond.fig.out.coords.title": {
        "zh": "各坐标的输出（离群值 x{sub} = {s}）",
        "en": "Outputs by coordinate (outlier x{sub} = {s})",
    },
    "beyond.fig.out.coords.x": {"zh": "坐标 j", "en": "coordinate j"},
    "beyond.fig.out.coords.y": {"zh": "输出 yⱼ", "en": "output yⱼ"},
    "beyond.fig.out.coords": {"zh": "{method}：各坐标的输出", "en": "{method}: each coordinate's output"},
    "beyond.fig.out.outlier": {
        "zh": "离群坐标的输出（▲ ▼：超出范围）",
        "en": "the outlier's outputs (▲ ▼: off the scale)",
    },
    "beyond.fig.out.note": {"zh": "x{sub} 的输出：", "en": "x{sub}'s outputs:"},
}
