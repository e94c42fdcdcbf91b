"""Strings of the gradient (backward pass) page."""

STRINGS = {
    "nav.gradient": {"zh": "梯度（反向传播）", "en": "Backprop gradients"},
    "overview.page.gradient": {
        "zh": "归一化的雅可比矩阵：公式与 torch.autograd 并排对照，看它把梯度中沿 x 和沿 𝟏 的分量去掉；"
        "再看一个巨大坐标怎样让 RMSNorm 吞掉传给其他坐标的梯度。",
        "en": "The Jacobian of each norm, by formula and by torch.autograd side by side, how it strips a "
        "gradient of its parts along x and along 𝟏, and how one massive coordinate makes RMSNorm swallow the "
        "gradient of all the others.",
    },
    "grad.title": {
        "zh": "梯度：归一化在反向传播里做了什么",
        "en": "Gradients: what a normalization does in the backward pass",
    },
    "grad.intro": {
        "zh": "反向传播时，一层把从上面传回来的梯度 g 乘以它的雅可比矩阵的转置 Jᵀ。归一化的 J 不是对角阵："
        "每个输出都依赖全部输入（通过范数、均值和方差）。下面在你选的三维 x 上把 J 真正算出来——一次用解析公式，"
        "一次用 torch.autograd 自动求导（float64）——再看它让哪些方向的梯度消失。本页 γ = 1、β = 0，方差为有偏方差（除以 n）。",
        "en": "In the backward pass a layer multiplies the gradient g arriving from above by the transpose Jᵀ of "
        "its Jacobian. A normalization's J is not diagonal: every output depends on every input, through the "
        "norm, the mean and the variance. Below, J is computed at the 3D vector x you choose, once from the "
        "formula and once by torch.autograd (float64), and then we look at which gradient directions it wipes "
        "out. Throughout: γ = 1, β = 0, biased variance (divide by n).",
    },
    "grad.x.help": {"zh": "输入向量 x 的一个分量。", "en": "One component of the input vector x."},
    "grad.g.help": {
        "zh": "从上一层传回来的梯度 g = ∂L/∂y 的一个分量。",
        "en": "One component of the gradient g = ∂L/∂y coming back from the layer above.",
    },
    "grad.eps.help": {
        "zh": "ε = 0 时零空间是精确的：J x = 0，LayerNorm 还有 J 𝟏 = 0。ε > 0 时径向方向会漏过一点梯度（见下方说明）。",
        "en": "At ε = 0 the null space is exact: J x = 0, and J 𝟏 = 0 for LayerNorm. With ε > 0 a little "
        "gradient leaks through along the radial direction (see the note below).",
    },
    "grad.spinner": {
        "zh": "正在计算雅可比矩阵（首次会加载 torch）…",
        "en": "Computing the Jacobians (the first time loads torch)…",
    },
    "grad.undefined": {
        "zh": "在这个 x 上 {methods} 的雅可比矩阵没有定义（ε = 0 时出现 0/0：x 为零向量，或对 LayerNorm 来说 x 的分量全相等）。",
        "en": "At this x the Jacobian of {methods} is undefined (0/0 at ε = 0: x is the zero vector, or, for "
        "LayerNorm, all components of x are equal).",
    },
    "grad.jac.header": {"zh": "雅可比矩阵：公式与自动求导", "en": "The Jacobian: formula and autograd"},
    "grad.jac.text": {
        "zh": "设 y 为输出、s 为分母：L2 在 ‖x‖ > ε 时 J = (I − x̂ x̂ᵀ) / ‖x‖，x̂ = x/‖x‖（‖x‖ < ε 时 y = x/ε，J = I/ε）；"
        "RMSNorm 的 J = (I − y yᵀ/n) / s，s = √(mean(x²) + ε)；"
        "LayerNorm 的 J = (I − 𝟏𝟏ᵀ/n − y yᵀ/n) / s，s = √(σ² + ε)。"
        "“解析”一列由本库算出的 y 按公式组装；“autograd”一列对 torch.nn.functional 的 normalize / rms_norm / "
        "layer_norm 调用 torch.autograd.functional.jacobian 得到（float64），两者互不依赖。最后一列是逐元素差的最大绝对值。",
        "en": "With y the output and s the divisor: L2 has J = (I − x̂ x̂ᵀ) / ‖x‖ with x̂ = x/‖x‖ while ‖x‖ > ε "
        "(below ε, y = x/ε and J = I/ε); "
        "RMSNorm has J = (I − y yᵀ/n) / s with s = √(mean(x²) + ε); LayerNorm has "
        "J = (I − 𝟏𝟏ᵀ/n − y yᵀ/n) / s with s = √(σ² + ε). The “analytic” column assembles the formula from "
        "the y this library computes; the “autograd” column applies torch.autograd.functional.jacobian to "
        "torch.nn.functional's normalize / rms_norm / layer_norm (float64), which shares no code with it. The "
        "last column is the largest absolute difference between the two, entry by entry.",
    },
    "grad.col.method": {"zh": "方法", "en": "method"},
    "grad.col.row": {"zh": "行", "en": "row"},
    "grad.col.analytic": {"zh": "J（解析公式）", "en": "J (analytic)"},
    "grad.col.autograd": {"zh": "J（torch.autograd）", "en": "J (torch.autograd)"},
    "grad.col.diff": {"zh": "最大 \\|差\\|", "en": "max \\|difference\\|"},
    "grad.no_check": {"zh": "未比对", "en": "not checked"},
    "grad.undefined_cell": {"zh": "无定义（两边都是 NaN）", "en": "undefined (NaN on both sides)"},
    "grad.no_torch": {
        "zh": "没有安装 torch，所以跳过了 autograd 对照；解析公式一列照常由 numpy 计算。",
        "en": "torch is not installed, so the autograd check is skipped; the analytic column is still computed "
        "with numpy.",
    },
    "grad.null.header": {"zh": "零空间与特征值", "en": "Null space and eigenvalues"},
    "grad.null.text": {
        "zh": "J 把哪些方向送到 0？下表把单位向量 x̂ = x/‖x‖ 和 𝟏̂ = 𝟏/√3 分别乘以 J。ε = 0 时三种方法都有 J x = 0："
        "把 x 放大或缩小不改变输出，所以沿 x 的变化对输出没有一阶影响。LayerNorm 还有 J 𝟏 = 0：整体平移不改变输出。"
        "L2 和 RMSNorm 的 J 𝟏 一般不为 0——它们不忘记均值。",
        "en": "Which directions does J send to 0? The table multiplies J by the unit vectors x̂ = x/‖x‖ and "
        "𝟏̂ = 𝟏/√3. At ε = 0 all three methods have J x = 0: scaling x does not change the output, so a change "
        "along x has no first-order effect on it. LayerNorm also has J 𝟏 = 0: shifting every component by the "
        "same amount does not change its output. For L2 and RMSNorm J 𝟏 is in general not 0: they do not "
        "forget the mean.",
    },
    "grad.col.eigen": {"zh": "特征值（升序）", "en": "eigenvalues (ascending)"},
    "grad.col.zeros": {"zh": "为 0 的个数", "en": "how many are 0"},
    "grad.eig.kept": {"zh": "保留，= 1/s", "en": "kept, = 1/s"},
    "grad.eig.radial": {"zh": "径向：沿 x", "en": "radial: along x"},
    "grad.eig.radial_ln": {"zh": "径向：沿 x − μ𝟏", "en": "radial: along x − μ𝟏"},
    "grad.eig.ones": {"zh": "沿 𝟏", "en": "along 𝟏"},
    "grad.eig.text": {
        "zh": "没有 γ 时三个 J 都是对称矩阵（上表最后一列：J − Jᵀ 的最大元素），所以特征值是实数，特征向量两两正交。"
        "ε = 0 时：L2 和 RMSNorm 在 x 方向上特征值为 0，其余两个方向为 1/s；LayerNorm 在 𝟏 方向和 x − μ𝟏 方向上都是 0"
        "（两者张成的平面就含 x），只剩一个方向为 1/s。为 0 的特征值就是被拿走的自由度：长度（及 LayerNorm 的均值）。"
        "表中 1e-17 量级的数是 float64 的舍入，不是真的非零。",
        "en": "Without γ all three J are symmetric (last column: the largest entry of J − Jᵀ), so their "
        "eigenvalues are real and their eigenvectors orthogonal. At ε = 0, L2 and RMSNorm have eigenvalue 0 "
        "along x and 1/s on the other two directions; LayerNorm has 0 along 𝟏 and along x − μ𝟏 (the plane they "
        "span contains x), leaving one direction with 1/s. The zero eigenvalues are the degrees of freedom the "
        "method takes away: the length (and, for LayerNorm, the mean). Values of order 1e-17 in the table are "
        "float64 rounding, not a real nonzero.",
    },
    "grad.eps.note": {
        "zh": "ε > 0 时会怎样：LayerNorm 的 J 𝟏 = 0 依旧精确成立（它的输出各分量之和总是 0）；L2 只要 ‖x‖ ≥ ε 就完全不变；"
        "RMSNorm 和 LayerNorm 在径向方向上不再是 0，而是 (1/s)·ε/(mean(x²) + ε) 和 (1/s)·ε/(σ² + ε)："
        "一小部分沿 x 的梯度会漏过去。把 ε 调到 1 或 10 就能在表里看到。",
        "en": "What ε > 0 changes: LayerNorm's J 𝟏 = 0 stays exact (its output always sums to 0); L2 is "
        "unchanged as long as ‖x‖ ≥ ε; RMSNorm and LayerNorm no longer have 0 along the radial direction but "
        "(1/s)·ε/(mean(x²) + ε) and (1/s)·ε/(σ² + ε): a little of the gradient along x leaks through. Set ε to 1 "
        "or 10 to see it in the tables.",
    },
    "grad.bp.header": {"zh": "梯度的投影：Jᵀg", "en": "The gradient's projection: Jᵀg"},
    "grad.bp.text": {
        "zh": "给定传回来的梯度 g，归一化层向下传的是 Jᵀg。因为 J 对称，s·Jᵀg 就是 g 去掉沿被拿走方向的分量："
        "L2 和 RMSNorm 去掉沿 x 的分量，LayerNorm 再去掉沿 𝟏 的分量（ε = 0 时精确）。"
        "所以经过归一化这条路，下层收不到“把 x 整体放大”或“把 x 整体平移”的信号：归一化就这样塑造了反向传播。"
        "这只对穿过 Norm 的那条路成立：有残差连接时，例如 x + f(Norm(x))，恒等路径把 g 原样传下去，"
        "g 沿 x 和沿 𝟏 的分量也一起传到 x（见“Pre-Norm 与 Post-Norm”一页）。",
        "en": "Given the incoming gradient g, the normalization passes Jᵀg down. Since J is symmetric, s·Jᵀg is g "
        "with its components along the removed directions taken out: along x for L2 and RMSNorm, and along 𝟏 as "
        "well for LayerNorm (exactly at ε = 0). So along the path through the norm the layers below receive no "
        "signal to make x longer or to shift it as a whole: this is how a normalization shapes backpropagation. "
        "That holds for the path through the norm only: with a residual connection, as in x + f(Norm(x)), the "
        "identity path hands g down unchanged, its components along x and along 𝟏 included (see the "
        "“Pre- vs Post-Norm” page).",
    },
    "grad.method": {"zh": "三维图中显示的方法", "en": "Method drawn in 3D"},
    "grad.col.quantity": {"zh": "量", "en": "quantity"},
    "grad.col.vector": {"zh": "向量", "en": "vector"},
    "grad.col.note": {"zh": "说明", "en": "note"},
    "grad.bp.g": {"zh": "传回来的梯度", "en": "the incoming gradient"},
    "grad.bp.removed_radial": {"zh": "去掉的：沿 x", "en": "removed: along x"},
    "grad.bp.removed_radial_ln": {"zh": "去掉的：沿 x − μ𝟏", "en": "removed: along x − μ𝟏"},
    "grad.bp.removed_ones": {"zh": "去掉的：沿 𝟏", "en": "removed: along 𝟏"},
    "grad.bp.kept": {"zh": "剩下的 g − 去掉的", "en": "what is left, g − removed"},
    "grad.bp.kept_note": {"zh": "与被去掉的方向正交", "en": "orthogonal to the removed directions"},
    "grad.bp.jtg_note": {"zh": "层向下传的梯度；s = {s}", "en": "what the layer passes down; s = {s}"},
    "grad.bp.undefined": {
        "zh": "在这个 x 上没有定义（0/0：x 的方向或 s 为 0）",
        "en": "undefined at this x (0/0: no direction of x, or s = 0)",
    },
    "grad.bp.leak": {
        "zh": "与“剩下的”之差 ‖s·Jᵀg − (g − 去掉的)‖ = {leak}（ε = 0 时为 0，只差 float64 舍入）",
        "en": "differs from “what is left” by ‖s·Jᵀg − (g − removed)‖ = {leak} (0 at ε = 0, up to float64 rounding)",
    },
    "grad.bp.caption": {
        "zh": "图中：灰色点线是 x 所在的直线（J x = 0），紫红色虚线是 𝟏 的方向，绿色半透明面是 LayerNorm 的整个零空间 span{x, 𝟏}。"
        "紫红色点线箭头是从 g 中去掉的分量，蓝色虚线是剩下的部分，与被去掉的方向正交；方法颜色的箭头是 Jᵀg，"
        "与剩下的部分同向，长度乘了 1/s。u 是被去掉方向上的单位向量。",
        "en": "In the picture: the grey dotted line is the line through x (J x = 0), the reddish-purple dashed line is "
        "the direction of 𝟏, and the translucent green plane is LayerNorm's whole null space span{x, 𝟏}. The "
        "reddish-purple dotted arrows are the components removed from g, the blue dashed arrow what is left, orthogonal "
        "to the removed directions; the arrow in the method's colour is Jᵀg, pointing the same way as what is "
        "left, its length multiplied by 1/s. u is the unit vector of a removed direction.",
    },
    "grad.fig.title": {"zh": "{method}：g 与 Jᵀg", "en": "{method}: g and Jᵀg"},
    "grad.fig.null_radial": {"zh": "零空间：过 x 的直线", "en": "null space: the line through x"},
    "grad.fig.null_ones": {"zh": "零空间：沿 𝟏 的直线", "en": "null space: the line along 𝟏"},
    "grad.fig.null_plane": {"zh": "LayerNorm 的零空间 span{x, 𝟏}", "en": "LayerNorm's null space span{x, 𝟏}"},
    "grad.fig.x": {"zh": "x 的方向（缩放到图中）", "en": "direction of x (scaled to fit)"},
    "grad.fig.g": {"zh": "传回的梯度 g", "en": "incoming gradient g"},
    "grad.fig.kept": {"zh": "g 去掉被拿走的分量", "en": "g less the removed components"},
    "grad.fig.removed_radial": {"zh": "去掉的：沿 x 的分量", "en": "removed: component along x"},
    "grad.fig.removed_radial_ln": {"zh": "去掉的：沿 x − μ𝟏 的分量", "en": "removed: component along x − μ𝟏"},
    "grad.fig.removed_ones": {"zh": "去掉的：沿 𝟏 的分量", "en": "removed: component along 𝟏"},
    "grad.fig.jtg": {"zh": "Jᵀg（{method}）", "en": "Jᵀg ({method})"},
    # --- one massive coordinate (RMSNorm)
    "grad.mass.header": {"zh": "巨大激活吞掉的梯度", "en": "The gradient that a massive activation swallows"},
    "grad.mass.paper": {
        "zh": "Chen 与 Yao（2026）认为，本节这笔算术会影响训练。他们报告：在因果掩码下，注意力汇聚（少数几个词元（token），"
        "最常见的是第一个，吸走了大部分注意力）会让反向传播的梯度集中到这些词元上，他们称之为梯度汇聚。"
        "由于 RMSNorm 的雅可比矩阵大约按输入范数的倒数缩小梯度，他们把这些词元上的巨大激活（massive activations）"
        "解读为训练中的一种适应：削弱这种局部的梯度压力。他们的检验 V-scale 改变了沿 value 路径回传的梯度："
        "在他们预训练的 V-scale 模型里，注意力汇聚仍在，巨大激活则被压了下去。这是他们的论点和实验，本页并不训练模型。"
        "本页算出来的是这个论点所依据的雅可比算术：一个向量，其中一个坐标很大。",
        "en": "Chen & Yao (2026) argue that the arithmetic of this section shapes training. Under a causal mask, they "
        "report, attention sinks (a few tokens, most often the first, that draw much of the attention) concentrate "
        "the backward gradient on those tokens: gradient sinks. Since RMSNorm's Jacobian attenuates the gradient "
        "roughly in inverse proportion to the input's norm, they read the massive activations on those tokens as an "
        "adaptive response that damps this local gradient pressure during training. Their test, V-scale, changes "
        "the gradient that flows back along the value path: in their pretrained V-scale models the attention sinks "
        "remain and the massive activations are suppressed. That is their argument and their experiment; this page "
        "trains no model. What it computes is the Jacobian arithmetic the argument rests on, for one vector with "
        "one large coordinate.",
    },
    "grad.mass.text": {
        "zh": "例子：x 有 n 个分量，巨大的那个是 x₁ = m（k = 1），其余 n − 1 个固定不变：由伪随机数生成（随机种子 0），"
        "再整体缩放使它们的 RMS 恰好为 1，所以 m 以其余坐标的 RMS 为单位。上游梯度 g 有 n 个伪随机分量（随机种子 1）。"
        "RMSNorm 不带增益（γ = 1），ε 用本页上方的设置（选各方法默认值时，RMSNorm 用它的 {default}）。"
        "g₋ₖ 和 (Jᵀg)₋ₖ 指 i ≠ k 的 n − 1 个分量，即传到其他坐标的部分。",
        "en": "The example: x has n components; the massive one is x₁ = m (k = 1), and the other n − 1 stay fixed: "
        "pseudo-random numbers (random seed 0), rescaled so that their RMS is exactly 1, so m counts in units of "
        "the others' RMS. The upstream gradient g has n pseudo-random entries (random seed 1). RMSNorm without a "
        "gain (γ = 1), with the ε set at the top of the page (where that is each method's default, RMSNorm's: "
        "{default}). g₋ₖ and (Jᵀg)₋ₖ are the n − 1 entries with i ≠ k: what reaches the other coordinates.",
    },
    "grad.mass.derivation": {
        "zh": "推导：r = √(‖x‖²/n + ε) 满足 ∂r/∂x_j = x_j/(n r)，所以 ∂(x_i/r)/∂x_j = δ_ij/r − x_i x_j/(n r³)，"
        "这就是下面的 J。J 是对称矩阵。与 x 正交的向量 v 有 J v = v/r；x 本身有 "
        "J x = (1/r)(1 − ‖x‖²/(n r²)) x = (1/r)(ε/r²) x，因为 n r² − ‖x‖² = nε。所以奇异值是 1/r（n − 1 重）"
        "和沿 x 的 (1/r)·ε/r² ≤ 1/r；ε = 0 时分别为 √n/‖x‖ 和 0。当 x_k = m 时 n r² ≥ m²，故 1/r ≤ √n/|m|："
        "传过去的梯度不会超过 √n‖g‖/|m|。对 i ≠ k，随着 |m| 增大，x_i (x·g)/(n r²) → 0 且 |m|/r → √n，"
        "所以 |m|·(Jᵀg)_i → √n·g_i。",
        "en": "Derivation. r = √(‖x‖²/n + ε) has ∂r/∂x_j = x_j/(n r), so ∂(x_i/r)/∂x_j = δ_ij/r − x_i x_j/(n r³): "
        "that is J below. J is symmetric. A vector v orthogonal to x gives J v = v/r; x itself gives "
        "J x = (1/r)(1 − ‖x‖²/(n r²)) x = (1/r)(ε/r²) x, because n r² − ‖x‖² = nε. So the singular values are "
        "1/r, n − 1 times, and (1/r)·ε/r² ≤ 1/r along x; at ε = 0 they are √n/‖x‖ and 0. With x_k = m, "
        "n r² ≥ m², so 1/r ≤ √n/|m|: no gradient comes through larger than √n‖g‖/|m|. For i ≠ k, "
        "x_i (x·g)/(n r²) → 0 and |m|/r → √n as |m| grows, so |m|·(Jᵀg)_i → √n·g_i.",
    },
    "grad.mass.m": {"zh": "巨大坐标 m（以其余坐标的 RMS 为单位）", "en": "Massive coordinate m (× the others' RMS)"},
    "grad.mass.m.help": {
        "zh": "x₁ = m；其余 n − 1 个坐标固定不变，它们的 RMS 为 1。",
        "en": "x₁ = m; the other n − 1 coordinates stay fixed, with RMS 1.",
    },
    "grad.mass.n": {"zh": "维数 n", "en": "Dimension n"},
    "grad.mass.n.help": {
        "zh": "x 的坐标个数。曲线在 m = √n 附近拐弯。",
        "en": "How many coordinates x has. The curve bends near m = √n.",
    },
    "grad.mass.col.direction": {"zh": "方向", "en": "directions"},
    "grad.mass.col.count": {"zh": "个数", "en": "how many"},
    "grad.mass.col.formula": {"zh": "公式", "en": "formula"},
    "grad.mass.col.value": {"zh": "奇异值", "en": "singular value"},
    "grad.mass.col.svd": {"zh": "autograd 的 J 做 SVD（最大值）", "en": "SVD of the autograd J (largest)"},
    "grad.mass.col.diff": {"zh": "最大 \\|差\\|", "en": "max \\|difference\\|"},
    "grad.mass.dir.perp": {"zh": "与 x 正交", "en": "orthogonal to x"},
    "grad.mass.dir.along": {"zh": "沿 x", "en": "along x"},
    "grad.mass.spectrum": {
        "zh": "m = {m}（n = {n}，ε = {eps}，γ = 1）时 r = √(‖x‖²/n + ε) = {r}。J 在与 x 正交的 {others} 个方向上的奇异值是 "
        "1/r = {kept}，沿 x 的是 (1/r)·ε/r² = {radial}。m = 1 时 x 的 RMS 与其余坐标的相同，1/r 为 {kept1}："
        "J 的最大奇异值现在是那时的 {factor}。",
        "en": "At m = {m} (n = {n}, ε = {eps}, γ = 1), r = √(‖x‖²/n + ε) = {r}. J's singular value is 1/r = {kept} "
        "on the {others} directions orthogonal to x and (1/r)·ε/r² = {radial} along x. At m = 1, where x's RMS "
        "is that of the others, 1/r was {kept1}: J's largest singular value is now {factor} of that.",
    },
    "grad.mass.check": {
        "zh": "对 F.rms_norm 用 torch.autograd 求出的雅可比矩阵（float64）做 numpy 的 SVD，得到同样的奇异值，差别不超过 {diff}。",
        "en": "numpy's SVD of torch.autograd's Jacobian of F.rms_norm (float64) gives the same singular values, "
        "to within {diff}.",
    },
    "grad.mass.check_skipped": {
        "zh": "本页只在 n ≤ {limit} 时用 torch.autograd 和 SVD 核对这些值：n = {n} 时光是雅可比矩阵就有 {n} × {n} 个元素。"
        "测试在较小的 n 上核对同一公式。",
        "en": "The page checks these against torch.autograd and SVD only up to n = {limit}: at n = {n} the Jacobian "
        "alone has {n} × {n} entries. The tests check the same formula at smaller n.",
    },
    "grad.mass.no_torch": {
        "zh": "没有安装 torch，所以跳过了与 torch.autograd 的对照；表中的值来自公式。",
        "en": "torch is not installed, so the check against torch.autograd is skipped; the values come from the "
        "formula.",
    },
    "grad.mass.others": {
        "zh": "m = {m} 时，其余 {others} 个坐标从上游梯度 g 收到 ‖(Jᵀg)₋ₖ‖ = {here}，而 m = 1 时是 {reference}："
        "现在是那时的 {share}。",
        "en": "At m = {m} the other {others} coordinates receive ‖(Jᵀg)₋ₖ‖ = {here} of the upstream gradient g, "
        "against {reference} at m = 1: {share} of it.",
    },
    "grad.mass.asymptote": {
        "zh": "渐近线 √n‖g₋ₖ‖/|m| 在这里是 {asym}，精确值是它的 {ratio} 倍；m 越大，这个比值越接近 1，"
        "因为 |m|·‖(Jᵀg)₋ₖ‖ → √n‖g₋ₖ‖ = {limit}。",
        "en": "The asymptote √n‖g₋ₖ‖/|m| is {asym} here, and the exact value is {ratio} times it; as m grows the "
        "ratio tends to 1, since |m|·‖(Jᵀg)₋ₖ‖ → √n‖g₋ₖ‖ = {limit}.",
    },
    "grad.mass.bound": {
        "zh": "无论 g 是什么，都有 ‖Jᵀg‖ ≤ ‖g‖/r ≤ √n‖g‖/|m|；这里是 {whole} ≤ {over_r} ≤ {bound}。",
        "en": "Whatever g is, ‖Jᵀg‖ ≤ ‖g‖/r ≤ √n‖g‖/|m|; here {whole} ≤ {over_r} ≤ {bound}.",
    },
    "grad.mass.knee": {
        "zh": "曲线在 m = √n = {root} 附近拐弯：远低于它时，‖x‖² 主要来自其余坐标，梯度几乎不变；远高于它时 "
        "1/r ≈ √n/|m|。n 越大，一个坐标要越大才会吞掉梯度。",
        "en": "The curve bends near m = √n = {root}: well below it the other coordinates hold most of ‖x‖² and the "
        "gradient hardly changes; well above it 1/r ≈ √n/|m|. The larger n is, the larger a coordinate must be "
        "before it swallows the gradient.",
    },
    "grad.mass.description": {
        "zh": "双对数坐标图：传到其余 n − 1 个坐标的梯度范数随巨大坐标 m 的变化，虚线是渐近线 √n‖g₋ₖ‖/m，"
        "圆圈标出 m = 1 时的值，菱形标出当前的 m。",
        "en": "Log–log chart: the norm of the gradient that reaches the other n − 1 coordinates against the massive "
        "coordinate m, the asymptote √n‖g₋ₖ‖/m dashed, the value at m = 1 circled and the current m marked "
        "with a diamond.",
    },
    "grad.mass.fig.title": {
        "zh": "RMSNorm，n = {n}，ε = {eps}：传到其他坐标的梯度",
        "en": "RMSNorm, n = {n}, ε = {eps}: what reaches the other coordinates",
    },
    "grad.mass.fig.x": {
        "zh": "巨大坐标 m（以其余坐标的 RMS 为单位）",
        "en": "massive coordinate m (× the others' RMS)",
    },
    "grad.mass.fig.y": {"zh": "梯度范数 ‖(Jᵀg)₋ₖ‖", "en": "gradient norm ‖(Jᵀg)₋ₖ‖"},
    "grad.mass.fig.others": {
        "zh": "精确值：其余 {count} 个坐标的 ‖(Jᵀg)₋ₖ‖",
        "en": "exact: ‖(Jᵀg)₋ₖ‖ over the other {count} coordinates",
    },
    "grad.mass.fig.asymptote": {"zh": "渐近线 √n‖g₋ₖ‖/m（n = {n}）", "en": "asymptote √n‖g₋ₖ‖/m (n = {n})"},
    "grad.mass.fig.reference": {"zh": "m = 1 时", "en": "at m = 1"},
    "grad.mass.fig.current": {"zh": "当前 m = {m}", "en": "current m = {m}"},
    "grad.mass.fig.current_line": {"zh": "当前 m", "en": "current m"},
}
