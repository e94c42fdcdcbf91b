"""Strings of the guided lesson (课程 / Lesson)."""

STRINGS = {
    "nav.lesson": {"zh": "课程", "en": "Lesson"},
    "overview.page.lesson": {
        "zh": "一步一步的导览：从统一公式到几何、自由度、不变性、数值与代价，每步先预测再揭晓。",
        "en": "A guided tour, one step at a time: from the common formula to geometry, freedom, invariance, "
        "numerics and cost; on the geometric steps you predict first, then see.",
    },
    "lesson.title": {"zh": "课程：归一化在做什么", "en": "Lesson: what normalization does"},
    "lesson.progress": {"zh": "第 {k} / {total} 步", "en": "Step {k} of {total}"},
    "lesson.prev": {"zh": "上一步", "en": "Back"},
    "lesson.next": {"zh": "下一步", "en": "Next"},
    "lesson.keys": {
        "zh": "键盘：← / → 或 PageUp / PageDown 翻步（焦点在图上或输入框里时除外）。链接里的 ?step= 就是当前步。",
        "en": "Keyboard: ← / → or Page Up / Page Down change the step (not while the chart or a field has the focus). "
        "The ?step= in the link is the current step.",
    },
    "lesson.x": {"zh": "输入 {name}", "en": "input {name}"},
    "lesson.reset": {"zh": "回到本步的起点", "en": "Back to this step's start"},
    "lesson.settings": {"zh": "本步设置：ε = {eps}{affine}", "en": "This step: ε = {eps}{affine}"},
    "lesson.affine": {"zh": "，γ = {gamma}，β = {beta}", "en": ", γ = {gamma}, β = {beta}"},
    # predict, then reveal
    "lesson.predict.header": {"zh": "先预测", "en": "Predict first"},
    "lesson.predict.ask": {
        "zh": "你认为 {what}会落在哪里？输入坐标，然后揭晓。",
        "en": "Where do you expect {what}? Enter its coordinates, then reveal.",
    },
    "lesson.target.center": {"zh": "去均值后的 x − μ·𝟏", "en": "the centred x − μ·𝟏"},
    "lesson.target.l2": {"zh": "L2 归一化的输出", "en": "the output of L2 normalization"},
    "lesson.target.rms": {"zh": "RMSNorm 的输出（γ = 1）", "en": "RMSNorm's output (γ = 1)"},
    "lesson.target.ln": {"zh": "LayerNorm 的输出（γ = 1，β = 0）", "en": "LayerNorm's output (γ = 1, β = 0)"},
    "lesson.guess": {"zh": "猜测 y{sub}", "en": "guess y{sub}"},
    "lesson.reveal": {"zh": "揭晓", "en": "Reveal"},
    "lesson.hide": {"zh": "再猜一次", "en": "Guess again"},
    "lesson.hidden": {
        "zh": "图里先只画输入 x 和你的猜测（×），不画会泄露答案的圆、球面、直线、平面和射线；"
        "揭晓时它们和真实输出一起出现，投影过程自动播放一遍（▶ 可重播）。",
        "en": "For now the chart shows only x and your guess (×), none of the circles, spheres, lines, planes or "
        "rays that would give the answer away; the reveal draws them with the true output and plays the "
        "projection once (▶ plays it again).",
    },
    "lesson.trace.guess": {"zh": "你的猜测", "en": "your guess"},
    "lesson.score": {
        "zh": "真实值 {truth}，你的猜测 {guess}：距离 ‖猜测 − 真实‖ = {distance}（相对 {relative}）。",
        "en": "True value {truth}, your guess {guess}: distance ‖guess − true‖ = {distance} ({relative} of its size).",
    },
    "lesson.verdict.exact": {"zh": "几乎完全正确！", "en": "Spot on!"},
    "lesson.verdict.close": {"zh": "很接近。", "en": "Close."},
    "lesson.verdict.near": {"zh": "大致区域对了，但还差一些。", "en": "In the right region, but not there yet."},
    "lesson.verdict.far": {
        "zh": "差得较远：看看图里的投影路径。",
        "en": "Far off: follow the projection path in the chart.",
    },
    # worked computation
    "lesson.worked.header": {"zh": "逐步计算（当前的 x）", "en": "Worked computation (the current x)"},
    "lesson.worked.note": {
        "zh": "方差用有偏估计（除以 n）；数字由 normviz 计算，保留 4 位小数。",
        "en": "Biased variance (divide by n); the numbers are computed by normviz and shown to 4 decimals.",
    },
    # kinds without the projection engine
    "lesson.dof.n": {"zh": "维数 n", "en": "dimension n"},
    "lesson.dof.row": {
        "zh": "n = {n}：输入 {n}，L2 {l2}，RMSNorm {rms}，LayerNorm {ln} 个自由度。",
        "en": "n = {n}: input {n}, L2 {l2}, RMSNorm {rms}, LayerNorm {ln} degrees of freedom.",
    },
    "lesson.shift.label": {"zh": "平移 c（x + c·𝟏）", "en": "shift c (x + c·𝟏)"},
    "lesson.axes.method": {"zh": "图中框出谁的统计组", "en": "Outline the groups of"},
    "lesson.axes.col.token": {"zh": "词元 (b, s)", "en": "token (b, s)"},
    "lesson.axes.col.mean": {"zh": "LayerNorm 的 μ（每行）", "en": "LayerNorm's μ (per row)"},
    "lesson.axes.row.bn": {"zh": "BatchNorm 的 μ（每列）", "en": "BatchNorm's μ (per column)"},
    "lesson.axes.caption": {
        "zh": "形状 {shape} 的张量：LayerNorm 对每一行（axis=-1）求统计量，共 {ln} 组；BatchNorm 对每一列，"
        "跨批次和序列（axis=(0, 1)）求统计量，共 {bn} 组。归一化后各组均值：LayerNorm 最大 |μ| = {ln_mean}，"
        "BatchNorm 最大 |μ| = {bn_mean}。",
        "en": "A tensor of shape {shape}: LayerNorm takes statistics over each row (axis=-1), {ln} groups; "
        "BatchNorm over each column across batch and sequence (axis=(0, 1)), {bn} groups. Group means "
        "after normalizing: LayerNorm's largest |μ| = {ln_mean}, BatchNorm's largest |μ| = {bn_mean}.",
    },
    "lesson.affine.col.input": {"zh": "输入", "en": "input"},
    "lesson.affine.col.ln": {"zh": "LayerNorm，再乘 γ、加 β", "en": "LayerNorm, then γ and β"},
    "lesson.affine.col.rms": {"zh": "RMSNorm，再乘 γ", "en": "RMSNorm, then γ"},
    "lesson.affine.scaled": {"zh": "{a}·x", "en": "{a}·x"},
    "lesson.affine.moved": {"zh": "{a}·x + {c}·𝟏", "en": "{a}·x + {c}·𝟏"},
    "lesson.affine.caption": {
        "zh": "三行用的是同一组 γ、β（ε = 0）。不论 γ、β 取什么，LayerNorm 都分不出这三个输入，RMSNorm 分不出 x 和它的倍数。",
        "en": "All three rows use the same γ and β (ε = 0). Whatever γ and β are, LayerNorm cannot tell these three "
        "inputs apart, and RMSNorm cannot tell x from a multiple of it.",
    },
    "lesson.prepost.depth": {"zh": "层数", "en": "depth (layers)"},
    "lesson.prepost.caption": {
        "zh": "D = {d}，{depth} 层（LayerNorm）：Post-Norm 的残差流最后是 ‖h‖ = {post}（√D = {root}）；"
        "Pre-Norm 的从 {start} 长到 {pre}。Pre-Norm 里，恒等路径把梯度从顶层直接送到每一层，不经过任何 Norm；"
        "Post-Norm 里，梯度向下要穿过每一层的 Norm。",
        "en": "D = {d}, {depth} layers (LayerNorm): Post-Norm's stream ends at ‖h‖ = {post} (√D = {root}); Pre-Norm's "
        "grows from {start} to {pre}. In Pre-Norm the identity path carries the gradient from the top to every "
        "layer without passing through a Norm; in Post-Norm it passes through every layer's Norm on the way down.",
    },
    "lesson.prepost.no_torch": {
        "zh": "这一步需要 torch（自动求导），但当前环境没有安装，所以无法计算。",
        "en": "This step needs torch (for autograd), which is not installed here, so it cannot compute.",
    },
    "lesson.precision.col.dtype": {"zh": "算法", "en": "computation"},
    "lesson.precision.col.squares": {"zh": "x²", "en": "x²"},
    "lesson.precision.col.sum": {"zh": "Σx²", "en": "Σx²"},
    "lesson.precision.col.mean": {"zh": "x² 的均值", "en": "mean of x²"},
    "lesson.precision.col.out": {"zh": "RMSNorm 输出", "en": "RMSNorm output"},
    "lesson.precision.fp16_mean": {"zh": "全程 float16，mean(-1)", "en": "float16 throughout, mean(-1)"},
    "lesson.precision.fp16_sum": {"zh": "全程 float16，sum(-1) / D", "en": "float16 throughout, sum(-1) / D"},
    "lesson.precision.fp32": {
        "zh": "先 x.float()，再在 float32 中求和（normviz）",
        "en": "x.float(), then summed in float32 (normviz)",
    },
    "lesson.precision.caption": {
        "zh": "float16 的最大有限值是 {max}（{source}），所以 |x| > √{max} ≈ {threshold} 时 x² 溢出为 ∞。"
        "torch 的 mean(-1) 在 float32 里累加、只把均值舍入成 float16，所以这一行要到那里才出错（mean(-1) 这一行不形成 Σx²，记为 —）；"
        "手写的 sum(-1) / D 先把 Σx² 舍入成 float16，x₁ = x₂ > √({max} / 2) ≈ {sum_threshold} 时就已溢出。",
        "en": "float16's largest finite value is {max} ({source}), so x² overflows to ∞ once |x| > √{max} ≈ {threshold}. "
        "torch's mean(-1) adds in float32 and rounds only the mean to float16, so its row fails only there (it "
        "never forms a float16 Σx²: shown as —); the hand-written sum(-1) / D rounds Σx² to float16 first and "
        "overflows already once x₁ = x₂ > √({max} / 2) ≈ {sum_threshold}.",
    },
    "lesson.eps.slider": {"zh": "图中的 ε（log₁₀ ε）", "en": "ε on the chart (log₁₀ ε)"},
    "lesson.eps.chart": {
        "zh": "图中的输入均值为 0，所以横轴 ‖x‖ = √n·σ；表中几乎恒定的 x 对应 ‖x − μ·𝟏‖ = {r}。",
        "en": "The chart's inputs have mean 0, so its ‖x‖ is √n·σ; the table's near-constant x sits at "
        "‖x − μ·𝟏‖ = {r}.",
    },
    "lesson.eps.col.x": {"zh": "x", "en": "x"},
    "lesson.eps.col.sigma": {"zh": "σ", "en": "σ"},
    "lesson.eps.col.out": {"zh": "LayerNorm(x)", "en": "LayerNorm(x)"},
    "lesson.eps.col.norm": {"zh": "‖输出‖", "en": "‖output‖"},
    "lesson.cost.d": {"zh": "隐藏维度 D", "en": "hidden size D"},
    "lesson.cost.formula": {
        "zh": "{tokens} 个词元 × D = {d} × {bytes} 字节 × 2（读一次、写一次）× {calls} 次调用 = {gb} GB；"
        "以 {bw} TB/s 的带宽需要 {ms} ms。算术只有约 {gflop} GFLOP："
        "按“代价”页假设的峰值 {peak} TFLOP/s 只需 {cms} ms。",
        "en": "{tokens} tokens × D = {d} × {bytes} bytes × 2 (one read, one write) × {calls} calls = {gb} GB; "
        "at {bw} TB/s that takes {ms} ms. The arithmetic is only about {gflop} GFLOP: {cms} ms at the "
        "Cost page's assumed peak of {peak} TFLOP/s.",
    },
    "lesson.warp.landing": {
        "zh": "这张网格的 {total} 个点中：对角线下方（x₁ > x₂）的 {below} 个全部落在 {below_out}，"
        "上方（x₁ < x₂）的 {above} 个全部落在 {above_out}；对角线上的 {undefined} 个在 ε = 0 时没有输出（0/0）。",
        "en": "Of this grid's {total} points, all {below} below the diagonal (x₁ > x₂) land on {below_out} and all "
        "{above} above it (x₁ < x₂) on {above_out}; the {undefined} on the diagonal have no output at ε = 0 (0/0).",
    },
    "lesson.warp.distinct": {
        "zh": "这张网格的 {total} 个点落在 {distinct} 个不同的输出上；{undefined} 个点没有输出（0/0）。",
        "en": "This grid's {total} points land on {distinct} distinct outputs; {undefined} have no output (0/0).",
    },
    "lesson.beyond.dyt": {
        "zh": "**DyT**（Dynamic Tanh；Zhu 等，2025）用 y = γ ⊙ tanh(α·x) + β 代替归一化：逐个坐标计算，不求 x 的任何统计量"
        "（这里 α = {alpha}，即库中 α 的默认初始值）。x = {x} 经过 DyT 得到 {dyt}，而 LayerNorm 给出 {ln}："
        "平均每个坐标相差 {distance}（‖DyT(x) − LN(x)‖ / √n）。再加上 {c}·𝟏：LayerNorm 去掉这个偏移，仍然给出 {offset_ln}；"
        "DyT 的每个坐标却都饱和了，得到 {offset_dyt}，差距变成 {offset_distance}。偏移越来越大时，差距趋于 {limit}（ε = 0 时即 √2）。",
        "en": "**DyT** (Dynamic Tanh; Zhu et al., 2025) replaces the norm with y = γ ⊙ tanh(α·x) + β, computed "
        "coordinate by coordinate, with no statistic of x at all (here α = {alpha}, the library's default initial "
        "α). For x = {x} DyT gives {dyt} where LayerNorm gives {ln}: a gap of {distance} per coordinate "
        "(‖DyT(x) − LN(x)‖ / √n). Now add {c}·𝟏: LayerNorm removes the offset and still gives {offset_ln}, but every "
        "coordinate of DyT saturates, {offset_dyt}, and the gap becomes {offset_distance}. As the offset grows "
        "without bound the gap tends to {limit} (√2 at ε = 0).",
    },
    "lesson.beyond.derf": {
        "zh": "**Derf**（Dynamic erf；Chen 等，2025）把 tanh 换成误差函数，并在里面加"
        "一个可学习的平移 s：y = γ ⊙ erf(α·x + s) + β（α 和 s 各是一个标量，初始值"
        " {alpha} 和 0）。同一个 x = {x}，Derf 给出 {derf}，与 LayerNorm"
        " 平均每个坐标相差 {distance}（‖Derf(x) − LN(x)‖ / √n）。α 相同时，e"
        "rf 在 0 处更陡（斜率 2α/√π = {slope_derf}，DyT 是 α = "
        "{slope_dyt}），也更早饱和：达到界的 {pct} % 时，Derf 在 |x| = "
        "{sat_derf}，DyT 在 |x| = {sat_dyt}。作者报告 ViT-B 在 ImageN"
        "et 上的 top-1 准确率：LayerNorm {vit_ln} %，DyT {vit_dyt} %"
        "，Derf {vit_derf} %（这是他们的数字，不是这里算的）。",
        "en": "**Derf** (Dynamic erf; Chen et al., 2025) swaps tanh for the error function and adds a learned shift s "
        "inside it: y = γ ⊙ erf(α·x + s) + β (α and s one scalar each, {alpha} and 0 at the start). On the same "
        "x = {x} Derf gives {derf}, a gap of {distance} per coordinate from LayerNorm (‖Derf(x) − LN(x)‖ / √n). "
        "With the same α, erf is steeper at 0 (slope 2α/√π = {slope_derf}, against DyT's α = {slope_dyt}) and "
        "saturates sooner: it reaches {pct} % of its bound at |x| = {sat_derf}, DyT at |x| = {sat_dyt}. The "
        "authors report ViT-B top-1 accuracy on ImageNet of {vit_ln} % with LayerNorm, {vit_dyt} % with DyT and "
        "{vit_derf} % with Derf (their numbers, not computed here).",
    },
    "lesson.beyond.frozen": {
        "zh": "**推理时固定 σ**（Baroni 等，2025）：把 LayerNorm 的 σ 换成事先量好的常数"
        " c，LN_c(x) = γ ⊙ (x − μ·𝟏)/c + β 就成了仿射映射：仍然去掉沿 𝟏 的分量"
        "，但不再去掉长度。取 x = {x}，c = σ(x) = {c}（ε = 0，γ = 1，β = 0）"
        "，此时 LN_c(x) = LN(x) = {ln}；而 LN_c(2x) = {double}，Lay"
        "erNorm 仍给出 LN(2x) = {ln_double}。所以输出不再落在超平面 Σy = 0 里"
        "半径 √n 的球面上，而是铺满整个超平面。他们把 GPT-2 的所有 LayerNorm 这样固定后再微"
        "调一小段，报告 GPT-2 XL 的验证交叉熵只升高约 0.03（这是他们的数字）。",
        "en": "**σ frozen at inference** (Baroni et al., 2025): replace LayerNorm's σ with a constant c measured "
        "beforehand and LN_c(x) = γ ⊙ (x − μ·𝟏)/c + β becomes an affine map: it still removes the component "
        "along 𝟏, but no longer the length. Take x = {x} and c = σ(x) = {c} (ε = 0, γ = 1, β = 0): then LN_c(x) "
        "= LN(x) = {ln}, but LN_c(2x) = {double} while LayerNorm still gives LN(2x) = {ln_double}. So the "
        "outputs no longer lie on the sphere of radius √n in the hyperplane Σy = 0; they fill the whole "
        "hyperplane. Freezing every LayerNorm of GPT-2 this way and then fine-tuning briefly, they report GPT-2 "
        "XL's validation cross-entropy rising by only about 0.03 (their number).",
    },
    "lesson.beyond.frozen_model": {
        "zh": "这里没有微调。真实模型页把 all-MiniLM-L6-v2 的全部 {count} 个 LayerNo"
        "rm 都这样固定（常数在随应用附带的句子上估计，[CLS] 单独一个常数）：句子“{sentence}”"
        "的句向量与原模型的余弦是 {cos}；若所有词元（token）共用一个常数，只剩 {cos_one}。这"
        "是一个小型编码器上的结果，不是对 Baroni 等的 GPT-2 结果的检验。",
        "en": "No fine-tuning here. The real-model page freezes all {count} LayerNorms of all-MiniLM-L6-v2 this way "
        "(the constants estimated on sentences shipped with the app, [CLS] with a constant of its own): the "
        "sentence embedding of “{sentence}” has a cosine of {cos} to the ordinary model's, and only {cos_one} "
        "with one constant for every token. That is one small encoder, not a test of Baroni et al.'s GPT-2 "
        "result.",
    },
    "lesson.beyond.qk": {
        "zh": "**QK-norm** 在每个注意力头里先归一化查询 q 和键 k，再求点积（Henry 等，2020，用 L2；Dehghani 等，2023，"
        "用 LayerNorm；Qwen3、Gemma 3 和 OLMo 2 用 RMSNorm）。用 RMSNorm 且 ε = 0 时，q̂ 和 k̂ 的长度都是 √d，"
        "由柯西–施瓦茨不等式，每个 logit q̂·k̂/√d 的绝对值不超过 √d·maxᵢ |γ_q,ᵢ γ_k,ᵢ|：d = {d}、γ = 1 时是 {bound}。"
        "不加归一化时，把 q 和 k 都乘以 s，logit 就乘以 s²：取一个按固定随机数生成的查询和 {m} 个随机键（d = {d}），"
        "s = {s} 使最大的 |logit| 从 {plain1} 变成 {plain_s}，softmax 的熵从 {h1} 降到 {h_s} 奈特（注意力几乎全落在一个键上）；"
        "经过 RMSNorm 后，最大的 |logit| 在 s = 1 时是 {normed1}，在 s = {s} 时仍是 {normed_s}。",
        "en": "**QK-norm** normalizes each attention head's query q and keys k before their dot product (Henry et al., "
        "2020, with L2; Dehghani et al., 2023, with LayerNorm; Qwen3, Gemma 3 and OLMo 2 with RMSNorm). With RMSNorm "
        "at ε = 0, q̂ and k̂ have length √d, so by Cauchy–Schwarz no logit q̂·k̂/√d exceeds √d·maxᵢ |γ_q,ᵢ γ_k,ᵢ| in "
        "size: {bound} for d = {d} and γ = 1. Without the norm, scaling q and k by s multiplies every logit by s²: "
        "for one seeded random query and {m} random keys (d = {d}), s = {s} takes the largest |logit| from {plain1} "
        "to {plain_s} and the softmax's entropy from {h1} to {h_s} nats (nearly all attention on one key); after "
        "RMSNorm the largest |logit| is {normed1} at s = 1 and still {normed_s} at s = {s}.",
    },
    "lesson.beyond.outlier": {
        "zh": "**一个巨大的激活值**（Sun 等，2024，在大语言模型中发现少数比其余大得多的激活）：取 D = {d} 个坐标的 x，"
        "其中 {rest} 个是 1，一个是 s。RMSNorm 把所有坐标除以同一个均方根，所以 ε = 0 时，与 s = 0 相比，"
        "其他每个输出都乘以 √(‖r‖² / (‖r‖² + s²))（r 为其余坐标）：s = {s} 时是 {factor}。"
        "DyT 逐个坐标处理：无论 s 多大，坐标 1 都给出 tanh({alpha}) = {dyt}。",
        "en": "**One massive activation** (Sun et al., 2024, report a few activations far larger than the rest in "
        "large language models): take x with D = {d} coordinates, {rest} of them 1 and one equal to s. RMSNorm "
        "divides all of them by one root mean square, so at ε = 0, compared with s = 0, it multiplies every other "
        "output by √(‖r‖² / (‖r‖² + s²)), r being the other coordinates: {factor} for s = {s}. DyT treats each "
        "coordinate on its own: a coordinate 1 gives tanh({alpha}) = {dyt} whatever s is.",
    },
    "lesson.beyond.residual": {
        "zh": "**Peri-Norm 和 nGPT** 是“Pre-Norm 与 Post-Norm”页新加的两种放法，下图用该页默认的玩具网络"
        "（D = {d}，{depth} 层，初始化时；下面的数是 RMSNorm 的），只画 Pre、Peri 和 nGPT。"
        "Peri-Norm（Kim 等，2025；Gemma 2 也这样做）除了子层的输入，还归一化子层的输出，所以每层给残差流加上一个长度约为 √D 的向量："
        "残差流从 {start} 长到 {peri}，接近 √(‖h₀‖² + L·D) = {estimate}；Pre-Norm 的长到 {pre}。"
        "nGPT（Loshchilov 等，2024）让残差流本身留在球面上，h ← Norm(h + α·(Norm(f(h)) − h))"
        "（玩具网络用 RMSNorm 半径 √D 的球面代替 nGPT 的单位球面）：顶层是 {ngpt}，√D = {root}。",
        "en": "**Peri-Norm and nGPT** are the two new arrangements of the Pre- vs Post-Norm page; the chart is that "
        "page's default toy stack (D = {d}, {depth} layers, at initialization; the numbers below are RMSNorm's) with "
        "Pre, Peri and nGPT drawn. Peri-Norm (Kim et al., 2025; Gemma 2 does the same) normalizes each sublayer's "
        "output as well as its input, so every layer adds a vector of length about √D to the stream: it grows from "
        "{start} to {peri}, close to √(‖h₀‖² + L·D) = {estimate}, while Pre-Norm's grows to {pre}. nGPT "
        "(Loshchilov et al., 2024) keeps the stream itself on a sphere, h ← Norm(h + α·(Norm(f(h)) − h)) (the toy "
        "puts it on RMSNorm's sphere of radius √D instead of nGPT's unit sphere): at the top it is {ngpt}, with "
        "√D = {root}.",
    },
    "lesson.model.share": {
        "zh": "句子“{sentence}”被切成 {count} 个词元（含 [CLS] 和 [SEP]）。按词元平均，输入 x 沿 𝟏 的占比 c = μ²·D/‖x‖² "
        "在 {top} 最大，为 {top_mean}；在 {low} 最小，为 {low_mean}。13 个 LayerNorm 上单个词元的占比最大也只有 {max}："
        "这些输入本来就几乎垂直于 𝟏，LayerNorm 减去均值几乎什么也没去掉。",
        "en": "The sentence “{sentence}” became {count} tokens ([CLS] and [SEP] included). Averaged over them, the "
        "share of the input x along 𝟏, c = μ²·D/‖x‖², is largest at {top}, {top_mean}, and smallest at {low}, "
        "{low_mean}; the largest share of any single token at any of the 13 LayerNorms is {max}. These inputs are "
        "nearly perpendicular to 𝟏 already: LayerNorm's centring removes almost nothing.",
    },
    "lesson.model.gap": {
        "zh": "所以不减均值的 RMSNorm 给出的几乎就是 LayerNorm 的输出（γ = 1，β = 0，用模型的 ε = {eps}）："
        "‖LN(x) − RMS(x)‖ / ‖LN(x)‖ 按词元平均，在 {top} 是 {top_gap}，在 {low} 是 {low_gap}；"
        "所有 LayerNorm 上单个词元的差最大是 {max_gap}。逐个词元看，这个差就是占比 c 的 ε = 0 公式 √(2(1 − √(1 − c))) ≈ √c，"
        "误差不超过 {error}。",
        "en": "So RMSNorm, which skips the centring, gives nearly LayerNorm's output (γ = 1, β = 0, the model's "
        "ε = {eps}): ‖LN(x) − RMS(x)‖ / ‖LN(x)‖, averaged over the tokens, is {top_gap} at {top} and {low_gap} at "
        "{low}; the largest for any single token at any of the 13 is {max_gap}. Token by token the gap is the ε = 0 "
        "formula of its share c, √(2(1 − √(1 − c))) ≈ √c, to within {error}.",
    },
    "lesson.model.gamma": {
        "zh": "模型还学到了一件事：最后一个 LayerNorm（{norm}）在 {count} 个坐标上的 γ ≈ 0（|γ| 小于 |γ| 中位数的 5 %）：{coords}。",
        "en": "The model learned one more thing: its last LayerNorm ({norm}) has γ ≈ 0 (|γ| below 5 % of the median "
        "|γ|) in {count} coordinates: {coords}.",
    },
    "lesson.model.gamma.all": {
        "zh": "这 {count} 个坐标也都是这句话上该 LayerNorm 输入的离群坐标（在某个词元上 |xᵢ| / RMS(x) 超过 {threshold}，"
        "最大到 {ratio} 倍）：模型在输出里关掉的坐标，都在主导输入的坐标之中。",
        "en": "All {count} are also outlier coordinates of that LayerNorm's input on this sentence (|xᵢ| / RMS(x) "
        "above {threshold} in some token, up to {ratio} times): the coordinates the model switches off in its "
        "output are among those that dominate its input.",
    },
    "lesson.model.gamma.some": {
        "zh": "其中 {both} 也是这句话上该 LayerNorm 输入的离群坐标（在某个词元上 |xᵢ| / RMS(x) 超过 {threshold}，"
        "最大到 {ratio} 倍）。",
        "en": "Of these, {both} are also outlier coordinates of that LayerNorm's input on this sentence (|xᵢ| / RMS(x) "
        "above {threshold} in some token, up to {ratio} times).",
    },
    "lesson.model.link": {
        "zh": "在“真实模型”页上用你自己的文本运行这个模型",
        "en": "Run the model on your own text on the “Inside a real model” page",
    },
    "lesson.model.missing": {
        "zh": "这一步要运行模型 all-MiniLM-L6-v2，但这里找不到它的文件（或文件与记录的 SHA-256 不符），所以无法计算。"
        "用 `{install}` 安装（`make venv` 会做这一步）。",
        "en": "This step runs the model all-MiniLM-L6-v2, whose files are missing here (or do not match their recorded "
        "SHA-256), so it cannot compute. `{install}` installs them (`make venv` does).",
    },
    "lesson.model.no_torch": {
        "zh": "这一步要用 torch 运行模型，但当前环境没有安装 torch，所以无法计算。",
        "en": "This step runs the model with torch, which is not installed here, so it cannot compute.",
    },
    "lesson.model.description": {
        "zh": "柱状图：13 个 LayerNorm（按数据经过的顺序）的输入沿 𝟏 的占比（按词元平均，左轴，%）；"
        "菱形：‖LN(x) − RMS(x)‖ / ‖LN(x)‖ 按词元平均（右轴，%）。",
        "en": "Bars: for the 13 LayerNorms, in the order the data passes them, the share of the input along 𝟏 averaged "
        "over the tokens (left axis, %); diamonds: ‖LN(x) − RMS(x)‖ / ‖LN(x)‖ averaged over the tokens (right axis, %).",
    },
    "lesson.model.fig.title": {
        "zh": "真实模型的 13 个 LayerNorm 收到的输入",
        "en": "What the 13 LayerNorms of a real model receive",
    },
    "lesson.model.fig.share": {"zh": "沿 𝟏 的占比（平均）", "en": "share along 𝟏 (mean)"},
    "lesson.model.fig.gap": {"zh": "‖LN − RMS‖ / ‖LN‖（平均）", "en": "‖LN − RMS‖ / ‖LN‖ (mean)"},
    "lesson.model.fig.share_y": {"zh": "沿 𝟏 的占比（%）", "en": "share along 𝟏 (%)"},
    "lesson.model.fig.gap_y": {"zh": "‖LN − RMS‖ / ‖LN‖（%）", "en": "‖LN − RMS‖ / ‖LN‖ (%)"},
    "lesson.summary.col.method": {"zh": "方法", "en": "method"},
    "lesson.summary.col.formula": {"zh": "公式", "en": "formula"},
    "lesson.summary.col.c": {"zh": "c（减去）", "en": "c (subtracted)"},
    "lesson.summary.col.s": {"zh": "s（除以）", "en": "s (divided by)"},
    "lesson.summary.col.dof": {"zh": "自由度（n = 3）", "en": "degrees of freedom (n = 3)"},
    "lesson.summary.col.radius": {"zh": "输出的长度", "en": "output length"},
    # the steps
    "lesson.step.form.title": {"zh": "一个公式：x̂ = (x − c) / s", "en": "One formula: x̂ = (x − c) / s"},
    "lesson.step.form.text": {
        "zh": "这里的三种方法都先从 x 减去一个中心 c，再除以一个尺度 s。L2 和 RMSNorm 取 c = 0，只除以长度类的量；"
        "LayerNorm 取 c = μ（均值），再除以标准差。图中三个彩色箭头就是 (3, 4) 的三种结果："
        "L2 和 RMSNorm 留在 x 的射线上，LayerNorm 转到了 (−1, 1)。",
        "en": "All three methods here subtract a centre c from x and divide by a scale s. L2 and RMSNorm take "
        "c = 0 and divide by a length-like number; LayerNorm takes c = μ, the mean, and divides by the "
        "standard deviation. The three coloured arrows in the chart are what each does to (3, 4): L2 and "
        "RMSNorm stay on x's ray, LayerNorm turns to (−1, 1).",
    },
    "lesson.step.l2.title": {"zh": "L2：投到单位圆上", "en": "L2: onto the unit circle"},
    "lesson.step.l2.text": {
        "zh": "L2 归一化把 x 除以它的长度 ‖x‖₂，于是沿着从原点出发的射线落到半径为 1 的圆（高维是球面）上。"
        "方向不变，只丢掉长度。先猜一猜 (3, 4) 会落在哪里。",
        "en": "L2 normalization divides x by its length ‖x‖₂, so x slides along its ray from the origin onto the "
        "circle of radius 1 (a sphere in more dimensions). The direction stays; only the length is gone. "
        "Guess where (3, 4) lands.",
    },
    "lesson.step.rms.title": {"zh": "RMSNorm：投到半径 √n 的圆上", "en": "RMSNorm: onto the circle of radius √n"},
    "lesson.step.rms.text": {
        "zh": "RMSNorm 除以均方根 √(mean(x²))，它等于 ‖x‖₂ / √n。所以输出仍在 x 的射线上，但长度是 √n（ε = 0、γ = 1 时）："
        "二维中是 √2 ≈ 1.414。",
        "en": "RMSNorm divides by the root mean square √(mean(x²)), which is ‖x‖₂ / √n. The output stays on x's ray "
        "but has length √n (at ε = 0, γ = 1): √2 ≈ 1.414 in two dimensions.",
    },
    "lesson.step.rms3d.title": {"zh": "三维里的 RMSNorm", "en": "RMSNorm in three dimensions"},
    "lesson.step.rms3d.text": {
        "zh": "在三维中目标球面的半径是 √3：输出是 x 除以它的均方根 √(mean(x²))。预测 (2, 4, 6) 落在哪里；"
        "揭晓后，逐步计算给出每一个数。",
        "en": "In three dimensions the target sphere has radius √3: the output is x divided by its root mean square "
        "√(mean(x²)). Predict where (2, 4, 6) lands; after the reveal the worked computation shows every number.",
    },
    "lesson.step.center.title": {"zh": "LayerNorm 第一步：减去均值", "en": "LayerNorm, step one: subtract the mean"},
    "lesson.step.center.text": {
        "zh": "减去 μ·𝟏 就是去掉 x 沿 𝟏 = (1, 1, 1) 方向的分量：结果落在平面 y₁ + y₂ + y₃ = 0 上。"
        "预测 (1, 2, 3) 去均值后的位置。",
        "en": "Subtracting μ·𝟏 removes the part of x along 𝟏 = (1, 1, 1): the result lies in the plane "
        "y₁ + y₂ + y₃ = 0. Predict where (1, 2, 3) lands once centred.",
    },
    "lesson.step.ln.title": {
        "zh": "LayerNorm 第二步：缩放到 √n 球面",
        "en": "LayerNorm, step two: scale onto the √n sphere",
    },
    "lesson.step.ln.text": {
        "zh": "去均值之后，再除以标准差 σ（有偏，除以 n），长度变成 √n。所以 LayerNorm 的输出落在平面与半径 √3 球面的交线，"
        "也就是一个圆上。预测 (2, 4, 6) 的输出。",
        "en": "After centring, LayerNorm divides by the standard deviation σ (biased, divide by n), which makes the "
        "length √n. Its outputs therefore lie where the plane meets the sphere of radius √3: a circle. "
        "Predict the output for (2, 4, 6).",
    },
    "lesson.step.extreme.title": {"zh": "二维的极端情形：只剩两个点", "en": "The 2D extreme: only two points"},
    "lesson.step.extreme.text": {
        "zh": "在二维中，直线 y₁ + y₂ = 0 与半径 √2 的圆只有两个交点。所以（ε = 0 时）任何两个不相等的数，"
        "LayerNorm 只告诉你哪个更大。预测 (1, 3) 的输出，揭晓后再移动 x 试试。",
        "en": "In two dimensions the line y₁ + y₂ = 0 meets the circle of radius √2 in just two points. "
        "So (at ε = 0) for any two unequal numbers LayerNorm only tells which one is larger. Predict the "
        "output for (1, 3), then move x after the reveal.",
    },
    "lesson.step.warp.title": {"zh": "整个平面变成两个点", "en": "The whole plane becomes two points"},
    "lesson.step.warp.text": {
        "zh": "上一步跟踪的是一个 x；现在把整张网格一起送进 LayerNorm（ε = 0，γ = 1，β = 0）。按 ▶ 或拖动 t："
        "t = 0 是原来的网格，t = 1 是每个点的输出，中间是 (1 − t)·x + t·LayerNorm(x)。"
        "对角线 x₁ = x₂ 一侧的整个半平面（所有 a·x + c·𝟏，a > 0，c 任意）缩成一个点，另一侧缩成另一个点："
        "LayerNorm 只记得两个分量哪个大。对角线上是常数向量，σ = 0，输出是 0/0，所以网格在那里没有像。"
        "“空间的弯折”页可以换成 RMSNorm、L2、ε > 0 或三维来看。",
        "en": "The previous step followed one x; now the whole grid goes through LayerNorm (ε = 0, γ = 1, β = 0). "
        "Press ▶ or drag t: t = 0 is the grid as it is, t = 1 is every point's output, and in between each point "
        "sits at (1 − t)·x + t·LayerNorm(x). The whole half-plane of the a·x + c·𝟏 (a > 0, any c) on one side of "
        "the diagonal x₁ = x₂ shrinks to one point, the other side to another: LayerNorm remembers only which "
        "component is larger. On the diagonal the vectors are constant, σ = 0, and the output is 0/0, so the grid "
        "has no image there. The page “How norms bend space” shows RMSNorm, L2, ε > 0 and 3D the same way.",
    },
    "lesson.step.dof.title": {"zh": "自由度：n、n − 1、n − 2", "en": "Degrees of freedom: n, n − 1, n − 2"},
    "lesson.step.dof.text": {
        "zh": "L2 和 RMSNorm 忘掉了长度，剩 n − 1 个自由度；LayerNorm 还忘掉了公共偏移，剩 n − 2 个。"
        "n 很大时丢掉的比例微不足道，n = 2 时 LayerNorm 却只剩 0 个。",
        "en": "L2 and RMSNorm forget the length and keep n − 1 degrees of freedom; LayerNorm also forgets the common "
        "offset and keeps n − 2. For large n the lost share is tiny; at n = 2 LayerNorm keeps none.",
    },
    "lesson.step.information.title": {"zh": "信息在方向里", "en": "The information is in the direction"},
    "lesson.step.information.text": {
        "zh": "(3, 4) 和 (6, 8) 方向相同，L2 之后合成同一个点；(3, 4) 和 (4, 3) 方向不同，归一化之后仍然分开。"
        "L2 和 RMSNorm 保留的是 x 的方向（以及向量之间的夹角）；LayerNorm 保留的是去均值后 x − μ·𝟏 的方向，"
        "所以它的箭头指向别处。",
        "en": "(3, 4) and (6, 8) point the same way and merge into one point after L2; (3, 4) and (4, 3) point "
        "differently and stay apart. L2 and RMSNorm keep the direction of x (and the angles between vectors); "
        "LayerNorm keeps the direction of the centred x − μ·𝟏, which is why its arrow points elsewhere.",
    },
    "lesson.step.invariance.title": {"zh": "不变性：平移与缩放", "en": "Invariance: shift and scale"},
    "lesson.step.invariance.text": {
        "zh": "在 ε = 0 时，LayerNorm 对 a·x + c·𝟏（任意 a > 0 和 c，x 不是常数向量）给出同样的输出；RMSNorm 只对正缩放 a·x"
        "（a > 0）不变。(1, 2, 3) 加 100 后，RMSNorm 的输出变成几乎相等的 (0.99, 1.00, 1.01)，"
        "LayerNorm 的输出仍是 (−1.22, 0, 1.22)。",
        "en": "At ε = 0, LayerNorm gives the same output for a·x + c·𝟏 (any a > 0 and c, x not constant); RMSNorm is "
        "invariant only to positive scaling a·x (a > 0). Add 100 to (1, 2, 3) and RMSNorm's output becomes an "
        "almost constant (0.99, 1.00, 1.01), while LayerNorm's is still (−1.22, 0, 1.22).",
    },
    "lesson.step.affine.title": {
        "zh": "γ 和 β：每个特征固定的缩放与平移",
        "en": "γ and β: a fixed scale and shift per feature",
    },
    "lesson.step.affine.text": {
        "zh": "归一化之后，每个特征乘 γ、加 β（RMSNorm 只有 γ）。γ 和 β 是训练学到的，但对每个词元都一样。"
        "图中 γ = (2, 0.5) 把 RMSNorm 半径 √2 的圆拉成椭圆，γ 和 β = (0.5, −1) 把 LayerNorm 的两个点移到菱形处："
        "它们改变并移动输出所在的集合（球面变成椭球面，再平移 β），却不能把某个输入自己的长度或均值还给它。"
        "ε = 0 时，x 和 2·x + 100·𝟏 经过 LayerNorm 和同样的 γ、β，得到的是同一个输出。"
        "γ 和 β 找回的是表达能力，不是被归一化丢掉的信息。",
        "en": "After normalizing, each feature is multiplied by γ and shifted by β (RMSNorm has γ only). γ and β are "
        "learned, but they are the same for every token. Here γ = (2, 0.5) stretches RMSNorm's circle of "
        "radius √2 into an ellipse, and γ with β = (0.5, −1) carries LayerNorm's two points to the diamonds: "
        "they reshape and move the set of outputs (the sphere becomes an ellipsoid, shifted by β), but they "
        "cannot give an input its own length or mean back. At ε = 0, x and 2·x + 100·𝟏 leave LayerNorm, with "
        "the same γ and β, as one and the same output. What γ and β restore is expressiveness, not the "
        "information the norm removed.",
    },
    "lesson.step.prepost.title": {
        "zh": "Norm 放在哪里：Pre-Norm 与 Post-Norm",
        "en": "Where the norm sits: Pre-Norm and Post-Norm",
    },
    "lesson.step.prepost.text": {
        "zh": "Transformer 的每一层都把子层 f 的输出加到残差流 h 上。Post-Norm 在相加之后归一化，h ← Norm(h + f(h))，"
        "每一层都把残差流拉回长度 √D。Pre-Norm 只归一化子层的输入，h ← h + f(Norm(h))：残差流本身不经过任何 Norm，"
        "随深度变长，最顶上再放一个 Norm。图是“Pre-Norm 与 Post-Norm”页的玩具网络在初始化时逐层的数值："
        "残差流的长度、梯度 ‖∂L/∂hₗ‖ 和这一层算出的最大值。",
        "en": "Every Transformer layer adds the output of a sublayer f to the residual stream h. Post-Norm normalizes "
        "after the addition, h ← Norm(h + f(h)), so every layer brings the stream back to length √D. Pre-Norm "
        "normalizes only the sublayer's input, h ← h + f(Norm(h)): the stream itself passes through no Norm, "
        "grows with depth, and a final Norm sits at the top. The chart is the Pre- vs Post-Norm page's toy "
        "stack at initialization, layer by layer: the stream's length, the gradient ‖∂L/∂hₗ‖ and the largest "
        "value the layer computes.",
    },
    "lesson.step.axes.title": {
        "zh": "x 是什么：一个词元的 D 个特征",
        "en": "What x is: one token's D features",
    },
    "lesson.step.axes.text": {
        "zh": "Transformer 里的激活是形状 (B, S, D) 的张量：B 条序列，每条 S 个词元，每个词元是 D 个特征组成的向量。"
        "LayerNorm 和 RMSNorm 对每个词元单独归一化：x 就是其中一行，一个词元的 D 个特征；后面几步图里的 x 就是 D = 2 或 3 "
        "的这样一行。BatchNorm 用同一个公式，统计量却取自每个特征跨批次和序列的那一列。下表按行、按列给出两种均值。",
        "en": "In a Transformer the activations are a tensor of shape (B, S, D): B sequences of S tokens, each token a "
        "vector of D features. LayerNorm and RMSNorm normalize each token on its own: x is one row, the D "
        "features of one token, and the x of the next steps' pictures is such a row with D = 2 or 3. BatchNorm "
        "uses the same formula but takes its statistics from each feature's column, across the batch and the "
        "sequence. The table gives both kinds of means, by row and by column.",
    },
    "lesson.step.precision.title": {"zh": "精度：float16 会溢出", "en": "Precision: float16 overflows"},
    "lesson.step.precision.text": {
        "zh": "平方和是最容易出事的一步：300² = 90000 已超过 float16 的上限 65504。若全程用 float16，RMS 变成 ∞，"
        "输出被压成 0；在 float32 中求和就没事。",
        "en": "The sum of squares is where things break: 300² = 90000 is already beyond float16's limit of 65504. "
        "Computed in float16 throughout, the RMS becomes ∞ and the output collapses to 0; summed in float32, "
        "all is well.",
    },
    "lesson.step.eps.title": {"zh": "ε：分母里的安全垫", "en": "ε: the cushion in the denominator"},
    "lesson.step.eps.text": {
        "zh": "对几乎恒定的向量，σ 很小：ε = 0 时 LayerNorm 把微小的起伏放大到完整的长度 √n；ε 越大，输出越被压向 0。"
        "对零向量，没有 ε 就是 0/0 = NaN。",
        "en": "For a nearly constant vector σ is tiny: at ε = 0 LayerNorm blows its tiny wobble up to the full length "
        "√n; the larger ε, the more the output shrinks towards 0. For the zero vector, without ε it is 0/0 = NaN.",
    },
    "lesson.step.cost.title": {"zh": "代价：受限于带宽", "en": "Cost: bound by bandwidth"},
    "lesson.step.cost.text": {
        "zh": "每个词元只有 O(D) 次运算，算力可以忽略；但每次调用都要把整块激活读一遍、写一遍。"
        "所以时间由显存带宽决定，而不是 FLOPs。",
        "en": "Each token costs only O(D) arithmetic, which is negligible; but every call reads the whole activation "
        "once and writes it once. So memory bandwidth sets the time, not FLOPs.",
    },
    "lesson.step.model.title": {"zh": "选读：真实模型里", "en": "Optional: in a real model"},
    "lesson.step.model.text": {
        "zh": "这一步是选读，可以直接跳过。到目前为止，每个 x 都是我们编出来的向量；这里让一个训练好的真实模型读一句英文："
        "all-MiniLM-L6-v2，一个 6 层的 BERT 式编码器（D = 384），有 13 个 Post-LN 的 LayerNorm（带 γ 和 β，ε = 10⁻¹²）："
        "嵌入之后一个，每层的注意力块之后和前馈块之后各一个。前向钩子截获每个 LayerNorm 实际收到的输入；"
        "下面的每个数都由本页从这些输入算出。",
        "en": "This step is optional: skip it if you like. So far every x was a vector we made up; here a real, trained "
        "model reads one English sentence. all-MiniLM-L6-v2 is a 6-layer BERT-style encoder (D = 384) with 13 "
        "Post-LN LayerNorms (with γ and β, ε = 10⁻¹²): one after the embeddings, and one after the attention block "
        "and one after the feed-forward block of each layer. Forward hooks capture what each LayerNorm really "
        "receives; every number below is computed on this page from those inputs.",
    },
    "lesson.step.beyond.title": {"zh": "选读：后来的发展", "en": "Optional: what came next"},
    "lesson.step.beyond.text": {
        "zh": "这一步是选读，可以直接跳到小结。LayerNorm 和 RMSNorm 之后出现了：不求统计量的 DyT"
        " 与 Derf、推理时固定 σ 的 LayerNorm、给注意力 logit 设上限的 QK-norm、"
        "把归一化放到新位置的 Peri-Norm 与 nGPT；还有一个发现：一个巨大的激活值会让 RMSNor"
        "m 把其余坐标都压小。下面每个数都由 normviz 在本页算出（γ = 1，β = 0；凡有 ε 的归"
        "一化都取 ε = 0。例外是玩具网络，它用库的默认 ε；以及真实模型，它用自己训练出的 γ、β 和 ε）"
        "。",
        "en": "This step is optional: skip to the summary if you like. After LayerNorm and RMSNorm came DyT and Derf, "
        "which take no statistics; LayerNorm with σ frozen at inference; QK-norm, which caps the attention "
        "logits; Peri-Norm and nGPT, which put the norm in new places; and a finding: one massive activation "
        "makes RMSNorm shrink every other coordinate. Every number below is computed on this page by normviz (γ "
        "= 1, β = 0; ε = 0 in every norm that has one, except the toy stack, which uses the library's default ε, "
        "and the real model, which uses its own trained γ, β and ε).",
    },
    "lesson.step.summary.title": {"zh": "小结", "en": "Summary"},
    "lesson.step.summary.text": {
        "zh": "三种方法，一个公式，不同的 c 和 s。下表汇总了每种方法的几何、自由度与输出长度（ε = 0，γ = 1，β = 0）。"
        "到“练习”页检验一下自己。",
        "en": "Three methods, one formula, different c and s. The table collects each method's geometry, degrees of "
        "freedom and output length (ε = 0, γ = 1, β = 0). Test yourself on the Exercises page.",
    },
}
