"""Strings of the information page."""

STRINGS = {
    "nav.information": {"zh": "信息", "en": "Information"},
    "overview.page.information": {
        "zh": "信息去哪了：长度被丢掉，方向留下；L2/RMSNorm 保留余弦相似度，LayerNorm 保留皮尔逊相关。",
        "en": "Where the information goes: the length is dropped and the direction stays; L2 and RMSNorm keep "
        "cosine similarity, LayerNorm keeps the Pearson correlation.",
    },
    "info.title": {
        "zh": "信息去哪了：差别在方向上",
        "en": "Where the information goes: the difference is in the direction",
    },
    "info.intro": {
        "zh": "输入的长度本来也是信息：(3, 4) 和 (6, 8) 正是靠长度区分的。归一化把所有长度变成同一个值，"
        "这部分信息就被丢掉了（γ 之后乘回的是一个学到的固定尺度，不是每个输入自己的长度）；"
        "之后两个向量还能不能分开，只取决于它们的方向。本页用三种方式检验：成对的例子、"
        "按方向着色的一团点，以及一小批向量两两之间的夹角。",
        "en": "The length of an input is information too: it is all that tells (3, 4) from (6, 8). A norm sets every "
        "length to the same value and so throws that information away (γ later multiplies in one learned, fixed "
        "scale, not each input's own length). From then on, whether two vectors can still be told apart depends "
        "on their directions alone. This page checks that three ways: pairs of examples, a cloud of points "
        "coloured by direction, and the angles between every two vectors of a small batch.",
    },
    "info.pairs.header": {"zh": "成对的例子：合并还是分开", "en": "Pairs: merged or kept apart"},
    "info.pairs.text": {
        "zh": "{a1} 和 {b1} 方向相同，只差长度。三种方法都不保留长度，所以每种方法都把这两个向量送到同一个点，"
        "但各自的点不同（ε = 0）：L2 得到 {l2}，RMSNorm 得到 {rms}，LayerNorm 得到 {ln}。"
        "{a2} 和 {b2} 方向不同，三种方法都让它们保持分开：L2 之后是 {l2_a} 和 {l2_b}，LayerNorm 之后是 {ln_a} 和 {ln_b}。"
        "两组向量都可以改，任意维数都行（同一组的两个向量分量个数要相同；图只画二维的组）。",
        "en": "{a1} and {b1} point the same way and differ only in length. None of the three methods keeps the "
        "length, so each sends both vectors to a single point, a different one per method (ε = 0): L2 to {l2}, "
        "RMSNorm to {rms}, LayerNorm to {ln}. {a2} and {b2} point in different directions, and every method keeps "
        "them apart: after L2 they are {l2_a} and {l2_b}, after LayerNorm {ln_a} and {ln_b}. Edit either pair, in "
        "any dimension (both vectors of a pair need the same number of components; the picture shows the "
        "two-dimensional pairs).",
    },
    "info.pair.a": {"zh": "第 {k} 组：a", "en": "Pair {k}: a"},
    "info.pair.b": {"zh": "第 {k} 组：b", "en": "Pair {k}: b"},
    "info.pair.header": {"zh": "第 {k} 组：a = {a}，b = {b}", "en": "Pair {k}: a = {a}, b = {b}"},
    "info.pair.mismatch": {
        "zh": "a 有 {na} 个分量、b 有 {nb} 个：同一组里的两个向量长度要相同，这一组先不计算。",
        "en": "a has {na} components and b has {nb}: both vectors of a pair need the same length, so this pair is "
        "left out for now.",
    },
    "info.pairs.no_picture": {
        "zh": "图只画二维的组；下面的表格对任意维数都算。",
        "en": "The picture shows two-dimensional pairs only; the tables below work in any dimension.",
    },
    "info.col.method": {"zh": "方法", "en": "method"},
    "info.col.distance": {"zh": "距离 ‖f(a) − f(b)‖", "en": "distance ‖f(a) − f(b)‖"},
    "info.col.verdict": {"zh": "结果", "en": "result"},
    "info.verdict.input": {"zh": "—", "en": "—"},
    "info.verdict.merged": {"zh": "合并为一点", "en": "merged"},
    "info.verdict.apart": {"zh": "仍然分开", "en": "apart"},
    "info.verdict.undefined": {
        "zh": "无定义（有输出是 0/0）",
        "en": "undefined (an output is 0/0)",
    },
    "info.undefined": {"zh": "无定义", "en": "undefined"},
    "info.pair.angles": {
        "zh": "角度：cos(a, b) = {cos}，corr(a, b) = {corr}；归一化后 cos 为 L2 {l2}、RMSNorm {rms}、LayerNorm {ln}（ε = 0）。",
        "en": "Angles: cos(a, b) = {cos}, corr(a, b) = {corr}; after normalizing, cos is L2 {l2}, RMSNorm {rms}, "
        "LayerNorm {ln} (ε = 0).",
    },
    "info.pairs.caption": {
        "zh": "“合并”指两个输出的距离不超过该方法目标球半径的 1e-9 倍；零向量（或 LayerNorm 遇到的常数向量）在 ε = 0 时输出 0/0，"
        "这时距离和结果都无定义。LayerNorm 在二维里比 L2 合并得更多：ε = 0 时它只剩两个可能的输出，"
        "所以 (3, 4) 和 (6, 8) 固然合并，任何 x₂ > x₁ 的向量也都和它们落在同一点 (−1, 1)。",
        "en": "“Merged” means the two outputs are within 1e-9 times the method's target radius. A zero vector (or, "
        "for LayerNorm, a constant one) has the output 0/0 at ε = 0, and then distance and result are undefined. "
        "In two dimensions LayerNorm merges far more than L2: at ε = 0 it has only two possible outputs, so besides "
        "(3, 4) and (6, 8) every vector with x₂ > x₁ lands on the same point (−1, 1).",
    },
    "info.cloud.header": {
        "zh": "按方向着色：颜色留下，长度没了",
        "en": "Coloured by direction: the colours stay, the lengths go",
    },
    "info.cloud.text": {
        "zh": "每个输入点按自己的方向取一种颜色，长度在 0.25 到 2.8 之间随机。归一化之后（ε = 0），L2 和 RMSNorm 的点都落在各自的圆（球）上，"
        "颜色顺序原封不动，而原来的长短已经看不出来。",
        "en": "Each input point gets a colour from its direction, with a random length between 0.25 and 2.8. After "
        "normalizing (ε = 0), the L2 and RMSNorm points sit on their circles (spheres) with the colours in the same "
        "order, and nothing is left of how long each vector was.",
    },
    "info.cloud.dim": {"zh": "维数", "en": "Dimension"},
    "info.cloud.seed": {"zh": "随机种子", "en": "Random seed"},
    "info.col.lengths": {"zh": "长度范围", "en": "range of lengths"},
    "info.col.angle_moved2": {"zh": "颜色角最大变化（弧度）", "en": "largest change of the colour angle (rad)"},
    "info.col.angle_moved3": {"zh": "绕 1 的角最大变化（弧度）", "en": "largest change of the angle around 1 (rad)"},
    "info.cloud.caption2": {
        "zh": "二维里颜色就是 x 的方向角。L2 和 RMSNorm 把它保留到舍入误差；LayerNorm 只剩 (1, −1) 和 (−1, 1) 两个输出，"
        "每个点只留下“x₁ 与 x₂ 谁大”这一点信息，颜色角因此变化很大。",
        "en": "In 2D the colour is the angle of x. L2 and RMSNorm keep it up to rounding; LayerNorm has only the two "
        "outputs (1, −1) and (−1, 1), each point keeps only whether x₁ or x₂ is larger, and so its colour angle "
        "changes a lot.",
    },
    "info.cloud.caption3": {
        "zh": "三维里颜色取的是绕对角线 𝟏 = (1, 1, 1) 的角度，也就是 x 在平面 x + y + z = 0 上投影的方向。"
        "这个角三种方法都保留：L2 和 RMSNorm 保留整个方向，LayerNorm 去掉沿 𝟏 的分量后落到半径 √3 的圆上，"
        "在圆上的位置正是这个角。",
        "en": "In 3D the colour is the angle around the diagonal 𝟏 = (1, 1, 1), i.e. the direction of x projected "
        "onto the plane x + y + z = 0. All three methods keep it: L2 and RMSNorm keep the whole direction, and "
        "LayerNorm, after dropping the component along 𝟏, lands on the circle of radius √3 at exactly that angle.",
    },
    "info.fig.pairs.inputs": {"zh": "第 {k} 组：输入 a、b", "en": "Pair {k}: inputs a, b"},
    "info.fig.pairs.outputs": {"zh": "第 {k} 组：归一化之后", "en": "Pair {k}: after normalizing"},
    "info.fig.circle": {"zh": "半径 {r} 的圆", "en": "circle of radius {r}"},
    "info.fig.cloud.colorbar2": {"zh": "x 的方向角", "en": "angle of x"},
    "info.fig.cloud.colorbar3": {"zh": "绕 1 的角", "en": "angle around 1"},
    "info.fig.cloud.points": {"zh": "{method} 的点", "en": "{method} points"},
    "info.fig.target.ln2": {"zh": "LayerNorm 仅有的两个输出", "en": "LayerNorm's only two outputs"},
    "info.fig.target.ln3": {"zh": "LayerNorm 的圆（平面 ∩ √3 球面）", "en": "LayerNorm's circle (plane ∩ √3 sphere)"},
    "info.fig.target.circle": {"zh": "{method} 的圆，半径 {r}", "en": "{method} circle, radius {r}"},
    "info.fig.target.sphere": {
        "zh": "{method} 的球面，半径 {r}（三个大圆）",
        "en": "{method} sphere, radius {r} (three great circles)",
    },
    "info.sim.header": {
        "zh": "夹角：余弦相似度与皮尔逊相关",
        "en": "Angles: cosine similarity and Pearson correlation",
    },
    "info.sim.text": {
        "zh": "余弦相似度 cos(x, y) = x·y / (‖x‖‖y‖) 不受正的缩放影响，所以 L2 和 RMSNorm 之后两两的余弦与之前完全相同。"
        "LayerNorm 先减去各自的均值再缩放，它保留的是中心化之后的余弦，也就是皮尔逊相关系数："
        "cos(LN x, LN y) = corr(x, y)（ε = 0；实际上 ε > 0 时也成立，因为 ε 只改变长度）。"
        "下面是一小批随机向量，每个都沿 𝟏 平移了一个随机量，使两种量明显不同。",
        "en": "Cosine similarity cos(x, y) = x·y / (‖x‖‖y‖) ignores positive scaling, so after L2 or RMSNorm every "
        "pairwise cosine is exactly what it was. LayerNorm first subtracts each vector's own mean and then "
        "rescales: what it keeps is the cosine of the centred vectors, which is the Pearson correlation, "
        "cos(LN x, LN y) = corr(x, y) (at ε = 0; it holds for ε > 0 too, since ε only changes the length). Below is a "
        "small batch of random vectors, each shifted along 𝟏 by a random amount so that the two quantities differ.",
    },
    "info.batch.n": {"zh": "维数 n", "en": "Dimension n"},
    "info.batch.size": {"zh": "向量个数", "en": "Number of vectors"},
    "info.batch.spread": {"zh": "沿 𝟏 平移的幅度", "en": "Size of the shifts along 𝟏"},
    "info.batch.spread.help": {
        "zh": "每个向量加上 幅度 × N(0, 1) 乘以 (1, …, 1)。为 0 时余弦与相关系数接近，越大差得越多。",
        "en": "Each vector gets spread × N(0, 1) times (1, …, 1) added. At 0 cosine and correlation are close; "
        "the larger it is, the more they differ.",
    },
    "info.batch.seed": {"zh": "随机种子", "en": "Random seed"},
    "info.fig.sim.cos_in": {"zh": "cos(x, y)", "en": "cos(x, y)"},
    "info.fig.sim.cos_l2": {"zh": "cos(L2 x, L2 y)", "en": "cos(L2 x, L2 y)"},
    "info.fig.sim.cos_rms": {"zh": "cos(RMS x, RMS y)", "en": "cos(RMS x, RMS y)"},
    "info.fig.sim.corr": {"zh": "corr(x, y)（皮尔逊）", "en": "corr(x, y) (Pearson)"},
    "info.fig.sim.cos_ln": {"zh": "cos(LN x, LN y)", "en": "cos(LN x, LN y)"},
    "info.fig.sim.ln_minus_cos": {"zh": "cos(LN x, LN y) − cos(x, y)", "en": "cos(LN x, LN y) − cos(x, y)"},
    "info.fig.sim.colorbar": {"zh": "相似度", "en": "similarity"},
    "info.col.identity": {"zh": "恒等式", "en": "identity"},
    "info.col.eps0": {"zh": "最大偏差（ε = 0）", "en": "largest deviation (ε = 0)"},
    "info.col.eps_default": {"zh": "最大偏差（默认 ε）", "en": "largest deviation (default ε)"},
    "info.id.l2": {"zh": "cos(L2 x, L2 y) = cos(x, y)", "en": "cos(L2 x, L2 y) = cos(x, y)"},
    "info.id.rms": {"zh": "cos(RMS x, RMS y) = cos(x, y)", "en": "cos(RMS x, RMS y) = cos(x, y)"},
    "info.id.ln": {"zh": "cos(LN x, LN y) = corr(x, y)", "en": "cos(LN x, LN y) = corr(x, y)"},
    "info.id.ln_cos": {
        "zh": "对照：cos(LN x, LN y) 与 cos(x, y) 之差（最大绝对值）并不小",
        "en": "for contrast: cos(LN x, LN y) − cos(x, y) (largest absolute value) is not small",
    },
    "info.sim.caption": {
        "zh": "上排三张图一样：L2 和 RMSNorm 不改变余弦。下排前两张一样：LayerNorm 之后的余弦就是原向量的相关系数；"
        "第三张是 LayerNorm 对余弦的改变量，平移越大越明显。表中偏差在 1e-16 量级，只是浮点舍入。"
        "相关系数直接用 numpy 按定义算，与 normviz 的计算互相独立。",
        "en": "The top row shows three equal maps: L2 and RMSNorm leave cosines unchanged. The first two maps of the "
        "bottom row are equal too: after LayerNorm the cosine is the correlation of the original vectors; the third "
        "shows how much LayerNorm changes the cosine, more so for larger shifts. The deviations in the table are of "
        "order 1e-16, plain floating-point rounding. The correlation is computed from its definition with numpy, "
        "independently of normviz.",
    },
}
