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
        "zh": "为了让每次改动都即时响应，n·N 最多 {limit:,}；超过时 N 会被自动减小。",
        "en": "To keep every change instant, n·N is at most {limit:,}; a larger N is reduced automatically.",
    },
    "highdim.dist": {"zh": "输入分布（每个分量独立）", "en": "Input distribution (independent components)"},
    "highdim.dist.help": {
        "zh": "每个分量独立抽取。N(0,σ²)：正态；N(m,σ²)：同样的正态样本，每个分量再加同一个 m（整团点沿 𝟏 平移）；"
        "σ·t₃：自由度为 3 的 Student t 乘以 σ，重尾，偶尔出现极大的值。",
        "en": "Each component is drawn independently. N(0,σ²): Gaussian; N(m,σ²): the same Gaussian draws with one "
        "m added to every component (the whole cloud moves along 𝟏); σ·t₃: σ times a Student t with 3 degrees of "
        "freedom, heavy-tailed, with rare very large values.",
    },
    "highdim.shift": {"zh": "偏移 m（仅 N(m,σ²)）", "en": "Shift m (N(m,σ²) only)"},
    "highdim.scale": {"zh": "尺度 σ", "en": "Scale σ"},
    "highdim.scale.help": {
        "zh": "抽样分布的参数：N(0,σ²) 和 N(m,σ²) 里每个分量的标准差；σ·t₃ 里是尺度（标准差为 √3·σ）。"
        "它不是 LayerNorm 对单个向量算出的 σ，后者是有偏方差 σ² = (1/n) Σ (xᵢ − μ)² 的平方根。",
        "en": "A parameter of the sampling distribution: the standard deviation of each component in N(0,σ²) and "
        "N(m,σ²), a scale in σ·t₃ (whose standard deviation is √3·σ). It is not the σ that LayerNorm computes "
        "from one vector, the square root of the biased variance σ² = (1/n) Σ (xᵢ − μ)².",
    },
    "highdim.seed": {"zh": "随机种子", "en": "Random seed"},
    "highdim.seed.help": {
        "zh": "同一个随机种子、同样的设置总是得到同一团样本，链接可以复现。",
        "en": "The same seed and settings always give the same cloud, so a link reproduces it.",
    },
    "highdim.eps.help": {
        "zh": "本页默认 ε = 0：只有这样 RMSNorm 和 LayerNorm 的输出才严格落在半径 √n 的球面上（连续分布抽不到零向量，"
        "不会出现 0/0）。“default” 表示各方法自己的默认 ε。",
        "en": "This page starts at ε = 0: only then do the RMSNorm and LayerNorm outputs lie exactly on the sphere of "
        "radius √n (a continuous distribution never draws the zero vector, so there is no 0/0). “default” means "
        "each method's own default ε.",
    },
    "highdim.eps.default": {"zh": "各方法的默认值", "en": "each method's default"},
    "highdim.capped": {
        "zh": "n·N = {asked:,} 超过了上限 {limit:,}，为保持即时响应，本次只用 N = {used:,} 个样本（n·N = {elements:,}）。",
        "en": "n·N = {asked:,} is over the limit of {limit:,}; to keep changes instant this run uses N = {used:,} samples "
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
        "zh": "R⁴ 里的零均值超平面 Σyᵢ = 0 是三维的。下面三个向量 e₁、e₂、e₃ 是它的一组正交基（都和 𝟏 正交，彼此正交，长度为 1）。"
        "LayerNorm 的输出都在这个超平面里，所以它们的三个坐标 (⟨y, e₁⟩, ⟨y, e₂⟩, ⟨y, e₃⟩) 就是它们的全部——没有丢任何东西，"
        "长度也不变；ε = 0 时它们正好落在半径 √4 = 2 的二维球面上。这里用 {count} 个样本（n = 4，分布和随机种子同上）。",
        "en": "In R⁴ the zero-mean hyperplane Σyᵢ = 0 is three-dimensional. The three vectors e₁, e₂, e₃ below are "
        "an orthonormal basis of it (each orthogonal to 𝟏 and to the others, each of length 1). LayerNorm's outputs "
        "lie in this hyperplane, so their three coordinates (⟨y, e₁⟩, ⟨y, e₂⟩, ⟨y, e₃⟩) are all there is to them: "
        "nothing is lost and lengths are kept, and at ε = 0 they sit exactly on the 2-sphere of radius √4 = 2. This uses "
        "{count} samples (n = 4, same distribution and random seed as above).",
    },
    "highdim.n4.basis": {"zh": "基向量", "en": "basis vector"},
    "highdim.n4.in_r4": {"zh": "在 R⁴ 中的坐标", "en": "coordinates in R⁴"},
    "highdim.n4.exact": {
        "zh": "LayerNorm：max |‖坐标‖ − 2| = {radius}，沿 𝟏 丢掉的分量最多 {lost}（ε = {eps}）。",
        "en": "LayerNorm: max |‖coordinates‖ − 2| = {radius}; the component along 𝟏 that the view drops is at most "
        "{lost} (ε = {eps}).",
    },
    "highdim.n4.projection": {
        "zh": "其余的点只是投影：RMSNorm 和 L2 的输出还有沿 𝟏 的分量（最多 {rms} 和 {l2}），画在这个超平面上就被丢掉了，"
        "所以它们落在球的内部，而不是球面上。",
        "en": "The other points are only projections: the RMSNorm and L2 outputs keep a component along 𝟏 (up to "
        "{rms} and {l2}), which this hyperplane view drops, so they land inside the ball, not on its surface.",
    },
    "highdim.fig.n4.title": {
        "zh": "n = 4：超平面 Σyᵢ = 0 中的坐标（e₁, e₂, e₃）",
        "en": "n = 4: coordinates in the hyperplane Σyᵢ = 0 (e₁, e₂, e₃)",
    },
    "highdim.fig.n4.sphere": {
        "zh": "半径 2 的二维球面（ε = 0 时 LayerNorm 的输出所在）",
        "en": "2-sphere of radius 2 (LayerNorm at ε = 0)",
    },
    "highdim.fig.n4.exact": {"zh": "{method} 输出（精确，无投影）", "en": "{method} outputs (exact, not a projection)"},
    "highdim.fig.n4.projected": {"zh": "{method}（投影）", "en": "{method} (projection)"},
    "highdim.fig.axis.e": {"zh": "沿 e{i} 的坐标", "en": "coordinate along e{i}"},
    # any n
    "highdim.any.header": {"zh": "任意 n：n = {n}，N = {count}", "en": "Any n: n = {n}, N = {count}"},
    "highdim.hist.header": {"zh": "范数 ‖y‖ 与均值 mean(y)", "en": "Norms ‖y‖ and means mean(y)"},
    "highdim.hist.caption": {
        "zh": "每一列是一团点。输入的范数散布在 √n·(分量的均方根) 附近；L2 的范数全是 1；ε = 0 时 RMSNorm 和 LayerNorm "
        "的范数全是 √n，直方图缩成一根竖线（本页现在的 ε：{eps}；ε > 0 时略小于 √n）。LayerNorm 的均值全是 0；"
        "RMSNorm 保留了输入的偏移。",
        "en": "Each column is one cloud. The input norms scatter around √n·(component RMS); the L2 norms are all 1; at "
        "ε = 0 the RMSNorm and LayerNorm norms are all √n, so their histograms shrink to one spike (ε here: {eps}; "
        "with ε > 0 they fall slightly short of √n). LayerNorm's means are all 0; RMSNorm keeps the inputs' offset.",
    },
    "highdim.table.cloud": {"zh": "点云", "en": "cloud"},
    "highdim.table.norm": {"zh": "‖y‖ 的均值", "en": "mean of ‖y‖"},
    "highdim.table.norm_spread": {"zh": "‖y‖ 的极差", "en": "range of ‖y‖"},
    "highdim.table.mean": {"zh": "mean(y) 的均值", "en": "mean of mean(y)"},
    "highdim.table.mean_spread": {"zh": "mean(y) 的极差", "en": "range of mean(y)"},
    "highdim.table.along": {"zh": "沿 𝟏 的范围 ‖Y·𝟏‖/√n", "en": "extent along 𝟏, ‖Y·𝟏‖/√n"},
    "highdim.fig.hist.norm": {"zh": "‖y‖", "en": "‖y‖"},
    "highdim.fig.hist.mean": {"zh": "mean(y)", "en": "mean(y)"},
    "highdim.fig.hist.count": {"zh": "个数", "en": "count"},
    "highdim.fig.hist.expected": {"zh": "√n·(分量均方根) = {value}", "en": "√n·(component RMS) = {value}"},
    "highdim.fig.hist.target": {"zh": "目标 {value}（ε = 0）", "en": "target {value} (ε = 0)"},
    "highdim.conc.header": {
        "zh": "测度集中：输入自己也在变“等长”",
        "en": "Concentration of measure: the inputs become equal-length too",
    },
    "highdim.conc.caption.gaussian": {
        "zh": "每个 n 一组固定的 {count} 个向量（不随随机种子变化；只抽它们的范数，分布与逐个分量抽取完全相同）。n 越大，‖x‖/√n 越紧地聚在分量的均方根 "
        "σ = {rms} 附近，相对散布按 {c}/√n 缩小，也就是 N(0,σ²) 的 1/√(2n)。",
        "en": "A fixed set of {count} vectors per n (it does not follow the random seed; only their norms are drawn, with "
        "exactly the distribution that drawing every "
        "component would give). As n grows, ‖x‖/√n gathers ever more tightly around the component RMS σ = {rms}; "
        "its relative spread shrinks like {c}/√n, which is 1/√(2n) for N(0,σ²).",
    },
    "highdim.conc.caption.shifted": {
        "zh": "每个 n 一组固定的 {count} 个向量（不随随机种子变化；只抽它们的范数，分布与逐个分量抽取完全相同）。有偏移时分量的均方根是 √(m² + σ²) = {rms}，"
        "‖x‖/√n 聚在它附近；相对散布按 {c}/√n 缩小，其中 c = √(4m²σ² + 2σ⁴)/(2(m² + σ²))，只有 m = 0 时才是 1/√2。",
        "en": "A fixed set of {count} vectors per n (it does not follow the random seed; only their norms are drawn, with "
        "exactly the distribution that drawing every "
        "component would give). With an offset the component RMS is √(m² + σ²) = {rms}, and ‖x‖/√n gathers around "
        "it; its relative spread shrinks like {c}/√n with c = √(4m²σ² + 2σ⁴)/(2(m² + σ²)), which is 1/√2 only "
        "when m = 0.",
    },
    "highdim.conc.caption.heavy": {
        "zh": "每个 n 一组固定的 {count} 个向量（不随随机种子变化；n 维向量取同一个 8192 维样本的前 n 个分量）。分量的均方根是 √3·σ = {rms}，"
        "‖x‖/√n 也会向它靠拢，但慢得多：t₃ 的四阶矩是无穷大，散布没有 c/√n 这样的规律，偶尔一个极大的分量就能拉开范数。",
        "en": "A fixed set of {count} vectors per n (it does not follow the random seed; the vector in n dimensions is the "
        "first n components of one 8192-component "
        "draw). The component RMS is √3·σ = {rms} and ‖x‖/√n drifts toward it too, but much more slowly: t₃ has an "
        "infinite fourth moment, so the spread follows no c/√n law, and a single huge component can stretch a norm.",
    },
    "highdim.conc.caption.iid": {
        "zh": "这是独立同分布样本的性质：对这样的输入，RMSNorm 差不多只是一个统一的缩放。真实网络里不是这样——激活的尺度随层、"
        "随词元变化，归一化要消除的正是这种变化。RMSNorm 和 LayerNorm 的输出在 ε = 0 时对任何 n 都满足 ‖y‖/√n = 1，散布为 0。",
        "en": "This holds for independent, identically distributed (i.i.d.) samples: for such inputs RMSNorm is close to one "
        "common rescaling. A real network is different: the scale of the activations drifts from layer to layer "
        "and from token to token, and that drift is what normalization takes out. The RMSNorm and LayerNorm outputs "
        "have ‖y‖/√n = 1 for every n at ε = 0, with no spread at all.",
    },
    "highdim.fig.conc.ratio": {"zh": "‖·‖ / √n", "en": "‖·‖ / √n"},
    "highdim.fig.conc.relative": {"zh": "相对散布 std(‖x‖)/mean(‖x‖)", "en": "relative spread std(‖x‖)/mean(‖x‖)"},
    "highdim.fig.conc.n": {"zh": "维数 n（对数刻度）", "en": "dimension n (log scale)"},
    "highdim.fig.conc.band": {"zh": "输入 5%–95% 分位", "en": "input, 5–95 % quantiles"},
    "highdim.fig.conc.median": {"zh": "输入中位数", "en": "input median"},
    "highdim.fig.conc.target": {"zh": "分量均方根 {value}", "en": "component RMS {value}"},
    "highdim.fig.conc.outputs": {
        "zh": "RMSNorm、LayerNorm 输出：恰为 1（ε = 0）",
        "en": "RMSNorm, LayerNorm outputs: exactly 1 (ε = 0)",
    },
    "highdim.fig.conc.theory": {"zh": "理论值 {c}/√n（正态分量）", "en": "theory {c}/√n (Gaussian components)"},
    "highdim.fig.conc.current": {"zh": "当前 n = {n}", "en": "current n = {n}"},
    # the exact laws (chi, Beta) and the goodness-of-fit tests
    "highdim.laws.header": {
        "zh": "精确分布：chi 分布与 Beta 分布（scipy.stats）",
        "en": "Exact laws: the chi and Beta distributions (scipy.stats)",
    },
    "highdim.law.name.chi": {"zh": "σ·χ({n})，σ = {sigma}", "en": "σ·χ({n}) with σ = {sigma}"},
    "highdim.law.name.cosine": {
        "zh": "(1 + c)/2 ~ Beta({a}, {a})，d = {d}",
        "en": "(1 + c)/2 ~ Beta({a}, {a}), d = {d}",
    },
    "highdim.fig.law.chi": {
        "zh": "精确的 σ·χ({n}) 密度（σ = {scale}），按个数缩放",
        "en": "exact σ·χ({n}) density (σ = {scale}), scaled to the counts",
    },
    "highdim.fig.law.cosine": {
        "zh": "精确密度：(1 + c)/2 ~ Beta({a}, {a})（d = {d}），按个数缩放",
        "en": "exact density: (1 + c)/2 ~ Beta({a}, {a}) (d = {d}), scaled to the counts",
    },
    "highdim.fig.cos.law": {"zh": "虚线：精确分布，d = {d}", "en": "dashed: exact law, d = {d}"},
    "highdim.fig.cos.nolaw": {"zh": "不画精确分布", "en": "no exact law drawn"},
    "highdim.fig.cos.axis": {"zh": "余弦 c", "en": "cosine c"},
    "highdim.law.norm.chi": {
        "zh": "输入范数直方图上的虚线是一个精确分布。分量服从 N(0,σ²) 时，‖x‖/σ 是 n 个独立的 N(0, 1) 数的范数，"
        "服从自由度为 n 的 chi 分布（scipy.stats.chi），即 ‖x‖ ~ σ·χ(n)；虚线是它的密度乘以 N 再乘以箱宽，与柱子同一尺度。"
        "n = {n}、σ = {sigma} 时：均值 σ·√2·Γ((n + 1)/2)/Γ(n/2) = {mean}（接近 σ·√(n − 1/2) = {approx}），"
        "标准差 {sd}（n 增大时趋于 σ/√2 = {limit}），相对散布 {relative}。标准差停在 σ/√2 附近，均值却像 σ·√n 一样增长，所以相对于均值，范数随 n 增大越来越集中。"
        "本页的 {count:,} 个范数：均值 {sample_mean}，标准差 {sample_sd}（除以 N）。",
        "en": "The dashed curve on the input's norms is an exact law. For N(0,σ²) components ‖x‖/σ is the norm of n "
        "independent N(0, 1) numbers, which has the chi distribution with n degrees of freedom (scipy.stats.chi), "
        "so ‖x‖ ~ σ·χ(n); the curve is its density times N times the bin width, the scale of the bars. At n = {n}, "
        "σ = {sigma}: mean σ·√2·Γ((n + 1)/2)/Γ(n/2) = {mean} (close to σ·√(n − 1/2) = {approx}), standard "
        "deviation {sd} (it tends to σ/√2 = {limit} as n grows), a relative spread of {relative}. The standard "
        "deviation stays near σ/√2 while the mean grows like σ·√n, so relative to their mean the norms concentrate "
        "as n grows. The page's {count:,} norms: mean {sample_mean}, standard deviation "
        "{sample_sd} (dividing by N).",
    },
    "highdim.law.norm.shifted": {
        "zh": "输入范数直方图上不画精确曲线：有偏移 m = {m} 时 chi 分布不适用（此时 ‖x‖²/σ² 服从自由度为 n、"
        "非中心参数 n·m²/σ² = {lam} 的非中心 χ² 分布）。",
        "en": "No exact curve is drawn on the input's norms: with the offset m = {m} the chi law does not apply "
        "(‖x‖²/σ² then follows a noncentral χ² law with n degrees of freedom and noncentrality n·m²/σ² = {lam}).",
    },
    "highdim.law.norm.heavy": {
        "zh": "输入范数直方图上不画精确曲线：分量独立服从 t₃ 的向量，其范数不服从任何有名字的标准分布（scipy.stats 里也没有），"
        "所以只画直方图。",
        "en": "No exact curve is drawn on the input's norms: the norm of a vector of independent t₃ components "
        "follows no standard named law (scipy.stats has none), so the histogram stands alone.",
    },
    "highdim.law.cos.text": {
        "zh": "角度上的测度集中。每个直方图把一团点的向量两两配对（第 1 个和第 2 个、第 3 个和第 4 个……），"
        "得到 {pairs:,} 个余弦 c = ⟨a, b⟩/(‖a‖·‖b‖)。若两个方向相互独立、在 ℝᵈ 的球面上均匀分布，"
        "则 (1 + c)/2 服从 Beta((d − 1)/2, (d − 1)/2)（scipy.stats.beta；c 的密度是 (1 + c)/2 的密度的一半）："
        "c 的均值为 0，标准差恰为 1/√d。d = n = {n} 时：Beta({a}, {a})，标准差 1/√{n} = {sd}，"
        "这样的余弦有 {central} 落在 ±{q} 以内。",
        "en": "Concentration of measure in angles. Each histogram pairs a cloud's vectors, the 1st with the 2nd, the "
        "3rd with the 4th and so on: {pairs:,} cosines c = ⟨a, b⟩/(‖a‖·‖b‖). When two directions are independent "
        "and uniform on the sphere of ℝᵈ, (1 + c)/2 follows Beta((d − 1)/2, (d − 1)/2) (scipy.stats.beta; the "
        "density of c is that of (1 + c)/2, halved): c has mean 0 and standard deviation exactly 1/√d. For "
        "d = n = {n}: Beta({a}, {a}), standard deviation 1/√{n} = {sd}, and {central} of such cosines lie "
        "within ±{q}.",
    },
    "highdim.law.cos.table": {
        "zh": "下表用本页的样本逐一检验：每团点的余弦（以及输入的范数）是否符合各自的精确分布（如果有的话）。",
        "en": "The table below tests the page's own samples, each cloud's cosines and the input's norms, against their "
        "exact laws where one applies.",
    },
    "highdim.law.cos.orthogonal": {
        "zh": "在 {n} 维里，两个随机方向几乎正交。",
        "en": "In {n} dimensions two random directions are nearly orthogonal.",
    },
    "highdim.law.cos.gaussian": {
        "zh": "N(0,σ²) 分量在各个方向上的分布都一样，所以输入的方向是均匀的：d = n = {n}。"
        "L2 和 RMSNorm 把每个 x 除以一个正数，余弦不变。",
        "en": "N(0,σ²) components have the same law in every direction, so the input's directions are uniform: "
        "d = n = {n}. L2 and RMSNorm divide each x by a positive number and keep its cosines.",
    },
    "highdim.law.cos.ln": {
        "zh": "LayerNorm 的输出是 x − mean(x)·𝟏 的正数倍，这个向量的方向在 n − 1 维的超平面 Σyᵢ = 0 里均匀分布：d = {d}。",
        "en": "LayerNorm's output is a positive multiple of x − mean(x)·𝟏, whose direction is uniform in the "
        "hyperplane Σyᵢ = 0 of dimension n − 1: d = {d}.",
    },
    "highdim.law.cos.shifted": {
        "zh": "有偏移 m = {m} 时，输入的方向不再均匀：𝟏 把它们拉到一起（这里输入余弦的均值是 {mean}），"
        "所以输入、L2 和 RMSNorm（后两者保留输入的余弦）都不画精确分布。",
        "en": "With the offset m = {m} the input's directions are not uniform: 𝟏 pulls them together (the "
        "input's mean cosine here is {mean}), so no exact law is drawn for the input, L2 or RMSNorm (the last "
        "two keep the input's cosines).",
    },
    "highdim.law.cos.shifted_ln": {
        "zh": "LayerNorm 去掉了偏移：x − mean(x)·𝟏 = σ·(z − mean(z)·𝟏) 与 m 无关，它的方向在 n − 1 维的超平面 Σyᵢ = 0 里"
        "均匀分布，所以它的余弦又服从 d = n − 1 = {d} 的分布。",
        "en": "LayerNorm removes the offset: x − mean(x)·𝟏 = σ·(z − mean(z)·𝟏) does not depend on m, and its "
        "direction is uniform in the hyperplane Σyᵢ = 0 of dimension n − 1, so its cosines follow the law of "
        "d = n − 1 = {d} again.",
    },
    "highdim.law.cos.heavy": {
        "zh": "σ·t₃ 分量在不同方向上的分布不一样，所以哪一团点的余弦都没有适用的精确分布，不画曲线；"
        "L2 和 RMSNorm 保留输入的余弦。",
        "en": "σ·t₃ components do not have the same law in every direction, so no exact law of the cosine applies "
        "to any cloud and none is drawn; L2 and RMSNorm keep the input's cosines.",
    },
    "highdim.law.cos.n2": {
        "zh": "n = 2 时超平面 Σyᵢ = 0 是一条直线，所以 LayerNorm 的余弦不是 +1 就是 −1。",
        "en": "At n = 2 the hyperplane Σyᵢ = 0 is a line, so every LayerNorm cosine is +1 or −1.",
    },
    "highdim.fit.what.norms": {"zh": "范数", "en": "norms"},
    "highdim.fit.what.cosines": {"zh": "余弦", "en": "cosines"},
    "highdim.fit.all": {"zh": "这 {count:,} 个{what}", "en": "the {count:,} {what}"},
    "highdim.fit.first": {
        "zh": "前 {tested:,} 个{what}（共 {count:,} 个）",
        "en": "the first {tested:,} of the {count:,} {what}",
    },
    "highdim.fit.kept": {
        "zh": "用 Kolmogorov–Smirnov 检验（scipy.stats.kstest）比较{sample}与 {law}：D = {d}，p = {p} ≥ {alpha}，"
        "所以在 {level} 的显著性水平下，检验不拒绝这个分布。不拒绝不等于证明：它只说明检验看不出样本与这个分布有矛盾。",
        "en": "A Kolmogorov–Smirnov test (scipy.stats.kstest) of {sample} against {law}: D = {d}, p = {p} ≥ {alpha}, "
        "so at the {level} significance level the test does not reject this law. Not rejecting is not a proof: it "
        "says the test finds no disagreement between the sample and the law.",
    },
    "highdim.fit.rejected": {
        "zh": "用 Kolmogorov–Smirnov 检验（scipy.stats.kstest）比较{sample}与 {law}：D = {d}，p = {p} < {alpha}，"
        "所以在 {level} 的显著性水平下，检验拒绝这个分布。这里的分布是精确的，所以这是真分布也会被拒绝的那 {level} "
        "的样本之一，纯属偶然；换一个随机种子多半就能通过。",
        "en": "A Kolmogorov–Smirnov test (scipy.stats.kstest) of {sample} against {law}: D = {d}, p = {p} < {alpha}, "
        "so at the {level} significance level the test rejects this law. The law is exact here, so this is one of "
        "the {level} of samples in which a true law is rejected by chance; another random seed will most likely "
        "pass.",
    },
    "highdim.fit.col.sample": {"zh": "样本", "en": "sample"},
    "highdim.fit.col.law": {"zh": "精确分布", "en": "exact law"},
    "highdim.fit.col.law_stats": {"zh": "分布：均值、标准差", "en": "law: mean, sd"},
    "highdim.fit.col.sample_stats": {"zh": "样本：均值、标准差（除以 N）", "en": "sample: mean, sd (divide by N)"},
    "highdim.fit.col.d": {"zh": "KS 的 D", "en": "KS D"},
    "highdim.fit.col.p": {"zh": "p", "en": "p"},
    "highdim.fit.col.verdict": {"zh": "{level} 水平下", "en": "at the {level} level"},
    "highdim.fit.row.norms": {"zh": "{cloud}：范数", "en": "{cloud}: norms"},
    "highdim.fit.row.cosines": {"zh": "{cloud}：余弦", "en": "{cloud}: cosines"},
    "highdim.fit.none": {"zh": "不适用", "en": "none applies"},
    "highdim.fit.yes": {"zh": "不拒绝", "en": "not rejected"},
    "highdim.fit.no": {"zh": "拒绝", "en": "rejected"},
    "highdim.fit.caption": {
        "zh": "Kolmogorov–Smirnov 检验（scipy.stats.kstest，双侧）比较样本的经验分布函数和分布的分布函数：D 是两者之间的最大差距，"
        "p 是分布成立时出现至少这么大差距的概率。在 {level} 的水平下，p < {alpha} 时拒绝这个分布。不拒绝并不证明分布成立，"
        "而真分布也会在 {level} 的样本里被拒绝。每次检验最多用样本的前 {limit:,} 个值；样本就是本页的样本，随随机种子变化。",
        "en": "The Kolmogorov–Smirnov test (scipy.stats.kstest, two-sided) compares a sample's empirical distribution "
        "function with the law's: D is the largest gap between them, p the probability of a gap at least as large if "
        "the law holds. At the {level} level a law is rejected when p < {alpha}. Not rejecting does not prove a law, "
        "and a true law is still rejected in {level} of samples. A test uses at most the first {limit:,} values of a "
        "sample; the samples are this page's own and change with its random seed.",
    },
    "highdim.sv.header": {
        "zh": "奇异值：LayerNorm 的点云在 𝟏 方向上是扁的",
        "en": "Singular values: LayerNorm's cloud is flat along 𝟏",
    },
    "highdim.sv.caption.full": {
        "zh": "把 N 个输出排成 N×n 矩阵 Y，它的 n 个奇异值给出点云在各个方向上的“厚度”。每个 LayerNorm 输出都和 𝟏 正交，"
        "所以 Y·𝟏 = 0：最后一个奇异值是 0（图中画在舍入下限 {floor} 处），对应的方向就是 𝟏。L2 和 RMSNorm 的点云没有这样的方向。",
        "en": "Stack the N outputs into an N×n matrix Y; its n singular values give the cloud's thickness in each "
        "direction. Every LayerNorm output is orthogonal to 𝟏, so Y·𝟏 = 0: the last singular value is 0 (drawn at "
        "the rounding floor {floor}), and its direction is 𝟏. The L2 and RMSNorm clouds have no such direction.",
    },
    "highdim.sv.caption.few": {
        "zh": "这里 N = {count} < n = {n}：N 个点最多张成 N 个方向，所以只有 N 个奇异值，LayerNorm 的也都不为 0——"
        "它们张成的方向都在超平面里。沿 𝟏 的厚度 ‖Y·𝟏‖/√n 仍然是 {along}。把 N 调到 ≥ n 就能看到那个为 0 的奇异值。",
        "en": "Here N = {count} < n = {n}: N points span at most N directions, so there are only N singular values, "
        "and LayerNorm's are all nonzero, because the directions they span lie inside the hyperplane. The "
        "thickness along 𝟏, ‖Y·𝟏‖/√n, is still {along}. Make N ≥ n to see the zero singular value.",
    },
    "highdim.sv.caption.subset": {
        "zh": "N 和 n 都超过 {limit}，所以奇异值和主成分只用前 {count} 个向量（特征值的计算量随较小一边的三次方增长）。"
        "{count} 个点最多张成 {count} 个方向，少于 n = {n}，因此 LayerNorm 的奇异值也都不为 0；按全部 N 个向量算，"
        "沿 𝟏 的厚度 ‖Y·𝟏‖/√n 仍是 {along}。n ≤ {limit} 且 N ≥ n 时就能看到那个为 0 的奇异值。",
        "en": "Both N and n are above {limit}, so the singular values and principal axes use the first {count} "
        "vectors only (computing the eigenvalues costs the cube of the smaller side). {count} points span at most "
        "{count} directions, fewer than n = {n}, so LayerNorm's singular values are all nonzero too; over all N "
        "vectors the thickness along 𝟏, ‖Y·𝟏‖/√n, is still {along}. With n ≤ {limit} and N ≥ n the zero "
        "singular value appears.",
    },
    "highdim.fig.sv.index": {"zh": "序号 k", "en": "index k"},
    "highdim.fig.sv.value": {"zh": "奇异值 σₖ（对数刻度）", "en": "singular value σₖ (log scale)"},
    "highdim.fig.sv.zero": {"zh": "{method}：≈ 0（沿 𝟏）", "en": "{method}: ≈ 0 (along 𝟏)"},
    "highdim.fig.sv.floor": {"zh": "舍入下限", "en": "rounding floor"},
    "highdim.pca.header": {"zh": "主成分视图（投影）", "en": "Principal-component view (a projection)"},
    "highdim.pca.caption": {
        "zh": "每团点减去自己的均值后，投影到它自己方差最大的两个方向上（PCA），最多画 {points} 个点。这是从 n 维到 2 维的投影，"
        "括号里是这两个方向各自解释的方差比例；n 很大时它们都很小，说明点云在各个方向上差不多一样“厚”。"
        "试试 N(m,σ²) 加大 m：RMSNorm 的点云几乎缩成一团（所有输出都挤到 𝟏 方向附近），LayerNorm 的则不受影响。",
        "en": "Each cloud, minus its own mean, projected onto its own two directions of largest variance (PCA); at "
        "most {points} points are drawn. This is a projection from n dimensions to 2; the brackets give the share of "
        "the variance each direction carries, which is small for large n: the cloud is about equally thick in "
        "every direction. Try N(m,σ²) with a large m: the RMSNorm cloud shrinks to a blob (every output crowds "
        "toward the direction of 𝟏), while LayerNorm's is unaffected.",
    },
    "highdim.fig.pca.axis": {"zh": "主成分{i}（{share}%）", "en": "PC{i} ({share}%)"},
    "highdim.fig.pca.title": {
        "zh": "投影到各自的前两个主成分（n = {n} → 2）",
        "en": "Projection onto each cloud's first two principal components (n = {n} → 2)",
    },
    "highdim.caption": {
        "zh": "小结：维数再高，归一化做的事也一样——L2 和 RMSNorm 只拿掉长度（剩 n − 1 个自由度），LayerNorm 再拿掉沿 𝟏 的"
        "公共偏移（剩 n − 2 个）。n = 896 时 LayerNorm 的输出仍有 894 个自由方向，丢掉的只是两个数。",
        "en": "In short: however high the dimension, normalizing does the same thing. L2 and RMSNorm remove only the "
        "length (n − 1 degrees of freedom left); LayerNorm also removes the common offset along 𝟏 (n − 2 left). At "
        "n = 896 LayerNorm's outputs still have 894 free directions; what is gone is just two numbers.",
    },
}
