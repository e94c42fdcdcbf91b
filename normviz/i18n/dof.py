"""Strings of the degrees-of-freedom page."""

STRINGS = {
    "nav.dof": {"zh": "自由度", "en": "Degrees of freedom"},
    "overview.page.dof": {
        "zh": "数一数还剩几个自由度：n、n − 1、n − 2，并用雅可比矩阵的秩在随机点上实际算一遍。",
        "en": "Count what is left: n, n − 1, n − 2, and check it by the rank of the Jacobian at random points.",
    },
    "dof.title": {
        "zh": "自由度：归一化拿走了几个维度",
        "en": "Degrees of freedom: how many dimensions a norm takes away",
    },
    "dof.intro": {
        "zh": "一个 n 维输入可以在 n 个方向上自由变化。L2 和 RMSNorm 把长度钉死，只剩方向，所以少 1 个；"
        "LayerNorm 还要求均值为 0，再少 1 个。下表把公式和数值结果并排放：在几个随机点上算出输出对输入的雅可比矩阵，"
        "数它的秩——输出在该点附近能朝几个独立方向移动，秩就是几。",
        "en": "An input in n dimensions can move in n independent directions. L2 and RMSNorm pin the length and keep "
        "only the direction, so one degree goes; LayerNorm also forces the mean to zero, so a second one goes. "
        "The table puts the formula next to a computation: at a few random points, take the Jacobian of the output "
        "with respect to the input and count its rank, the number of independent directions in which the output "
        "can still move near that point.",
    },
    "dof.presets": {"zh": "维数示例（真实模型的隐藏维）", "en": "Example sizes (hidden sizes of real models)"},
    "dof.preset.768": {"zh": "BERT-base、GPT-2 small 的隐藏维", "en": "hidden size of BERT-base and GPT-2 small"},
    "dof.preset.896": {"zh": "Qwen2-0.5B 的隐藏维", "en": "hidden size of Qwen2-0.5B"},
    "dof.preset.2048": {"zh": "Llama 3.2 1B 的隐藏维", "en": "hidden size of Llama 3.2 1B"},
    "dof.preset.4096": {"zh": "Llama 2 7B 的隐藏维", "en": "hidden size of Llama 2 7B"},
    "dof.preset.7168": {"zh": "DeepSeek-V3 的隐藏维", "en": "hidden size of DeepSeek-V3"},
    "dof.n": {"zh": "维数 n（2 … 16384）", "en": "Dimension n (2 … 16384)"},
    "dof.n.help": {
        "zh": "输入向量的分量个数。n = 2 是极端情形：LayerNorm 只剩两个点。",
        "en": "Number of components of the input. n = 2 is the extreme case: LayerNorm leaves just two points.",
    },
    "dof.seed": {"zh": "随机种子（随机输入点）", "en": "Random seed of the points"},
    "dof.seed.help": {
        "zh": "换一个随机种子就换一组随机输入点；秩不应随之改变。",
        "en": "A different seed draws different random inputs; the rank should not change.",
    },
    "dof.table.header": {"zh": "n = {n} 时的自由度", "en": "Degrees of freedom at n = {n}"},
    "dof.col.state": {"zh": "状态", "en": "state"},
    "dof.col.fixed": {"zh": "被固定的量", "en": "what is fixed"},
    "dof.col.formula": {"zh": "公式", "en": "formula"},
    "dof.col.rank": {"zh": "算出的秩（各随机点）", "en": "computed rank (at each random point)"},
    "dof.col.fraction": {"zh": "保留比例", "en": "fraction kept"},
    "dof.col.method": {"zh": "方法", "en": "method"},
    "dof.col.rank_eps": {"zh": "算出的秩", "en": "computed rank"},
    "dof.col.squeeze": {
        "zh": "被压缩方向的奇异值（单位 1/s）",
        "en": "singular value of the squeezed direction (units of 1/s)",
    },
    "dof.row.input": {"zh": "输入 x", "en": "input x"},
    "dof.lost.length": {"zh": "长度", "en": "length"},
    "dof.lost.offset": {"zh": "均值（沿 𝟏 的偏移）", "en": "mean (offset along 𝟏)"},
    "dof.lost.none": {"zh": "无", "en": "nothing"},
    "dof.rank.input": {"zh": "n（恒等映射）", "en": "n (identity)"},
    "dof.route.svd": {
        "zh": "怎么算的：在 {points} 个随机点上，用库算出的输出 y 组装解析雅可比矩阵 J（{n} × {n}），"
        "做完整的 SVD，数出大于容差的奇异值（容差 {tol}，以 1/s 为单位，s 是该方法的分母）。"
        "n ≤ {dense} 时用完整 SVD；解析 J 与 torch.autograd 的结果在测试里逐项比对过。ε = 0。",
        "en": "How it was computed: at {points} random points, the analytic Jacobian J ({n} × {n}) is assembled "
        "from the outputs y the library computes, and a full SVD counts the singular values above the tolerance "
        "({tol}, in units of 1/s, where s is the method's divisor). The full SVD is used for n ≤ {dense}; the "
        "tests check the analytic J entry by entry against torch.autograd. ε = 0.",
    },
    "dof.route.structure": {
        "zh": "怎么算的：n > {dense} 时不做 {n} × {n} 的完整 SVD，而是利用 J 的结构 J = (I − W Wᵀ/n)/s"
        "（W 的列是 y，LayerNorm 还有 𝟏）：它的奇异值是 1/s（n − k 个）以及 |1 − λᵢ|/s，λᵢ 是由实际输出算出的 "
        "k × k 格拉姆矩阵 WᵀW/n 的特征值（k ≤ 2）。这是精确的，只需 O(n) 运算。{points} 个随机点，容差 {tol}"
        "（单位 1/s），ε = 0；测试里两种算法在中等 n 上结果一致。",
        "en": "How it was computed: for n > {dense} there is no full {n} × {n} SVD; the structure J = (I − W Wᵀ/n)/s "
        "is used instead (W's columns are y, plus 𝟏 for LayerNorm): its singular values are 1/s (n − k of them) "
        "and |1 − λᵢ|/s, with λᵢ the eigenvalues of the k × k Gram matrix WᵀW/n (k ≤ 2) computed from the actual "
        "outputs. That is exact and costs O(n). {points} random points, tolerance {tol} (units of 1/s), ε = 0; the "
        "tests check that both routes agree at moderate n.",
    },
    "dof.svd.toggle": {"zh": "再用完整 SVD 数一遍（n ≤ {limit}）", "en": "Count again with a full SVD (n ≤ {limit})"},
    "dof.svd.help": {
        "zh": "在第一个随机点上对 n × n 的雅可比矩阵做完整的 SVD，与上表的结果对照。它的开销随 n³ 增长，n 接近上限时每次要约 0.1 秒。",
        "en": "A full SVD of the n × n Jacobian at the first random point, to compare with the table above. Its "
        "cost grows like n³: about 0.1 s per change for n near the limit.",
    },
    "dof.svd.running": {"zh": "正在对 {n} × {n} 矩阵做 SVD…", "en": "Running the SVD of the {n} × {n} matrix…"},
    "dof.svd.too_large": {
        "zh": "n = {n} 超过 {limit}，这里不做完整 SVD（太慢）；上表用的结构算法是精确的。",
        "en": "n = {n} is above {limit}, too large for a full SVD here; the structure route used in the table is exact.",
    },
    "dof.col.rank_svd": {"zh": "完整 SVD 的秩", "en": "rank by full SVD"},
    "dof.col.time": {"zh": "用时", "en": "time"},
    "dof.lost.explain": {
        "zh": "- **L2 / RMSNorm 丢掉的是长度。** 把 x 沿自己的射线拉长或缩短，输出纹丝不动：雅可比矩阵在 x 方向上的奇异值为 0。"
        "剩下的 n − 1 个方向就是球面上的方向。\n"
        "- **LayerNorm 丢掉长度和整体偏移。** 除了沿射线的方向，给所有分量加同一个数（沿 𝟏 = (1, …, 1) 移动）也不改变输出："
        "雅可比矩阵把 𝟏 和 x − μ·𝟏 都映成 0。ε = 0 时输出落在零均值超平面与半径 √n 的球面的交集上，维数 n − 2。\n"
        "- **维数越高，丢掉的比例越小。** n = 896 时 L2/RMSNorm 保留 895 个（99.89 %），LayerNorm 保留 894 个（99.78 %）。",
        "en": "- **L2 and RMSNorm lose the length.** Stretch or shrink x along its own ray and the output does not "
        "move: the Jacobian has a zero singular value in the direction of x. The remaining n − 1 directions are "
        "the directions on the sphere.\n"
        "- **LayerNorm loses the length and the common offset.** Besides the ray, adding the same number to every "
        "component (moving along 𝟏 = (1, …, 1)) leaves the output unchanged too: the Jacobian sends both 𝟏 and "
        "x − μ·𝟏 to 0. At ε = 0 the outputs lie where the zero-mean hyperplane meets the sphere of radius √n, a set "
        "of n − 2 dimensions.\n"
        "- **The larger n, the smaller the share lost.** At n = 896, L2 and RMSNorm keep 895 (99.89 %) and "
        "LayerNorm keeps 894 (99.78 %).",
    },
    "dof.n2.now": {
        "zh": "n = 2：LayerNorm 的秩为 0（ε = 0）——零均值直线与半径 √2 的圆只交于两点，输出只能是其中之一，局部上一点也动不了。",
        "en": "n = 2: LayerNorm's rank is 0 (ε = 0). The zero-mean line crosses the circle of radius √2 at two "
        "points only; the output is one of them and cannot move at all near it.",
    },
    "dof.fig.spectrum.title": {"zh": "J 最小的几个奇异值（n = {n}）", "en": "Smallest singular values of J (n = {n})"},
    "dof.fig.spectrum.x": {"zh": "第 k 小的奇异值", "en": "k-th smallest singular value"},
    "dof.fig.spectrum.y": {"zh": "奇异值（单位 1/s，对数）", "en": "singular value (units of 1/s, log)"},
    "dof.fig.spectrum.tol": {"zh": "容差 {tol}：其下算作 0", "en": "tolerance {tol}: below counts as 0"},
    "dof.fig.spectrum.trace": {"zh": "{method}（丢 {lost} 个）", "en": "{method} (loses {lost})"},
    "dof.fig.spectrum.caption": {
        "zh": "取第一个随机点的雅可比矩阵 J。保留下来的方向奇异值都是 1（单位 1/s）；被拿掉的方向只剩舍入误差（约 1e-16），精确为 0 的画在图底。"
        "L2 和 RMSNorm 的点左右错开，以免重叠。",
        "en": "The Jacobian J at the first random point. Every direction that is kept has singular value 1 (units of "
        "1/s); the removed ones are rounding noise "
        "(about 1e-16), and exact zeros are drawn at the bottom. L2 and RMSNorm are shifted sideways so they do not "
        "hide each other.",
    },
    "dof.fig.fraction.title": {"zh": "保留的自由度占比", "en": "Share of the degrees of freedom kept"},
    "dof.fig.fraction.x": {"zh": "维数 n（对数）", "en": "dimension n (log)"},
    "dof.fig.fraction.y": {"zh": "保留比例", "en": "kept"},
    "dof.fig.fraction.current": {"zh": "当前 n = {n}", "en": "current n = {n}"},
    "dof.fig.fraction.caption": {
        "zh": "(n − 1)/n 与 (n − 2)/n：n = 2 时 LayerNorm 是 0 %，n = 768 以上两条曲线都贴近 100 %。",
        "en": "(n − 1)/n and (n − 2)/n: LayerNorm is at 0 % for n = 2; from n = 768 on both curves hug 100 %.",
    },
    "dof.n2.header": {
        "zh": "极端情形 n = 2：LayerNorm 只剩两个点",
        "en": "The extreme n = 2: LayerNorm leaves two points",
    },
    "dof.n2.text": {
        "zh": "平面上随机取一团输入。L2 把它们放到单位圆上，RMSNorm 放到半径 √2 的圆上，方向各不相同，圆上每一点都可能出现。"
        "LayerNorm 先减均值，所有点都落到直线 x₁ + x₂ = 0 上，再缩放到 √2（图中 ε = 0）——这条直线与圆只有 (1, −1) 和 (−1, 1) 两个交点。"
        "所以二维里它看上去把一切都抹掉了，只剩“x₁ 比 x₂ 大还是小”这一比特。维数一高，这个交集本身就是一个很大的球面。",
        "en": "A random cloud of inputs in the plane. L2 puts them on the unit circle and RMSNorm on the circle of "
        "radius √2, with all their different directions: any point of the circle can occur. LayerNorm first "
        "removes the mean, which puts every point on the line x₁ + x₂ = 0, then rescales to √2 (ε = 0 in the figure), and that line "
        "meets the circle only at (1, −1) and (−1, 1). In two dimensions it therefore looks as if everything were "
        "erased except one bit, whether x₁ is larger than x₂. In high dimensions the same intersection is itself "
        "a large sphere.",
    },
    "dof.fig.n2.title": {
        "zh": "n = 2：{count} 个随机输入与它们的输出（ε = 0）",
        "en": "n = 2: {count} random inputs and their outputs (ε = 0)",
    },
    "dof.fig.n2.circle": {"zh": "半径 {r} 的圆", "en": "circle of radius {r}"},
    "dof.fig.n2.line": {"zh": "零均值直线 x₁ + x₂ = 0", "en": "zero-mean line x₁ + x₂ = 0"},
    "dof.fig.n2.ln": {"zh": "LayerNorm：只有 {k} 个不同的输出", "en": "LayerNorm: only {k} distinct outputs"},
    "dof.fig.n2.count": {"zh": "{count} 个输入", "en": "{count} inputs"},
    "dof.affine.header": {"zh": "γ 和 β 把尺度与偏移还回来", "en": "γ and β give scale and offset back"},
    "dof.affine.text": {
        "zh": "归一化之后通常跟着一个逐维的仿射变换 y ↦ γ ⊙ y + β：γ 给每一维一个学到的尺度，β 给一个学到的偏移，"
        "网络需要的话，尺度和偏移都能学回来。但学回来的是**固定**的一组数，对所有输入都一样；每个输入自己的长度和均值"
        "已经丢了。比如 x 和 x + 100·𝟏（每个分量都加 100）经过 LayerNorm 得到同一个输出，γ 和 β 无从把两者区分开。",
        "en": "A norm is usually followed by a per-dimension affine map y ↦ γ ⊙ y + β: γ sets a learned scale for "
        "each dimension and β a learned offset, so a network that needs a scale or an offset can have one. They "
        "are **fixed** numbers, the same for every input; each input's own length and mean are gone. For example "
        "x and x + 100·𝟏 (100 added to every component) have the same LayerNorm output, and γ and β have nothing "
        "left to tell them apart by.",
    },
    "dof.eps.header": {"zh": "ε > 0 时秩会怎样？", "en": "What does ε > 0 do to the count?"},
    "dof.eps.text": {
        "zh": "上面的计数取 ε = 0，也就是按定义。实际实现的分母里有 ε：RMSNorm 除以 √(mean(x²) + ε)，LayerNorm 除以 "
        "√(σ² + ε)，其中 σ² = (1/n) Σ (xᵢ − μ)² 是有偏方差（除以 n）。于是径向不再被压成 0，而是乘上一个很小的因子："
        "RMSNorm 是 ε/(mean(x²) + ε)，LayerNorm 是 ε/(σ² + ε)。按容差严格地数，RMSNorm 的秩变成 n，LayerNorm 变成 n − 1"
        "（沿 𝟏 的偏移仍被精确去掉）。L2 的 ε 只在 ‖x‖ < ε 时起作用，这里没有影响。",
        "en": "The counts above take ε = 0, the definition. Implementations put ε in the divisor: RMSNorm divides by "
        "√(mean(x²) + ε) and LayerNorm by √(σ² + ε), where σ² = (1/n) Σ (xᵢ − μ)² is the biased variance (divided "
        "by n). The radial direction is then not flattened to 0 but shrunk by a small factor, ε/(mean(x²) + ε) "
        "for RMSNorm and ε/(σ² + ε) for LayerNorm. Counted strictly against the tolerance, RMSNorm's rank becomes n "
        "and LayerNorm's n − 1 (the offset along 𝟏 is still removed exactly). L2's ε acts only when ‖x‖ < ε, so "
        "it changes nothing here.",
    },
}
