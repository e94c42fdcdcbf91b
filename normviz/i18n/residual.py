"""Strings of the residual (Pre-Norm vs Post-Norm) page."""

STRINGS = {
    "nav.residual": {"zh": "Pre-Norm 与 Post-Norm", "en": "Pre- vs Post-Norm"},
    "overview.page.residual": {
        "zh": "在一个随机初始化的深层残差网络里逐层比较 Pre-Norm、Post-Norm、Peri-Norm、nGPT、按深度缩放的 Pre-Norm（LNS）"
        "和完全不归一化：残差流范数、每层更新与残差流之比、梯度范数、float16 何时溢出。",
        "en": "A randomly initialized deep residual stack, layer by layer, with Pre-Norm, Post-Norm, Peri-Norm, nGPT, "
        "Pre-Norm scaled with depth (LNS) and with no norm at all: residual-stream norm, update-to-stream ratio, "
        "gradient norm, and where float16 would overflow.",
    },
    "res.title": {"zh": "残差流：Pre-Norm 与 Post-Norm", "en": "The residual stream: Pre-Norm and Post-Norm"},
    "res.intro": {
        "zh": "Transformer 的每一层都在残差流 h 上加一个子层 f 的输出，归一化可以放在两个位置。"
        "Post-Norm：h ← Norm(h + f(h))，先相加再归一化，残差流每层都被拉回同一个尺度。"
        "Pre-Norm：h ← h + f(Norm(h))，只归一化子层的输入，残差路径是恒等映射，h 本身不被归一化，"
        "所以通常在最顶上再放一个 Norm。第三种是完全不归一化：h ← h + f(h)，"
        "要回答的问题是：把子层初始化得很小，能不能代替归一化？",
        "en": "Every Transformer layer adds the output of a sublayer f to the residual stream h, and the "
        "normalization can sit in one of two places. Post-Norm: h ← Norm(h + f(h)), add first and then "
        "normalize, so the stream is brought back to one scale after every layer. Pre-Norm: h ← h + f(Norm(h)), "
        "only the sublayer's input is normalized; the residual path is the identity and h itself is never "
        "normalized, which is why a final Norm usually sits at the top. A third variant has no normalization at "
        "all, h ← h + f(h), to answer the question whether a small initialization of the sublayers can take the "
        "norm's place.",
    },
    "res.models": {
        "zh": "谁用哪种：原始 Transformer（Vaswani 等，2017）和 BERT 用 Post-Norm（LayerNorm）；GPT-2 用 Pre-Norm（LayerNorm），"
        "LLaMA 用 Pre-Norm（RMSNorm）。Xiong 等（2020，《On Layer Normalization in the Transformer Architecture》，"
        "arXiv:2002.04745）分析了初始化时两者的梯度：Post-Norm 靠近输出层的参数梯度很大，需要学习率预热（warm-up）；"
        "Pre-Norm 的梯度表现平稳，可以去掉预热。",
        "en": "Who uses which: the original Transformer (Vaswani et al., 2017) and BERT are Post-Norm (LayerNorm); "
        "GPT-2 is Pre-Norm (LayerNorm) and LLaMA is Pre-Norm (RMSNorm). Xiong et al. (2020, “On Layer "
        "Normalization in the Transformer Architecture”, arXiv:2002.04745) analyse the gradients of both at "
        "initialization: in Post-Norm the gradients of the parameters near the output are large, so training "
        "needs a learning-rate warm-up; in Pre-Norm they are well behaved and the warm-up can be dropped.",
    },
    "res.stack.header": {"zh": "一个玩具深层网络", "en": "A toy deep stack"},
    "res.block": {
        "zh": "网络是这样搭的（一个随机种子决定全部随机数，所有变体共用同一组权重）：一批词元，每个宽 D；"
        "输入 h₀ = 尺度 × z，z 的分量服从 N(0, 1)。每层的子层是一个两层 MLP f(u) = 增益 × W₂ GELU(W₁ u)，"
        "W₁、W₂ 都是 D × D，元素服从 N(0, 1/D)，无偏置；增益就是子层输出的初始化尺度，"
        "“小初始化”就是把它调小（例如 0.1）。不归一化的那种变体每层算 h + f(h)，顶上也没有 Norm。Norm 是 torch.nn.functional 的 layer_norm 或 rms_norm（ε 取本库的默认值，γ = 1，β = 0），"
        "自动求导穿过它；测试里用本库的归一化函数跑同一个网络，结果一致。层数变少时是同一个网络在更浅处截断。损失是输出的一个固定随机投影 L = Σ 输出 ⊙ R（R 的元素服从 N(0, 1)）；"
        "不用输出之和，因为 LayerNorm 的输出各分量之和恒为 0，Post-Norm 的梯度会全是 0。"
        "每层记录：残差流 hₗ 的范数（对词元取平均）、更新与残差流之比 ‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖（对词元取平均）、‖∂L/∂hₗ‖（对全部词元的 Frobenius 范数，由 autograd 算出），"
        "以及这一层算出的最大 |值|（MLP 隐藏单元、每个 Norm 的输入（Post-Norm 的和、Peri-Norm 与 nGPT 子层的输出、nGPT 的一步）以及 hₗ）。第 0 层是输入本身。",
        "en": "How the stack is built (one seed draws every random number; all variants share the same "
        "weights): a batch of tokens, each of width D; the input h₀ = scale × z with z's entries from N(0, 1). "
        "Each layer's sublayer is a two-layer MLP f(u) = gain × W₂ GELU(W₁ u), with W₁ and W₂ of size D × D, "
        "entries from N(0, 1/D), no biases; the gain is the scale at which the sublayer's output is initialized, "
        "and a small initialization is a small gain (0.1, say). The variant without a norm computes h + f(h) at "
        "every layer and has no Norm at the top either. Norm is torch.nn.functional's layer_norm or rms_norm (this library's default ε, γ = 1, "
        "β = 0), and autograd flows through it; the tests run the same stack through this library's norms and "
        "get the same numbers. A smaller depth cuts the same network earlier. The loss is a fixed random projection of the "
        "output, L = Σ output ⊙ R with R's entries from N(0, 1); not the plain sum, because a LayerNorm output "
        "always sums to 0, which would make every Post-Norm gradient 0. For each layer the page records the "
        "norm of the residual stream hₗ (averaged over tokens), the update-to-stream ratio ‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖ "
        "(averaged over tokens), ‖∂L/∂hₗ‖ (Frobenius norm over all tokens, by "
        "autograd), and the largest |value| the layer computes (the MLP's hidden units, every Norm's input: Post-Norm's sum, Peri-Norm's "
        "and nGPT's block output, nGPT's step; and hₗ). "
        "Layer 0 is the input itself.",
    },
    "res.depth": {"zh": "层数", "en": "Depth (layers)"},
    "res.depth.help": {"zh": "残差层的个数，1 到 48。", "en": "Number of residual layers, 1 to 48."},
    "res.width": {"zh": "宽度 D", "en": "Width D"},
    "res.width.help": {
        "zh": "每个词元的维数。D = 512、48 层在 CPU 上要算一会儿。",
        "en": "Dimension of each token. D = 512 with 48 layers takes a while on a CPU.",
    },
    "res.scale": {"zh": "输入尺度（h₀ 的标准差）", "en": "Input scale (std of h₀)"},
    "res.scale.help": {
        "zh": "把输入整体放大，推动残差流靠近 float16 的上限。",
        "en": "Scale the input up to push the residual stream towards float16's limits.",
    },
    "res.gain": {"zh": "子层增益", "en": "Sublayer gain"},
    "res.gain.help": {
        "zh": "子层输出乘的系数，也就是子层的初始化尺度：它越大，Pre-Norm 和不归一化的残差流每层长得越多；"
        "0.1 是“小初始化”。",
        "en": "Multiplier of the sublayer's output, i.e. the scale of its initialization: the larger it is, the more "
        "the Pre-Norm stream and the stream without a norm grow per layer; 0.1 is a small initialization.",
    },
    "res.shown": {"zh": "图中画出", "en": "Drawn in the figure"},
    "res.shown.help": {
        "zh": "选择图里画哪些放法（LNS 是按层深缩放的 Pre-Norm：第 ℓ 层的 Norm 输出乘以 1/√ℓ）；下面的汇总表总是列出全部变体。",
        "en": "Which arrangements the figure draws (LNS is Pre-Norm with LayerNorm scaling: layer ℓ's Norm output "
        "times 1/√ℓ); the summary table below always lists every variant.",
    },
    "res.seed": {"zh": "随机种子", "en": "Random seed"},
    "res.seed.help": {"zh": "决定输入、权重和投影 R。", "en": "Draws the input, the weights and the projection R."},
    "res.spinner": {"zh": "正在前向和反向计算各个变体…", "en": "Running the variants forward and backward…"},
    "res.no_torch": {
        "zh": "这一页需要 torch（自动求导），但当前环境没有安装，所以无法计算。",
        "en": "This page needs torch (for autograd), which is not installed here, so it cannot compute.",
    },
    "res.col.variant": {"zh": "变体", "en": "variant"},
    "res.col.peak": {"zh": "最大 \\|值\\|", "en": "max \\|value\\|"},
    "res.col.square": {"zh": "首个 \\|值\\| > {limit} 的层", "en": "first layer with \\|value\\| > {limit}"},
    "res.col.overflow": {"zh": "首个 \\|值\\| > {limit} 的层", "en": "first layer with \\|value\\| > {limit}"},
    "res.none": {"zh": "无", "en": "none"},
    "res.timing": {
        "zh": "在 {device} 上用 float32 计算（{tokens} 个词元），{count} 个变体前向加反向共 {seconds} 秒（结果按控件取值缓存）。",
        "en": "Computed in float32 on {device} ({tokens} tokens); the {count} variants forward and backward took "
        "{seconds} s (results are cached by the controls' values).",
    },
    "res.reading": {
        "zh": "怎么读：在残差流范数图中，Post-Norm 的残差流范数每层都停在 √D（ε 远小于均方时；虚线），"
        "Pre-Norm 的残差流没人归一化，每层加上一个子层输出，范数随层数增长。梯度范数图是损失对每层残差流 hₗ 的梯度范数"
        "（不是 Xiong 等分析的权重梯度）。残差流随深度变长时（默认设置就是这样），Pre-Norm 的 ‖∂L/∂hₗ‖ 在顶层最小、往输入方向变大："
        "恒等路径把梯度原样传下去，每个子层再加上自己的一份，而顶上那个 Norm 要除以已经变大的 h 的均方根。"
        "Post-Norm 的 hₗ 每层都在 √D，梯度往下传时要穿过每一层 Norm 的雅可比矩阵。"
        "最大 |值| 图把每层的最大 |值| 和 float16 的两条界线比：256 以上单个平方 xᵢ² 就超过 65504，"
        "若在 float16 里算 RMSNorm 的平方和会得到 inf（圆圈标出首次越界的层）；65504 以上数值本身就无法用 float16 表示（叉号）。"
        "调大子层增益或输入尺度，看它们出现在哪一层。"
        "LayerNorm 和 RMSNorm 的曲线几乎重合（绿线压在蓝线下面）：在这样的随机初始化下，每个词元的均值比它的均方根小得多，"
        "减不减均值差别很小。",
        "en": "How to read it: in the stream-norm panel the Post-Norm stream norm sits at √D after every layer (when ε "
        "is small next to the mean square; dashed line), while the Pre-Norm stream is never normalized: every "
        "layer adds a sublayer output and its norm grows with depth. The gradient panel shows the gradient norm of "
        "the loss with respect to each stream hₗ (not the weight gradients Xiong et al. analyse). When the stream "
        "grows with depth, as it does with the default controls, Pre-Norm's ‖∂L/∂hₗ‖ is smallest at the top and "
        "grows towards the input: the identity path hands the gradient down whole and every sublayer adds its "
        "share, while the final Norm divides by the RMS of the grown h. Post-Norm keeps every hₗ at √D, and its "
        "gradient crosses each layer's Norm Jacobian on the way down. The panel of largest |values| compares each layer's "
        "largest |value| with "
        "float16's two limits: above 256 a single square xᵢ² exceeds 65504, so an RMSNorm whose sum of squares "
        "ran in float16 would get inf (a circle marks the first layer past it); above 65504 the value itself "
        "is not representable in float16 (a cross). Raise the sublayer gain or the input scale to see where "
        "they appear. The LayerNorm and RMSNorm curves lie almost on top of each other (the green under the "
        "blue): at this random initialization each token's mean is small next to its RMS, so subtracting it "
        "changes little.",
    },
    "res.none.reading": {
        "zh": "不归一化（黑色虚线）：h ← h + f(h)。子层的输出随 h 一起变大，所以每一层都把 ‖h‖ 乘上差不多同一个倍数，"
        "残差流随深度指数增长；梯度从顶层往输入方向也一样指数增长。在本页默认设置（24 层、增益 1）下，"
        "两者都涨了约一百倍，而 Pre-Norm 的残差流只涨了约 3 倍（它的 ‖hₗ‖² 大致随层数线性增长，"
        "因为每个子层看到的是 Norm(h)，大小与 h 无关）。小初始化能把它压住：增益 0.1 时，"
        "不归一化的残差流和梯度在 48 层里变化都不到 1.2 倍，和同样增益下的 Pre-Norm 差不多。"
        "但这只回答了初始化时的问题，网络里没有任何东西管住尺度：输出和输入成正比"
        "（把输入尺度调到 100，黑线的顶端也抬高 100 倍，而 Post-Norm 仍停在 √D）；"
        "训练中权重一旦变大（调大增益），又会回到指数增长。",
        "en": "Without any norm (black, dashed): h ← h + f(h). The sublayer's output grows with h, so every layer "
        "multiplies ‖h‖ by about the same factor and the stream grows exponentially with depth; from the top "
        "towards the input the gradient grows exponentially too. With this page's defaults (24 layers, gain 1) "
        "both grow about a hundredfold, while the Pre-Norm stream grows only about 3× (its ‖hₗ‖² grows about "
        "linearly with the layer, because every sublayer sees Norm(h), whose size does not depend on h). A small "
        "initialization tames it: at gain 0.1 the stream and the gradient of the stack without a norm change by "
        "less than 1.2× over 48 layers, about as Pre-Norm does at that gain. That answers the question at "
        "initialization only; nothing in the stack holds the scale. The output is proportional to the input "
        "(set the input scale to 100: the top of the black curve rises 100×, while Post-Norm stays at √D), and "
        "once the weights grow in training (raise the gain), the growth is exponential again.",
    },
    "res.newer": {
        "zh": "还有两种较新的放法。Peri-Norm（Kim 等，2025，《Peri-LN: Revisiting Normalization Layer in the Transformer "
        "Architecture》，arXiv:2502.02732）：h ← h + Norm(f(Norm(h)))，子层的输入和输出各归一化一次，残差路径仍是恒等映射，"
        "顶上同样再放一个 Norm；Gemma 2（Gemma Team，2024，arXiv:2408.00118）的“三明治”就是这样，用的是 RMSNorm。"
        "nGPT（Loshchilov 等，2024，arXiv:2410.01131）让残差流始终待在球面上：h ← Norm(h + α·(Norm(f(h)) − h))，"
        "每层沿着 Norm(f(h)) 的方向走一小步 α，再投影回球面。本页的玩具版做了两处简化：每层只有一个 MLP 子层；论文把 h 归一化到单位球面（L2），这里用 RMSNorm，也就是半径 √D 的球面"
        "（ε = 0 时两者只差一个 √D 的倍数），让子层看到的输入和其他变体一样大。RMSNorm 不减均值，nGPT 也不减，"
        "所以 nGPT 只配 RMSNorm。",
        "en": "Two newer arrangements. Peri-Norm (Kim et al., 2025, “Peri-LN: Revisiting Normalization Layer in "
        "the Transformer Architecture”, arXiv:2502.02732): h ← h + Norm(f(Norm(h))); the sublayer's input and its "
        "output are both normalized, the residual path stays the identity, and a final Norm sits at the top as "
        "in Pre-Norm. Gemma 2's “sandwich” (Gemma Team, 2024, arXiv:2408.00118) is this arrangement with RMSNorm. "
        "nGPT (Loshchilov et al., 2024, arXiv:2410.01131) keeps the stream on a sphere: h ← Norm(h + α·(Norm(f(h)) "
        "− h)), each layer takes a small step α towards the direction of Norm(f(h)) and projects back onto the "
        "sphere. The toy version here simplifies twice: one MLP sublayer per layer, and the paper normalizes h onto the "
        "unit sphere (L2) where this page uses RMSNorm, the sphere of "
        "radius √D (at ε = 0 the two differ by the factor √D only), so that the sublayer sees inputs of the same "
        "size as in the other variants. RMSNorm does not subtract the mean and neither does nGPT, so nGPT runs "
        "with RMSNorm only.",
    },
    "res.peri.reading": {
        "zh": "Peri-Norm（点划线）：每层加上的 Norm(f(Norm(h))) 对每个词元的范数都是 √D（ε 远小于它的均方时），和增益无关（输出端的 Norm "
        "把增益除掉了），所以 ‖hₗ‖² 每层大约增加 D，残差流大致像 √(‖h₀‖² + l·D) 那样长（加上去的向量并不严格与 h 正交，D 小时偏差更大）。当前设置下顶层的 "
        "‖h{sub}‖ = {top}，按这个式子估计是 {estimate}；Pre-Norm 的是 {pre}。输入尺度为 1 时（增益取哪一档都一样），"
        "梯度和 Pre-Norm 一样在输入处最大，在顶层最小或与最小值相差不过百分之几（恒等路径把梯度原样传下去，每个子层再加上自己的一份）；"
        "当前设置下 ‖∂L/∂h₀‖ = {grad0}，‖∂L/∂h{sub}‖ = {grad_top}。"
        "子层输出本身仍随增益变大，它的最大 |值| 是输出端 Norm 要平方的量，画在最大 |值| 图里。",
        "en": "Peri-Norm (dash-dot): what each layer adds, Norm(f(Norm(h))), has norm √D per token (when ε is "
        "small next to its mean square) whatever the gain (the output Norm divides the gain away), so ‖hₗ‖² grows by about D per layer and the stream grows "
        "roughly like √(‖h₀‖² + l·D) (the added vectors are not exactly orthogonal to h; the gap is larger at small D). With the current controls the top layer's ‖h{sub}‖ = {top}, where the formula "
        "estimates {estimate}; Pre-Norm's is {pre}. With the input scale at 1 (and any gain) the gradient is "
        "largest at the input and, to within a few per cent, smallest at the top, as in Pre-Norm (the identity path hands it down whole and every sublayer "
        "adds its share); with the current controls ‖∂L/∂h₀‖ = {grad0} and ‖∂L/∂h{sub}‖ = {grad_top}. "
        "The sublayer's output itself still grows with the gain; its largest |value| is what the output Norm "
        "squares, and the panel of largest |values| shows it.",
    },
    "res.ngpt.reading": {
        "zh": "nGPT（长虚线）：每层最后都是一个 Norm，所以从第 1 层起 ‖hₗ‖ 就是 √D（ε 远小于均方时），"
        "和 Post-Norm 一样，也和输入尺度、增益无关；只有第 1 层读到的是原始输入 h₀。当前设置下 ‖∂L/∂h₀‖ = {grad0}，"
        "‖∂L/∂h{sub}‖ = {grad_top}。",
        "en": "nGPT (long dashes): every layer ends in a Norm, so from layer 1 on ‖hₗ‖ is √D (when ε is small next "
        "to the mean square), as in Post-Norm and whatever the input scale and the gain; only layer 1 reads the "
        "raw input h₀. With the current controls ‖∂L/∂h₀‖ = {grad0} and ‖∂L/∂h{sub}‖ = {grad_top}.",
    },
    "res.update.reading": {
        "zh": "每层更新与残差流之比图把每层对残差流的改变除以被改变的残差流：‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖（对词元取平均）。"
        "Pre-Norm 每层加上的 f(Norm(h)) 按期望大小与 h 无关，所以残差流变长时这个比值大约像 1/‖hₗ₋₁‖ 那样下降"
        "（一次随机抽取会有起伏）。"
        "Post-Norm 和 nGPT 改变的是长度固定为 √D 的残差流，这个比值就是每层在球面上走的一步。",
        "en": "The update-to-stream panel divides what each layer changes by the stream it changes: ‖hₗ − hₗ₋₁‖ / "
        "‖hₗ₋₁‖ (averaged over tokens). In Pre-Norm what a layer adds, f(Norm(h)), has the same size in expectation "
        "whatever h, so the ratio falls about like 1/‖hₗ₋₁‖ as the stream grows (with the ups and downs of one "
        "random draw). "
        "Post-Norm and nGPT change a stream of fixed length √D; there the ratio is the step each layer takes on "
        "the sphere.",
    },
    "res.lns": {
        "zh": "第五种放法是 LayerNorm Scaling（LNS）。Sun、Song、Li、Yin、Zheng 和 Liu（《The Curse of Depth in Large "
        "Language Models》，NeurIPS 2025，arXiv:2502.05795）认为：Pre-Norm 堆叠里残差流的方差随深度增长（按他们的分析最多可达指数增长），"
        "于是深层的雅可比矩阵接近恒等矩阵，这些层几乎不起作用。他们的办法是把第 ℓ 层（ℓ = 1, 2, …，即这一层的深度）"
        "Norm 的输出乘以 1/√ℓ：h ← h + f(Norm(h)/√ℓ)，不引入新的超参数；顶上的 Norm 不变。他们报告，从 130M 到 7B 参数的模型，"
        "预训练的困惑度都比 Pre-Norm 好。这些是论文对训练过的模型的结论；下面的玩具网络测的是这种缩放在初始化时对网络做了什么。",
        "en": "A fifth arrangement is LayerNorm Scaling (LNS). Sun, Song, Li, Yin, Zheng & Liu (“The Curse of Depth in "
        "Large Language Models”, NeurIPS 2025, arXiv:2502.05795) argue that in a Pre-Norm stack the stream's variance "
        "grows with depth (up to exponentially, in their analysis), so that the deep layers' Jacobians come close to "
        "the identity and those layers contribute little. Their fix multiplies the output of layer ℓ's Norm by 1/√ℓ "
        "(ℓ = 1, 2, …, the layer's depth): h ← h + f(Norm(h)/√ℓ), with no new hyperparameter; the Norm at the top "
        "stays as it is. They report better pre-training perplexity than Pre-Norm at every size from 130M to 7B "
        "parameters. Those "
        "are the paper's claims about trained models; the toy stack below measures what the scaling does to a stack "
        "at initialization.",
    },
    "res.lns.reading": {
        "zh": "LNS（长划点线，空心标记）在这个网络上的实测（RMSNorm，当前设置：D = {d}，层数 {depth}，增益 {gain}，"
        "输入尺度 {scale}，随机种子 {seed}）：残差流每个坐标的均方 ‖hₗ‖²/D（对词元取平均）从输入处的 {start}，"
        "到顶层 Pre-Norm 是 {pre_top}（×{pre_factor}），LNS 是 {lns_top}（×{lns_factor}）。"
        "各层加上去的部分 ‖h{sub} − h₀‖²/D，Pre-Norm 是 {pre_added}，LNS 是 {lns_added}；"
        "它对权重随机抽取的期望（ε = 0，见上面的公式）分别是 {depth} × {per_layer} = {pre_expected} 和 {lns_expected}。",
        "en": "LNS (long dash-dot, open markers), measured on this stack (RMSNorm, the current controls: D = {d}, "
        "depth {depth}, gain {gain}, input scale {scale}, random seed {seed}): the stream's mean square per "
        "coordinate, ‖hₗ‖²/D averaged over tokens, goes from {start} at the input to {pre_top} at the top with "
        "Pre-Norm (×{pre_factor}) and to {lns_top} with LNS (×{lns_factor}). What the layers added, "
        "‖h{sub} − h₀‖²/D, is {pre_added} with Pre-Norm and {lns_added} with LNS; its expectation over the random "
        "draw of the weights (ε = 0, the formulas above) is {depth} × {per_layer} = {pre_expected} and {lns_expected}.",
    },
    "res.lns.doubling": {
        "zh": "从第 {half} 层到第 {depth} 层，各层加上去的部分 Pre-Norm 变为 ×{pre}（期望 ×{pre_expected}：随深度线性增长），"
        "LNS 变为 ×{lns}（期望 ×{lns_expected}：这个和大约像 (g²/4)·ln L 加一个常数那样增长）。",
        "en": "From layer {half} to layer {depth} what the layers added grows ×{pre} with Pre-Norm (expected "
        "×{pre_expected}: linear in the depth) and ×{lns} with LNS (expected ×{lns_expected}: the sum grows like "
        "(g²/4)·ln L plus a constant).",
    },
    "res.lns.update.closer": {
        "zh": "在顶层，第 {depth} 层的更新占它所加到的残差流的 {pre}（Pre-Norm；‖h{sub} − h{sub1}‖ / ‖h{sub1}‖，"
        "对词元取平均），LNS 是 {lns}：初始化时 1/√ℓ 缩小更新的程度超过它压住残差流的程度，所以在这个网络里 LNS 的顶层"
        "更接近恒等映射，而不是更远。论文认为训练过的模型里方差随深度的增长最多可达指数级；初始化时的网络看不到这一点："
        "这里 Pre-Norm 残差流的均方按期望随深度线性增长。",
        "en": "At the top, layer {depth}'s update is {pre} of the stream it is added to with Pre-Norm "
        "(‖h{sub} − h{sub1}‖ / ‖h{sub1}‖, averaged over tokens) and {lns} with LNS: at initialization 1/√ℓ shrinks "
        "the update more than it holds the stream down, so in this stack the top layer of LNS is closer to the "
        "identity, not further from it. The paper argues that in trained models the variance can grow up to "
        "exponentially with depth; a stack at initialization does not show that: here the mean square of "
        "Pre-Norm's stream grows linearly with depth in expectation.",
    },
    "res.lns.update.same": {
        "zh": "只有一层时 LNS 就是 Pre-Norm（1/√1 = 1）：两者的更新都是残差流的 {pre}。",
        "en": "With one layer LNS is Pre-Norm (1/√1 = 1): in both the update is {pre} of the stream.",
    },
    "res.lns.update.further": {
        "zh": "在顶层，第 {depth} 层的更新占它所加到的残差流的 {pre}（Pre-Norm；‖h{sub} − h{sub1}‖ / ‖h{sub1}‖，"
        "对词元取平均），LNS 是 {lns}：在这次随机抽取里，LNS 的顶层对残差流的改变比 Pre-Norm 的大。",
        "en": "At the top, layer {depth}'s update is {pre} of the stream it is added to with Pre-Norm "
        "(‖h{sub} − h{sub1}‖ / ‖h{sub1}‖, averaged over tokens) and {lns} with LNS: on this random draw the top "
        "layer of LNS changes the stream more than Pre-Norm's does.",
    },
    "res.f16.newer": {
        "zh": "Peri-Norm 和 nGPT 多了一处 Norm：子层的输出。一个词元被手写的 float16 Norm 截成 0 之后，"
        "下一个读它的子层（没有偏置，GELU(0) = 0）输出的也是 0，这个全零的行再进 Norm（Peri-Norm 在同一层的输出端，"
        "nGPT 在下一层），反向传播就是 inf 或 NaN（上面说的极小输入的情形），和 Post-Norm 一样，不再是悄无声息的 0。",
        "en": "Peri-Norm and nGPT have one more Norm: the sublayer's output. Once the hand-written float16 Norm has "
        "cut a token to 0, the next sublayer to read it (no biases, GELU(0) = 0) outputs 0 as well, and that row of "
        "zeros enters a Norm (in Peri-Norm the output Norm of the same layer, in nGPT the next layer's): its "
        "backward pass is inf or NaN (the tiny-input case above), as in Post-Norm, no longer a silent 0.",
    },
    "res.fp16.header": {"zh": "为什么关心 float16 的上限", "en": "Why float16's limit matters"},
    "res.fp16.text": {
        "zh": "一个用 fp16 激活做混合精度训练的模型里，某层残差流的范数漂到了 10⁴ 量级。float16 能表示的最大有限值是 65504，"
        "256² = 65536 已经超过它。一个在 float16 里手写的 Norm，h · rsqrt(mean(h²) + ε)，这时会悄无声息地失效："
        "只要有一个分量 |hᵢ| > 256，h² 就是 inf，rsqrt(inf) = 0，这个词元的输出恰好是 0。分量在几百到一千时，"
        "传回去的梯度也恰好是 0，全都是有限数：没有 NaN，也没有任何报错，这一层输出全零，下面的层从这个词元学不到任何东西。"
        "只有当途中某个 float16 数溢出时才出现 NaN：超过 65504 的值一存成 float16 就是 inf，前向就已是 NaN（升精度也救不了）；"
        "反向传播里，输出的零要乘上一些中间量，输入到几千以上时它们会溢出（gᵢ·hᵢ 之和、2·hᵢ），"
        "输入非常小时也会溢出（均方根低于约 0.025，全零的一行也算：rsqrt 的导数 −½·rsqrt(u)³），梯度于是变成 inf 或 NaN（0 · inf = NaN）。"
        "Post-Norm 在溢出之后马上遇到最后这种情况：一层输出的零就是下一层 Norm 的输入。解决办法是在 float32 里做归约"
        "（本库就是这样做的），并监控每层激活的最大绝对值；Pre-Norm 的残差流不被归一化，它的尺度正是需要盯住的量。",
        "en": "In a model trained in mixed precision with fp16 activations, the norm of one layer's residual "
        "stream drifted to the order of 10⁴. float16's largest finite value is 65504 and 256² = 65536 is "
        "already above it. A Norm written by hand in float16, h · rsqrt(mean(h²) + ε), then fails silently: "
        "one component with |hᵢ| > 256 makes h² inf, rsqrt(inf) = 0, and that token's output is exactly 0. "
        "With components of a few hundred to a thousand the gradient it passes back is exactly 0 too, all "
        "finite: no NaN and no error; the layer outputs zeros and the layers below learn nothing from that "
        "token. NaN comes only when some float16 number overflows on the way. A value beyond 65504 is inf as "
        "soon as it is stored, and the forward pass is NaN (upcasting cannot help then). In the backward pass "
        "the zero output is multiplied by intermediate numbers that overflow for inputs of a few thousand and "
        "more (the sum of gᵢ·hᵢ, 2·hᵢ), and for tiny inputs (an RMS below about 0.025, a row of zeros "
        "included: rsqrt's derivative −½·rsqrt(u)³); the gradient then becomes inf or NaN (0 · inf = NaN). "
        "Post-Norm meets the last case right after an overflow: one layer's zero output is the next layer's "
        "Norm input. The remedy is to reduce in float32 (as this library does) and to watch each layer's "
        "largest absolute activation; the Pre-Norm stream is never normalized, so its scale is exactly the "
        "quantity to watch.",
    },
    "res.f16.intro": {
        "zh": "下表把同一个网络再跑一遍（RMSNorm），每个 Norm 的输入先存成 float16，其余部分仍是 float32，"
        "所以只有 Norm 不同：一次是上面那行手写的 float16 代码，一次是升精度（本库：在 float32 里归约，再转回 float16）。"
        "表中是到达输入的梯度 ‖∂L/∂h₀‖，也就是下面一层能学到的东西。把输入尺度调到 100 或 1000，或者 0.01，再对比。",
        "en": "The table runs the same stack again (RMSNorm) with every Norm's input stored in float16 and the "
        "rest in float32, so that only the Norm differs: once as the hand-written float16 line above, once "
        "upcast (this library: reduce in float32, cast back to float16). It shows the gradient that reaches the "
        "input, ‖∂L/∂h₀‖, which is what the layer below would learn from. Set the input scale to 100 or 1000, "
        "or to 0.01, and compare.",
    },
    "res.f16.col.float32": {"zh": "‖∂L/∂h₀‖，float32", "en": "‖∂L/∂h₀‖, float32"},
    "res.f16.col.naive": {"zh": "‖∂L/∂h₀‖，手写 float16", "en": "‖∂L/∂h₀‖, hand-written float16"},
    "res.f16.col.zero_out": {"zh": "输出为 0 的词元", "en": "tokens with output 0"},
    "res.f16.col.zero_grad": {"zh": "梯度为 0 的词元", "en": "tokens with gradient 0"},
    "res.f16.col.upcast": {"zh": "‖∂L/∂h₀‖，升精度", "en": "‖∂L/∂h₀‖, upcast"},
    "res.f16.timing": {
        "zh": "这 {count} 次 float16 运行用了 {seconds} 秒。",
        "en": "These {count} float16 runs took {seconds} s.",
    },
    "res.fig.stream.title": {"zh": "残差流范数 ‖hₗ‖（词元平均）", "en": "Stream norm ‖hₗ‖ (mean over tokens)"},
    "res.fig.update.title": {"zh": "每层更新与残差流之比", "en": "Update-to-stream ratio"},
    "res.fig.grad.title": {"zh": "梯度范数 ‖∂L/∂hₗ‖", "en": "Gradient norm ‖∂L/∂hₗ‖"},
    "res.fig.peak.title": {
        "zh": "本层最大 |值| 与 float16 的界",
        "en": "Largest |value| vs float16's limits",
    },
    "res.fig.stream.y": {"zh": "‖hₗ‖", "en": "‖hₗ‖"},
    "res.fig.grad.y": {"zh": "‖∂L/∂hₗ‖", "en": "‖∂L/∂hₗ‖"},
    "res.fig.update.y": {"zh": "‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖", "en": "‖hₗ − hₗ₋₁‖ / ‖hₗ₋₁‖"},
    "res.fig.peak.y": {"zh": "最大 |值|", "en": "max |value|"},
    "res.fig.layer": {"zh": "层 l（0 = 输入）", "en": "layer l (0 = input)"},
    "res.fig.arr.pre": {"zh": "Pre-Norm", "en": "Pre-Norm"},
    "res.fig.arr.post": {"zh": "Post-Norm", "en": "Post-Norm"},
    "res.fig.arr.none": {"zh": "不归一化", "en": "No norm"},
    "res.fig.arr.peri": {"zh": "Peri-Norm", "en": "Peri-Norm"},
    "res.fig.arr.ngpt": {"zh": "nGPT", "en": "nGPT"},
    "res.fig.arr.lns": {"zh": "LNS", "en": "LNS"},
    "res.fig.series": {"zh": "{arrangement} · {norm}", "en": "{arrangement} · {norm}"},
    "res.fig.root_width": {"zh": "√D = {value}", "en": "√D = {value}"},
    "res.fig.fp16_max": {"zh": "float16 最大值 {value}", "en": "float16 max {value}"},
    "res.fig.fp16_square": {
        "zh": "√65504 ≈ {value}：xᵢ² 在 fp16 溢出",
        "en": "√65504 ≈ {value}: xᵢ² overflows in fp16",
    },
    "res.fig.square": {"zh": "{name}：第 {layer} 层首次 > {limit}", "en": "{name}: first > {limit} at layer {layer}"},
    "res.fig.overflow": {
        "zh": "{name}：第 {layer} 层首次溢出 fp16",
        "en": "{name}: first fp16 overflow at layer {layer}",
    },
}
