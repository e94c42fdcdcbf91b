"""Strings of the axes page (轴 / Axes): which numbers share statistics."""

STRINGS = {
    "nav.axes": {"zh": "轴：谁和谁一起算", "en": "Axes of statistics"},
    "overview.page.axes": {
        "zh": "一个 B×S×D 张量里，LayerNorm、RMSNorm 按词元沿特征求统计量，BatchNorm 按特征沿批和序列求——"
        "看哪些数共用一个 μ 和 σ，批大小和填充又会改变什么。",
        "en": "In a B×S×D tensor, LayerNorm and RMSNorm take statistics per token over the features, BatchNorm per "
        "feature over the batch and the sequence: see which numbers share one μ and σ, and what batch size and "
        "padding change.",
    },
    "axes.title": {"zh": "轴：哪些数共用一组统计量", "en": "Axes: which numbers share statistics"},
    "axes.intro": {
        "zh": "Transformer 里一层的激活是一个三维张量 X，形状 B × S × D：B 条序列、每条 S 个位置（词元）、每个词元 D 个特征。"
        "例如大模型里的一块激活是 8 × 2048 × 7168：8 条序列，每条 2048 个词元，隐藏维 7168（DeepSeek-V3 的宽度）。各种归一化的公式几乎一样——减去均值 μ、除以标准差 σ——"
        "区别只在于**沿哪些轴**求 μ 和 σ，也就是哪些数被放进同一组：\n\n"
        "- **LayerNorm / RMSNorm**：每个词元 (b, s) 单独一组，沿 D 求。在 8 × 2048 × 7168 里是 "
        "8 · 2048 = 16 384 组，每组 7 168 个数。\n"
        "- **BatchNorm**（训练模式）：每个特征 d 单独一组，沿 B 和 S 求。同一个张量里是 7 168 组，"
        "每组 8 · 2048 = 16 384 个数。\n"
        "- **标准化**（数据预处理的 z 分数）：一张“样本 × 特征”的二维表，每一列（特征）沿所有样本求。\n\n"
        "真实尺寸画不出来，下面用可以调节的小张量（B ≤ 8、S ≤ 12、D ≤ 16）。每个特征有自己的偏移和尺度，"
        "所以“按特征”和“按词元”的统计量看得出差别。",
        "en": "One layer's activations in a Transformer form a 3-D tensor X of shape B × S × D: B sequences, S "
        "positions (tokens) in each, D features per token. A large model's activation, for example, is 8 × 2048 × 7168: 8 sequences of 2048 tokens with hidden size 7168 (DeepSeek-V3's width). The "
        "normalizations share almost one formula (subtract a mean μ, divide by a standard deviation σ); they differ "
        "in the **axes** μ and σ are taken over, that is, in which numbers form one group:\n\n"
        "- **LayerNorm / RMSNorm**: each token (b, s) is a group, statistics over D. In 8 × 2048 × 7168 that is "
        "8 · 2048 = 16,384 groups of 7,168 numbers.\n"
        "- **BatchNorm** (training mode): each feature d is a group, statistics over B and S. In the same tensor that "
        "is 7,168 groups of 8 · 2048 = 16,384 numbers.\n"
        "- **Standardization** (the z-score of data preprocessing): a 2-D samples × features table, each column "
        "(feature) over all samples.\n\n"
        "The real size cannot be drawn, so below is a small tensor you can resize (B ≤ 8, S ≤ 12, D ≤ 16). Each "
        "feature has its own offset and scale, so per-feature and per-token statistics visibly differ.",
    },
    "axes.method": {"zh": "方法", "en": "Method"},
    "axes.method.help": {
        "zh": "z 分数指数据预处理中的标准化：每一列减去该列均值、除以该列标准差。",
        "en": "z-score is the standardization of data preprocessing: each column minus its mean, divided by its "
        "standard deviation.",
    },
    "axes.method.ln": {"zh": "LayerNorm", "en": "LayerNorm"},
    "axes.method.rms": {"zh": "RMSNorm", "en": "RMSNorm"},
    "axes.method.bn": {"zh": "BatchNorm（训练）", "en": "BatchNorm (training)"},
    "axes.method.std": {"zh": "标准化（z 分数）", "en": "standardization (z-score)"},
    "axes.b": {"zh": "批大小 B", "en": "Batch size B"},
    "axes.b.help": {
        "zh": "一批里有几条序列。拉到 1 看 BatchNorm 的统计量如何塌缩；LayerNorm 不受影响。",
        "en": "How many sequences a batch holds. Drag it to 1 to watch BatchNorm's statistics collapse; LayerNorm "
        "does not care.",
    },
    "axes.s": {"zh": "序列长度 S", "en": "Sequence length S"},
    "axes.s.help": {"zh": "每条序列的位置数（填充后的长度）。", "en": "Positions per sequence (the padded length)."},
    "axes.d": {"zh": "特征数 D", "en": "Features D"},
    "axes.d.help": {"zh": "每个词元的特征个数（隐藏维）。", "en": "Features per token (the hidden size)."},
    "axes.seed": {"zh": "随机种子", "en": "Random seed"},
    "axes.seed.help": {
        "zh": "决定每个特征的偏移与尺度、噪声和各序列的长度。",
        "en": "Sets each feature's offset and scale, the noise, and the sequence lengths.",
    },
    "axes.pad": {"zh": "变长序列 + 填充", "en": "Variable lengths + padding"},
    "axes.pad.help": {
        "zh": "各序列长度不同，短的在末尾补 0 直到长度 S。第一条序列总是满长。",
        "en": "Sequences get different lengths; the short ones are filled with zeros up to length S. The first "
        "sequence is always full length.",
    },
    "axes.how.ln": {
        "zh": "**LayerNorm**：每个词元 (b, s) 的 D = {d} 个数是一组，共 {groups} 组。"
        "y = (x − $\\mu_{{b,s}}$) / √($\\sigma^2_{{b,s}}$ + ε)，ε = {eps}，方差有偏（除以 D）。图中每一**行**是一组。",
        "en": "**LayerNorm**: the D = {d} numbers of each token (b, s) are one group; {groups} groups. "
        "y = (x − $\\mu_{{b,s}}$) / √($\\sigma^2_{{b,s}}$ + ε), ε = {eps}, biased variance (divide by D). Each **row** of the "
        "picture is a group.",
    },
    "axes.how.rms": {
        "zh": "**RMSNorm**：分组与 LayerNorm 相同（每个词元一组，共 {groups} 组，每组 D = {d} 个数），"
        "但不减均值：y = x / √(mean(x²) + ε)，ε = {eps}。第三列画的是每组的 RMS；第二列的 μ 只供对比，RMSNorm 并不减它。",
        "en": "**RMSNorm**: the same groups as LayerNorm (one per token, {groups} groups of D = {d} numbers), but no "
        "mean is subtracted: y = x / √(mean(x²) + ε), ε = {eps}. The third column shows each group's RMS; the μ in "
        "the second column is only for comparison, RMSNorm does not subtract it.",
    },
    "axes.how.bn": {
        "zh": "**BatchNorm（训练模式，不含 γ、β）**：每个特征 d 是一组，组里是全部 B · S = {n} 个位置上的这一特征，"
        "共 D = {d} 组。y = (x − μ_d) / √(σ²_d + ε)，ε = {eps}（PyTorch 默认），方差有偏（除以 B · S）。"
        "图中每一**列**是一组，并且贯穿上下排列的所有批元素：每个 b 的第 d 列共用同一个 μ_d 和 σ_d。",
        "en": "**BatchNorm (training mode, without γ, β)**: each feature d is a group holding that feature at all "
        "B · S = {n} positions; D = {d} groups. y = (x − μ_d) / √(σ²_d + ε), ε = {eps} (PyTorch's default), biased "
        "variance (divide by B · S). Each **column** of the picture is a group, and it runs through every batch "
        "element drawn below one another: column d of every b shares one μ_d and one σ_d.",
    },
    "axes.how.std": {
        "zh": "**标准化（z 分数）**：把 {n} 个真实词元当作样本排成一张 {n} × {d} 的表（行 = 样本，列 = 特征），"
        "每列减去该列均值、除以该列标准差（有偏，除以样本数，与 scikit-learn 的 StandardScaler 相同；ε = {eps}）。"
        "ε 相同时，这正是 BatchNorm 在把 B × S 两个轴拉平成一个“样本”轴后做的事（BatchNorm 默认 ε = 1e-5）。σ = 0 的列（比如只有一个样本）按 StandardScaler 的约定输出 0，而不是 0/0。",
        "en": "**Standardization (z-score)**: the {n} real tokens, taken as samples, form a {n} × {d} table (rows = "
        "samples, columns = features); each column has its mean subtracted and is divided by its standard deviation "
        "(biased, divided by the number of samples, as scikit-learn's StandardScaler does; ε = {eps}). At equal ε it is "
        "exactly what BatchNorm does once the B and S axes are flattened into one axis of samples (BatchNorm's "
        "default ε is 1e-5). A column with σ = 0 (a single sample, say) becomes 0, as in StandardScaler, not 0/0.",
    },
    "axes.fig.caption": {
        "zh": "四列依次是：输入 x、每个数所在组的均值 μ、所在组的 σ（RMSNorm 为 RMS）、输出 y。彩色框出的是组。"
        "按词元分组时 μ、σ 两列呈横条纹，按特征分组时呈竖条纹。x 与 μ 共用一条色标，因此可以直接比较。"
        "把鼠标移到格子上可以读出数值。",
        "en": "The four columns: the input x, the mean μ of each number's group, that group's σ (RMS for RMSNorm), "
        "the output y. The coloured boxes are the groups. Grouped per token, the μ and σ columns show horizontal "
        "stripes; grouped per feature, vertical ones. x and μ share one colour bar, so they compare directly. "
        "Hover over a cell to read its value.",
    },
    "axes.fig.col.x": {"zh": "输入 x", "en": "input x"},
    "axes.fig.col.mu": {"zh": "组均值 μ", "en": "group mean μ"},
    "axes.fig.col.sigma": {"zh": "组标准差 σ", "en": "group σ"},
    "axes.fig.col.rms": {"zh": "组 RMS", "en": "group RMS"},
    "axes.fig.col.y": {"zh": "输出 y", "en": "output y"},
    "axes.fig.sample": {"zh": "样本", "en": "sample"},
    "axes.fig.feature": {"zh": "特征 d", "en": "feature d"},
    "axes.fig.padding": {"zh": "填充位置", "en": "padding"},
    "axes.fig.bar.x": {"zh": "x 与 μ", "en": "x and μ"},
    "axes.fig.group.ln": {"zh": "一组 = 一个词元（一行，沿 D）", "en": "one group = one token (a row, over D)"},
    "axes.fig.group.rms": {"zh": "一组 = 一个词元（一行，沿 D）", "en": "one group = one token (a row, over D)"},
    "axes.fig.group.bn": {
        "zh": "一组 = 一个特征（各批元素中的同一列，沿 B、S）",
        "en": "one group = one feature (the same column in every batch element, over B and S)",
    },
    "axes.fig.group.std": {
        "zh": "一组 = 一个特征（一列，沿样本）",
        "en": "one group = one feature (a column, over samples)",
    },
    "axes.fig.title.ln": {
        "zh": "LayerNorm：{b} × {s} × {d}，每行一组",
        "en": "LayerNorm: {b} × {s} × {d}, one group per row",
    },
    "axes.fig.title.rms": {
        "zh": "RMSNorm：{b} × {s} × {d}，每行一组",
        "en": "RMSNorm: {b} × {s} × {d}, one group per row",
    },
    "axes.fig.title.bn": {
        "zh": "BatchNorm（训练）：{b} × {s} × {d}，每列一组（跨批）",
        "en": "BatchNorm (training): {b} × {s} × {d}, one group per column (across the batch)",
    },
    "axes.fig.title.std": {
        "zh": "标准化：样本 × 特征的表，每列一组",
        "en": "Standardization: a samples × features table, one group per column",
    },
    "axes.stats.header": {"zh": "当前张量的统计量", "en": "Statistics of the current tensor"},
    "axes.stats.tokens": {
        "zh": "每个词元的 $\\mu_{{b,s}}$ / $\\sigma_{{b,s}}$（LayerNorm 用的，沿 D，有偏方差）。行 = b，列 = s。",
        "en": "Per token $\\mu_{{b,s}}$ / $\\sigma_{{b,s}}$ (what LayerNorm uses: over D, biased variance). Rows = b, columns = s.",
    },
    "axes.stats.features": {
        "zh": "每个特征的 μ_d 和 σ_d（BatchNorm 训练时用的，沿 B 和 S，有偏方差，即除以 B · S）。",
        "en": "Per feature μ_d and σ_d (what BatchNorm uses in training: over B and S, biased variance, i.e. "
        "divided by B · S).",
    },
    "axes.stats.pad_cell": {"zh": "填充", "en": "pad"},
    "axes.stats.pad_note": {
        "zh": "按特征的表把填充位置（值为 0）也算进去了，正如一个不加掩码的 BatchNorm 会做的那样；按词元的两张表只列真实词元。",
        "en": "The per-feature table counts the padding positions (value 0) too, as a BatchNorm without a mask would; "
        "the two per-token tables list the real tokens only.",
    },
    "axes.col.stat": {"zh": "统计量", "en": "statistic"},
    "axes.row.mu_d": {"zh": "μ_d", "en": "μ_d"},
    "axes.row.sigma_d": {"zh": "σ_d", "en": "σ_d"},
    "axes.row.mu_real": {"zh": "μ_d（只算真实词元）", "en": "μ_d (real tokens only)"},
    "axes.row.sigma_real": {"zh": "σ_d（只算真实词元）", "en": "σ_d (real tokens only)"},
    "axes.row.mu_pad": {"zh": "μ_d（含填充）", "en": "μ_d (padding included)"},
    "axes.row.sigma_pad": {"zh": "σ_d（含填充）", "en": "σ_d (padding included)"},
    "axes.std.header": {"zh": "与数据预处理中的标准化对照", "en": "The parallel with standardizing data"},
    "axes.std.text": {
        "zh": "表格数据（比如房屋的面积、房间数、房龄）在训练前通常先标准化：每一列减去本列在训练集上的均值、"
        "除以本列的标准差，测试数据沿用训练集算出的同一组 μ、σ。BatchNorm 做的是同一件事，只是对象换成了网络每一层的激活："
        "把 B × S 个词元当作样本、D 个特征当作列。两点不同：训练时 BatchNorm 用**当前这一批**的统计量，"
        "每批都重新算；推理时它改用训练中累积的滑动平均——这对应预处理里“在训练集上拟合好的” μ 和 σ。"
        "LayerNorm 则正好换了个方向：对表的每一**行**（一个词元）沿特征做标准化，所以它不需要别的样本，也不需要滑动平均。",
        "en": "Tabular data (say a house's floor area, number of rooms, age) is usually standardized before training: "
        "each column minus that column's mean on the training set, divided by its standard deviation, and test data "
        "reuse the same μ and σ. BatchNorm does the same thing to the activations of every layer: the B × S tokens "
        "are the samples, the D features the columns. Two differences: in training BatchNorm uses the statistics "
        "of **the current batch**, recomputed for every batch; at inference it switches to running averages kept "
        "during training, the counterpart of the μ and σ a preprocessing step fitted on the training set. LayerNorm "
        "turns the table the other way: it standardizes each **row** (one token) over its features, so it needs "
        "neither other samples nor running averages.",
    },
    "axes.batch.header": {
        "zh": "批大小：BatchNorm 会变，LayerNorm 不会",
        "en": "Batch size: BatchNorm changes, LayerNorm does not",
    },
    "axes.batch.text": {
        "zh": "下图把同一个词元（b = 1, s = 1）放进 1 到 8 条序列组成的批里（前几条序列不变，只是后面加序列），"
        "画出它第 1 个特征的输出。LayerNorm 与 RMSNorm 只看这个词元自己的 D 个数，所以是一条水平线；"
        "BatchNorm 的 μ_d、σ_d 随批里的其他序列而变，同一个词元的输出也跟着变。",
        "en": "The chart puts one token (b = 1, s = 1) into batches of 1 to 8 sequences (the first sequences stay, "
        "more are added) and plots its output in feature 1. LayerNorm and RMSNorm look only at this token's own D "
        "numbers, so they draw a flat line; BatchNorm's μ_d and σ_d follow the other sequences in the batch, and so "
        "does this token's output.",
    },
    "axes.batch.spread": {
        "zh": "在 B = 1 … 8 上，该词元全部 {d} 个特征的输出与 B = 8 时相比的最大差异 |y_B − y_8|："
        "LayerNorm {ln}，RMSNorm {rms}，BatchNorm {bn}。",
        "en": "Largest difference |y_B − y_8| of this token's output, over B = 1 … 8 and all {d} features: "
        "LayerNorm {ln}, RMSNorm {rms}, BatchNorm {bn}.",
    },
    "axes.fig.sweep.title": {
        "zh": "词元 (1, 1) 第 {d} 个特征的输出随批大小的变化",
        "en": "Token (1, 1), output in feature {d}, against batch size",
    },
    "axes.fig.sweep.x": {"zh": "批大小 B", "en": "batch size B"},
    "axes.fig.sweep.y": {"zh": "y（特征 {d}）", "en": "y (feature {d})"},
    "axes.fig.sweep.current": {"zh": "当前 B = {b}", "en": "current B = {b}"},
    "axes.collapse.one": {
        "zh": "B = 1 且 S = 1：BatchNorm 的每组只剩一个数。μ_d 就是这个数本身，σ_d = 0，"
        "于是输出 (x − μ_d)/√(0 + ε) 全是 0——这个样本的信息全被抹掉了。PyTorch 在训练模式下干脆拒绝这种输入"
        "（报错 “Expected more than 1 value per channel when training”）。LayerNorm 照常工作。",
        "en": "B = 1 and S = 1: each BatchNorm group holds a single number. μ_d is that number, σ_d = 0, so the "
        "output (x − μ_d)/√(0 + ε) is 0 everywhere: everything this sample carried is wiped out. PyTorch refuses "
        'such an input in training mode ("Expected more than 1 value per channel when training"). LayerNorm '
        "works as always.",
    },
    "axes.collapse.b1": {
        "zh": "B = 1：BatchNorm 的统计量只来自这一条序列的 {s} 个位置，批里已经没有“别的样本”可供平均。",
        "en": "B = 1: BatchNorm's statistics come from the {s} positions of this one sequence; there are no other "
        "samples left in the batch to average over.",
    },
    "axes.eval.header": {
        "zh": "训练与推理：BatchNorm 的滑动统计量",
        "en": "Training and inference: BatchNorm's running statistics",
    },
    "axes.eval.text": {
        "zh": "推理时往往一次只来一个样本，批统计量没法用。所以 BatchNorm 在训练中顺便维护滑动平均："
        "running ← (1 − 0.1) · running + 0.1 · 本批统计量（PyTorch 的默认 momentum = 0.1，初值均值 0、方差 1；"
        "注意 PyTorch 在这里用的是**无偏**方差，除以 n − 1）。下面假设训练时见过 {k} 批、每批 {tb} × {s} 个词元"
        "（与当前张量同分布）。若每批的均值都一样，{k} 次更新后滑动均值也只从 0 走到了它的 {share} %，所以滑动统计量与本批统计量接近而不相等。推理（eval）时对单个词元只用这组滑动统计量："
        "y = (x − running_mean) / √(running_var + ε)。",
        "en": "At inference a single sample often arrives alone, and there is no batch to take statistics from. So "
        "BatchNorm keeps running averages during training: running ← (1 − 0.1) · running + 0.1 · this batch's "
        "statistic (PyTorch's default momentum = 0.1, starting from mean 0 and variance 1; note that PyTorch uses the "
        "**unbiased** variance here, divided by n − 1). Below, training is taken to have seen {k} batches of "
        "{tb} × {s} tokens (from the same distribution as the current tensor). Even if every batch had the same mean, {k} updates move the running mean only {share} % of the way from 0 to it, so the running statistics come close to the batch statistics without equalling them. In eval mode a single token is "
        "normalized with these running statistics only: y = (x − running_mean) / √(running_var + ε).",
    },
    "axes.eval.no_pad": {
        "zh": "本节的批与训练批都不含填充：这里只比较训练和推理两种模式。",
        "en": "The batches of this section, current and training, hold no padding: it compares training and "
        "inference modes only.",
    },
    "axes.col.feature": {"zh": "特征", "en": "feature"},
    "axes.col.batch_mu": {"zh": "本批 μ_d", "en": "batch μ_d"},
    "axes.col.batch_var": {"zh": "本批 σ²_d（有偏）", "en": "batch σ²_d (biased)"},
    "axes.col.running_mean": {"zh": "running_mean", "en": "running_mean"},
    "axes.col.running_var": {"zh": "running_var（无偏更新）", "en": "running_var (unbiased updates)"},
    "axes.col.mode": {"zh": "词元 (1, 1) 的输出", "en": "output of token (1, 1)"},
    "axes.col.values": {"zh": "y（前几个特征）", "en": "y (first features)"},
    "axes.mode.input": {"zh": "输入 x", "en": "input x"},
    "axes.mode.train_batch": {
        "zh": "BatchNorm 训练模式，当前批 {b} × {s}",
        "en": "BatchNorm training mode, current batch {b} × {s}",
    },
    "axes.mode.train_alone": {
        "zh": "BatchNorm 训练模式，批里只有它（B = S = 1）",
        "en": "BatchNorm training mode, alone in the batch (B = S = 1)",
    },
    "axes.mode.eval": {"zh": "BatchNorm 推理模式（滑动统计量）", "en": "BatchNorm eval mode (running statistics)"},
    "axes.mode.ln": {"zh": "LayerNorm（任何批大小）", "en": "LayerNorm (any batch size)"},
    "axes.eval.after": {
        "zh": "推理模式的输出不依赖批里还有谁，所以一个样本也能得到有意义的结果；训练模式下独自成批的那一行全是 0。"
        "这也意味着 BatchNorm 训练与推理时的行为不同，而 LayerNorm 在两种模式下做的是同一件事。",
        "en": "The eval-mode output does not depend on what else is in the batch, so a lone sample still gets a "
        "meaningful result; the training-mode row for the token alone in its batch is all zeros. It also means "
        "BatchNorm behaves differently in training and at inference, while LayerNorm does the same thing in both.",
    },
    "axes.pad.header": {
        "zh": "变长序列与填充：为什么文本用按词元的统计量",
        "en": "Variable lengths and padding: why text uses per-token statistics",
    },
    "axes.pad.off": {
        "zh": "打开上方的“变长序列 + 填充”开关：各序列长度不同，短的补 0 到长度 S。",
        "en": "Switch on “Variable lengths + padding” above: the sequences get different lengths and the short ones "
        "are filled with zeros up to length S.",
    },
    "axes.pad.text": {
        "zh": "各序列的真实长度：{lens}（填充到 S = {s}）。BatchNorm 沿 B 和 S 求统计量，补上的 0 也被当成数据算进 μ_d 和 σ_d，"
        "而补多少取决于这批里最长的序列——与真实内容无关。LayerNorm 的每个词元只看自己的 D 个数，填充位置影响不到真实词元。",
        "en": "Real lengths of the sequences: {lens} (padded to S = {s}). BatchNorm takes its statistics over B and S, "
        "so the zeros added count as data in μ_d and σ_d, and how many there are depends on the longest sequence in "
        "the batch, not on the content. Each LayerNorm token looks only at its own D numbers, so padding cannot reach "
        "the real tokens.",
    },
    "axes.pad.change": {
        "zh": "真实词元的输出，含填充与去掉填充相比的最大变化：LayerNorm {ln}，BatchNorm {bn}。",
        "en": "Largest change in the outputs of the real tokens, padding included against padding removed: "
        "LayerNorm {ln}, BatchNorm {bn}.",
    },
    "axes.pad.std_note": {
        "zh": "标准化视图只把真实词元当作样本，填充行不进表。",
        "en": "The standardization view takes the real tokens only as samples; padding rows are left out of the table.",
    },
}
