"""Strings of the Family page (家族 / Family): one formula, eight methods; data vs model; parameter counts."""

STRINGS = {
    "nav.family": {"zh": "归一化家族", "en": "The family"},
    "overview.page.family": {
        "zh": "把 L2、RMSNorm、LayerNorm、BatchNorm、标准化、min-max 和 softmax 写成同一个式子，逐项核对它们的输出满足什么，"
        "并数一数各自有多少参数。",
        "en": "L2, RMSNorm, LayerNorm, BatchNorm, standardization, min-max and softmax written as one formula, each "
        "output checked against what it should satisfy, and the parameters of each layer counted.",
    },
    "family.title": {
        "zh": "归一化家族：同一个式子，不同的 c 和 s",
        "en": "The normalization family: one formula, different c and s",
    },
    "family.intro": {
        "zh": "几乎每种归一化都可以写成 x̂ = (x − c) / s：先减去一个中心 c，再除以一个尺度 s。"
        "各方法的差别只在于 c 和 s 取什么、在哪些数上统计，于是输出满足的条件也不同。"
        "下表把这些条件在你输入的 x 上逐一算出来：✓ 表示在 float64 下成立（误差 ≤ 1e-9），✗ 表示不成立。",
        "en": "Almost every normalization can be written x̂ = (x − c) / s: subtract a centre c, divide by a scale s. "
        "The methods differ only in what c and s are and over which numbers they are computed, so their outputs "
        "satisfy different conditions. The table below computes each condition on your x: ✓ means it holds in "
        "float64 (to within 1e-9), ✗ means it does not.",
    },
    "family.x": {"zh": "输入 x（3 个分量）", "en": "input x (3 components)"},
    "family.x.help": {
        "zh": "三个数，用逗号或空格分隔，每个分量的绝对值不超过 10。BatchNorm 和标准化把 x 当作一个小批次的第一个样本。",
        "en": "Three numbers separated by commas or spaces, each at most 10 in absolute value. BatchNorm and "
        "standardization treat x as the first sample of a small batch.",
    },
    "family.col.method": {"zh": "方法", "en": "method"},
    "family.col.c": {"zh": "中心 c", "en": "centre c"},
    "family.col.s": {"zh": "尺度 s", "en": "scale s"},
    "family.col.output": {"zh": "x 的输出", "en": "output for x"},
    "family.col.simplex": {"zh": "Σy=1, y>0", "en": "Σy=1, y>0"},
    "family.col.unit_range": {"zh": "y∈[0,1]", "en": "y∈[0,1]"},
    "family.col.standard": {"zh": "均值 0、方差 1", "en": "mean 0, var 1"},
    "family.col.mean_square": {"zh": "均方 1", "en": "mean y²=1"},
    "family.col.unit_norm": {"zh": "‖y‖=1", "en": "‖y‖=1"},
    "method.bfln": {"zh": "无偏置 LayerNorm", "en": "bias-free LayerNorm"},
    "method.bn": {"zh": "BatchNorm", "en": "BatchNorm"},
    "method.std": {"zh": "标准化（z 分数）", "en": "standardization (z-score)"},
    "method.minmax": {"zh": "min-max 缩放", "en": "min-max scaling"},
    "method.softmax": {"zh": "softmax", "en": "softmax"},
    "family.c.l2": {"zh": "0", "en": "0"},
    "family.s.l2": {"zh": "‖x‖₂", "en": "‖x‖₂"},
    "family.c.rms": {"zh": "0", "en": "0"},
    "family.s.rms": {"zh": "RMS(x) = √(mean(x²))", "en": "RMS(x) = √(mean(x²))"},
    "family.c.ln": {"zh": "μ：x 各分量的均值", "en": "μ: the mean of x's components"},
    "family.s.ln": {"zh": "σ：x 各分量的标准差（除以 n）", "en": "σ: the std of x's components (divide by n)"},
    "family.c.bfln": {"zh": "μ（同 LayerNorm）", "en": "μ (as LayerNorm)"},
    "family.s.bfln": {"zh": "σ（同 LayerNorm）；之后只乘 γ，不加 β", "en": "σ (as LayerNorm); then γ only, no β"},
    "family.c.bn": {"zh": "μ_B：每个特征在这一批样本上的均值", "en": "μ_B: each feature's mean over the batch"},
    "family.s.bn": {
        "zh": "σ_B：每个特征在这一批上的标准差（除以 n）",
        "en": "σ_B: each feature's std over the batch (divide by n)",
    },
    "family.c.std": {
        "zh": "μ：每个特征（列）在整个数据集上的均值",
        "en": "μ: each feature's (column's) mean over the data set",
    },
    "family.s.std": {"zh": "σ：每列的标准差（除以 n）", "en": "σ: each column's std (divide by n)"},
    "family.c.minmax": {"zh": "min x", "en": "min x"},
    "family.s.minmax": {"zh": "max x − min x", "en": "max x − min x"},
    "family.c.softmax": {
        "zh": "max x（只为防止 exp 溢出，会约掉）",
        "en": "max x (only against overflow in exp; it cancels)",
    },
    "family.s.softmax": {
        "zh": "Σ exp(x − c)；输出是 exp(x − c) / s，不是 (x − c) / s",
        "en": "Σ exp(x − c); the output is exp(x − c) / s, not (x − c) / s",
    },
    "family.table.caption": {
        "zh": "所有输出按 ε = 0、γ = 1、β = 0 计算；有了 γ、β，这些条件约束的是 x̂，不再是 y。"
        "L2、RMSNorm、两种 LayerNorm、min-max 和 softmax 的条件在 x 这一行上检查；BatchNorm 和标准化的条件在批次的每一列（每个特征跨样本）上检查，"
        "批次是 x 加上固定的三个样本 {others}。两者在 ε = 0 时数值相同：区别在于统计量从哪里来——标准化在训练前用整个数据集算一次，"
        "BatchNorm 在训练时用每个小批次现算（推理时改用滑动平均），而且带可学习的 γ、β。"
        "无偏置 LayerNorm 在 γ = 1 时与 LayerNorm 相同，差别只在参数（见最后一节）。",
        "en": "All outputs at ε = 0, γ = 1, β = 0; with γ and β the conditions constrain x̂, not y. The conditions of "
        "L2, RMSNorm, both LayerNorms, min-max and softmax are checked on the row x; those of BatchNorm and "
        "standardization on every "
        "column of a batch (each feature across the samples), the batch being x and three fixed samples {others}. "
        "At ε = 0 the two give the same numbers: they differ in where the statistics come from — standardization "
        "computes them once from the whole data set before training, BatchNorm from each mini-batch during training "
        "(running averages at inference) — and BatchNorm has learnable γ and β. Bias-free LayerNorm equals "
        "LayerNorm at γ = 1; it differs in its parameters (last section).",
    },
    "family.space.header": {"zh": "三维里看：每种方法把 x 送到哪里", "en": "In 3D: where each method sends x"},
    "family.space.caption": {
        "zh": "ε = 0、γ = 1、β = 0。L2 落在单位球面上，RMSNorm 落在半径 √3 的球面上，LayerNorm 落在平面 x₁ + x₂ + x₃ = 0 里"
        "半径 √3 的圆上；softmax 落在以 (1,0,0)、(0,1,0)、(0,0,1) 为顶点的三角形（概率单纯形）内部；"
        "min-max 让最小分量为 0、最大分量为 1，所以落在单位立方体的六条棱组成的环上（常数 x 例外：它被映到 0）。",
        "en": "ε = 0, γ = 1, β = 0. L2 lands on the unit sphere, RMSNorm on the sphere of radius √3, LayerNorm on the "
        "circle of radius √3 in the plane x₁ + x₂ + x₃ = 0; softmax lands inside the triangle with corners (1,0,0), "
        "(0,1,0), (0,0,1) (the probability simplex); min-max makes the smallest component 0 and the largest 1, so it "
        "lands on a loop of six edges of the unit cube (except a constant x, which goes to 0).",
    },
    "family.constant": {
        "zh": "x 的三个分量相等：LayerNorm 在 ε = 0 时是 0/0 = NaN（图中不画），min-max 按约定给出 0。",
        "en": "x has three equal components: LayerNorm at ε = 0 is 0/0 = NaN (not drawn), and min-max gives 0 by "
        "convention.",
    },
    "family.zero": {
        "zh": "x 是零向量：L1、L2、L∞ 归一化、RMSNorm 和 LayerNorm 在 ε = 0 时都是 0/0 = NaN（图中不画）。",
        "en": "x is the zero vector: L1, L2 and L∞ normalization, RMSNorm and LayerNorm at ε = 0 are all 0/0 = NaN "
        "(not drawn).",
    },
    "family.set.unit_sphere": {"zh": "单位球面 ‖y‖ = 1（L2）", "en": "unit sphere ‖y‖ = 1 (L2)"},
    "family.set.sqrt3_sphere": {"zh": "半径 √3 的球面（RMSNorm）", "en": "sphere of radius √3 (RMSNorm)"},
    "family.set.ln_circle": {
        "zh": "平面 Σy = 0 中半径 √3 的圆（LayerNorm）",
        "en": "circle of radius √3 in Σy = 0 (LayerNorm)",
    },
    "family.set.simplex": {
        "zh": "概率单纯形 Σy = 1, y > 0（softmax）",
        "en": "probability simplex Σy = 1, y > 0 (softmax)",
    },
    "family.set.cube": {"zh": "单位立方体 [0, 1]³", "en": "unit cube [0, 1]³"},
    "family.set.minmax_loop": {"zh": "min 0 且 max 1 的棱（min-max）", "en": "edges with min 0 and max 1 (min-max)"},
    # x / ‖x‖_p
    "family.p.header": {"zh": "同一个式子：x / ‖x‖_p", "en": "One formula: x / ‖x‖_p"},
    "family.p.text": {
        "zh": "L2 归一化是一组式子 y = x / ‖x‖_p 中的一个，它们只是范数不同：‖x‖₁ = |x₁| + … + |xₙ|，"
        "‖x‖₂ = √(x₁² + … + xₙ²)，‖x‖_∞ = max |xᵢ|。每一个都只是把 x 除以一个正数，所以 y 与 x 方向相同，"
        "落在这个范数等于 1 的地方，也就是它的单位球面：p = 1 时是正八面体，p = 2 时是圆球面，p = ∞ 时是立方体的表面。"
        "softmax 是对 exp(x − max x) 做 p = 1 的归一化：这些数全是正的，它们的 L1 范数就是它们的和，"
        "除以它得到概率单纯形上的一点，也就是正八面体上各分量都为正的那个面。"
        "RMSNorm 和 LayerNorm 是 p = 2 的情形再乘以 √n：ε = 0、γ = 1、β = 0 时，RMSNorm(x) = √n · x / ‖x‖₂，"
        "LayerNorm(x) = √n · (x − μ·𝟏) / ‖x − μ·𝟏‖₂。",
        "en": "L2 normalization is one of a family of formulas, y = x / ‖x‖_p, that differ only in the norm: "
        "‖x‖₁ = |x₁| + … + |xₙ|, ‖x‖₂ = √(x₁² + … + xₙ²) and ‖x‖_∞ = max |xᵢ|. Each divides x by one positive "
        "number, so y points the same way as x and lands where that norm equals 1, on its unit sphere: an "
        "octahedron for p = 1, the round sphere for p = 2, the surface of a cube for p = ∞. Softmax is the p = 1 "
        "case applied to exp(x − max x): those numbers are all positive, so their L1 norm is simply their sum, and "
        "dividing by it gives a point of the probability simplex, the octahedron's face where every component is "
        "positive. RMSNorm and LayerNorm are the p = 2 case times √n: at ε = 0, γ = 1, β = 0, "
        "RMSNorm(x) = √n · x / ‖x‖₂ and LayerNorm(x) = √n · (x − μ·𝟏) / ‖x − μ·𝟏‖₂.",
    },
    "family.p.l1": {"zh": "L1：x / ‖x‖₁", "en": "L1: x / ‖x‖₁"},
    "family.p.l2": {"zh": "L2：x / ‖x‖₂", "en": "L2: x / ‖x‖₂"},
    "family.p.linf": {"zh": "L∞：x / ‖x‖_∞", "en": "L∞: x / ‖x‖_∞"},
    "family.p.softmax": {"zh": "softmax：e / ‖e‖₁，e = exp(x − max x)", "en": "softmax: e / ‖e‖₁, e = exp(x − max x)"},
    "family.p.col.method": {"zh": "归一化", "en": "normalization"},
    "family.p.col.divided": {"zh": "被除的向量", "en": "vector divided"},
    "family.p.col.norm": {"zh": "它的范数 ‖·‖_p", "en": "its norm ‖·‖_p"},
    "family.p.col.output": {"zh": "输出 y", "en": "output y"},
    "family.p.col.check": {"zh": "‖y‖_p", "en": "‖y‖_p"},
    "family.p.set.l1": {
        "zh": "L1 单位球面 |y₁| + |y₂| + |y₃| = 1（正八面体）",
        "en": "L1 unit sphere |y₁| + |y₂| + |y₃| = 1 (octahedron)",
    },
    "family.p.set.l2": {"zh": "L2 单位球面 ‖y‖₂ = 1", "en": "L2 unit sphere ‖y‖₂ = 1"},
    "family.p.set.linf": {
        "zh": "L∞ 单位球面 max |yᵢ| = 1（立方体表面）",
        "en": "L∞ unit sphere max |yᵢ| = 1 (surface of a cube)",
    },
    "family.p.set.simplex": {"zh": "单纯形 Σy = 1, y > 0（softmax）", "en": "simplex Σy = 1, y > 0 (softmax)"},
    "family.p.ray_x": {"zh": "过 x 的射线", "en": "ray through x"},
    "family.p.ray_exp": {"zh": "过 exp(x − max x) 的射线", "en": "ray through exp(x − max x)"},
    "family.p.exp": {"zh": "exp(x − max x)", "en": "exp(x − max x)"},
    "family.p.caption": {
        "zh": "ε = 0。点线从原点出发穿过 x：L1、L2、L∞ 归一化的输出都在这条射线上，分别是它与三个单位球面的交点。"
        "另一条点线穿过 exp(x − max x)（空心圆）：softmax 的输出是它与正八面体的交点，落在阴影三角形（单纯形）里。"
        "视野固定在 ±1.5（每个输出都满足 |yᵢ| ≤ 1），x 本身可能在视野之外，图中只画出它的方向。",
        "en": "ε = 0. One dotted line runs from the origin through x: the outputs of L1, L2 and L∞ normalization all "
        "lie on it, where it meets each unit sphere. The other runs through exp(x − max x) (the open circle): "
        "softmax is where that ray meets the octahedron, inside the shaded triangle (the simplex). The view is "
        "fixed at ±1.5, since every output has |yᵢ| ≤ 1; x itself may lie outside it, so only its direction is drawn.",
    },
    "family.data.header": {"zh": "数据归一化与模型归一化", "en": "Normalizing data vs normalizing inside a model"},
    "family.data.text": {
        "zh": "同一个词指两件事。数据归一化在数据进入模型之前做一次，统计量来自数据集，属于数据处理；"
        "模型里的归一化（LayerNorm、RMSNorm、BatchNorm）是网络的一层，每次前向都重新计算，目的是让各层之间的数值尺度稳定。",
        "en": "The word names two things. Data normalization happens once, before the data enter the model, with "
        "statistics of the data set: it is data preparation. Normalization inside a model (LayerNorm, RMSNorm, "
        "BatchNorm) is a layer of the network, recomputed in every forward pass to keep the scale of the numbers "
        "steady from layer to layer.",
    },
    "family.pixels.header": {"zh": "像素 0–255 → [0, 1]", "en": "Pixels 0–255 → [0, 1]"},
    "family.pixels": {"zh": "像素值（0 到 255，最多 16 个）", "en": "pixel values (0 to 255, at most 16)"},
    "family.pixels.text": {
        "zh": "8 位图像的取值范围事先就知道是 0 到 255，所以通常直接除以 255。用数据自己的最小值和最大值做 min-max，"
        "只有当这些像素里恰好有 0 和 255 时两者才一样。",
        "en": "The range of an 8-bit image is known in advance, 0 to 255, so one usually divides by 255. Min-max with "
        "the data's own minimum and maximum agrees with that only when the pixels include both 0 and 255.",
    },
    "family.pixels.col.value": {"zh": "像素值", "en": "pixel value"},
    "family.pixels.col.divided": {"zh": "x / 255", "en": "x / 255"},
    "family.pixels.col.minmax": {
        "zh": "min-max（数据自身的最小、最大值）",
        "en": "min-max (the data's own min and max)",
    },
    "family.pixels.same": {
        "zh": "两列相同：这些像素里既有 0 也有 255。",
        "en": "The two columns agree: the pixels include 0 and 255.",
    },
    "family.pixels.differ": {
        "zh": "两列不同：这些像素的最小值是 {low}、最大值是 {high}，min-max 把它们拉伸到 0 和 1，而 x / 255 不会。",
        "en": "The columns differ: the pixels run from {low} to {high}; min-max stretches those to 0 and 1, x / 255 "
        "does not.",
    },
    "family.column.header": {"zh": "把一列数据标准化", "en": "Standardizing a data column"},
    "family.column.text": {
        "zh": "两列数据，各自标准化：z = (x − μ) / σ，μ 是这一列的均值，σ 是它的有偏标准差（除以 n）。"
        "身高（厘米）取自均值 170、标准差 10 的正态分布；年收入（单位：千）取自对数正态分布：ln(收入) 服从均值 ln 40、"
        "标准差 0.7 的正态分布，所以少数收入远高于其余。标准化之后两列的均值都是 0、方差都是 1，取值也不在 [0, 1] 里："
        "z 表示离均值几个标准差。标准化做的仅此而已：减去一个数、再除以一个正数，所以直方图的形状不变，偏度也不变。"
        "“离均值 1、2、3 个 σ 以内分别有 {p1}、{p2}、{p3} 的数据”（erf(k/√2)）是正态分布的性质，不是 z 分数的性质："
        "身高在抽样误差以内符合它，收入不符合。",
        "en": "Two columns of data, each standardized on its own: z = (x − μ) / σ with the column's mean μ and its "
        "biased standard deviation σ (dividing by n). The heights (cm) are drawn from a normal distribution with "
        "mean 170 and standard deviation 10; the annual incomes (in thousands) from a log-normal one: ln(income) "
        "is normal with mean ln 40 and standard deviation 0.7, so a few incomes lie far above the rest. After "
        "standardizing, both columns have mean 0 and variance 1, and their values are not in [0, 1]: z counts "
        "standard deviations from the mean. That is all standardization does. It subtracts one number and divides "
        "by a positive one, so the histogram keeps its shape and the skewness stays what it was. The rule "
        "that 1, 2 and 3 σ around the mean hold {p1}, {p2} and {p3} of the values (erf(k/√2)) is a fact about the "
        "normal distribution, not about z-scores: the heights follow it up to sampling noise, the incomes do not.",
    },
    "family.column.n": {"zh": "样本数 n", "en": "number of samples n"},
    "family.column.seed": {"zh": "随机种子", "en": "random seed"},
    "family.column.heights": {"zh": "身高（正态）", "en": "heights (normal)"},
    "family.column.incomes": {"zh": "收入（对数正态）", "en": "incomes (log-normal)"},
    "family.column.col.quantity": {"zh": "量", "en": "quantity"},
    "family.column.col.before": {"zh": "标准化前", "en": "before"},
    "family.column.col.after": {"zh": "标准化后", "en": "after"},
    "family.column.col.side": {"zh": "{column}，{side}", "en": "{column}, {side}"},
    "family.column.row.mean": {"zh": "均值", "en": "mean"},
    "family.column.row.std": {"zh": "标准差（除以 n）", "en": "standard deviation (divide by n)"},
    "family.column.row.skew": {
        "zh": "偏度 g₁ = m₃ / m₂^(3/2)（有偏：除以 n）",
        "en": "skewness g₁ = m₃ / m₂^(3/2) (biased: divide by n)",
    },
    "family.column.row.skew_unbiased": {
        "zh": "偏度 G₁ = g₁·√(n(n − 1))/(n − 2)（修正偏差）",
        "en": "skewness G₁ = g₁·√(n(n − 1))/(n − 2) (bias-corrected)",
    },
    "family.column.skew.affine": {
        "zh": "标准化是仿射变换 x ↦ (x − μ)/σ，其中 σ > 0；在 a > 0 的 x ↦ a·x + b 下偏度不变"
        "（上表两种偏度都由 scipy.stats.skew 算出：g₁ 用 bias=True，G₁ 用 bias=False）。",
        "en": "Standardizing is the affine map x ↦ (x − μ)/σ with σ > 0, and skewness does not change under "
        "x ↦ a·x + b with a > 0 (both skewness rows above come from scipy.stats.skew: g₁ with bias=True, G₁ with "
        "bias=False).",
    },
    "family.column.skew.numbers": {
        "zh": "收入：标准化前 g₁ = {before}，标准化后 g₁ = {after}；G₁ 分别是 {g_before} 和 {g_after}。",
        "en": "Incomes: g₁ = {before} before standardizing and {after} after; G₁ = {g_before} and {g_after}.",
    },
    "family.column.skew.rounding": {
        "zh": "两列数据、两种估计，标准化前后的偏度相差都不超过 {diff}，这只是 float64 的舍入误差。",
        "en": "In both columns and with both estimators, before and after differ by at most {diff}: float64 rounding.",
    },
    "family.column.skew.exact": {
        "zh": "两列数据、两种估计，标准化前后的偏度完全相同。",
        "en": "In both columns and with both estimators, before and after are exactly equal.",
    },
    "family.column.skew.law": {
        "zh": "收入取自的对数正态分布本身的偏度是 (e^(s²) + 2)·√(e^(s²) − 1) = {law}（s = {s}，scipy.stats.lognorm）；"
        "正态分布的偏度是 0。",
        "en": "The log-normal law the incomes are drawn from has skewness (e^(s²) + 2)·√(e^(s²) − 1) = {law} at "
        "s = {s} (scipy.stats.lognorm); a normal law has 0.",
    },
    "family.column.law.text": {
        "zh": "收入所服从的分布本身是 scipy.stats.lognorm(s = {s}, scale = {median})，即 ln X ~ N(ln {median}, {s}²)："
        "均值 e^(ln {median} + s²/2) = {mean}，标准差 {sd}（单位：千）。它的概率落在均值 ± 1、2、3 个标准差以内的部分分别是 "
        "{l1}、{l2}、{l3}，正态分布则是 {p1}、{p2}、{p3}（scipy.stats.norm）。这些是用这个分布真实的均值和标准差算出的精确值，"
        "所以差别不是抽样误差：68–95–99.7 规则是正态分布的性质。",
        "en": "The incomes' law itself is scipy.stats.lognorm(s = {s}, scale = {median}), that is "
        "ln X ~ N(ln {median}, {s}²): mean e^(ln {median} + s²/2) = {mean}, standard deviation {sd} (thousands). "
        "Within its mean ± 1, 2 and 3 standard deviations lie {l1}, {l2} and {l3} of its probability, against "
        "{p1}, {p2} and {p3} for a normal law (scipy.stats.norm). These are exact values, with the law's true mean "
        "and standard deviation, so the gap is not sampling noise: the 68–95–99.7 rule is a property of normal laws.",
    },
    "family.column.col.law.incomes": {"zh": "对数正态分布（精确值）", "en": "log-normal law (exact)"},
    "family.column.row.largest": {"zh": "离均值最远（以 σ 计）", "en": "farthest from the mean (in σ)"},
    "family.column.col.k": {"zh": "范围", "en": "range"},
    "family.column.col.normal": {"zh": "正态分布 erf(k/√2)", "en": "normal distribution erf(k/√2)"},
    "family.column.shares": {
        "zh": "标准化后落在 −k ≤ z ≤ k 里的比例，与两个精确值相比：收入所取自的对数正态分布落在均值 ± k 个标准差以内的概率"
        "（scipy.stats.lognorm），以及正态分布的 erf(k/√2)（scipy.stats.norm）。",
        "en": "The share of each standardized column within −k ≤ z ≤ k, against two exact values: the probability "
        "within mean ± k standard deviations of the log-normal law the incomes are drawn from (scipy.stats.lognorm), "
        "and the normal distribution's erf(k/√2) (scipy.stats.norm).",
    },
    "family.column.fig.heights.before": {"zh": "身高（厘米）", "en": "heights (cm)"},
    "family.column.fig.heights.after": {"zh": "身高，标准化后", "en": "heights, standardized"},
    "family.column.fig.incomes.before": {"zh": "年收入（千）", "en": "incomes (thousands)"},
    "family.column.fig.incomes.after": {"zh": "年收入，标准化后", "en": "incomes, standardized"},
    "family.column.fig.heights.x": {"zh": "身高（厘米）", "en": "height (cm)"},
    "family.column.fig.incomes.x": {"zh": "年收入（千）", "en": "income (thousands)"},
    "family.column.fig.y": {"zh": "个数", "en": "count"},
    "family.column.fig.before": {"zh": "标准化前", "en": "before standardizing"},
    "family.column.fig.after": {"zh": "标准化后", "en": "after standardizing"},
    "family.column.fig.normal": {"zh": "正态密度（按个数缩放）", "en": "normal density (scaled to the counts)"},
    "family.column.fig.caption": {
        "zh": "每一行是一列数据，左边是标准化前，右边是标准化后，用的是同一组分箱：右边的箱边界就是左边的箱边界标准化后的值，"
        "所以每根柱子高度不变，变的只是坐标轴。虚线是按个数缩放的正态密度 φ(z) = exp(−z²/2) / √(2π)：身高的 z 贴着它，收入的 z 仍然拖着右边的长尾。",
        "en": "Each row is one column, before standardizing on the left and after on the right, on the same bins: the "
        "right-hand bin edges are the left-hand ones standardized, so every bar keeps its height and only the axis "
        "changes. The dashed curve is the normal density φ(z) = exp(−z²/2) / √(2π), scaled to the counts: the heights' z follow it, "
        "the incomes' z keep their long right tail.",
    },
    "family.affine.header": {"zh": "标准化之后的 γ 和 β", "en": "γ and β after standardizing"},
    "family.affine.text": {
        "zh": "模型里的归一化层在 x̂ 之后还有逐维的可学习参数：y = γ · x̂ + β。它们让网络在需要时把尺度和偏移学回来。"
        "例如 x̂ = {xhat}、γ = {gamma}、β = {beta} 时，y = {gamma} × {xhat} {sign} {beta_abs} = {y}。",
        "en": "A normalization layer inside a model has learnable per-feature parameters after x̂: y = γ · x̂ + β. They "
        "let the network learn back a scale and an offset where it needs them. For example x̂ = {xhat}, γ = {gamma}, "
        "β = {beta} give y = {gamma} × {xhat} {sign} {beta_abs} = {y}.",
    },
    "family.affine.xhat": {"zh": "x̂（归一化后的值）", "en": "x̂ (the normalized value)"},
    "family.affine.gamma": {"zh": "γ（缩放）", "en": "γ (scale)"},
    "family.affine.beta": {"zh": "β（偏移）", "en": "β (offset)"},
    "family.affine.result": {
        "zh": "y = γ · x̂ + β = {gamma} × {xhat} {sign} {beta_abs} = **{y}**",
        "en": "y = γ · x̂ + β = {gamma} × {xhat} {sign} {beta_abs} = **{y}**",
    },
    "family.params.header": {"zh": "每层有多少参数", "en": "How many parameters a layer has"},
    "family.params.text": {
        "zh": "宽度为 D 的一层：LayerNorm 有 γ 和 β 各 D 个，共 2D；RMSNorm 和无偏置 LayerNorm 只有 γ，共 D。"
        "BatchNorm 的可学习参数同样是 2D，另外还存着 2D 个滑动统计量（running mean 和 running variance）："
        "它们是缓冲区（buffer），训练时按批次更新、推理时使用，但不由优化器学习，所以不算参数。",
        "en": "For a layer of width D: LayerNorm has D of γ and D of β, 2D in all; RMSNorm and bias-free LayerNorm have "
        "γ only, D. BatchNorm also learns 2D, and in addition keeps 2D running statistics (running mean and running "
        "variance): they are buffers, updated from the batches during training and used at inference, but not "
        "learned by the optimizer, so they are not parameters.",
    },
    "family.params.d": {"zh": "宽度 D", "en": "width D"},
    "family.params.d.help": {"zh": "隐藏维度，1 到 10⁷。", "en": "The hidden size, 1 to 10⁷."},
    "family.params.col.layer": {"zh": "层", "en": "layer"},
    "family.params.col.weight": {"zh": "γ（weight）", "en": "γ (weight)"},
    "family.params.col.bias": {"zh": "β（bias）", "en": "β (bias)"},
    "family.params.col.total": {"zh": "可学习参数", "en": "learnable parameters"},
    "family.params.col.running": {
        "zh": "滑动统计量（buffer，不是参数）",
        "en": "running statistics (buffers, not parameters)",
    },
    "family.params.counter": {
        "zh": "PyTorch 的 BatchNorm 另有一个整数缓冲区 num_batches_tracked，用来数已见过的批次。",
        "en": "PyTorch's BatchNorm keeps one more integer buffer, num_batches_tracked, counting the batches seen.",
    },
    "family.params.exercise": {
        "zh": "练习题：D = {d} 时，LayerNorm 有 {ln} 个参数，RMSNorm 有 {rms} 个，正好一半。",
        "en": "The exercise: at D = {d}, LayerNorm has {ln} parameters and RMSNorm {rms}, exactly half.",
    },
    "family.params.checkpoint": {
        "zh": "读检查点时：某层只有 input_layernorm.weight 而没有 input_layernorm.bias，说明这一层不是带 γ 和 β 的标准 LayerNorm，"
        "可能是 RMSNorm 或无偏置 LayerNorm。参数本身分不出这两种：模型代码能确定；config.json 里的模型名和 ε 的字段名"
        "（rms_norm_eps 还是 layer_norm_eps）也能提示，但没那么可靠。见“读检查点”一页。",
        "en": "Reading a checkpoint: a layer with input_layernorm.weight and no input_layernorm.bias is not a standard LayerNorm with γ and β; "
        "it may be RMSNorm or a bias-free LayerNorm. The parameters cannot tell these two apart: the model's code "
        "can, and so, less surely, can config.json's model name and the name of its ε (rms_norm_eps or "
        "layer_norm_eps); see the checkpoint reader page.",
    },
}
