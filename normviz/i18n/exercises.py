"""Strings of the exercises page (练习 / Exercises)."""

STRINGS = {
    "nav.exercises": {"zh": "练习", "en": "Exercises"},
    "overview.page.exercises": {
        "zh": "自动批改的练习：数值或选择题，题目由链接里的随机种子生成，全班拿到同一套题。",
        "en": "Auto-checked exercises with numeric or choice answers; the link's seed draws the set, so a whole "
        "class gets the same one.",
    },
    "exercises.title": {"zh": "练习", "en": "Exercises"},
    "exercises.intro": {
        "zh": "每题输入答案后按“检查”。向量用逗号或空格分隔，例如 `-1.22, 0, 1.22`；全角数字和逗号也可以。"
        "除非另有说明，ε = 0、γ = 1、β = 0，方差为有偏估计（除以 n）。",
        "en": "Type an answer and press Check. Separate vector components with commas or spaces, e.g. "
        "`-1.22, 0, 1.22`; full-width digits and commas work too. Unless a question says otherwise, ε = 0, γ = 1, β = 0, and the variance is "
        "the biased one (divide by n).",
    },
    "exercises.seed": {
        "zh": "题组种子 {seed}：把此页链接发给别人，他们会拿到同一套题。",
        "en": "Set seed {seed}: send this page's link and others get the same set.",
    },
    "exercises.new": {"zh": "换一套题", "en": "New set"},
    "exercises.number": {"zh": "第 {k} 题", "en": "Exercise {k}"},
    "exercises.answer": {"zh": "你的答案", "en": "Your answer"},
    "exercises.answer.number": {"zh": "一个数，例如 2.5", "en": "one number, e.g. 2.5"},
    "exercises.answer.vector": {"zh": "{n} 个数，例如 {example}", "en": "{n} numbers, e.g. {example}"},
    "exercises.choose": {"zh": "选一个", "en": "Choose one"},
    "exercises.check": {"zh": "检查", "en": "Check"},
    "exercises.you_typed": {"zh": "你输入的是 {text}。", "en": "You typed {text}."},
    "exercises.right": {"zh": "正确！", "en": "Right!"},
    "exercises.wrong": {"zh": "还不对。", "en": "Not quite."},
    "exercises.answer_is": {
        "zh": "正确答案：{answer}（允许误差 ±{tol}）。",
        "en": "The answer: {answer} (tolerance ±{tol}).",
    },
    "exercises.answer_choice": {"zh": "正确答案：{answer}。", "en": "The answer: {answer}."},
    # malformed answers
    "exercises.err.empty": {"zh": "答案是空的：请输入一个值。", "en": "The answer is empty: please type a value."},
    "exercises.err.not_number": {
        "zh": "这里有不是数的内容。请只用数字、小数点和负号。",
        "en": "Something here is not a number. Use digits, a decimal point and a minus sign only.",
    },
    "exercises.err.not_finite": {
        "zh": "请输入有限的数（NaN 和 ∞ 不行）。",
        "en": "Please type finite numbers (no NaN or ∞).",
    },
    "exercises.err.decimal_comma": {
        "zh": "看起来你用了逗号作小数点。请用小数点，例如 1.5。",
        "en": "That looks like a decimal comma. Please use a decimal point, e.g. 1.5.",
    },
    "exercises.err.thousands_comma": {
        "zh": "这个逗号是千位分隔符还是小数点？请不用逗号来写这个数，例如 8192 或 1.5。",
        "en": "Is that comma a thousands separator or a decimal point? Please write the number without it, e.g. 8192 "
        "or 1.5.",
    },
    "exercises.err.one_number": {"zh": "这一题只要一个数。", "en": "This exercise wants a single number."},
    "exercises.err.count": {"zh": "分量个数不对：需要 {n} 个数。", "en": "Wrong number of components: {n} are needed."},
    "exercises.err.count_comma": {
        "zh": "分量个数不对：需要 {n} 个数。逗号在这里分隔分量；小数请用小数点，例如 1.5。",
        "en": "Wrong number of components: {n} are needed. Commas separate components here; write decimals with "
        "a point, e.g. 1.5.",
    },
    "exercises.err.no_choice": {"zh": "请先选一个选项。", "en": "Please choose an option first."},
    "exercises.err.unknown_choice": {"zh": "这个选项不在列表里。", "en": "That option is not in the list."},
    # choices
    "exercises.choice.none": {"zh": "都不是", "en": "none of them"},
    "exercises.choice.ln_only": {"zh": "只有 LayerNorm", "en": "LayerNorm only"},
    "exercises.choice.rms_ln": {"zh": "RMSNorm 和 LayerNorm（L2 不是）", "en": "RMSNorm and LayerNorm (not L2)"},
    "exercises.choice.all": {"zh": "L2、RMSNorm、LayerNorm 都是", "en": "L2, RMSNorm and LayerNorm, all three"},
    "exercises.choice.yes": {"zh": "会溢出（得到 ∞）", "en": "yes, it overflows (∞)"},
    "exercises.choice.no": {"zh": "不会溢出", "en": "no, it stays finite"},
    "exercises.choice.last": {"zh": "最后一维 D（每个词元各自）", "en": "the last axis D (each token on its own)"},
    "exercises.choice.batch_seq": {
        "zh": "批次和序列两维 (B, S)（每个特征各自）",
        "en": "batch and sequence (B, S) (each feature on its own)",
    },
    "exercises.choice.batch": {"zh": "只有批次维 B", "en": "the batch axis B only"},
    "exercises.choice.all_axes": {"zh": "全部三维", "en": "all three axes"},
    "exercises.choice.ln": {"zh": "带偏置的 LayerNorm", "en": "LayerNorm with a bias"},
    "exercises.choice.rms": {"zh": "一定是 RMSNorm", "en": "certainly RMSNorm"},
    "exercises.choice.either": {
        "zh": "RMSNorm 或无偏置的 LayerNorm：只看权重分不出来，要看配置或代码",
        "en": "RMSNorm or a bias-free LayerNorm: the weights alone can't tell; the config or code can",
    },
    "exercises.choice.bn": {"zh": "BatchNorm", "en": "BatchNorm"},
    "exercises.choice.zero": {"zh": "零向量", "en": "the zero vector"},
    "exercises.choice.nan": {"zh": "NaN（0/0）", "en": "NaN (0/0)"},
    "exercises.choice.one": {"zh": "全 1 向量 𝟏", "en": "the all-ones vector 𝟏"},
    "exercises.choice.skip": {
        "zh": "残差连接（恒等路径 h + …）",
        "en": "the skip connections (the identity path h + …)",
    },
    "exercises.choice.branch": {"zh": "子层（经过 Norm 和 f）", "en": "the sublayers (through Norm and f)"},
    "exercises.choice.neither": {
        "zh": "都不能：没有哪条路径把 g 原封不动地传下去",
        "en": "neither: no path hands g down unchanged",
    },
    "exercises.choice.below_2": {"zh": "不到 2 倍", "en": "less than 2×"},
    "exercises.choice.two_to_ten": {"zh": "2 倍到 10 倍之间", "en": "between 2× and 10×"},
    "exercises.choice.above_10": {"zh": "超过 10 倍", "en": "more than 10×"},
    "exercises.choice.error": {"zh": "抛出异常", "en": "an exception"},
    # the 13 LayerNorms of the real model (normviz.model.NORMS), in the order the data passes them
    "exercises.choice.embeddings": {"zh": "embeddings（嵌入之后）", "en": "embeddings (after the embeddings)"},
    **{
        f"exercises.choice.layer{i}.attention": {
            "zh": f"layer{i}.attention（第 {i} 层，注意力块之后）",
            "en": f"layer{i}.attention (layer {i}, after attention)",
        }
        for i in range(1, 7)
    },
    **{
        f"exercises.choice.layer{i}.output": {
            "zh": f"layer{i}.output（第 {i} 层，前馈块之后）",
            "en": f"layer{i}.output (layer {i}, after the feed-forward block)",
        }
        for i in range(1, 7)
    },
    "exercises.model.link": {
        "zh": "在“真实模型”页上打开这句话",
        "en": "Open this sentence on the “Inside a real model” page",
    },
    # the questions and their explanations
    "exercise.ln_246.q": {"zh": "计算 LayerNorm{x}。", "en": "Compute LayerNorm{x}."},
    "exercise.ln_246.why": {
        "zh": "μ = 4，x − μ·𝟏 = (−2, 0, 2)，σ² = 8/3，σ ≈ 1.6330，所以输出约为 (−1.2247, 0, 1.2247)：在 Σy = 0 的平面上、"
        "长度为 √3。",
        "en": "μ = 4, x − μ·𝟏 = (−2, 0, 2), σ² = 8/3, σ ≈ 1.6330, so the output is about (−1.2247, 0, 1.2247): in the "
        "plane Σy = 0, with length √3.",
    },
    "exercise.rms_246.q": {"zh": "计算 RMSNorm{x}。", "en": "Compute RMSNorm{x}."},
    "exercise.rms_246.why": {
        "zh": "mean(x²) = 56/3，RMS = √(56/3) ≈ 4.3205，x 除以它得约 (0.4629, 0.9258, 1.3887)：方向不变，长度 √3。",
        "en": "mean(x²) = 56/3, RMS = √(56/3) ≈ 4.3205, and x divided by it is about (0.4629, 0.9258, 1.3887): the "
        "same direction, length √3.",
    },
    "exercise.l2_pair.q": {"zh": "计算 x = {x} 的 L2 归一化。", "en": "Compute the L2 normalization of x = {x}."},
    "exercise.l2_pair.why": {
        "zh": "‖x‖₂ = {length}，x 除以它：结果在单位圆上，方向与 x 相同。",
        "en": "‖x‖₂ = {length}, and x divided by it is on the unit circle, pointing the way x does.",
    },
    "exercise.ln_2d.q": {"zh": "二维中计算 LayerNorm{x}。", "en": "In two dimensions, compute LayerNorm{x}."},
    "exercise.ln_2d.why": {
        "zh": "二维中 LayerNorm 的输出只能是 (1, −1) 或 (−1, 1)：大的那个分量变成 1，小的变成 −1。",
        "en": "In 2D LayerNorm can only give (1, −1) or (−1, 1): the larger component becomes 1, the smaller −1.",
    },
    "exercise.params.q": {
        "zh": "隐藏维度 D = {d} 的一个 {method} 层有多少个可学习参数？",
        "en": "How many learnable parameters does one {method} layer with hidden size D = {d} have?",
    },
    "exercise.params.why": {
        "zh": "LayerNorm 有 γ 和 β，各 D 个，共 2D；RMSNorm 只有 γ，共 D。",
        "en": "LayerNorm has γ and β, D each, 2D in all; RMSNorm has γ only, D.",
    },
    "exercise.dof.q": {
        "zh": "n = {n} 时，{method} 的输出有几个自由度？",
        "en": "For n = {n}, how many degrees of freedom does the output of {method} have?",
    },
    "exercise.dof.why": {
        "zh": "输入有 n 个；L2 和 RMSNorm 去掉长度，剩 n − 1；LayerNorm 还去掉公共偏移，剩 n − 2。",
        "en": "The input has n; L2 and RMSNorm remove the length, leaving n − 1; LayerNorm also removes the common "
        "offset, leaving n − 2.",
    },
    "exercise.invariant.q.shift": {
        "zh": "哪些方法对 x 和 x + c·𝟏 给出相同的输出（ε = 0）？",
        "en": "Which methods give the same output for x and x + c·𝟏 (ε = 0)?",
    },
    "exercise.invariant.q.scale": {
        "zh": "哪些方法对 x 和 a·x（a > 0）给出相同的输出（ε = 0）？",
        "en": "Which methods give the same output for x and a·x with a > 0 (ε = 0)?",
    },
    "exercise.invariant.why.shift": {
        "zh": "LayerNorm 先减去均值：x + c·𝟏 的均值是 μ + c，减完仍是 x − μ·𝟏，所以输出不变。RMSNorm 和 L2 不减均值，"
        "{moved} 几乎指向 𝟏 的方向，和 {x} 的方向差得很远，输出也就变了。"
        "图中实心柱是 x = {x} 的输出，斜线柱是 {move} = {moved} 的输出：只有 LayerNorm 的两组柱一样高。",
        "en": "LayerNorm subtracts the mean first: the mean of x + c·𝟏 is μ + c, so what is left is x − μ·𝟏 again "
        "and the output does not change. RMSNorm and L2 do not centre: {moved} points almost along 𝟏, far "
        "from the direction of {x}, so their outputs change. In the chart the solid bars are the outputs "
        "for x = {x}, the hatched ones for {move} = {moved}: only LayerNorm's two sets match.",
    },
    "exercise.invariant.why.scale": {
        "zh": "三种方法都除以一个长度类的量（‖x‖₂、均方根、标准差），a·x（a > 0）把这个量也乘了 a，所以三者的输出都不变。"
        "图中实心柱是 x = {x} 的输出，斜线柱是 {move} = {moved} 的输出：每种方法的两组柱都一样高。",
        "en": "All three divide by a length-like number (‖x‖₂, the RMS, the standard deviation), and a·x with "
        "a > 0 multiplies that number by a as well, so none of the outputs changes. In the chart the solid "
        "bars are the outputs for x = {x}, the hatched ones for {move} = {moved}: each method's two sets "
        "match.",
    },
    "exercise.fp16_threshold.q": {
        "zh": "float16 的最大有限值是 {max}。|x| 超过多少时 x² 在 float16 中溢出？（给出到 ±0.5 的值）",
        "en": "float16's largest finite value is {max}. Above which |x| does x² overflow in float16? (within ±0.5)",
    },
    "exercise.fp16_threshold.why": {
        "zh": "x² ≤ 65504 ⇔ |x| ≤ √65504 ≈ 255.94，约 256。所以要在 float32 中求平方和。",
        "en": "x² ≤ 65504 exactly when |x| ≤ √65504 ≈ 255.94, about 256. Hence the sum of squares belongs in float32.",
    },
    "exercise.fp16_overflow.q": {
        "zh": "在 float16 中计算 x²，x = {v}：会溢出吗？",
        "en": "Computing x² in float16 for x = {v}: does it overflow?",
    },
    "exercise.fp16_overflow.why": {
        "zh": "阈值是 √65504 ≈ 255.94：更大的 |x| 的平方超出 float16 的范围（舍入后为 ∞）。",
        "en": "The threshold is √65504 ≈ 255.94: the square of a larger |x| is beyond float16's range (it rounds to ∞).",
    },
    "exercise.rms_length.q": {
        "zh": "n = {n} 时，RMSNorm 输出的长度 ‖y‖₂ 是多少？",
        "en": "For n = {n}, what is the length ‖y‖₂ of RMSNorm's output?",
    },
    "exercise.rms_length.why": {
        "zh": "y = x / RMS(x)，而 RMS(x) = ‖x‖₂ / √n，所以 ‖y‖₂ = √n，与 x 无关。",
        "en": "y = x / RMS(x) and RMS(x) = ‖x‖₂ / √n, so ‖y‖₂ = √n, whatever x is.",
    },
    "exercise.axis.q.bn": {
        "zh": "对形状 (B, S, D) 的激活，BatchNorm 在哪些维上求均值？",
        "en": "For activations of shape (B, S, D), over which axes does BatchNorm average?",
    },
    "exercise.axis.q.ln": {
        "zh": "对形状 (B, S, D) 的激活，LayerNorm 在哪些维上求均值？",
        "en": "For activations of shape (B, S, D), over which axes does LayerNorm average?",
    },
    "exercise.axis.why": {
        "zh": "LayerNorm 对每个词元的 D 个特征求统计量（axis=-1）；BatchNorm 对每个特征，跨批次和序列求（axis=(0, 1)）。",
        "en": "LayerNorm takes statistics over the D features of each token (axis=-1); BatchNorm over each feature "
        "across batch and sequence (axis=(0, 1)).",
    },
    "exercise.checkpoint.q": {
        "zh": "一个检查点里，某个归一化层只有形状 ({d},) 的 weight，没有 bias。它是什么层？",
        "en": "In a checkpoint, a normalization layer holds only a weight of shape ({d},) and no bias. What is it?",
    },
    "exercise.checkpoint.why": {
        "zh": "RMSNorm 和不带偏置的 LayerNorm 都只存一个长度 D 的 γ，张量完全一样；只有配置或代码能说明是哪一种。",
        "en": "RMSNorm and a bias-free LayerNorm both store one γ of length D: the tensors look the same, and only "
        "the config or the code says which it is.",
    },
    "exercise.zero.q": {
        "zh": "n = {n} 的零向量，LayerNorm 在 ε = 0 时给出什么？",
        "en": "What does LayerNorm give for the zero vector of n = {n} at ε = 0?",
    },
    "exercise.zero.why": {
        "zh": "x − μ·𝟏 = 0，σ = 0：0/0 = NaN（按 IEEE 规则传播，不是异常）。任何 ε > 0 都会给出零向量。",
        "en": "x − μ·𝟏 = 0 and σ = 0: 0/0 = NaN (propagated as IEEE says, not an exception). Any ε > 0 gives the "
        "zero vector instead.",
    },
    "exercise.traffic.q": {
        "zh": "{tokens} 个词元、D = {d}、bf16（2 字节）：{calls} 次归一化调用，每次读一遍、写一遍激活，共搬运多少 GB（10⁹ 字节）？",
        "en": "{tokens} tokens, D = {d}, bf16 (2 bytes): {calls} normalization calls, each reading and writing the "
        "activations once. How many GB (10⁹ bytes) move?",
    },
    "exercise.traffic.why": {
        "zh": "{tokens} 个词元 × {d} × 2 字节 × 2（读和写）× {calls} 次调用 = {gb} GB。时间 ≈ 字节数 / 显存带宽：归一化受带宽限制。",
        "en": "{tokens} tokens × {d} × 2 bytes × 2 (read and write) × {calls} calls = {gb} GB. Time ≈ bytes / "
        "memory bandwidth: normalization is bandwidth-bound.",
    },
    "exercise.grad_path.q.pre": {
        "zh": "残差页的玩具网络（D = 128，随机种子 0），Pre-Norm：h ← h + f(RMSNorm(h))，共 {depth} 层，顶上再一个 RMSNorm。"
        "损失对顶层残差流的梯度 g = ∂L/∂h_L 从顶上往下传。哪条路径把 g 原封不动地传到输入 h₀？",
        "en": "The residual page's toy stack (D = 128, random seed 0) with Pre-Norm: h ← h + f(RMSNorm(h)) over "
        "{depth} layers, a final RMSNorm on top. The gradient of the loss at the top of the stream, "
        "g = ∂L/∂h_L, flows down. Which path hands g to the input h₀ unchanged?",
    },
    "exercise.grad_path.q.post": {
        "zh": "残差页的玩具网络（D = 128，随机种子 0），Post-Norm：h ← RMSNorm(h + f(h))，共 {depth} 层。"
        "损失对顶层残差流的梯度 g = ∂L/∂h_L 从顶上往下传。哪条路径把 g 原封不动地传到输入 h₀？",
        "en": "The residual page's toy stack (D = 128, random seed 0) with Post-Norm: h ← RMSNorm(h + f(h)) over "
        "{depth} layers. The gradient of the loss at the top of the stream, g = ∂L/∂h_L, flows down. Which "
        "path hands g to the input h₀ unchanged?",
    },
    "exercise.grad_path.why.pre": {
        "zh": "Pre-Norm 的残差连接把 h 原样加上去，它的雅可比矩阵是单位矩阵 I，所以只沿残差连接走，g 到达 h₀ 时和离开顶层时一模一样"
        "（这里顶层 ‖g‖ = {top}，只走残差连接到 h₀ 也是 {skip}，逐位相同）。Norm 只在支路上；"
        "每个子层在 g 之上再加一份自己的梯度，所以完整的梯度在 h₀ 处更大（{full}）。图中是每条路径上的 ‖∂L/∂hₗ‖。"
        "Xiong 等（2020）分析的正是这两种放法在初始化时的梯度。",
        "en": "In Pre-Norm the skip connection adds h as it is: its Jacobian is the identity I, so along the skip "
        "connections alone g reaches h₀ exactly as it left the top (here ‖g‖ = {top} at the top and {skip} "
        "at h₀, the very same vector). The Norms sit on the branches only; each sublayer adds its own share "
        "on top of g, which is why the full gradient at h₀ is larger ({full}). The chart shows ‖∂L/∂hₗ‖ "
        "along each path. Xiong et al. (2020) analyse the gradients of the two arrangements at "
        "initialization.",
    },
    "exercise.grad_path.why.post": {
        "zh": "Post-Norm 把 Norm 放在残差流本身上：h ← RMSNorm(h + f(h))。即使只沿残差连接走，g 也要穿过 {depth} 个 Norm 的雅可比矩阵，"
        "每一个都去掉 g 沿该层 h + f(h) 的分量（ε = 0 时精确），所以到不了原样"
        "（这里顶层 ‖g‖ = {top}，只走残差连接到 h₀ 是 {skip}）。经过子层的路径同样要穿过这些 Norm，还有每个 f。"
        "Xiong 等（2020）分析的正是这两种放法在初始化时的梯度。",
        "en": "In Post-Norm the Norm sits on the stream itself: h ← RMSNorm(h + f(h)). Even along the skip "
        "connections alone g crosses {depth} Norm Jacobians, each removing g's component along that layer's "
        "h + f(h) (exactly at ε = 0), so it does not arrive unchanged (here ‖g‖ = {top} at the top, {skip} "
        "at h₀ along the skip connections alone). The path through the sublayers crosses those Norms too, "
        "and every f. Xiong et al. (2020) analyse the gradients of the two arrangements at initialization.",
    },
    "exercise.stack_growth.q.none": {
        "zh": "残差页的玩具网络（D = {width}，随机种子 0），完全不归一化：h ← h + f(h)，共 {depth} 层，"
        "子层 f(u) = {gain}·W₂ GELU(W₁ u)（W₁、W₂ 的元素服从 N(0, 1/D)）。残差流从输入到顶层长了多少倍，‖h_L‖ / ‖h₀‖？",
        "en": "The residual page's toy stack (D = {width}, random seed 0) with no normalization at all: "
        "h ← h + f(h) over {depth} layers, sublayers f(u) = {gain}·W₂ GELU(W₁ u) (entries of W₁ and W₂ "
        "from N(0, 1/D)). By what factor does the residual stream grow from the input to the top, "
        "‖h_L‖ / ‖h₀‖?",
    },
    "exercise.stack_growth.q.pre": {
        "zh": "残差页的玩具网络（D = {width}，随机种子 0），Pre-Norm：h ← h + f(RMSNorm(h))，共 {depth} 层，"
        "子层 f(u) = {gain}·W₂ GELU(W₁ u)（W₁、W₂ 的元素服从 N(0, 1/D)）。残差流从输入到顶层长了多少倍，‖h_L‖ / ‖h₀‖？",
        "en": "The residual page's toy stack (D = {width}, random seed 0) with Pre-Norm: h ← h + f(RMSNorm(h)) "
        "over {depth} layers, sublayers f(u) = {gain}·W₂ GELU(W₁ u) (entries of W₁ and W₂ from "
        "N(0, 1/D)). By what factor does the residual stream grow from the input to the top, ‖h_L‖ / ‖h₀‖?",
    },
    "exercise.stack_growth.why.none": {
        "zh": "没有 Norm 时，子层的输出随 h 一起变大，所以每一层都把 ‖h‖ 乘上差不多同一个倍数，这里平均每层 {factor} 倍："
        "增长随深度是指数的，{factor}^{depth} ≈ {growth}。增益为 1 时 24 层就超过 10 倍；"
        "小初始化（增益 0.1）让这个倍数非常接近 1，48 层也不到 2 倍。但它只在初始化时管用：权重一旦变大，没有东西管住尺度。",
        "en": "Without a Norm each sublayer's output grows with h, so every layer multiplies ‖h‖ by about the "
        "same factor, here {factor} per layer on average: the growth is exponential in depth, "
        "{factor}^{depth} ≈ {growth}. At gain 1 that passes 10× within 24 layers; a small initialization "
        "(gain 0.1) keeps the factor so close to 1 that 48 layers stay below 2×. It works at initialization "
        "only: once the weights grow, nothing holds the scale.",
    },
    "exercise.stack_growth.why.pre": {
        "zh": "Pre-Norm 的每个子层看到的是 RMSNorm(h)，它的大小与 h 无关，所以每层加上的量差不多一样大：‖hₗ‖² 大致随 l 线性增长，"
        "‖h_L‖ 大致像 √L 那样长，而不是指数增长。这里 ‖h_L‖ / ‖h₀‖ = {growth}；增益小，每层加的量也小。",
        "en": "In Pre-Norm each sublayer sees RMSNorm(h), whose size does not depend on h, so every layer adds "
        "about the same amount: ‖hₗ‖² grows about linearly with l, and ‖h_L‖ about like √L, not "
        "exponentially. Here ‖h_L‖ / ‖h₀‖ = {growth}; a small gain makes each addition small.",
    },
    "exercise.merge.q.half_plane": {
        "zh": "网格：[−3, 3]² 中坐标为整数的 {total} 个点（7 × 7）。取 x = {x}，LayerNorm，ε = 0（γ = 1，β = 0）。"
        "有多少个网格点（x 自己也算）的输出和 x 的完全相同？",
        "en": "The grid: the {total} points of [−3, 3]² with whole-number coordinates (7 × 7). Take x = {x} and "
        "LayerNorm at ε = 0 (γ = 1, β = 0). How many grid points (x itself included) have exactly the output of x?",
    },
    "exercise.merge.q.line": {
        "zh": "网格：[−3, 3]² 中坐标为整数的 {total} 个点（7 × 7）。取 x = {x}，LayerNorm，ε = {eps}（γ = 1，β = 0）。"
        "有多少个网格点（x 自己也算）的输出和 x 的完全相同？",
        "en": "The grid: the {total} points of [−3, 3]² with whole-number coordinates (7 × 7). Take x = {x} and "
        "LayerNorm at ε = {eps} (γ = 1, β = 0). How many grid points (x itself included) have exactly the output "
        "of x?",
    },
    "exercise.merge.q.ray": {
        "zh": "网格：[−3, 3]² 中坐标为整数的 {total} 个点（7 × 7）。取 x = {x}，{method}，ε = 0。"
        "有多少个网格点（x 自己也算）的输出和 x 的完全相同？",
        "en": "The grid: the {total} points of [−3, 3]² with whole-number coordinates (7 × 7). Take x = {x} and "
        "{method} at ε = 0. How many grid points (x itself included) have exactly the output of x?",
    },
    "exercise.merge.q.point": {
        "zh": "网格：[−3, 3]² 中坐标为整数的 {total} 个点（7 × 7）。取 x = {x}，RMSNorm，ε = {eps}（γ = 1）。"
        "有多少个网格点（x 自己也算）的输出和 x 的完全相同？",
        "en": "The grid: the {total} points of [−3, 3]² with whole-number coordinates (7 × 7). Take x = {x} and "
        "RMSNorm at ε = {eps} (γ = 1). How many grid points (x itself included) have exactly the output of x?",
    },
    "exercise.merge.q.ray_beyond": {
        "zh": "网格：[−3, 3]² 中坐标为整数的 {total} 个点（7 × 7）。取 x = {x}，L2 归一化 x / max(‖x‖₂, ε)，"
        "ε = {eps}。有多少个网格点（x 自己也算）的输出和 x 的完全相同？",
        "en": "The grid: the {total} points of [−3, 3]² with whole-number coordinates (7 × 7). Take x = {x} and L2 "
        "normalization x / max(‖x‖₂, ε) with ε = {eps}. How many grid points (x itself included) have exactly "
        "the output of x?",
    },
    "exercise.merge.why.half_plane": {
        "zh": "ε = 0 时 LayerNorm 先减均值再除以 σ，所以对任意 a > 0 和任意 c，a·x + c·𝟏 的输出都和 x 的相同。"
        "在二维里，这些点铺满对角线 x₁ = x₂ 在 x 这一侧的整个半平面 {{a·x + c·𝟏 : a > 0}}：{side} 的 {count} 个网格点"
        "全都落在 {output}。对角线上的 {undefined} 个点是常数向量，σ = 0，输出是 0/0，没有定义。"
        "整个平面只剩两个点。",
        "en": "At ε = 0 LayerNorm subtracts the mean and divides by σ, so a·x + c·𝟏 gives the output of x for every "
        "a > 0 and every c. In 2D these points fill the whole half-plane {{a·x + c·𝟏 : a > 0}} on x's side of the "
        "diagonal x₁ = x₂: all {count} grid points with {side} land on {output}. The {undefined} points on the "
        "diagonal are constant vectors with σ = 0: their output is 0/0, undefined. The whole plane becomes two "
        "points.",
    },
    "exercise.merge.why.line": {
        "zh": "ε > 0 时输出是 (x − μ·𝟏) / √(σ² + ε)，它的长度 √n·σ / √(σ² + ε) 随 σ 变化，所以缩放 a·x（a ≠ 1）"
        "会改变输出；只有平移 x + c·𝟏 不改变 x − μ·𝟏，输出才完全相同。这些点在过 x、平行于 𝟏 的直线上，"
        "也就是 x₁ − x₂ = {diff} 的网格点：{points}，共 {count} 个，输出都是 {output}。",
        "en": "With ε > 0 the output is (x − μ·𝟏) / √(σ² + ε), whose length √n·σ / √(σ² + ε) changes with σ, so a "
        "scaling a·x (a ≠ 1) changes the output; only a shift x + c·𝟏 leaves x − μ·𝟏, and so the output, exactly "
        "as it was. Those points lie on the line through x parallel to 𝟏, the grid points with x₁ − x₂ = {diff}: "
        "{points}, {count} in all, each with output {output}.",
    },
    "exercise.merge.why.ray": {
        "zh": "ε = 0 时 {method} 把 x 除以 {denominator}，而 a·x（a > 0）把这个数也乘上 a，所以整条射线 {{a·x : a > 0}} "
        "只给出一个输出 {output}。x 的射线上的网格点：{points}，共 {count} 个。",
        "en": "At ε = 0 {method} divides x by {denominator}, which a·x with a > 0 multiplies by a as well, so the "
        "whole ray {{a·x : a > 0}} gives one output, {output}. The grid points on x's ray: {points}, {count} in "
        "all.",
    },
    "exercise.merge.why.point": {
        "zh": "ε > 0 时 RMSNorm 给出 x / √(mean(x²) + ε)，它的长度 √n·RMS / √(RMS² + ε) 随 ‖x‖ 增大，"
        "所以同一条射线上的点输出不同，而不同射线的输出方向不同：RMSNorm 是一一映射，只有 x 自己有这个输出。"
        "ε = 0 时 x 的射线上的 {ray_count} 个网格点 {ray} 才会合成一个点。",
        "en": "With ε > 0 RMSNorm gives x / √(mean(x²) + ε), whose length √n·RMS / √(RMS² + ε) grows with ‖x‖, so "
        "points of one ray get different outputs, and different rays point different ways: RMSNorm is one-to-one, "
        "and only x itself has its output. At ε = 0 the {ray_count} grid points {ray} of x's ray would merge.",
    },
    "exercise.merge.why.ray_beyond": {
        "zh": "x / max(‖x‖₂, ε)：射线 {{a·x : a > 0}} 上 ‖p‖₂ ≥ ε = {eps} 的点都除以自己的长度，落在同一点 {output}；"
        "更短的点只除以 ε，各自落在 p / ε，互不相同。所以合在一起的网格点是 {points}，共 {count} 个；"
        "射线上在半径 ε 以内的 {inside} 没有合进来。",
        "en": "x / max(‖x‖₂, ε): the points p of the ray {{a·x : a > 0}} with ‖p‖₂ ≥ ε = {eps} are divided by their "
        "own length and all land on {output}; shorter ones are divided by ε only and land on p / ε, each on its "
        "own. So the grid points that merge are {points}, {count} in all; {inside} on the ray, inside radius ε, "
        "stays apart.",
    },
    "exercise.ellipse_axes.q.full": {
        "zh": "N = 3 的 LayerNorm，增益 γ = {gamma}，β = 0，ε = 0。它的全部输出构成一个椭圆（Σzᵢ = 0 平面里半径 √3 的圆，"
        "被 γ 拉伸）。给出两个半轴的长度，长的在前，保留 2 位小数。",
        "en": "LayerNorm over N = 3 features with gain γ = {gamma}, β = 0, ε = 0. All its outputs form an ellipse "
        "(the circle of radius √3 in the plane Σzᵢ = 0, stretched by γ). Give the lengths of its two semi-axes, "
        "the longest first, to 2 decimals.",
    },
    "exercise.ellipse_axes.q.zero": {
        "zh": "N = 3 的 LayerNorm，增益 γ = {gamma}，β = 0，ε = 0。它的全部输出构成一个椭圆（Σzᵢ = 0 平面里半径 √3 的圆，"
        "被 γ 拉伸）。给出两个半轴的长度，长的在前，保留 2 位小数。",
        "en": "LayerNorm over N = 3 features with gain γ = {gamma}, β = 0, ε = 0. All its outputs form an ellipse "
        "(the circle of radius √3 in the plane Σzᵢ = 0, stretched by γ). Give the lengths of its two semi-axes, "
        "the longest first, to 2 decimals.",
    },
    "exercise.ellipse_axes.why.full": {
        "zh": "ε = 0 时输出是 diag(γ)·z，其中 Σzᵢ = 0、‖z‖ = √3。取 B 为平面 Σzᵢ = 0 的一组标准正交基（3 × 2），"
        "z = B·w、‖w‖ = √3，输出就是 M·w，M = diag(γ)·B。Bᵀ·diag(γ)²·B 的特征值 λ = {lam}，"
        "半轴长度为 √(N·λ) = √(3·λ) = {lengths}，方向是 M 把对应特征向量送去的方向。γ 的三个分量相等时才是圆。",
        "en": "At ε = 0 the outputs are diag(γ)·z with Σzᵢ = 0 and ‖z‖ = √3. With B an orthonormal basis of the "
        "plane Σzᵢ = 0 (3 × 2), z = B·w with ‖w‖ = √3, so the outputs are M·w with M = diag(γ)·B. The "
        "eigenvalues of Bᵀ·diag(γ)²·B are λ = {lam}, and the semi-axes are √(N·λ) = √(3·λ) = {lengths}, along "
        "the directions M gives the eigenvectors. Only a γ with three equal entries gives a circle.",
    },
    "exercise.ellipse_axes.why.zero": {
        "zh": "ε = 0 时输出是 diag(γ)·z，其中 Σzᵢ = 0、‖z‖ = √3。取 B 为平面 Σzᵢ = 0 的一组标准正交基（3 × 2），"
        "z = B·w、‖w‖ = √3，输出就是 M·w，M = diag(γ)·B。Bᵀ·diag(γ)²·B 的特征值 λ = {lam}，"
        "半轴长度为 √(N·λ) = √(3·λ) = {lengths}。γ{sub} = 0 把每个输出的第 {k} 个分量都变成 β{sub} = 0："
        "椭圆被压进平面 y{sub} = β{sub}。它仍有两个非零半轴，因为 diag(γ) 只抹掉 e{sub} 方向，而 e{sub} 不在平面 Σzᵢ = 0 里；"
        "只有两个 γᵢ 都为 0 时，才会压成一条线段（一个半轴为 0）。",
        "en": "At ε = 0 the outputs are diag(γ)·z with Σzᵢ = 0 and ‖z‖ = √3. With B an orthonormal basis of the "
        "plane Σzᵢ = 0 (3 × 2), z = B·w with ‖w‖ = √3, so the outputs are M·w with M = diag(γ)·B. The "
        "eigenvalues of Bᵀ·diag(γ)²·B are λ = {lam}, and the semi-axes are √(N·λ) = √(3·λ) = {lengths}. "
        "γ{sub} = 0 sets component {k} of every output to β{sub} = 0: the ellipse is pressed into the plane "
        "y{sub} = β{sub}. It keeps two nonzero semi-axes, because the only direction diag(γ) erases is e{sub}, and e{sub} "
        "is not in the plane Σzᵢ = 0; only with two γᵢ equal to 0 would it flatten to a segment (one semi-axis 0).",
    },
    "exercise.qk_bound.q.ones": {
        "zh": "QK-norm：注意力头在点积之前，先在该头的 d = {d} 个坐标上对查询和每个键做 RMSNorm（ε = 0，γ_q = γ_k = 𝟏）："
        "q̂ = RMSNorm(q)，k̂ = RMSNorm(k)，logit ℓ = q̂·k̂/√d。任意 q、k 能给出的 |ℓ| 最大是多少？保留 2 位小数。",
        "en": "QK-norm: before the dot product, an attention head applies RMSNorm (ε = 0, γ_q = γ_k = 𝟏) to its query "
        "and to every key over the head's d = {d} coordinates: q̂ = RMSNorm(q), k̂ = RMSNorm(k), and the logit is "
        "ℓ = q̂·k̂/√d. What is the largest |ℓ| any q and k can give? 2 decimals.",
    },
    "exercise.qk_bound.q.gamma": {
        "zh": "带可学习增益的 QK-norm：在该头的 d = {d} 个坐标上，q̂ = γ_q ⊙ RMSNorm(q)，k̂ = γ_k ⊙ RMSNorm(k)（ε = 0），"
        "其中 γ_q = {gq}，γ_k = {gk}（两个值在全部 d 个坐标上交替出现）；logit ℓ = q̂·k̂/√d。"
        "任意 q、k 能给出的 |ℓ| 最大是多少？保留 2 位小数。",
        "en": "QK-norm with learned gains: over the head's d = {d} coordinates, q̂ = γ_q ⊙ RMSNorm(q) and "
        "k̂ = γ_k ⊙ RMSNorm(k) (ε = 0), with γ_q = {gq} and γ_k = {gk} (the two entries alternate over all d "
        "coordinates); the logit is ℓ = q̂·k̂/√d. What is the largest |ℓ| any q and k can give? 2 decimals.",
    },
    "exercise.qk_bound.q.plain": {
        "zh": "没有 QK-norm 时，注意力头的 logit 是 ℓ = q·k/√d。这里 d = 4，q = {q}，k = {k}，所以 ℓ = {before}。"
        "把 q 和 k 都乘以 s = {s}，ℓ 变为原来的多少倍？",
        "en": "Without QK-norm a head's logit is ℓ = q·k/√d. Here d = 4, q = {q} and k = {k}, so ℓ = {before}. "
        "Multiply both q and k by s = {s}: by what factor does ℓ change?",
    },
    "exercise.qk_bound.q.normed": {
        "zh": "QK-norm：对 q 和 k 做 RMSNorm（ε = 0，γ = 1），d = 4：q = {q}，k = {k}，"
        "ℓ = RMSNorm(q)·RMSNorm(k)/√d = {before}。把 q 和 k 都乘以 s = {s}，ℓ 变为原来的多少倍？",
        "en": "QK-norm with RMSNorm (ε = 0, γ = 1) on q and k, d = 4: q = {q}, k = {k}, and "
        "ℓ = RMSNorm(q)·RMSNorm(k)/√d = {before}. Multiply both q and k by s = {s}: by what factor does ℓ change?",
    },
    "exercise.qk_bound.why.ones": {
        "zh": "ε = 0 时 RMSNorm 把 q 除以 rms(q) = ‖q‖/√d，所以无论 q 多大（q ≠ 0），q̂ 的长度都恰好是 √d，k̂ 也一样。"
        "由柯西–施瓦茨不等式，|q̂·k̂| ≤ ‖q̂‖·‖k̂‖ = d，所以 |ℓ| ≤ d/√d = √d = √{d} ≈ {bound}，k 与 q 同向或反向时取到。"
        "于是同一行的 logit 都在 [−{bound}, {bound}] 内，任意两个相差不超过 {gap}：有 m 个键时，每个 softmax 权重至少是 "
        "exp(−{gap})/m，任何一个权重都不会超过另一个的 exp({gap}) ≈ {ratio} 倍。把 q 和 k 放大不会改变这些"
        "（ε = 0 时 q̂、k̂ 完全不变），所以激活变大时 softmax 不会塌缩成 one-hot；它仍可以很尖锐，"
        "但只能靠 q、k 的方向，而且不超过这个上限；学到的增益 γ 会改变上限本身，变成 √d·max|γ_q,ᵢ γ_k,ᵢ|。",
        "en": "At ε = 0 RMSNorm divides q by rms(q) = ‖q‖/√d, so q̂ has length exactly √d however large q is (q ≠ 0), "
        "and so has k̂. By Cauchy–Schwarz |q̂·k̂| ≤ ‖q̂‖·‖k̂‖ = d, so |ℓ| ≤ d/√d = √d = √{d} ≈ {bound}, reached when k "
        "points along q or against it. The logits of a row therefore lie in [−{bound}, {bound}] and differ by at most "
        "{gap}: with m keys every softmax weight is at least exp(−{gap})/m, and no weight exceeds another by more "
        "than a factor exp({gap}) ≈ {ratio}. Scaling q and k up changes none of this (at ε = 0 it leaves q̂ and k̂ as "
        "they are), so the softmax cannot collapse to one-hot as activations grow; it can still be sharp, through "
        "the directions of q and k, but only up to that cap; learned gains γ move the cap itself, to "
        "√d·max|γ_q,i γ_k,i|.",
    },
    "exercise.qk_bound.why.gamma": {
        "zh": "ε = 0 时，不带增益的 u = RMSNorm(q) 和 v = RMSNorm(k) 长度都恰好是 √d（q、k ≠ 0），"
        "而 q̂·k̂ = Σᵢ γ_q,ᵢ γ_k,ᵢ uᵢ vᵢ。每个 |γ_q,ᵢ γ_k,ᵢ| 都不超过其中最大的那个，而由柯西–施瓦茨不等式 "
        "Σᵢ |uᵢ vᵢ| ≤ ‖u‖·‖v‖ = d，所以 |ℓ| ≤ √d · max|γ_q,ᵢ γ_k,ᵢ|。这里乘积 γ_q,ᵢ γ_k,ᵢ 在奇数 i 上是 {p_odd}，"
        "在偶数 i 上是 {p_even}，所以 |ℓ| 最大是 √{d} · {max} ≈ {bound}，q 和 k 都沿着乘积绝对值最大的某一个坐标轴时取到。"
        "同一行的 logit 因此都在 [−{bound}, {bound}] 内，相差不超过 {gap}：无论 q、k 变得多大，"
        "任何一个 softmax 权重都不会超过另一个的 exp({gap}) ≈ {ratio} 倍（ε = 0 时 q、k 的大小根本传不到 q̂、k̂），"
        "所以 softmax 不会因为激活变大而塌缩成 one-hot。注意力能有多尖锐，上限由 d 和 γ 决定，而不是由 q、k 的大小决定。",
        "en": "At ε = 0, u = RMSNorm(q) and v = RMSNorm(k) without the gains have length exactly √d (q, k ≠ 0), and "
        "q̂·k̂ = Σᵢ γ_q,ᵢ γ_k,ᵢ uᵢ vᵢ. Each |γ_q,ᵢ γ_k,ᵢ| is at most the largest of them, and Σᵢ |uᵢ vᵢ| ≤ ‖u‖·‖v‖ = d "
        "(Cauchy–Schwarz), so |ℓ| ≤ √d · max|γ_q,ᵢ γ_k,ᵢ|. Here the products γ_q,ᵢ γ_k,ᵢ are {p_odd} at odd i and "
        "{p_even} at even i, so the largest |ℓ| is √{d} · {max} ≈ {bound}, reached when q and k both point along "
        "one coordinate axis where the product's size is largest. The logits of a row therefore lie in "
        "[−{bound}, {bound}] and differ by at most {gap}: however large q and k grow, no softmax weight exceeds "
        "another by more than a factor exp({gap}) ≈ {ratio} (at ε = 0 their size does not reach q̂ and k̂ at all), "
        "so the softmax cannot collapse to one-hot as activations grow. How sharp attention can get is capped by "
        "d and γ, not by the size of q and k.",
    },
    "exercise.qk_bound.why.plain": {
        "zh": "点积对每个因子都是线性的：(s·q)·(s·k) = s²·(q·k)。所以 ℓ 乘上 s² = {s2}：从 {before} 变为 {after}。"
        "同一行的每个 logit 都乘上 s²，它们之间的差也一样；s 越大，softmax 越把几乎全部权重放在最大的 logit 上"
        "（只要最大的只有一个），熵趋向 0。也就是说，仅仅是激活变大就能让注意力塌缩成 one-hot，QK-norm 防止的正是这一点。",
        "en": "The dot product is linear in each factor: (s·q)·(s·k) = s²·(q·k). So ℓ is multiplied by s² = {s2}: "
        "from {before} to {after}. Every logit of a row is multiplied by s², and so are the gaps between them; as s "
        "grows the softmax puts almost all its weight on the largest logit (when a single one is largest) and its "
        "entropy falls towards 0. Growing activations alone can thus collapse attention to one-hot, which is what "
        "QK-norm prevents.",
    },
    "exercise.qk_bound.why.normed": {
        "zh": "ε = 0 时，对每个 s > 0 都有 RMSNorm(s·q) = s·q / rms(s·q) = s·q / (s·rms(q)) = RMSNorm(q)，k 也一样："
        "ℓ 仍是 {after}，倍数为 1。不做归一化的话它会乘上 s² = {s2}。ε > 0 时倍数不恰好是 1："
        "rms(s·q) 变成 √(s²·mean(q²) + ε)，|ℓ| 随 s 增大，趋向 ε = 0 时的值。",
        "en": "At ε = 0, RMSNorm(s·q) = s·q / rms(s·q) = s·q / (s·rms(q)) = RMSNorm(q) for every s > 0, and the same "
        "holds for k: ℓ stays {after}, a factor of 1. Without the norm it would be multiplied by s² = {s2}. With "
        "ε > 0 the factor is not exactly 1: rms(s·q) becomes √(s²·mean(q²) + ε), and |ℓ| grows with s towards its "
        "value at ε = 0.",
    },
    "exercise.outlier.q.rms": {
        "zh": "一个巨大激活：x ∈ ℝᴰ，D = {D}，x = {x}，离群值是 x{sub} = {s}。用 RMSNorm，ε = 0，γ = 1。"
        "与把 x{sub} 换成 0 的同一个 x 相比，其余每个输出坐标都乘上了多少倍？保留 3 位有效数字。",
        "en": "One massive activation: x ∈ ℝᴰ with D = {D}, x = {x}; the outlier is x{sub} = {s}. Take RMSNorm with "
        "ε = 0 and γ = 1. Compared with the same x with x{sub} = 0, by what factor is every other output coordinate "
        "multiplied? 3 significant digits.",
    },
    "exercise.outlier.q.dyt": {
        "zh": "一个巨大激活：x ∈ ℝᴰ，D = {D}，x = {x}，离群值是 x{sub} = {s}。用 DyT(x) = tanh(α·x)，α = {alpha}"
        "（γ = 1，β = 0）。与把 x{sub} 换成 0 的同一个 x 相比，其余每个输出坐标都乘上了多少倍？",
        "en": "One massive activation: x ∈ ℝᴰ with D = {D}, x = {x}; the outlier is x{sub} = {s}. Take "
        "DyT(x) = tanh(α·x) with α = {alpha} (γ = 1, β = 0). Compared with the same x with x{sub} = 0, by what "
        "factor is every other output coordinate multiplied?",
    },
    "exercise.outlier.q.ln": {
        "zh": "一个巨大激活：x ∈ ℝᴰ，D = {D}，x = {x}，离群值是 x{sub} = {s}。用 LayerNorm，ε = 0（γ = 1，β = 0），"
        "让 x{sub} = s 无限增大，其余坐标不变。其余输出都趋向哪个值？保留 3 位有效数字。",
        "en": "One massive activation: x ∈ ℝᴰ with D = {D}, x = {x}; the outlier is x{sub} = {s}. Take LayerNorm with "
        "ε = 0 (γ = 1, β = 0) and let x{sub} = s grow without bound, the other coordinates fixed. What value do all "
        "the other outputs approach? 3 significant digits.",
    },
    "exercise.outlier.why.rms": {
        "zh": "ε = 0 时 RMSNorm 把每个坐标都除以 √(mean(x²)) = √((‖r‖² + s²)/D)，r 是其余坐标（‖r‖² = {rr}）。"
        "x{sub} = 0 时除数是 √(‖r‖²/D)，所以其余每个输出 rⱼ/√(…) 都乘上 √(‖r‖²/(‖r‖² + s²)) = "
        "√({rr}/({rr} + {s2})) ≈ {f}。其余坐标的倍数都相同（对任何 γ 也一样，因为 γⱼ 对两种情况的第 j 个输出乘的是同一个数）："
        "一个大坐标把其余坐标统统压小，s 越大它们越趋向 0，而离群值自己的输出趋向 √D = {top}。",
        "en": "At ε = 0 RMSNorm divides every coordinate by √(mean(x²)) = √((‖r‖² + s²)/D), r being the other "
        "coordinates (‖r‖² = {rr}). With x{sub} = 0 the divisor is √(‖r‖²/D), so each other output rⱼ/√(…) is "
        "multiplied by √(‖r‖²/(‖r‖² + s²)) = √({rr}/({rr} + {s2})) ≈ {f}. The factor is the same for every other "
        "coordinate (and for any γ, since γⱼ multiplies output j alike in both cases): one large coordinate "
        "shrinks all the rest, which go to 0 as s grows, while the outlier's own output tends to √D = {top}.",
    },
    "exercise.outlier.why.dyt": {
        "zh": "DyT 逐个坐标计算，不用 x 的任何统计量：第 j 个输出就是 tanh(α·xⱼ)，与其他坐标无关。所以无论 x{sub} = {s} "
        "还是 x{sub} = 0，其余输出都是 tanh({alpha}·rⱼ)：倍数为 1。只有离群值自己的输出变了，变成 "
        "tanh({alpha}·{s}) ≈ {sat}：它在 1 附近饱和，而不像 RMSNorm 和 LayerNorm 那样把其余所有坐标一起缩放"
        "（它们把每个坐标都除以一个被离群值撑大的统计量）。DyT 也没有 ε：它不做除法。",
        "en": "DyT works coordinate by coordinate and computes no statistic of x: output j is tanh(α·xⱼ), whatever the "
        "other coordinates are. So the other outputs are tanh({alpha}·rⱼ) with x{sub} = {s} and with x{sub} = 0 "
        "alike: a factor of 1. Only the outlier's own output changes, to tanh({alpha}·{s}) ≈ {sat}: it saturates "
        "near 1 instead of rescaling everything else, as RMSNorm and LayerNorm do (they divide every coordinate by "
        "a statistic the outlier inflates). DyT has no ε either: it divides by nothing.",
    },
    "exercise.outlier.why.ln": {
        "zh": "ε = 0 时 LayerNorm 给出 (xᵢ − μ)/σ。s 增大时，均值 μ = (s + Σrⱼ)/D 像 s/D 一样增长，σ 像 s·√(D − 1)/D "
        "一样增长（σ² = v/D + (D − 1)(s − r̄)²/D²，r̄ 是其余坐标 rⱼ 的均值，v = Σ(rⱼ − r̄)²）。所以 s 很大时其余每个输出 "
        "(rⱼ − μ)/σ ≈ (−s/D)/(s·√(D − 1)/D)，趋向 −1/√(D − 1) = −1/√{dm1} ≈ {limit}；它们之间的差 (rⱼ − rₖ)/σ "
        "缩到 0：其余坐标挤到同一个值上，而离群值的输出趋向 √(D − 1) ≈ {top}。s = {s} 时它们落在 {lo} 到 {hi} 之间，s 再增大，这个范围还会继续收窄。"
        "任何固定的 ε > 0 极限都一样，因为 σ² 会无限增大。",
        "en": "At ε = 0 LayerNorm gives (xᵢ − μ)/σ. As s grows, the mean μ = (s + Σrⱼ)/D grows like s/D and σ like "
        "s·√(D − 1)/D (σ² = v/D + (D − 1)(s − r̄)²/D², with r̄ the mean of the other coordinates rⱼ and "
        "v = Σ(rⱼ − r̄)²). So for large s each other output (rⱼ − μ)/σ ≈ (−s/D)/(s·√(D − 1)/D) and tends to "
        "−1/√(D − 1) = −1/√{dm1} ≈ {limit}, while their differences (rⱼ − rₖ)/σ shrink to 0: the others collapse "
        "onto one value, and the outlier's output tends to √(D − 1) ≈ {top}. At s = {s} they lie between {lo} "
        "and {hi}, a range that keeps narrowing as s grows. Any fixed ε > 0 gives the same limit, since σ² grows without bound.",
    },
    "exercise.derf.q.slope": {
        "zh": "Derf(x) = erf(α·x + s)（Chen 等，2025），取 α = {alpha}、s "
        "= 0（γ = 1，β = 0）。它在 x = 0 处的斜率是多少？保留 3 位有效数字。",
        "en": "Derf(x) = erf(α·x + s) (Chen et al., 2025) with α = {alpha} and s = 0 (γ = 1, β = 0). What is its slope "
        "at x = 0? 3 significant digits.",
    },
    "exercise.derf.why.slope": {
        "zh": "erf(z) 的导数是 (2/√π)·e^(−z²)，在 z = 0 处是 2/√π。由链式法则，erf"
        "(α·x) 在 x = 0 处的斜率是 2α/√π ≈ {answer}。同一个 α 的 DyT，tan"
        "h(α·x) 在 0 处的斜率是 α = {dyt}：Derf 陡 {ratio} 倍。",
        "en": "The derivative of erf(z) is (2/√π)·e^(−z²), which is 2/√π at z = 0. By the chain rule erf(α·x) has "
        "slope 2α/√π ≈ {answer} at x = 0. DyT with the same α, tanh(α·x), has slope α = {dyt} there: Derf is "
        "{ratio} times as steep.",
    },
    "exercise.derf.q.saturation": {
        "zh": "Derf(x) = erf(α·x)，α = {alpha}（s = 0，γ = 1，β = 0）。x "
        "取多大的正数时，Derf 达到它的界 1 的 {pct} %，即 erf(α·x) = {q}？保留 3"
        " 位有效数字。",
        "en": "Derf(x) = erf(α·x) with α = {alpha} (s = 0, γ = 1, β = 0). At what positive x does Derf reach {pct} % "
        "of its bound 1, that is erf(α·x) = {q}? 3 significant digits.",
    },
    "exercise.derf.why.saturation": {
        "zh": "erf(α·x) = {q} 即 α·x = erfinv({q}) ≈ {root}，所以 x = e"
        "rfinv({q})/α ≈ {answer}。同一个 α 的 DyT 要到 x = artanh"
        "({q})/α ≈ {dyt} 才达到 {q}：erf 更早饱和。",
        "en": "erf(α·x) = {q} means α·x = erfinv({q}) ≈ {root}, so x = erfinv({q})/α ≈ {answer}. DyT with the same α "
        "reaches {q} only at x = artanh({q})/α ≈ {dyt}: erf saturates sooner.",
    },
    "exercise.derf.q.match": {
        "zh": "一个均值为 0 的输入，RMS 为 r = {r}（所以 σ = r），ε = 0。LayerNorm "
        "把与 𝟏 和 x 都正交的小变化乘以 1/σ。Derf(x) = erf(α·x)（s = 0）的 α "
        "取多少时，它在 0 处的斜率正好是 1/σ？保留 3 位有效数字。",
        "en": "An input with zero mean and RMS r = {r} (so σ = r), ε = 0. LayerNorm multiplies a small change "
        "orthogonal to 𝟏 and x by 1/σ. For which α does Derf(x) = erf(α·x) (s = 0) have exactly the slope 1/σ at "
        "0? 3 significant digits.",
    },
    "exercise.derf.why.match": {
        "zh": "Derf 在 0 处的斜率是 2α/√π。令 2α/√π = 1/r = {gain}，得 α = √π"
        "/(2r) ≈ {answer}。DyT 的斜率是 α，所以它要 α = 1/r = {dyt}。这只在"
        " 0 附近成立：再往外两条曲线都会饱和。",
        "en": "Derf's slope at 0 is 2α/√π. Setting 2α/√π = 1/r = {gain} gives α = √π/(2r) ≈ {answer}. DyT's slope is "
        "α, so it needs α = 1/r = {dyt}. This holds near 0 only: further out both curves saturate.",
    },
    "exercise.frozen.q.scaled": {
        "zh": "Baroni 等（2025）在推理时把 LayerNorm 的 σ 换成一个固定常数 c：LN_c(x)"
        " = (x − μ·𝟏)/c（γ = 1，β = 0）。取 x = {x}，c = {c}。LN_c"
        "({k}·x) 是多少？每个分量保留 3 位小数。",
        "en": "Baroni et al. (2025) replace LayerNorm's σ with a fixed constant c at inference: LN_c(x) = (x − μ·𝟏)/c "
        "(γ = 1, β = 0). Take x = {x} and c = {c}. What is LN_c({k}·x)? 3 decimals per component.",
    },
    "exercise.frozen.why.scaled": {
        "zh": "x 的均值是 μ = {mean}，LN_c(x) = (x − μ·𝟏)/{c} = {base}。减"
        "均值和除以常数都是线性的，所以 LN_c({k}·x) = {k}·LN_c(x) = {y}：固定了 "
        "σ 的 LayerNorm 是一个仿射映射，长度保留下来了。真正的 LayerNorm 会除以 {k}"
        "·x 自己的 σ = {sigma}，给出 {ln}，与 LN(x) 相同：长度被去掉了。所以这个映射把"
        "输入送到整个超平面 Σy = 0 上，而不是它里面的 √n 球面上。",
        "en": "The mean of x is μ = {mean} and LN_c(x) = (x − μ·𝟏)/{c} = {base}. Removing the mean and dividing by a "
        "constant are both linear, so LN_c({k}·x) = {k}·LN_c(x) = {y}: with σ frozen LayerNorm is an affine map, "
        "and the length stays. The real LayerNorm divides by {k}·x's own σ = {sigma} and gives {ln}, the same as "
        "LN(x): the length is gone. So the frozen map sends inputs onto the whole hyperplane Σy = 0, not onto "
        "the √n sphere inside it.",
    },
    "exercise.frozen.q.shifted": {
        "zh": "Baroni 等（2025）在推理时把 LayerNorm 的 σ 换成一个固定常数 c：LN_c(x)"
        " = (x − μ·𝟏)/c（γ = 1，β = 0）。取 x = {x}，c = {c}。LN_c(x"
        " + {b}·𝟏) 是多少？每个分量保留 3 位小数。",
        "en": "Baroni et al. (2025) replace LayerNorm's σ with a fixed constant c at inference: LN_c(x) = (x − μ·𝟏)/c "
        "(γ = 1, β = 0). Take x = {x} and c = {c}. What is LN_c(x + {b}·𝟏)? 3 decimals per component.",
    },
    "exercise.frozen.why.shifted": {
        "zh": "加上 {b}·𝟏 只让均值也加上 {b}：x + {b}·𝟏 − (μ + {b})·𝟏 = x − μ"
        "·𝟏（μ = {mean}），所以 LN_c(x + {b}·𝟏) = LN_c(x) = {y}：固定"
        "了 σ 的 LayerNorm 仍然去掉沿 𝟏 的分量。变的只是除数：真正的 LayerNorm 除以输"
        "入自己的 σ = {sigma}，给出 {ln}。",
        "en": "Adding {b}·𝟏 adds {b} to the mean as well: x + {b}·𝟏 − (μ + {b})·𝟏 = x − μ·𝟏 (μ = {mean}), so LN_c(x + "
        "{b}·𝟏) = LN_c(x) = {y}: with σ frozen LayerNorm still removes the component along 𝟏. Only the divisor "
        "changed: the real LayerNorm divides by the input's own σ = {sigma} and gives {ln}.",
    },
    "exercise.model_share.q": {
        "zh": "训练好的模型 all-MiniLM-L6-v2（13 个 LayerNorm，D = 384）读入句子“{sentence}”（含 [CLS] 和 [SEP] 共 {count} 个词元）。"
        "在哪个 LayerNorm 上，输入 x 沿 𝟏 的占比 c = μ²·D/‖x‖² 按词元平均最大？“真实模型”页可以在这句话上运行模型。",
        "en": "A trained model, all-MiniLM-L6-v2 (13 LayerNorms, D = 384), reads the sentence “{sentence}” ({count} "
        "tokens with [CLS] and [SEP]). At which LayerNorm does the input x have the largest share along 𝟏, "
        "c = μ²·D/‖x‖², averaged over the tokens? The “Inside a real model” page runs the model on this sentence.",
    },
    "exercise.model_share.why": {
        "zh": "根据 13 个 LayerNorm 实际收到的输入（由前向钩子截获），按词元平均的沿 𝟏 占比在 {top} 最大，为 {top_mean}；"
        "其次是 {second}，为 {second_mean}；最小的是 {low}，为 {low_mean}。所有 LayerNorm 上单个词元的占比最大也只有 {max}："
        "这些输入几乎垂直于 𝟏，所以 LayerNorm 减去均值几乎什么也没去掉，不减均值的 RMSNorm 的输出也和 LayerNorm 的很接近"
        "（γ = 1，β = 0）：在 {top}，‖LN(x) − RMS(x)‖ / ‖LN(x)‖ 按词元平均只有 {top_gap}。"
        "图中柱子是每个 LayerNorm 的平均占比，菱形是平均差。",
        "en": "From the inputs the 13 LayerNorms really received (captured by forward hooks), the share along 𝟏 "
        "averaged over the tokens is largest at {top}, {top_mean}; next comes {second} with {second_mean}, and the "
        "smallest is {low_mean}, at {low}. Even the largest share of any single token at any of them is {max}: "
        "these inputs are nearly perpendicular to 𝟏, so LayerNorm's centring removes almost nothing, and RMSNorm, "
        "which skips it, lands close to LayerNorm (γ = 1, β = 0): at {top} ‖LN(x) − RMS(x)‖ / ‖LN(x)‖ is only "
        "{top_gap} on average. The chart shows every LayerNorm's mean share (bars) and mean gap (diamonds).",
    },
    "exercise.model_gap.q": {
        "zh": "训练好的模型 all-MiniLM-L6-v2（D = 384）读入句子“{sentence}”，在 {norm}，词元“{token}”（位置 {position}，"
        "[CLS] 记为 0）的输入 x 沿 𝟏 的占比是 c = μ²·D/‖x‖² = {c}。在这个 x 上，LayerNorm 和 RMSNorm 相差多少："
        "‖LN(x) − RMS(x)‖ / ‖LN(x)‖，取 γ = 1、β = 0，用模型的 ε = {eps}？保留 3 位有效数字。",
        "en": "A trained model, all-MiniLM-L6-v2 (D = 384), reads the sentence “{sentence}”, and at {norm} the input x "
        "of the token “{token}” (position {position}, counting [CLS] as 0) has the share c = μ²·D/‖x‖² = {c} of ‖x‖² along 𝟏. "
        "How far apart are LayerNorm and RMSNorm on this x: ‖LN(x) − RMS(x)‖ / ‖LN(x)‖, with γ = 1, β = 0 and "
        "the model's ε = {eps}? 3 significant digits.",
    },
    "exercise.model_gap.why": {
        "zh": "ε = 0 时两个输出的长度都是 √D：LN(x) = (x − μ𝟏)/σ，RMS(x) = x/r，其中 r² = ‖x‖²/D = σ² + μ²，"
        "而 ⟨LN(x), RMS(x)⟩ = D·σ/r。所以 ‖LN − RMS‖² / ‖LN‖² = 2(1 − σ/r) = 2(1 − √(1 − c))，"
        "差为 √(2(1 − √(1 − {c}))) ≈ {formula}，接近 √c = {sqrt}。模型的 ε = {eps} 与这个词元的 σ² = {var} 相比可以忽略："
        "直接用这个词元的实际输入计算（normviz.hidden.ln_rms_gap，float64），差为 {answer}，与公式相差 {diff}。"
        "注意平均：{norm} 的 {count} 个词元上，差的平均是 {mean_gap}，而把平均占比 {mean_c} 代入公式得到 {gap_of_mean}。"
        "c 小于 5/9 时这条曲线是凹的，所以差的平均小于平均占比对应的差。图中把 {norm} 的每个词元都画在这条曲线上。",
        "en": "At ε = 0 both outputs have length √D: LN(x) = (x − μ𝟏)/σ and RMS(x) = x/r with r² = ‖x‖²/D = σ² + μ², "
        "and ⟨LN(x), RMS(x)⟩ = D·σ/r. So ‖LN − RMS‖² / ‖LN‖² = 2(1 − σ/r) = 2(1 − √(1 − c)), and the gap is "
        "√(2(1 − √(1 − {c}))) ≈ {formula}, close to √c = {sqrt}. The model's ε = {eps} is negligible next to this "
        "token's σ² = {var}: computed from the token's actual input (normviz.hidden.ln_rms_gap, in float64), the "
        "gap is {answer}, {diff} away from the formula. Careful with averages: over the {count} tokens at {norm} the "
        "mean gap is {mean_gap}, but the formula at the mean share, {mean_c}, gives {gap_of_mean}. The curve is "
        "concave for c below 5/9, so the mean of the gaps is below the gap of the mean share. The chart puts every "
        "token of {norm} on that curve.",
    },
    # small figures
    "exercises.fig.gap.title": {"zh": "LN 与 RMS 之差和沿 𝟏 的占比", "en": "The LN–RMS gap against the share along 𝟏"},
    "exercises.fig.gap.x": {"zh": "沿 𝟏 的占比 c（%）", "en": "share along 𝟏, c (%)"},
    "exercises.fig.gap.y": {"zh": "‖LN − RMS‖ / ‖LN‖（%）", "en": "‖LN − RMS‖ / ‖LN‖ (%)"},
    "exercises.fig.gap.curve": {"zh": "√(2(1 − √(1 − c)))（ε = 0）", "en": "√(2(1 − √(1 − c))) (ε = 0)"},
    "exercises.fig.gap.tokens": {"zh": "{norm} 的各个词元", "en": "the tokens at {norm}"},
    "exercises.fig.gap.chosen": {"zh": "本题的词元", "en": "this exercise's token"},
    "exercises.fig.moved.title": {"zh": "三种方法的输出（ε = 0）", "en": "The three methods' outputs (ε = 0)"},
    "exercises.fig.moved.subtitle": {
        "zh": "实心柱：x = {x}；斜线柱：{moved}",
        "en": "solid bars: x = {x}; hatched bars: {moved}",
    },
    "exercises.fig.moved.x_axis": {"zh": "方法与分量", "en": "method and component"},
    "exercises.fig.moved.y": {"zh": "输出分量", "en": "output component"},
    "exercises.fig.moved.x": {"zh": "x = {v}", "en": "x = {v}"},
    "exercises.fig.moved.moved": {"zh": "移动后 {v}", "en": "moved: {v}"},
    "exercises.fig.paths.title": {
        "zh": "{arrangement}：各条路径上的 ‖∂L/∂hₗ‖",
        "en": "{arrangement}: ‖∂L/∂hₗ‖ along each path",
    },
    "exercises.fig.paths.all": {"zh": "整个网络", "en": "the whole network"},
    "exercises.fig.paths.skip": {"zh": "只走残差连接", "en": "skip connections only"},
    "exercises.fig.paths.branch": {"zh": "只走子层", "en": "sublayers only"},
    "exercises.fig.growth.title": {
        "zh": "‖hₗ‖ / ‖h₀‖：{depth} 层，增益 {gain}",
        "en": "‖hₗ‖ / ‖h₀‖: {depth} layers, gain {gain}",
    },
    "exercises.fig.growth.y": {"zh": "‖hₗ‖ / ‖h₀‖", "en": "‖hₗ‖ / ‖h₀‖"},
    "exercises.fig.growth.bound": {"zh": "{bound} 倍", "en": "{bound}×"},
    "exercises.fig.params.title": {"zh": "D = {d} 时每层的参数", "en": "Parameters per layer at D = {d}"},
    "exercises.fig.params.y": {"zh": "参数个数", "en": "parameters"},
    "exercises.fig.params.weight": {"zh": "weight γ", "en": "weight γ"},
    "exercises.fig.params.bias": {"zh": "bias β", "en": "bias β"},
    "exercises.fig.params.ln_nobias": {"zh": "LayerNorm（无偏置）", "en": "LayerNorm (no bias)"},
    "exercises.fig.fp16.title": {"zh": "float16 中的 x²", "en": "x² in float16"},
    "exercises.fig.fp16.x": {"zh": "|x|", "en": "|x|"},
    "exercises.fig.fp16.y": {"zh": "x²", "en": "x²"},
    "exercises.fig.fp16.max": {"zh": "float16 最大值 {max}", "en": "float16 max {max}"},
    "exercises.fig.fp16.square": {"zh": "x²（float32）", "en": "x² (float32)"},
    "exercises.fig.fp16.point": {"zh": "本题的 x", "en": "this exercise's x"},
    "exercises.fig.cost.title": {"zh": "搬运的字节与算术", "en": "Bytes moved and arithmetic"},
    "exercises.fig.cost.y": {"zh": "GB 或 GFLOP", "en": "GB or GFLOP"},
    "exercises.fig.cost.read": {"zh": "读（GB）", "en": "read (GB)"},
    "exercises.fig.cost.write": {"zh": "写（GB）", "en": "write (GB)"},
    "exercises.fig.cost.flops": {"zh": "算术（GFLOP）", "en": "arithmetic (GFLOP)"},
}
