"""Strings of the higher-dimensions page."""

STRINGS = {
    "nav.highdim": {"zh": "高维", "en": "Higher dimensions"},
    "overview.page.highdim": {
        "zh": "四维以上：采样一团随机向量，看三种方法的输出范数、均值、奇异值和主成分，以及高维里的测度集中。",
        "en": "Four dimensions and beyond: sample a cloud of random vectors and look at the outputs' norms, means, "
        "singular values and principal components, and at concentration of measure.",
    },
    "highdim.title": {"zh": "高维：画不出来的空间怎么看", "en": "Higher dimensions: seeing what cannot be drawn"},
    "highdim.intro": {
        "zh": "n > 3 时没法直接画图，只能换一种看法：n = 4 时 LayerNorm 的输出落在三维超平面 Σyᵢ = 0 里，取这个超平面的一组正交基，"
        "就能把它们原样画出来；更高的维数只能看统计量（范数、均值、奇异值）和投影。凡是投影，图上都会标明。",
        "en": "For n > 3 there is no direct picture, so we look differently. At n = 4 LayerNorm's outputs lie in the "
        "three-dimensional hyperplane Σyᵢ = 0; in an orthonormal basis of that hyperplane they can be drawn without "
        "loss. Beyond that we look at statistics (norms, means, singular values) and at projections, and every "
        "projection is labelled as one.",
    },
    # controls
    "highdim.n": {"zh": "维数 n", "en": "Dimension n"},
    "highdim.n.help": {
        "zh": "2 到 8192。896 是 Qwen2-0.5B 的隐藏维，4096 是很多 7B 模型的隐藏维。",
        "en": "2 to 8192. 896 is the hidden size of Qwen2-0.5B, 4096 that of many 7B models.",
    },
    "highdim.n.presets": {"zh": "常用维数", "en": "Common dimensions"},
    "highdim.count": {"zh": "样本数 N", "en": "Samples N"},
    "highdim.count.help": {
        "zh": "为了保持交互，n·N 最多 10⁶；超过时 N 会被自动减小。",
        "en": "To stay interactive, n·N is at most 10⁶; a larger N is reduced automatically.",
    },
    "highdim.dist": {"zh": "输入分布（每个分量独立）", "en": "Input distribution (independent components)"},
    "highdim.dist.help": {
        "zh": "N(0,σ²)：正态；N(m,σ²)：每个分量都加上同一个偏移 m（沿 1 方向）；σ·t₃：自由度为 3 的 Student t，重尾，偶尔出现极大值。",
        "en": "N(0,σ²): Gaussian; N(m,σ²): every component shifted by the same m (along 1); σ·t₃: Student t with 3 "
        "degrees of freedom, heavy-tailed, with rare very large values.",
    },
    "highdim.shift": {"zh": "偏移 m（仅 N(m,σ²)）", "en": "Shift m (N(m,σ²) only)"},
    "highdim.scale": {"zh": "尺度 σ", "en": "Scale σ"},
    "highdim.seed": {"zh": "随机种子", "en": "Random seed"},
    "highdim.seed.help": {
        "zh": "同一个种子、同样的设置总是得到同一团样本，链接可以复现。",
        "en": "The same seed and settings always give the same cloud, so a link reproduces it.",
    },
    "highdim.eps.help": {
        "zh": "本页默认 ε = 0，这样 LayerNorm 的输出严格落在半径 √n 的球面上（连续分布下不会抽到零向量）。"
        "“default” 表示各方法自己的默认值。",
        "en": "This page uses ε = 0 by default, so LayerNorm's outputs lie exactly on the sphere of radius √n (a "
        "continuous distribution never draws the zero vector). “default” means each method's own default.",
    },
    "highdim.capped": {
        "zh": "n·N = {asked:,} 超过了 10⁶，为保持交互，本次只用 N = {used:,} 个样本（n·N = {elements:,}）。",
        "en": "n·N = {asked:,} is over 10⁶; to stay interactive this run uses N = {used:,} samples "
        "(n·N = {elements:,}).",
    },
    "highdim.times": {
        "zh": "在 {backend} 上计算（首次计算时测得，之后来自缓存）：采样 {sample} ms，送入后端 {transfer} ms，{methods}，"
        "统计量 {statistics} ms。",
        "en": "Computed with {backend} (measured when first computed, cached since): sampling {sample} ms, moving "
        "to the backend {transfer} ms, {methods}, statistics {statistics} ms.",
    },
    "highdim.computing": {"zh": "正在采样并计算……", "en": "Sampling and computing…"},
    "highdim.no_methods": {
        "zh": "没有选中任何方法，下面只显示输入。",
        "en": "No method is selected; only the inputs are shown below.",
    },
    # n = 4
    "highdim.n4.header": {"zh": "n = 4：把三维超平面画出来", "en": "n = 4: drawing the three-dimensional hyperplane"},
    "highdim.n4.text": {
        "zh": "R⁴ 里的零均值超平面 Σyᵢ = 0 是三维的。下面三个向量 e₁、e₂、e₃ 是它的一组正交基（都和 1 正交，彼此正交，长度为 1）。"
        "LayerNorm 的输出都在这个超平面里，所以它们的三个坐标 (⟨y, e₁⟩, ⟨y, e₂⟩, ⟨y, e₃⟩) 就是它们的全部——没有丢任何东西，"
        "长度也不变：它们正好落在半径 √4 = 2 的二维球面上。这里用 {count} 个样本（n = 4，分布和种子同上）。",
        "en": "In R⁴ the zero-mean hyperplane Σyᵢ = 0 is three-dimensional. The three vectors e₁, e₂, e₃ below are "
        "an orthonormal basis of it (each orthogonal to 1 and to the others, each of length 1). LayerNorm's outputs "
        "lie in this hyperplane, so their three coordinates (⟨y, e₁⟩, ⟨y, e₂⟩, ⟨y, e₃⟩) are all there is to them: "
        "nothing is lost and lengths are kept, and they sit exactly on the 2-sphere of radius √4 = 2. This uses "
        "{count} samples (n = 4, same distribution and seed as above).",
    },
    "highdim.n4.basis": {"zh": "基向量", "en": "basis vector"},
    "highdim.n4.in_r4": {"zh": "在 R⁴ 中的坐标", "en": "coordinates in R⁴"},
    "highdim.n4.exact": {
        "zh": "LayerNorm：max |‖坐标‖ − 2| = {radius}，沿 1 丢掉的分量最多 {lost}（ε = {eps}）。",
        "en": "LayerNorm: max |‖coordinates‖ − 2| = {radius}; the component along 1 that the view drops is at most "
        "{lost} (ε = {eps}).",
    },
    "highdim.n4.projection": {
        "zh": "其余的点只是投影：RMSNorm 和 L2 的输出还有沿 1 的分量（最多 {rms} 和 {l2}），画在这个超平面上就被丢掉了，"
        "所以它们落在球的内部，而不是球面上。",
        "en": "The other points are only projections: the RMSNorm and L2 outputs keep a component along 1 (up to "
        "{rms} and {l2}), which this hyperplane view drops, so they land inside the ball, not on its surface.",
    },
    "highdim.fig.n4.title": {
        "zh": "n = 4：超平面 Σyᵢ = 0 中的坐标（e₁, e₂, e₃）",
        "en": "n = 4: coordinates in the hyperplane Σyᵢ = 0 (e₁, e₂, e₃)",
    },
    "highdim.fig.n4.sphere": {"zh": "半径 2 的二维球面", "en": "2-sphere of radius 2"},
    "highdim.fig.n4.exact": {"zh": "{method} 输出（精确，无投影）", "en": "{method} outputs (exact, not a projection)"},
    "highdim.fig.n4.projected": {"zh": "{method}（投影）", "en": "{method} (projection)"},
    "highdim.fig.axis.e": {"zh": "沿 e{i} 的坐标", "en": "coordinate along e{i}"},
    # any n
    "highdim.any.header": {"zh": "任意 n：n = {n}，N = {count}", "en": "Any n: n = {n}, N = {count}"},
    "highdim.hist.header": {"zh": "范数 ‖y‖ 与均值 mean(y)", "en": "Norms ‖y‖ and means mean(y)"},
    "highdim.hist.caption": {
        "zh": "每一列是一团点：输入的范数散布在 √n·(分量的均方根) 附近；L2 的范数全是 1，RMSNorm 和 LayerNorm 全是 √n "
        "（ε = 0 时）——直方图缩成一根竖线。LayerNorm 的均值全是 0；RMSNorm 保留了输入的偏移。",
        "en": "Each column is one cloud. The input norms scatter around √n·(component RMS); the L2 norms are all 1, "
        "the RMSNorm and LayerNorm norms all √n (at ε = 0), so their histograms collapse to a single spike. "
        "LayerNorm's means are all 0; RMSNorm keeps the inputs' offset.",
    },
    "highdim.table.cloud": {"zh": "点云", "en": "cloud"},
    "highdim.table.norm": {"zh": "‖y‖ 的均值", "en": "mean of ‖y‖"},
    "highdim.table.norm_spread": {"zh": "‖y‖ 的极差", "en": "range of ‖y‖"},
    "highdim.table.mean": {"zh": "mean(y) 的均值", "en": "mean of mean(y)"},
    "highdim.table.mean_spread": {"zh": "mean(y) 的极差", "en": "range of mean(y)"},
    "highdim.table.along": {"zh": "沿 1 的范围 ‖Y·1‖/√n", "en": "extent along 1, ‖Y·1‖/√n"},
    "highdim.fig.hist.norm": {"zh": "‖y‖", "en": "‖y‖"},
    "highdim.fig.hist.mean": {"zh": "mean(y)", "en": "mean(y)"},
    "highdim.fig.hist.count": {"zh": "个数", "en": "count"},
    "highdim.fig.hist.expected": {"zh": "√n·(分量均方根) = {value}", "en": "√n·(component RMS) = {value}"},
    "highdim.fig.hist.target": {"zh": "目标 {value}", "en": "target {value}"},
    "highdim.conc.header": {"zh": "测度集中：输入自己也在变“等长”", "en": "Concentration of measure: the inputs become equal-length too"},
    "highdim.conc.caption": {
        "zh": "每个 n 抽 {count} 个向量。n 越大，‖x‖/√n 越集中在分量的均方根（正态时就是 σ）附近：高斯输入的相对散布约为 "
        "1/√(2n)。所以在高维里，RMSNorm 对典型输入几乎只是一个统一的缩放；它真正起作用的是那些偏离典型长度的向量。"
        "归一化的输出（RMSNorm、LayerNorm）在任何 n 下都严格是 √n，散布为 0。重尾分布集中得慢得多。",
        "en": "{count} vectors per n. As n grows, ‖x‖/√n clusters ever more tightly around the component RMS (σ for a "
        "Gaussian): for Gaussian inputs the relative spread is about 1/√(2n). So in high dimensions RMSNorm does "
        "little more than one common rescaling of typical inputs; it matters for the vectors that stray from the "
        "typical length. The normalized outputs (RMSNorm, LayerNorm) are exactly √n for every n, with zero "
        "spread. Heavy tails concentrate much more slowly.",
    },
    "highdim.fig.conc.ratio": {"zh": "‖·‖ / √n", "en": "‖·‖ / √n"},
    "highdim.fig.conc.relative": {"zh": "相对散布 std(‖x‖)/mean(‖x‖)", "en": "relative spread std(‖x‖)/mean(‖x‖)"},
    "highdim.fig.conc.n": {"zh": "维数 n（对数刻度）", "en": "dimension n (log scale)"},
    "highdim.fig.conc.band": {"zh": "输入 5%–95% 分位", "en": "input, 5–95 % quantiles"},
    "highdim.fig.conc.median": {"zh": "输入中位数", "en": "input median"},
    "highdim.fig.conc.target": {"zh": "分量均方根 {value}", "en": "component RMS {value}"},
    "highdim.fig.conc.outputs": {"zh": "RMSNorm、LayerNorm 输出：恰为 1", "en": "RMSNorm, LayerNorm outputs: exactly 1"},
    "highdim.fig.conc.theory": {"zh": "理论值 {c}/√n（正态分量）", "en": "theory {c}/√n (Gaussian components)"},
    "highdim.fig.conc.current": {"zh": "当前 n = {n}", "en": "current n = {n}"},
    "highdim.sv.header": {"zh": "奇异值：LayerNorm 的点云在 1 方向上是扁的", "en": "Singular values: LayerNorm's cloud is flat along 1"},
    "highdim.sv.caption.full": {
        "zh": "把 N 个输出排成 N×n 矩阵 Y，它的 n 个奇异值给出点云在各个方向上的“厚度”。每个 LayerNorm 输出都和 1 正交，"
        "所以 Y·1 = 0：最后一个奇异值是 0（图中画在舍入下限 {floor} 处），对应的方向就是 1。L2 和 RMSNorm 的点云没有这样的方向。",
        "en": "Stack the N outputs into an N×n matrix Y; its n singular values give the cloud's thickness in each "
        "direction. Every LayerNorm output is orthogonal to 1, so Y·1 = 0: the last singular value is 0 (drawn at "
        "the rounding floor {floor}), and its direction is 1. The L2 and RMSNorm clouds have no such direction.",
    },
    "highdim.sv.caption.few": {
        "zh": "这里 N = {count} < n = {n}：N 个点最多张成 N 个方向，所以只有 N 个奇异值，LayerNorm 的也都不为 0——"
        "它们张成的方向都在超平面里。沿 1 的厚度 ‖Y·1‖/√n 仍然是 {along}。把 N 调到 ≥ n 就能看到那个为 0 的奇异值。",
        "en": "Here N = {count} < n = {n}: N points span at most N directions, so there are only N singular values, "
        "and LayerNorm's are all nonzero, because the directions they span lie inside the hyperplane. The "
        "thickness along 1, ‖Y·1‖/√n, is still {along}. Make N ≥ n to see the zero singular value.",
    },
    "highdim.fig.sv.index": {"zh": "序号 k", "en": "index k"},
    "highdim.fig.sv.value": {"zh": "奇异值 σₖ（对数刻度）", "en": "singular value σₖ (log scale)"},
    "highdim.fig.sv.zero": {"zh": "{method}：≈ 0（沿 1）", "en": "{method}: ≈ 0 (along 1)"},
    "highdim.fig.sv.floor": {"zh": "舍入下限", "en": "rounding floor"},
    "highdim.pca.header": {"zh": "主成分视图（投影）", "en": "Principal-component view (a projection)"},
    "highdim.pca.caption": {
        "zh": "每团点减去自己的均值后，投影到它自己方差最大的两个方向上（PCA），最多画 {points} 个点。这是从 n 维到 2 维的投影，"
        "括号里是这两个方向各自解释的方差比例；n 很大时它们都很小，说明点云在各个方向上差不多一样“厚”。"
        "试试 N(m,σ²) 加大 m：RMSNorm 的点云几乎缩成一团（所有输出都挤到 1 方向附近），LayerNorm 的则不受影响。",
        "en": "Each cloud, minus its own mean, projected onto its own two directions of largest variance (PCA); at "
        "most {points} points are drawn. This is a projection from n dimensions to 2; the brackets give the share of "
        "the variance each direction carries, which is small for large n: the cloud is about equally thick in "
        "every direction. Try N(m,σ²) with a large m: the RMSNorm cloud shrinks to a blob (every output crowds "
        "toward the direction of 1), while LayerNorm's is unaffected.",
    },
    "highdim.fig.pca.axis": {"zh": "主成分{i}（{share}%）", "en": "PC{i} ({share}%)"},
    "highdim.fig.pca.title": {
        "zh": "投影到各自的前两个主成分（n = {n} → 2）",
        "en": "Projection onto each cloud's first two principal components (n = {n} → 2)",
    },
    "highdim.caption": {
        "zh": "小结：维数再高，归一化做的事也一样——L2 和 RMSNorm 只拿掉长度（剩 n − 1 个自由度），LayerNorm 再拿掉沿 1 的"
        "公共偏移（剩 n − 2 个）。n = 896 时 LayerNorm 的输出仍有 894 个自由方向，丢掉的只是两个数。",
        "en": "In short: however high the dimension, normalizing does the same thing. L2 and RMSNorm remove only the "
        "length (n − 1 degrees of freedom left); LayerNorm also removes the common offset along 1 (n − 2 left). At "
        "n = 896 LayerNorm's outputs still have 894 free directions; what is gone is just two numbers.",
    },
}
