"""Strings of the gradient (backward pass) page."""

STRINGS = {
    "nav.gradient": {"zh": "梯度（反向传播）", "en": "Backprop gradients"},
    "overview.page.gradient": {
        "zh": "归一化的雅可比矩阵：公式与 torch.autograd 并排对照，看它把梯度中沿 x 和沿 𝟏 的分量去掉。",
        "en": "The Jacobian of each norm, by formula and by torch.autograd side by side, and how it strips a "
        "gradient of its parts along x and along 𝟏.",
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
}
